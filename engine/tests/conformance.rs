//! The conformance test every rule family passes: on every bundled design of
//! the family (maps/*.yaml) at every player count it seats, random play and
//! every bot at every seat never panic, always end, play only offered actions,
//! conserve every component and recompute the final score; observations hide
//! what they must. A new family gets it with one line at the end.

use std::path::Path;
use std::sync::Arc;

use engine::board_game::BoardFamily;
use engine::card_game::CardFamily;
use engine::dice::DiceFamily;
use engine::game::conformance::{bot_play, random_play};
use engine::game::{EndReason, Family};

/// Every bundled design of family `F`, with its file name.
fn bundled<F: Family>() -> Vec<(String, Arc<F::Design>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("maps/ is readable")
        .map(|e| e.expect("a maps/ entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|path| {
            let loaded = formats::load(&path).unwrap_or_else(|e| panic!("{e}"));
            (loaded.design.family == F::KIND).then(|| {
                let design = F::build(&loaded.design)
                    .unwrap_or_else(|d| panic!("{}: {d:?}", path.display()));
                (path.display().to_string(), Arc::new(design))
            })
        })
        .collect()
}

/// Runs every conformance check on every bundled design of `F`.
fn conforms<F: Family>() {
    let designs = bundled::<F>();
    assert!(!designs.is_empty(), "the family has a bundled design");
    // The search bots take their iterations after a colon; a small budget
    // keeps the test fast.
    let specs: Vec<String> = F::BOT_NAMES
        .iter()
        .map(|&n| {
            if n == "mcts" || n == "expert" {
                format!("{n}:8")
            } else {
                n.to_owned()
            }
        })
        .collect();
    for (file, design) in &designs {
        let (min, max) = F::players(design);
        for players in min..=max {
            let game = F::new_game(design, players).unwrap_or_else(|e| panic!("{file}: {e}"));
            for seed in 0..2 {
                random_play::<F>(design, &game, seed).unwrap_or_else(|e| panic!("{file}: {e}"));
            }
            // Each bot sits at every seat, next to the others.
            for first in 0..specs.len() {
                let table: Vec<&str> = (0..players)
                    .map(|s| specs[(first + s) % specs.len()].as_str())
                    .collect();
                let seed = (first * 31 + players) as u64;
                let reason = bot_play::<F>(design, &game, seed, &table, 9)
                    .unwrap_or_else(|e| panic!("{file}: {e}"));
                assert_ne!(reason, EndReason::TurnCap, "{file}: {table:?}");
            }
        }
    }
}

#[test]
fn the_board_family_conforms() {
    conforms::<BoardFamily>();
}

#[test]
fn the_dice_family_conforms() {
    conforms::<DiceFamily>();
}

#[test]
fn the_card_game_conforms() {
    conforms::<CardFamily>();
}
