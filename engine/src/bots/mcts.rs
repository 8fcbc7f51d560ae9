//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling,
//! Powley & Whitehouse 2012), written once against the [`crate::game`]
//! traits. Each iteration samples a full state consistent with the searching
//! player's observation (a determinization), walks the tree choosing among
//! the actions available in that determinization (UCB with availability
//! counts), adds one node, plays the game out with a fast policy and credits
//! every node with the reward of the player who moved into it.
//!
//! What is specific to a game — which actions are worth searching, in which
//! order, how to play out and how to score — comes from a [`SearchPolicy`].

use std::time::{Duration, Instant};

use crate::game::{EndReason, GameState, Observation, Outcome, Seat};
use crate::rng::GameRng;

/// How much search a decision gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many iterations (deterministic for a seed).
    Iterations(u32),
    /// About this many milliseconds (depends on the machine's speed, so not
    /// reproducible).
    Millis(u32),
}

impl Budget {
    /// The default: see `docs/bots.md` for the budget-to-strength curve.
    pub const DEFAULT_ITERATIONS: u32 = 2000;

    /// Reads `2000` (iterations) or `50ms`.
    pub fn parse(s: &str) -> Result<Budget, String> {
        let bad =
            || format!("`{s}` is not a budget: give iterations (`2000`) or milliseconds (`50ms`)");
        if let Some(ms) = s.strip_suffix("ms") {
            let n: u32 = ms.trim().parse().map_err(|_| bad())?;
            return if n == 0 {
                Err(bad())
            } else {
                Ok(Budget::Millis(n))
            };
        }
        let n: u32 = s.trim().parse().map_err(|_| bad())?;
        if n == 0 {
            Err(bad())
        } else {
            Ok(Budget::Iterations(n))
        }
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget::Iterations(Budget::DEFAULT_ITERATIONS)
    }
}

/// The game-specific parts of the search.
pub trait SearchPolicy<S: GameState> {
    /// Forgets anything cached about a previous determinization.
    fn reset(&mut self);
    /// The actions worth searching for the player to move, most promising
    /// first; a non-empty subset of the legal actions while the game runs.
    fn candidates(&mut self, state: &S, out: &mut Vec<S::Action>);
    /// Plays the state on (to its end, or until the policy's own cut-off).
    fn rollout(&mut self, state: &mut S, rng: &mut GameRng);
    /// Each seat's reward in `[0, 1]` for the state reached.
    fn rewards(&self, state: &S, out: &mut Vec<f64>);
    /// The candidates at the root, computed once per search from the first
    /// determinization, when they depend only on what the searching player
    /// sees: return `true` after filling `out`, and the search reuses them in
    /// every iteration instead of asking [`SearchPolicy::candidates`] at the
    /// root. The default returns `false` (ask every time).
    fn root_candidates(&mut self, _state: &S, _out: &mut Vec<S::Action>) -> bool {
        false
    }
    /// Refines a determinization sampled for `observer`, keeping it
    /// consistent with the observation: e.g. re-dealing the rivals' hidden
    /// cards or tickets in proportion to how well they explain the rivals'
    /// public moves. The default keeps the sample as it is.
    fn refine(&mut self, _state: &mut S, _observer: Seat, _rng: &mut GameRng) {}
    /// Called by the flat search ([`crate::bots::flat`]) before it plays root
    /// candidate `index` (its place in [`SearchPolicy::root_candidates`]'s
    /// list), after [`SearchPolicy::reset`]: a policy whose root candidates
    /// each carry their own continuation (the searching player's playout
    /// style after that move) sets it here. The default does nothing.
    fn begin_candidate(&mut self, _index: usize) {}
    /// The budget the flat search ([`crate::bots::flat`]) spends on this
    /// decision, asked after [`SearchPolicy::root_candidates`]: a policy may
    /// fit the bot's configured budget to the game at hand (the board
    /// expert's default follows the design's playout cost); it must depend
    /// only on the game description, never on a clock. The default keeps
    /// `configured`.
    fn budget(&self, configured: Budget) -> Budget {
        configured
    }
}

/// Plays `state` on with `choose` deciding for whichever seat is to move,
/// to the end of the game: the rollout every family's policy runs. The game
/// is stopped (as at a turn cap) at `turn_cap` turns, or when `choose` picks
/// an action the rules refuse, so a rollout always ends.
pub fn play_out<S: GameState>(
    state: &mut S,
    turn_cap: u32,
    mut choose: impl FnMut(&S, Seat) -> S::Action,
) {
    while let Some(seat) = state.current_player() {
        if state.turn() >= turn_cap {
            state.stop(EndReason::TurnCap);
            break;
        }
        let a = choose(state, seat);
        if state.apply_quietly(a).is_err() {
            state.stop(EndReason::TurnCap);
            break;
        }
    }
}

