//! The dice game's `expert` (docs/bots.md): the generic determinized flat
//! search with common random numbers and sequential halving
//! ([`crate::bots::flat`]) over the choices of both heuristic styles under
//! several tie-breaking draws (and every legal action when there are few),
//! with the deliverer playing every seat in the rollouts.
//!
//! - **Candidates**: the `deliverer`'s and the `builder`'s choices, each
//!   asked with [`TIE_DRAWS`] seeds for their ties (equally good tracks and
//!   stations become separate candidates instead of one drawn at random); and
//!   every legal action when at most [`ALL_LEGAL`] are legal.
//! - **Determinization**: [`crate::game::Observation::sample_state`] deals the
//!   unseen special cards anew and gives the dice a new seed: every pass is a
//!   different future, and every candidate of a pass meets the same one.
//! - **Rollouts**: those of `mcts` ([`DicePolicy`]): the deliverer at every
//!   seat, drawing its ties from the rollout's seed.
//! - **Reward**: the share of the other players ranked behind (ties half) —
//!   what the arena counts — three quarters, and a quarter for the squashed
//!   score margin over the best other player.

use super::action::Action;
use super::bots::{DicePolicy, HeuristicBot, Style};
use super::game::DiceObservation;
use super::state::State;
use crate::bots::flat;
use crate::bots::mcts::{Budget, SearchPolicy};
use crate::bots::{Bot, BotNameError, BotSpec, push_unique};
use crate::game::GameState;
use crate::rng::GameRng;

/// Rollouts per decision when the spec gives no budget: about 20 ms a
/// decision on one core of the project's machine (docs/bots.md).
pub const DEFAULT_ITERATIONS: u32 = 1000;

/// Tie-breaking seeds each heuristic style is asked with.
pub const TIE_DRAWS: u64 = 8;

/// Every legal action is a candidate when there are at most this many.
pub const ALL_LEGAL: usize = 40;

/// A score margin (in points) that counts as a clear lead in the reward.
const MARGIN_SCALE: f64 = 20.0;

/// Builds the `expert` from its spec (`expert`, `expert:200`, `expert:20ms`).
pub fn by_spec(spec: &BotSpec<'_>, seed: u64) -> Result<Box<dyn Bot<State>>, BotNameError> {
    let budget = spec.budget_or(Budget::Iterations(DEFAULT_ITERATIONS))?;
    Ok(expert(
        spec.spec.to_owned(),
        budget,
        seed,
        ExpertPolicy::new(TIE_DRAWS, ALL_LEGAL),
    ))
}

/// An expert named `name` searching with `policy` and `budget`.
pub fn expert(
    name: String,
    budget: Budget,
    seed: u64,
    policy: ExpertPolicy,
) -> Box<dyn Bot<State>> {
    Box::new(flat::flat_bot(
        name,
        budget,
        seed,
        policy,
        HeuristicBot::new(Style::Deliverer, seed),
    ))
}

/// The expert's search policy.
#[derive(Clone, Debug)]
pub struct ExpertPolicy {
    tie_draws: u64,
    all_legal: usize,
    rollouts: DicePolicy,
    legal: Vec<Action>,
}

impl ExpertPolicy {
    /// Candidates from each style under `tie_draws` tie seeds, and every
    /// legal action when at most `all_legal` are legal.
    pub fn new(tie_draws: u64, all_legal: usize) -> Self {
        ExpertPolicy {
            tie_draws: tie_draws.max(1),
            all_legal,
            rollouts: DicePolicy,
            legal: Vec::new(),
        }
    }
}

impl SearchPolicy<State> for ExpertPolicy {
    fn reset(&mut self) {}

    fn candidates(&mut self, state: &State, out: &mut Vec<Action>) {
        let Some(seat) = state.current_player() else {
            return;
        };
        let obs: DiceObservation<'_> = state.observation(seat);
        for seed in 0..self.tie_draws {
            for style in [Style::Deliverer, Style::Builder] {
                push_unique(out, HeuristicBot::new(style, seed).decide(&obs));
            }
        }
        obs.legal_actions(&mut self.legal);
        if self.legal.len() <= self.all_legal {
            for &a in &self.legal {
                push_unique(out, a);
            }
        }
    }

