//! The Rail Yard plays open to the player on turn (RULES.md §4, phase 2:
//! a row of one colour, or one card of each of several colours), described
//! colour by colour instead of listed. A big hand has hundreds of plays:
//! listing, counting, drawing one at random and the bots' searches for the
//! best play all read this one description, in one fixed order.

use super::action::Action;
use super::cards::MAX_COLORS;
use super::state::State;

/// The plays of one colour's row: `least` to `have + locos` cards in all,
/// at least one of them (and at most `have`) of the colour, the rest
/// locomotives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowPlays {
    /// Cards of the colour in hand.
    pub have: u8,
    /// The fewest cards the row may have: the rules' minimum, and more than
    /// any other player's row of the colour.
    pub least: u8,
}

/// Every Rail Yard play of the player on turn, in the order they are
/// listed: the rows colour by colour (by total, then by cards of the
/// colour), then the mixed plays (by colour mask, in increasing order).
#[derive(Clone, Copy, Debug)]
pub struct YardPlays {
    /// Locomotives in hand.
    pub locos: u8,
    /// Each colour's row plays (`None`: none of that colour).
    pub rows: [Option<RowPlays>; MAX_COLORS],
    /// The colours a mixed play may take (in hand, no row of them yet, in
    /// nobody's Rail Yard).
    pub open: u16,
    /// Colours a mixed play takes; 0 when the rules have none or fewer
    /// colours are open.
    pub mixed: u32,
    /// Deck colours.
    colors: usize,
}

