//! Every bundled design survives load → save → load unchanged, and saving it
//! again gives the same text.

use std::path::Path;

#[test]
fn bundled_designs_round_trip() {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let mut n = 0;
    for entry in std::fs::read_dir(&maps).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "yaml") {
            continue;
        }
        let first = formats::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let text = formats::to_yaml(&first.design, first.base.as_ref()).unwrap();
        let again = formats::load_str(&text, &path).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.design, first.design, "{}", path.display());
        let text2 = formats::to_yaml(&again.design, again.base.as_ref()).unwrap();
        assert_eq!(text, text2, "{}", path.display());
        assert!(
            !text.contains("99999"),
            "no float noise in {}",
            path.display()
        );
        n += 1;
    }
    assert!(n >= 5);
}
