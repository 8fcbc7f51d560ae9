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
