//! `tracklayer validate`, `stats` and `bench` as a user runs them: exit codes,
//! the `-->` location of a finding, the JSON fields tools read.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tracklayer(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tracklayer"))
        .args(args)
        .output()
        .expect("the tracklayer binary runs")
}

fn map(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(name)
        .display()
        .to_string()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const BROKEN: &str = "format: tracklayer/1
name: Broken
rules:
  players: {min: 2, max: 2}
  tickets: {setup: {regular: 0, keep: 0}}
cities:
  - {name: Madrid, x: 0, y: 0}
  - {name: Pamplona, x: 80, y: 0}
routes:
  - from: Madrid
    to: Pamplona
    length: 3
    color: purpel
";

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn the_bundled_maps_pass_and_deny_warnings_fails_them() {
    let (usa, europe) = (map("usa.yaml"), map("europe.yaml"));
    let out = tracklayer(&["validate", &usa, &europe]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let text = stdout(&out);
    assert!(
        text.contains("usa.yaml: 0 errors, 36 warnings (TL103 ×6, TL104 ×5, TL119 ×25)"),
        "{text}"
    );
    assert!(
        text.contains("europe.yaml: 0 errors, 35 warnings (TL104 ×2, TL119 ×33)"),
        "{text}"
    );
    let out = tracklayer(&["validate", "--deny-warnings", &usa]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn an_error_exits_1_and_points_at_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "broken.yaml", BROKEN);
    let out = tracklayer(&["validate", &file.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains(
            "error[TL006]: route Madrid - Pamplona (purpel) is `purpel`, which the deck does not have"
        ),
        "{text}"
    );
    assert!(
        text.contains(&format!("  --> {}:13:12\n", file.display())),
        "{text}"
    );
    assert!(
        text.contains("13 |     color: purpel\n   |            ^^^^^^\n"),
        "{text}"
    );
    assert!(
        text.contains("   = fix: use `gray` or one of the deck's colours"),
        "{text}"
    );
}

#[test]
fn a_misspelt_rule_key_is_a_warning_at_its_line_with_the_parameter_it_means() {
    let dir = tempfile::tempdir().unwrap();
    let text = BROKEN
        .replace(
            "tickets: {setup: {regular: 0, keep: 0}}",
            "tickets: {setup: {deal: 20, regular: 0, keep: 0}}",
        )
        .replace("purpel", "pink");
    let file = write(dir.path(), "deal.yaml", &text);
    let out = tracklayer(&["validate", &file.display().to_string()]);
    assert_eq!(out.status.code(), Some(0), "a warning does not fail");
    let text = stdout(&out);
    assert!(
        text.contains(
            "warning[TL116]: `rules.tickets.setup.deal` is not a rule parameter, so it is ignored; did you mean `regular`?\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(&format!(" --> {}:5:27\n", file.display())),
        "{text}"
    );
    assert!(text.contains("= fix: rename `deal` to `regular`"), "{text}");
    let out = tracklayer(&["validate", "--deny-warnings", &file.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_misspelt_rule_key_warns_alike_in_every_family() {
    let dir = tempfile::tempdir().unwrap();
    for (base, rules, path, hint) in [
        ("usa.yaml", "{trians: 40}", "rules.trians", "trains"),
        (
            "card-game-usa.yaml",
            "{initial_hnad: 5}",
            "rules.initial_hnad",
            "initial_hand",
        ),
        (
            "trains-and-stations-demo.yaml",
            "{dice: {per_plaeyr: 4}}",
            "rules.dice.per_plaeyr",
            "per_player",
        ),
    ] {
        let text = format!(
            "format: tracklayer/1\nextends: {}\nrules: {rules}\n",
            map(base)
        );
        let file = write(dir.path(), base, &text);
        let out = tracklayer(&["validate", &file.display().to_string()]);
        let text = stdout(&out);
        assert_eq!(out.status.code(), Some(0), "{base}: {text}");
        assert!(
            text.contains(&format!(
                "warning[TL116]: `{path}` is not a rule parameter, so it is ignored; did you mean `{hint}`?\n"
            )),
            "{base}: {text}"
        );
        assert!(
            text.contains(&format!(" --> {}:3:", file.display())),
            "{base}: {text}"
        );
    }
}

#[test]
fn json_output_carries_codes_objects_paths_and_spans() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "broken.yaml", BROKEN);
    let out = tracklayer(&["validate", "--format", "json", &file.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let entry = &doc["files"][0];
    assert_eq!(entry["errors"], 1);
    let d = entry["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "TL006")
        .unwrap();
    assert_eq!(d["severity"], "error");
    assert_eq!(d["path"], "routes[0].color");
    assert_eq!(d["objects"][0]["kind"], "route");
    assert_eq!(d["objects"][0]["index"], 0);
    assert_eq!(d["span"]["line"], 13);
    assert_eq!(d["span"]["column"], 12);
    assert_eq!(d["span"]["file"], file.display().to_string());
    assert!(d["fix"].as_str().unwrap().starts_with("use `gray`"));
    assert!(d["message"].as_str().unwrap().contains("Madrid - Pamplona"));
}

#[test]
fn an_unreadable_file_exits_2_with_its_location() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(dir.path(), "bad.yaml", "format: tracklayer/1\ncities: [\n");
    let missing = dir.path().join("missing.yaml");
    let out = tracklayer(&["validate", &bad.display().to_string(), &map("usa.yaml")]);
    assert_eq!(out.status.code(), Some(2), "2 wins over the other file's 0");
    let text = stdout(&out);
    assert!(text.contains("error: YAML syntax error"), "{text}");
    assert!(text.contains(&format!("--> {}:", bad.display())), "{text}");
    assert!(text.contains("bad.yaml: could not be loaded"), "{text}");

    let out = tracklayer(&[
        "validate",
        "--format",
        "json",
        &missing.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let message = doc["files"][0]["load_error"]["message"].as_str().unwrap();
    assert!(message.starts_with("cannot read the file"), "{message}");
}

#[test]
fn stats_prints_tables_and_json() {
    let out = tracklayer(&["stats", &map("usa.yaml")]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.contains("36 cities, 0 countries, 100 routes (22 double pairs"),
        "{text}"
    );
    assert!(text.contains("Seattle - New York"), "{text}");
    let out = tracklayer(&["stats", "--format", "json", &map("europe.yaml")]);
    assert_eq!(out.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["routes"], 101);
    assert_eq!(doc["car_spaces"], 300);
    assert_eq!(doc["tickets"]["long"], 6);
    let out = tracklayer(&["stats", "nowhere.yaml"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bench_repeats_the_same_games_and_reports_best_and_median() {
    let o = tracklayer(&[
        "bench",
        &map("usa.yaml"),
        "--players",
        "3",
        "--games",
        "20",
        "--repeat",
        "3",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let runs: Vec<&str> = out.lines().filter(|l| l.starts_with("20 games")).collect();
    assert_eq!(runs.len(), 3, "{out}");
    // The same seeds play the same games: the actions per game agree.
    let per_game = |l: &str| l.split(", ").nth(2).map(str::to_owned);
    assert!(
        runs.iter().all(|l| per_game(l) == per_game(runs[0])),
        "{out}"
    );
    assert!(out.contains("3 runs: best "), "{out}");
    assert!(out.contains("median"), "{out}");
    let refused = tracklayer(&["bench", "--repeat", "0"]);
    assert_eq!(refused.status.code(), Some(2));
}

#[test]
fn bench_refuses_zero_games_instead_of_printing_nan() {
    let o = tracklayer(&["bench", &map("usa.yaml"), "--games", "0"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("at least one game"), "{err}");
    assert!(!stdout(&o).contains("NaN"));
}

#[test]
fn more_threads_than_the_machine_has_are_clamped_with_a_note() {
    let o = tracklayer(&[
        "simulate",
        &map("usa.yaml"),
        "--players",
        "2",
        "--games",
        "4",
        "--threads",
        "10000",
        "--quiet",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("note: --threads 10000 is more than this machine runs at once"),
        "{err}"
    );
}

/// A command piped into a reader that goes away (`… | head -1`) ends
/// quietly with the status of SIGPIPE (141), without a panic message.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_a_command_quietly() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tracklayer"))
        .args(["stats", &map("europe.yaml")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes away before the command has printed anything.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(141), "{stderr}");
}
