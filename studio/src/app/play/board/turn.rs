//! A human's decision: the hand and tickets, the face-up display and the
//! decks, claiming a route (from the list or the map) and choosing its
//! payment, stations, tunnels, doubling, and keeping tickets. Only the
//! engine's legal actions are offered, each in the engine's words.

use egui::{Color32, RichText, Ui};
use engine::board_game::board::{CityId, RouteId, TicketId};
use engine::board_game::{Action, Card, Phase, State};
use engine::game::Seat;
use engine::words::count;

use crate::app::play::capitalized;
use crate::app::play::error::PlayError;
use crate::app::play::offer::{self, OfferPicks, ticket_card};
use crate::app::play::session::seat_name;
use crate::app::selection::Obj;
use crate::drawing::colors;

/// What the player has picked but not played yet.
#[derive(Debug, Default)]
pub struct TurnUi {
    /// The route being claimed: its payments are offered.
    pub route: Option<RouteId>,
    /// The city of the station being built: its payments are offered.
    pub city: Option<CityId>,
    /// The tickets on offer kept or returned, and the one under the pointer.
    pub offer: OfferPicks<TicketId>,
}

impl TurnUi {
    /// A click on the map: picks the route to claim or the city for a
    /// station, when the rules allow one now.
    pub fn pick(&mut self, state: &State, legal: &[Action], obj: Obj) -> Result<(), PlayError> {
        let board = state.board();
        match obj {
            Obj::Route(i) => {
                let name = board.routes().get(i).map_or("", |r| r.name.as_str());
                if legal
                    .iter()
                    .any(|a| matches!(a, Action::Claim { route, .. } if route.index() == i))
                {
                    self.route = Some(RouteId(i as u16));
                    self.city = None;
                    Ok(())
                } else {
                    Err(PlayError::CannotClaim(name.to_owned()))
                }
            }
            Obj::City(i) => {
                let name = board.cities().get(i).map_or("", |c| c.name.as_str());
                if legal
                    .iter()
                    .any(|a| matches!(a, Action::BuildStation { city, .. } if city.index() == i))
                {
                    self.city = Some(CityId(i as u16));
                    self.route = None;
                    Ok(())
                } else {
                    Err(PlayError::NoStationHere(name.to_owned()))
                }
            }
            _ => Ok(()),
        }
    }
}

/// The colour a card is drawn in.
fn card_color(state: &State, card: Card) -> Color32 {
    match card.color_id() {
        None => Color32::from_gray(225),
        Some(id) => state
            .board()
            .colors()
            .get(id.index())
            .and_then(|c| {
                c.rgb
                    .map(|[r, g, b]| Color32::from_rgb(r, g, b))
                    .or_else(|| colors::named(&c.name))
            })
            .unwrap_or(Color32::GRAY),
    }
}

/// A card as a coloured chip with its name.
pub fn card_chip(ui: &mut Ui, state: &State, card: Card, text: &str) {
    let bg = card_color(state, card);
    let fg = if bg.r() as u32 + bg.g() as u32 + bg.b() as u32 > 380 {
        Color32::BLACK
    } else {
        Color32::WHITE
    };
    egui::Frame::new()
        .fill(bg)
        .stroke(egui::Stroke::new(1.0, Color32::from_gray(140)))
        .corner_radius(3.0)
        .inner_margin(egui::Margin::symmetric(4, 1))
        .show(ui, |ui| {
            ui.add(egui::Label::new(RichText::new(text).color(fg)).extend())
        });
}

/// Every kind of train card: the colours, then the locomotive.
fn card_kinds(state: &State) -> impl Iterator<Item = Card> {
    (0..state.board().colors().len())
        .map(|i| Card(i as u8))
        .chain([Card::LOCOMOTIVE])
}

