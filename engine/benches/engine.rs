//! Uniform-random legal play from setup to the end, one thread: complete games
//! per second on the bundled maps (`cargo bench -p tracklayer-engine --bench engine`).

use std::path::Path;
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::board_game::BoardGame;
use engine::game::play_randomly;
use engine::rng::GameRng;

fn board(name: &str) -> Arc<engine::Board> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(name);
    let loaded = formats::load(&path).expect("bundled map loads");
    Arc::new(engine::Board::build(&loaded.design).expect("bundled map builds"))
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random game");
    for (map, players) in [
        ("usa.yaml", 2),
        ("usa.yaml", 4),
        ("europe.yaml", 4),
        ("heart-of-africa-rules.yaml", 4),
    ] {
        let game = BoardGame::new(board(map), players).expect("player count");
        group.throughput(Throughput::Elements(1));
        let mut seed = 0u64;
        let mut rng = GameRng::seeded(1);
        group.bench_function(format!("{map} {players}p"), |b| {
            b.iter(|| {
                seed += 1;
                let mut state = game.new_game(seed);
                play_randomly(&mut state, &mut rng, 10_000).expect("legal play")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
