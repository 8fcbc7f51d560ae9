//! Determinized flat Monte Carlo with common random numbers and sequential
//! halving, written once against the [`crate::game`] traits: the search of
//! every family's `expert` bot (board game, card game, dice game).
//!
//! Each *pass* samples one state consistent with the searching player's
//! observation (a determinization: hidden hands, decks and future dice dealt
//! anew, then [`SearchPolicy::refine`]d, e.g. the rivals' tickets re-dealt in
//! favour of those their claims explain) and plays every surviving candidate
//! from that same state, each rollout drawing from the same seed. Candidates
//! are thus compared on the same futures (common random numbers), so the
//! noise of the deal and of the dice cancels out of their difference instead
//! of swamping it. The budget is spent in rounds of sequential halving
//! (Karnin, Koren & Somekh 2013): every round gives each survivor an equal
//! share of passes, then drops the worse half, so the best candidates get
//! most of the rollouts. What to search, how to play out and how to score
//! come from a [`SearchPolicy`], as for [`crate::bots::mcts`]; only the
//! candidates of the root are asked for ([`SearchPolicy::root_candidates`]
//! when the policy fixes them from the observation), and before each
//! candidate's playout the policy is told which candidate it plays
//! ([`SearchPolicy::begin_candidate`]), so that a candidate may carry its own
//! continuation (the board expert's policy switching).
//!
//! With [`FlatConfig::keep_default`] the policy's first candidate (its
//! heuristic's own choice) is never dropped, and another candidate replaces
//! it only when its mean reward is higher by more than that margin, so noise
//! alone does not move the search off a sound default.

use std::time::{Duration, Instant};

use super::mcts::{self, Budget, SearchBot, SearchPolicy, SearchResult};
use crate::game::{GameState, Observation, Outcome};
use crate::rng::GameRng;

/// Each seat's reward for a finished game, in `[0, 1]`: three quarters for
/// the share of the other seats it ranks ahead of (ties half; with two
/// players, the win), a quarter for its score margin over the best other
/// seat squashed by `tanh(margin / margin_scale)`. The first part is what the
/// arena's head-to-head shares count, so a search maximising it plays for the
/// places that count at every player count. With no outcome every seat gets
/// one half.
pub fn rank_and_margin_rewards(
    outcome: Option<&Outcome>,
    players: usize,
    margin_scale: f64,
    out: &mut Vec<f64>,
) {
    out.clear();
    let Some(o) = outcome else {
        out.resize(players, 0.5);
        return;
    };
    let others = players.saturating_sub(1).max(1) as f64;
    for seat in 0..players {
        let mut ahead = 0.0;
        let mut best_other = i32::MIN;
        for s in (0..players).filter(|&s| s != seat) {
            ahead += match o.ranks[seat].cmp(&o.ranks[s]) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            };
            best_other = best_other.max(o.scores[s]);
        }
        let margin = if best_other == i32::MIN {
            0.0
        } else {
            f64::from(o.scores[seat] - best_other)
        };
        out.push(0.75 * ahead / others + 0.25 * (0.5 + 0.5 * (margin / margin_scale).tanh()));
    }
}

/// The settings of the flat search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlatConfig {
    /// Rollouts (deterministic for a seed) or time per decision.
    pub budget: Budget,
    /// `Some(margin)`: the policy's first candidate survives every round and
    /// is chosen unless another candidate's mean reward beats it by more than
    /// `margin`. `None`: plain halving, the best mean wins.
    pub keep_default: Option<f64>,
}

impl FlatConfig {
    /// Plain halving with `budget`.
    pub fn new(budget: Budget) -> Self {
        FlatConfig {
            budget,
            keep_default: None,
        }
    }
}

/// One candidate's tally; `order` is its place in the policy's list (0: the
/// default).
#[derive(Clone, Copy, Debug)]
struct Arm<A> {
    action: A,
    order: usize,
    visits: u32,
    reward: f64,
}

impl<A> Arm<A> {
    fn mean(&self) -> f64 {
        self.reward / f64::from(self.visits.max(1))
    }
}

/// How much of the budget is spent, as a fraction.
struct Spent {
    budget: Budget,
    start: Instant,
    rollouts: u32,
}

impl Spent {
    /// Has the budget run out before round `round` (1-based) of `rounds`
    /// ends? Always lets a round play at least one pass.
    fn round_over(&self, round: u32, rounds: u32, passes_in_round: u32) -> bool {
        if passes_in_round == 0 {
            return false;
        }
        match self.budget {
            Budget::Iterations(n) => {
                u64::from(self.rollouts) * u64::from(rounds) >= u64::from(n) * u64::from(round)
            }
            Budget::Millis(ms) => {
                let slice = Duration::from_millis(u64::from(ms)) * round / rounds;
                self.start.elapsed() >= slice
            }
        }
    }
}

