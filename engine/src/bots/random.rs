//! The `random` bot of every family: uniform over the legal actions, after
//! an optional narrowing of the family's (the board and card games keep the
//! fewest tickets the rules allow, so that random games end instead of
//! drowning in failed tickets).

use crate::bots::Bot;
use crate::game::{GameState, Observation as _};
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

/// The fewest tickets any of the actions that keep tickets keeps (`kept`
/// gives how many each keeps), or `None` when there are none: what a
/// family's own answer (e.g. `fewest_to_keep`) is tested against.
pub fn fewest_kept<A>(legal: &[A], kept: impl Fn(&A) -> Option<u32>) -> Option<u32> {
    legal.iter().filter_map(kept).min()
}

/// Keeps, among the actions that keep tickets (`kept` gives how many each
/// keeps), only those keeping the fewest; other actions are left alone when
/// there are none.
pub fn keep_fewest<A>(legal: &mut Vec<A>, kept: impl Fn(&A) -> Option<u32>) {
    if let Some(n) = fewest_kept(legal, &kept) {
        legal.retain(|a| kept(a) == Some(n));
    }
}
