//! File → Compare… as a designer uses it: the open design (the unbalanced
//! USA) against the bundled USA lists the three tickets whose points differ
//! and lights their cities on the map; edits are followed; a file that does
//! not load is named.

mod common;

use common::{config, harness, maps, type_into};
use egui_kittest::kittest::Queryable as _;

fn click_label(h: &mut egui_kittest::Harness<'_, studio::app::Studio>, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(3);
}

#[test]
fn compare_lists_the_differences_and_shows_them_on_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(
        config(dir.path(), Some(maps("usa-unbalanced.yaml"))),
        [1500.0, 950.0],
    );
    click_label(&mut h, "File");
    click_label(&mut h, "Compare…");
    type_into(&mut h, "Path", &maps("usa.yaml").display().to_string());
    click_label(&mut h, "Compare");
    h.get_by_label("~ New York - Atlanta: points: 12 -> 6");
    h.get_by_label("~ Denver - El Paso: points: 8 -> 4");
    let design = &h.state().doc.design;
    let city = |n: &str| design.cities.iter().position(|c| c.name == n).unwrap();
    let lit = &h.state().canvas.overlay.lit_cities;
    for n in [
        "New York",
        "Atlanta",
        "Denver",
        "El Paso",
        "Kansas City",
        "Houston",
    ] {
        assert!(lit.contains(&city(n)), "{n} is not lit");
    }
    assert_eq!(lit.len(), 6);

    // Edit the open design: the comparison follows.
    let t = design
        .tickets
        .iter()
        .position(|t| t.from == "New York" && t.to == "Atlanta")
        .unwrap();
    h.state_mut()
        .doc
        .edit("Ticket points", |d| d.tickets[t].points = 6);
    h.run_steps(3);
    assert!(
        h.query_by_label("~ New York - Atlanta: points: 12 -> 6")
            .is_none()
    );
    assert_eq!(h.state().canvas.overlay.lit_cities.len(), 4);

    click_label(&mut h, "Close comparison");
    assert!(h.state().compare.is_none());
    assert!(h.state().canvas.overlay.lit_cities.is_empty());
}

#[test]
fn a_file_that_does_not_load_is_named_and_nothing_is_compared() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.yaml");
    std::fs::write(&bad, "format: tracklayer/1\ncities: [\n").unwrap();
    let mut h = harness(config(dir.path(), Some(maps("usa.yaml"))), [1500.0, 950.0]);
    click_label(&mut h, "File");
    click_label(&mut h, "Compare…");
    type_into(&mut h, "Path", &bad.display().to_string());
    click_label(&mut h, "Compare");
    h.get_by_label("Could not compare");
    assert!(h.state().compare.is_none());
}
