//! The Simulate window driven as a designer drives it: Playtest → Simulate…,
//! the form filled in through its labelled controls, Run, then the heatmap,
//! tables, findings, comparison and export checked against the engine's own
//! report for the same configuration.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use common::{click_at, click_label, config, harness, maps};
use egui::{Modifiers, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use engine::board_game::BoardFamily;
use engine::board_game::sim::BoardReport;
use engine::game::Family as _;
use engine::sim::SimReport;
use studio::app::Studio;
use studio::app::selection::Obj;
use studio::app::simulate::Page;
use studio::app::simulate::board::heat::{self, HeatMode};
use studio::app::simulate::board::tickets::{self, ticket_cities};
use studio::app::simulate::setup::{self, Setup};

fn usa() -> PathBuf {
    maps("usa.yaml")
}

fn studio(dir: &Path) -> Harness<'static, Studio> {
    harness(config(dir, Some(usa())), [1500.0, 950.0])
}

/// Types into a field and confirms it with Enter, as a designer does.
fn type_into(h: &mut Harness<'_, Studio>, label: &str, text: &str) {
    common::type_into(h, label, text);
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
}

/// Opens the window and fills the form: `players` only, `games`, `seed`.
fn fill_form(h: &mut Harness<'_, Studio>, players: usize, games: u32, seed: u64) {
    click_label(h, "Playtest");
    click_label(h, "Simulate…");
    assert!(h.state().simulate.open);
    let label = format!("{players} players");
    if !h.state().simulate.setup.players.contains(&players) {
        click_label(h, &label);
    }
    for p in 2..=5 {
        if p != players && h.state().simulate.setup.players.contains(&p) {
            click_label(h, &format!("{p} players"));
        }
    }
    type_into(h, "Games", &games.to_string());
    type_into(h, "Seed", &seed.to_string());
    let s = &h.state().simulate.setup;
    assert_eq!(
        (
            s.players.iter().copied().collect::<Vec<_>>(),
            s.games,
            s.seed
        ),
        (vec![players], games, seed)
    );
}

/// Steps frames until the run under way has ended.
fn wait_for_run(h: &mut Harness<'_, Studio>) {
    let start = Instant::now();
    while h.state().simulate.running() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the run never ended"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.run_steps(3);
}

/// What the engine reports for the same configuration, run directly.
fn engine_report(h: &Harness<'_, Studio>, setup: &Setup) -> SimReport<BoardReport> {
    let config = setup::config::<BoardFamily>(&h.state().doc.design, setup).unwrap();
    engine::sim::simulate(&config, &|_| {}, &AtomicBool::new(false)).unwrap()
}

fn run_small(h: &mut Harness<'_, Studio>, games: u32) -> SimReport<BoardReport> {
    fill_form(h, 2, games, 11);
    click_label(h, "Run");
    wait_for_run(h);
    let setup = h.state().simulate.setup.clone();
    engine_report(h, &setup)
}

fn page(h: &mut Harness<'_, Studio>, p: Page) {
    click_label(h, p.label::<BoardFamily>());
    assert_eq!(h.state().simulate.page, p);
}

#[test]
fn a_run_from_the_window_shows_the_engines_report_on_the_map_and_in_tables() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path());
    let expected = run_small(&mut h, 40);
    let results = h
        .state()
        .simulate
        .results::<BoardFamily>()
        .cloned()
        .expect("a report");
    assert_eq!(results.report, expected, "same seed, same report");
    assert!(!results.report.cancelled);
    let s = &expected.by_players[0];
    assert_eq!((s.players, s.games), (2, 40));

    // The heatmap: the canvas overlay is the report's claim rates, then turns.
    let want = heat::overlay(s, HeatMode::ClaimRate, &expected.bots);
    let got = h.state().canvas.overlay.clone();
    assert_eq!(got.route_colors, want.route_colors);
    assert_eq!(got.route_weights, want.route_weights);
    assert_eq!(got.route_notes, want.route_notes);
    assert_eq!(got.city_colors, want.city_colors);
    let never: Vec<usize> = got.crossed_routes.iter().copied().collect();
    assert_eq!(never.len(), s.family.map.never_claimed.len());
    let busiest = s
        .family
        .map
        .routes
        .iter()
        .max_by(|a, b| a.claim_rate.total_cmp(&b.claim_rate))
        .unwrap();
    assert_eq!(
        got.route_colors[&busiest.index],
        heat::ramp(busiest.claim_rate as f32)
    );
    click_label(&mut h, "Mean claim turn");
    let want = heat::overlay(s, HeatMode::MeanTurn, &expected.bots);
    assert_eq!(h.state().canvas.overlay.route_colors, want.route_colors);
    click_label(&mut h, "Show heatmap on the map");
    assert!(
        h.state().canvas.overlay.is_empty(),
        "the heatmap can be hidden"
    );
    click_label(&mut h, "Show heatmap on the map");

    // Tables show the report's numbers.
    page(&mut h, Page::WinRates);
    for seat in &s.outcome.seats {
        assert!(
            h.query_by_label(&seat.win_rate.percent()).is_some(),
            "seat {} win rate {}",
            seat.seat,
            seat.win_rate.percent()
        );
    }
    for b in &s.outcome.bots {
        // Its checkbox in the form, and its row in the table.
        assert_eq!(h.query_all_by_label(&b.bot).count(), 2, "{}", b.bot);
        assert!(h.query_by_label(&b.win_rate.percent()).is_some() || b.win_rate.value == 0.0);
    }
    page(&mut h, Page::GameLength);
    // The share of normal endings (other rows, such as a jam-free 100%, may
    // read the same).
    assert!(
        h.query_all_by_label(&s.pace.end_reasons.normal.percent())
            .next()
            .is_some()
    );
    page(&mut h, Page::Table);
    let rows = tickets::ticket_lines(s, tickets::TicketSort::File, false);
    let held = rows.iter().find(|t| t.held > 0).unwrap();
    let row = &s.family.map.tickets[held.index];
    assert!((held.completion, held.held) == (row.completion.value, row.held));
    assert!(h.query_all_by_label(&held.completion_text).next().is_some());
    assert!(h.query_all_by_label(&held.name).next().is_some());
}

