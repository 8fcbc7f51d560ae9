//! File → Compare… as a designer uses it: the open design (the unbalanced
//! USA) against the bundled USA lists the three tickets whose points differ
//! and lights their cities on the map; edits are followed; a file that does
//! not load is named.

use crate::common;

use common::{config, harness, maps, type_into};
use egui_kittest::kittest::Queryable as _;

fn click_label(h: &mut egui_kittest::Harness<'_, studio::app::Studio>, label: &str) {
    // The Compare window scrolls: bring the control into view first, and
    // move the pointer there so that no tooltip of the last click covers it.
    h.get_by_label(label).scroll_to_me();
    h.run_steps(2);
    h.get_by_label(label).hover();
    h.run_steps(2);
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
    h.get_by_label("~ New York - Atlanta: points: 24 → 6");
    h.get_by_label("~ Denver - El Paso: points: 16 → 4");
    // The decks side by side in figures: points differ, lengths do not.
    h.get_by_label("Decks");
    h.get_by_label("points off the shortest path");
    let [this, usa] = h.state().compare.as_ref().unwrap().decks.clone().unwrap();
    assert_eq!(this.lengths, usa.lengths);
    assert_ne!(this.points_total, usa.points_total);
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
        h.query_by_label("~ New York - Atlanta: points: 24 → 6")
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

#[test]
fn a_simulated_compare_lists_the_engines_metrics_and_draws_them_on_the_map() {
    use engine::board_game::map_diff::map_changes;
    use engine::diff::{report_diff, simulate_pair};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use studio::app::compare::simulated::{MapView, listed, metric_line};

    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(config(dir.path(), Some(maps("usa.yaml"))), [1500.0, 950.0]);
    click_label(&mut h, "File");
    click_label(&mut h, "Compare…");
    type_into(
        &mut h,
        "Path",
        &maps("usa-unbalanced.yaml").display().to_string(),
    );
    click_label(&mut h, "Compare");
    {
        let s = &mut h.state_mut().compare.as_mut().unwrap().simulated.settings;
        s.players_from = 3;
        s.players_to = 4;
        s.games = 60;
        s.seed = 5;
    }
    click_label(&mut h, "Run simulated comparison");
    assert!(h.state().compare.as_ref().unwrap().simulated.running());
    h.get_by_label("Stop simulations");
    while h.state().compare.as_ref().unwrap().simulated.running() {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.run_steps(3);

    // The engine's own comparison for the same settings.
    let load = |n: &str| formats::load(&maps(n)).unwrap().design;
    let board = |n: &str| Arc::new(engine::Board::build(&load(n)).unwrap());
    let config = engine::sim::SimConfig::<engine::board_game::BoardFamily> {
        design: board("usa.yaml"),
        players: vec![3, 4],
        games: 60,
        bots: [
            "route-focus",
            "destination-hungry",
            "long-route",
            "one-step",
        ]
        .map(str::to_owned)
        .to_vec(),
        seed: 5,
        threads: 0,
        turn_cap: engine::sim::DEFAULT_TURN_CAP,
    };
    let [a, b] = simulate_pair(
        &config,
        board("usa-unbalanced.yaml"),
        &|_| {},
        &AtomicBool::new(false),
    )
    .unwrap()
    .unwrap();
    let expected = report_diff(&a, &b).unwrap();
    let result = h
        .state()
        .compare
        .as_ref()
        .unwrap()
        .simulated
        .result()
        .unwrap()
        .clone();
    assert_eq!(result.metrics, expected);
    assert_eq!(result.map, map_changes(&a, &b));
    // The window lists every change beyond chance, and only those.
    let beyond = listed(&expected, false);
    for m in &beyond {
        h.get_by_label(&metric_line(m));
    }
    let quiet = expected.iter().find(|m| !m.significant()).unwrap();
    assert!(h.query_by_label(&metric_line(quiet)).is_none());
    let with_interval = expected.iter().filter(|m| m.interval.is_some()).count();
    h.get_by_label_contains(&format!(
        "{} of {with_interval} metrics with an interval changed beyond chance",
        beyond.len()
    ));

    // On the map: the route claim-rate changes at 4 players, with a legend.
    click_label(&mut h, "Route claim rate");
    assert_eq!(
        h.state().compare.as_ref().unwrap().simulated.map_view,
        MapView::ClaimRate
    );
    h.get_by_label_contains("red: claimed more often in usa-unbalanced.yaml");
    {
        let s = &mut h.state_mut().compare.as_mut().unwrap().simulated;
        s.map_players = 4;
    }
    h.run_steps(3);
    let overlay = &h.state().canvas.overlay;
    let routes = &result.map.iter().find(|m| m.players == 4).unwrap().routes;
    assert_eq!(overlay.route_colors.len(), routes.len());
    let r = &routes[0];
    assert!(overlay.route_notes[&r.index].starts_with("claim rate"));

    // Ticket completion: the cities of the tickets that changed beyond chance are lit.
    click_label(&mut h, "Ticket completion");
    let tickets = &result.map.iter().find(|m| m.players == 4).unwrap().tickets;
    let design = &h.state().doc.design;
    let overlay = &h.state().canvas.overlay;
    assert!(!overlay.city_colors.is_empty());
    for t in tickets.iter().filter(|t| t.completion.significant()) {
        let ticket = &design.tickets[t.index];
        let city = design
            .cities
            .iter()
            .position(|c| c.name == ticket.from)
            .unwrap();
        assert!(overlay.lit_cities.contains(&city), "{} is not lit", t.name);
    }

    // All metrics on request, the changes beyond chance first.
    click_label(&mut h, "Show all metrics");
    for m in listed(&expected, true).iter().take(beyond.len() + 3) {
        h.get_by_label(&metric_line(m));
    }
}

/// Compares the open `design` with `other`, then plays both at `players`.
fn compare_family(
    design: &str,
    other: &str,
    players: usize,
) -> (
    tempfile::TempDir,
    egui_kittest::Harness<'static, studio::app::Studio>,
) {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(config(dir.path(), Some(maps(design))), [1500.0, 950.0]);
    click_label(&mut h, "File");
    click_label(&mut h, "Compare…");
    type_into(&mut h, "Path", &maps(other).display().to_string());
    click_label(&mut h, "Compare");
    {
        let s = &mut h.state_mut().compare.as_mut().unwrap().simulated.settings;
        s.players_from = players;
        s.players_to = players;
        s.games = 40;
        s.seed = 5;
    }
    // Short games: they may be done by the time the click is handled.
    click_label(&mut h, "Run simulated comparison");
    while h.state().compare.as_ref().unwrap().simulated.running() {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.run_steps(3);
    (dir, h)
}

/// The line of the first metric that did not change beyond chance.
fn r_metric_within_chance(h: &egui_kittest::Harness<'_, studio::app::Studio>) -> String {
    let r = h
        .state()
        .compare
        .as_ref()
        .unwrap()
        .simulated
        .result()
        .unwrap();
    let m = r.metrics.iter().find(|m| !m.significant()).unwrap();
    studio::app::compare::simulated::metric_line(m)
}

#[test]
fn a_card_game_design_compares_by_data_and_in_simulation() {
    let (_dir, mut h) = compare_family("card-game-usa-unbalanced.yaml", "card-game-usa.yaml", 2);
    // The data: the Big Cities differ (a list, shown whole).
    h.get_by_label_contains("big_cities: ");
    let view = h.state().compare.as_ref().unwrap();
    let r = view
        .simulated
        .result()
        .expect("the simulated comparison ran");
    assert_eq!(r.players, [2]);
    assert!(r.map.is_empty(), "a card game has no map of routes");
    // The card game's own metrics are compared: Dallas is worth less there.
    assert!(
        r.metrics.iter().any(|m| m.metric.contains("Dallas")),
        "{:?}",
        r.metrics.iter().map(|m| &m.metric).collect::<Vec<_>>()
    );
    h.get_by_label_contains("changed beyond chance");
    assert!(h.query_by_label("Route claim rate").is_none());
    click_label(&mut h, "Show all metrics");
    let quiet = r_metric_within_chance(&h);
    h.get_by_label(&quiet);
}

#[test]
fn a_trains_and_stations_design_compares_its_tracks_and_goods() {
    let (_dir, h) = compare_family(
        "trains-and-stations-unbalanced.yaml",
        "trains-and-stations-demo.yaml",
        4,
    );
    // The data: the long track by name, and the gold monopoly.
    h.get_by_label("~ Vienna - Budapest: spaces: 5 → 2");
    h.get_by_label("goods.gold.monopoly: 24 → 9");
    let r = h
        .state()
        .compare
        .as_ref()
        .unwrap()
        .simulated
        .result()
        .expect("the simulated comparison ran");
    assert_eq!(r.players, [4]);
    // Vienna - Budapest is delivered more often on the demo's two spaces.
    let track = r
        .metrics
        .iter()
        .find(|m| m.metric.contains("Vienna - Budapest"))
        .expect("the track's deliveries are compared");
    assert!(track.change > 0.0, "{track:?}");
    h.get_by_label_contains("changed beyond chance");
}
