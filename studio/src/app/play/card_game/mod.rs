//! The card game at the Play window's table ([`PlayView`] for
//! [`CardFamily`]): the hand of the seat whose screen it is as card chips
//! (a click on a colour starts a Rail Yard play, [`compose`]), its tickets
//! (lit on the source map beside the game), the face-up cards, decks and
//! every Rail Yard ([`table`]), the ticket choices, the scoreboard's columns
//! and the final details. The On the Track piles are shown only by their
//! size, to their owners too (RULES.md §4). The engine says what is legal:
//! the chips and buttons offer only its moves.

pub mod chips;
pub mod compose;
pub mod table;

use egui::Ui;
use engine::card_game::{Action, CardDesign, CardFamily, Counts, Events, Phase, State};
use engine::game::Seat;
use formats::GameFile;

use super::capitalized;
use super::family::{Column, LogText, PlayView};
use super::offer::{self, OfferPicks};
use crate::app::play::error::PlayError;
use crate::app::selection::Obj;
use chips::ticket;
use compose::Composer;

/// What a human has picked: the tickets to keep, by offer position, and
/// the Rail Yard play being composed.
#[derive(Debug, Default)]
pub struct CardPicks {
    offer: OfferPicks<u16>,
    /// The play composed from the hand's chips.
    pub play: Composer,
}

/// A seat's Rail Yard rows: `2 blue + 1 locomotive, 1 red`.
pub fn yard_text(d: &CardDesign, yard: &Counts, locos: &Counts) -> String {
    let rows: Vec<String> = (0..d.colors.len())
        .filter(|&c| yard.0[c] + locos.0[c] > 0)
        .map(|c| {
            if locos.0[c] > 0 {
                format!(
                    "{} + {}",
                    chips::cards_of(d, c, yard.0[c]),
                    chips::cards_of(d, d.loco(), locos.0[c])
                )
            } else {
                chips::cards_of(d, c, yard.0[c])
            }
        })
        .collect();
    if rows.is_empty() {
        "empty".to_owned()
    } else {
        rows.join(", ")
    }
}

impl PlayView for CardFamily {
    type Table = ();
    type Picks = CardPicks;

    const TAKE_OVER_BOT: &'static str = "ticket-matcher";

    fn table(_: &GameFile, _: &CardDesign) {}

    fn log_lines(state: &State, events: &Events) -> Vec<LogText> {
        // The card game's events never name a hidden card.
        events
            .iter()
            .map(|e| LogText::open(capitalized(&state.event_text(e))))
            .collect()
    }

    fn lit_tickets(state: &State, viewer: Option<Seat>) -> Vec<usize> {
        let Some(v) = viewer else {
            return Vec::new();
        };
        let p = &state.players()[v.index()];
        let choosing = state.current() == v
            && matches!(state.phase(), Phase::SetupTickets | Phase::KeepTickets);
        let offer = if choosing { &p.offer[..] } else { &[] };
        p.tickets
            .iter()
            .chain(offer)
            .map(|&t| usize::from(t))
            .collect()
    }

    fn pick(_: &mut CardPicks, _: &State, _: &[Action], _: Obj) -> Result<(), PlayError> {
        Err(PlayError::NoMapPlay)
    }

    fn scoreboard_columns(state: &State) -> Vec<Column> {
        let d = state.design();
        let players = state.players();
        let n = players.len();
        vec![
            Column::per_seat("Cards", n, |i| players[i].hand.total().to_string()),
            Column::per_seat("Rail Yard", n, |i| {
                yard_text(d, &players[i].yard, &players[i].yard_locos)
            }),
            Column::per_seat("On the Track", n, |i| {
                players[i].on_track.total().to_string()
            }),
            Column::per_seat("Tickets", n, |i| players[i].tickets.len().to_string()),
            Column::per_seat("Completed", n, |i| players[i].completed.len().to_string()),
        ]
    }

