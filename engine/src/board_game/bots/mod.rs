//! The board game's bots:
//!
//! - [`random`]: uniform over legal actions, keeping the fewest tickets allowed;
//! - [`heuristic`]: the four play styles named by the AI-playtesting
//!   literature on this game (de Mesentier Silva et al., FDG 2017) —
//!   `route-focus`, `destination-hungry`, `long-route`, `one-step` — and two
//!   personas, `blocker` (reads the rivals' needs from the board, [`rivals`])
//!   and `hoarder` (cards and tickets before claims), each with its own turn
//!   rule, built on shared planning helpers in [`plan`] and [`pay`], with
//!   every number from the design ([`scale`]);
//! - [`mcts`]: the generic information-set search ([`crate::bots::mcts`])
//!   with the board game's candidate moves and rollout policy.
//!
//! They are built by name with [`by_name`]; `docs/bots.md` documents each
//! style's decision rules.

pub mod design_styles;
pub mod evaluate;
pub mod expert;
pub mod heuristic;
pub mod infer;
mod kept_search;
pub mod mcts;
pub mod pay;
mod personas;
pub mod plan;
pub mod random;
pub mod rivals;
pub mod scale;
mod styles;

use crate::board_game::State;
use crate::bots::{Bot, BotNameError, BotSpec};

pub use heuristic::{HeuristicBot, Style};
pub use random::RandomBot;

/// A bot of the board game.
pub type BoardBot = dyn Bot<State>;

/// The names of the board game's bots ([`by_name`]).
pub const BOT_NAMES: [&str; 9] = [
    "random",
    "route-focus",
    "destination-hungry",
    "long-route",
    "one-step",
    "blocker",
    "hoarder",
    "mcts",
    "expert",
];

/// The personas among [`BOT_NAMES`] (left out of the default bots).
pub const PERSONAS: [&str; 2] = ["blocker", "hoarder"];

/// Builds a board-game bot from its name and a seed. A name may carry a parameter after
/// a colon: `mcts:2000` (iterations per decision) or `mcts:50ms` (a time
/// budget, which makes the bot depend on the machine's speed).
pub fn by_name(spec: &str, seed: u64) -> Result<Box<BoardBot>, BotNameError> {
    let spec = BotSpec::parse(spec);
    match spec.name {
        "random" => spec.no_param(Box::new(random::random_bot(seed)) as Box<BoardBot>),
        "mcts" => Ok(Box::new(mcts::mcts_bot(
            spec.spec.to_owned(),
            spec.budget()?,
            seed,
        ))),
        "expert" => Ok(Box::new(expert::expert_bot(
            spec.spec.to_owned(),
            spec.param.map(|_| spec.budget()).transpose()?,
            seed,
        ))),
        name => match Style::from_name(name) {
            Some(style) => spec.no_param(Box::new(HeuristicBot::new(style, seed)) as Box<BoardBot>),
            None => Err(spec.unknown(&BOT_NAMES)),
        },
    }
}
