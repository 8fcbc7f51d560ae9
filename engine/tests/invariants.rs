//! Property tests over random legal play on every bundled map at 2–5 players:
//! no panic, every game ends, cards and trains are conserved, every offered
//! action is accepted, and the final scores recompute from the final position.

use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::sync::{Arc, OnceLock};

use engine::board::{Board, CityId, Place, RouteId, TicketId};
use engine::board_game::{BoardGame, Card, Cards, Phase, State, longest_path};
use engine::game::{GameState, Observation as _, Seat};
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

/// Every train card, wherever it is.
fn all_cards(s: &State) -> Cards {
    let mut c = *s.discards();
    for &card in s.deck() {
        c.add(card);
    }
    for card in s.display().iter().flatten() {
        c.add(*card);
    }
    for p in s.players() {
        for (k, &n) in p.hand.0.iter().enumerate() {
            c.add_n(Card(k as u8), n);
        }
    }
    if let Phase::Tunnel(t) = s.phase() {
        for card in t.revealed.iter().flatten() {
            c.add(*card);
        }
        let len = s.board().route(t.route).length;
        if !t.payment.locomotives_only() {
            c.add_n(t.payment.color, u16::from(t.payment.color_cards(len)));
        }
        c.add_n(Card::LOCOMOTIVE, u16::from(t.payment.locomotives));
    }
    c
}

fn deck_composition(b: &Board) -> Cards {
    let mut c = Cards::EMPTY;
    for (i, col) in b.colors().iter().enumerate() {
        c.add_n(Card(i as u8), u16::from(col.count));
    }
    c.add_n(Card::LOCOMOTIVE, u16::from(b.locomotives()));
    c
}

fn terrain_total(s: &State) -> u32 {
    let face_up = s.terrain_display().iter().flatten().count() as u32;
    let held: u32 = s.players().iter().map(|p| p.terrain.total()).sum();
    s.terrain_deck_len() as u32 + s.terrain_discards().total() + face_up + held
}

/// Every ticket, wherever it is, sorted: each must appear exactly once.
fn all_tickets(s: &State) -> Vec<TicketId> {
    let mut all: Vec<TicketId> = s
        .ticket_deck()
        .iter()
        .chain(s.long_ticket_deck())
        .chain(s.tickets_out())
        .chain(s.players().iter().flat_map(|p| &p.tickets))
        .chain(s.pending_setup_offers().iter().flatten())
        .chain(s.offer())
        .copied()
        .collect();
    all.sort_unstable();
    all
}

fn check_conservation(s: &State) {
    let b = s.board();
    assert_eq!(
        all_cards(s),
        deck_composition(b),
        "train cards are conserved"
    );
    let terrain: u32 = b.terrain_types().iter().map(|t| u32::from(t.count)).sum();
    assert_eq!(terrain_total(s), terrain, "terrain cards are conserved");
    let every: Vec<TicketId> = (0..b.tickets().len()).map(TicketId::from_index).collect();
    assert_eq!(all_tickets(s), every, "each ticket is in exactly one place");
    for (i, p) in s.players().iter().enumerate() {
        let placed: u16 = (0..b.routes().len())
            .filter(|&r| s.owner(RouteId::from_index(r)) == Some(Seat(i as u8)))
            .map(|r| u16::from(b.routes()[r].length))
            .sum();
        assert_eq!(p.trains + placed, b.rules().trains, "trains are conserved");
    }
}

/// Ticket completion recomputed independently: breadth-first search over the
/// player's routes plus `extra`, never passing through a country location.
fn connected(b: &Board, routes: &[RouteId], from: Place, to: Place) -> bool {
    let starts: Vec<CityId> = (0..b.cities().len())
        .map(CityId::from_index)
        .filter(|&c| b.reaches(c, from))
        .collect();
    for s in starts {
        let mut seen = vec![false; b.cities().len()];
        let mut queue = VecDeque::from([s]);
        seen[s.index()] = true;
        while let Some(c) = queue.pop_front() {
            if b.reaches(c, to) {
                return true;
            }
            if c != s && b.is_dead_end(c) {
                continue;
            }
            for &r in routes {
                let route = b.route(r);
                if route.from == c || route.to == c {
                    let o = route.other_end(c);
                    if !seen[o.index()] {
                        seen[o.index()] = true;
                        queue.push_back(o);
                    }
                }
            }
        }
    }
    false
}