impl YardPlays {
    /// The plays of the player on turn in `state`.
    #[inline]
    pub(super) fn of(state: &State) -> YardPlays {
        let me = state.me();
        let design = state.design();
        let colors = design.colors.len();
        let locos = me.hand.0[design.loco()];
        let yard = &design.rules.rail_yard;
        // The longest row of each colour in the other players' Rail Yards.
        let mut rivals = [0u8; MAX_COLORS];
        let seat = state.current().index();
        for (_, p) in state
            .players()
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != seat)
        {
            for (r, c) in rivals.iter_mut().zip(0..colors) {
                *r = (*r).max(p.row(c));
            }
        }
        let mut rows = [None; MAX_COLORS];
        let mut open = 0u16;
        // Without branches: whether a colour is playable is a coin toss to
        // the processor.
        for ((c, row), &rival) in rows.iter_mut().enumerate().zip(&rivals).take(colors) {
            let have = me.hand.0[c];
            let playable = have > 0 && me.row(c) == 0;
            open |= u16::from(playable && rival == 0) << c;
            let least = yard.same_color_min.max(rival + 1);
            *row = (playable && least <= have + locos).then_some(RowPlays { have, least });
        }
        let k = u32::from(yard.mixed_colors);
        let mixed = if k > 0 && open.count_ones() >= k {
            k
        } else {
            0
        };
        YardPlays {
            locos,
            rows,
            open,
            mixed,
            colors,
        }
    }

    /// The row of `total` cards of colour `c` with `cards` of the colour.
    fn row(&self, c: usize, total: u8, cards: u8) -> Action {
        Action::PlayRow {
            color: c as u8,
            cards,
            locos: total - cards,
        }
    }

    /// The fewest cards of the colour a row of `total` cards takes.
    fn fewest(&self, total: u8) -> u8 {
        total.saturating_sub(self.locos).max(1)
    }

    /// The plays of a colour's row with `total` cards.
    fn with_total(&self, r: RowPlays, total: u8) -> usize {
        usize::from((r.have.min(total) + 1).saturating_sub(self.fewest(total)))
    }

    /// How many row plays a colour has: the sum over its totals `t` of
    /// `min(have, t) - max(1, t - locos) + 1`, in closed form.
    #[inline]
    fn row_count(&self, r: RowPlays) -> usize {
        let (least, most) = (usize::from(r.least), usize::from(r.have + self.locos));
        let (have, locos) = (usize::from(r.have), usize::from(self.locos));
        // The sums of `min(have, t)` and of `max(1, t - locos)`, each in
        // two parts: where the minimum is `t` and `have`, where the maximum
        // is 1 and `t - locos`.
        let cards = sum_to(least, most.min(have)) + have * most.saturating_sub(have.max(least - 1));
        let fewest = (most.min(locos + 1) + 1).saturating_sub(least)
            + sum_to(least.max(locos + 2), most)
                .saturating_sub(locos * (most + 1).saturating_sub(least.max(locos + 2)));
        cards + (most + 1 - least) - fewest
    }

    /// The mixed plays' colour masks, in increasing order.
    pub fn mixed_masks(&self) -> impl Iterator<Item = u16> + '_ {
        // Every mask with `mixed` bits, by Gosper's hack (the next number
        // with as many ones), keeping those inside the open colours.
        let k = self.mixed;
        let limit = 1u32 << self.colors;
        let first = if k == 0 { limit } else { (1 << k) - 1 };
        std::iter::successors(Some(first), |&mask| {
            let low = mask & mask.wrapping_neg();
            let ripple = mask + low;
            Some((((ripple ^ mask) >> 2) / low) | ripple)
        })
        .take_while(move |&mask| mask < limit)
        .map(|mask| mask as u16)
        .filter(|&mask| mask & !self.open == 0)
    }

    /// The first mixed play (in [`YardPlays::mixed_masks`]' order) taking
    /// the most colours of `needed` (a mask): the lowest needed open
    /// colours, and when they are too few, all of them and the lowest other
    /// open colours.
    pub fn mixed_for_need(&self, needed: u16) -> Option<u16> {
        if self.mixed == 0 {
            return None;
        }
        let lowest = |mut bits: u16, n: u32| {
            let mut mask = 0;
            for _ in 0..n {
                let low = bits & bits.wrapping_neg();
                mask |= low;
                bits &= !low;
            }
            mask
        };
        let wanted = self.open & needed;
        let take = wanted.count_ones().min(self.mixed);
        Some(lowest(wanted, take) | lowest(self.open & !needed, self.mixed - take))
    }

    /// Hands every play to `f`, in order.
    pub fn for_each(&self, mut f: impl FnMut(Action)) {
        for (c, r) in self.rows.iter().enumerate() {
            let Some(r) = *r else { continue };
            for total in r.least..=r.have + self.locos {
                for cards in self.fewest(total)..=r.have.min(total) {
                    f(self.row(c, total, cards));
                }
            }
        }
        self.mixed_masks().for_each(|m| f(Action::PlayMixed(m)));
    }

    /// How many plays there are, colour by colour, counted without listing
    /// them.
    #[inline]
    pub fn count(&self) -> PlayCount {
        let mut rows = [0; MAX_COLORS];
        for (n, r) in rows.iter_mut().zip(&self.rows) {
            if let Some(r) = *r {
                *n = self.row_count(r);
            }
        }
        let mixed = if self.mixed == 0 {
            0
        } else {
            binomial(self.open.count_ones(), self.mixed)
        };
        PlayCount {
            total: rows.iter().sum::<usize>() + mixed,
            rows,
        }
    }

    /// The `j`-th play, found from `count` (this description's
    /// [`YardPlays::count`]) without listing the ones before it.
    #[inline]
    pub fn nth(&self, count: &PlayCount, mut j: usize) -> Option<Action> {
        for (c, (r, &n)) in self.rows.iter().zip(&count.rows).enumerate() {
            if j >= n {
                j -= n;
                continue;
            }
            let r = (*r)?;
            for total in r.least..=r.have + self.locos {
                let n = self.with_total(r, total);
                if j < n {
                    return Some(self.row(c, total, self.fewest(total) + j as u8));
                }
                j -= n;
            }
        }
        self.mixed_masks().nth(j).map(Action::PlayMixed)
    }

    /// The first play, if any.
    pub fn first(&self) -> Option<Action> {
        self.first_rows()
            .map(|(_, a)| a)
            .next()
            .or_else(|| self.mixed_masks().next().map(Action::PlayMixed))
    }

    /// The first row play of each colour that has one: `(colour, play)`.
    pub fn first_rows(&self) -> impl Iterator<Item = (usize, Action)> + '_ {
        self.rows.iter().enumerate().filter_map(|(c, r)| {
            let r = (*r)?;
            Some((c, self.row(c, r.least, self.fewest(r.least))))
        })
    }

    /// Colour `c`'s row covering most of `need` cards (the smallest such
    /// total, with as many cards of the colour as it can), if it has rows.
    pub fn row_for_need(&self, c: usize, need: u8) -> Option<Action> {
        let r = self.rows[c]?;
        let total = r.least.max(need.min(r.have + self.locos));
        Some(self.row(c, total, r.have.min(total)))
    }
}

