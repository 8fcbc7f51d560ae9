//! Bot speed, the figures of `docs/bots.md`: µs per decision for every board
//! bot on positions of USA and Europe games at 2 and 4 players, and whole
//! games of the heuristic styles (the simulation's throughput per thread).
//! Run: `cargo bench -p tracklayer-engine --bench bots` (add a filter such as
//! `decision/usa-2p` to run a part).
//!
//! A decision is measured on positions taken from several games, one after
//! the other, so a heuristic bot replans at almost every call (the cost of
//! its first decision in a new position); within a game its plan is kept
//! between decisions and most decisions cost less.

use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::board_game::board::Board;
use engine::board_game::bots::{self, BoardBot};
use engine::board_game::{BoardFamily, BoardGame, State};
use engine::game::GameState;
use engine::game::table::{DEFAULT_TURN_CAP, Table};
use engine::sim::record;

/// The designs and player counts measured.
const TABLES: [(&str, usize); 4] = [("usa", 2), ("usa", 4), ("europe", 2), ("europe", 4)];

/// The heuristic styles (whole games are measured for these).
const STYLES: [&str; 4] = [
    "route-focus",
    "destination-hungry",
    "long-route",
    "one-step",
];

fn game(map: &str, players: usize) -> Arc<BoardGame> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../maps/{map}.yaml"));
    let loaded = formats::load(&path).expect("a bundled map loads");
    let board = Board::build(&loaded.design).expect("a bundled map builds");
    BoardGame::new(Arc::new(board), players).expect("the map allows the player count")
}

/// Positions met in a few games of the four styles, one every few actions.
fn positions(game: &Arc<BoardGame>) -> Vec<State> {
    let mut out = Vec::new();
    for seed in 0..4 {
        let mut players: Vec<Box<BoardBot>> = (0..game.players())
            .map(|s| bots::by_name(STYLES[s % STYLES.len()], seed).expect("a bot"))
            .collect();
        let mut table = Table::new(game.new_game(seed), &mut players, DEFAULT_TURN_CAP);
        let mut k = 0;
        table
            .play(|state, _, _, _| {
                if k % 5 == 0 && !state.is_terminal() {
                    out.push(state.clone());
                }
                k += 1;
            })
            .expect("bots play legal actions");
    }
    out
}

fn decisions(c: &mut Criterion) {
    let mut group = c.benchmark_group("decision");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (map, players) in TABLES {
        let game = game(map, players);
        let states = positions(&game);
        for name in ["random"].into_iter().chain(STYLES).chain([
            "blocker",
            "hoarder",
            "mcts:50",
            "expert:30",
        ]) {
            let slow = name.contains(':');
            group.sample_size(if slow { 10 } else { 50 });
            let mut bot = bots::by_name(name, 1).expect("a bot");
            // The searches visit fewer positions, spread over the games.
            let step = if slow { 7 } else { 1 };
            let mut i = 0;
            group.bench_function(format!("{map}-{players}p/{name}"), |b| {
                b.iter(|| {
                    let s = &states[(i * step) % states.len()];
                    i += 1;
                    let seat = s.current_player().expect("a running game");
                    black_box(bot.act(&s.observation(seat)))
                })
            });
        }
    }
    group.finish();
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("game");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (map, players) in TABLES {
        let game = game(map, players);
        for name in STYLES.into_iter().chain(["mixed"]) {
            let mut seed = 0u64;
            group.bench_function(format!("{map}-{players}p/{name}"), |b| {
                b.iter(|| {
                    seed += 1;
                    // `mixed`: the four styles at the table, as `simulate`'s default.
                    let mut table: Vec<Box<BoardBot>> = (0..players)
                        .map(|s| {
                            let style = if name == "mixed" { STYLES[s % 4] } else { name };
                            bots::by_name(style, seed + s as u64).expect("a bot")
                        })
                        .collect();
                    black_box(record::play::<BoardFamily>(
                        game.board(),
                        &game,
                        seed,
                        &mut table,
                        vec![0; players],
                        DEFAULT_TURN_CAP,
                        None,
                    ))
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, decisions, games);
criterion_main!(benches);
