//! What a family shows at the Play window's table, behind one trait: the
//! parts only the family knows (its log's secrets, a human's turn controls,
//! the hand and the public piles, the map overlay, the scoreboard's columns,
//! the final details). Everything else — seats, bots, recording, replays,
//! hidden information, the final scores table — is written once in
//! [`super::session`], [`super::table`], [`super::score`] and [`super::replay`].

use egui::Ui;
use engine::game::{Family, GameState, Seat};
use formats::GameFile;

use crate::app::canvas::paint::Overlay;
use crate::app::play::error::PlayError;
use crate::app::selection::Obj;

/// A family's action.
pub type ActionOf<F> = <<F as Family>::State as GameState>::Action;

/// One log line in two versions: the whole truth, and what the other
/// players may read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogText {
    /// Everything (the player who acted, and everyone once the game is over).
    pub full: String,
    /// What everyone may see (no blind cards, no secret goals).
    pub public: String,
}

impl LogText {
    /// A line with nothing secret in it: everyone reads it whole.
    pub fn open(text: String) -> Self {
        LogText {
            full: text.clone(),
            public: text,
        }
    }
}

/// A column of the scoreboard during play: its header and a value per seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The header.
    pub header: &'static str,
    /// One cell per seat, in seat order.
    pub cells: Vec<String>,
}

impl Column {
    /// A column of `seats` cells, `cell` giving seat `i`'s.
    pub fn per_seat(header: &'static str, seats: usize, cell: impl Fn(usize) -> String) -> Self {
        Column {
            header,
            cells: (0..seats).map(cell).collect(),
        }
    }
}

/// The Play window's family-owned parts. Drawing functions take the state
/// and the legal actions, never the session, so the shared code decides what
/// a screen may show (whose secrets, when).
pub trait PlayView: Family {
    /// What the view computes once per game from the design (the board:
    /// ticket paths and the open routes' faded colours).
    type Table: Send + 'static;
    /// What a human has picked but not played yet (the board: the route to
    /// claim, the station city, the ticket ticks); reset after every move.
    type Picks: Default + Send + 'static;

    /// The bot (a spec of [`Family::BOT_NAMES`]) that takes the human seats
    /// when asked to.
    const TAKE_OVER_BOT: &'static str;

    /// The view's data for a game on `design` (built from `file`).
    fn table(file: &GameFile, design: &Self::Design) -> Self::Table;
    /// What one move did, as log lines (`state`: after the move).
    fn log_lines(state: &Self::State, events: &<Self::State as GameState>::Events) -> Vec<LogText>;
    /// The game over the map: what everyone sees, plus the secrets of
    /// `viewer` (the player whose screen it is), if any, and what they have
    /// `picks`ed while deciding (lit while choosing: a route to claim, the
    /// ticket card under the pointer). Nothing by default (a family with no
    /// board map).
    fn overlay(
        table: &Self::Table,
        state: &Self::State,
        viewer: Option<Seat>,
        picks: Option<&Self::Picks>,
    ) -> Overlay {
        let _ = (table, state, viewer, picks);
        Overlay::default()
    }
    /// The goals of `viewer` to light on a map shown beside the game, as
    /// indices of the design's tickets: the card game's tickets on its source
    /// map. None by default (a family whose overlay draws its goals).
    fn lit_tickets(state: &Self::State, viewer: Option<Seat>) -> Vec<usize> {
        let _ = (state, viewer);
        Vec::new()
    }
    /// A click on the map during a human's decision: picks what the click
    /// names, if the rules allow it now, or says why not.
    fn pick(
        picks: &mut Self::Picks,
        state: &Self::State,
        legal: &[ActionOf<Self>],
        obj: Obj,
    ) -> Result<(), PlayError>;
    /// The scoreboard's family columns (between the player and the points).
    fn scoreboard_columns(state: &Self::State) -> Vec<Column>;
    /// The secrets of `seat` (hand, goals), shown only on their screen.
    fn secrets(ui: &mut Ui, state: &Self::State, seat: Seat);
    /// What every player sees of the table (display, decks).
    fn public(ui: &mut Ui, state: &Self::State);
    /// The controls of a human's decision, offering only `legal` (never
    /// empty); returns the action chosen.
    fn turn_ui(
        ui: &mut Ui,
        state: &Self::State,
        legal: &[ActionOf<Self>],
        picks: &mut Self::Picks,
    ) -> Option<ActionOf<Self>>;
    /// The table around a decision: the secrets of `viewer` (the player
    /// whose screen it is), what everyone sees and, on a human's `turn` (the
    /// legal actions, never empty, and the picks), its controls; returns the
    /// action chosen. By default [`PlayView::secrets`], [`PlayView::public`]
    /// and [`PlayView::turn_ui`], one below the other; a family whose piles
    /// are its controls (the card game: a click on a chip of the hand) draws
    /// them as one.
    fn table_ui(
        ui: &mut Ui,
        state: &Self::State,
        viewer: Option<Seat>,
        turn: Option<(&[ActionOf<Self>], &mut Self::Picks)>,
    ) -> Option<ActionOf<Self>> {
        if let Some(v) = viewer {
            Self::secrets(ui, state, v);
            if turn.is_some() {
                ui.separator();
            }
        }
        Self::public(ui, state);
        let (legal, picks) = turn?;
        Self::turn_ui(ui, state, legal, picks)
    }
    /// What the final scores table does not say (the board: longest paths,
    /// tickets completed and failed by name); `titles` names the seats.
    fn final_details(ui: &mut Ui, state: &Self::State, titles: &[String]);
}
