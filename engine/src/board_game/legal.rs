//! What the current player may do. Everything here reads only the current
//! player's own cards and public information, so a player (or a bot reading an
//! observation) can list their own legal actions.

use std::ops::ControlFlow;

use smallvec::SmallVec;

use super::action::{Action, Keep, Payment};
use super::cards::{CARD_KINDS, Card, Cards};
use super::state::{Phase, State};
use super::tables::{ClaimTables, SLOT_LANES};

const _: () = assert!(super::cards::CARD_LANES >= SLOT_LANES);
use crate::board_game::board::{CityId, MAX_DISPLAY, MAX_TERRAIN_FACE_UP, RouteId};
use crate::game::Seat;
use crate::rng::GameRng;

/// Receives legal actions as they are found. Claims come in runs (one route,
/// one colour, a range of locomotives), so counting and picking need not
/// list them one by one. Returning `Break` with an action stops the search
/// and hands the action back.
pub(crate) trait Sink {
    /// A run of `n` actions, the `i`-th being `nth(i)`.
    fn run(&mut self, n: usize, nth: impl Fn(usize) -> Action) -> ControlFlow<Action>;

    /// One action.
    #[inline]
    fn one(&mut self, a: Action) -> ControlFlow<Action> {
        self.run(1, |_| a)
    }

    /// The claims paid in colour `c` begin (`c` = the number of colours:
    /// the colour claims are over). Returns whether to visit them: a sink
    /// that knows it needs none of them skips the whole colour.
    #[inline]
    fn colour(&mut self, c: usize) -> bool {
        let _ = c;
        true
    }

    /// The draws available, as a [`DrawMask`]: one action per bit, in the
    /// order of the bits.
    #[inline]
    fn draws(&mut self, mask: DrawMask) -> ControlFlow<Action> {
        let mut bits = mask.0;
        while bits != 0 {
            self.one(DrawMask::action(bits.trailing_zeros()))?;
            bits &= bits - 1;
        }
        ControlFlow::Continue(())
    }

    /// The claims paid in the `colors` deck colours begin. Returns whether
    /// to visit them colour by colour: a sink that knows it needs none of
    /// them skips them all at once.
    #[inline]
    fn colours(&mut self, colors: usize) -> bool {
        let _ = colors;
        true
    }

