//! Bots: players that read only their own observation and choose an action.
//! Every bot is deterministic given its seed. [`Bot`] and the search in
//! [`mcts`] and [`flat`] are generic over the game traits; a family names its bots through
//! [`crate::game::Family::bot`] (the board game's are in
//! [`crate::board_game::bots`]).

pub mod flat;
pub mod mcts;
pub mod random;

use crate::game::GameState;

pub use mcts::Budget;
pub use random::RandomBot;

/// A bot spec as users write it: a name, maybe with a parameter after a
/// colon (`mcts:2000`, `mcts:50ms`). Every family's bot registry reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotSpec<'a> {
    /// The whole spec as given.
    pub spec: &'a str,
    /// The bot's name.
    pub name: &'a str,
    /// What follows the colon, if anything.
    pub param: Option<&'a str>,
}

impl<'a> BotSpec<'a> {
    /// Splits a spec at its first colon, trimming both parts.
    pub fn parse(spec: &'a str) -> Self {
        let (name, param) = match spec.split_once(':') {
            Some((n, p)) => (n.trim(), Some(p.trim())),
            None => (spec.trim(), None),
        };
        BotSpec { spec, name, param }
    }

    /// `bot`, if the spec has no parameter (the bot takes none).
    pub fn no_param<B>(&self, bot: B) -> Result<B, BotNameError> {
        match self.param {
            None => Ok(bot),
            Some(_) => Err(BotNameError::BadParameter {
                spec: self.spec.to_owned(),
                reason: format!("`{}` takes no parameter", self.name),
            }),
        }
    }

    /// The search budget the parameter gives (the default without one).
    pub fn budget(&self) -> Result<Budget, BotNameError> {
        match self.param {
            None => Ok(Budget::default()),
            Some(p) => Budget::parse(p).map_err(|reason| BotNameError::BadParameter {
                spec: self.spec.to_owned(),
                reason,
            }),
        }
    }

    /// The search budget the parameter gives, `default` without one (a
    /// bot whose default differs from [`Budget::default`], like `expert`).
    pub fn budget_or(&self, default: Budget) -> Result<Budget, BotNameError> {
        match self.param {
            None => Ok(default),
            Some(_) => self.budget(),
        }
    }

    /// The error for a name the family does not know.
    pub fn unknown(&self, known: &'static [&'static str]) -> BotNameError {
        BotNameError::Unknown {
            name: self.name.to_owned(),
            known,
        }
    }
}

/// Pushes `a` onto a candidate list unless it is there already (search
/// candidates keep the order they were proposed in).
pub fn push_unique<A: PartialEq>(out: &mut Vec<A>, a: A) {
    if !out.contains(&a) {
        out.push(a);
    }
}

/// A player of a game whose states are `S`, that sees only its observation.
pub trait Bot<S: GameState>: Send {
    /// The bot's name as given to its family's bot registry (with its
    /// parameter, if any).
    fn name(&self) -> &str;
    /// Chooses an action for the observing seat, whose decision it is. The
    /// action is legal: a bot never returns one the rules refuse.
    fn act(&mut self, obs: &S::Observation<'_>) -> S::Action;
    /// Gets ready for a new game as the bot its family builds from the same
    /// spec and `seed` would be, keeping only what does not change its
    /// decisions (tables of the design, buffers), so that a simulation can
    /// keep its bots from game to game. `false` (the default) when the bot
    /// cannot: the caller then builds a new one.
    fn renew(&mut self, _seed: u64) -> bool {
        false
    }
}

/// Plays `state` to its end with `bots[s]` deciding for seat `s`: every
/// action, and the outcome (for the families' bot tests).
#[cfg(test)]
pub(crate) fn play_to_end<S: GameState>(
    mut state: S,
    bots: &mut [Box<dyn Bot<S>>],
) -> (Vec<S::Action>, crate::game::Outcome) {
    let mut actions = Vec::new();
    while let Some(seat) = state.current_player() {
        let a = bots[seat.index()].act(&state.observation(seat));
        state.apply(a).expect("bots play legal actions");
        actions.push(a);
    }
    (actions, state.outcome().expect("the game is over"))
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
