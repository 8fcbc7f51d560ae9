//! Events in words, for game logs: "Player 2 claims Denver - Omaha (pink) with
//! 4 pink for 7 points." What a viewer may not see is left out.

use super::events::Event;
use super::state::State;
use crate::game::{EndReason, Seat};
use crate::words::count;

fn names(state: &State, ids: &[crate::board_game::board::TicketId]) -> String {
    ids.iter()
        .map(|&t| state.board().ticket(t).name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

impl State {
    /// One event in words, as `viewer` may see it (`None`: everything).
    /// Call it on the state right after the action that produced the event.
    pub fn event_text(&self, e: &Event, viewer: Option<Seat>) -> String {
        let board = self.board();
        let sees = |seat: &Seat| viewer.is_none_or(|v| v == *seat);
        let who = |s: &Seat| format!("Player {}", s.0 + 1);
        match e {
            Event::TicketsKept {
                seat,
                kept,
                returned,
            } => {
                if sees(seat) {
                    let mut s = format!("{} keeps {}", who(seat), names(self, kept));
                    if !returned.is_empty() {
                        s.push_str(&format!(" and returns {}", names(self, returned)));
                    }
                    s + "."
                } else if returned.is_empty() {
                    format!("{} keeps {}.", who(seat), count(kept.len(), "ticket"))
                } else {
                    format!(
                        "{} keeps {} and returns {}.",
                        who(seat),
                        count(kept.len(), "ticket"),
                        returned.len()
                    )
                }
            }
            Event::TicketsOffered { seat, offered } => {
                if sees(seat) {
                    format!("{} draws tickets: {}.", who(seat), names(self, offered))
                } else {
                    format!("{} draws {}.", who(seat), count(offered.len(), "ticket"))
                }
            }
            Event::CardDrawn { seat, card, slot } => match slot {
                Some(s) => format!(
                    "{} takes the face-up {} (slot {}).",
                    who(seat),
                    self.card_name(*card),
                    s + 1
                ),
                None if sees(seat) => {
                    let name = self.card_name(*card);
                    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
                        "an"
                    } else {
                        "a"
                    };
                    format!("{} draws {article} {name} from the deck.", who(seat))
                }
                None => format!("{} draws a card from the deck.", who(seat)),
            },
            Event::TerrainDrawn {
                seat,
                terrain,
                slot,
            } => {
                let name = &board.terrain_types()[usize::from(*terrain)].name;
                match slot {
                    Some(s) => format!(
                        "{} takes the face-up {name} terrain card (slot {}).",
                        who(seat),
                        s + 1
                    ),
                    None => format!("{} draws a {name} terrain card.", who(seat)),
                }
            }
            Event::DisplayReset => {
                "Three locomotives lie face up: the display is discarded and dealt anew.".into()
            }
            Event::Reshuffled => "The discards are shuffled into a new deck.".into(),
            Event::RouteClaimed {
                seat,
                route,
                payment,
                points,
            } => {
                let r = board.route(*route);
                format!(
                    "{} claims {} with {} for {}.",
                    who(seat),
                    r.name,
                    self.payment_text(*payment, r.length),
                    count(*points, "point")
                )
            }
            Event::TunnelRevealed { cards, extra } => {
                let shown: Vec<&str> = cards.iter().map(|&c| self.card_name(c)).collect();
                format!(
                    "The tunnel reveals {}: {} to pay.",
                    if shown.is_empty() {
                        "nothing".to_owned()
                    } else {
                        shown.join(", ")
                    },
                    count(*extra, "more card")
                )
            }
            Event::TunnelPaid {
                seat,
                extra,
                locomotives,
            } => {
                format!(
                    "{} pays the {} ({}).",
                    who(seat),
                    count(usize::from(*extra), "extra card"),
                    count(usize::from(*locomotives), "locomotive")
                )
            }
            Event::TunnelWithdrawn { seat, route } => {
                format!(
                    "{} withdraws from {} and takes the cards back.",
                    who(seat),
                    board.route(*route).name
                )
            }
            Event::StationBuilt { seat, city, .. } => {
                format!(
                    "{} builds a station in {}.",
                    who(seat),
                    board.city(*city).name
                )
            }
            Event::RouteDoubled {
                seat,
                route,
                points,
                terrain_cards,
                locomotives,
            } => format!(
                "{} doubles {} with {} and {}: +{}.",
                who(seat),
                board.route(*route).name,
                count(usize::from(*terrain_cards), "terrain card"),
                count(usize::from(*locomotives), "locomotive"),
                count(*points, "point")
            ),
            Event::Passed { seat } => format!("{} cannot do anything and passes.", who(seat)),
            Event::LastRound { seat } => {
                format!(
                    "{} has few trains left: everyone plays one last turn.",
                    who(seat)
                )
            }
            Event::GameOver { reason } => match reason {
                EndReason::Normal => "The game is over.".into(),
                EndReason::Stalemate => {
                    "No player can act any more: the game ends in a stalemate.".into()
                }
                EndReason::TurnCap => "The turn limit is reached: the game is stopped.".into(),
            },
        }
    }
}