#[test]
fn cancel_stops_a_long_run_while_the_editor_keeps_working() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path());
    fill_form(&mut h, 2, 500_000, 3);
    click_label(&mut h, "Run");
    assert!(h.state().simulate.running());
    let start = Instant::now();
    while h.state().simulate.progress().is_none_or(|p| p.done == 0) {
        assert!(start.elapsed() < Duration::from_secs(20), "no progress");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        h.query_by_label_contains("of 500,000 games").is_some(),
        "the progress bar"
    );

    // The editor: add a city on the map, then undo it, during the run.
    let cities = h.state().doc.design.cities.len();
    click_label(&mut h, "Add city");
    let frame = Instant::now();
    click_at(&mut h, pos2(560.0, 560.0), Modifiers::NONE);
    assert_eq!(
        h.state().doc.design.cities.len(),
        cities + 1,
        "the city was added"
    );
    h.key_press(egui::Key::Escape);
    h.run_steps(1);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(h.state().doc.design.cities.len(), cities, "and undone");
    assert!(
        frame.elapsed() < Duration::from_secs(10),
        "frames go on while the games run"
    );
    assert!(h.state().simulate.running(), "still running meanwhile");

    click_label(&mut h, "Cancel");
    wait_for_run(&mut h);
    assert!(!h.state().simulate.running(), "the worker stopped");
    assert!(h.query_all_by_label_contains("cancelled").next().is_some());
    if let Some(r) = h.state().simulate.results::<BoardFamily>() {
        assert!(r.report.cancelled);
        assert!(r.report.by_players[0].games < 500_000);
    }
}

#[test]
fn findings_and_ticket_rows_select_on_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path());
    // So few games leave routes unclaimed: findings that name routes.
    let report = run_small(&mut h, 5);
    page(&mut h, Page::Findings);
    let on_map = |kind: &str, index| match kind {
        "route" => Some(Obj::Route(index)),
        "city" => Some(Obj::City(index)),
        "ticket" => Some(Obj::Ticket(index)),
        _ => None,
    };
    let finding = report
        .findings
        .iter()
        .find(|f| f.objects.iter().any(|o| on_map(&o.kind, o.index).is_some()))
        .expect("a finding about the map");
    click_label(&mut h, &finding.text);
    for o in &finding.objects {
        if let Some(obj) = on_map(&o.kind, o.index) {
            assert!(h.state().selection.contains(obj), "{} is selected", o.name);
        }
    }

    page(&mut h, Page::Table);
    let name = report.by_players[0].family.map.tickets[0].name.clone();
    click_label(&mut h, &name);
    let board = h
        .state()
        .simulate
        .results::<BoardFamily>()
        .unwrap()
        .design
        .clone();
    let ends = ticket_cities(&board, 0);
    assert_eq!(ends.len(), 2);
    for c in ends {
        assert!(h.state().canvas.overlay.lit_cities.contains(&c), "lit");
        assert!(h.state().selection.contains(Obj::City(c)), "selected");
    }
}

