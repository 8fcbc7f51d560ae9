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

    /// The offers ticked (`ticks[i]`: keep offer `i`), as a human picks them.
    pub fn from_ticks(ticks: &[bool]) -> Keep {
        Keep(
            ticks
                .iter()
                .enumerate()
                .filter(|(_, k)| **k)
                .fold(0u16, |m, (i, _)| m | 1 << i),
        )
    }

    /// How many are kept.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }
}

/// An action that may be a ticket choice, so that what is worked out over a
/// list of legal actions (the fewest tickets any choice keeps) is written
/// once for every family that offers tickets.
pub trait KeepsTickets {
    /// The tickets this action keeps, when it is a ticket choice.
    fn kept(&self) -> Option<Keep>;
}

#[cfg(test)]
mod tests {
    use super::Keep;

    #[test]
    fn ticks_make_the_mask_they_show() {
        let k = Keep::from_ticks(&[true, false, true]);
        assert!(k.keeps(0) && !k.keeps(1) && k.keeps(2));
        assert_eq!(k.count(), 2);
    }
}
