//! The game drawn over the map: claimed routes in their owner's colour,
//! stations, the shown player's tickets lit, the route or city being chosen.

use egui::Color32;
use engine::board::Place;
use engine::board_game::State;
use engine::game::{GameState, Seat};

use super::session::Session;
use crate::app::canvas::paint::Overlay;

/// The colours of the seats' trains, in seat order.
const PLAYER_COLORS: [Color32; 8] = [
    Color32::from_rgb(220, 50, 47),
    Color32::from_rgb(38, 110, 220),
    Color32::from_rgb(30, 160, 70),
    Color32::from_rgb(235, 180, 0),
    Color32::from_rgb(150, 70, 200),
    Color32::from_rgb(0, 170, 170),
    Color32::from_rgb(240, 110, 20),
    Color32::from_rgb(90, 90, 90),
];

/// The colour of a seat's trains.
pub fn player_color(seat: Seat) -> Color32 {
    PLAYER_COLORS[seat.index() % PLAYER_COLORS.len()]
}

/// What everyone sees on the board: routes in their owner's colour, drawn
/// wider, and the cities with a station lit.
pub fn board_overlay(state: &State) -> Overlay {
    let mut o = Overlay::default();
    for seat in (0..state.num_players()).map(|i| Seat(i as u8)) {
        let p = state.player(seat);
        for r in &p.routes {
            o.route_colors.insert(r.index(), player_color(seat));
            o.route_weights.insert(r.index(), 1.8);
        }
        o.lit_cities.extend(p.stations.iter().map(|c| c.index()));
    }
    o
}

/// The cities a ticket end stands for (a country: all its locations).
fn place_cities(state: &State, place: Place) -> Vec<usize> {
    match place {
        Place::City(c) => vec![c.index()],
        Place::Country(k) => state
            .board()
            .countries()
            .get(k.index())
            .map(|c| c.locations.iter().map(|l| l.index()).collect())
            .unwrap_or_default(),
    }
}

/// The game for the screen: the board, plus the secrets of the player the
/// screen shows (their tickets and the tickets offered to them, lit along
/// their shortest paths).
pub fn session_overlay(session: &Session) -> Overlay {
    let state = session.state();
    let mut o = board_overlay(state);
    if let Some(seat) = session.viewer() {
        let mut tickets = state.player(seat).tickets.clone();
        if session.current() == Some(seat) {
            tickets.extend_from_slice(state.offer());
        }
        for t in tickets {
            let ticket = state.board().ticket(t);
            o.lit_routes
                .extend(session.ticket_path(t.index()).iter().copied());
            o.lit_cities.extend(place_cities(state, ticket.from));
            o.lit_cities.extend(place_cities(state, ticket.to));
        }
    }
    o
}