/// Each seat's reward for a finished game, in `[0, 1]`: three quarters for
/// winning (shared among tied winners), a quarter for the score margin over
/// the best other seat, squashed by `tanh(margin / margin_scale)` so that
/// close games still teach the search something. With no outcome (a
/// rollout cut short) every seat gets one half.
pub fn win_and_margin_rewards(
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
    let share = 1.0 / o.winners.len().max(1) as f64;
    for seat in 0..players {
        let best_other = (0..players)
            .filter(|&s| s != seat)
            .map(|s| o.scores[s])
            .max()
            .unwrap_or(0);
        let margin = f64::from(o.scores[seat] - best_other);
        let win = if o.ranks[seat] == 0 { share } else { 0.0 };
        out.push(0.75 * win + 0.25 * (0.5 + 0.5 * (margin / margin_scale).tanh()));
    }
}

/// Search settings.
#[derive(Clone, Copy, Debug)]
pub struct SearchConfig {
    /// Iterations or time per decision.
    pub budget: Budget,
    /// The UCB exploration constant.
    pub exploration: f64,
    /// Progressive widening: a node may have `1 + widening * sqrt(visits)`
    /// children, taken in the policy's order.
    pub widening: f64,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            budget: Budget::default(),
            exploration: 0.7,
            widening: 1.5,
        }
    }
}

#[derive(Clone, Debug)]
struct Node<A> {
    action: Option<A>,
    mover: u8,
    visits: u32,
    avail: u32,
    reward: f64,
    children: Vec<u32>,
}

impl<A> Node<A> {
    fn new(action: Option<A>, mover: u8) -> Self {
        Node {
            action,
            mover,
            visits: 0,
            avail: 0,
            reward: 0.0,
            children: Vec::new(),
        }
    }
}

/// What a search found: the action and the statistics behind it.
#[derive(Clone, Debug)]
pub struct SearchResult<A> {
    /// The most visited root action.
    pub action: A,
    /// Iterations run.
    pub iterations: u32,
    /// Each root action with its visits and mean reward.
    pub root: Vec<(A, u32, f64)>,
}

/// The root's candidates, read from one determinization into `out`:
/// `Ok(fixed)` when there is a choice to search (`fixed`: the policy's
/// [`SearchPolicy::root_candidates`] gave them, the same in every
/// determinization), else `Err` with the search's answer: `None` when the
/// decision is not the observer's or nothing is offered, the only candidate
/// when there is one.
pub(crate) fn root_choices<O, S, P>(
    obs: &O,
    policy: &mut P,
    rng: &mut GameRng,
    out: &mut Vec<S::Action>,
) -> Result<bool, Option<SearchResult<S::Action>>>
where
    O: Observation<State = S>,
    S: GameState,
    P: SearchPolicy<S>,
{
    let state = obs.sample_state(rng);
    if state.current_player() != Some(obs.seat()) {
        return Err(None);
    }
    policy.reset();
    out.clear();
    let fixed = policy.root_candidates(&state, out);
    if !fixed {
        out.clear();
        policy.candidates(&state, out);
    }
    match out.len() {
        0 => Err(None),
        1 => Err(Some(SearchResult {
            action: out[0],
            iterations: 0,
            root: vec![(out[0], 0, 0.0)],
        })),
        _ => Ok(fixed),
    }
}

