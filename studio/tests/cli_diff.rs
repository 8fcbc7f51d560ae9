//! `tracklayer diff A B` as a designer uses it: the bundled unbalanced USA
//! against USA names the three tickets whose points quadrupled, in text and in
//! JSON, and `--simulate` compares every report metric with its interval.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn maps(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(name)
}

fn diff(extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tracklayer"))
        .arg("diff")
        .arg(maps("usa.yaml"))
        .arg(maps("usa-unbalanced.yaml"))
        .args(extra)
        .output()
        .expect("the tracklayer binary runs")
}

#[test]
fn the_diff_names_the_changed_tickets_in_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("diff.json");
    let out = diff(&["--json", &json.display().to_string()]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("TICKETS (0 added, 0 removed, 3 changed)"),
        "{text}"
    );
    assert!(
        text.contains("~ New York - Atlanta: points 6 → 24"),
        "{text}"
    );
    assert!(!text.contains("ROUTES"), "{text}");
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(json).unwrap()).unwrap();
    let changed = &v["data"]["lists"]["tickets"]["changed"];
    assert_eq!(changed.as_array().unwrap().len(), 3);
    assert_eq!(changed[0]["name"], "Denver - El Paso");
    assert_eq!(changed[0]["fields"][0]["before"], 4);
    assert_eq!(changed[0]["fields"][0]["after"], 16);
    assert!(v.get("simulated").is_none());
}

#[test]
fn the_simulated_diff_gives_every_metric_with_intervals() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("diff.json");
    let out = diff(&[
        "--simulate",
        "--players",
        "2",
        "--games",
        "60",
        "--seed",
        "3",
        "--quiet",
        "--all",
        "--json",
        &json.display().to_string(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("SIMULATED — 60 games per player count"),
        "{text}"
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(json).unwrap()).unwrap();
    let metrics = v["simulated"]["metrics"].as_array().unwrap();
    let find = |name: &str| {
        metrics
            .iter()
            .find(|m| m["metric"] == name)
            .unwrap_or_else(|| panic!("no metric {name}"))
    };
    let seat = find("2 players / outcome / seats / seat 1 / win_rate");
    let (lo, hi) = (
        seat["interval"][0].as_f64().unwrap(),
        seat["interval"][1].as_f64().unwrap(),
    );
    let change = seat["change"].as_f64().unwrap();
    assert!(lo <= change && change <= hi, "{seat}");
    find("2 players / map / tickets / New York - Atlanta / completion");
    find("2 players / scores / by_bot / route-focus / mean");
    assert!(text.contains("2 players / pace / turns / mean"), "{text}");
}

#[test]
fn designs_of_unreadable_files_are_refused_by_name() {
    let out = Command::new(env!("CARGO_BIN_EXE_tracklayer"))
        .args(["diff", "no-such.yaml"])
        .arg(maps("usa.yaml"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("no-such.yaml")
    );
}