    /// `per_route` claims of each of the `routes` routes in `open & (a | b)`
    /// (`sets` = `[open, a, b]`), the `i`-th of route `r` being `nth(r, i)`.
    #[inline]
    fn claims(
        &mut self,
        routes: usize,
        sets: [&[u64]; 3],
        per_route: usize,
        nth: impl Fn(RouteId, usize) -> Action,
    ) -> ControlFlow<Action> {
        let _ = routes;
        for (w, bits) in words(sets).enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let r = RouteId::from_index(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                self.run(per_route, |i| nth(r, i))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The words of `open & (a | b)`.
#[inline]
fn words([open, a, b]: [&[u64]; 3]) -> impl Iterator<Item = u64> {
    open.iter()
        .zip(a.iter().zip(b))
        .map(|(o, (x, y))| o & (x | y))
}

/// The draws available, a bit each, in the order they are listed: the
/// display's slots, the blind train card, the terrain display's slots, the
/// blind terrain card.
#[derive(Clone, Copy)]
pub(crate) struct DrawMask(u32);

const _: () = assert!(DrawMask::TERRAIN_BLIND < 32);

impl DrawMask {
    /// The bit of the blind train draw (the display's slots come first).
    const BLIND: u32 = MAX_DISPLAY as u32;
    /// The bit of the terrain display's first slot.
    const TERRAIN: u32 = Self::BLIND + 1;
    /// The bit of the blind terrain draw.
    const TERRAIN_BLIND: u32 = Self::TERRAIN + MAX_TERRAIN_FACE_UP as u32;

    /// The draw of bit `bit`.
    #[inline]
    fn action(bit: u32) -> Action {
        match bit {
            b if b < Self::BLIND => Action::DrawFaceUp(b as u8),
            Self::BLIND => Action::DrawBlind,
            b if b < Self::TERRAIN_BLIND => Action::DrawTerrainFaceUp((b - Self::TERRAIN) as u8),
            _ => Action::DrawTerrainBlind,
        }
    }

    /// The number of draws.
    #[inline]
    fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The `i`-th draw (`i` below the number of draws).
    #[inline]
    fn nth(self, i: usize) -> Action {
        let mut bits = self.0;
        for _ in 0..i {
            bits &= bits - 1;
        }
        Self::action(bits.trailing_zeros())
    }
}

/// The claimable sets and their counts, borrowed apart from the rest of
/// the state so that the board can be read while they change.
struct OpenSets<'a> {
    tables: &'a ClaimTables,
    claimable: &'a mut [u64],
    counts: &'a mut [u16],
}

impl OpenSets<'_> {
    /// Opens or closes a route for seat `p`, keeping the counts in step.
    #[inline]
    fn set(&mut self, p: usize, route: RouteId, open: bool) {
        let t = self.tables;
        let (r, w) = (route.index(), t.words);
        let word = &mut self.claimable[p * w + r / 64];
        let bit = 1u64 << (r % 64);
        if (*word & bit != 0) == open {
            return;
        }
        *word ^= bit;
        let (slot, class) = t.slot_and_class(route);
        for s in [slot, t.any_slot()] {
            let count = &mut self.counts[t.count_index(p, s, class)];
            if open {
                *count += 1;
            } else {
                *count -= 1;
            }
        }
    }
}

/// The largest of `W` lanes (`W` a power of two), halved pairwise so that
/// it stays in wide registers rather than being read out lane by lane.
#[inline]
fn lane_max<const W: usize>(mut lanes: [i16; W]) -> i16 {
    let mut half = W / 2;
    while half > 0 {
        for l in 0..half {
            lanes[l] = lanes[l].max(lanes[l + half]);
        }
        half /= 2;
    }
    lanes[0]
}

/// Lists every action.
struct Push<'a, L>(&'a mut L);

impl<L: Extend<Action>> Sink for Push<'_, L> {
    #[inline]
    fn run(&mut self, n: usize, nth: impl Fn(usize) -> Action) -> ControlFlow<Action> {
        self.0.extend((0..n).map(nth));
        ControlFlow::Continue(())
    }
}

/// Counts the actions, noting the count where each colour's claims begin.
#[derive(Default)]
struct Count {
    n: usize,
    colour_starts: [usize; CARD_KINDS + 1],
    /// The claims of each colour, when counted ahead (at the start of a turn).
    claims: Option<[u32; SLOT_LANES]>,
}

impl Sink for Count {
    #[inline]
    fn draws(&mut self, mask: DrawMask) -> ControlFlow<Action> {
        self.n += mask.len();
        ControlFlow::Continue(())
    }

    #[inline]
    fn run(&mut self, n: usize, _: impl Fn(usize) -> Action) -> ControlFlow<Action> {
        self.n += n;
        ControlFlow::Continue(())
    }

    #[inline]
    fn colours(&mut self, colors: usize) -> bool {
        let Some(claims) = &self.claims else {
            return true;
        };
        let mut n = self.n;
        for (start, &claims) in self.colour_starts.iter_mut().zip(claims).take(colors) {
            *start = n;
            n += claims as usize;
        }
        self.n = n;
        false
    }

    #[inline]
    fn colour(&mut self, c: usize) -> bool {
        self.colour_starts[c] = self.n;
        true
    }

    #[inline]
    fn claims(
        &mut self,
        routes: usize,
        _: [&[u64]; 3],
        per_route: usize,
        _: impl Fn(RouteId, usize) -> Action,
    ) -> ControlFlow<Action> {
        self.n += routes * per_route;
        ControlFlow::Continue(())
    }
}

/// Finds the action at index `left`, skipping whole colours when it knows
/// their counts.
struct Pick<'a> {
    left: usize,
    counted: Option<&'a Count>,
}

impl Pick<'_> {
    /// Whether to visit a section of `n` actions: when the action sought
    /// lies past it, it is skipped whole.
    #[inline]
    fn visit(&mut self, n: usize) -> bool {
        if self.left >= n {
            self.left -= n;
            return false;
        }
        true
    }
}