/// Searches from the observer's information set and returns the most visited
/// action, or `None` when the observer has nothing to decide.
pub fn search<O, S, P>(
    obs: &O,
    policy: &mut P,
    config: &SearchConfig,
    rng: &mut GameRng,
) -> Option<SearchResult<S::Action>>
where
    O: Observation<State = S>,
    S: GameState,
    P: SearchPolicy<S>,
{
    let me = obs.seat();
    let mut tree: Vec<Node<S::Action>> = vec![Node::new(None, me.0)];
    let mut cands: Vec<S::Action> = Vec::new();
    let mut path: Vec<u32> = Vec::new();
    let mut rewards: Vec<f64> = Vec::new();

    // The root's candidates, if the policy fixes them once per search.
    let root_cands = match root_choices(obs, policy, rng, &mut cands) {
        Ok(true) => Some(cands.clone()),
        Ok(false) => None,
        Err(early) => return early,
    };

    let start = Instant::now();
    let mut iterations = 0u32;
    loop {
        match config.budget {
            Budget::Iterations(n) if iterations >= n => break,
            Budget::Millis(ms)
                if iterations > 0
                    && iterations.is_multiple_of(8)
                    && start.elapsed() >= Duration::from_millis(u64::from(ms)) =>
            {
                break;
            }
            _ => {}
        }
        iterations += 1;
        let mut state = obs.sample_state(rng);
        policy.refine(&mut state, me, rng);
        policy.reset();
        path.clear();
        path.push(0);
        let mut node = 0usize;
        // Selection and expansion.
        while let Some(player) = state.current_player() {
            cands.clear();
            match (&root_cands, node) {
                (Some(root), 0) => cands.extend_from_slice(root),
                _ => policy.candidates(&state, &mut cands),
            }
            if cands.is_empty() {
                break;
            }
            let limit = 1 + (config.widening * f64::from(tree[node].visits).sqrt()) as usize;
            let mut compatible = 0usize;
            let mut untried = None;
            for &a in &cands {
                let child = tree[node]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| tree[c as usize].action == Some(a));
                match child {
                    Some(c) => {
                        tree[c as usize].avail += 1;
                        compatible += 1;
                    }
                    None if untried.is_none() => untried = Some(a),
                    None => {}
                }
            }
            if let Some(a) = untried
                && (compatible < limit || compatible == 0)
            {
                if state.apply_quietly(a).is_err() {
                    break;
                }
                let id = tree.len() as u32;
                tree.push(Node::new(Some(a), player.0));
                tree[node].children.push(id);
                path.push(id);
                break;
            }
            // UCB over the compatible children.
            let mut best = None;
            let mut best_value = f64::NEG_INFINITY;
            for &c in &tree[node].children {
                let child = &tree[c as usize];
                let Some(a) = child.action else { continue };
                if !cands.contains(&a) {
                    continue;
                }
                let n = f64::from(child.visits.max(1));
                let value = child.reward / n
                    + config.exploration * (f64::from(child.avail.max(1)).ln() / n).sqrt();
                if value > best_value {
                    best_value = value;
                    best = Some(c);
                }
            }
            let Some(c) = best else { break };
            let Some(a) = tree[c as usize].action else {
                break;
            };
            if state.apply_quietly(a).is_err() {
                break;
            }
            node = c as usize;
            path.push(c);
        }
        // Simulation and backpropagation.
        policy.rollout(&mut state, rng);
        rewards.clear();
        policy.rewards(&state, &mut rewards);
        for &n in &path {
            let node = &mut tree[n as usize];
            node.visits += 1;
            node.reward += rewards.get(usize::from(node.mover)).copied().unwrap_or(0.0);
        }
    }

    let root: Vec<(S::Action, u32, f64)> = tree[0]
        .children
        .iter()
        .filter_map(|&c| {
            let n = &tree[c as usize];
            n.action
                .map(|a| (a, n.visits, n.reward / f64::from(n.visits.max(1))))
        })
        .collect();
    let action = root
        .iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)))
        .map(|r| r.0)?;
    Some(SearchResult {
        action,
        iterations,
        root,
    })
}

/// A search algorithm with its settings, as a [`SearchBot`] runs it: the
/// tree search ([`SearchConfig`]) or the flat one
/// ([`crate::bots::flat::FlatConfig`]).
pub trait Searcher {
    /// Searches from the observer's information set; `None` when the
    /// observer has nothing to decide.
    fn search<O, S, P>(
        &self,
        obs: &O,
        policy: &mut P,
        rng: &mut GameRng,
    ) -> Option<SearchResult<S::Action>>
    where
        O: Observation<State = S>,
        S: GameState,
        P: SearchPolicy<S>;
}

impl Searcher for SearchConfig {
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

/// A bot that searches with a family's [`SearchPolicy`] and the search `C`
/// ([`SearchConfig`]: the tree search) and, when the search has nothing to
/// decide, asks its `fallback` bot (the family's heuristic).
#[derive(Clone, Debug)]
pub struct SearchBot<P, F, C = SearchConfig> {
    name: String,
    config: C,
    rng: GameRng,
    policy: P,
    fallback: F,
}

impl<P, F> SearchBot<P, F> {
    /// A tree-searching bot named `name` (its spec) with `budget` per
    /// decision, drawing from `seed`.
    pub fn new(name: String, budget: Budget, seed: u64, policy: P, fallback: F) -> Self {
        Self::with_config(
            name,
            SearchConfig {
                budget,
                ..SearchConfig::default()
            },
            seed,
            policy,
            fallback,
        )
    }
}

impl<P, F, C> SearchBot<P, F, C> {
    /// A searching bot with its own search and settings.
    pub fn with_config(name: String, config: C, seed: u64, policy: P, fallback: F) -> Self {
        SearchBot {
            name,
            config,
            rng: GameRng::seeded(seed),
            policy,
            fallback,
        }
    }
}

impl<S, P, F, C> crate::bots::Bot<S> for SearchBot<P, F, C>
where
    S: GameState,
    P: SearchPolicy<S> + Send,
    F: crate::bots::Bot<S>,
    C: Searcher + Send,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn act(&mut self, obs: &S::Observation<'_>) -> S::Action {
        match self.config.search(obs, &mut self.policy, &mut self.rng) {
            Some(r) => r.action,
            None => self.fallback.act(obs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_parse_iterations_and_milliseconds() {
        assert_eq!(Budget::parse("2000"), Ok(Budget::Iterations(2000)));
        assert_eq!(Budget::parse("50ms"), Ok(Budget::Millis(50)));
        assert!(Budget::parse("0").is_err());
        assert!(Budget::parse("fast").unwrap_err().contains("`fast`"));
    }
}
