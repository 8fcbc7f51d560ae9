//! The board family's part of the scenario runner: its errors, dealing and
//! setting up a position (the setup itself is in `setup.rs`), and its own
//! expectations — phase, cards, decks, display, tickets, terrain, routes,
//! stations and the score breakdown (`checks.rs`). The common part is
//! [`crate::scenario`].

mod checks;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use formats::GameFile;
use formats::scenario::{CardCounts, Expect, FinalExpect, Match, Scenario};

use super::cards::{Card, Cards};
use super::events::{Event, Events};
use super::state::{Phase, State};
use super::{BoardFamily, BoardGame, PlayerCountError};
use crate::board_game::board::{Board, RouteId, TicketId};
use crate::scenario::{DesignErrors, FieldError, Findings, ScenarioError, ScenarioFamily};

pub use checks::{Checks, FinalChecks};

/// The phase names of `expect.phase`, in the order a turn meets them.
pub const PHASES: [&str; 7] = [
    "setup-tickets",
    "turn",
    "second-draw",
    "keep-tickets",
    "tunnel",
    "double",
    "over",
];

/// A name a scenario uses that the design does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Not a deck colour nor `locomotive`.
    #[error("`{name}` is not a card (the deck has {} and locomotive)", .known.join(", "))]
    Card {
        /// The name given.
        name: String,
        /// The deck's colours.
        known: Vec<String>,
    },
    /// Not a terrain type of the design.
    #[error("`{name}` is not a terrain type of this design ({})", terrain_list(.known))]
    Terrain {
        /// The name given.
        name: String,
        /// The design's terrain types.
        known: Vec<String>,
    },
    /// No such ticket.
    #[error("there is no ticket `{name}`")]
    Ticket {
        /// The name given.
        name: String,
    },
    /// No such route.
    #[error("there is no route `{name}`")]
    Route {
        /// The name given.
        name: String,
    },
    /// No such city.
    #[error("there is no city `{name}`")]
    City {
        /// The name given.
        name: String,
    },
    /// Not a phase.
    #[error("`{name}` is not a phase (the phases are {})", PHASES.join(", "))]
    Phase {
        /// The name given.
        name: String,
    },
    /// A player beyond those at the table.
    #[error("there is no player {player}: {playing} play")]
    Player {
        /// The player, 1-based.
        player: usize,
        /// Players at the table.
        playing: usize,
    },
}

fn terrain_list(known: &[String]) -> String {
    if known.is_empty() {
        "it has none".to_owned()
    } else {
        format!("it has {}", known.join(", "))
    }
}

/// Where the setup puts cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pile {
    /// A player's hand (1-based).
    Hand(usize),
    /// The face-up train cards.
    Display,
    /// The train discards.
    Discards,
    /// The top of the train deck.
    DeckTop,
    /// The terrain cards before a player (1-based).
    Terrain(usize),
    /// The face-up terrain cards.
    TerrainDisplay,
    /// The top of the terrain deck.
    TerrainDeckTop,
    /// The terrain discards.
    TerrainDiscards,
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pile::Hand(p) => write!(f, "player {p}'s hand"),
            Pile::Display => f.write_str("the display"),
            Pile::Discards => f.write_str("the discards"),
            Pile::DeckTop => f.write_str("the top of the deck"),
            Pile::Terrain(p) => write!(f, "player {p}'s terrain"),
            Pile::TerrainDisplay => f.write_str("the terrain display"),
            Pile::TerrainDeckTop => f.write_str("the top of the terrain deck"),
            Pile::TerrainDiscards => f.write_str("the terrain discards"),
        }
    }
}

