//! Playtest → Balance… as a designer uses it: on the unbalanced USA, a short
//! search proposes ticket changes (never a locked ticket), each shown on the
//! map; one is accepted (one undo step), one rejected; a long search is
//! stopped and keeps its best. A card-game and a Trains & Stations design
//! are offered their own knobs and targets, and balance the same way.

use crate::common;

use std::time::Duration;

use common::{click_label, config, harness, maps, type_into};
use egui_kittest::kittest::Queryable as _;
use studio::app::Studio;
use studio::app::command::UICommand;

fn wait_for_search(h: &mut egui_kittest::Harness<'_, Studio>) {
    while h.state().balance.running() {
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run_steps(3);
}

fn points(s: &Studio, ticket: &str) -> u32 {
    s.doc
        .design
        .tickets
        .iter()
        .find(|t| t.display_name() == ticket)
        .unwrap()
        .points
}

#[test]
fn a_search_proposes_changes_to_accept_one_by_one_and_undo() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(
        config(dir.path(), Some(maps("usa-unbalanced.yaml"))),
        [1500.0, 950.0],
    );
    let original = h.state().doc.design.clone();
    click_label(&mut h, "Playtest");
    click_label(&mut h, "Balance…");
    type_into(&mut h, "Targets", "ticket-value=0.05");
    type_into(&mut h, "Knobs", "ticket-points");
    type_into(&mut h, "Locks", "Denver - El Paso");
    let s = &mut h.state_mut().balance.settings;
    s.games = 20;
    s.generations = 2;
    s.seed = 4;
    click_label(&mut h, "Run balance");
    assert!(h.state().balance.running());
    wait_for_search(&mut h);

    let proposals = h.state().balance.proposals().to_vec();
    assert!(!proposals.is_empty(), "nothing proposed");
    assert!(
        proposals
            .iter()
            .all(|p| !p.describe().contains("Denver - El Paso")),
        "a locked ticket was proposed"
    );
    h.get_by_label_contains(" met on fresh seeds");
    let first = proposals[0].describe();
    h.get_by_label(&first);
    // The first proposal is shown on the map: its ticket's cities lit.
    assert_eq!(h.state().canvas.overlay.lit_cities.len(), 2);
    assert_eq!(h.state().doc.design, original);

    let ticket = match &proposals[0] {
        engine::balance::Proposal::TicketPoints { ticket, to, .. } => (ticket.clone(), *to),
        other => panic!("not a ticket change: {other:?}"),
    };
    h.get_all_by_label("Accept").next().unwrap().click();
    h.run_steps(3);
    assert_eq!(points(h.state(), &ticket.0), ticket.1);
    assert_eq!(h.state().balance.proposals().len(), proposals.len() - 1);
    assert!(h.query_by_label(&first).is_none());
    h.get_by_label_contains(&format!("Accepted: {first}"));
    h.state_mut().run_command(UICommand::Undo);
    h.run_steps(2);
    assert_eq!(h.state().doc.design, original, "one undo takes it back");

    if proposals.len() > 1 {
        h.get_all_by_label("Reject").next().unwrap().click();
        h.run_steps(3);
        assert_eq!(h.state().balance.proposals().len(), proposals.len() - 2);
        assert_eq!(
            h.state().doc.design,
            original,
            "a rejection changes nothing"
        );
    }
}

#[test]
fn stop_keeps_the_best_so_far_and_bad_settings_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(
        config(dir.path(), Some(maps("usa-unbalanced.yaml"))),
        [1500.0, 950.0],
    );
    click_label(&mut h, "Playtest");
    click_label(&mut h, "Balance…");
    type_into(&mut h, "Knobs", "colours");
    click_label(&mut h, "Run balance");
    h.get_by_label_contains("`colours`: board designs have no such knob");
    assert!(!h.state().balance.running());

    type_into(&mut h, "Knobs", "ticket-points");
    // Games last about a hundred turns: no ticket change makes them 1 or 2,
    // so only Stop ends this search (it never gives up: patience 0).
    type_into(&mut h, "Targets", "game-length=1..2");
    let s = &mut h.state_mut().balance.settings;
    s.games = 10;
    s.generations = 1000;
    s.patience = 0;
    click_label(&mut h, "Run balance");
    assert!(h.state().balance.running());
    // Progress moves within a generation, as games finish.
    let started = std::time::Instant::now();
    let moving = loop {
        h.step();
        match h.state().balance.progress() {
            Some(p) if p.stage_games > 0 && p.stage_games < p.stage_total => break p,
            _ if started.elapsed() > Duration::from_secs(120) => panic!("no progress shown"),
            _ => std::thread::sleep(Duration::from_millis(5)),
        }
    };
    assert!(moving.fraction() < 1.0);
    h.run_steps(2);
    h.get_by_label_contains("generation ");
    click_label(&mut h, "Stop");
    wait_for_search(&mut h);
    h.get_by_label_contains("Stopped after");
    h.get_by_label_contains("stopped by the user; the best so far is kept");
    h.get_by_label_contains("not checked on fresh seeds");
    assert!(h.query_by_label_contains("Done after").is_none());
}

