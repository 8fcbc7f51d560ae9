//! Precomputed route tables that make listing claims proportional to the
//! claims there are, and counting them a matter of arithmetic: routes are
//! grouped by colour slot (each deck colour, gray, and "any") and class
//! (length and ferry locomotives), since every route of a class can be paid
//! for the same ways from a given hand.

use crate::board_game::board::{Board, RouteColor, RouteId};

/// A set of routes as 64-bit words.
pub type Words = [u64];

/// The routes of a route set, in route order: the set bits of its words,
/// route `64 * w + b` for bit `b` of word `w`.
#[derive(Clone, Debug)]
pub struct RouteBits<I> {
    /// The words not read yet.
    words: I,
    /// The bits of the word being read not returned yet.
    bits: u64,
    /// The first route of the word being read.
    base: usize,
    /// The first route of the next word.
    next_base: usize,
}

impl<I: Iterator<Item = u64>> RouteBits<I> {
    /// The routes of the set whose words `words` yields, the first word first.
    pub fn new(words: I) -> Self {
        RouteBits {
            words,
            bits: 0,
            base: 0,
            next_base: 0,
        }
    }
}

impl<I: Iterator<Item = u64>> Iterator for RouteBits<I> {
    type Item = RouteId;

    #[inline]
    fn next(&mut self) -> Option<RouteId> {
        while self.bits == 0 {
            self.bits = self.words.next()?;
            self.base = self.next_base;
            self.next_base += 64;
        }
        let route = self.base + self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(RouteId::from_index(route))
    }
}

/// Open-route counts are kept per class as one row of this many colour
/// slots (each deck colour, gray, every route, then padding), so that the
/// claims of every colour can be counted a whole row at a time.
pub const SLOT_LANES: usize = 16;
const _: () = assert!(crate::board_game::board::MAX_COLORS + 2 <= SLOT_LANES);

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
    /// The board as a graph for the bots' path searches.
    pub graph: RouteGraph,
}

/// A route seen from one of its ends: the route and the city at its other
/// end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    /// The route's index.
    pub route: u16,
    /// The city at its other end.
    pub to: u16,
}

/// No country: the city is not a dead end.
pub const NO_COUNTRY: u16 = u16::MAX;

/// The board as a graph laid out flat for path searches, built once per
/// design: each city's routes in the board's order (the order
/// [`Board::routes_at`] lists them) with the city at their other end, each
/// route's ends, and each city's country, so that a search reads a few
/// contiguous arrays instead of the board's routes and cities.
#[derive(Debug, Clone, Default)]
pub struct RouteGraph {
    /// `links[first[c]..first[c + 1]]` are the routes at city `c`.
    first: Vec<u32>,
    links: Vec<Link>,
    /// Each route's two ends (`from`, `to`).
    pub ends: Vec<(u16, u16)>,
    /// Each city's country (a dead end), or [`NO_COUNTRY`].
    pub country: Vec<u16>,
}

impl RouteGraph {
    /// The graph of a board.
    pub fn new(board: &Board) -> Self {
        let cities = board.cities().len();
        let mut first = Vec::with_capacity(cities + 1);
        let mut links = Vec::with_capacity(2 * board.routes().len());
        for c in 0..cities {
            first.push(links.len() as u32);
            let city = crate::board_game::board::CityId::from_index(c);
            links.extend(board.routes_at(city).iter().map(|&r| Link {
                route: r.0,
                to: board.route(r).other_end(city).0,
            }));
        }
        first.push(links.len() as u32);
        RouteGraph {
            first,
            links,
            ends: board.routes().iter().map(|r| (r.from.0, r.to.0)).collect(),
            country: board
                .cities()
                .iter()
                .map(|c| c.country.map_or(NO_COUNTRY, |k| k.index() as u16))
                .collect(),
        }
    }

    /// The routes at a city.
    #[inline]
    pub fn links(&self, city: usize) -> &[Link] {
        &self.links[self.first[city] as usize..self.first[city + 1] as usize]
    }
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
            graph: RouteGraph::new(board),
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
