//! Tickets → Build a deck… as a designer uses it: on a copy of USA with no
//! tickets, a bad option is named; a short build proposes a deck shown on
//! the map and beside the (empty) current deck; accepting the ticked
//! tickets is one undo step; a discarded deck changes nothing; a long build
//! is cancelled and keeps its best deck so far.

use crate::common;

use std::time::Duration;

use common::{click_label, config, harness, maps, type_into};
use egui_kittest::kittest::Queryable as _;
use studio::app::Studio;
use studio::app::command::UICommand;

fn wait_for_build(h: &mut egui_kittest::Harness<'_, Studio>) {
    while h.state().deck.running() {
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run_steps(3);
}

fn quick(h: &mut egui_kittest::Harness<'_, Studio>) {
    let s = &mut h.state_mut().deck.settings;
    s.generations = 1;
    s.games = 3;
    s.check_games = 5;
}

#[test]
fn a_deck_is_built_for_a_map_with_no_tickets_accepted_in_part_undone_and_cancelled() {
    let dir = tempfile::tempdir().unwrap();
    let mut design = formats::load(&maps("usa.yaml")).unwrap().design;
    design.tickets.clear();
    let path = dir.path().join("usa-no-tickets.yaml");
    formats::save(&design, None, &path).unwrap();
    let mut h = harness(config(dir.path(), Some(path)), [1500.0, 1000.0]);
    let original = h.state().doc.design.clone();
    assert!(original.tickets.is_empty());
    click_label(&mut h, "Tickets menu");
    click_label(&mut h, "Build a deck…");
    h.get_by_label_contains("USA: 36 places");

    type_into(&mut h, "Points", "sum");
    click_label(&mut h, "Build deck");
    h.get_by_label_contains("`sum` is not a points rule");
    assert!(!h.state().deck.running());
    type_into(&mut h, "Points", "shortest");
    click_label(&mut h, "Set the number of tickets");
    h.state_mut().deck.settings.count = 5000;
    click_label(&mut h, "Build deck");
    h.get_by_label_contains("the map cannot supply");
    click_label(&mut h, "Set the number of tickets");

    quick(&mut h);
    click_label(&mut h, "Build deck");
    assert!(h.state().deck.running());
    wait_for_build(&mut h);
    let proposal = h.state().deck.proposal().expect("a proposed deck").clone();
    let n = proposal.design.tickets.len();
    assert_eq!(n, 30, "USA's count for 36 places");
    h.get_by_label("Proposed deck");
    h.get_by_label("Current deck");
    h.get_by_label("Length histogram");
    h.get_by_label_contains("Done after 1 generation");
    // The proposal is on the map: every city it names lit.
    assert_eq!(h.state().canvas.overlay.lit_cities.len(), 36);
    assert_eq!(
        h.state().doc.design,
        original,
        "nothing changes before accepting"
    );

    // Untick the first ticket, accept the rest: one undo step.
    let first = proposal.design.tickets[0].display_name();
    click_label(&mut h, &first);
    click_label(&mut h, "Accept selected");
    assert_eq!(h.state().doc.design.tickets.len(), n - 1);
    assert!(
        h.state()
            .doc
            .design
            .tickets
            .iter()
            .all(|t| t.display_name() != first)
    );
    h.get_by_label_contains("Accepted: Build a deck: 29 tickets");
    h.state_mut().run_command(UICommand::Undo);
    h.run_steps(2);
    assert_eq!(h.state().doc.design, original, "one undo takes it back");

    // The same seed gives the same deck; Discard changes nothing.
    click_label(&mut h, "Build deck");
    wait_for_build(&mut h);
    assert_eq!(
        h.state().deck.proposal().unwrap().design.tickets,
        proposal.design.tickets
    );
    click_label(&mut h, "Discard");
    assert_eq!(h.state().doc.design, original);
    assert!(h.state().deck.proposal().is_none());

    // A long search is cancelled and keeps its best deck so far.
    h.state_mut().deck.settings.generations = 1000;
    click_label(&mut h, "Build deck");
    let started = std::time::Instant::now();
    while !h
        .state()
        .deck
        .progress()
        .is_some_and(|p| p.describe().starts_with("searching"))
    {
        assert!(started.elapsed() < Duration::from_secs(120), "no progress");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.run_steps(2);
    click_label(&mut h, "Cancel");
    wait_for_build(&mut h);
    h.get_by_label_contains("Stopped after");
    click_label(&mut h, "Accept all");
    assert_eq!(h.state().doc.design.tickets.len(), 30);
}
