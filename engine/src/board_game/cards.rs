//! Train cards and terrain cards as small numbers, and hands as counts.

use std::ops::{Index, IndexMut};

use crate::board_game::board::{ColorId, MAX_COLORS, MAX_TERRAIN_TYPES, RouteColor};

/// A train card: a deck colour, or a locomotive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub u8);

impl Card {
    /// The locomotive (wild card).
    pub const LOCOMOTIVE: Card = Card(MAX_COLORS as u8);

    /// A colour card.
    #[inline]
    pub fn color(c: ColorId) -> Card {
        Card(c.0)
    }

    /// The colour card a route of `color` is paid in (`None`: gray, any
    /// one colour).
    #[inline]
    pub fn paying(color: RouteColor) -> Option<Card> {
        match color {
            RouteColor::Color(c) => Some(Card::color(c)),
            RouteColor::Gray => None,
        }
    }

    /// Is it a locomotive?
    #[inline]
    pub fn is_locomotive(self) -> bool {
        self == Card::LOCOMOTIVE
    }

    /// The colour, for a colour card.
    #[inline]
    pub fn color_id(self) -> Option<ColorId> {
        (!self.is_locomotive()).then_some(ColorId(self.0))
    }

    /// Index into a [`Cards`] count array.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Kinds of train card: the colours and the locomotive.
pub const CARD_KINDS: usize = MAX_COLORS + 1;

/// Counts a [`Cards`] holds: every kind, then padding that stays zero, so
/// that a hand is one whole number of wide registers (see `legal.rs`).
pub const CARD_LANES: usize = 16;
const _: () = assert!(CARD_KINDS <= CARD_LANES);

/// A multiset of train cards, as counts per kind (a hand, the discards);
/// entries past the locomotive are always zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cards(pub [u16; CARD_LANES]);

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards([0; CARD_LANES]);

    /// How many in all.
    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// Locomotives held.
    #[inline]
    pub fn locomotives(&self) -> u16 {
        self.0[Card::LOCOMOTIVE.index()]
    }

    /// Adds one card.
    #[inline]
    pub fn add(&mut self, c: Card) {
        self.0[c.index()] += 1;
    }

    /// Adds `n` cards of a kind.
    #[inline]
    pub fn add_n(&mut self, c: Card, n: u16) {
        self.0[c.index()] += n;
    }

    /// Removes `n` cards of a kind; the caller has checked they are there.
    #[inline]
    pub fn remove_n(&mut self, c: Card, n: u16) {
        debug_assert!(self.0[c.index()] >= n);
        self.0[c.index()] -= n;
    }

    /// Moves every card into `other`.
    pub fn drain_into(&mut self, other: &mut Cards) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter_mut()) {
            *b += *a;
            *a = 0;
        }
    }

    /// The cards as a list (kind by kind), for shuffling.
    pub fn to_vec(&self) -> Vec<Card> {
        let mut v = Vec::with_capacity(self.total() as usize);
        self.list_into(&mut v);
        v
    }

    /// Appends the cards to `out` as [`Cards::to_vec`] lists them, so that a
    /// deck made anew from the discards keeps its storage.
    pub fn list_into(&self, out: &mut Vec<Card>) {
        for (k, &n) in self.0.iter().enumerate() {
            out.extend(std::iter::repeat_n(Card(k as u8), usize::from(n)));
        }
    }
}

impl Index<Card> for Cards {
    type Output = u16;
    #[inline]
    fn index(&self, c: Card) -> &u16 {
        &self.0[c.index()]
    }
}

impl IndexMut<Card> for Cards {
    #[inline]
    fn index_mut(&mut self, c: Card) -> &mut u16 {
        &mut self.0[c.index()]
    }
}

/// Terrain cards held, per type (public: they lie face up before the player).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TerrainCards(pub [u16; MAX_TERRAIN_TYPES]);

impl TerrainCards {
    /// How many in all.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }
}
