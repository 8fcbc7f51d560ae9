//! Checks of a board game's position computed independently of the rules'
//! own bookkeeping: where every component is (so conformance tests can see
//! that none appears or vanishes) and the final scores recomputed from the
//! final position alone, trying every use of the stations.

use std::collections::VecDeque;

use super::{Card, Cards, Phase, State, longest_path};
use crate::board_game::board::{Board, CityId, Place, RouteId, TicketId};
use crate::game::Seat;

/// Every component by kind, wherever it is: train cards per kind, terrain
/// cards, each ticket (exactly one place each) and each player's trains plus
/// the cars of their routes.
pub fn component_totals(s: &State) -> Vec<(String, u64)> {
    let b = s.board();
    let mut out = Vec::new();
    let cards = all_cards(s);
    let kinds = b.colors().len();
    for (i, col) in b.colors().iter().enumerate() {
        out.push((format!("{} cards", col.name), u64::from(cards.0[i])));
    }
    out.push((
        "locomotives".to_owned(),
        u64::from(cards.0[usize::from(Card::LOCOMOTIVE.0)]),
    ));
    let others: u64 = cards
        .0
        .iter()
        .enumerate()
        .filter(|&(k, _)| k >= kinds && k != usize::from(Card::LOCOMOTIVE.0))
        .map(|(_, &n)| u64::from(n))
        .sum();
    out.push(("cards of no kind".to_owned(), others));
    out.push(("terrain cards".to_owned(), u64::from(terrain_total(s))));
    let mut places = vec![0u64; b.tickets().len()];
    for t in all_tickets(s) {
        places[t.index()] += 1;
    }
    for (t, n) in places.into_iter().enumerate() {
        out.push((format!("places of ticket {}", b.tickets()[t].name), n));
    }
    for (i, p) in s.players().iter().enumerate() {
        let placed: u64 = (0..b.routes().len())
            .filter(|&r| s.owner(RouteId::from_index(r)) == Some(Seat(i as u8)))
            .map(|r| u64::from(b.routes()[r].length))
            .sum();
        out.push((
            format!("trains of player {}", i + 1),
            u64::from(p.trains) + placed,
        ));
    }
    out
}

/// Every train card, wherever it is.
fn all_cards(s: &State) -> Cards {
    let mut c = *s.discards();
    for &card in s.deck() {
        c.add(card);
    }
    for card in s.display().iter().flatten() {
        c.add(*card);
    }
    for p in s.players() {
        for (k, &n) in p.hand.0.iter().enumerate() {
            c.add_n(Card(k as u8), n);
        }
    }
    if let Phase::Tunnel(t) = s.phase() {
        for card in t.revealed.iter().flatten() {
            c.add(*card);
        }
        let len = s.board().route(t.route).length;
        if !t.payment.locomotives_only() {
            c.add_n(t.payment.color, u16::from(t.payment.color_cards(len)));
        }
        c.add_n(Card::LOCOMOTIVE, u16::from(t.payment.locomotives));
    }
    c
}

fn terrain_total(s: &State) -> u32 {
    let face_up = s.terrain_display().iter().flatten().count() as u32;
    let held: u32 = s.players().iter().map(|p| p.terrain.total()).sum();
    s.terrain_deck_len() as u32 + s.terrain_discards().total() + face_up + held
}

/// Every ticket, wherever it is, sorted: each must appear exactly once.
fn all_tickets(s: &State) -> Vec<TicketId> {
    let mut all: Vec<TicketId> = s
        .ticket_deck()
        .iter()
        .chain(s.long_ticket_deck())
        .chain(s.tickets_out())
        .chain(s.players().iter().flat_map(|p| &p.tickets))
        .chain(s.pending_setup_offers().iter().flatten())
        .chain(s.offer())
        .copied()
        .collect();
    all.sort_unstable();
    all
}

/// Ticket completion recomputed independently: breadth-first search over the
/// player's routes plus `extra`, never passing through a country location.
fn connected(b: &Board, routes: &[RouteId], from: Place, to: Place) -> bool {
    let starts: Vec<CityId> = (0..b.cities().len())
        .map(CityId::from_index)
        .filter(|&c| b.reaches(c, from))
        .collect();
    for s in starts {
        let mut seen = vec![false; b.cities().len()];
        let mut queue = VecDeque::from([s]);
        seen[s.index()] = true;
        while let Some(c) = queue.pop_front() {
            if b.reaches(c, to) {
                return true;
            }
            if c != s && b.is_dead_end(c) {
                continue;
            }
            for &r in routes {
                let route = b.route(r);
                if route.from == c || route.to == c {
                    let o = route.other_end(c);
                    if !seen[o.index()] {
                        seen[o.index()] = true;
                        queue.push_back(o);
                    }
                }
            }
        }
    }
    false
}

/// The final scores recomputed from the final position, trying every use of
/// the stations (no pruning).
pub fn recompute_scores(s: &State) -> Vec<i32> {
    let b = s.board();
    let rules = b.rules();
    let n = s.players().len();
    let mut tickets = Vec::new();
    let mut longest = Vec::new();
    let mut completed_count = Vec::new();
    for (i, p) in s.players().iter().enumerate() {
        let own: Vec<RouteId> = (0..b.routes().len())
            .map(RouteId::from_index)
            .filter(|&r| s.owner(r) == Some(Seat(i as u8)))
            .collect();
        let route_points: i32 =
            own.iter().map(|&r| b.route(r).points).sum::<i32>() + p.doubling_points;
        let options: Vec<Vec<Option<RouteId>>> = p
            .stations
            .iter()
            .map(|&c| {
                let mut o: Vec<Option<RouteId>> = vec![None];
                o.extend(
                    b.routes_at(c)
                        .iter()
                        .filter(|&&r| matches!(s.owner(r), Some(x) if x != Seat(i as u8)))
                        .map(|&r| Some(r)),
                );
                o
            })
            .collect();
        let mut best = (i32::MIN, 0usize);
        let combos: usize = options.iter().map(Vec::len).product();
        for mut k in 0..combos {
            let mut routes = own.clone();
            for o in &options {
                if let Some(r) = o[k % o.len()] {
                    routes.push(r);
                }
                k /= o.len();
            }
            let mut pts = 0;
            let mut done = 0;
            for &t in &p.tickets {
                let t = b.ticket(t);
                if connected(b, &routes, t.from, t.to) {
                    pts += t.points;
                    done += 1;
                } else {
                    pts -= t.points;
                }
            }
            if pts > best.0 {
                best = (pts, done);
            }
        }
        tickets.push(
            best.0 + route_points + i32::from(p.stations_left) * rules.stations.unbuilt_points,
        );
        completed_count.push(best.1);
        longest.push(longest_path(b, &own));
    }
    let max_len = longest.iter().copied().max().unwrap_or(0);
    let max_done = completed_count.iter().copied().max().unwrap_or(0);
    (0..n)
        .map(|i| {
            let mut t = tickets[i];
            if rules.bonuses.longest_path != 0 && max_len > 0 && longest[i] == max_len {
                t += rules.bonuses.longest_path;
            }
            if rules.bonuses.globetrotter != 0 && max_done > 0 && completed_count[i] == max_done {
                t += rules.bonuses.globetrotter;
            }
            t
        })
        .collect()
}
