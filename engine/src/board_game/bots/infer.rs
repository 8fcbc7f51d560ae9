//! Which tickets a rival probably holds, read from their public moves.
//!
//! [`crate::board_game::Observation`]'s `sample_state` deals the unseen
//! tickets uniformly: every rival is as likely to hold a ticket across the
//! map from their network as one between two cities they have joined. A
//! player claims routes for their tickets, so a ticket whose ends their
//! routes touch explains their claims better. [`reweigh_tickets`] re-deals
//! each rival's regular tickets from their hand plus the ticket deck with
//! weights by how many of the ticket's ends the rival's routes touch, keeping
//! every count (each rival's tickets, the deck's size) as observed.

use smallvec::SmallVec;

use crate::board_game::State;
use crate::board_game::board::{CityId, Place, TicketId};
use crate::game::{GameState, Seat};
use crate::rng::GameRng;

/// The weights of a ticket with none, one or both ends on the rival's
/// routes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EndWeights {
    /// Neither end touched.
    pub none: f64,
    /// One end touched.
    pub one: f64,
    /// Both ends touched.
    pub both: f64,
}

impl Default for EndWeights {
    fn default() -> Self {
        EndWeights {
            none: 1.0,
            one: 3.0,
            both: 10.0,
        }
    }
}

/// Re-deals every rival's regular tickets (see the module's documentation).
/// Rivals without routes keep their uniformly dealt tickets.
pub fn reweigh_tickets(state: &mut State, observer: Seat, weights: EndWeights, rng: &mut GameRng) {
    let n = state.num_players();
    let board = state.game().board().clone();
    let cities = board.cities().len();
    let mut touched = vec![false; cities];
    let mut pool: Vec<(TicketId, f64)> = Vec::new();
    for o in 0..n {
        if o == observer.index() || state.players[o].routes.is_empty() {
            continue;
        }
        touched.iter_mut().for_each(|t| *t = false);
        for &r in &state.players[o].routes {
            let route = board.route(r);
            touched[route.from.index()] = true;
            touched[route.to.index()] = true;
        }
        let touches = |p: Place| match p {
            Place::City(c) => touched[c.index()],
            Place::Country(_) => board
                .cities()
                .iter()
                .enumerate()
                .any(|(i, _)| touched[i] && board.reaches(CityId::from_index(i), p)),
        };
        let weight = |t: TicketId| {
            let ticket = board.ticket(t);
            match (touches(ticket.from), touches(ticket.to)) {
                (true, true) => weights.both,
                (true, false) | (false, true) => weights.one,
                (false, false) => weights.none,
            }
        };
        // The rival's regular tickets and the regular deck form the pool.
        let held = &mut state.players[o].tickets;
        let mut slots: SmallVec<[usize; 8]> = SmallVec::new();
        pool.clear();
        for (i, &t) in held.iter().enumerate() {
            if !board.ticket(t).long {
                slots.push(i);
                pool.push((t, weight(t)));
            }
        }
        if slots.is_empty() {
            continue;
        }
        pool.extend(state.tickets.iter().map(|&t| (t, weight(t))));
        for &slot in &slots {
            let total: f64 = pool.iter().map(|&(_, w)| w).sum();
            let mut x = rng.unit() * total;
            let mut pick = pool.len() - 1;
            for (i, &(_, w)) in pool.iter().enumerate() {
                if x < w {
                    pick = i;
                    break;
                }
                x -= w;
            }
            held[slot] = pool.swap_remove(pick).0;
        }
        let mut deck: Vec<TicketId> = pool.iter().map(|&(t, _)| t).collect();
        rng.shuffle(&mut deck);
        state.tickets = deck.into();
    }
}
