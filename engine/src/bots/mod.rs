//! Bots: players that read only their own observation and choose an action.
//! Every bot is deterministic given its seed. [`Bot`] and the search in
//! [`mcts`] are generic over the game traits; a family names its bots through
//! [`crate::game::Family::bot`] (the board game's are in
//! [`crate::board_game::bots`]).

pub mod mcts;

use crate::game::GameState;

pub use mcts::Budget;

/// A player of a game whose states are `S`, that sees only its observation.
pub trait Bot<S: GameState>: Send {
    /// The bot's name as given to its family's bot registry (with its
    /// parameter, if any).
    fn name(&self) -> &str;
    /// Chooses an action for the observing seat, whose decision it is. The
    /// action is legal: a bot never returns one the rules refuse.
    fn act(&mut self, obs: &S::Observation<'_>) -> S::Action;
}

/// A bot name that [`by_name`] does not know, or a bad parameter.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotNameError {
    /// No bot has this name.
    #[error("there is no bot `{name}`; the bots are {}", known.join(", "))]
    Unknown {
        /// The name given.
        name: String,
        /// The family's bots.
        known: &'static [&'static str],
    },
    /// The parameter after `:` is not understood.
    #[error("bot `{spec}`: {reason}")]
    BadParameter {
        /// The whole spec given.
        spec: String,
        /// What is wrong and what is expected.
        reason: String,
    },
}