/// The final scores recomputed from the final position, trying every use of
/// the stations (no pruning).
fn recompute(s: &State) -> Vec<i32> {
    let b = s.board();
    let rules = b.rules();
    let n = s.players().len();
    let mut tickets = Vec::new();
    let mut longest = Vec::new();
    let mut completed_count = Vec::new();
    for (i, p) in s.players().iter().enumerate() {
        let own: Vec<RouteId> = (0..b.routes().len())
            .map(RouteId::from_index)
            .filter(|&r| s.owner(r) == Some(Seat(i as u8)))
            .collect();
        let route_points: i32 = own.iter().map(|&r| b.route(r).points).sum();
        assert_eq!(
            route_points + p.doubling_points,
            p.route_points,
            "route points recompute"
        );
        let options: Vec<Vec<Option<RouteId>>> = p
            .stations
            .iter()
            .map(|&c| {
                let mut o: Vec<Option<RouteId>> = vec![None];
                o.extend(
                    b.routes_at(c)
                        .iter()
                        .filter(|&&r| matches!(s.owner(r), Some(x) if x != Seat(i as u8)))
                        .map(|&r| Some(r)),
                );
                o
            })
            .collect();
        let mut best = (i32::MIN, 0usize);
        let combos: usize = options.iter().map(Vec::len).product();
        for mut k in 0..combos {
            let mut routes = own.clone();
            for o in &options {
                if let Some(r) = o[k % o.len()] {
                    routes.push(r);
                }
                k /= o.len();
            }
            let mut pts = 0;
            let mut done = 0;
            for &t in &p.tickets {
                let t = b.ticket(t);
                if connected(b, &routes, t.from, t.to) {
                    pts += t.points;
                    done += 1;
                } else {
                    pts -= t.points;
                }
            }
            if pts > best.0 {
                best = (pts, done);
            }
        }
        tickets.push(
            best.0 + p.route_points + i32::from(p.stations_left) * rules.stations.unbuilt_points,
        );
        completed_count.push(best.1);
        longest.push(longest_path(b, &own));
    }
    let max_len = longest.iter().copied().max().unwrap_or(0);
    let max_done = completed_count.iter().copied().max().unwrap_or(0);
    (0..n)
        .map(|i| {
            let mut t = tickets[i];
            if rules.bonuses.longest_path != 0 && max_len > 0 && longest[i] == max_len {
                t += rules.bonuses.longest_path;
            }
            if rules.bonuses.globetrotter != 0 && max_done > 0 && completed_count[i] == max_done {
                t += rules.bonuses.globetrotter;
            }
            t
        })
        .collect()
}

fn play_checked(map: usize, players: usize, seed: u64) {
    let game = BoardGame::new(boards()[map].clone(), players).expect("player count");
    let mut s = game.new_game(seed);
    let mut rng = GameRng::seeded(seed ^ 0x5eed);
    let mut legal = Vec::new();
    check_conservation(&s);
    let mut steps = 0;
    while !s.is_terminal() {
        legal.clear();
        s.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "a running game offers an action");
        // Random play draws without listing, exactly as picking from the list.
        let mut listed = rng.clone();
        let mut drawn = rng.clone();
        assert_eq!(
            s.random_action(&mut drawn),
            Some(legal[listed.index(legal.len())]),
            "random_action draws as the list does"
        );
        // Every offered action is accepted (checked on a sample to stay fast).
        for _ in 0..3 {
            let a = legal[rng.index(legal.len())];
            let mut probe = s.clone();
            probe
                .apply(a)
                .unwrap_or_else(|e| panic!("legal {a:?} refused: {e}"));
        }
        // Determinizations keep what the mover knows.
        if steps % 37 == 0 || !s.offer().is_empty() {
            let seat = s.current();
            let sampled = s.observation(seat).sample_state(&mut rng);
            assert_eq!(sampled.player(seat).hand, s.player(seat).hand);
            assert_eq!(sampled.player(seat).tickets, s.player(seat).tickets);
            check_conservation(&sampled);
            for (a, b) in sampled.players().iter().zip(s.players()) {
                assert_eq!(a.hand.total(), b.hand.total());
                assert_eq!(a.tickets.len(), b.tickets.len());
            }
        }
        let a = legal[rng.index(legal.len())];
        s.apply(a)
            .unwrap_or_else(|e| panic!("legal {a:?} refused: {e}"));
        check_conservation(&s);
        steps += 1;
        assert!(steps < 20_000, "the game terminates");
    }
    let outcome = s.outcome().expect("a finished game has an outcome");
    assert_eq!(outcome.scores, recompute(&s), "scores recompute");
    assert_eq!(outcome.scores, s.scores());
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
    let small = engine::synth::SynthSize {
        cities: 60,
        routes: 150,
        tickets: 30,
    };
    let large = engine::synth::SynthSize {
        cities: 2_600,
        routes: 14_000,
        tickets: 60,
    };
    for (size, extra_colours) in [(large, false), (small, true), (large, true)] {
        let mut design = engine::synth::design(size, 3);
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
