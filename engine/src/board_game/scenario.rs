//! The board family's part of the scenario runner: its errors, dealing and
//! setting up a position (the setup itself is in `setup.rs`), and its own
//! expectations — phase, cards, decks, display, tickets, terrain, routes,
//! stations and the score breakdown. The common part is [`crate::scenario`].

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
use crate::diagnostics::Severity;
use crate::scenario::{DesignErrors, FieldError, Findings, ScenarioError, ScenarioFamily};

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
    #[error("the setup describes {described} players but {playing} play")]
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
    #[error("{pile} holds {size} cards, not {given}")]
    DisplayTooLong {
        /// The train or terrain display.
        pile: Pile,
        /// Cards given.
        given: usize,
        /// Slots.
        size: usize,
    },
    /// A deck size smaller than the cards named for its top.
    #[error("`{field}` {size} is smaller than the {top} cards or tickets named for the top")]
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
        "player {player} cannot have {left} stations left: the rules give {count} and {built} are built"
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

fn name_err(field: impl Into<String>) -> impl FnOnce(NameError) -> Error {
    move |e| FieldError::new(field, BoardScenarioError::Name(e))
}

/// What a count is of: one kind, or every kind (`total`).
#[derive(Debug, Clone, Copy)]
enum Kind<K> {
    One(K),
    Total,
}

/// Expected counts, names resolved: the name as written, the kind, the count.
#[derive(Debug, Clone)]
struct Counts<K> {
    contains: bool,
    items: Vec<(String, Kind<K>, u32)>,
}

impl<K: Copy> Counts<K> {
    fn read(
        m: &Match<CardCounts>,
        field: &str,
        kind: impl Fn(&str) -> Result<K, NameError>,
    ) -> Result<Self, Error> {
        let mut items = Vec::new();
        for (name, &n) in m.value() {
            let k = if name == "total" {
                Kind::Total
            } else {
                Kind::One(kind(name).map_err(name_err(format!("{field}.{name}")))?)
            };
            items.push((name.clone(), k, u32::from(n)));
        }
        Ok(Counts {
            contains: m.is_contains(),
            items,
        })
    }

    fn check(&self, out: &mut Findings<'_>, what: &str, count: impl Fn(K) -> u32, total: u32) {
        let want: BTreeMap<&str, u32> = self
            .items
            .iter()
            .map(|(n, _, c)| (n.as_str(), *c))
            .collect();
        let found: BTreeMap<&str, u32> = self
            .items
            .iter()
            .map(|(n, k, _)| {
                let c = match k {
                    Kind::One(k) => count(*k),
                    Kind::Total => total,
                };
                (n.as_str(), c)
            })
            .collect();
        if !self.contains {
            out.diff(what, &want, &found);
        } else if want
            .iter()
            .any(|(n, w)| found.get(n).is_some_and(|f| f < w))
        {
            out.fail(format_args!(
                "{what}: expected at least {want:?}, found {found:?}"
            ));
        }
    }
}

/// Expected tickets or routes, names resolved.
#[derive(Debug, Clone)]
struct Names<T> {
    contains: bool,
    ids: Vec<T>,
}

impl<T: Copy + PartialEq> Names<T> {
    fn read(
        m: &Match<Vec<String>>,
        field: &str,
        id: impl Fn(&str) -> Result<T, NameError>,
    ) -> Result<Self, Error> {
        let ids = m
            .value()
            .iter()
            .enumerate()
            .map(|(i, n)| id(n).map_err(name_err(format!("{field}[{i}]"))))
            .collect::<Result<_, _>>()?;
        Ok(Names {
            contains: m.is_contains(),
            ids,
        })
    }