/// The hand, terrain cards and tickets of `seat` (whose screen it is).
pub fn secrets(ui: &mut Ui, state: &State, seat: Seat) {
    let p = state.player(seat);
    ui.label(RichText::new(format!("Hand of {}", seat_name(seat))).strong());
    ui.horizontal_wrapped(|ui| {
        for card in card_kinds(state) {
            let n = p.hand[card];
            if n > 0 {
                card_chip(ui, state, card, &format!("{n} {}", state.card_name(card)));
            }
        }
        if p.hand.total() == 0 {
            ui.label("no cards");
        }
    });
    let terrain = state.board().terrain_types();
    if !terrain.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Terrain:");
            for (i, t) in terrain.iter().enumerate() {
                ui.label(format!("{} {}", p.terrain.0[i], t.name));
            }
        });
    }
    ui.label(RichText::new(format!("Tickets of {} (lit on the map)", seat_name(seat))).strong());
    if p.tickets.is_empty() {
        ui.label("none yet");
    }
    for &t in &p.tickets {
        let t = state.board().ticket(t);
        ui.label(format!("{} · {}", t.name, count(t.points, "point")));
    }
}

/// The public piles: the face-up display, the decks.
pub fn piles(ui: &mut Ui, state: &State) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Face up:");
        for c in state.display().iter().flatten() {
            card_chip(ui, state, *c, state.card_name(*c));
        }
    });
    ui.label(format!(
        "Deck: {} · discards: {} · tickets left: {}",
        count(state.deck().len(), "card"),
        state.discards().total(),
        state.ticket_deck().len()
    ));
}

/// The controls of a human's decision among `legal`; returns the action chosen.
pub fn ui(ui: &mut Ui, state: &State, legal: &[Action], t: &mut TurnUi) -> Option<Action> {
    let mut chosen = None;
    match state.phase() {
        Phase::SetupTickets | Phase::KeepTickets => {
            chosen = keep_tickets(ui, state, legal, t);
        }
        Phase::Tunnel(p) => {
            let revealed: Vec<&str> = p
                .revealed
                .iter()
                .flatten()
                .map(|&c| state.card_name(c))
                .collect();
            ui.label(format!(
                "The tunnel {} reveals {}: {} to pay.",
                state.board().route(p.route).name,
                if revealed.is_empty() {
                    "nothing".to_owned()
                } else {
                    revealed.join(", ")
                },
                count(p.extra, "more card")
            ));
            chosen = plain_buttons(ui, state, legal);
        }
        Phase::Double(r) => {
            ui.label(format!(
                "Double the points of {} with terrain cards?",
                state.board().route(r).name
            ));
            chosen = plain_buttons(ui, state, legal);
        }
        Phase::SecondDraw => {
            ui.label("Draw your second card.");
            chosen = plain_buttons(ui, state, legal);
        }
        Phase::Turn => {
            ui.label(RichText::new("Draw").strong());
            chosen = plain_buttons(ui, state, legal);
            if let Some(a) = claim(ui, state, legal, t) {
                chosen = Some(a);
            }
            if let Some(a) = station(ui, state, legal, t) {
                chosen = Some(a);
            }
        }
        Phase::Over => {}
    }
    chosen
}

/// A button for each legal action that needs no further choice (draws,
/// tunnel payments, doubling), labelled with the engine's words.
fn plain_buttons(ui: &mut Ui, state: &State, legal: &[Action]) -> Option<Action> {
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        for &a in legal {
            if matches!(
                a,
                Action::Claim { .. } | Action::BuildStation { .. } | Action::KeepTickets(_)
            ) {
                continue;
            }
            if ui.button(capitalized(&state.describe(a))).clicked() {
                chosen = Some(a);
            }
        }
    });
    chosen
}

/// The offer as ticket cards ([`offer::keep_tickets`]): a click keeps or
/// returns one, the hovered one's path is lit on the map; the choice is
/// played only if the engine allows that many.
fn keep_tickets(ui: &mut Ui, state: &State, legal: &[Action], t: &mut TurnUi) -> Option<Action> {
    offer::keep_tickets(
        ui,
        state.offer(),
        legal,
        state.fewest_to_keep().unwrap_or(0),
        &mut t.offer,
        |ui, id, mode| {
            let ticket = state.board().ticket(id);
            let label = format!("Keep {}", ticket.name);
            ticket_card(ui, ("board ticket", id.index()), &label, mode, |ui| {
                ui.label(RichText::new(&ticket.name).strong());
                ui.label(count(ticket.points, "point"));
            })
        },
    )
    .map(Action::KeepTickets)
}