    fn secrets(ui: &mut Ui, state: &State, seat: Seat) {
        table::hand(ui, state, seat, None);
        table::tickets(ui, state, seat);
    }

    fn public(ui: &mut Ui, state: &State) {
        table::piles(ui, state, None);
    }

    fn turn_ui(
        ui: &mut Ui,
        state: &State,
        legal: &[Action],
        picks: &mut CardPicks,
    ) -> Option<Action> {
        if matches!(state.phase(), Phase::SetupTickets | Phase::KeepTickets) {
            return keep_tickets(ui, state, legal, picks);
        }
        table::controls(ui, state, legal, &mut picks.play)
    }

    /// The hand first and the turn's moves right under it (the Rail Yard
    /// play and its button stay in sight without scrolling), then the
    /// table everyone sees, then the seat's tickets.
    fn table_ui(
        ui: &mut Ui,
        state: &State,
        viewer: Option<Seat>,
        turn: Option<(&[Action], &mut CardPicks)>,
    ) -> Option<Action> {
        let choosing = matches!(state.phase(), Phase::SetupTickets | Phase::KeepTickets);
        let mut chosen = None;
        let mut legal_now = None;
        if let Some(v) = viewer {
            match turn {
                Some((legal, picks)) => {
                    let play = (!choosing).then_some((legal, &mut picks.play));
                    table::hand(ui, state, v, play);
                    ui.separator();
                    chosen = if choosing {
                        keep_tickets(ui, state, legal, picks)
                    } else {
                        table::controls(ui, state, legal, &mut picks.play)
                    };
                    legal_now = (!choosing).then_some(legal);
                }
                None => table::hand(ui, state, v, None),
            }
            ui.separator();
        }
        let taken = table::piles(ui, state, legal_now);
        if let Some(v) = viewer {
            ui.separator();
            table::tickets(ui, state, v);
        }
        chosen.or(taken)
    }

    fn final_details(ui: &mut Ui, state: &State, titles: &[String]) {
        for line in final_lines(state, titles) {
            ui.label(line);
        }
    }
}

/// The offer as ticket cards ([`offer::keep_tickets`]), each with the
/// cards it needs; the choice is played only if the engine allows that many.
fn keep_tickets(
    ui: &mut Ui,
    state: &State,
    legal: &[Action],
    picks: &mut CardPicks,
) -> Option<Action> {
    let d = state.design();
    let offer = &state.players()[state.current().index()].offer;
    offer::keep_tickets(
        ui,
        offer,
        legal,
        state.fewest_to_keep().unwrap_or(0),
        &mut picks.offer,
        |ui, id, mode| {
            let name = &d.tickets[usize::from(id)].name;
            ticket(ui, d, id, &format!("Keep {name}"), mode)
        },
    )
    .map(Action::KeepTickets)
}

/// What the final table does not say: each seat's completed and unfinished
/// tickets by name, and the Big Cities it won.
pub fn final_lines(state: &State, titles: &[String]) -> Vec<String> {
    let Some(end) = state.ending() else {
        return Vec::new();
    };
    let d = state.design();
    let names = |ids: &[u16]| {
        if ids.is_empty() {
            return "none".to_owned();
        }
        ids.iter()
            .map(|&t| d.tickets[usize::from(t)].name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    end.breakdowns
        .iter()
        .zip(state.players())
        .enumerate()
        .map(|(i, (b, p))| {
            let cities: Vec<&str> = b
                .cities_won
                .iter()
                .map(|&c| d.big_cities[c].name.as_str())
                .collect();
            format!(
                "{}: completed {}; unfinished {}; Big Cities {}",
                titles.get(i).map_or("?", String::as_str),
                names(&p.completed),
                names(&p.tickets),
                if cities.is_empty() {
                    "none".to_owned()
                } else {
                    cities.join(", ")
                }
            )
        })
        .collect()
}
