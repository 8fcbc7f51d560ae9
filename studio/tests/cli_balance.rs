//! `tracklayer balance` as a designer uses it: a short run on the bundled
//! unbalanced USA writes a variant that extends it, changes only tickets
//! (never a locked one) and loads; bad targets and knobs are named; the
//! search says why it ended; evaluated through `simulate --shard` processes
//! of a launcher command it writes the same variant, byte for byte.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn maps(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(name)
}

fn balance(extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tracklayer"))
        .arg("balance")
        .arg(maps("usa-unbalanced.yaml"))
        .args(extra)
        .output()
        .expect("the tracklayer binary runs")
}

#[test]
fn a_short_run_writes_a_variant_of_ticket_changes_and_reports_every_target() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("balanced.yaml");
    let run = balance(&[
        "--target",
        "ticket-value=0.05",
        "--target",
        "first-player-advantage",
        "--knob",
        "ticket-points",
        "--lock",
        "Denver - El Paso",
        "--players",
        "3",
        "--games",
        "30",
        "--generations",
        "2",
        "--children",
        "3",
        "--check-games",
        "40",
        "--seed",
        "4",
        "--quiet",
        "-o",
        &out.display().to_string(),
    ]);
    assert!(run.status.success(), "{run:?}");
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(
        text.contains("TARGETS, before → after, on fresh seeds"),
        "{text}"
    );
    assert!(
        text.contains("first-player advantage within ±0.03"),
        "{text}"
    );
    assert!(text.contains("3 players:"), "{text}");
    assert!(text.contains("Ended: all 2 generations ran."), "{text}");
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("extends: "), "{written}");
    assert!(
        !written.contains("routes:") && !written.contains("cities:"),
        "{written}"
    );
    let variant = formats::load(&out).unwrap().design;
    let original = formats::load(&maps("usa-unbalanced.yaml")).unwrap().design;
    assert_eq!(variant.routes, original.routes);
    assert_eq!(variant.tickets.len(), original.tickets.len());
    let points = |f: &formats::GameFile, n: &str| {
        f.tickets
            .iter()
            .find(|t| t.display_name() == n)
            .unwrap()
            .points
    };
    assert_eq!(points(&variant, "Denver - El Paso"), 8);
    assert_ne!(variant.tickets, original.tickets);
}

#[test]
fn bad_targets_and_knobs_are_named() {
    let run = balance(&["--target", "fun", "--knob", "ticket-points"]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(err.contains("`fun`: no such target"), "{err}");
    let run = balance(&["--target", "bot-split", "--knob", "rule:trains"]);
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(err.contains("give bounds"), "{err}");
}

#[test]
fn board_knobs_write_route_and_deck_changes_and_keep_locks() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("balanced.yaml");
    let run = balance(&[
        "--target",
        "first-player-advantage=0",
        "--knob",
        "route-colour",
        "--knob",
        "double-routes",
        "--knob",
        "deck-counts=10..14",
        "--lock",
        "atlanta-charleston",
        "--lock",
        "deck:red",
        "--players",
        "3",
        "--games",
        "30",
        "--generations",
        "3",
        "--children",
        "4",
        "--check-games",
        "40",
        "--seed",
        "2",
        "--quiet",
        "-o",
        &out.display().to_string(),
    ]);
    assert!(run.status.success(), "{run:?}");
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(text.contains("CHANGES"), "{text}");
    let variant = formats::load(&out).unwrap().design;
    let original = formats::load(&maps("usa-unbalanced.yaml")).unwrap().design;
    assert_eq!(variant.tickets, original.tickets);
    assert_ne!(
        (&variant.routes, &variant.cards),
        (&original.routes, &original.cards)
    );
    let route = |f: &formats::GameFile| {
        f.routes
            .iter()
            .filter(|r| {
                (r.from.as_str(), r.to.as_str()) == ("Atlanta", "Charleston")
                    || (r.from.as_str(), r.to.as_str()) == ("Charleston", "Atlanta")
            })
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(route(&variant), route(&original));
    let red = |f: &formats::GameFile| {
        formats::rules::resolve(&f.rules, &f.cards)
            .unwrap()
            .1
            .colors["red"]
    };
    assert_eq!(red(&variant), red(&original));
}

/// A small search on 3 players, written to `out`, with `extra` arguments.
fn small_search(out: &Path, extra: &[&str]) -> Output {
    let out = out.display().to_string();
    let mut args = vec![
        "--target",
        "ticket-value=0.05",
        "--knob",
        "ticket-points",
        "--players",
        "3",
        "--games",
        "10",
        "--generations",
        "2",
        "--children",
        "3",
        "--check-games",
        "20",
        "--seed",
        "4",
        "--quiet",
        "-o",
        &out,
    ];
    args.extend_from_slice(extra);
    balance(&args)
}

/// Runs each line of the jobs file as its own process, two at a time.
const LOCAL: &str = r#"xargs -d '\n' -n 1 -P 2 sh -c < "$TRACKLAYER_JOBS""#;

#[test]
fn evaluating_through_shard_processes_finds_the_same_variant_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.yaml");
    let run = small_search(&whole, &[]);
    assert!(run.status.success(), "{run:?}");
    let expected = std::fs::read(&whole).unwrap();
    for shards in ["2", "3"] {
        let out = dir.path().join(format!("sharded-{shards}.yaml"));
        let jobs = dir.path().join(format!("jobs-{shards}"));
        let run = small_search(
            &out,
            &[
                "--evaluate-with",
                LOCAL,
                "--shards",
                shards,
                "--work-dir",
                &jobs.display().to_string(),
            ],
        );
        assert!(run.status.success(), "{run:?}");
        assert_eq!(
            std::fs::read(&out).unwrap(),
            expected,
            "{shards} shards found another design"
        );
        // Every batch was merged and cleared.
        assert!(!jobs.exists(), "{} is left", jobs.display());
    }
}

#[test]
fn a_launcher_that_fails_or_skips_jobs_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.yaml");
    let run = small_search(&out, &["--evaluate-with", "exit 3"]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(err.contains("the launcher `exit 3` failed"), "{err}");
    // Only the first job of each batch runs: a shard is missing.
    let run = small_search(
        &out,
        &[
            "--evaluate-with",
            r#"sh -c "$(head -n 1 "$TRACKLAYER_JOBS")""#,
        ],
    );
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(
        err.contains("did the launcher run every line of jobs.txt?"),
        "{err}"
    );
    assert!(!out.exists());
}
