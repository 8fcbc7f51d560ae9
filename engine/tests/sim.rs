//! The simulation: its report aggregates correctly (on a tiny map whose
//! answers are known), it is the same whatever the thread count, and designs
//! with known flaws produce the matching findings.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use engine::board_game::BoardFamily;
use engine::board_game::board::Board;
use engine::board_game::sim::BoardReport;
use engine::sim::{self, SimConfig, SimReport};

fn design(text: &str) -> Arc<Board> {
    let loaded = formats::load_str(text, Path::new("test.yaml")).unwrap_or_else(|e| panic!("{e}"));
    Arc::new(Board::build(&loaded.design).unwrap_or_else(|d| panic!("{d:#?}")))
}

fn bundled(name: &str) -> Arc<Board> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(name);
    let loaded = formats::load(&path).unwrap_or_else(|e| panic!("{e}"));
    Arc::new(Board::build(&loaded.design).unwrap_or_else(|d| panic!("{d:#?}")))
}

fn run(
    board: Arc<Board>,
    players: Vec<usize>,
    games: u32,
    bots: &[&str],
    threads: usize,
) -> SimReport<BoardReport> {
    let config = SimConfig::<BoardFamily> {
        design: board,
        players,
        games,
        bots: bots.iter().map(|s| s.to_string()).collect(),
        seed: 7,
        threads,
        turn_cap: sim::DEFAULT_TURN_CAP,
    };
    sim::simulate(&config, &|_| {}, &AtomicBool::new(false)).unwrap()
}

/// One route A–B of length 1 and one train each: whoever claims it first
/// completes their ticket and takes the longest path; the game then ends.
const ONE_ROUTE: &str = "format: tracklayer/1
name: One route
rules:
  players: {min: 2, max: 2}
  trains: 1
  end: {trains_left: 0}
  tickets:
    setup: {regular: 1, keep: 1}
    draw: {regular: 1, keep: 1}
cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 40, y: 0}
routes:
  - {from: A, to: B, length: 1, color: red}
tickets:
  - {from: A, to: B, points: 5}
  - {from: B, to: A, points: 5}
";

#[test]
fn the_report_adds_up_on_a_map_whose_answers_are_known() {
    let r = run(design(ONE_ROUTE), vec![2], 40, &["route-focus"], 1);
    let s = &r.by_players[0];
    assert_eq!(s.games, 40);
    assert!(s.errors.is_empty(), "{:?}", s.errors);
    // Every game: one claim, one ticket done (+5, route 1, longest path 10 = 16), one failed (−5).
    assert_eq!(s.pace.end_reasons.normal.value, 1.0);
    assert_eq!(s.family.map.routes[0].claimed, 40);
    assert_eq!(s.family.map.routes[0].claim_rate, 1.0);
    assert_eq!(s.family.map.routes[0].by_seat.iter().sum::<u64>(), 40);
    assert!(s.family.map.never_claimed.is_empty());
    assert_eq!((s.scores.winner.min, s.scores.winner.max), (16.0, 16.0));
    assert_eq!((s.scores.total.min, s.scores.total.max), (-5.0, 16.0));
    assert_eq!(s.scores.margin.mean, 21.0);
    assert_eq!(s.metrics.ticket_completion, Some(0.5));
    assert_eq!(s.scores.components["routes"], 0.5);
    assert_eq!(s.scores.components["tickets_completed"], 2.5);
    assert_eq!(s.scores.components["tickets_failed"], 2.5);
    assert_eq!(s.scores.components["longest_path_bonus"], 5.0);
    let held: u64 = s.family.map.tickets.iter().map(|t| t.held).sum();
    let done: u64 = s.family.map.tickets.iter().map(|t| t.completed).sum();
    assert_eq!((held, done), (80, 40));
    // Both cities are on every completed ticket.
    assert_eq!(s.family.map.cities[0].completed_tickets, 40);
    assert_eq!(s.family.map.cities[1].completed_per_game, 1.0);
    // Wins: seat shares add up to the games; the route's claimer always wins.
    let wins: f64 = s.outcome.seats.iter().map(|x| x.win_rate.count).sum();
    assert_eq!(wins, 40.0);
    let seat0 = s.outcome.seats[0].win_rate.count as u64;
    assert_eq!(seat0, s.family.map.routes[0].by_seat[0]);
    assert_eq!(s.outcome.shared_wins.count, 0.0);
    // Each game: 2 ticket choices, 1 claim, the rest card draws.
    let keep = &s.pace.action_shares[0];
    assert_eq!((keep.kind.as_str(), keep.count), ("keep-tickets", 80));
    let claims = s
        .pace
        .action_shares
        .iter()
        .find(|a| a.kind == "claim")
        .unwrap();
    assert_eq!(claims.count, 40);
    let balance =
        1.0 - (s.outcome.seats[0].win_rate.value - s.outcome.seats[1].win_rate.value).abs();
    assert!((s.metrics.balance - balance).abs() < 1e-12);
    // Score distributions: every player's final score is −5 or 16.
    let h = &s.scores.histogram;
    assert_eq!(
        (h.start, h.width, h.counts.iter().sum::<u64>()),
        (-5.0, 1.0, 80)
    );
    assert_eq!((h.counts[0], h.counts[21]), (40, 40));
    assert_eq!(s.scores.by_seat.len(), 2);
    assert_eq!(s.scores.by_seat.iter().map(|x| x.n).sum::<u64>(), 80);
    assert_eq!(s.scores.by_bot.len(), 1);
    assert_eq!(s.scores.by_bot[0], s.scores.total);
    assert_eq!(s.pace.turns_histogram.counts.iter().sum::<u64>(), 40);
    assert_eq!(s.pace.turns_histogram.start, s.pace.turns.min);
    // Reports written before these fields existed still read.
    let mut json = serde_json::to_value(&r).unwrap();
    let section = &mut json["by_players"][0];
    for (part, field) in [
        ("scores", "histogram"),
        ("scores", "by_seat"),
        ("scores", "by_bot"),
        ("pace", "turns_histogram"),
    ] {
        section[part].as_object_mut().unwrap().remove(field);
    }
    let old: SimReport<BoardReport> = serde_json::from_value(json).unwrap();
    assert!(old.by_players[0].scores.by_seat.is_empty());
}

