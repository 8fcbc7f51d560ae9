//! What the current player may do. Everything here reads only the current
//! player's own cards and public information, so a player (or a bot reading an
//! observation) can list their own legal actions.

use std::ops::ControlFlow;

use smallvec::SmallVec;

use super::action::{Action, Keep, Payment};
use super::cards::{Card, Cards};
use super::state::{Phase, State};
use super::tables::{ClaimTables, RouteBits, RouteClass, SLOT_LANES};

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
        for r in RouteBits::new(words(sets)) {
            self.run(per_route, |i| nth(r, i))?;
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

const _: () = assert!(DrawMask::TERRAIN_BLIND < 16);

/// The set bits of each byte, for [`ones`].
const ONES_IN_BYTE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut byte = 1;
    while byte < 256 {
        table[byte] = table[byte / 2] + (byte % 2) as u8;
        byte += 1;
    }
    table
};

/// The set bits of `bits`, two bytes looked up: the x86-64 baseline has no
/// instruction to count bits, and its replacement takes a dozen.
#[inline]
fn ones(bits: u16) -> u32 {
    let [low, high] = bits.to_le_bytes();
    u32::from(ONES_IN_BYTE[usize::from(low)] + ONES_IN_BYTE[usize::from(high)])
}

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
        // Every draw's bit is below 16.
        ones(self.0 as u16) as usize
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
    /// The board's route classes and colour slots.
    tables: &'a ClaimTables,
    /// [`State::claimable`]: each seat's open routes.
    claimable: &'a mut [u64],
    /// [`State::open_counts`]: how many of them per slot and class.
    counts: &'a mut [u16],
}

impl OpenSets<'_> {
    /// Closes a route for the seats of `seats`, keeping the counts in step,
    /// with the route's word, bit, slot and class looked up once. Without
    /// branches: whether the route was open already depends on the game (a
    /// claim closes it for every seat, and its other track for some), and no
    /// predictor guesses it.
    #[inline]
    fn close(&mut self, seats: std::ops::Range<usize>, route: RouteId) {
        let t = self.tables;
        let r = route.index();
        let (word, bit) = (r / 64, 1u64 << (r % 64));
        let (slot, class) = t.slot_and_class(route);
        let per_seat = t.count_index(1, 0, 0);
        let (at_slot, at_any) = (
            t.count_index(0, slot, class),
            t.count_index(0, t.any_slot(), class),
        );
        for p in seats {
            let w = &mut self.claimable[p * t.words + word];
            // 1 when the route was open, 0 when it was closed already.
            let was = u16::from(*w & bit != 0);
            *w &= !bit;
            let counts = &mut self.counts[p * per_seat..(p + 1) * per_seat];
            counts[at_slot] = counts[at_slot].wrapping_sub(was);
            counts[at_any] = counts[at_any].wrapping_sub(was);
        }
    }
}

