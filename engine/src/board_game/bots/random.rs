//! The board game's `random` bot: the generic one ([`crate::bots::RandomBot`])
//! keeping the fewest tickets the rules allow (chosen at random), so that its
//! games end instead of drowning in failed tickets.

use crate::board_game::{Action, Observation, PublicPhase, State};
use crate::bots::random::keep_fewest;

/// A player that picks uniformly among its legal actions.
pub type RandomBot = crate::bots::RandomBot<State>;

/// A random bot drawing from `seed`.
pub fn random_bot(seed: u64) -> RandomBot {
    RandomBot::new(seed, fewest_tickets, Action::DrawBlind)
}

/// At a ticket choice, only the choices keeping the fewest tickets.
fn fewest_tickets(obs: &Observation<'_>, legal: &mut Vec<Action>) {
    if matches!(
        obs.phase(),
        PublicPhase::SetupTickets | PublicPhase::KeepTickets
    ) {
        keep_fewest(legal);
    }
}