impl Sink for Pick<'_> {
    #[inline]
    fn draws(&mut self, mask: DrawMask) -> ControlFlow<Action> {
        if !self.visit(mask.len()) {
            return ControlFlow::Continue(());
        }
        ControlFlow::Break(mask.nth(self.left))
    }

    #[inline]
    fn colours(&mut self, colors: usize) -> bool {
        match self.counted {
            Some(count) => self.visit(count.colour_starts[colors] - count.colour_starts[0]),
            None => true,
        }
    }

    #[inline]
    fn colour(&mut self, c: usize) -> bool {
        // The colour's claims end where the next colour's (or the end
        // marker's) begin; past the last colour there is nothing to skip.
        let n = self.counted.and_then(|count| {
            let end = count.colour_starts.get(c + 1)?;
            end.checked_sub(count.colour_starts[c])
        });
        n.is_none_or(|n| self.visit(n))
    }

    #[inline]
    fn run(&mut self, n: usize, nth: impl Fn(usize) -> Action) -> ControlFlow<Action> {
        if self.left < n {
            return ControlFlow::Break(nth(self.left));
        }
        self.left -= n;
        ControlFlow::Continue(())
    }

    #[inline]
    fn claims(
        &mut self,
        routes: usize,
        sets: [&[u64]; 3],
        per_route: usize,
        nth: impl Fn(RouteId, usize) -> Action,
    ) -> ControlFlow<Action> {
        if !self.visit(routes * per_route) {
            return ControlFlow::Continue(());
        }
        // Within one class of claims the numbers are small: a 32-bit
        // division is quicker than a 64-bit one.
        let (left, per) = (self.left as u32, per_route as u32);
        let (mut rank, i) = ((left / per) as usize, (left % per) as usize);
        for (w, word) in words(sets).enumerate() {
            let ones = word.count_ones() as usize;
            if rank >= ones {
                rank -= ones;
                continue;
            }
            let mut bits = word;
            for _ in 0..rank {
                bits &= bits - 1;
            }
            let r = RouteId::from_index(w * 64 + bits.trailing_zeros() as usize);
            return ControlFlow::Break(nth(r, i));
        }
        // Not reached while the open counts match the sets.
        ControlFlow::Continue(())
    }
}

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
        self.legal_into(out);
    }

    /// Every legal action of the current player, into any list.
    fn legal_into<L: Extend<Action>>(&self, out: &mut L) {
        let _ = self.visit_legal(&mut Push(out));
    }

    /// Hands every legal action of the current player to `sink`, in a fixed
    /// order, until it has seen enough.
    fn visit_legal<S: Sink>(&self, sink: &mut S) -> ControlFlow<Action> {
        match self.phase {
            Phase::Over => ControlFlow::Continue(()),
            Phase::SetupTickets | Phase::KeepTickets => self.keep_actions(sink),
            Phase::Turn => self.turn_actions(sink),
            Phase::SecondDraw => sink.draws(self.draw_mask(true)),
            Phase::Tunnel(t) => {
                let hand = &self.players[self.current.index()].hand;
                let locos = hand.locomotives();
                let extra = u16::from(t.extra);
                if t.payment.locomotives_only() {
                    if locos >= extra {
                        sink.one(Action::PayTunnel {
                            locomotives: t.extra,
                        })?;
                    }
                } else {
                    let color = hand[t.payment.color];
                    let lo = extra.saturating_sub(color);
                    for k in lo..=locos.min(extra) {
                        sink.one(Action::PayTunnel {
                            locomotives: k as u8,
                        })?;
                    }
                }
                sink.one(Action::Withdraw)
            }
            Phase::Double(route) => {
                if let Some((lo, hi)) = self.doubling_range(self.current, route) {
                    for m in lo..=hi {
                        sink.one(Action::Double { locomotives: m })?;
                    }
                }
                sink.one(Action::NoDouble)
            }
        }
    }

    /// Every choice of the offer keeping at least
    /// [`State::fewest_to_keep`] tickets.
    fn keep_actions<S: Sink>(&self, sink: &mut S) -> ControlFlow<Action> {
        let n = self.offer.len().min(16);
        let min = self.fewest_to_keep().unwrap_or(0);
        for mask in 1u32..(1 << n) {
            if mask.count_ones() >= min {
                sink.one(Action::KeepTickets(Keep(mask as u16)))?;
            }
        }
        if n == 0 {
            sink.one(Action::KeepTickets(Keep(0)))?;
        }
        ControlFlow::Continue(())
    }

    /// Draws available now; `second` is the second draw of a turn. Built
    /// without branching on the cards, which random play makes unpredictable.
    fn draw_mask(&self, second: bool) -> DrawMask {
        // Slots past the display's size are always empty, so the whole
        // arrays can be scanned without looking up the rules.
        let refuse_loco = second && self.game.board.rules().display.locomotive_counts_double;
        let mut bits = 0;
        for (i, c) in self.display.iter().enumerate() {
            let open = matches!(c, Some(c) if !(refuse_loco && c.is_locomotive()));
            bits |= u32::from(open) << i;
        }
        bits |= u32::from(self.can_draw_blind()) << DrawMask::BLIND;
        for (i, t) in self.terrain_display.iter().enumerate() {
            bits |= u32::from(t.is_some()) << (DrawMask::TERRAIN + i as u32);
        }
        bits |= u32::from(self.can_draw_terrain_blind()) << DrawMask::TERRAIN_BLIND;
        DrawMask(bits)
    }

    /// Everything possible at the start of a turn, in a fixed order: the
    /// draws, drawing tickets, then [`Self::claim_actions`].
    pub(crate) fn turn_actions<S: Sink>(&self, sink: &mut S) -> ControlFlow<Action> {
        sink.draws(self.draw_mask(false))?;
        if self.can_draw_tickets() {
            sink.one(Action::DrawTickets)?;
        }
        self.claim_actions(sink)
    }

    /// The claims and stations possible at the start of a turn, in a fixed
    /// order: claims paid in each colour in turn, claims paid in
    /// locomotives only, stations.
    fn claim_actions<S: Sink>(&self, sink: &mut S) -> ControlFlow<Action> {
        let seat = self.current;
        let p = &self.players[seat.index()];
        let board = self.board();
        let colors = board.colors().len();
        let t = &self.game.tables;
        let open = self.claimable(seat);
        let trains = usize::from(p.trains);
        let locos = usize::from(p.hand.locomotives());
        let locos8 = locos.min(255) as u8;
        let counts = &self.open_counts
            [t.count_index(seat.index(), 0, 0)..t.count_index(seat.index() + 1, 0, 0)];
        let gray = t.colors;
        let at = |slot: usize, class: usize| usize::from(counts[class * SLOT_LANES + slot]);
        let by_colour = if sink.colours(colors) { colors } else { 0 };
        for c in 0..by_colour {
            let have = usize::from(p.hand.0[c]);
            if !sink.colour(c) || have == 0 {
                continue;
            }
            let cap = (have + locos).min(trains);
            let card = Card(c as u8);
            let have8 = have.min(255) as u8;
            for (k, rc) in t.classes.iter().enumerate() {
                if usize::from(rc.length) > cap {
                    break;
                }
                // Locomotives from `lo` to `hi`, the rest in `card`.
                let lo = rc.ferry.max(rc.length.saturating_sub(have8));
                let hi = locos8.min(rc.length - 1);
                let routes = at(c, k) + at(gray, k);
                if lo > hi || routes == 0 {
                    continue;
                }
                let sets = [open, t.members(c, k), t.members(gray, k)];
                sink.claims(routes, sets, usize::from(hi - lo + 1), |route, i| {
                    Action::Claim {
                        route,
                        payment: Payment {
                            color: card,
                            locomotives: lo + i as u8,
                        },
                    }
                })?;
            }
        }
        sink.colour(colors);
        let cap = locos.min(trains);
        let any = t.any_slot();
        for (k, rc) in t.classes.iter().enumerate() {
            if usize::from(rc.length) > cap {
                break;
            }
            let routes = at(any, k);
            if routes == 0 {
                continue;
            }
            let sets = [open, t.members(any, k), t.members(any, k)];
            sink.claims(routes, sets, 1, |route, _| Action::Claim {
                route,
                payment: Payment::all_locomotives(rc.length),
            })?;
        }
        if let Some(cost) = self.next_station_cost(seat)
            && p.hand.0[..colors].iter().fold(0, |a, &b| a.max(b)) + p.hand.locomotives()
                >= u16::from(cost)
        {
            // Every free city can be paid for the same ways.
            let mut payments: SmallVec<[Payment; 32]> = SmallVec::new();
            for_each_payment(&p.hand, colors, None, cost, 0, |payment| {
                payments.push(payment)
            });
            for (i, owner) in self.station_owner.iter().enumerate() {
                if owner.is_none() {
                    let city = CityId::from_index(i);
                    sink.run(payments.len(), |k| Action::BuildStation {
                        city,
                        payment: payments[k],
                    })?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// A uniformly random legal action of the current player, drawn exactly
    /// as `legal[rng.index(legal.len())]` would be, but without listing the
    /// (often hundreds of) claims: they are counted in runs, then the chosen
    /// one is found.
    pub(crate) fn random_legal(&self, rng: &mut GameRng) -> Option<Action> {
        if matches!(self.phase, Phase::SecondDraw) {
            // Only draws: counted and found in their mask.
            let mask = self.draw_mask(true);
            let n = mask.len();
            let i = rng.index(n);
            return (i < n).then(|| mask.nth(i));
        }
        if matches!(self.phase, Phase::Turn) {
            // The draws and the ticket draw are counted and found without
            // visiting; the claims after them are counted colour by colour,
            // and visited again only when one of them is picked.
            let draws = self.draw_mask(false);
            let first = draws.len() + usize::from(self.can_draw_tickets());
            let mut count = Count {
                claims: Some(self.colour_claim_counts()),
                ..Count::default()
            };
            let _ = self.claim_actions(&mut count);
            let i = rng.index(first + count.n);
            if i < draws.len() {
                return Some(draws.nth(i));
            }
            if i < first {
                return Some(Action::DrawTickets);
            }
            let mut pick = Pick {
                left: i - first,
                counted: Some(&count),
            };
            return self.claim_actions(&mut pick).break_value();
        }
        let mut count = Count::default();
        let _ = self.visit_legal(&mut count);
        let mut pick = Pick {
            left: rng.index(count.n),
            counted: Some(&count),
        };
        self.visit_legal(&mut pick).break_value()
    }

    /// The claims the current player may pay in each deck colour, by colour:
    /// the numbers `turn_actions` lists, counted for every
    /// colour at once, one class at a time, in lanes the compiler turns into
    /// a few wide instructions (8 lanes when the deck has at most 8 colours,
    /// as every rulebook's does).
    fn colour_claim_counts(&self) -> [u32; SLOT_LANES] {
        let mut out = [0; SLOT_LANES];
        if self.game.tables.colors <= 8 {
            self.lane_claim_counts::<8>(&mut out);
        } else {
            self.lane_claim_counts::<SLOT_LANES>(&mut out);
        }
        out
    }

    /// [`Self::colour_claim_counts`] over the first `W` colour lanes.
    #[inline]
    fn lane_claim_counts<const W: usize>(&self, out: &mut [u32; SLOT_LANES]) {
        let seat = self.current.index();
        let p = &self.players[seat];
        let t = &self.game.tables;
        // Hands and lengths stay far below `i16::MAX` once capped at 255, as
        // in `turn_actions`; lanes past the colours (the locomotives among
        // them) count as no cards and so never count claims. The hand is read
        // whole, as one wide value.
        let locos = p.hand.locomotives().min(255) as i16;
        let trains = p.trains.min(255) as i16;
        let hand = p.hand.0;
        let have: [i16; W] = std::array::from_fn(|l| (hand[l] & t.colour_lanes[l]).min(255) as i16);
        // No lane pays more than its cards and the locomotives, nor more
        // than the trains left.
        let most = (lane_max(have) + locos).min(trains);
        let start = t.count_index(seat, 0, 0);
        let (rows, _) =
            self.open_counts[start..start + t.classes.len() * SLOT_LANES].as_chunks::<SLOT_LANES>();
        let mut sum = [0u32; W];
        let mut narrow = [0u16; W];
        for (rc, row) in t.classes.iter().zip(rows) {
            let length = i16::from(rc.length);
            if length > most {
                break;
            }
            let ferry = i16::from(rc.ferry);
            let hi = locos.min(length - 1);
            // The ways to pay lane `l`'s colour: locomotives from
            // `max(ferry, length - have)` to `hi`, the rest in the colour
            // (none when that range is empty, as it is when the cards and
            // the locomotives fall short of the length). The classes come
            // by length, so each is within the trains left.
            let (by_ferry, by_cards) = (hi + 1 - ferry, hi + 1 - length);
            let ways = |l: usize| -> u16 { by_ferry.min(by_cards + have[l]).max(0) as u16 };
            if t.narrow_counts {
                // Every total fits 16 bits: one narrow multiply per lane.
                let gray = row[t.colors];
                for l in 0..W {
                    narrow[l] =
                        narrow[l].wrapping_add(ways(l).wrapping_mul(row[l].wrapping_add(gray)));
                }
            } else {
                let gray = u32::from(row[t.colors]);
                for l in 0..W {
                    sum[l] += u32::from(ways(l)) * (u32::from(row[l]) + gray);
                }
            }
        }
        for l in 0..W {
            out[l] = if t.narrow_counts {
                u32::from(narrow[l])
            } else {
                sum[l]
            };
        }
    }

    /// Does the current player have any action at the start of a turn?
    pub(crate) fn has_turn_action(&self) -> bool {
        let mut pick = Pick {
            left: 0,
            counted: None,
        };
        self.turn_actions(&mut pick).is_break()
    }

    /// The routes `seat` may claim as far as ownership goes, as a bitset.
    pub(crate) fn claimable(&self, seat: Seat) -> &[u64] {
        let w = self.game.tables.words;
        &self.claimable[seat.index() * w..(seat.index() + 1) * w]
    }

    /// Keeps the claimable sets up to date after `seat` claimed `route`.
    pub(crate) fn mark_claimed(&mut self, seat: Seat, route: RouteId) {
        let n = self.players.len();
        // The board is read while the sets change: borrowed field by field,
        // so the siblings need no copy.
        let game = &*self.game;
        let mut open = OpenSets {
            tables: &game.tables,
            claimable: &mut self.claimable,
            counts: &mut self.open_counts,
        };
        for p in 0..n {
            open.set(p, route, false);
        }
        let both = game.both_tracks_open;
        for &s in &game.board.route(route).siblings {
            if both {
                open.set(seat.index(), s, false);
            } else {
                for p in 0..n {
                    open.set(p, s, false);
                }
            }
        }
    }

    /// Recomputes the claimable sets from the owners (after a scenario set them).
    pub(crate) fn recompute_claimable(&mut self) {
        for p in 0..self.players.len() {
            for r in 0..self.owner.len() {
                let route = RouteId::from_index(r);
                let open = self.open_by_owners(Seat(p as u8), route);
                let game = &*self.game;
                OpenSets {
                    tables: &game.tables,
                    claimable: &mut self.claimable,
                    counts: &mut self.open_counts,
                }
                .set(p, route, open);
            }
        }
    }

    /// May `seat` claim this route as far as ownership goes (unclaimed, and the
    /// double-route rule allows it)? Read from the claimable sets, which
    /// [`Self::mark_claimed`] keeps in step with the owners.
    pub(crate) fn route_open_for(&self, seat: Seat, route: RouteId) -> bool {
        let r = route.index();
        self.claimable(seat)[r / 64] >> (r % 64) & 1 == 1
    }

    /// [`Self::route_open_for`] worked out from the owners.
    fn open_by_owners(&self, seat: Seat, route: RouteId) -> bool {
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
