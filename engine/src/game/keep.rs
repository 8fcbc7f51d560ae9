//! Which offered tickets a player keeps, as the board and card games both
//! offer them.

/// Which offered tickets a player keeps: bit `i` keeps the `i`-th ticket
/// offered (at most 16 are offered at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Keep(pub u16);

impl Keep {
    /// Does it keep offer `i`?
    #[inline]
    pub fn keeps(self, i: usize) -> bool {
        i < 16 && self.0 & (1 << i) != 0
    }

    /// How many are kept.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }
}
