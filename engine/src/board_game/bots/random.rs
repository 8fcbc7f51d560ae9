//! The random bot: uniform over legal actions, except that it keeps the
//! fewest tickets the rules allow (chosen at random), so that its games end
//! instead of drowning in failed tickets.

use crate::board_game::{Action, Observation, PublicPhase, State};
use crate::bots::Bot;
use crate::rng::GameRng;

/// A player that picks uniformly among its legal actions.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
    legal: Vec<Action>,
}

impl RandomBot {
    /// A random bot drawing from `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::seeded(seed),
            legal: Vec::new(),
        }
    }
}

impl Bot<State> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn act(&mut self, obs: &Observation<'_>) -> Action {
        self.legal.clear();
        obs.legal_actions(&mut self.legal);
        if matches!(
            obs.phase(),
            PublicPhase::SetupTickets | PublicPhase::KeepTickets
        ) {
            let fewest = self
                .legal
                .iter()
                .filter_map(|a| match a {
                    Action::KeepTickets(k) => Some(k.count()),
                    _ => None,
                })
                .min();
            if let Some(n) = fewest {
                self.legal
                    .retain(|a| matches!(a, Action::KeepTickets(k) if k.count() == n));
            }
        }
        let i = self.rng.index(self.legal.len());
        self.legal.get(i).copied().unwrap_or(Action::DrawBlind)
    }
}
