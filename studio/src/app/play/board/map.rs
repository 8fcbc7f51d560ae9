//! The board game drawn over the map: claimed routes in their owner's
//! colour, stations, the shown player's tickets lit, the route or city being
//! chosen.

use std::collections::HashMap;

use egui::Color32;
use engine::board_game::State;
use engine::board_game::board::{Place, TicketId};
use engine::game::{GameState, Seat};
use formats::GameFile;

use super::turn::TurnUi;
use crate::app::canvas::paint::Overlay;
use crate::app::play::offer::OfferPicks;
use crate::app::play::score::player_color;
use crate::drawing::colors::Palette;

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

/// The game for the screen: the board, plus the secrets of `viewer` (their
/// tickets, and the tickets offered to them while they choose, lit along
/// their shortest paths: `ticket_paths`, by ticket index). With the
/// viewer's picks of the offer (`offer`) only the tickets picked to keep are
/// lit, and while the pointer is on a ticket's card its path alone.
pub fn overlay(
    state: &State,
    faded: &HashMap<usize, Color32>,
    ticket_paths: &[Vec<usize>],
    viewer: Option<Seat>,
    offer: Option<&OfferPicks<TicketId>>,
) -> Overlay {
    let mut o = board_overlay(state, faded);
    if let Some(seat) = viewer {
        let mut tickets = state.player(seat).tickets.clone();
        if state.current_player() == Some(seat) {
            match offer {
                Some(picks) => tickets.extend(picks.kept(state.offer())),
                None => tickets.extend_from_slice(state.offer()),
            }
        }
        let hovered = offer.and_then(OfferPicks::hovered);
        if let Some(t) = hovered.filter(|t| state.offer().contains(t)) {
            tickets = vec![t];
            for &r in ticket_paths.get(t.index()).into_iter().flatten() {
                o.route_weights.entry(r).or_insert(2.5);
            }
        }
        for t in tickets {
            let ticket = state.board().ticket(t);
            o.lit_routes
                .extend(ticket_paths.get(t.index()).into_iter().flatten().copied());
            o.lit_cities.extend(place_cities(state, ticket.from));
            o.lit_cities.extend(place_cities(state, ticket.to));
        }
    }
    o
}

/// The route or city a human is choosing, lit on the map.
pub fn pick_overlay(picks: &TurnUi, o: &mut Overlay) {
    if let Some(r) = picks.route {
        o.lit_routes.insert(r.index());
        o.route_weights.insert(r.index(), 2.5);
    }
    if let Some(c) = picks.city {
        o.lit_cities.insert(c.index());
    }
}