#[test]
fn the_same_seed_gives_the_same_report_whatever_the_thread_count() {
    let board = bundled("usa.yaml");
    let bots = ["route-focus", "one-step", "long-route"];
    let one = run(board.clone(), vec![2, 3], 12, &bots, 1);
    let two = run(board, vec![2, 3], 12, &bots, 2);
    assert_eq!(one, two);
    assert_eq!(
        serde_json::to_string(&one).unwrap(),
        serde_json::to_string(&two).unwrap()
    );
}

/// A small map with known flaws: route E – F is longer than anyone's trains
/// (nobody can use it), so ticket A – F can never be completed.
const FLAWED: &str = "format: tracklayer/1
name: Flawed
rules:
  players: {min: 2, max: 2}
  trains: 5
  tickets:
    setup: {regular: 1, keep: 1}
    draw: {regular: 1, keep: 1}
cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 40, y: 0}
  - {name: C, x: 80, y: 0}
  - {name: D, x: 0, y: 40}
  - {name: E, x: 40, y: 40}
  - {name: F, x: 200, y: 40}
routes:
  - {from: A, to: B, length: 2, color: red}
  - {from: B, to: C, length: 2, color: blue}
  - {from: A, to: D, length: 2, color: green}
  - {from: D, to: E, length: 2, color: black}
  - {from: B, to: E, length: 2, color: gray}
  - {from: C, to: E, length: 3, color: gray}
  - {from: E, to: F, length: 6, color: gray}
tickets:
  - {from: A, to: F, points: 9}
  - {from: A, to: C, points: 4}
  - {from: D, to: C, points: 5}
  - {from: B, to: D, points: 4}
";

/// Two short routes and forty trains each: once both are claimed nobody can
/// ever reach the end, the cards run out, and the game stalls.
const STALLS: &str = "format: tracklayer/1
name: Stalls
rules:
  players: {min: 2, max: 2}
  trains: 40
  tickets:
    setup: {regular: 1, keep: 1}
    draw: {regular: 1, keep: 1}
cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 80, y: 0}
  - {name: C, x: 160, y: 0}
routes:
  - {from: A, to: B, length: 3, color: gray}
  - {from: B, to: C, length: 3, color: gray}
tickets:
  - {from: A, to: B, points: 4}
  - {from: B, to: C, points: 4}
  - {from: A, to: C, points: 8}
";

