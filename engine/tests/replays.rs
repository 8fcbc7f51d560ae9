//! A recorded game played back reaches the very same final state, and a
//! tampered replay is caught.

use std::path::Path;
use std::sync::Arc;

use engine::board_game::board::{Board, RouteId};
use engine::board_game::{BoardFamily, BoardGame};
use engine::game::GameState;
use engine::replay::{Recorder, ReplayError, play_back};
use engine::rng::GameRng;

fn design(name: &str) -> formats::GameFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(name);
    formats::load(&path).unwrap().design
}

#[test]
fn replaying_a_recorded_game_gives_the_same_final_state() {
    for (map, players) in [
        ("usa.yaml", 2),
        ("europe.yaml", 4),
        ("heart-of-africa-rules.yaml", 3),
    ] {
        let d = design(map);
        let board = Arc::new(Board::build(&d).unwrap());
        let game = BoardGame::new(board.clone(), players).unwrap();
        let mut state = game.new_game(11);
        let mut rec = Recorder::new(
            &d,
            Some(map.into()),
            players,
            11,
            vec!["random".into(); players],
        );
        let mut rng = GameRng::seeded(5);
        let mut legal = Vec::new();
        while !state.is_terminal() {
            legal.clear();
            state.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            rec.record(&state, a);
            state.apply(a).unwrap();
        }
        let replay = rec.finish(&state);
        // Through the file format too.
        let text = serde_yaml::to_string(&replay).unwrap();
        let replay: formats::replay::Replay = serde_yaml::from_str(&text).unwrap();
        let playback = play_back::<BoardFamily>(&replay).unwrap_or_else(|e| panic!("{map}: {e}"));
        let end = playback.last();
        assert_eq!(end.players(), state.players(), "{map}");
        assert_eq!(end.deck(), state.deck(), "{map}");
        assert_eq!(end.discards(), state.discards(), "{map}");
        for r in 0..board.routes().len() {
            assert_eq!(
                end.owner(RouteId::from_index(r)),
                state.owner(RouteId::from_index(r))
            );
        }
        assert_eq!(end.outcome(), state.outcome());
        assert_eq!(playback.states.len(), replay.actions.len() + 1);

        let mut tampered = replay.clone();
        if let Some(r) = tampered.result.as_mut() {
            r.scores[0] += 1;
        }
        assert!(matches!(
            play_back::<BoardFamily>(&tampered),
            Err(ReplayError::Mismatch { .. })
        ));
    }
}
