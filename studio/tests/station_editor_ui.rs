//! The station-map editor on a dice design, driven as a designer drives
//! it: the demo map open, a station added with the tool and given three
//! slots, a track drawn from it to Berlin and given three spaces, undo, an
//! unreachable station found by the live diagnostics (a click on the
//! finding selects it), a rule edited and reset, a delivery ticket added.
//! Only the demo map's station names are relied on.

use crate::common;

use std::time::{Duration, Instant};

use common::{click_at, click_label, config, harness, maps, settle, type_into};
use egui::{Event, Key, Modifiers, PointerButton, Pos2, Rect, pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use studio::app::Studio;
use studio::app::station_editor::canvas;
use studio::app::station_map::{self, MapModel, Part};

/// The map's rect on screen.
fn map_rect(h: &Harness<'_, Studio>) -> Rect {
    h.get_by_label("Station map editor").rect()
}

/// Where station `name` is drawn.
fn station_on_screen(h: &Harness<'_, Studio>, name: &str) -> Pos2 {
    let design = &h.state().doc.design;
    let s = design
        .stations
        .iter()
        .find(|s| s.name == name)
        .expect("the demo map has the station");
    canvas::fit(design, map_rect(h)).at(pos2(s.x, s.y))
}

/// A point on the map with no part near it (and none of the `taken`).
fn empty_spot(h: &Harness<'_, Studio>, taken: &[Pos2]) -> Pos2 {
    let design = &h.state().doc.design;
    let rect = map_rect(h);
    let model = MapModel::of_file(design);
    let fit = canvas::fit(design, rect);
    let l = station_map::layout(&model, &fit);
    // On the printed board, so the view keeps its fit.
    let board = design.board.as_ref().expect("the demo map has a board");
    let inner = Rect::from_two_pos(
        fit.at(pos2(0.0, 0.0)),
        fit.at(pos2(board.width, board.height)),
    )
    .shrink(20.0);
    (0..20)
        .flat_map(|i| (0..20).map(move |j| (i, j)))
        .map(|(i, j)| {
            pos2(
                inner.left() + inner.width() * i as f32 / 19.0,
                inner.top() + inner.height() * j as f32 / 19.0,
            )
        })
        .find(|p| {
            // Far enough that the new station's slots and name clear the
            // others' (no TL152 finding beside the one the test clicks).
            let clear = |q: &Pos2| q.distance(*p) > 60.0;
            station_map::part_at(&l, *p).is_none()
                && l.stations.iter().all(clear)
                && l.junctions.iter().all(clear)
                && l.spaces.iter().all(clear)
                && taken.iter().all(clear)
        })
        .expect("the map has room")
}

/// Drags with the primary button from `a` to `b`.
fn drag(h: &mut Harness<'_, Studio>, a: Pos2, b: Pos2) {
    h.event(Event::PointerMoved(a));
    h.step();
    h.event(Event::PointerButton {
        pos: a,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    h.step();
    for k in 1..=5 {
        h.event(Event::PointerMoved(a + (b - a) * (k as f32 / 5.0)));
        h.step();
    }
    h.event(Event::PointerButton {
        pos: b,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    h.run_steps(2);
}

fn press_enter(h: &mut Harness<'_, Studio>) {
    h.key_press(Key::Enter);
    h.run_steps(2);
}

#[test]
fn a_designer_edits_the_station_map_rules_and_special_cards() {
    let dir = tempfile::tempdir().unwrap();
    let demo = maps("trains-and-stations-demo.yaml");
    let mut h = harness(config(dir.path(), Some(demo)), [1500.0, 1000.0]);
    let stations = h.state().doc.design.stations.len();
    let tracks = h.state().doc.design.tracks.len();

    // A station by the tool, with three slots (only 2 and 3 are offered).
    click_label(&mut h, "Add station");
    let spot = empty_spot(&h, &[]);
    click_at(&mut h, spot, Modifiers::NONE);
    let new = stations;
    assert_eq!(h.state().doc.design.stations.len(), stations + 1);
    assert_eq!(h.state().station_editor.selected, Some(Part::Station(new)));
    assert!(h.query_by_label("4 slots").is_none());
    click_label(&mut h, "3 slots");
    assert_eq!(h.state().doc.design.stations[new].slots, 3);
    click_label(&mut h, "Bonus: bonus dice");
    type_into(&mut h, "Bonus amount", "2");
    press_enter(&mut h);
    let bonus = h.state().doc.design.stations[new].bonus.clone().unwrap();
    assert_eq!((bonus.kind.as_str(), bonus.amount), ("bonus-die", 2));
    let name = h.state().doc.design.stations[new].name.clone();

    // A track from it to Berlin, then three spaces in the inspector.
    click_label(&mut h, "Draw track");
    click_at(&mut h, spot, Modifiers::NONE);
    let berlin = station_on_screen(&h, "Berlin");
    click_at(&mut h, berlin, Modifiers::NONE);
    let design = &h.state().doc.design;
    assert_eq!(design.tracks.len(), tracks + 1);
    let t = &design.tracks[tracks];
    assert_eq!((t.from.as_str(), t.to.as_str()), (name.as_str(), "Berlin"));
    let drawn = t.spaces;
    type_into(&mut h, "Spaces", "3");
    press_enter(&mut h);
    assert_eq!(h.state().doc.design.tracks[tracks].spaces, 3);
    type_into(&mut h, "Spaces", "0");
    press_enter(&mut h);
    assert_eq!(
        h.state().doc.design.tracks[tracks].spaces,
        3,
        "0 spaces is refused"
    );
    assert!(
        h.query_all_by_label_contains("a track has 1 to")
            .next()
            .is_some(),
        "the reason is shown"
    );

    // Undo takes the spaces back.
    click_label(&mut h, "Undo");
    assert_eq!(h.state().doc.design.tracks[tracks].spaces, drawn);

    // A station with no track: the live diagnostics name it, and a click
    // on the finding selects it.
    click_label(&mut h, "Add station");
    let lonely_spot = empty_spot(&h, &[spot]);
    click_at(&mut h, lonely_spot, Modifiers::NONE);
    let lonely = h.state().doc.design.stations.len() - 1;
    let lonely_name = h.state().doc.design.stations[lonely].name.clone();
    click_label(&mut h, "Select");
    let nowhere = empty_spot(&h, &[spot, lonely_spot]);
    click_at(&mut h, nowhere, Modifiers::NONE);
    assert_eq!(h.state().station_editor.selected, None);
    settle(&mut h);
    let finding = format!("no delivery can reach {lonely_name}");
    h.get_by_label_contains(&finding).click();
    h.run_steps(3);
    assert_eq!(
        h.state().station_editor.selected,
        Some(Part::Station(lonely)),
        "{:#?}",
        h.state().validator.latest().map(|r| r
            .diagnostics
            .0
            .iter()
            .map(|d| d.message.clone())
            .collect::<Vec<_>>())
    );
    // The Delete key removes it, and the finding goes with it.
    h.key_press(Key::Delete);
    h.run_steps(2);
    assert_eq!(h.state().doc.design.stations.len(), stations + 1);
    settle(&mut h);
    assert!(h.query_all_by_label_contains(&finding).next().is_none());

    // A rule edited, then reset to the preset.
    click_label(&mut h, "Rules");
    assert!(h.query_by_label("strike.locked_trains").is_some());
    type_into(&mut h, "coins.start", "4");
    press_enter(&mut h);
    let rules = &h.state().doc.design.rules;
    let coins = rules
        .get("coins")
        .and_then(|c| c.as_mapping())
        .and_then(|c| c.get("start"))
        .and_then(|v| v.as_u64());
    assert_eq!(coins, Some(4));
    click_label(&mut h, "Reset");
    assert!(h.state().doc.design.rules.get("coins").is_none());

    // A delivery ticket.
    click_label(&mut h, "Special cards");
    let specials = h.state().doc.design.specials.len();
    click_label(&mut h, "Add delivery ticket");
    let design = &h.state().doc.design;
    assert_eq!(design.specials.len(), specials + 1);
    assert_eq!(design.specials[specials].ticket.len(), 2);
    type_into(&mut h, &format!("Card {} second", specials + 1), "Vienna");
    press_enter(&mut h);
    assert_eq!(h.state().doc.design.specials[specials].ticket[1], "Vienna");

    // The first new station dragged a little: one undo step.
    // From where it is drawn now: the side panel's width follows its tab,
    // so the map may have moved a fraction of a point since it was placed.
    click_label(&mut h, "Select");
    let from = station_on_screen(&h, &name);
    let to = from + vec2(30.0, 20.0);
    let want = canvas::fit(&h.state().doc.design, map_rect(&h)).design_at(to);
    let before = h.state().doc.design.stations[new].clone();
    drag(&mut h, from, to);
    let moved = &h.state().doc.design.stations[new];
    assert!(
        pos2(moved.x, moved.y).distance(want) < 0.2,
        "{want:?} {moved:?}"
    );
    assert_eq!(h.state().doc.history().undo_label(), Some("Move station"));
    click_label(&mut h, "Undo");
    assert_eq!(h.state().doc.design.stations[new], before);
}

#[test]
fn a_short_simulation_colours_the_editors_tracks_while_the_heatmap_is_on() {
    let dir = tempfile::tempdir().unwrap();
    let demo = maps("trains-and-stations-demo.yaml");
    let mut h = harness(config(dir.path(), Some(demo)), [1500.0, 1000.0]);
    let tracks = h.state().doc.design.tracks.len();
    click_label(&mut h, "Playtest");
    click_label(&mut h, "Simulate…");
    for p in 2..=5 {
        if h.state().simulate.setup.players.contains(&p) != (p == 3) {
            click_label(&mut h, &format!("{p} players"));
        }
    }
    if !h.state().simulate.setup.bots.contains("random") {
        click_label(&mut h, "random");
    }
    type_into(&mut h, "Games", "6");
    press_enter(&mut h);
    click_label(&mut h, "Run");
    let t0 = Instant::now();
    while h.state().simulate.running() {
        assert!(t0.elapsed() < Duration::from_secs(120), "the run ends");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.run_steps(3);
    let overlay = h
        .state()
        .simulate
        .overlay()
        .unwrap_or_else(|| panic!("the heatmap is on: {}", h.state().simulate.message));
    assert_eq!(overlay.route_colors.len(), tracks, "a colour per track");
    assert!(
        overlay.route_notes.values().any(|n| n != "0.0"),
        "some track delivered: {:?}",
        overlay.route_notes
    );
    // The editor's map draws it: the figures stand beside the tracks.
    let note = overlay.route_notes[&0].clone();
    assert_eq!(h.state().canvas.overlay, overlay);
    assert!(!note.is_empty());
    h.get_by_label("Show heatmap on the map").click();
    h.run_steps(3);
    assert!(h.state().simulate.overlay().is_none(), "switched off");
    assert!(h.state().canvas.overlay.route_colors.is_empty());
}

#[test]
fn file_new_starts_a_station_map_or_a_card_game_with_the_rulebook_rules() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(config(dir.path(), Some(maps("usa.yaml"))), [1500.0, 1000.0]);

    common::new_design(&mut h, Some("Trains & Stations (the dice game)"));
    let design = &h.state().doc.design;
    assert_eq!(design.family, formats::Family::Dice);
    assert!(design.stations.is_empty() && design.cities.is_empty());
    assert!(formats::dice::resolve(&design.rules).is_ok());
    // The station editor takes the first station.
    click_label(&mut h, "Add station");
    let spot = map_rect(&h).center();
    click_at(&mut h, spot, Modifiers::NONE);
    assert_eq!(h.state().doc.design.stations.len(), 1);

    // The document is dirty now: New asks first, and discarding goes on.
    common::new_design(&mut h, Some("Card game (Ticket to Ride: The Card Game)"));
    click_label(&mut h, "Discard changes");
    let design = &h.state().doc.design;
    assert_eq!(design.family, formats::Family::CardGame);
    assert!(design.tickets.is_empty() && design.stations.is_empty());
    assert!(formats::card_game::resolve(&design.rules, &design.cards).is_ok());
    assert!(h.query_by_label("New ticket").is_some());
}
