//! docs/diagnostics.md documents every code, and each of its examples reports
//! the code it documents.

use std::path::Path;

use engine::Code;

fn doc() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/diagnostics.md");
    std::fs::read_to_string(path).expect("docs/diagnostics.md exists")
}

/// The examples' header (see the doc's introduction).
fn design(example: &str) -> String {
    let rules = if example.contains("rules:") {
        ""
    } else {
        "rules: {players: {min: 2, max: 2}, tickets: {setup: {regular: 0, keep: 0}}}\n"
    };
    format!("format: tracklayer/1\nname: Example\n{rules}{example}")
}

#[test]
fn every_code_has_a_section_whose_example_reports_it() {
    let doc = doc();
    for &code in Code::ALL {
        let heading = format!("### {code} — {}\n", code.title());
        let start = doc
            .find(&heading)
            .unwrap_or_else(|| panic!("no section `{}`", heading.trim_end()));
        let section = &doc[start + heading.len()..];
        let section = &section[..section.find("\n### ").unwrap_or(section.len())];
        let example = section
            .split("```yaml\n")
            .nth(1)
            .and_then(|rest| rest.split("```").next())
            .unwrap_or_else(|| panic!("{code} has no yaml example"));
        let text = design(example);
        let loaded = formats::load_str(&text, Path::new("example.yaml"))
            .unwrap_or_else(|e| panic!("{code}'s example does not load: {e}"));
        let v = engine::validate(&loaded.design);
        assert!(
            v.diagnostics.with_code(code).next().is_some(),
            "{code}'s example does not report it: {:#?}",
            v.diagnostics
        );
    }
}
