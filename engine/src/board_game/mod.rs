//! The board family (USA, Europe, Heart of Africa and their variants): its
//! rules behind the generic [`crate::game`] interface. Every number comes from
//! the board's rule parameters.
//!
//! Its design side: [`board`], the validated map model; [`design_checks`],
//! the validator's checks of a board design; [`analysis`], shortest paths
//! and the lenient network; [`stats`], design statistics; [`synth`],
//! synthetic designs for benchmarks; [`map_diff`], a simulated difference
//! drawn on the map.

mod action;
pub mod analysis;
mod apply;
pub mod balance;
pub mod board;
pub mod bots;
pub mod cards;
mod checks;
pub mod deck;
pub(crate) mod design_checks;
mod events;
mod family;
pub mod knob;
pub mod layout;
mod legal;
mod log;
mod longest;
pub mod map_diff;
mod observation;
mod scenario;
pub mod scoring;
mod setup;
pub mod sim;
mod state;
pub mod stats;
pub mod synth;
mod tables;
mod text;
mod tickets;

use std::sync::Arc;

pub use action::{Action, ActionKind, Keep, Payment};
pub use cards::{Card, Cards, TerrainCards};
pub use events::{Event, Events, Revealed, Tickets};
pub use family::BoardFamily;
pub use longest::longest_path;
pub use observation::{Observation, PublicPhase, PublicPlayer};
pub use scenario::{BoardScenarioError, Checks, FinalChecks, NameError, PHASES, Pile, SetupError};
pub use scoring::{MAX_STATION_CHOICES, ScoreBreakdown};
pub use state::{Ending, MAX_DISPLAY_RESETS, PendingTunnel, Phase, Player, State};

use crate::board_game::board::Board;
use crate::game::{
    self, ActionParseError, EndReason, GameState, IllegalAction, Outcome, PlayerCountError, Seat,
};
use crate::rng::GameRng;

/// A board game: a board and a number of players. Immutable; shared by its states.
#[derive(Debug)]
pub struct BoardGame {
    pub(crate) board: Arc<Board>,
    pub(crate) players: usize,
    /// Whether both tracks of a double route may be claimed at this player count.
    pub(crate) both_tracks_open: bool,
    /// Whether the board has terrain cards: without them, no terrain draw
    /// is ever possible and the draws available need not look for one, and
    /// no route has a terrain (so none can be doubled).
    pub(crate) has_terrain: bool,
    pub(crate) tables: tables::ClaimTables,
    /// The literature styles' round robin on this game (their strengths and
    /// the games' length), played once when the `expert` first asks
    /// ([`bots::design_styles::of`]).
    pub(crate) style_strengths: std::sync::OnceLock<bots::design_styles::DesignStyles>,
}

impl BoardGame {
    /// A game of `players` on `board`.
    pub fn new(board: Arc<Board>, players: usize) -> Result<Arc<BoardGame>, PlayerCountError> {
        PlayerCountError::check(board.name(), board.rules().players, players)?;
        let both_tracks_open = players >= usize::from(board.rules().doubles.both_tracks_from);
        let tables = tables::ClaimTables::new(&board);
        let has_terrain = !board.terrain_types().is_empty();
        Ok(Arc::new(BoardGame {
            board,
            players,
            both_tracks_open,
            has_terrain,
            tables,
            style_strengths: std::sync::OnceLock::new(),
        }))
    }

    /// The board.
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    /// Players at the table.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Can both tracks of a double route be claimed at this player count?
    pub fn both_tracks_open(&self) -> bool {
        self.both_tracks_open
    }

    /// A new game dealt from `seed`.
    pub fn new_game(self: &Arc<Self>, seed: u64) -> State {
        State::new(self.clone(), seed)
    }
}

impl game::Game for Arc<BoardGame> {
    type State = State;

    fn num_players(&self) -> usize {
        self.players
    }

    fn new_initial_state(&self, seed: u64) -> State {
        self.new_game(seed)
    }

    fn renew_state(&self, state: &mut State, seed: u64) {
        state.renew(self, seed);
    }
}

impl GameState for State {
    type Action = Action;
    type Events = Events;
    type Observation<'a> = Observation<'a>;

    fn num_players(&self) -> usize {
        self.players.len()
    }

    fn current_player(&self) -> Option<Seat> {
        (!matches!(self.phase, Phase::Over)).then_some(self.current)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal(out);
    }

    fn random_action(&self, rng: &mut GameRng) -> Option<Action> {
        self.random_legal(rng)
    }

    fn apply(&mut self, action: Action) -> Result<Events, IllegalAction> {
        self.apply_action(action)
    }

    fn apply_quietly(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.apply_reporting(action, &mut events::Unreported)
    }

    fn is_terminal(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    fn scores(&self) -> Vec<i32> {
        match &self.ending {
            Some(e) => e.outcome.scores.clone(),
            None => self.players.iter().map(|p| p.route_points).collect(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending.as_ref().map(|e| e.outcome.clone())
    }

    fn observation(&self, seat: Seat) -> Observation<'_> {
        Observation::new(self, seat)
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    fn stop(&mut self, reason: EndReason) {
        if !self.is_terminal() {
            let mut events = Events::new();
            self.finish(reason, &mut events);
        }
    }

    fn action_text(&self, action: Action) -> String {
        self.describe(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ActionParseError> {
        self.parse(text)
    }
}