/// How many plays a [`YardPlays`] has.
#[derive(Clone, Copy, Debug)]
pub struct PlayCount {
    /// Every play.
    pub total: usize,
    /// Each colour's row plays.
    rows: [usize; MAX_COLORS],
}

/// The sum of `lo..=hi` (0 when empty).
fn sum_to(lo: usize, hi: usize) -> usize {
    if lo > hi {
        0
    } else {
        (lo + hi) * (hi - lo + 1) / 2
    }
}

/// `n` choose `k`.
fn binomial(n: u32, k: u32) -> usize {
    (0..k).fold(1usize, |acc, i| acc * (n - i) as usize / (i + 1) as usize)
}

/// Test walks over random card games.
#[cfg(test)]
pub(super) mod walk {
    use std::sync::Arc;

    use crate::card_game::{CardGame, Phase, State};
    use crate::game::{Game, GameState};
    use crate::rng::GameRng;

    /// Plays random games of the bundled USA card game, `seeds` at each of
    /// 2 to 4 players, calling `f` at the start of every turn.
    pub(in crate::card_game) fn at_each_turn(seeds: u64, mut f: impl FnMut(&State)) {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml");
        let file = formats::load(&path).unwrap().design;
        let mut diags = crate::Diagnostics::default();
        let design = Arc::new(super::super::build(&file, &mut diags).unwrap());
        for players in 2..=4 {
            let game = CardGame::new(design.clone(), players).unwrap();
            for seed in 0..seeds {
                let mut state = game.new_initial_state(seed);
                let mut rng = GameRng::seeded(seed);
                while !state.is_terminal() {
                    if state.phase() == Phase::Turn {
                        f(&state);
                    }
                    let a = state.random_action(&mut rng).unwrap();
                    state.apply(a).unwrap();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameState;

    /// Over random games: the description lists the plays the rules accept
    /// (every row and mixed play a hand could name is tried on a copy of
    /// the position every few turns), and counts, finds and lists them in
    /// one order.
    #[test]
    fn the_description_lists_counts_and_finds_the_plays_the_rules_accept() {
        let (mut listed_total, mut tried, mut turns) = (0, 0, 0);
        walk::at_each_turn(6, |state| {
            let plays = YardPlays::of(state);
            let mut listed = Vec::new();
            plays.for_each(|a| listed.push(a));
            let count = plays.count();
            assert_eq!(count.total, listed.len());
            for (j, &a) in listed.iter().enumerate() {
                assert_eq!(plays.nth(&count, j), Some(a));
            }
            assert_eq!(plays.nth(&count, listed.len()), None);
            assert_eq!(plays.first(), listed.first().copied());
            listed_total += listed.len();
            turns += 1;
            if turns % 7 != 0 {
                return;
            }
            let colors = state.design().colors.len();
            let most = state.me().hand.0.iter().max().copied().unwrap_or(0) + 1;
            let rows = (0..colors as u8).flat_map(|color| {
                (0..=most).flat_map(move |cards| {
                    (0..=most).map(move |locos| Action::PlayRow {
                        color,
                        cards,
                        locos,
                    })
                })
            });
            let mixed = (1..1u16 << colors).map(Action::PlayMixed);
            for a in rows.chain(mixed) {
                let accepted = state.clone().apply(a).is_ok();
                assert_eq!(accepted, listed.contains(&a), "{a:?}");
                tried += 1;
            }
        });
        assert!(
            listed_total > 1000 && tried > 10_000,
            "{listed_total} {tried}"
        );
    }
}
