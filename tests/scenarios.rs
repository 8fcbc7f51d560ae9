//! Runs every scenario in `tests/scenarios/`: the rulebook examples and one
//! scenario per rule. Each must pass; a failure prints the differences.

use engine::scenario;
use formats::scenario::load_scenario;

#[test]
fn every_scenario_passes() {
    let dir = tracklayer_tests::root().join("tests/scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/scenarios exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for f in &files {
        let s = match load_scenario(f) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{e}"));
                continue;
            }
        };
        match scenario::run(&s, f.parent().unwrap_or(&dir)) {
            Ok(report) if report.passed() => {}
            Ok(report) => failures.push(format!(
                "{} ({}):\n  {}",
                f.display(),
                s.name,
                report.failures.join("\n  ")
            )),
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    assert!(files.len() >= 30, "the suite has {} scenarios", files.len());
}