    fn check(&self, out: &mut Findings<'_>, what: &str, found: &[T], name: impl Fn(T) -> String) {
        let sorted = |ids: &mut dyn Iterator<Item = T>| {
            let mut v: Vec<String> = ids.map(&name).collect();
            v.sort();
            v
        };
        let want = sorted(&mut self.ids.iter().copied());
        let got = sorted(&mut found.iter().copied());
        if !self.contains {
            out.diff(what, &want, &got);
        } else if self.ids.iter().any(|t| !found.contains(t)) {
            out.fail(format_args!(
                "{what}: expected to include {want:?}, found {got:?}"
            ));
        }
    }
}

/// The display, slot by slot (`None`: empty), or cards among it.
#[derive(Debug, Clone)]
enum DisplayCheck {
    Slots(Vec<Option<Card>>),
    Contains(Cards),
}

/// The board family's checks of one `expect:`, names resolved.
#[derive(Debug, Clone, Default)]
pub struct Checks {
    phase: Option<&'static str>,
    last_round: Option<bool>,
    tunnel_extra: Option<u8>,
    display: Option<DisplayCheck>,
    deck_size: Option<usize>,
    deck_top: Option<Vec<Card>>,
    discards: Option<Counts<Card>>,
    display_resets: Option<u32>,
    offer: Option<Names<TicketId>>,
    ticket_deck_size: Option<usize>,
    ticket_deck_bottom: Option<Vec<TicketId>>,
    tickets_out: Option<Names<TicketId>>,
    terrain_display: Option<Vec<Option<u8>>>,
    terrain_deck_size: Option<usize>,
    terrain_discards: Option<Counts<u8>>,
    players: Vec<PlayerChecks>,
}

/// One player's checks.
#[derive(Debug, Clone, Default)]
struct PlayerChecks {
    hand: Option<Counts<Card>>,
    trains: Option<u16>,
    score: Option<i32>,
    routes: Option<Names<RouteId>>,
    tickets: Option<Names<TicketId>>,
    stations_left: Option<u8>,
    terrain: Option<Counts<u8>>,
}

fn player_count(state: &State, entries: usize, field: &str) -> Result<(), Error> {
    let playing = state.players().len();
    if entries > playing {
        return Err(name_err(format!("{field}[{playing}]"))(NameError::Player {
            player: playing + 1,
            playing,
        }));
    }
    Ok(())
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::SetupTickets => PHASES[0],
        Phase::Turn => PHASES[1],
        Phase::SecondDraw => PHASES[2],
        Phase::KeepTickets => PHASES[3],
        Phase::Tunnel(_) => PHASES[4],
        Phase::Double(_) => PHASES[5],
        Phase::Over => PHASES[6],
    }
}

