//! The `random` bot of every family: uniform over the legal actions, after
//! an optional narrowing of the family's (the board and card games keep the
//! fewest tickets the rules allow, so that random games end instead of
//! drowning in failed tickets).

use crate::bots::Bot;
use crate::game::{GameState, Keep, KeepsTickets, Observation as _};
use crate::rng::GameRng;

/// Narrows the legal actions a random bot picks among, in the position seen.
pub type Narrow<S> =
    for<'a> fn(&<S as GameState>::Observation<'a>, &mut Vec<<S as GameState>::Action>);

/// A player that picks uniformly among its (narrowed) legal actions.
pub struct RandomBot<S: GameState> {
    rng: GameRng,
    legal: Vec<S::Action>,
    narrow: Narrow<S>,
    idle: S::Action,
}

impl<S: GameState> RandomBot<S> {
    /// A random bot drawing from `seed`, narrowing its choices with `narrow`,
    /// answering `idle` should it be asked with nothing legal to do.
    pub fn new(seed: u64, narrow: Narrow<S>, idle: S::Action) -> Self {
        RandomBot {
            rng: GameRng::seeded(seed),
            legal: Vec::new(),
            narrow,
            idle,
        }
    }

    /// A random bot uniform over every legal action.
    pub fn uniform(seed: u64, idle: S::Action) -> Self {
        Self::new(seed, |_, _| {}, idle)
    }
}

impl<S: GameState> Bot<S> for RandomBot<S> {
    fn name(&self) -> &str {
        "random"
    }

    fn act(&mut self, obs: &S::Observation<'_>) -> S::Action {
        self.legal.clear();
        obs.legal_actions(&mut self.legal);
        (self.narrow)(obs, &mut self.legal);
        let i = self.rng.index(self.legal.len());
        self.legal.get(i).copied().unwrap_or(self.idle)
    }

    fn renew(&mut self, seed: u64) -> bool {
        self.rng = GameRng::seeded(seed);
        true
    }
}

/// How many tickets an action keeps, when it is a ticket choice.
fn kept_count<A: KeepsTickets>(a: &A) -> Option<u32> {
    a.kept().map(Keep::count)
}

/// The fewest tickets any of the actions that keep tickets keeps, or `None`
/// when there are none: what a family's own answer (e.g. `fewest_to_keep`)
/// is tested against.
pub fn fewest_kept<A: KeepsTickets>(legal: &[A]) -> Option<u32> {
    legal.iter().filter_map(kept_count).min()
}

/// [`fewest_kept`] among the legal actions of `state`, the reference the
/// families' `fewest_to_keep` are tested against.
#[cfg(test)]
pub(crate) fn fewest_legal<S: GameState>(state: &S) -> Option<u32>
where
    S::Action: KeepsTickets,
{
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    fewest_kept(&legal)
}

/// Keeps, among the actions that keep tickets, only those keeping the
/// fewest; other actions are left alone when there are none.
pub fn keep_fewest<A: KeepsTickets>(legal: &mut Vec<A>) {
    if let Some(n) = fewest_kept(legal) {
        legal.retain(|a| kept_count(a) == Some(n));
    }
}
