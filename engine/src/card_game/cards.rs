//! Train cards as counts per kind: colours `0..n` in deck order, then the
//! locomotive. Hands, Rail Yard rows, On the Track piles and ticket needs
//! are all [`Counts`].

/// Most colours the card game plays (the locomotive is one more kind).
pub const MAX_COLORS: usize = 15;
/// Card kinds a [`Counts`] holds.
pub const KINDS: usize = MAX_COLORS + 1;

/// Cards per kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts(pub [u8; KINDS]);

impl Counts {
    /// Cards in all.
    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// Adds another count.
    #[inline]
    pub fn add(&mut self, other: &Counts) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a = a.saturating_add(b);
        }
    }

    /// Is it empty?
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// The cards as a list of kinds (each kind repeated by its count).
    pub fn to_cards(&self, out: &mut Vec<u8>) {
        for (k, &n) in self.0.iter().enumerate() {
            out.extend(std::iter::repeat_n(k as u8, usize::from(n)));
        }
    }
}
