//! View → Fit layout as a designer uses it: on a small board whose city sits
//! on another route's car spaces, the fit runs as a job, its proposal is on
//! the map with the figures before → after, Discard changes nothing, Accept
//! removes the overlap as one undo step.

use crate::common;

use std::time::{Duration, Instant};

use common::{click_label, config, harness, settle};
use egui_kittest::kittest::Queryable as _;
use engine::board_game::layout::{BoardDrawing, overlaps};
use studio::app::Studio;

/// A board where Camp lies on the car spaces of Alpha - Bravo.
const CROWDED: &str = "format: tracklayer/1\nname: Crowded\ncities:\n  - {name: Alpha, x: 100, y: 100, locked: true}\n  - {name: Bravo, x: 220, y: 100}\n  - {name: Camp, x: 160, y: 104}\n  - {name: Delta, x: 160, y: 220}\nroutes:\n  - {from: Alpha, to: Bravo, length: 4, color: red}\n  - {from: Camp, to: Delta, length: 3, color: blue}\n  - {from: Bravo, to: Delta, length: 4, color: green}\n";

fn overlaps_of(h: &egui_kittest::Harness<'_, Studio>) -> usize {
    overlaps::find(&BoardDrawing::of(&h.state().doc.design)).len()
}

fn wait_for_fit(h: &mut egui_kittest::Harness<'_, Studio>) {
    let t0 = Instant::now();
    while h.state().fit_layout.running() {
        assert!(t0.elapsed() < Duration::from_secs(60), "the fit never ends");
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    h.run_steps(3);
}

#[test]
fn fit_layout_proposes_accepts_as_one_undo_step_and_discards() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crowded.yaml");
    std::fs::write(&path, CROWDED).unwrap();
    let mut h = harness(config(dir.path(), Some(path)), [1400.0, 900.0]);
    let original = h.state().doc.design.clone();
    let before = overlaps_of(&h);
    assert!(before > 0, "the design starts with an overlap");

    click_label(&mut h, "View");
    click_label(&mut h, "Fit layout…");
    wait_for_fit(&mut h);
    let proposal = h.state().fit_layout.proposal().expect("a proposal").clone();
    assert_eq!(proposal.fitted.report.overlaps, (before, 0));
    h.get_by_label(&format!("{before} -> 0"));
    // On the map, over the current drawing; nothing changed yet.
    let shown = h.state().canvas.overlay.proposal.clone().expect("drawn");
    assert!(!shown.moves.is_empty() && !shown.spaces.is_empty());
    assert_eq!(h.state().doc.design, original);

    click_label(&mut h, "Discard layout");
    assert_eq!(h.state().doc.design, original, "Discard changes nothing");
    assert!(h.state().canvas.overlay.proposal.is_none());

    click_label(&mut h, "Fit again");
    wait_for_fit(&mut h);
    click_label(&mut h, "Accept layout");
    assert_eq!(overlaps_of(&h), 0, "the overlap is gone");
    let d = &h.state().doc.design;
    assert_eq!(d.cities[0].x, 100.0, "a locked city never moves");
    assert_eq!(
        (d.routes.len(), d.cities.len(), &d.routes[0].color),
        (3, 4, &original.routes[0].color),
        "only positions change"
    );
    settle(&mut h);
    h.get_by_label_contains("Accepted: Fit layout");

    click_label(&mut h, "Edit");
    h.get_by_label_contains("Undo Fit layout").click();
    h.run_steps(3);
    assert_eq!(h.state().doc.design, original, "one undo restores it");
}