impl Checks {
    fn read(state: &State, e: &Expect) -> Result<Checks, Error> {
        let card = |n: &str| state.card_by_name(n);
        let terrain = |n: &str| state.terrain_by_name(n);
        let ticket = |n: &str| state.ticket_named(n);
        let phase = match &e.phase {
            Some(p) => Some(
                PHASES
                    .iter()
                    .copied()
                    .find(|&k| k == p)
                    .ok_or_else(|| name_err("phase")(NameError::Phase { name: p.clone() }))?,
            ),
            None => None,
        };
        let display = match &e.display {
            None => None,
            Some(Match::Exactly(slots)) => Some(DisplayCheck::Slots(
                slots
                    .iter()
                    .enumerate()
                    .map(|(i, n)| match n.as_str() {
                        "empty" => Ok(None),
                        n => card(n).map(Some).map_err(name_err(format!("display[{i}]"))),
                    })
                    .collect::<Result<_, _>>()?,
            )),
            Some(Match::Contains(cards)) => {
                let mut c = Cards::EMPTY;
                for (i, n) in cards.iter().enumerate() {
                    c.add(card(n).map_err(name_err(format!("display.contains[{i}]")))?);
                }
                Some(DisplayCheck::Contains(c))
            }
        };
        let deck_top = match &e.deck_top {
            Some(top) => Some(
                top.iter()
                    .enumerate()
                    .map(|(i, n)| card(n).map_err(name_err(format!("deck_top[{i}]"))))
                    .collect::<Result<_, _>>()?,
            ),
            None => None,
        };
        let terrain_display = match &e.terrain_display {
            Some(d) => Some(
                d.iter()
                    .enumerate()
                    .map(|(i, n)| match n.as_str() {
                        "empty" => Ok(None),
                        n => terrain(n)
                            .map(Some)
                            .map_err(name_err(format!("terrain_display[{i}]"))),
                    })
                    .collect::<Result<_, _>>()?,
            ),
            None => None,
        };
        let ticket_deck_bottom = match &e.ticket_deck_bottom {
            Some(b) => Some(
                b.iter()
                    .enumerate()
                    .map(|(i, n)| ticket(n).map_err(name_err(format!("ticket_deck_bottom[{i}]"))))
                    .collect::<Result<_, _>>()?,
            ),
            None => None,
        };
        player_count(state, e.players.len(), "players")?;
        let mut players = Vec::with_capacity(e.players.len());
        for (i, p) in e.players.iter().enumerate() {
            let at = |f: &str| format!("players[{i}].{f}");
            players.push(PlayerChecks {
                hand: opt(&p.hand, |h| Counts::read(h, &at("hand"), card))?,
                trains: p.trains,
                score: p.score,
                routes: opt(&p.routes, |r| {
                    Names::read(r, &at("routes"), |n| state.route_named(n))
                })?,
                tickets: opt(&p.tickets, |t| Names::read(t, &at("tickets"), ticket))?,
                stations_left: p.stations_left,
                terrain: opt(&p.terrain, |t| Counts::read(t, &at("terrain"), terrain))?,
            });
        }
        Ok(Checks {
            phase,
            last_round: e.last_round,
            tunnel_extra: e.tunnel_extra,
            display,
            deck_size: e.deck_size,
            deck_top,
            discards: opt(&e.discards, |d| Counts::read(d, "discards", card))?,
            display_resets: e.display_resets,
            offer: opt(&e.offer, |o| Names::read(o, "offer", ticket))?,
            ticket_deck_size: e.ticket_deck_size,
            ticket_deck_bottom,
            tickets_out: opt(&e.tickets_out, |o| Names::read(o, "tickets_out", ticket))?,
            terrain_display,
            terrain_deck_size: e.terrain_deck_size,
            terrain_discards: opt(&e.terrain_discards, |d| {
                Counts::read(d, "terrain_discards", terrain)
            })?,
            players,
        })
    }

