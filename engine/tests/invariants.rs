//! Property tests over random legal play on every bundled map at 2–5 players,
//! on seeds proptest chooses: the conformance checks (no panic, every game
//! ends, components are conserved, every offered action is accepted, the
//! final scores recompute), plus what determinizations must keep; random
//! games end by the rules; random play draws as the list on unusual designs.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use engine::board_game::board::Board;
use engine::board_game::{BoardFamily, BoardGame};
use engine::game::conformance::random_play;
use engine::game::{GameState, Observation as _};
use engine::rng::GameRng;
use proptest::prelude::*;

const MAPS: [&str; 4] = [
    "usa.yaml",
    "europe.yaml",
    "heart-of-africa-rules.yaml",
    "usa-stations.yaml",
];

fn boards() -> &'static Vec<Arc<Board>> {
    static BOARDS: OnceLock<Vec<Arc<Board>>> = OnceLock::new();
    BOARDS.get_or_init(|| {
        MAPS.iter()
            .map(|m| {
                let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../maps")
                    .join(m);
                let loaded = formats::load(&path).unwrap_or_else(|e| panic!("{e}"));
                Arc::new(Board::build(&loaded.design).unwrap_or_else(|d| panic!("{d:?}")))
            })
            .collect()
    })
}

/// Random legal play keeps every invariant the conformance test checks of
/// every family (see `engine::game::conformance`), and determinizations keep
/// exactly what the mover knows: their hand and tickets, and the sizes of the
/// others' hands and ticket lists.
fn play_checked(map: usize, players: usize, seed: u64) {
    let board = &boards()[map];
    let game = BoardGame::new(board.clone(), players).expect("player count");
    random_play::<BoardFamily>(board, &game, seed).unwrap_or_else(|e| panic!("{e}"));
    let mut s = game.new_game(seed);
    let mut rng = GameRng::seeded(seed ^ 0x5eed);
    let mut steps = 0;
    while let Some(seat) = s.current_player() {
        if steps % 37 == 0 || !s.offer().is_empty() {
            let sampled = s.observation(seat).sample_state(&mut rng);
            assert_eq!(sampled.player(seat).hand, s.player(seat).hand);
            assert_eq!(sampled.player(seat).tickets, s.player(seat).tickets);
            for (a, b) in sampled.players().iter().zip(s.players()) {
                assert_eq!(a.hand.total(), b.hand.total());
                assert_eq!(a.tickets.len(), b.tickets.len());
            }
        }
        let a = s
            .random_action(&mut rng)
            .expect("a running game offers an action");
        s.apply(a)
            .unwrap_or_else(|e| panic!("legal {a:?} refused: {e}"));
        steps += 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_play_keeps_every_invariant(map in 0..MAPS.len(), players in 2usize..=5, seed in any::<u64>()) {
        play_checked(map, players, seed);
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let game = BoardGame::new(boards()[1].clone(), 3).unwrap();
    let run = || {
        let mut s = game.new_game(42);
        let mut rng = GameRng::seeded(7);
        engine::game::play_randomly(&mut s, &mut rng, 5_000).unwrap();
        (s.scores(), s.turns())
    };
    assert_eq!(run(), run());
}

#[test]
fn random_games_end_by_the_rules_on_every_bundled_map() {
    let mut reasons = HashMap::new();
    for (m, board) in boards().iter().enumerate() {
        for players in 2..=5 {
            let game = BoardGame::new(board.clone(), players).unwrap();
            for seed in 0..5 {
                let mut s = game.new_game(seed);
                let mut rng = GameRng::seeded(seed);
                engine::game::play_randomly(&mut s, &mut rng, 5_000).unwrap();
                let reason = s.outcome().unwrap().reason;
                if reason == engine::game::EndReason::Stalemate {
                    // Random players can hoard every card with nothing left
                    // to claim: then nothing at all may be drawn.
                    assert!(
                        s.deck().is_empty()
                            && s.discards().total() == 0
                            && s.display().iter().all(Option::is_none)
                            && s.ticket_deck().is_empty(),
                        "map {m}, {players} players, seed {seed}: a stalemate with cards to draw"
                    );
                }
                *reasons.entry(reason).or_insert(0) += 1;
            }
        }
    }
    assert!(
        !reasons.contains_key(&engine::game::EndReason::TurnCap),
        "{reasons:?}"
    );
    // Stalemates stay rare: nine games in ten end normally.
    assert!(
        reasons[&engine::game::EndReason::Normal] >= 72,
        "{reasons:?}"
    );
}

/// Random play draws as the list does on designs past the common case:
/// so many routes that claim counts need more than 16 bits, and more than
/// eight deck colours (the wide lanes of claim counting).
#[test]
fn random_action_draws_as_the_list_on_unusual_designs() {
    let small = engine::board_game::synth::SynthSize {
        cities: 60,
        routes: 150,
        tickets: 30,
    };
    let large = engine::board_game::synth::SynthSize {
        cities: 2_600,
        routes: 14_000,
        tickets: 60,
    };
    for (size, extra_colours) in [(large, false), (small, true), (large, true)] {
        let mut design = engine::board_game::synth::design(size, 3);
        // Long routes make the large design's counts overflow 16 bits.
        for r in design.routes.iter_mut().step_by(5) {
            r.length = 6;
        }
        if extra_colours {
            let colours = design
                .cards
                .get_mut("colors")
                .and_then(|c| c.as_mapping_mut())
                .expect("the synthetic deck names its colours");
            for c in ["brown", "purple", "teal"] {
                colours.insert(c.into(), 12.into());
            }
            for (i, r) in design.routes.iter_mut().enumerate() {
                if i % 4 == 0 {
                    r.color = ["brown", "purple", "teal"][i % 3].to_owned();
                }
            }
        }
        let board = Arc::new(Board::build(&design).expect("synthetic design"));
        let game = BoardGame::new(board, 3).expect("player count");
        let mut s = game.new_game(11);
        let mut rng = GameRng::seeded(12);
        let mut legal = Vec::new();
        for _ in 0..400 {
            if s.is_terminal() {
                break;
            }
            legal.clear();
            s.legal_actions(&mut legal);
            let mut listed = rng.clone();
            let drawn = s.random_action(&mut rng);
            assert_eq!(drawn, Some(legal[listed.index(legal.len())]));
            s.apply(drawn.expect("an action")).expect("legal");
        }
    }
}

/// Plays a random game of family `F` on `design` (a path from the
/// workspace root) and checks at every decision that each legal action's
/// text, as the CLI, scenarios and replays write it, reads back to that
/// same action in that position.
fn action_texts_read_back<F: engine::game::Family>(design: &str, players: usize, seed: u64) {
    use engine::game::Game as _;
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(design);
    let file = formats::load(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .design;
    let design = Arc::new(F::build(&file).unwrap_or_else(|d| panic!("{d:?}")));
    let game = F::new_game(&design, players).unwrap_or_else(|e| panic!("{e}"));
    let mut s = game.new_initial_state(seed);
    let mut rng = GameRng::seeded(seed ^ 0x7e47);
    let mut legal = Vec::new();
    // Enough decisions to reach speculation, tunnels and later deals, few
    // enough to keep the test quick.
    for _ in 0..600 {
        if s.current_player().is_none() {
            break;
        }
        legal.clear();
        s.legal_actions(&mut legal);
        for &a in &legal {
            let text = s.action_text(a);
            match s.parse_action(&text) {
                Ok(back) => assert_eq!(back, a, "`{text}` reads back as another action"),
                Err(e) => panic!("`{text}` ({a:?}) does not read back: {e}"),
            }
        }
        let a = legal[rng.index(legal.len())];
        s.apply(a)
            .unwrap_or_else(|e| panic!("legal {a:?} refused: {e}"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn every_legal_action_text_reads_back_in_every_family(players in 2usize..=4, seed in any::<u64>()) {
        action_texts_read_back::<BoardFamily>(
            &format!("maps/{}", MAPS[(seed % MAPS.len() as u64) as usize]),
            players,
            seed,
        );
        action_texts_read_back::<engine::card_game::CardFamily>("maps/card-game-usa.yaml", players, seed);
        // West deals ten identical two-goods special cards: a hand often
        // holds two of them.
        action_texts_read_back::<engine::dice::DiceFamily>(
            "tests/scenarios/dice-designs/west.yaml",
            players.max(3),
            seed,
        );
        action_texts_read_back::<engine::dice::DiceFamily>(
            "maps/trains-and-stations-demo.yaml",
            players.max(3),
            seed,
        );
    }
}