/// The text after ` with ` in the engine's words: the payment.
fn payment_words(text: &str) -> &str {
    text.rsplit_once(" with ").map_or(text, |(_, p)| p)
}

/// Claiming: the claimable routes as a list (or one picked on the map), then
/// the payments the engine allows for it.
fn claim(ui: &mut Ui, state: &State, legal: &[Action], t: &mut TurnUi) -> Option<Action> {
    let mut routes: Vec<RouteId> = Vec::new();
    for a in legal {
        if let Action::Claim { route, .. } = a
            && !routes.contains(route)
        {
            routes.push(*route);
        }
    }
    if routes.is_empty() {
        return None;
    }
    ui.label(RichText::new("Claim a route (or click it on the map)").strong());
    if let Some(r) = t.route.filter(|r| routes.contains(r)) {
        let route = state.board().route(r);
        ui.label(format!(
            "Claiming {} ({}, {}){}: choose the cards.",
            route.name,
            count(route.length, "space"),
            count(route.points, "point"),
            if route.tunnel { ", a tunnel" } else { "" }
        ));
        let (chosen, back) = payment_buttons(
            ui,
            state,
            legal,
            |a| matches!(a, Action::Claim { route, .. } if route == r),
            "Choose another route",
        );
        if back {
            t.route = None;
        }
        return chosen;
    }
    egui::ScrollArea::vertical()
        .id_salt("claimable")
        .max_height(150.0)
        .show(ui, |ui| {
            for r in routes {
                let route = state.board().route(r);
                if ui
                    .button(format!("Claim {}", route.name))
                    .on_hover_text(format!(
                        "{}, {}",
                        count(route.length, "space"),
                        count(route.points, "point")
                    ))
                    .clicked()
                {
                    t.route = Some(r);
                    t.city = None;
                    ui.ctx().request_discard("a route to claim was picked");
                }
            }
        });
    None
}

/// One "Pay …" button per legal action `pick` accepts, then a button to go
/// back (`back`). Returns the action paid for, and whether going back was
/// asked.
fn payment_buttons(
    ui: &mut Ui,
    state: &State,
    legal: &[Action],
    pick: impl Fn(Action) -> bool,
    back: &str,
) -> (Option<Action>, bool) {
    let mut chosen = None;
    let mut went_back = false;
    ui.horizontal_wrapped(|ui| {
        for &a in legal {
            if pick(a)
                && ui
                    .button(format!("Pay {}", payment_words(&state.describe(a))))
                    .clicked()
            {
                chosen = Some(a);
            }
        }
        went_back = ui.button(back).clicked();
    });
    (chosen, went_back)
}

/// Stations: the cities where one may be built, then its payments.
fn station(ui: &mut Ui, state: &State, legal: &[Action], t: &mut TurnUi) -> Option<Action> {
    let mut cities: Vec<CityId> = legal
        .iter()
        .filter_map(|a| match a {
            Action::BuildStation { city, .. } => Some(*city),
            _ => None,
        })
        .collect();
    cities.sort();
    cities.dedup();
    if cities.is_empty() {
        return None;
    }
    ui.label(RichText::new("Build a station (or click a city on the map)").strong());
    if let Some(c) = t.city.filter(|c| cities.contains(c)) {
        ui.label(format!(
            "A station in {}: choose the cards.",
            state.board().city(c).name
        ));
        let (chosen, back) = payment_buttons(
            ui,
            state,
            legal,
            |a| matches!(a, Action::BuildStation { city, .. } if city == c),
            "Choose another city",
        );
        if back {
            t.city = None;
        }
        return chosen;
    }
    egui::ScrollArea::vertical()
        .id_salt("stations")
        .max_height(110.0)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for c in cities {
                    if ui
                        .button(format!("Station in {}", state.board().city(c).name))
                        .clicked()
                    {
                        t.city = Some(c);
                        t.route = None;
                        ui.ctx().request_discard("a station city was picked");
                    }
                }
            });
        });
    None
}