/// A `setup:` that cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A name the design does not have.
    #[error(transparent)]
    Name(#[from] NameError),
    /// More player entries than players.
    #[error(
        "the setup describes {} but {playing} play",
        crate::words::count(*described, "player")
    )]
    TooManyPlayers {
        /// Entries in `setup.players`.
        described: usize,
        /// Players at the table.
        playing: usize,
    },
    /// `current` names a player who is not at the table.
    #[error("`current`: there is no player {player}: {playing} play")]
    NoPlayer {
        /// The player given.
        player: u8,
        /// Players at the table.
        playing: usize,
    },
    /// More cards of a kind asked for than are free.
    #[error(
        "{pile}: {needed} {card} asked for, but only {free} are free (the rest are in hands or on the table the setup does not describe)"
    )]
    CardsNotFree {
        /// Where they were to go.
        pile: Pile,
        /// The card's name.
        card: String,
        /// How many were asked for.
        needed: u16,
        /// How many were free.
        free: u16,
    },
    /// More terrain cards of a type asked for than are free.
    #[error("{pile}: {needed} `{terrain}` terrain cards asked for, but only {free} are free")]
    TerrainNotFree {
        /// Where they were to go.
        pile: Pile,
        /// The terrain type.
        terrain: String,
        /// How many were asked for.
        needed: u16,
        /// How many were free.
        free: u16,
    },
    /// More face-up cards than the display holds.
    #[error("{pile} holds {}, not {given}", crate::words::count(*size, "card"))]
    DisplayTooLong {
        /// The train or terrain display.
        pile: Pile,
        /// Cards given.
        given: usize,
        /// Slots.
        size: usize,
    },
    /// A deck size smaller than the cards named for its top.
    #[error(
        "`{field}` {size} is smaller than the {} or tickets named for the top",
        crate::words::count(*top, "card")
    )]
    DeckSmallerThanTop {
        /// `deck_size`, `terrain_deck_size` or `ticket_deck_size`.
        field: &'static str,
        /// The size asked.
        size: usize,
        /// Cards or tickets named for the top.
        top: usize,
    },
    /// One ticket held by two players.
    #[error("ticket `{name}` is given to two players")]
    TicketGivenTwice {
        /// The ticket.
        name: String,
    },
    /// One ticket in two offers (or twice in one).
    #[error("ticket `{name}` is offered twice")]
    TicketOfferedTwice {
        /// The ticket.
        name: String,
    },
    /// `offer` together with a skipped ticket choice.
    #[error(
        "`offer` sets the setup tickets to choose from, so it cannot be combined with `tickets` or `skip_ticket_choice`"
    )]
    OfferWithoutChoice,
    /// A ticket offered here was dealt to another player and the deck has
    /// none left to give them instead.
    #[error("ticket `{name}` is dealt to another player and no ticket is left to replace it")]
    NoReplacementTicket {
        /// The ticket.
        name: String,
    },
    /// A ticket offered is held by a player.
    #[error("ticket `{name}` is held by a player")]
    TicketHeld {
        /// The ticket.
        name: String,
    },
    /// A ticket named twice for the top of the deck.
    #[error("ticket `{name}` is named twice in `ticket_deck_top`")]
    TicketNamedTwice {
        /// The ticket.
        name: String,
    },
    /// A ticket for the top of the deck that is held or offered.
    #[error("ticket `{name}` is held or offered, so it cannot also lie in the deck")]
    TicketInDeckHeld {
        /// The ticket.
        name: String,
    },
    /// A long ticket for the top of the deck when no draw offers long tickets.
    #[error(
        "ticket `{name}` is a long ticket, and no draw in play offers long tickets (those nobody was dealt leave the game)"
    )]
    LongTicketNeverDrawn {
        /// The ticket.
        name: String,
    },
    /// A ticket that is nowhere in the game.
    #[error("ticket `{name}` is not in the game")]
    TicketNotInGame {
        /// The ticket.
        name: String,
    },
    /// One route given to two players.
    #[error("route `{name}` is given to two players")]
    RouteGivenTwice {
        /// The route.
        name: String,
    },
    /// Two stations in one city.
    #[error("`{city}` has two stations")]
    TwoStations {
        /// The city.
        city: String,
    },
    /// More stations built than the rules give.
    #[error("player {player} has no station left to place in `{city}`")]
    NoStationLeft {
        /// The player, 1-based.
        player: usize,
        /// The city.
        city: String,
    },
    /// `stations_left` above what the rules give.
    #[error(
        "player {player} cannot have {} left: the rules give {count} and {built} are built",
        crate::words::count(*left, "station")
    )]
    StationsLeft {
        /// The player, 1-based.
        player: usize,
        /// Stations left asked for.
        left: u8,
        /// Stations the rules give.
        count: u8,
        /// Stations built.
        built: usize,
    },
}

