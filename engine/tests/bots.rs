//! Every bot plays only legal actions on every bundled map at every player
//! count the map allows (2–5), never looks at hidden information, and is
//! reproducible from its seed.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use engine::board::Board;
use engine::board_game::{Action, BoardGame, State};
use engine::bots::{self, Bot};
use engine::game::{EndReason, GameState, Observation as _};
use engine::rng::GameRng;

const MAPS: [&str; 5] = [
    "usa.yaml",
    "europe.yaml",
    "heart-of-africa-rules.yaml",
    "usa-stations.yaml",
    "usa-globetrotter.yaml",
];

const HEURISTICS: [&str; 5] = [
    "random",
    "route-focus",
    "destination-hungry",
    "long-route",
    "one-step",
];

fn boards() -> &'static Vec<(&'static str, Arc<Board>)> {
    static BOARDS: OnceLock<Vec<(&'static str, Arc<Board>)>> = OnceLock::new();
    BOARDS.get_or_init(|| {
        MAPS.iter()
            .map(|m| {
                let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../maps")
                    .join(m);
                let loaded = formats::load(&path).unwrap_or_else(|e| panic!("{e}"));
                let board = Board::build(&loaded.design).unwrap_or_else(|d| panic!("{d:?}"));
                (*m, Arc::new(board))
            })
            .collect()
    })
}

/// Plays a game, checking every action against the legal list. Returns the
/// final state.
fn play_checked(game: &Arc<BoardGame>, seed: u64, bots: &mut [Box<dyn Bot>], what: &str) -> State {
    let mut state = game.new_game(seed);
    let mut legal: Vec<Action> = Vec::new();
    while let Some(seat) = state.current_player() {
        assert!(state.turn() < 1000, "{what}: the game did not end");
        let obs = state.observation(seat);
        let a = bots[seat.index()].act(&obs);
        legal.clear();
        state.legal_actions(&mut legal);
        assert!(
            legal.contains(&a),
            "{what}: {} at {seat} chose `{}` ({a:?}), which is not legal in {:?}",
            bots[seat.index()].name(),
            state.action_text(a),
            state.phase()
        );
        state
            .apply(a)
            .unwrap_or_else(|e| panic!("{what}: refused: {e}"));
    }
    state
}

#[test]
fn heuristic_and_random_bots_play_only_legal_moves_on_every_map_at_2_to_5_players() {
    for (map, board) in boards() {
        let range = board.rules().players;
        for players in 2..=5usize {
            if players < usize::from(range.min) || players > usize::from(range.max) {
                continue;
            }
            let game = BoardGame::new(board.clone(), players).unwrap();
            // Each bot sits at every table, next to the others.
            for first in 0..HEURISTICS.len() {
                let seed = (first * 31 + players) as u64;
                let mut bots: Vec<Box<dyn Bot>> = (0..players)
                    .map(|s| {
                        bots::by_name(HEURISTICS[(first + s) % HEURISTICS.len()], seed + s as u64)
                            .unwrap()
                    })
                    .collect();
                let what = format!("{map}, {players} players, table from {}", HEURISTICS[first]);
                let end = play_checked(&game, seed, &mut bots, &what);
                let reason = end.ending().unwrap().reason;
                assert_ne!(reason, EndReason::TurnCap, "{what}");
            }
        }
    }
}

#[test]
fn the_heuristic_bots_finish_usa_games_normally_and_score_sensibly() {
    let (_, board) = &boards()[0];
    let game = BoardGame::new(board.clone(), 4).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = HEURISTICS[1..]
        .iter()
        .map(|n| bots::by_name(n, 3).unwrap())
        .collect();
    let end = play_checked(&game, 11, &mut bots, "usa, 4 heuristic bots");
    let ending = end.ending().unwrap();
    assert_eq!(ending.reason, EndReason::Normal);
    // Every style completes some tickets and scores more than its routes' worth of failures.
    for b in &ending.breakdowns {
        assert!(b.routes > 20, "{b:?}");
    }
    let completed: usize = ending.breakdowns.iter().map(|b| b.completed.len()).sum();
    assert!(completed >= 4, "{:?}", ending.breakdowns);
}

#[test]
fn mcts_plays_legal_moves_on_europe_and_heart_of_africa() {
    for (map, players) in [("europe.yaml", 2), ("heart-of-africa-rules.yaml", 3)] {
        let board = &boards().iter().find(|(m, _)| *m == map).unwrap().1;
        let game = BoardGame::new(board.clone(), players).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..players)
            .map(|s| {
                if s == 0 {
                    bots::by_name("mcts:12", 5).unwrap()
                } else {
                    bots::by_name("one-step", 5).unwrap()
                }
            })
            .collect();
        play_checked(&game, 21, &mut bots, map);
    }
}

#[test]
fn bots_decide_the_same_on_every_state_behind_the_same_observation() {
    // Two states that differ only in what the player cannot see must get the
    // same decision: the bots read observations only.
    let (_, board) = &boards()[1];
    let game = BoardGame::new(board.clone(), 3).unwrap();
    // MCTS samples the hidden parts; with a small budget it must still not
    // depend on their real order.
    for name in HEURISTICS[1..].iter().chain(&["mcts:20"]) {
        let mut players: Vec<Box<dyn Bot>> =
            (0..3).map(|s| bots::by_name(name, s).unwrap()).collect();
        let mut state = game.new_game(8);
        let mut rng = GameRng::seeded(99);
        let mut checked = 0;
        while let Some(seat) = state.current_player() {
            if state.turn() % 7 == 3 {
                let obs = state.observation(seat);
                let other = obs.sample_state(&mut rng);
                let mut a = bots::by_name(name, 1).unwrap();
                let mut b = bots::by_name(name, 1).unwrap();
                let x = a.act(&obs);
                let y = b.act(&other.observation(seat));
                assert_eq!(x, y, "{name} at turn {}", state.turn());
                checked += 1;
            }
            let obs = state.observation(seat);
            let act = players[seat.index()].act(&obs);
            state.apply(act).unwrap();
        }
        assert!(checked > 10, "{name}");
    }
}