#[test]
fn compare_shows_before_and_after_and_export_writes_json_and_csv() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path());
    let before = run_small(&mut h, 40);
    page(&mut h, Page::Compare);
    click_label(&mut h, "Keep as baseline");

    // Fewer trains: shorter games.
    click_label(&mut h, "Rules");
    type_into(&mut h, "trains", "20");
    click_label(&mut h, "Run");
    wait_for_run(&mut h);
    let setup = h.state().simulate.setup.clone();
    let after = engine_report(&h, &setup);
    assert_eq!(
        h.state().simulate.results::<BoardFamily>().unwrap().report,
        after
    );
    page(&mut h, Page::Compare);
    let (b, a) = (&before.by_players[0], &after.by_players[0]);
    assert!(a.pace.turns.mean < b.pace.turns.mean);
    assert!(h.query_by_label("Game length (turns)").is_some());
    assert!(
        h.query_by_label(&format!("{:.1}", b.pace.turns.mean))
            .is_some()
    );
    assert!(
        h.query_by_label(&format!("{:.1}", a.pace.turns.mean))
            .is_some()
    );
    let delta = format!("{:+.1}", a.pace.turns.mean - b.pace.turns.mean);
    assert!(h.query_by_label(&delta).is_some(), "{delta}");

    page(&mut h, Page::Export);
    let json = dir.path().join("report.json");
    let csv = dir.path().join("tables");
    type_into(&mut h, "JSON file", &json.display().to_string());
    click_label(&mut h, "Export JSON");
    let back: SimReport<BoardReport> =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(back.seed, after.seed);
    assert_eq!(back.by_players[0].games, 40);
    assert!(
        h.query_by_label_contains("report.json").is_some(),
        "says where"
    );
    type_into(&mut h, "CSV folder", &csv.display().to_string());
    click_label(&mut h, "Export CSV");
    for (file, header) in [
        ("routes.csv", "players,index,key,name"),
        ("tickets.csv", "players,index,name,points"),
        ("cities.csv", "players,index,name,completed_tickets"),
    ] {
        let text = std::fs::read_to_string(csv.join(file)).unwrap();
        assert!(text.starts_with(header), "{file}");
        assert!(text.lines().count() > 1);
    }
}

/// The vertical position of the control labelled `label`.
fn top(h: &Harness<'_, Studio>, label: &str) -> f32 {
    h.get_by_label(label).rect().min.y
}

#[test]
fn rated_bots_are_listed_strongest_first_in_the_simulate_and_play_forms() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path());
    click_label(&mut h, "Playtest");
    click_label(&mut h, "Simulate…");
    assert!(
        h.query_by_label("Not rated on this design yet: family order.")
            .is_some()
    );
    // A small ladder, so that the test stays quick in a debug build.
    h.state_mut().simulate.ratings.games = 2;
    h.state_mut().simulate.ratings.budget = 3;
    click_label(&mut h, "Rate bots");
    let start = Instant::now();
    while h.state().simulate.ratings.running() {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "the rating never ended"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run_steps(3);
    assert!(
        h.query_by_label("Bots, strongest first (rating on this design):")
            .is_some()
    );
    let ladder = {
        let s = h.state_mut();
        let doc = &s.doc;
        s.simulate
            .ratings
            .ladder(&doc.design, doc.generation())
            .expect("the design is rated")
            .clone()
    };
    assert_eq!(ladder.players, 2);
    assert_eq!(ladder.rungs.len(), BoardFamily::BOT_NAMES.len());
    // Every bot's checkbox, top to bottom in the ladder's order, its rating beside it.
    let names: Vec<&str> = ladder
        .rungs
        .iter()
        .map(|r| r.bot.split(':').next().unwrap())
        .collect();
    for pair in names.windows(2) {
        assert!(top(&h, pair[0]) < top(&h, pair[1]), "{pair:?}");
    }
    let best = &ladder.rungs[0];
    let rating = format!("{:+.0} ({:+.0} to {:+.0})", best.elo, best.low, best.high);
    assert!(
        h.query_all_by_label_contains(&rating).next().is_some(),
        "{rating} is shown"
    );

    // The Play form's seat menus follow the same ratings.
    click_label(&mut h, "Playtest");
    click_label(&mut h, "Play a game…");
    assert_eq!(
        h.query_all_by_label_contains("Rated on this design: 2 players")
            .count(),
        2,
        "both forms say so"
    );
    h.get_by_label("Seat 2").click();
    h.run_steps(3);
    let entry = |r: &engine::sim::ladder::Rung| {
        let name = r.bot.split(':').next().unwrap();
        let at = if name == r.bot {
            String::new()
        } else {
            format!(" at {}", r.bot)
        };
        format!(
            "{name}  {:+.0} ({:+.0} to {:+.0}){at}",
            r.elo, r.low, r.high
        )
    };
    let tops: Vec<f32> = ladder.rungs.iter().map(|r| top(&h, &entry(r))).collect();
    assert!(tops.windows(2).all(|w| w[0] < w[1]), "{tops:?}");
}
