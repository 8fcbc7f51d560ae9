//! `tracklayer balance` as a designer uses it: a short run on the bundled
//! unbalanced USA writes a variant that extends it, changes only tickets
//! (never a locked one) and loads; bad targets and knobs are named.

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