/// Why a board-family scenario cannot run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardScenarioError {
    /// The design does not allow the player count.
    #[error(transparent)]
    Players(#[from] PlayerCountError),
    /// The setup cannot be made.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// An expectation names something the design does not have.
    #[error(transparent)]
    Name(#[from] NameError),
}

type Error = FieldError<BoardScenarioError>;

impl State {
    /// A train card by name: a colour or `locomotive` (`locomotives` also reads).
    pub fn card_by_name(&self, name: &str) -> Result<Card, NameError> {
        if name == "locomotive" || name == "locomotives" {
            return Ok(Card::LOCOMOTIVE);
        }
        self.board()
            .color_by_name(name)
            .map(Card::color)
            .ok_or_else(|| NameError::Card {
                name: name.to_owned(),
                known: self
                    .board()
                    .colors()
                    .iter()
                    .map(|c| c.name.clone())
                    .collect(),
            })
    }

    /// A terrain type by name.
    pub fn terrain_by_name(&self, name: &str) -> Result<u8, NameError> {
        let types = self.board().terrain_types();
        types
            .iter()
            .position(|t| t.name == name)
            .and_then(|i| u8::try_from(i).ok())
            .ok_or_else(|| NameError::Terrain {
                name: name.to_owned(),
                known: types.iter().map(|t| t.name.clone()).collect(),
            })
    }

    /// A ticket by name (`From - To`, either direction).
    pub fn ticket_named(&self, name: &str) -> Result<TicketId, NameError> {
        self.board()
            .ticket_by_name(name)
            .ok_or_else(|| NameError::Ticket {
                name: name.to_owned(),
            })
    }

    /// A route by id or name (`From - To (colour)`).
    pub fn route_named(&self, name: &str) -> Result<RouteId, NameError> {
        self.board()
            .route_by_name(name)
            .ok_or_else(|| NameError::Route {
                name: name.to_owned(),
            })
    }

    fn terrain_name(&self, t: u8) -> &str {
        self.board()
            .terrain_types()
            .get(usize::from(t))
            .map_or("unknown", |k| k.name.as_str())
    }
}

/// Builds a board from a design, or lists its errors.
fn build_board(design: &GameFile) -> Result<Arc<Board>, DesignErrors> {
    Board::build(design)
        .map(Arc::new)
        .map_err(|d| DesignErrors::of(&d))
}

impl ScenarioFamily for BoardFamily {
    type Error = BoardScenarioError;
    type Checks = Checks;
    type FinalChecks = FinalChecks;

    fn set_up(
        design: &GameFile,
        scenario: &Scenario,
    ) -> Result<State, ScenarioError<BoardScenarioError>> {
        let board = build_board(design)?;
        let game =
            BoardGame::new(board, scenario.players).map_err(|e| ScenarioError::Setup(e.into()))?;
        let mut state = game.new_game(scenario.seed);
        state
            .apply_setup(&scenario.setup)
            .map_err(|e| ScenarioError::Setup(e.into()))?;
        Ok(state)
    }

    fn checks(state: &State, e: &Expect) -> Result<Checks, Error> {
        Checks::read(state, e)
    }

    fn check(state: &State, c: &Checks, events: Option<&Events>, out: &mut Findings<'_>) {
        c.check(state, events, out);
    }

    fn final_checks(state: &State, f: &FinalExpect) -> Result<FinalChecks, Error> {
        FinalChecks::read(state, f)
    }

    fn check_final(state: &State, c: &FinalChecks, out: &mut Findings<'_>) {
        c.check(state, out);
    }
}
