//! A rule family: what a module under `engine/src/` provides, beyond the
//! [`Game`]/[`GameState`] traits, so that bots, the bot game loop, simulation,
//! arenas, replays, scenarios, the CLI and the studio work with it unchanged.
//! [`crate::families`] registers every family in one place.

use std::fmt;
use std::sync::Arc;

use formats::GameFile;
use smallvec::SmallVec;

use crate::bots::{Bot, BotNameError};
use crate::diagnostics::Diagnostics;
use crate::game::{Game, GameState};
use crate::sim::Measures;
use crate::sim::skill::SkillProbe;

/// A player count the design does not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{design} is for {min} to {max} players, not {asked}")]
pub struct PlayerCountError {
    /// The design's name.
    pub design: String,
    /// Fewest allowed.
    pub min: u8,
    /// Most allowed.
    pub max: u8,
    /// What was asked.
    pub asked: usize,
}

impl PlayerCountError {
    /// Checks that `asked` players fit the design's `range` (every family's
    /// games are made through this check).
    pub fn check(
        design: &str,
        range: formats::rules::PlayerRange,
        asked: usize,
    ) -> Result<(), PlayerCountError> {
        if asked < usize::from(range.min) || asked > usize::from(range.max) {
            return Err(PlayerCountError {
                design: design.to_owned(),
                min: range.min,
                max: range.max,
                asked,
            });
        }
        Ok(())
    }
}

/// One seat's final accounts as every report reads them: the total, its named
/// parts, and how the seat did on its goals (tickets), if the family has them.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Accounts {
    /// The final score.
    pub total: i32,
    /// Points by component, in [`Family::SCORE_COMPONENTS`] order (the
    /// [`Family::PENALTIES`] as positive numbers the total subtracts).
    pub components: SmallVec<[i32; 8]>,
    /// Goals held at the end and goals completed, when the family has goals.
    pub goals: Option<(u32, u32)>,
}

/// A rule family: the game traits plus how it is built from a design, its
/// bots, what a simulation measures of it, and what its components are (so
/// that conformance tests can check them).
pub trait Family: Sized + Send + Sync + 'static {
    /// The family's value of `family:` in design files.
    const KIND: formats::Family;
    /// The names [`Family::bot`] knows, as listed in errors and help texts.
    const BOT_NAMES: &'static [&'static str];
    /// The personas among [`Family::BOT_NAMES`]: bots that probe a design
    /// (hoarding, blocking, never re-rolling, …) rather than model a play
    /// style, left out of [`Family::default_bots`].
    const PERSONAS: &'static [&'static str] = &[];
    /// The names of the kinds of action, in [`Family::action_kind`]'s order
    /// (how a simulation breaks actions down).
    const ACTION_KINDS: &'static [&'static str];
    /// The names of the parts of a final score, in [`Accounts::components`]'
    /// order (how reports break scores down).
    const SCORE_COMPONENTS: &'static [&'static str];
    /// The parts of [`Family::SCORE_COMPONENTS`] that the total subtracts
    /// (the board game: failed tickets), which scoreboards show with a minus
    /// sign.
    const PENALTIES: &'static [&'static str];
    /// The bots the skill measure ([`crate::sim::skill`]) sets against each
    /// other: the family's strongest and a mid-ladder one.
    const SKILL_PROBE: SkillProbe;

    /// A validated design of this family (shared by every game on it).
    type Design: fmt::Debug + Send + Sync + 'static;
    /// The game: a design and a player count.
    type Game: Game<State = Self::State> + Clone + Send + Sync + 'static;
    /// Its positions.
    type State: GameState;
    /// What a simulation measures of this family beyond what every family shares.
    type Measures: Measures<Self>;
    /// What the balance search may change in its designs and aim at.
    type Balance: crate::balance::Balance<Self>;

    /// Checks a design file of this family: the built design when it could be
    /// built, and every diagnostic of the family's own checks, errors and
    /// warnings (the design's `allow:` list is applied by the caller, once
    /// for every family: see [`checked`]).
    fn check(file: &GameFile) -> (Option<Self::Design>, Diagnostics);
    /// Builds the design from a file, or says everything that stops it (with
    /// its `allow:` list applied, as in [`checked`]).
    fn build(file: &GameFile) -> Result<Self::Design, Diagnostics> {
        match checked::<Self>(file) {
            (Some(design), _) => Ok(design),
            (None, diagnostics) => Err(diagnostics),
        }
    }
    /// The design's name, as reports show it.
    fn design_name(design: &Self::Design) -> &str;
    /// The fewest and most players the design seats.
    fn players(design: &Self::Design) -> (usize, usize);
    /// The bots seated when a simulation names none: the family's heuristic
    /// play styles, i.e. every bot but the `random` baseline, the slow
    /// `mcts` and `expert` searches and the [`Family::PERSONAS`].
    fn default_bots() -> Vec<&'static str> {
        Self::BOT_NAMES
            .iter()
            .copied()
            .filter(|n| !matches!(*n, "random" | "mcts" | "expert"))
            .filter(|n| !Self::PERSONAS.contains(n))
            .collect()
    }
    /// A game of `players` on `design`.
    fn new_game(design: &Arc<Self::Design>, players: usize)
    -> Result<Self::Game, PlayerCountError>;
    /// A bot by its spec (a name from [`Family::BOT_NAMES`], maybe with a
    /// parameter after a colon), drawing from `seed`.
    fn bot(spec: &str, seed: u64) -> Result<Box<dyn Bot<Self::State>>, BotNameError>;
    /// The index in [`Family::ACTION_KINDS`] of an action's kind.
    fn action_kind(action: <Self::State as GameState>::Action) -> usize;
    /// What one move did, in words every player may read (a log line each),
    /// `state` being the position after it.
    fn describe_events(
        state: &Self::State,
        events: &<Self::State as GameState>::Events,
    ) -> Vec<String>;
    /// Automatic passes (a player who could do nothing) among the events of one action.
    fn passes(events: &<Self::State as GameState>::Events) -> u32;
    /// The public score track during play (points scored so far, before the
    /// end-of-game scoring), one value per seat: who leads a game as it goes.
    fn score_track(state: &Self::State, out: &mut Vec<i32>);
    /// Each seat's final accounts, once the game is over.
    fn accounts(state: &Self::State) -> Option<Vec<Accounts>>;
    /// Every component of the game by kind (cards per kind, trains, …) in a
    /// fixed order, wherever it is (hands, decks, board, box): the totals
    /// never change during a game.
    fn component_totals(state: &Self::State) -> Vec<(String, u64)>;
    /// Each seat's final score computed again from the final position alone
    /// (not from the running totals kept during play).
    fn recompute_scores(state: &Self::State) -> Vec<i32>;
}

/// Checks a design file with family `F` and applies its `allow:` list: the
/// design, when there is no error, and every diagnostic left.
pub fn checked<F: Family>(file: &GameFile) -> (Option<F::Design>, Diagnostics) {
    let (design, mut diagnostics) = F::check(file);
    crate::diagnostics::allow::apply_allow_list(file, &mut diagnostics);
    if diagnostics.has_errors() {
        return (None, diagnostics);
    }
    (design, diagnostics)
}

/// Checks a bot spec of a family without building the bot (for argument parsing).
pub fn check_bot<F: Family>(spec: &str) -> Result<(), BotNameError> {
    F::bot(spec, 0).map(|_| ())
}
