//! What a simulation measures of one rule family beyond what every family
//! shares (outcome, scores, pace, metrics): the board game's routes, cities
//! and tickets, the card game's cards, a dice game's goods. A family's
//! measures see every move of every game and add a section of their own to
//! each player count's report.

use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::findings::Topic;
use super::record::GameRecord;
use super::report::{Finding, PlayerCountReport, SimReport};
use crate::game::{Family, GameState};

/// A family's own part of a simulation, accumulated over one player count's
/// games in game order.
pub trait Measures<F: Family>: Send + Sized {
    /// What one game contributes, gathered while it is played. It is
    /// serializable so that a shard of a run (`tracklayer simulate --shard`)
    /// can be written to a file and merged later into exactly the report one
    /// process would give ([`super::shard`]): the value read back must add to
    /// the report exactly as the one played (what [`Measures::add`] reads
    /// must round-trip; state needed only during play may be skipped).
    type Game: Send + Serialize + DeserializeOwned;
    /// The family's section of a player count's report; its fields appear in
    /// the report's JSON beside the shared ones (between `pace` and `metrics`).
    type Report: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    /// An empty record for a game on `design`.
    fn start(design: &F::Design) -> Self::Game;
    /// Records one move: `state` is the position after it.
    fn moved(
        game: &mut Self::Game,
        state: &F::State,
        action: <F::State as GameState>::Action,
        events: &<F::State as GameState>::Events,
    );
    /// Records the final position (also of a game stopped by the turn cap
    /// or a refused action).
    fn end(game: &mut Self::Game, state: &F::State);

    /// Checks a record read back from a shard file against the design and
    /// the player count before it is added: every seat, route, ticket, good
    /// or group it names exists and every per-object list has the design's
    /// length. The error says which field is wrong (a shard made by another
    /// design or edited by hand), so that merging never indexes out of
    /// range nor adds a record to the wrong object.
    fn check(design: &F::Design, players: usize, game: &Self::Game) -> Result<(), String>;
    /// An empty accumulator for `players`-player games seated from `bots`.
    fn new(design: &F::Design, players: usize, bots: &[String]) -> Self;
    /// Adds one finished game (one that reached an outcome).
    fn add(&mut self, design: &F::Design, record: &GameRecord<Self::Game>);
    /// The section, over `games` games.
    fn finish(self, design: &F::Design, games: u64) -> Self::Report;
    /// The family's findings on a finished section, each with its topic
    /// (which places it among the shared findings).
    fn findings(
        design: &F::Design,
        report: &PlayerCountReport<Self::Report>,
    ) -> Vec<(Topic, Finding)>;
    /// The family's section in words, for `tracklayer simulate` (written
    /// after the shared parts of the section).
    fn write_text(report: &PlayerCountReport<Self::Report>, out: &mut String);
    /// The family's tables as CSV files for spreadsheets: (file name, contents).
    fn csv_tables(report: &SimReport<Self::Report>) -> Vec<(&'static str, String)>;
}

/// `Ok` when `index` names one of `len` objects; else an error saying which
/// field of a record names a `what` that does not exist (for
/// [`Measures::check`]).
pub(crate) fn check_index(field: &str, what: &str, index: usize, len: usize) -> Result<(), String> {
    if index < len {
        Ok(())
    } else {
        Err(format!(
            "`{field}` names {what} {index}, but the design has {len} (numbered from 0)"
        ))
    }
}

/// `Ok` when a per-object list has one entry per object (`len`); for
/// [`Measures::check`].
pub(crate) fn check_len(field: &str, what: &str, found: usize, len: usize) -> Result<(), String> {
    if found == len {
        Ok(())
    } else {
        Err(format!(
            "`{field}` has {}, but the design has {len} {what}",
            crate::words::count(found, "entry")
        ))
    }
}
