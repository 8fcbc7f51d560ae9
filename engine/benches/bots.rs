//! Bot speed: µs per decision for each bot on positions of 2-player USA games,
//! and whole 2-player USA games per second for the heuristic bots (the
//! simulation's throughput per thread). Run: `cargo bench -p tracklayer-engine --bench bots`.

use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::board::Board;
use engine::board_game::bots::{self, BoardBot};
use engine::board_game::{BoardFamily, BoardGame, State};
use engine::game::GameState;
use engine::game::table::{DEFAULT_TURN_CAP, Table};
use engine::sim::record;

fn usa() -> Arc<BoardGame> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
    let loaded = formats::load(&path).expect("the bundled USA map loads");
    let board = Board::build(&loaded.design).expect("the bundled USA map builds");
    BoardGame::new(Arc::new(board), 2).expect("USA allows 2 players")
}

/// Positions met in a few route-focus games, one every few actions.
fn positions(game: &Arc<BoardGame>) -> Vec<State> {
    let mut out = Vec::new();
    for seed in 0..4 {
        let mut players: Vec<Box<BoardBot>> = (0..2)
            .map(|_| bots::by_name("route-focus", seed).expect("a bot"))
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
    let game = usa();
    let states = positions(&game);
    let mut group = c.benchmark_group("decision");
    for name in [
        "random",
        "route-focus",
        "destination-hungry",
        "long-route",
        "one-step",
    ] {
        let mut bot = bots::by_name(name, 1).expect("a bot");
        let mut i = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                let s = &states[i % states.len()];
                i += 1;
                let seat = s.current_player().expect("a running game");
                black_box(bot.act(&s.observation(seat)))
            })
        });
    }
    group.sample_size(10);
    let mut bot = bots::by_name("mcts", 1).expect("a bot");
    let mut i = 0;
    group.bench_function("mcts", |b| {
        b.iter(|| {
            let s = &states[(i * 7) % states.len()];
            i += 1;
            let seat = s.current_player().expect("a running game");
            black_box(bot.act(&s.observation(seat)))
        })
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    let game = usa();
    let mut group = c.benchmark_group("usa-2p-game");
    for name in [
        "route-focus",
        "destination-hungry",
        "long-route",
        "one-step",
    ] {
        let mut seed = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let mut players: Vec<Box<BoardBot>> = (0..2)
                    .map(|s| bots::by_name(name, seed + s).expect("a bot"))
                    .collect();
                black_box(record::play::<BoardFamily>(
                    game.board(),
                    &game,
                    seed,
                    &mut players,
                    vec![0, 0],
                    DEFAULT_TURN_CAP,
                ))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, decisions, games);
criterion_main!(benches);
