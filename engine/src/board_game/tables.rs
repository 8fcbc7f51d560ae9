//! Precomputed route tables that make listing claims proportional to the
//! claims there are: per colour (and gray) and length, the set of routes of
//! that colour no longer than that length, as bitsets over route ids.

use crate::board::{Board, RouteColor};

/// A set of routes as 64-bit words.
pub type Words = [u64];

/// The static tables of a board.
#[derive(Debug, Clone)]
pub struct ClaimTables {
    /// Words per route set.
    pub words: usize,
    /// Longest route.
    pub max_len: usize,
    /// `with_gray[(color * (max_len + 1) + len) * words ..]`: routes of that
    /// colour or gray with length ≤ `len` (what cards of that colour can pay).
    with_gray: Vec<u64>,
    /// `any[len * words ..]`: routes of any colour with length ≤ `len`.
    any: Vec<u64>,
    /// Each route's length.
    pub length: Vec<u8>,
    /// Each route's ferry locomotives.
    pub ferry: Vec<u8>,
}

impl ClaimTables {
    /// Builds the tables of a board.
    pub fn new(board: &Board) -> Self {
        let n = board.routes().len();
        let words = n.div_ceil(64).max(1);
        let colors = board.colors().len();
        let max_len = board
            .routes()
            .iter()
            .map(|r| usize::from(r.length))
            .max()
            .unwrap_or(0);
        let mut by_color = vec![0u64; (colors + 1) * (max_len + 1) * words];
        let mut any = vec![0u64; (max_len + 1) * words];
        for (i, r) in board.routes().iter().enumerate() {
            let c = match r.color {
                RouteColor::Gray => colors,
                RouteColor::Color(c) => c.index(),
            };
            let (w, bit) = (i / 64, 1u64 << (i % 64));
            for len in usize::from(r.length)..=max_len {
                by_color[(c * (max_len + 1) + len) * words + w] |= bit;
                any[len * words + w] |= bit;
            }
        }
        let stride = (max_len + 1) * words;
        let mut with_gray = vec![0u64; colors * stride];
        for c in 0..colors {
            for k in 0..stride {
                with_gray[c * stride + k] =
                    by_color[c * stride + k] | by_color[colors * stride + k];
            }
        }
        ClaimTables {
            with_gray,
            words,
            max_len,
            any,
            length: board.routes().iter().map(|r| r.length).collect(),
            ferry: board.routes().iter().map(|r| r.ferry).collect(),
        }
    }

    /// Routes of `color` or gray with length ≤ `len`.
    #[inline]
    pub fn payable_up_to(&self, color: usize, len: usize) -> &Words {
        let len = len.min(self.max_len);
        let start = (color * (self.max_len + 1) + len) * self.words;
        &self.with_gray[start..start + self.words]
    }

    /// Routes of any colour with length ≤ `len`.
    #[inline]
    pub fn any_up_to(&self, len: usize) -> &Words {
        let len = len.min(self.max_len);
        &self.any[len * self.words..(len + 1) * self.words]
    }
}
