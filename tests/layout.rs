//! Each crate's integration tests are one binary whose root declares every test
//! file as a module (`autotests = false` in its Cargo.toml). A file left out of
//! that list would never be compiled or run, silently: this test names it.

use std::path::Path;

/// The test files (and module folders) in `dir` that `root` does not declare.
fn undeclared(dir: &Path, root: &str) -> Vec<String> {
    let declared = std::fs::read_to_string(dir.join(root)).expect("the test root is readable");
    let mut missing: Vec<String> = std::fs::read_dir(dir)
        .expect("the test folder is readable")
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let path = entry.path();
            let name = if path.is_dir() {
                path.join("mod.rs").is_file().then(|| entry.file_name())?
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                path.file_stem()?.to_os_string()
            } else {
                return None;
            };
            let name = name.to_string_lossy().into_owned();
            let is_root = Path::new(root)
                .file_stem()
                .is_some_and(|stem| *stem == *name);
            (!is_root && name != "lib" && !declared.contains(&format!("mod {name};")))
                .then(|| format!("{}/{name}", dir.display()))
        })
        .collect();
    missing.sort();
    missing
}

#[test]
fn every_test_file_is_a_module_of_its_crates_test_binary() {
    let root = tracklayer_tests::root();
    let missing: Vec<String> = [
        ("studio/tests", "main.rs"),
        ("engine/tests", "main.rs"),
        ("tests", "all.rs"),
    ]
    .into_iter()
    .flat_map(|(dir, main)| undeclared(&root.join(dir), main))
    .collect();
    assert!(
        missing.is_empty(),
        "test files no test binary compiles (add `mod NAME;` to the folder's main.rs or all.rs): {missing:?}"
    );
}