    fn check(&self, state: &State, events: Option<&Events>, out: &mut Findings<'_>) {
        let b = state.board();
        let card_names = |cards: &mut dyn Iterator<Item = Card>| -> Vec<String> {
            cards.map(|c| state.card_name(c).to_owned()).collect()
        };
        let ticket_name = |t: TicketId| b.ticket(t).name.clone();
        if let Some(p) = self.phase {
            out.diff("phase", &p, &phase_name(state.phase()));
        }
        if let Some(l) = self.last_round {
            out.diff("last round", &l, &state.last_round());
        }
        if let Some(x) = self.tunnel_extra {
            let found = match state.phase() {
                Phase::Tunnel(t) => Some(t.extra),
                _ => None,
            };
            out.diff("tunnel extra cards", &Some(x), &found);
        }
        let slot_names = |slots: &[Option<Card>]| -> Vec<String> {
            slots
                .iter()
                .map(|c| c.map_or_else(|| "empty".to_owned(), |c| state.card_name(c).to_owned()))
                .collect()
        };
        match &self.display {
            Some(DisplayCheck::Slots(want)) => {
                out.diff("display", &slot_names(want), &slot_names(state.display()));
            }
            Some(DisplayCheck::Contains(want)) => {
                let mut shown = Cards::EMPTY;
                for c in state.display().iter().flatten() {
                    shown.add(*c);
                }
                if want.0.iter().zip(&shown.0).any(|(w, s)| w > s) {
                    out.fail(format_args!(
                        "display: expected to include {:?}, found {:?}",
                        card_names(&mut want.to_vec().into_iter()),
                        slot_names(state.display())
                    ));
                }
            }
            None => {}
        }
        if let Some(n) = self.deck_size {
            out.diff("deck size", &n, &state.deck().len());
        }
        if let Some(top) = &self.deck_top {
            let found = card_names(&mut state.deck().iter().rev().take(top.len()).copied());
            out.diff(
                "top of the deck",
                &card_names(&mut top.iter().copied()),
                &found,
            );
        }
        if let Some(d) = &self.discards {
            let discards = state.discards();
            d.check(
                out,
                "discards",
                |c| u32::from(discards[c]),
                discards.total(),
            );
        }
        if let Some(r) = self.display_resets {
            let found = events.map_or(0, |ev| {
                ev.iter()
                    .filter(|e| matches!(e, Event::DisplayReset))
                    .count()
            });
            out.diff("display resets", &r, &(found as u32));
        }
        if let Some(o) = &self.offer {
            o.check(out, "tickets on offer", state.offer(), ticket_name);
        }
        if let Some(n) = self.ticket_deck_size {
            out.diff("ticket deck size", &n, &state.ticket_deck().len());
        }
        if let Some(bottom) = &self.ticket_deck_bottom {
            let deck = state.ticket_deck();
            let found: Vec<String> = deck
                .iter()
                .skip(deck.len().saturating_sub(bottom.len()))
                .map(|&t| ticket_name(t))
                .collect();
            let want: Vec<String> = bottom.iter().map(|&t| ticket_name(t)).collect();
            out.diff("bottom of the ticket deck", &want, &found);
        }
        if let Some(o) = &self.tickets_out {
            o.check(
                out,
                "tickets out of the game",
                state.tickets_out(),
                ticket_name,
            );
        }
        self.check_terrain(state, out);
        for (i, pc) in self.players.iter().enumerate() {
            if let Some(p) = state.players().get(i) {
                pc.check(state, p, &format!("player {}", i + 1), out);
            }
        }
    }

    fn check_terrain(&self, state: &State, out: &mut Findings<'_>) {
        let names = |slots: &[Option<u8>]| -> Vec<String> {
            slots
                .iter()
                .map(|t| t.map_or_else(|| "empty".to_owned(), |t| state.terrain_name(t).to_owned()))
                .collect()
        };
        if let Some(d) = &self.terrain_display {
            out.diff(
                "terrain display",
                &names(d),
                &names(state.terrain_display()),
            );
        }
        if let Some(n) = self.terrain_deck_size {
            out.diff("terrain deck size", &n, &state.terrain_deck_len());
        }
        if let Some(d) = &self.terrain_discards {
            let discards = state.terrain_discards();
            d.check(
                out,
                "terrain discards",
                |t| u32::from(discards.0[usize::from(t)]),
                discards.total(),
            );
        }
    }
}

impl PlayerChecks {
    fn check(&self, state: &State, p: &super::Player, who: &str, out: &mut Findings<'_>) {
        let b = state.board();
        if let Some(h) = &self.hand {
            h.check(
                out,
                &format!("{who}'s hand"),
                |c| u32::from(p.hand[c]),
                p.hand.total(),
            );
        }
        if let Some(t) = self.trains {
            out.diff(&format!("{who}'s trains"), &t, &p.trains);
        }
        if let Some(s) = self.score {
            out.diff(&format!("{who}'s score"), &s, &p.route_points);
        }
        if let Some(s) = self.stations_left {
            out.diff(&format!("{who}'s stations left"), &s, &p.stations_left);
        }
        if let Some(r) = &self.routes {
            r.check(out, &format!("{who}'s routes"), &p.routes, |r| {
                b.route(r).key.clone()
            });
        }
        if let Some(t) = &self.tickets {
            t.check(out, &format!("{who}'s tickets"), &p.tickets, |t| {
                b.ticket(t).name.clone()
            });
        }
        if let Some(t) = &self.terrain {
            t.check(
                out,
                &format!("{who}'s terrain cards"),
                |k| u32::from(p.terrain.0[usize::from(k)]),
                p.terrain.total(),
            );
        }
    }
}

