//! What the current player may do. Everything here reads only the current
//! player's own cards and public information, so a player (or a bot reading an
//! observation) can list their own legal actions.

use super::action::{Action, Keep, Payment};
use super::cards::{Card, Cards};
use super::state::{Phase, State};
use crate::board::{CityId, RouteId};
use crate::game::Seat;

/// Calls `f` with every way to pay `total` cards: `min_locos` or more
/// locomotives and the rest in one colour — `color`, or any colour when `None`.
#[inline]
pub fn for_each_payment(
    hand: &Cards,
    colors: usize,
    color: Option<Card>,
    total: u8,
    min_locos: u8,
    mut f: impl FnMut(Payment),
) {
    let locos = hand.locomotives().min(u16::from(total)) as u8;
    let mut one = |c: Card| {
        let have = hand[c].min(u16::from(total)) as u8;
        if have == 0 {
            return;
        }
        let lo = min_locos.max(total - have);
        let hi = locos.min(total - 1);
        for k in lo..=hi {
            f(Payment {
                color: c,
                locomotives: k,
            });
        }
    };
    match color {
        Some(c) => one(c),
        None => (0..colors).for_each(|i| one(Card(i as u8))),
    }
    if locos >= total && total > 0 {
        f(Payment::all_locomotives(total));
    }
}

