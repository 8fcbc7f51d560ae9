//! The board game's bots beyond what the conformance test checks of every
//! family's bots (legal moves, hidden information, termination): they score
//! sensibly, a seed reproduces a game, and bad names are refused.

use std::path::Path;
use std::sync::Arc;

use engine::board::Board;
use engine::board_game::{BoardGame, State};
use engine::bots::{self, BoardBot};
use engine::game::table::{DEFAULT_TURN_CAP, Table};
use engine::game::{EndReason, GameState};

fn board(map: &str) -> Arc<Board> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(map);
    let loaded = formats::load(&path).unwrap_or_else(|e| panic!("{e}"));
    Arc::new(Board::build(&loaded.design).unwrap_or_else(|d| panic!("{d:?}")))
}

/// Plays a game through the one game loop and returns the final state.
fn play(game: &Arc<BoardGame>, seed: u64, bots: &mut [Box<BoardBot>]) -> State {
    let mut table = Table::new(game.new_game(seed), bots, DEFAULT_TURN_CAP);
    table
        .play(|_, _, _, _| {})
        .unwrap_or_else(|e| panic!("{e}"));
    table.state
}

#[test]
fn the_heuristic_bots_finish_usa_games_normally_and_score_sensibly() {
    let game = BoardGame::new(board("usa.yaml"), 4).unwrap();
    let mut bots: Vec<Box<BoardBot>> = [
        "route-focus",
        "destination-hungry",
        "long-route",
        "one-step",
    ]
    .iter()
    .map(|n| bots::by_name(n, 3).unwrap())
    .collect();
    let end = play(&game, 11, &mut bots);
    let ending = end.ending().unwrap();
    assert_eq!(ending.reason, EndReason::Normal);
    // Every style claims routes worth more than a few points.
    for b in &ending.breakdowns {
        assert!(b.routes > 20, "{b:?}");
    }
    let completed: usize = ending.breakdowns.iter().map(|b| b.completed.len()).sum();
    assert!(completed >= 4, "{:?}", ending.breakdowns);
}

#[test]
fn a_seed_reproduces_a_game_and_bot_names_are_checked() {
    let game = BoardGame::new(board("usa.yaml"), 2).unwrap();
    let run = || {
        let mut bots: Vec<Box<BoardBot>> = vec![
            bots::by_name("random", 4).unwrap(),
            bots::by_name("mcts:8", 4).unwrap(),
        ];
        let end = play(&game, 4, &mut bots);
        end.outcome().unwrap().scores
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
