//! Which literature style plays a design best: a small, fixed-seed round
//! robin of the four styles ([`Style::ALL`]) on the design and player count
//! at hand, read by the `expert` ([`super::expert`]) to pick its protected
//! default and to weight the styles it deals its rivals in its playouts.
//!
//! The styles' strengths differ by design (on Europe `long-route` finishes
//! ahead of `route-focus` in about 70% of 2-player games, on Heart of Africa
//! `one-step` in about 64%), so no single style is a sound default for
//! every board. The round robin reads nothing but the design (the board, its
//! rules and the player count): it is the same for every seat and every
//! game, so it reveals nothing hidden and keeps the expert deterministic.
//! It costs a few hundred heuristic games (tens of milliseconds) and is
//! computed once per game description and kept with it ([`of`]). The same
//! games also measure how long the design's games are ([`DesignStyles::turns`]),
//! from which the expert sizes its default budget (a playout's cost grows
//! with the turns it plays).

use std::sync::Arc;

use super::heuristic::{HeuristicBot, Style};
use crate::board_game::BoardGame;
use crate::bots::mcts;
use crate::game::GameState;
use crate::rng::mix;

/// Deals per ordered pair of styles in the round robin: 12 ordered pairs at
/// 40 deals give each style 240 games, a standard error of about 3 points
/// on its share.
pub const DEALS: u64 = 40;

/// The games [`of`] plays: every ordered pair of styles on [`DEALS`] deals.
pub const GAMES: u64 = (Style::ALL.len() * (Style::ALL.len() - 1)) as u64 * DEALS;

/// The turn cap of a round-robin game (no style game comes near it).
const TURN_CAP: u32 = 600;

/// Each style's share of its round-robin games in which it finished ahead
/// of the other style's seats (ties half), in the order of [`Style::ALL`].
pub type Strengths = [f64; 4];

/// What the round robin of the styles measured on a game description.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DesignStyles {
    /// Each style's share of places ahead ([`Strengths`]).
    pub strengths: Strengths,
    /// The turns its finished games took, all together.
    pub turns: u64,
    /// Its finished games.
    pub games: u64,
}

impl DesignStyles {
    /// The mean turns of the finished games (0 when none finished).
    pub fn mean_turns(&self) -> f64 {
        self.turns as f64 / self.games.max(1) as f64
    }
}

/// The round robin on `game` ([`round_robin`] with [`DEALS`]), computed
/// once per game description and kept with it.
pub fn of(game: &Arc<BoardGame>) -> DesignStyles {
    *game
        .style_strengths
        .get_or_init(|| round_robin(game, DEALS))
}

/// The styles' strengths on `game` ([`of`]).
pub fn strengths(game: &Arc<BoardGame>) -> Strengths {
    of(game).strengths
}

/// Plays every ordered pair of styles (one seat of the first, every other
/// seat the second) on `deals` fixed deals, the first style's seat rotating
/// with the deal, and returns each style's share of places ahead and the
/// games' length in turns.
pub fn round_robin(game: &Arc<BoardGame>, deals: u64) -> DesignStyles {
    let n = game.players();
    let k = Style::ALL.len();
    let mut ahead = [0.0f64; 4];
    let mut games = [0.0f64; 4];
    let mut turns = 0u64;
    let mut finished = 0u64;
    let mut bots: Vec<HeuristicBot> = Style::ALL
        .iter()
        .map(|&s| HeuristicBot::new(s, 0))
        .collect();
    for i in 0..k {
        for j in (0..k).filter(|&j| j != i) {
            for d in 0..deals {
                let single = (d % n as u64) as usize;
                let mut state = game.new_game(mix(0x0571_71e5 ^ mix(d)));
                bots.iter_mut().for_each(HeuristicBot::reset);
                mcts::play_out(&mut state, TURN_CAP, |state, seat| {
                    let style = if seat.index() == single { i } else { j };
                    bots[style].decide(&state.observation(seat))
                });
                let Some(ending) = state.ending() else {
                    continue;
                };
                turns += u64::from(state.turn());
                finished += 1;
                let ranks = &ending.outcome.ranks;
                let me = ranks[single];
                let share = (0..n)
                    .filter(|&s| s != single)
                    .map(|s| match me.cmp(&ranks[s]) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    })
                    .sum::<f64>()
                    / (n - 1).max(1) as f64;
                ahead[i] += share;
                ahead[j] += 1.0 - share;
                games[i] += 1.0;
                games[j] += 1.0;
            }
        }
    }
    let mut strengths = [0.5; 4];
    for s in 0..k {
        if games[s] > 0.0 {
            strengths[s] = ahead[s] / games[s];
        }
    }
    DesignStyles {
        strengths,
        turns,
        games: finished,
    }
}

/// The index in [`Style::ALL`] of the strongest style (the first on a tie).
pub fn best(strengths: &Strengths) -> usize {
    (0..strengths.len()).fold(0, |b, s| if strengths[s] > strengths[b] { s } else { b })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_game::board::Board;

    fn game(file: &str, players: usize) -> Arc<BoardGame> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps")
            .join(file);
        let design = formats::load(&path).unwrap().design;
        BoardGame::new(Arc::new(Board::build(&design).unwrap()), players).unwrap()
    }

    /// Every style plays as many games as the others, so the shares average
    /// one half, every game is counted with its turns, and the same design
    /// gives the same table.
    #[test]
    fn a_round_robin_is_fair_and_reproducible() {
        let g = game("usa.yaml", 2);
        let r = round_robin(&g, 2);
        let s = r.strengths;
        assert!(s.iter().all(|x| (0.0..=1.0).contains(x)));
        assert!((s.iter().sum::<f64>() / 4.0 - 0.5).abs() < 1e-9);
        assert_eq!(r.games, 24);
        assert!(r.turns > 24 * 30 && r.turns < 24 * 200, "{}", r.turns);
        assert_eq!(r, round_robin(&g, 2));
        assert_eq!(best(&[0.4, 0.6, 0.6, 0.4]), 1);
    }
}