impl State {
    /// Every legal action of the current player.
    pub(crate) fn legal(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Over => {}
            Phase::SetupTickets => self.keep_actions(self.board().rules().tickets.setup.keep, out),
            Phase::KeepTickets => self.keep_actions(self.board().rules().tickets.draw.keep, out),
            Phase::Turn => self.turn_actions(out),
            Phase::SecondDraw => self.draw_actions(true, out),
            Phase::Tunnel(t) => {
                let hand = &self.players[self.current.index()].hand;
                let locos = hand.locomotives();
                let extra = u16::from(t.extra);
                if t.payment.locomotives_only() {
                    if locos >= extra {
                        out.push(Action::PayTunnel {
                            locomotives: t.extra,
                        });
                    }
                } else {
                    let color = hand[t.payment.color];
                    let lo = extra.saturating_sub(color);
                    for k in lo..=locos.min(extra) {
                        out.push(Action::PayTunnel {
                            locomotives: k as u8,
                        });
                    }
                }
                out.push(Action::Withdraw);
            }
            Phase::Double(route) => {
                if let Some((lo, hi)) = self.doubling_range(self.current, route) {
                    for m in lo..=hi {
                        out.push(Action::Double { locomotives: m });
                    }
                }
                out.push(Action::NoDouble);
            }
        }
    }

    fn keep_actions(&self, keep: u8, out: &mut Vec<Action>) {
        let n = self.offer.len().min(16);
        let min = u32::from(keep).min(n as u32);
        for mask in 1u32..(1 << n) {
            if mask.count_ones() >= min {
                out.push(Action::KeepTickets(Keep(mask as u16)));
            }
        }
        if n == 0 {
            out.push(Action::KeepTickets(Keep(0)));
        }
    }

    /// Draws available now; `second` is the second draw of a turn.
    fn draw_actions(&self, second: bool, out: &mut Vec<Action>) {
        // Slots past the display's size are always empty, so the whole
        // arrays can be scanned without looking up the rules.
        let refuse_loco = second && self.game.board.rules().display.locomotive_counts_double;
        for (i, c) in self.display.iter().enumerate() {
            if let Some(c) = c
                && !(refuse_loco && c.is_locomotive())
            {
                out.push(Action::DrawFaceUp(i as u8));
            }
        }
        if self.can_draw_blind() {
            out.push(Action::DrawBlind);
        }
        for (i, t) in self.terrain_display.iter().enumerate() {
            if t.is_some() {
                out.push(Action::DrawTerrainFaceUp(i as u8));
            }
        }
        if self.can_draw_terrain_blind() {
            out.push(Action::DrawTerrainBlind);
        }
    }

    /// Everything possible at the start of a turn.
    pub(crate) fn turn_actions(&self, out: &mut Vec<Action>) {
        self.draw_actions(false, out);
        if self.can_draw_tickets() {
            out.push(Action::DrawTickets);
        }
        let seat = self.current;
        let p = &self.players[seat.index()];
        let board = self.board();
        let colors = board.colors().len();
        let t = &self.game.tables;
        let open = self.claimable(seat);
        let trains = usize::from(p.trains);
        let locos = usize::from(p.hand.locomotives());
        let locos8 = locos.min(255) as u8;
        for c in 0..colors {
            let have = usize::from(p.hand.0[c]);
            if have == 0 {
                continue;
            }
            let cap = (have + locos).min(trains);
            let card = Card(c as u8);
            let have8 = have.min(255) as u8;
            let candidates = t.payable_up_to(c, cap);
            for (w, (&x, &y)) in open.iter().zip(candidates).enumerate() {
                let mut bits = x & y;
                while bits != 0 {
                    let r = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let (len, ferry) = (t.length[r], t.ferry[r]);
                    let mut k = ferry.max(len.saturating_sub(have8));
                    let hi = locos8.min(len - 1);
                    let route = RouteId::from_index(r);
                    while k <= hi {
                        out.push(Action::Claim {
                            route,
                            payment: Payment {
                                color: card,
                                locomotives: k,
                            },
                        });
                        k += 1;
                    }
                }
            }
        }
        let cap = locos.min(trains);
        if cap > 0 {
            for (w, (&x, &y)) in open.iter().zip(t.any_up_to(cap)).enumerate() {
                let mut bits = x & y;
                while bits != 0 {
                    let r = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    out.push(Action::Claim {
                        route: RouteId::from_index(r),
                        payment: Payment::all_locomotives(t.length[r]),
                    });
                }
            }
        }
        let best = (0..colors).map(|c| p.hand.0[c]).max().unwrap_or(0) + p.hand.locomotives();
        if let Some(cost) = self.next_station_cost(seat)
            && best >= u16::from(cost)
        {
            // Every free city can be paid for the same ways.
            let mut payments: smallvec::SmallVec<[Payment; 32]> = smallvec::SmallVec::new();
            for_each_payment(&p.hand, colors, None, cost, 0, |payment| {
                payments.push(payment)
            });
            for (i, owner) in self.station_owner.iter().enumerate() {
                if owner.is_none() {
                    let city = CityId::from_index(i);
                    out.extend(
                        payments
                            .iter()
                            .map(|&payment| Action::BuildStation { city, payment }),
                    );
                }
            }
        }
    }

    /// The routes `seat` may claim as far as ownership goes, as a bitset.
    pub(crate) fn claimable(&self, seat: Seat) -> &[u64] {
        let w = self.game.tables.words;
        &self.claimable[seat.index() * w..(seat.index() + 1) * w]
    }

    /// Keeps the claimable sets up to date after `seat` claimed `route`.
    pub(crate) fn mark_claimed(&mut self, seat: Seat, route: RouteId) {
        let w = self.game.tables.words;
        let n = self.players.len();
        let clear = |sets: &mut Vec<u64>, p: usize, r: RouteId| {
            sets[p * w + r.index() / 64] &= !(1u64 << (r.index() % 64));
        };
        for p in 0..n {
            clear(&mut self.claimable, p, route);
        }
        let both = self.game.both_tracks_open;
        for &s in &self.game.board.route(route).siblings {
            if both {
                clear(&mut self.claimable, seat.index(), s);
            } else {
                for p in 0..n {
                    clear(&mut self.claimable, p, s);
                }
            }
        }
    }

    /// Recomputes the claimable sets from the owners (after a scenario set them).
    pub(crate) fn recompute_claimable(&mut self) {
        let w = self.game.tables.words;
        let n = self.players.len();
        for p in 0..n {
            for r in 0..self.owner.len() {
                let open = self.route_open_for(Seat(p as u8), RouteId::from_index(r));
                let word = &mut self.claimable[p * w + r / 64];
                if open {
                    *word |= 1 << (r % 64);
                } else {
                    *word &= !(1 << (r % 64));
                }
            }
        }
    }

    /// May `seat` claim this route as far as ownership goes (unclaimed, and the
    /// double-route rule allows it)?
    pub(crate) fn route_open_for(&self, seat: Seat, route: RouteId) -> bool {
        if self.owner[route.index()].is_some() {
            return false;
        }
        let both = self.game.both_tracks_open;
        self.board()
            .route(route)
            .siblings
            .iter()
            .all(|s| match self.owner[s.index()] {
                None => true,
                Some(o) => both && o != seat,
            })
    }

    /// The cards the next station of `seat` costs, if it has one left.
    pub(crate) fn next_station_cost(&self, seat: Seat) -> Option<u8> {
        let p = &self.players[seat.index()];
        if p.stations_left == 0 {
            return None;
        }
        let rules = &self.board().rules().stations;
        let built = usize::from(rules.count - p.stations_left);
        rules.costs.get(built).copied()
    }

    /// The locomotives `seat` may play as wild terrain to double `route`, as an
    /// inclusive range, or `None` when it cannot be doubled.
    pub(crate) fn doubling_range(&self, seat: Seat, route: RouteId) -> Option<(u8, u8)> {
        let r = self.board().route(route);
        let terrain = usize::from(r.terrain?.0);
        let cost = u16::from(r.doubling_cost);
        if cost == 0 {
            return None;
        }
        let p = &self.players[seat.index()];
        let held = p.terrain.0[terrain];
        let rival = self
            .players
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != seat.index())
            .map(|(_, q)| q.terrain.0[terrain])
            .max()
            .unwrap_or(0);
        let lo = rival.saturating_sub(held).max(cost.saturating_sub(held));
        let hi = p.hand.locomotives().min(lo.max(cost));
        (lo <= hi).then_some((lo as u8, hi as u8))
    }
}