/// For each byte and rank below 8 (at `rank << 8 | byte`), the position
/// of the byte's set bit of that rank (8 when it has fewer).
const SELECT_IN_BYTE: [u8; 2048] = {
    let mut table = [8u8; 2048];
    let mut byte = 0;
    while byte < 256 {
        let (mut rank, mut bit) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[rank << 8 | byte] = bit as u8;
                rank += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The position of the set bit of rank `rank` (from 0) in `word`, which
/// has more than `rank` of them. Found without branches (Vigna's broadword
/// select: byte counts summed by one multiplication, the byte found by one
/// comparison of all bytes, the bit in it from a table), since random play
/// picks ranks no branch predictor can guess.
#[inline]
fn select(word: u64, rank: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut sums = word - ((word >> 1) & 0x5555_5555_5555_5555);
    sums = (sums & 0x3333_3333_3333_3333) + ((sums >> 2) & 0x3333_3333_3333_3333);
    // Byte `i`: the set bits of bytes 0 to `i` (at most 64, so no carries).
    sums = ((sums + (sums >> 4)) & 0x0F0F_0F0F_0F0F_0F0F).wrapping_mul(ONES);
    let ranks = u64::from(rank).wrapping_mul(ONES);
    // A high bit per byte whose sum is at most `rank`: the bytes before the
    // one holding the bit (all below 128, so no borrows).
    let before = (((ranks | HIGHS) - sums) & HIGHS) >> 7;
    let place = (before.wrapping_mul(ONES) >> 53) & !7;
    let in_byte = u64::from(rank) - (((sums << 8) >> place) & 0xFF);
    place as u32 + u32::from(SELECT_IN_BYTE[((in_byte << 8) | ((word >> place) & 0xFF)) as usize])
}

/// Which of consecutive sections of the given sizes holds index `i`, and
/// the index its section starts at; past them all, the number of sections
/// and their total. Found without branching on `i`.
#[inline]
fn section(sizes: impl Iterator<Item = usize>, i: usize) -> (usize, usize) {
    let (mut index, mut start, mut end) = (0, 0, 0);
    for n in sizes {
        end += n;
        let past = end <= i;
        index += usize::from(past);
        start = if past { end } else { start };
    }
    (index, start)
}

/// The route of rank `rank` in `open & (a | b)` (`sets` = `[open, a, b]`),
/// which has more than `rank` routes: its word and its bit found without
/// branching on the rank.
#[inline]
fn route_of_rank(sets: [&[u64]; 3], rank: usize) -> RouteId {
    let rank = rank as u64;
    let (mut before, mut at, mut word, mut skipped) = (0u64, 0, 0, 0);
    for (w, bits) in words(sets).enumerate() {
        let ones = u64::from(bits.count_ones());
        let here = rank.wrapping_sub(before) < ones;
        at = if here { w } else { at };
        word = if here { bits } else { word };
        skipped = if here { before } else { skipped };
        before += ones;
    }
    RouteId::from_index(at * 64 + select(word, (rank - skipped) as u32) as usize)
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

/// Counts the actions.
#[derive(Default)]
struct Count {
    /// The actions seen.
    n: usize,
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

/// The start of a turn counted: the draws, where the claims begin (after
/// the draws and the ticket draw), and the claims of each kind.
struct TurnCount {
    /// The draws.
    draws: DrawMask,
    /// How many draws there are (`draws.len()`, counted once).
    drawn: usize,
    /// Where the claims begin: the draws and the ticket draw come first.
    first: usize,
    /// The claims paid in each deck colour.
    by_colour: [u32; SLOT_LANES],
    /// Their sum.
    colour_claims: usize,
    /// The claims paid in locomotives only.
    locomotive_claims: usize,
    /// The stations that may be built.
    stations: usize,
}

impl TurnCount {
    /// The actions in all.
    fn total(&self) -> usize {
        self.first + self.colour_claims + self.locomotive_claims + self.stations
    }
}

/// Finds the action at index `left`.
struct Pick {
    /// The actions still to skip.
    left: usize,
}

impl Pick {
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

impl Sink for Pick {
    #[inline]
    fn draws(&mut self, mask: DrawMask) -> ControlFlow<Action> {
        if !self.visit(mask.len()) {
            return ControlFlow::Continue(());
        }
        ControlFlow::Break(mask.nth(self.left))
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
        let (rank, i) = ((left / per) as usize, (left % per) as usize);
        ControlFlow::Break(nth(route_of_rank(sets, rank), i))
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
            // At most 16 tickets: each mask fits 16 bits.
            if ones(mask as u16) >= min {
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
        // Whether the board has terrain cards is the same all game, so this
        // branch is always predicted.
        if self.game.has_terrain {
            for (i, t) in self.terrain_display.iter().enumerate() {
                bits |= u32::from(t.is_some()) << (DrawMask::TERRAIN + i as u32);
            }
            bits |= u32::from(self.can_draw_terrain_blind()) << DrawMask::TERRAIN_BLIND;
        }
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
        self.colour_claims(sink)?;
        self.locomotive_claims(sink)?;
        self.station_builds(sink)
    }

    /// The claims paid in a deck colour (with or without locomotives),
    /// colour by colour, class by class.
    fn colour_claims<S: Sink>(&self, sink: &mut S) -> ControlFlow<Action> {
        let seat = self.current;
        let p = &self.players[seat.index()];
        let t = &self.game.tables;
        let open = self.claimable(seat);
        let trains = usize::from(p.trains);
        let locos = usize::from(p.hand.locomotives());
        let locos8 = locos.min(255) as u8;
        let counts = self.open_counts_of(seat);
        let gray = t.colors;
        let at = |slot: usize, class: usize| usize::from(counts[class * SLOT_LANES + slot]);
        for c in 0..t.colors {
            let have = usize::from(p.hand.0[c]);
            if have == 0 {
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
        ControlFlow::Continue(())
    }

    /// The claims paid in locomotives only, class by class.
    fn locomotive_claims<S: Sink>(&self, sink: &mut S) -> ControlFlow<Action> {
        let seat = self.current;
        let t = &self.game.tables;
        let open = self.claimable(seat);
        let any = t.any_slot();
        for (k, (rc, routes)) in self.locomotive_classes().enumerate() {
            if routes == 0 {
                continue;
            }
            let sets = [open, t.members(any, k), t.members(any, k)];
            sink.claims(routes, sets, 1, |route, _| Action::Claim {
                route,
                payment: Payment::all_locomotives(rc.length),
            })?;
        }
        ControlFlow::Continue(())
    }

    /// Each route class the current player can pay in locomotives only,
    /// with its open routes: the classes come by length, so they end at the
    /// first too long for the locomotives or the trains.
    fn locomotive_classes(&self) -> impl Iterator<Item = (&RouteClass, usize)> {
        let seat = self.current;
        let p = &self.players[seat.index()];
        let t = &self.game.tables;
        let counts = self.open_counts_of(seat);
        let cap = p.hand.locomotives().min(p.trains);
        let any = t.any_slot();
        t.classes
            .iter()
            .enumerate()
            .take_while(move |(_, rc)| u16::from(rc.length) <= cap)
            .map(move |(k, rc)| (rc, usize::from(counts[k * SLOT_LANES + any])))
    }

    /// The stations that may be built: every free city, paid for the same
    /// ways.
    fn station_builds<S: Sink>(&self, sink: &mut S) -> ControlFlow<Action> {
        let mut payments: SmallVec<[Payment; 32]> = SmallVec::new();
        self.for_each_station_payment(|payment| payments.push(payment));
        if payments.is_empty() {
            return ControlFlow::Continue(());
        }
        for (i, owner) in self.station_owner.iter().enumerate() {
            if owner.is_none() {
                let city = CityId::from_index(i);
                sink.run(payments.len(), |k| Action::BuildStation {
                    city,
                    payment: payments[k],
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// How many stations [`Self::station_builds`] lists, counted without
    /// visiting the cities one by one.
    fn station_build_count(&self) -> usize {
        let mut payments = 0;
        self.for_each_station_payment(|_| payments += 1);
        if payments == 0 {
            return 0;
        }
        payments * self.station_owner.iter().filter(|o| o.is_none()).count()
    }

    /// Calls `f` with each way the current player may pay for their next
    /// station, if they have one left and the cards for it.
    fn for_each_station_payment(&self, f: impl FnMut(Payment)) {
        let seat = self.current;
        let p = &self.players[seat.index()];
        let colors = self.game.tables.colors;
        if let Some(cost) = self.next_station_cost(seat)
            && p.hand.0[..colors].iter().fold(0, |a, &b| a.max(b)) + p.hand.locomotives()
                >= u16::from(cost)
        {
            for_each_payment(&p.hand, colors, None, cost, 0, f);
        }
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
            let turn = self.count_turn();
            let i = rng.index(turn.total());
            return self.turn_action_at(&turn, i);
        }
        let mut count = Count::default();
        let _ = self.visit_legal(&mut count);
        let mut pick = Pick {
            left: rng.index(count.n),
        };
        self.visit_legal(&mut pick).break_value()
    }

    /// The actions at the start of a turn, counted: the draws and the
    /// ticket draw without visiting them, the claims colour by colour and
    /// class by class.
    fn count_turn(&self) -> TurnCount {
        let draws = self.draw_mask(false);
        let drawn = draws.len();
        let by_colour = self.colour_claim_counts();
        TurnCount {
            draws,
            drawn,
            first: drawn + usize::from(self.can_draw_tickets()),
            by_colour,
            // The lanes past the deck colours count no claims: the whole
            // array sums in a few wide additions.
            colour_claims: by_colour.iter().sum::<u32>() as usize,
            locomotive_claims: self.locomotive_classes().map(|(_, n)| n).sum(),
            stations: self.station_build_count(),
        }
    }

    /// The action at index `i` of the start of a turn's list (`i` below
    /// [`TurnCount::total`]), found from the counts.
    fn turn_action_at(&self, turn: &TurnCount, i: usize) -> Option<Action> {
        if i < turn.drawn {
            return Some(turn.draws.nth(i));
        }
        if i < turn.first {
            return Some(Action::DrawTickets);
        }
        let colors = self.game.tables.colors;
        let left = i - turn.first;
        if left < turn.colour_claims {
            let sizes = turn.by_colour[..colors].iter().map(|&n| n as usize);
            let (c, start) = section(sizes, left);
            return Some(self.colour_claim_at(c, left - start));
        }
        let left = left - turn.colour_claims;
        if left < turn.locomotive_claims {
            let (k, start) = section(self.locomotive_classes().map(|(_, n)| n), left);
            return Some(self.locomotive_claim_at(k, left - start));
        }
        self.station_at(left - turn.locomotive_claims)
    }

    /// The station at index `i` of [`Self::station_builds`]' list: every
    /// free city is paid for the same ways, so the city is the free one of
    /// rank `i / ways` and the payment the one of rank `i % ways`.
    fn station_at(&self, i: usize) -> Option<Action> {
        let mut payments: SmallVec<[Payment; 32]> = SmallVec::new();
        self.for_each_station_payment(|payment| payments.push(payment));
        let ways = payments.len();
        let (i, k) = (i.checked_div(ways)?, i % ways);
        let free = self.station_owner.iter().enumerate();
        let (city, _) = free.filter(|(_, owner)| owner.is_none()).nth(i)?;
        Some(Action::BuildStation {
            city: CityId::from_index(city),
            payment: payments[k],
        })
    }

    /// The claim at index `i` of those paid in colour `c` (with `i` below
    /// their count), in [`Self::claim_actions`]' order, found without
    /// branching on `i`: its class, then its route and locomotives.
    fn colour_claim_at(&self, c: usize, i: usize) -> Action {
        let seat = self.current;
        let p = &self.players[seat.index()];
        let t = &self.game.tables;
        // Capped at 255 as in `lane_claim_counts`, whose count of each
        // class this repeats for the one colour.
        let have = p.hand.0[c].min(255) as i16;
        let locos = p.hand.locomotives().min(255) as i16;
        let cap = (have + locos).min(p.trains.min(255) as i16);
        // Locomotives from `lo` to `hi`, the rest in the colour (as in
        // `claim_actions`): where they start and how many ways there are.
        let range = |rc: &RouteClass| {
            let (length, ferry) = (i16::from(rc.length), i16::from(rc.ferry));
            let hi = locos.min(length - 1);
            let lo = ferry.max(length - have);
            (lo, (hi + 1 - lo).max(0) as usize)
        };
        // The classes come by length: those past the cards and the trains
        // hold none of the claims.
        let per_class = t
            .classes
            .iter()
            .zip(self.open_count_rows(seat))
            .take_while(|(rc, _)| i16::from(rc.length) <= cap)
            .map(|(rc, row)| range(rc).1 * (usize::from(row[c]) + usize::from(row[t.colors])));
        let (k, start) = section(per_class, i);
        let (lo, per) = range(&t.classes[k]);
        // Within one class of claims the numbers are small: a 32-bit
        // division is quicker than a 64-bit one.
        let (i, per) = ((i - start) as u32, per as u32);
        let sets = [
            self.claimable(seat),
            t.members(c, k),
            t.members(t.colors, k),
        ];
        Action::Claim {
            route: route_of_rank(sets, (i / per) as usize),
            payment: Payment {
                color: Card(c as u8),
                locomotives: lo as u8 + (i % per) as u8,
            },
        }
    }

    /// The claim at index `i` of those of class `k` paid in locomotives
    /// only (with `i` below their count).
    fn locomotive_claim_at(&self, k: usize, i: usize) -> Action {
        let t = &self.game.tables;
        let any = t.any_slot();
        let sets = [
            self.claimable(self.current),
            t.members(any, k),
            t.members(any, k),
        ];
        Action::Claim {
            route: route_of_rank(sets, i),
            payment: Payment::all_locomotives(t.classes[k].length),
        }
    }

    /// `seat`'s counts of open routes by class and colour slot.
    fn open_counts_of(&self, seat: Seat) -> &[u16] {
        let t = &self.game.tables;
        &self.open_counts[t.count_index(seat.index(), 0, 0)..t.count_index(seat.index() + 1, 0, 0)]
    }

    /// `seat`'s counts of open routes, a row of colour slots per class.
    fn open_count_rows(&self, seat: Seat) -> &[[u16; SLOT_LANES]] {
        self.open_counts_of(seat).as_chunks::<SLOT_LANES>().0
    }

    /// The claims the current player may pay in each deck colour, by colour:
    /// the numbers `turn_actions` lists, counted for every
    /// colour at once, one class at a time, in lanes the compiler turns into
    /// a few wide instructions (8 lanes when the deck has at most 8 colours,
    /// as every rulebook's does). The lanes past the deck colours hold 0.
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
        let rows = self.open_count_rows(self.current);
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
        let mut pick = Pick { left: 0 };
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
        open.close(0..n, route);
        let both = game.both_tracks_open;
        for &s in &game.board.route(route).siblings {
            if both {
                open.close(seat.index()..seat.index() + 1, s);
            } else {
                open.close(0..n, s);
            }
        }
    }

    /// Opens every route to every seat, with the counts to match: the sets
    /// of a game's start.
    pub(crate) fn open_every_route(&mut self) {
        let n = self.players.len();
        let t = &self.game.tables;
        let routes = self.game.board.routes().len();
        self.open_counts.clear();
        self.open_counts.reserve(n * t.sizes.len());
        for _ in 0..n {
            self.open_counts.extend_from_slice(&t.sizes);
        }
        self.claimable.clear();
        self.claimable.extend((0..n * t.words).map(|i| {
            let bits = routes.saturating_sub(i % t.words * 64).min(64);
            if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            }
        }));
    }

    /// Recomputes the claimable sets from the owners (after a scenario set
    /// them): every route open, then each closed where the owners say so.
    pub(crate) fn recompute_claimable(&mut self) {
        self.open_every_route();
        for p in 0..self.players.len() {
            for r in 0..self.owner.len() {
                let route = RouteId::from_index(r);
                if self.open_by_owners(Seat(p as u8), route) {
                    continue;
                }
                let game = &*self.game;
                OpenSets {
                    tables: &game.tables,
                    claimable: &mut self.claimable,
                    counts: &mut self.open_counts,
                }
                .close(p..p + 1, route);
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{Phase, select};
    use crate::board_game::BoardGame;
    use crate::board_game::board::Board;
    use crate::board_game::design_checks::testing::bundled_file;
    use crate::game::GameState;
    use crate::rng::GameRng;

    #[test]
    fn select_finds_the_set_bit_of_each_rank() {
        let mut rng = GameRng::seeded(3);
        for round in 0..3000 {
            // Dense, sparse and very sparse words.
            let mut word = rng.next_u64();
            for _ in 0..round % 4 {
                word &= rng.next_u64();
            }
            let (mut bits, mut rank) = (word, 0);
            while bits != 0 {
                assert_eq!(
                    select(word, rank),
                    bits.trailing_zeros(),
                    "{word:#x} {rank}"
                );
                bits &= bits - 1;
                rank += 1;
            }
        }
    }

    /// Random play finds the start of a turn's actions from counts: every
    /// index must name the action the full list has there, in random games
    /// of maps with ferries, tunnels, stations, terrain and gray routes.
    #[test]
    fn every_index_of_a_turn_finds_the_listed_action() {
        for (map, players) in [
            ("usa.yaml", 2),
            ("europe.yaml", 4),
            ("usa-stations.yaml", 3),
            ("heart-of-africa-rules.yaml", 2),
        ] {
            let board = Arc::new(Board::build(&bundled_file(map)).expect("the map builds"));
            let game = Arc::new(BoardGame::new(board, players).expect("the players fit"));
            let mut state = game.new_game(11);
            let mut rng = GameRng::seeded(5);
            let mut legal = Vec::new();
            let mut turns = 0;
            while !state.is_terminal() {
                if state.phase == Phase::Turn {
                    legal.clear();
                    state.legal(&mut legal);
                    let turn = state.count_turn();
                    assert_eq!(turn.total(), legal.len(), "{map}");
                    for (i, &a) in legal.iter().enumerate() {
                        assert_eq!(state.turn_action_at(&turn, i), Some(a), "{map} index {i}");
                    }
                    turns += 1;
                }
                let a = state
                    .random_legal(&mut rng)
                    .expect("a running game has actions");
                state
                    .apply_quietly(a)
                    .expect("offered actions are accepted");
            }
            assert!(turns > 20, "{map}: {turns} turns checked");
        }
    }
}
