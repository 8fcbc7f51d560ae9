//! Bots: players that read only their own observation and choose an action.
//! Every bot is deterministic given its seed. [`Bot`] and the search in
//! [`mcts`] are generic over the game traits; a family names its bots through
//! [`crate::game::Family::bot`]. The board game's bots:
//!
//! - [`random`]: uniform over legal actions, keeping the fewest tickets allowed;
//! - [`heuristic`]: the four play styles of the AI-playtesting literature on
//!   this game (de Mesentier Silva et al., FDG 2017) — `route-focus`,
//!   `destination-hungry`, `long-route`, `one-step` — built on shared planning
//!   helpers in [`plan`] and [`pay`];
//! - [`mcts`]: information-set Monte Carlo tree search over determinizations,
//!   generic over the [`crate::game`] traits, with [`board_mcts`] adapting it to
//!   the board game (candidate moves and a fast heuristic rollout policy).
//!
//! The board game's bots are built by name with [`by_name`]; `docs/bots.md`
//! documents each style's decision rules.

pub mod board_mcts;
pub mod heuristic;
pub mod mcts;
pub mod pay;
pub mod plan;
pub mod random;
pub mod scale;

use crate::board_game::State;
use crate::game::GameState;

pub use heuristic::{HeuristicBot, Style};
pub use mcts::Budget;
pub use random::RandomBot;

/// A player of a game whose states are `S`, that sees only its observation.
pub trait Bot<S: GameState>: Send {
    /// The bot's name as given to its family's bot registry (with its
    /// parameter, if any).
    fn name(&self) -> &str;
    /// Chooses an action for the observing seat, whose decision it is. The
    /// action is legal: a bot never returns one the rules refuse.
    fn act(&mut self, obs: &S::Observation<'_>) -> S::Action;
}

/// A bot of the board game.
pub type BoardBot = dyn Bot<State>;

/// The names of the board game's bots ([`by_name`]).
pub const BOT_NAMES: [&str; 6] = [
    "random",
    "route-focus",
    "destination-hungry",
    "long-route",
    "one-step",
    "mcts",
];

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

/// Builds a board-game bot from its name and a seed. A name may carry a parameter after
/// a colon: `mcts:2000` (iterations per decision) or `mcts:50ms` (a time
/// budget, which makes the bot depend on the machine's speed).
pub fn by_name(spec: &str, seed: u64) -> Result<Box<BoardBot>, BotNameError> {
    let (name, param) = match spec.split_once(':') {
        Some((n, p)) => (n.trim(), Some(p.trim())),
        None => (spec.trim(), None),
    };
    let no_param = |bot: Box<BoardBot>| match param {
        None => Ok(bot),
        Some(_) => Err(BotNameError::BadParameter {
            spec: spec.to_owned(),
            reason: format!("`{name}` takes no parameter"),
        }),
    };
    match name {
        "random" => no_param(Box::new(RandomBot::new(seed))),
        "mcts" => {
            let budget = match param {
                None => Budget::default(),
                Some(p) => Budget::parse(p).map_err(|reason| BotNameError::BadParameter {
                    spec: spec.to_owned(),
                    reason,
                })?,
            };
            Ok(Box::new(board_mcts::MctsBot::new(
                spec.to_owned(),
                budget,
                seed,
            )))
        }
        _ => match Style::from_name(name) {
            Some(style) => no_param(Box::new(HeuristicBot::new(style, seed))),
            None => Err(BotNameError::Unknown {
                name: name.to_owned(),
                known: &BOT_NAMES,
            }),
        },
    }
}