/// Opens Balance… on `design`, runs `targets` with `knobs` (few games, fixed
/// seed) and waits for the proposals.
fn balance_family(
    design: &str,
    targets: &str,
    knobs: &str,
    games: u32,
) -> (tempfile::TempDir, egui_kittest::Harness<'static, Studio>) {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(config(dir.path(), Some(maps(design))), [1500.0, 950.0]);
    click_label(&mut h, "Playtest");
    click_label(&mut h, "Balance…");
    type_into(&mut h, "Targets", targets);
    type_into(&mut h, "Knobs", knobs);
    let s = &mut h.state_mut().balance.settings;
    s.games = games;
    s.generations = 3;
    s.patience = 0;
    s.seed = 3;
    click_label(&mut h, "Run balance");
    assert!(h.state().balance.running(), "the search did not start");
    wait_for_search(&mut h);
    (dir, h)
}

#[test]
fn a_card_game_design_is_offered_its_knobs_and_a_big_city_change_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(
        config(dir.path(), Some(maps("card-game-usa-unbalanced.yaml"))),
        [1500.0, 950.0],
    );
    click_label(&mut h, "Playtest");
    click_label(&mut h, "Balance…");
    // The card game's own defaults and list, not the board's.
    assert_eq!(
        h.state().balance.settings.knobs,
        "ticket-cards, ticket-points"
    );
    type_into(&mut h, "Knobs", "route-colour");
    click_label(&mut h, "Run balance");
    assert!(!h.state().balance.running());
    h.get_by_label_contains("`route-colour`: card-game designs have no such knob");
    click_label(&mut h, "Knobs and targets of card-game designs");
    h.get_by_label_contains("big-cities[=1..15]: Big City bonus points");
    drop(h);

    let (_dir, mut h) = balance_family(
        "card-game-usa-unbalanced.yaml",
        "score-spread=0..1",
        "big-cities=10..30",
        10,
    );
    let original = h.state().doc.design.clone();
    h.get_by_label_contains(" met on fresh seeds");
    let proposals = h.state().balance.proposals().to_vec();
    let [p] = proposals.as_slice() else {
        panic!("one rules proposal expected: {proposals:?}")
    };
    let text = p.describe();
    assert!(text.contains("rules.big_cities"), "{text}");
    h.get_by_label(&text);
    click_label(&mut h, "Accept");
    let dallas = |s: &Studio| {
        formats::card_game::resolve(&s.doc.design.rules, &s.doc.design.cards)
            .unwrap()
            .0
            .big_cities
            .into_iter()
            .find(|c| c.city == "Dallas")
            .unwrap()
            .points
    };
    let now = dallas(h.state());
    assert!((10..30).contains(&now), "Dallas is worth {now}");
    h.state_mut().run_command(UICommand::Undo);
    h.run_steps(2);
    assert_eq!(h.state().doc.design, original, "one undo takes it back");
}

#[test]
fn a_trains_and_stations_design_balances_its_tracks_and_monopolies() {
    let (_dir, mut h) = balance_family(
        "trains-and-stations-unbalanced.yaml",
        "delivery-share=0.3..3, monopoly-share=0..0.5",
        "track-length=3..5, monopoly=10..30",
        40,
    );
    let original = h.state().doc.design.clone();
    h.get_by_label_contains(" met on fresh seeds");
    let proposals = h.state().balance.proposals().to_vec();
    assert!(!proposals.is_empty(), "nothing proposed");
    for p in &proposals {
        let text = p.describe();
        assert!(
            text.contains("track Vienna - Budapest") || text.contains("rules.goods.gold"),
            "{text}"
        );
        h.get_by_label(&text);
    }
    h.get_all_by_label("Accept").next().unwrap().click();
    h.run_steps(3);
    assert_ne!(
        h.state().doc.design,
        original,
        "the accepted change is made"
    );
    assert_eq!(h.state().balance.proposals().len(), proposals.len() - 1);
    h.state_mut().run_command(UICommand::Undo);
    h.run_steps(2);
    assert_eq!(h.state().doc.design, original, "one undo takes it back");
}