#[test]
fn a_route_nobody_can_use_and_an_impossible_ticket_are_findings() {
    let r = run(design(FLAWED), vec![2], 60, &["route-focus", "one-step"], 0);
    let codes: Vec<(&str, &str)> = r
        .findings
        .iter()
        .map(|f| (f.code.as_str(), f.text.as_str()))
        .collect();
    let never = r
        .findings
        .iter()
        .find(|f| f.code == "route-never-claimed")
        .unwrap_or_else(|| panic!("{codes:#?}"));
    assert_eq!(never.objects[0].index, 6);
    assert!(
        never.text.contains("E - F") && never.text.contains("60"),
        "{}",
        never.text
    );
    let hard = r
        .findings
        .iter()
        .find(|f| f.code == "ticket-hard")
        .unwrap_or_else(|| panic!("{codes:#?}"));
    assert_eq!(hard.objects[0].index, 0);
    assert!(
        hard.text.contains("A - F") && hard.text.contains("0%"),
        "{}",
        hard.text
    );
}

#[test]
fn a_map_where_two_player_games_stall_reports_the_stalemates() {
    let r = run(design(STALLS), vec![2], 4, &["route-focus"], 1);
    let s = &r.by_players[0];
    assert_eq!(
        s.pace.end_reasons.stalemate.count, 4.0,
        "{:?}",
        s.pace.end_reasons
    );
    let f = r
        .findings
        .iter()
        .find(|f| f.code == "stalemate")
        .expect("a stalemate finding");
    assert!(
        f.text
            .starts_with("100% of 2-player games end in a stalemate"),
        "{}",
        f.text
    );
    assert_eq!(r.findings[0].level, engine::sim::Level::Warning);
}

#[test]
fn cancelling_reports_the_games_finished() {
    let config = SimConfig::<BoardFamily> {
        design: bundled("usa.yaml"),
        players: vec![2],
        games: 50,
        bots: vec!["route-focus".into()],
        seed: 1,
        threads: 1,
        turn_cap: sim::DEFAULT_TURN_CAP,
    };
    let cancel = AtomicBool::new(false);
    let r = sim::simulate(
        &config,
        &|p| {
            if p.done >= 5 {
                cancel.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        },
        &cancel,
    )
    .unwrap();
    assert!(r.cancelled);
    let games = r.by_players[0].games;
    assert!((5..50).contains(&games), "{games}");
}

/// The USA map with a deck of 44 cards: hands soak it up and players get stuck.
fn usa_small_deck() -> Arc<Board> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa-small-deck.yaml");
    let text = "format: tracklayer/1\nextends: usa.yaml\ncards:\n  colors: {purple: 5, white: 5, \
                blue: 5, yellow: 5, orange: 5, black: 5, red: 5, green: 5}\n  locomotives: 4\n";
    let loaded = formats::load_str(text, &path).unwrap_or_else(|e| panic!("{e}"));
    Arc::new(Board::build(&loaded.design).unwrap_or_else(|d| panic!("{d:#?}")))
}

#[test]
fn a_design_that_jams_names_the_bot_at_the_table_and_a_game_that_replays_it() {
    use engine::game::Family;
    let board = usa_small_deck();
    let bots = [
        "route-focus",
        "one-step",
        "long-route",
        "hoarder",
        "destination-hungry",
    ];
    // 150 games: with seed 7 the first jam comes after 60 (3 of 150 jam).
    let r = run(board.clone(), vec![4], 150, &bots, 1);
    let jam = r
        .findings
        .iter()
        .find(|f| f.code == "jam")
        .unwrap_or_else(|| panic!("{:#?}", r.findings));
    assert!(jam.text.contains("at the table"), "{}", jam.text);
    assert!(
        jam.evidence
            .contains("replay one: tracklayer play FILE --players 4 --seed "),
        "{}",
        jam.evidence
    );
    // The named game jams again when replayed with its seed and seats.
    let ends = &r.by_players[0].pace.end_reasons;
    assert!(ends.jam.count > 0.0);
    let example = ends
        .by_bot
        .iter()
        .find(|b| b.kind == sim::findings::Trouble::Jam)
        .expect("a jam by bot");
    let game = BoardFamily::new_game(&board, 4).unwrap();
    let names: Vec<String> = example.seats.clone();
    let seats: Vec<usize> = (0..names.len()).collect();
    let mut players = sim::make_bots::<BoardFamily>(&names, &seats, example.seed).unwrap();
    let (again, _) = sim::record::play::<BoardFamily>(
        &board,
        &game,
        example.seed,
        &mut players,
        seats,
        sim::DEFAULT_TURN_CAP,
        None,
    );
    assert!(again.passes > 0, "{again:?}");
}