/// Searches from the observer's information set and returns the chosen
/// candidate (see [`FlatConfig`]), or `None` when the observer has nothing to
/// decide. With an iteration budget it runs that many rollouts (at least one
/// pass per round) and is deterministic for the state of `rng`.
pub fn search<O, S, P>(
    obs: &O,
    policy: &mut P,
    config: &FlatConfig,
    rng: &mut GameRng,
) -> Option<SearchResult<S::Action>>
where
    O: Observation<State = S>,
    S: GameState,
    P: SearchPolicy<S>,
{
    let me = obs.seat();
    let mut cands: Vec<S::Action> = Vec::new();
    if let Err(early) = mcts::root_choices(obs, policy, rng, &mut cands) {
        return early;
    }
    let mut arms: Vec<Arm<S::Action>> = cands
        .iter()
        .enumerate()
        .map(|(order, &action)| Arm {
            action,
            order,
            visits: 0,
            reward: 0.0,
        })
        .collect();
    // Rounds of halving until one candidate is left.
    let rounds = usize::BITS - (arms.len() - 1).leading_zeros();
    let mut spent = Spent {
        budget: policy.budget(config.budget),
        start: Instant::now(),
        rollouts: 0,
    };
    let mut survivors = arms.len();
    let mut rewards = Vec::new();
    for round in 1..=rounds {
        let mut passes = 0u32;
        while !spent.round_over(round, rounds, passes) {
            passes += 1;
            let seed = rng.next_u64();
            let mut deal_rng = GameRng::seeded(seed);
            let mut deal = obs.sample_state(&mut deal_rng);
            policy.refine(&mut deal, me, &mut deal_rng);
            for arm in &mut arms[..survivors] {
                let mut state = deal.clone();
                policy.reset();
                policy.begin_candidate(arm.order);
                if state.apply_quietly(arm.action).is_ok() {
                    policy.rollout(&mut state, &mut GameRng::seeded(seed ^ 0x5eed));
                }
                rewards.clear();
                policy.rewards(&state, &mut rewards);
                arm.visits += 1;
                arm.reward += rewards.get(me.index()).copied().unwrap_or(0.0);
                spent.rollouts += 1;
            }
        }
        // The better half survives (a stable sort: ties keep the policy's order).
        arms[..survivors].sort_by(|a, b| b.mean().total_cmp(&a.mean()));
        survivors = survivors.div_ceil(2);
        if config.keep_default.is_some()
            && let Some(at) = arms.iter().position(|a| a.order == 0)
            && at >= survivors
        {
            arms[survivors..=at].rotate_right(1);
            survivors += 1;
        }
    }
    let mut best = 0;
    if let Some(margin) = config.keep_default
        && let Some(default) = arms[..survivors].iter().position(|a| a.order == 0)
        && arms[0].mean() <= arms[default].mean() + margin
    {
        best = default;
    }
    Some(SearchResult {
        action: arms[best].action,
        iterations: spent.rollouts,
        root: arms
            .iter()
            .map(|a| (a.action, a.visits, a.mean()))
            .collect(),
    })
}

impl mcts::Searcher for FlatConfig {
    fn search<O, S, P>(
        &self,
        obs: &O,
        policy: &mut P,
        rng: &mut GameRng,
    ) -> Option<SearchResult<S::Action>>
    where
        O: Observation<State = S>,
        S: GameState,
        P: SearchPolicy<S>,
    {
        search(obs, policy, self, rng)
    }
}

/// A bot that searches with [`search`] and a family's policy and, when there
/// is nothing to search, asks its `fallback` bot (the family's heuristic).
pub type FlatBot<P, F> = SearchBot<P, F, FlatConfig>;

/// A [`FlatBot`] named `name` (its spec) running plain halving with `budget`
/// per decision, drawing from `seed`.
pub fn flat_bot<P, F>(
    name: String,
    budget: Budget,
    seed: u64,
    policy: P,
    fallback: F,
) -> FlatBot<P, F> {
    SearchBot::with_config(name, FlatConfig::new(budget), seed, policy, fallback)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{EndReason, Seat};

    #[test]
    fn rewards_count_the_players_ranked_behind_and_the_margin() {
        let o = Outcome {
            scores: vec![30, 50, 50],
            ranks: vec![2, 0, 0],
            winners: vec![Seat(1), Seat(2)],
            reason: EndReason::Normal,
        };
        let mut out = Vec::new();
        rank_and_margin_rewards(Some(&o), 3, 10.0, &mut out);
        // Seat 0 is behind both: no place share, a margin of -20.
        assert!((out[0] - 0.25 * (0.5 + 0.5 * (-2.0f64).tanh())).abs() < 1e-12);
        // Seats 1 and 2 are tied first: ahead of one, level with the other.
        assert!((out[1] - (0.75 * 0.75 + 0.25 * 0.5)).abs() < 1e-12);
        assert_eq!(out[1], out[2]);
        rank_and_margin_rewards(None, 3, 10.0, &mut out);
        assert_eq!(out, vec![0.5; 3]);
    }
}
