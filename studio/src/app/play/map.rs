//! The game drawn over the map: claimed routes in their owner's colour,
//! stations, the shown player's tickets lit, the route or city being chosen.

use std::collections::HashMap;

use egui::Color32;
use engine::board::Place;
use engine::board_game::State;
use engine::game::{GameState, Seat};

use super::session::Session;
use crate::app::canvas::colors::Palette;
use crate::app::canvas::paint::Overlay;
use formats::GameFile;

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

/// Every route of `design` in a faded version of its colour: during a game
/// the open routes step back so the claimed ones stand out.
pub fn faded_routes(design: &GameFile) -> HashMap<usize, Color32> {
    let palette = Palette::of(design);
    design
        .routes
        .iter()
        .enumerate()
        .map(|(i, r)| (i, fade(palette.route(&r.color))))
        .collect()
}

/// A colour two-thirds of the way to the land's beige.
fn fade(c: Color32) -> Color32 {
    let mix = |a: u8, b: u8| ((u16::from(a) + 2 * u16::from(b)) / 3) as u8;
    Color32::from_rgb(mix(c.r(), 238), mix(c.g(), 230), mix(c.b(), 205))
}

/// What everyone sees on the board: open routes faded (`faded`, from
/// [`faded_routes`]), claimed routes wide in their owner's colour, and the
/// cities with a station lit.
pub fn board_overlay(state: &State, faded: &HashMap<usize, Color32>) -> Overlay {
    let mut o = Overlay {
        route_colors: faded.clone(),
        ..Overlay::default()
    };
    for seat in (0..state.num_players()).map(|i| Seat(i as u8)) {
        let p = state.player(seat);
        for r in &p.routes {
            o.route_colors.insert(r.index(), player_color(seat));
            o.route_weights.insert(r.index(), 2.0);
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
pub fn session_overlay(session: &Session, faded: &HashMap<usize, Color32>) -> Overlay {
    let state = session.state();
    let mut o = board_overlay(state, faded);
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