    fn rollout(&mut self, state: &mut State, rng: &mut GameRng) {
        self.rollouts.rollout(state, rng);
    }

    fn rewards(&self, state: &State, out: &mut Vec<f64>) {
        flat::rank_and_margin_rewards(
            state.outcome().as_ref(),
            state.num_players(),
            MARGIN_SCALE,
            out,
        );
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::dice::bots::by_name;
    use crate::dice::{DiceDesign, DiceGame};
    use crate::game::{Game, Outcome};

    fn demo() -> DiceGame {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/trains-and-stations-demo.yaml");
        let file = formats::load(&path).expect("the demo loads").design;
        let design = Arc::new(DiceDesign::build(&file).expect("the demo builds"));
        DiceGame::new(design, 3).expect("3 players")
    }

    /// Plays one game with `specs[s]` at seat `s`: every action, and the outcome.
    fn play(game: &DiceGame, seed: u64, specs: &[&str]) -> (Vec<Action>, Outcome) {
        let mut bots: Vec<_> = specs
            .iter()
            .enumerate()
            .map(|(s, spec)| by_name(spec, crate::sim::bot_seed(seed, s)).expect("a bot"))
            .collect();
        crate::bots::play_to_end(game.new_initial_state(seed), &mut bots)
    }

    #[test]
    fn the_expert_ranks_ahead_of_both_heuristics() {
        let game = demo();
        let table = ["expert:60", "deliverer", "builder"];
        // Per opponent: games ranked ahead of it (ties half).
        let mut ahead = [0.0f64; 3];
        let mut games = 0.0;
        for deal in 0..2 {
            for first in 0..3 {
                let specs: Vec<&str> = (0..3).map(|s| table[(s + first) % 3]).collect();
                let (_, o) = play(&game, deal, &specs);
                let seat_of = |bot: usize| (bot + 3 - first) % 3;
                let me = o.ranks[seat_of(0)];
                for (bot, count) in ahead.iter_mut().enumerate().skip(1) {
                    *count += match me.cmp(&o.ranks[seat_of(bot)]) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                }
                games += 1.0;
            }
        }
        assert!(
            ahead[1] >= 4.0 && ahead[2] >= 4.0,
            "expert:60 ranked ahead of deliverer in {} and of builder in {} of {games} games",
            ahead[1],
            ahead[2]
        );
    }

    #[test]
    fn an_iteration_budget_replays_the_same_game_for_a_seed() {
        let game = demo();
        let specs = ["expert:10", "deliverer", "expert:10"];
        let (a, oa) = play(&game, 4, &specs);
        let (b, ob) = play(&game, 4, &specs);
        assert_eq!(a, b, "the same seed and budget play the same actions");
        assert_eq!(oa, ob);
    }

    #[test]
    fn candidates_include_both_styles_and_small_choices_whole() {
        let game = demo();
        let mut state = game.new_initial_state(1);
        let mut policy = ExpertPolicy::new(TIE_DRAWS, ALL_LEGAL);
        let mut legal = Vec::new();
        let mut out = Vec::new();
        for _ in 0..200 {
            let Some(seat) = state.current_player() else {
                break;
            };
            out.clear();
            policy.candidates(&state, &mut out);
            state.legal_actions(&mut legal);
            let obs = state.observation(seat);
            for style in [Style::Deliverer, Style::Builder] {
                let a = HeuristicBot::new(style, 0).decide(&obs);
                assert!(out.contains(&a), "{style:?}'s choice is searched");
            }
            assert!(out.iter().all(|a| legal.contains(a)), "only legal actions");
            if legal.len() <= ALL_LEGAL {
                assert_eq!(out.len(), legal.len(), "a small choice is searched whole");
            }
            state.apply(out[0]).expect("legal");
        }
    }
}
