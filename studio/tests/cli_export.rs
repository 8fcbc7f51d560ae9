//! `tracklayer export --to csv` and `tracklayer import` as a designer uses
//! them with a spreadsheet: the tables come back as the same design, a bad
//! row is named with its file and line, and then nothing is written.

use std::path::Path;
use std::process::{Command, Output};

fn tracklayer(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tracklayer"))
        .args(args)
        .output()
        .expect("the tracklayer binary runs")
}

/// `tracklayer export FILE --to KIND -o OUT`.
fn export(file: &Path, kind: &str, out: &Path) -> Output {
    tracklayer(&[
        "export",
        &file.display().to_string(),
        "--to",
        kind,
        "-o",
        &out.display().to_string(),
    ])
}

/// `tracklayer import DIR --into FILE`.
fn import(dir: &Path, into: &Path) -> Output {
    tracklayer(&[
        "import",
        &dir.display().to_string(),
        "--into",
        &into.display().to_string(),
    ])
}

fn usa() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml")
}

#[test]
fn a_design_goes_to_a_spreadsheet_and_back_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables");
    let copy = dir.path().join("usa.yaml");
    std::fs::copy(usa(), &copy).unwrap();
    let out = export(&copy, "csv", &tables);
    assert!(out.status.success(), "{out:?}");
    let routes = std::fs::read_to_string(tables.join("routes.csv")).unwrap();
    assert!(
        routes.starts_with("id,from,to,length,color,tunnel,ferry,bends\n"),
        "{routes}"
    );
    let out = import(&tables, &copy);
    assert!(out.status.success(), "{out:?}");
    let before = formats::load(&usa()).unwrap().design;
    let after = formats::load(&copy).unwrap().design;
    assert_eq!(after, before);

    // A new design from the tables alone.
    let fresh = dir.path().join("from-tables.yaml");
    let out = import(&tables, &fresh);
    assert!(out.status.success(), "{out:?}");
    let made = formats::load(&fresh).unwrap().design;
    assert_eq!(
        (made.cities, made.routes, made.tickets),
        (before.cities, before.routes, before.tickets)
    );
}

#[test]
fn a_bad_row_is_named_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables");
    let copy = dir.path().join("usa.yaml");
    std::fs::copy(usa(), &copy).unwrap();
    let out = export(&copy, "csv", &tables);
    assert!(out.status.success(), "{out:?}");
    let cities = tables.join("cities.csv");
    let text = std::fs::read_to_string(&cities).unwrap();
    std::fs::write(&cities, text.replacen("\nBoston,", "\nBoston,far east", 1)).unwrap();
    let before = std::fs::read(&copy).unwrap();
    let out = import(&tables, &copy);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cities.csv:3:") && err.contains("`x`"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        before,
        "the design is untouched"
    );
}

#[test]
fn the_board_is_drawn_to_an_svg_file_at_real_size() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("europe.svg");
    let europe = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/europe.yaml");
    let run = export(&europe, "svg", &out);
    assert!(run.status.success(), "{run:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.starts_with("<svg") && text.contains("mm\""),
        "{}",
        &text[..100]
    );
    let design = formats::load(&europe).unwrap().design;
    assert_eq!(text.matches("data-route=").count(), design.routes.len());
    let bad = export(&europe, "jpeg", Path::new("x"));
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("possible values: svg, png, csv"));
}

#[test]
fn the_board_is_an_image_of_its_real_size_at_the_chosen_resolution() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("usa.png");
    let run = tracklayer(&[
        "export",
        &usa().display().to_string(),
        "--to",
        "png",
        "--dpi",
        "50",
        "-o",
        &out.display().to_string(),
    ]);
    assert!(run.status.success(), "{run:?}");
    let design = formats::load(&usa()).unwrap().design;
    let board = design.board.unwrap();
    let image = image::open(&out).unwrap();
    let inches = |mm: f32| (mm / 25.4 * 50.0).round() as u32;
    assert_eq!(
        (image.width(), image.height()),
        (inches(board.width), inches(board.height))
    );
    let bad = tracklayer(&[
        "export",
        &usa().display().to_string(),
        "--to",
        "png",
        "--dpi",
        "0",
        "-o",
        "x.png",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("10 to 1200 dots per inch"));
}
