//! Precomputed route tables that make listing claims proportional to the
//! claims there are, and counting them a matter of arithmetic: routes are
//! grouped by colour slot (each deck colour, gray, and "any") and class
//! (length and ferry locomotives), since every route of a class can be paid
//! for the same ways from a given hand.

use crate::board::{Board, RouteColor, RouteId};

/// A set of routes as 64-bit words.
pub type Words = [u64];

/// Open-route counts are kept per class as one row of this many colour
/// slots (each deck colour, gray, every route, then padding), so that the
/// claims of every colour can be counted a whole row at a time.
pub const SLOT_LANES: usize = 16;
const _: () = assert!(crate::board::MAX_COLORS + 2 <= SLOT_LANES);

/// Routes that cost the same: a length and the locomotives a ferry needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct RouteClass {
    /// Cards to pay.
    pub length: u8,
    /// Of which at least this many locomotives.
    pub ferry: u8,
}

/// The static tables of a board.
#[derive(Debug, Clone)]
pub struct ClaimTables {
    /// Words per route set.
    pub words: usize,
    /// Deck colours (slot `colors` is gray, `colors + 1` is every route).
    pub colors: usize,
    /// The route classes, by length then ferry locomotives.
    pub classes: Vec<RouteClass>,
    /// Each route's class.
    class_of: Vec<u16>,
    /// Each route's colour slot: its deck colour, or `colors` for gray.
    slot_of: Vec<u16>,
    /// `members[(slot * classes + class) * words ..]`: the routes of that
    /// slot and class.
    members: Vec<u64>,
    /// Whether every count of claims fits 16 bits: no class is paid more
    /// ways than its length, and each route counts once per colour, so the
    /// longest route times the number of routes bounds every colour's total.
    pub narrow_counts: bool,
    /// `u16::MAX` in the lanes of the deck colours, 0 elsewhere: masks a hand
    /// down to its colour cards.
    pub colour_lanes: [u16; SLOT_LANES],
    /// Routes per class and slot (`classes * SLOT_LANES`): each seat's open
    /// counts at the start of a game.
    pub sizes: Vec<u16>,
}

impl ClaimTables {
    /// Builds the tables of a board.
    pub fn new(board: &Board) -> Self {
        let n = board.routes().len();
        let words = n.div_ceil(64).max(1);
        let colors = board.colors().len();
        let class = |i: usize| {
            let r = &board.routes()[i];
            RouteClass {
                length: r.length,
                ferry: r.ferry,
            }
        };
        let mut classes: Vec<RouteClass> = (0..n).map(class).collect();
        classes.sort_unstable();
        classes.dedup();
        let class_of: Vec<u16> = (0..n)
            .map(|i| classes.binary_search(&class(i)).unwrap_or_default() as u16)
            .collect();
        let slot_of: Vec<u16> = board
            .routes()
            .iter()
            .map(|r| match r.color {
                RouteColor::Gray => colors as u16,
                RouteColor::Color(c) => c.index() as u16,
            })
            .collect();
        let longest = classes.iter().map(|c| usize::from(c.length)).max();
        let narrow_counts = longest.unwrap_or(0) * n < usize::from(u16::MAX);
        let mut t = ClaimTables {
            words,
            colors,
            members: vec![0; (colors + 2) * classes.len() * words],
            classes,
            narrow_counts,
            colour_lanes: std::array::from_fn(|l| if l < colors { u16::MAX } else { 0 }),
            class_of,
            slot_of,
            sizes: Vec::new(),
        };
        t.sizes = vec![0; t.classes.len() * SLOT_LANES];
        for i in 0..n {
            let (w, bit) = (i / 64, 1u64 << (i % 64));
            let (slot, class) = t.slot_and_class(RouteId::from_index(i));
            for s in [slot, colors + 1] {
                let start = t.start(s, class);
                t.members[start + w] |= bit;
                let k = t.count_index(0, s, class);
                t.sizes[k] += 1;
            }
        }
        t
    }

    /// The slot of "every route".
    pub fn any_slot(&self) -> usize {
        self.colors + 1
    }

    /// A route's colour slot and class.
    #[inline]
    pub fn slot_and_class(&self, route: RouteId) -> (usize, usize) {
        let r = route.index();
        (usize::from(self.slot_of[r]), usize::from(self.class_of[r]))
    }

    #[inline]
    fn start(&self, slot: usize, class: usize) -> usize {
        (slot * self.classes.len() + class) * self.words
    }

    /// The routes of a slot and class.
    #[inline]
    pub fn members(&self, slot: usize, class: usize) -> &Words {
        let start = self.start(slot, class);
        &self.members[start..start + self.words]
    }

    /// Index of a seat's count of open routes in a slot and class, in a
    /// table of `classes * SLOT_LANES` counts per seat.
    #[inline]
    pub fn count_index(&self, seat: usize, slot: usize, class: usize) -> usize {
        (seat * self.classes.len() + class) * SLOT_LANES + slot
    }
}
