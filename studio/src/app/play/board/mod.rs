//! The board game at the Play window's table ([`PlayView`] for
//! [`BoardFamily`]): the log's secrets (blind cards, tickets), a human's
//! turn ([`turn`]: hand, display, claims, tunnels, stations, doubling,
//! keeping tickets), the map ([`map`]: claimed routes, stations, lit
//! tickets), the scoreboard's columns and the final details.

pub mod map;
pub mod turn;

use std::collections::HashMap;

use egui::{Color32, Ui};
use engine::board_game::analysis::Network;
use engine::board_game::board::{Board, TicketId};
use engine::board_game::{Action, BoardFamily, Events, State};
use engine::game::Seat;
use formats::GameFile;

use super::family::{Column, LogText, PlayView};
use crate::app::canvas::paint::Overlay;
use crate::app::play::error::PlayError;
use crate::app::selection::Obj;
use turn::TurnUi;

/// What the board's view computes once per game.
pub struct BoardTable {
    /// The open routes' faded colours, by route index.
    faded: HashMap<usize, Color32>,
    /// The routes of each ticket's shortest path, by ticket index.
    ticket_paths: Vec<Vec<usize>>,
}

/// The routes of each ticket's shortest path on `board`, by ticket index.
pub fn ticket_paths(board: &Board) -> Vec<Vec<usize>> {
    let net = Network::from_board(board);
    board
        .tickets()
        .iter()
        .map(|t| {
            net.shortest_path(board.place_name(t.from), board.place_name(t.to))
                .map(|p| p.routes)
                .unwrap_or_default()
        })
        .collect()
}

impl PlayView for BoardFamily {
    type Table = BoardTable;
    type Picks = TurnUi;

    const TAKE_OVER_BOT: &'static str = "route-focus";

    fn table(file: &GameFile, board: &Board) -> BoardTable {
        BoardTable {
            faded: map::faded_routes(file),
            ticket_paths: ticket_paths(board),
        }
    }

    fn log_lines(state: &State, events: &Events) -> Vec<LogText> {
        // A viewer who is nobody sees only what is public.
        let nobody = Some(Seat(u8::MAX));
        events
            .iter()
            .map(|e| LogText {
                full: state.event_text(e, None),
                public: state.event_text(e, nobody),
            })
            .collect()
    }

    fn overlay(
        table: &BoardTable,
        state: &State,
        viewer: Option<Seat>,
        picks: Option<&TurnUi>,
    ) -> Overlay {
        let offer = picks.map(|p| &p.offer);
        let mut o = map::overlay(state, &table.faded, &table.ticket_paths, viewer, offer);
        if let Some(p) = picks {
            map::pick_overlay(p, &mut o);
        }
        o
    }

    fn pick(
        picks: &mut TurnUi,
        state: &State,
        legal: &[Action],
        obj: Obj,
    ) -> Result<(), PlayError> {
        picks.pick(state, legal, obj)
    }

    fn scoreboard_columns(state: &State) -> Vec<Column> {
        scoreboard_columns(state)
    }

    fn secrets(ui: &mut Ui, state: &State, seat: Seat) {
        turn::secrets(ui, state, seat);
    }

    fn public(ui: &mut Ui, state: &State) {
        turn::piles(ui, state);
    }

    fn turn_ui(ui: &mut Ui, state: &State, legal: &[Action], picks: &mut TurnUi) -> Option<Action> {
        turn::ui(ui, state, legal, picks)
    }

    fn final_details(ui: &mut Ui, state: &State, titles: &[String]) {
        for line in final_lines(state, titles) {
            ui.label(line);
        }
    }
}

/// Trains, cards, tickets and (where the rules have them) stations per seat.
pub fn scoreboard_columns(state: &State) -> Vec<Column> {
    let players = state.players();
    let n = players.len();
    let mut columns = vec![
        Column::per_seat("Trains", n, |i| players[i].trains.to_string()),
        Column::per_seat("Cards", n, |i| players[i].hand.total().to_string()),
        Column::per_seat("Tickets", n, |i| players[i].tickets.len().to_string()),
    ];
    if state.board().rules().stations.count > 0 {
        columns.push(Column::per_seat("Stations", n, |i| {
            let names: Vec<&str> = players[i]
                .stations
                .iter()
                .map(|&c| state.board().city(c).name.as_str())
                .collect();
            if names.is_empty() {
                "-".to_owned()
            } else {
                names.join(", ")
            }
        }));
    }
    columns
}

/// What the final table does not say: each seat's longest path, and its
/// tickets completed and failed by name (`titles` names the seats).
pub fn final_lines(state: &State, titles: &[String]) -> Vec<String> {
    let Some(end) = state.ending() else {
        return Vec::new();
    };
    let names = |ids: &[TicketId]| {
        if ids.is_empty() {
            return "none".to_owned();
        }
        ids.iter()
            .map(|&t| state.board().ticket(t).name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    end.breakdowns
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let title = titles
                .get(i)
                .cloned()
                .unwrap_or_else(|| super::session::seat_name(Seat(i as u8)));
            format!(
                "{title}: longest path {}; completed {}; failed {}",
                engine::words::count(b.longest_path, "car"),
                names(&b.completed),
                names(&b.failed)
            )
        })
        .collect()
}