fn opt<T, U>(v: &Option<T>, f: impl FnOnce(&T) -> Result<U, Error>) -> Result<Option<U>, Error> {
    v.as_ref().map(f).transpose()
}

/// The board family's checks of the `outcome:`, names resolved.
#[derive(Debug, Clone, Default)]
pub struct FinalChecks {
    players: Vec<FinalPlayerChecks>,
}

/// Reads one component of a player's final score.
type Component = fn(&super::ScoreBreakdown) -> i32;

/// One player's final accounts to check (the total is the runner's).
#[derive(Debug, Clone, Default)]
struct FinalPlayerChecks {
    points: Vec<(&'static str, i32, Component)>,
    longest_path: Option<u32>,
    completed: Option<Names<TicketId>>,
    borrowed: Option<Names<RouteId>>,
}

impl FinalChecks {
    fn read(state: &State, f: &FinalExpect) -> Result<FinalChecks, Error> {
        player_count(state, f.players.len(), "players")?;
        let mut players = Vec::with_capacity(f.players.len());
        for (i, fp) in f.players.iter().enumerate() {
            let at = |f: &str| format!("players[{i}].{f}");
            let fields: [(&'static str, Option<i32>, Component); 6] = [
                ("route points", fp.routes, |s| s.routes),
                ("completed-ticket points", fp.tickets_completed, |s| {
                    s.tickets_completed
                }),
                ("failed-ticket points", fp.tickets_failed, |s| {
                    s.tickets_failed
                }),
                ("longest-path bonus", fp.longest_path_bonus, |s| {
                    s.longest_path_bonus
                }),
                ("globetrotter bonus", fp.globetrotter_bonus, |s| {
                    s.globetrotter_bonus
                }),
                ("station points", fp.stations_bonus, |s| s.stations_bonus),
            ];
            players.push(FinalPlayerChecks {
                points: fields
                    .into_iter()
                    .filter_map(|(what, want, get)| want.map(|w| (what, w, get)))
                    .collect(),
                longest_path: fp.longest_path,
                completed: opt(&fp.completed, |c| {
                    Names::read(c, &at("completed"), |n| state.ticket_named(n))
                })?,
                borrowed: opt(&fp.borrowed, |r| {
                    Names::read(r, &at("borrowed"), |n| state.route_named(n))
                })?,
            });
        }
        Ok(FinalChecks { players })
    }

    fn check(&self, state: &State, out: &mut Findings<'_>) {
        let Some(end) = state.ending() else {
            return;
        };
        let b = state.board();
        for (i, fp) in self.players.iter().enumerate() {
            let Some(s) = end.breakdowns.get(i) else {
                continue;
            };
            let who = format!("player {}", i + 1);
            for &(what, want, get) in &fp.points {
                out.diff(&format!("{who}'s {what}"), &want, &get(s));
            }
            if let Some(l) = fp.longest_path {
                out.diff(&format!("{who}'s longest path"), &l, &s.longest_path);
            }
            if let Some(c) = &fp.completed {
                c.check(
                    out,
                    &format!("{who}'s completed tickets"),
                    &s.completed,
                    |t| b.ticket(t).name.clone(),
                );
            }
            if let Some(r) = &fp.borrowed {
                let borrowed: Vec<RouteId> = s.borrowed.iter().map(|&(_, r)| r).collect();
                r.check(out, &format!("{who}'s borrowed routes"), &borrowed, |r| {
                    b.route(r).key.clone()
                });
            }
        }
    }
}