#[test]
fn a_seed_reproduces_a_game_and_bot_names_are_checked() {
    let (_, board) = &boards()[0];
    let game = BoardGame::new(board.clone(), 2).unwrap();
    let run = || {
        let mut bots: Vec<Box<dyn Bot>> = vec![
            bots::by_name("random", 4).unwrap(),
            bots::by_name("mcts:8", 4).unwrap(),
        ];
        let end = play_checked(&game, 4, &mut bots, "usa, random vs mcts");
        end.ending().unwrap().outcome.scores.clone()
    };
    assert_eq!(run(), run());
    let err = bots::by_name("greedy", 0).err().unwrap().to_string();
    assert!(
        err.contains("`greedy`") && err.contains("route-focus"),
        "{err}"
    );
    assert!(bots::by_name("mcts:lots", 0).is_err());
    assert!(bots::by_name("one-step:3", 0).is_err());
}

/// The USA map with another train supply, as a variant (`extends`).
fn usa_with_trains(trains: u16) -> Arc<Board> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../maps/usa-{trains}-trains.yaml"));
    let text = format!("format: tracklayer/1\nextends: usa.yaml\nrules: {{trains: {trains}}}\n");
    let loaded = formats::load_str(&text, &path).unwrap_or_else(|e| panic!("{e}"));
    Arc::new(Board::build(&loaded.design).unwrap_or_else(|d| panic!("{d:?}")))
}

#[test]
fn the_bots_numbers_come_from_the_rules_and_the_board() {
    use engine::bots::Style;
    use engine::bots::scale::Scale;
    let board = |m: &str| Scale::new(&boards().iter().find(|(n, _)| *n == m).unwrap().1);
    // The bundled designs with 45 trains give the numbers the bots were tuned with.
    let usa = board("usa.yaml");
    assert_eq!(
        (usa.trains, usa.last_turns, usa.endgame, usa.rival_tickets),
        (45, 5, 6, 12)
    );
    assert_eq!((usa.hungry_spare, usa.hungry_tickets), (15, 7));
    assert_eq!(
        (
            usa.long_route,
            usa.short_route,
            usa.paying_length,
            usa.paying_points
        ),
        (5, 2, 3, 4)
    );
    assert_eq!((usa.big_ticket, usa.locomotive_deficit), (15, 6));
    let ticket_trains = |s: &Scale| Style::ALL.map(|style| style.ticket_trains(s));
    assert_eq!(ticket_trains(&usa), [14, 8, 22, 18]);
    let europe = board("europe.yaml");
    // Europe's longest route is 8 long and scores 21.
    assert_eq!((europe.long_route, europe.big_ticket), (6, 21));
    let c = europe.costs;
    assert_eq!(
        (c.tunnel, c.ferry, c.new_station, c.own_station, c.long_bias),
        (6, 5, 45, 5, 0)
    );
    assert_eq!(ticket_trains(&europe), [14, 8, 22, 18]);
    let africa = board("heart-of-africa-rules.yaml");
    assert_eq!((africa.paying_length, africa.paying_points), (3, 4));

    // Fewer trains: every threshold in trains shrinks with the supply; what
    // the board fixes (route lengths and points, costs) does not.
    let small = Scale::new(&usa_with_trains(30));
    assert_eq!(small.trains, 30);
    assert_eq!(ticket_trains(&small), [9, 5, 15, 12]);
    assert_eq!(
        (small.last_turns, small.endgame, small.rival_tickets),
        (4, 4, 8)
    );
    assert_eq!((small.hungry_spare, small.hungry_tickets), (10, 5));
    assert_eq!(
        (small.long_route, small.big_ticket, small.costs),
        (usa.long_route, usa.big_ticket, usa.costs)
    );
    let large = Scale::new(&usa_with_trains(60));
    assert!(
        ticket_trains(&large)
            .iter()
            .zip(ticket_trains(&usa))
            .all(|(l, u)| *l > u)
    );
    assert!(large.endgame > usa.endgame && large.rival_tickets > usa.rival_tickets);
}

#[test]
fn the_heuristic_bots_finish_games_with_a_smaller_train_supply() {
    for trains in [20, 30] {
        let board = usa_with_trains(trains);
        for players in [2, 4] {
            let game = BoardGame::new(board.clone(), players).unwrap();
            for seed in 0..4u64 {
                let mut bots: Vec<Box<dyn Bot>> = (0..players)
                    .map(|s| {
                        let name = HEURISTICS[1 + (s + seed as usize) % 4];
                        bots::by_name(name, seed).unwrap()
                    })
                    .collect();
                let what = format!("usa with {trains} trains, {players} players, seed {seed}");
                let end = play_checked(&game, seed, &mut bots, &what);
                let ending = end.ending().unwrap();
                assert_eq!(ending.reason, EndReason::Normal, "{what}");
                // The game ran out of trains, not of turns or moves.
                let least = (0..players)
                    .map(|s| {
                        end.observation(engine::game::Seat(s as u8))
                            .player(engine::game::Seat(s as u8))
                            .trains
                    })
                    .min()
                    .unwrap();
                assert!(
                    least <= board.rules().end.trains_left,
                    "{what}: {least} trains left"
                );
                let completed: usize = ending.breakdowns.iter().map(|b| b.completed.len()).sum();
                assert!(2 * completed >= players, "{what}: {:?}", ending.breakdowns);
            }
        }
    }
}
