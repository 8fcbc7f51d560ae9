//! `tracklayer derive card-game` as a designer uses it: the bundled card game
//! is what the command derives from the USA map, the written design loads
//! and validates, and a bad option or source is refused without writing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tracklayer(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tracklayer"))
        .args(args)
        .output()
        .expect("the tracklayer binary runs")
}

fn maps() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps")
}

#[test]
fn the_bundled_card_game_is_derived_from_the_usa_map() {
    let dir = tempfile::tempdir().unwrap();
    // Next to a copy of the map, so `derived_from` names it as the bundled file does.
    std::fs::copy(maps().join("usa.yaml"), dir.path().join("usa.yaml")).unwrap();
    let out = dir.path().join("card-game-usa.yaml");
    let run = tracklayer(&[
        "derive",
        "card-game",
        &dir.path().join("usa.yaml").display().to_string(),
        "-o",
        &out.display().to_string(),
        "--big-cities",
        "0",
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let written = std::fs::read_to_string(&out).unwrap();
    let bundled = std::fs::read_to_string(maps().join("card-game-usa.yaml")).unwrap();
    assert_eq!(written, bundled);
    let check = tracklayer(&["validate", &out.display().to_string()]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
}

#[test]
fn a_bad_option_or_source_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.yaml");
    let usa = maps().join("usa.yaml").display().to_string();
    let o = out.display().to_string();
    let gray = tracklayer(&["derive", "card-game", &usa, "-o", &o, "--gray", "purple"]);
    assert_eq!(gray.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&gray.stderr).contains("`purple` is not a colour"));
    let points = tracklayer(&["derive", "card-game", &usa, "-o", &o, "--points", "lots"]);
    assert!(!points.status.success());
    assert!(String::from_utf8_lossy(&points.stderr).contains("not a points rule"));
    let card = maps().join("card-game-usa.yaml").display().to_string();
    let again = tracklayer(&["derive", "card-game", &card, "-o", &o]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("only a board design"));
    assert!(!out.exists());
}

#[test]
fn a_deck_is_built_for_a_map_without_tickets_and_bad_options_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let mut design = formats::load(&maps().join("usa.yaml")).unwrap().design;
    design.tickets.clear();
    let input = dir.path().join("usa-no-tickets.yaml");
    formats::save(&design, None, &input).unwrap();
    let out = dir.path().join("deck.yaml");
    let args = |extra: &[&str]| {
        let mut a = vec![
            "derive".to_owned(),
            "tickets".into(),
            input.display().to_string(),
            "-o".into(),
            out.display().to_string(),
            "--quiet".into(),
        ];
        a.extend(extra.iter().map(|s| (*s).to_owned()));
        a
    };
    let run = |extra: &[&str]| {
        let a = args(extra);
        tracklayer(&a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let bad = run(&["--count", "900", "--no-simulate"]);
    assert_eq!(bad.status.code(), Some(2));
    let e = String::from_utf8_lossy(&bad.stderr);
    assert!(e.contains("the map cannot supply"), "{e}");
    assert!(!out.exists(), "nothing written on a refusal");
    let bad = run(&["--bands", "0.01,0.02", "--shares", "1,0,0", "--no-simulate"]);
    let e = String::from_utf8_lossy(&bad.stderr);
    assert!(
        e.contains("the short band (no length of the diameter 23)"),
        "{e}"
    );

    let ok = run(&["--no-simulate", "--seed", "4"]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let text = String::from_utf8_lossy(&ok.stdout);
    assert!(text.contains("official USA: 36 places"), "{text}");
    assert!(text.contains("30 regular tickets"), "{text}");
    let first = std::fs::read_to_string(&out).unwrap();
    let built = formats::load(&out).unwrap().design;
    assert_eq!(built.tickets.len(), 30);
    assert_eq!(built.cities, design.cities, "only the tickets change");
    std::fs::remove_file(&out).unwrap();
    assert!(run(&["--no-simulate", "--seed", "4"]).status.success());
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        first,
        "same seed, same deck"
    );

    let diff = tracklayer(&[
        "diff",
        &maps().join("usa.yaml").display().to_string(),
        &out.display().to_string(),
    ]);
    let text = String::from_utf8_lossy(&diff.stdout);
    assert!(
        text.contains("DECKS") && text.contains("places named"),
        "{text}"
    );
}

#[test]
fn layout_writes_a_laid_out_copy_and_refuses_its_input_and_other_families() {
    let dir = tempfile::tempdir().unwrap();
    let europe = maps().join("europe.yaml").display().to_string();
    let out = dir.path().join("europe-laid.yaml");
    let run = tracklayer(&[
        "layout",
        &europe,
        "-o",
        &out.display().to_string(),
        "--quiet",
    ]);
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(text.contains("Overlaps: 0 before, 0 after."), "{text}");
    let (before, after) = (
        formats::load(Path::new(&europe)).unwrap().design,
        formats::load(&out).unwrap().design,
    );
    assert_eq!(after.routes.len(), before.routes.len());
    assert_eq!(after.tickets, before.tickets);

    let over_input = tracklayer(&["layout", &europe, "-o", &europe, "--quiet"]);
    assert_eq!(over_input.status.code(), Some(2));
    let card = maps().join("card-game-usa.yaml").display().to_string();
    let refused = tracklayer(&["layout", &card, "-o", &out.display().to_string(), "--quiet"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&refused.stderr)
            .contains("lays out board designs and station maps")
    );
}
