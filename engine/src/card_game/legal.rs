//! The legal moves of a position, listed or drawn uniformly at random.

use super::action::{Action, Keep};
use super::cards::MAX_COLORS;
use super::state::{EMPTY, Phase, State};
use crate::rng::GameRng;

impl State {
    /// Every action the current player may take.
    pub fn legal(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Over => {}
            Phase::SetupTickets | Phase::KeepTickets => {
                let n = self.me().offer.len();
                let keep = self.keep_at_least();
                for mask in 0..(1u32 << n) {
                    if mask.count_ones() >= keep {
                        out.push(Action::KeepTickets(Keep(mask as u16)));
                    }
                }
            }
            Phase::Draw(_) => {
                if !self.deck.is_empty() {
                    out.push(Action::DrawBlind);
                }
                for (i, &c) in self.display.iter().enumerate() {
                    if c != EMPTY && !self.is_double_locomotive(c) {
                        out.push(Action::DrawFaceUp(i as u8));
                    }
                }
            }
            Phase::Turn => {
                let before = out.len();
                if !self.deck.is_empty() {
                    out.push(Action::DrawBlind);
                    for (i, &c) in self.display.iter().enumerate() {
                        if c != EMPTY {
                            out.push(Action::DrawFaceUp(i as u8));
                        }
                    }
                }
                self.plays(out);
                if !self.ticket_deck.is_empty() && self.design.rules.tickets.draw.dealt > 0 {
                    out.push(Action::DrawTickets);
                }
                if out.len() == before {
                    out.push(Action::Pass);
                }
            }
        }
    }

    /// A uniformly random legal action, drawn exactly as picking from
    /// [`State::legal`]'s list would draw it; a turn's Rail Yard plays are
    /// counted, not listed (a big hand has hundreds).
    pub fn random_legal(&self, rng: &mut GameRng, buffer: &mut Vec<Action>) -> Option<Action> {
        if self.phase != Phase::Turn {
            buffer.clear();
            self.legal(buffer);
            let i = rng.index(buffer.len());
            return buffer.get(i).copied();
        }
        let me = self.me();
        let colors = self.design.colors.len();
        let locos = me.hand.0[self.design.loco()];
        let yard = &self.design.rules.rail_yard;
        let shown = self.display.iter().filter(|&&c| c != EMPTY).count();
        let draws = if self.deck.is_empty() { 0 } else { 1 + shown };
        let mut rival = [0u8; MAX_COLORS];
        for (i, p) in self.players.iter().enumerate() {
            if i != usize::from(self.current) {
                for (c, r) in rival.iter_mut().enumerate().take(colors) {
                    *r = (*r).max(p.row(c));
                }
            }
        }
        // Rows of colour c with `total` cards: one per split into colour
        // cards (at least 1) and locomotives.
        let splits = |have: u8, total: u8| -> usize {
            let fewest = total.saturating_sub(locos).max(1);
            usize::from((have.min(total) + 1).saturating_sub(fewest))
        };
        let mut rows = [0usize; MAX_COLORS];
        let mut open: u16 = 0;
        for c in 0..colors {
            let have = me.hand.0[c];
            if have == 0 || me.row(c) > 0 {
                continue;
            }
            if rival[c] == 0 {
                open |= 1 << c;
            }
            let least = yard.same_color_min.max(rival[c] + 1);
            rows[c] = (least..=have + locos).map(|t| splits(have, t)).sum();
        }
        let k = u32::from(yard.mixed_colors);
        let mixed = if k == 0 || open.count_ones() < k {
            0
        } else {
            binomial(open.count_ones(), k)
        };
        let tickets =
            usize::from(!self.ticket_deck.is_empty() && self.design.rules.tickets.draw.dealt > 0);
        let total = draws + rows.iter().sum::<usize>() + mixed + tickets;
        if total == 0 {
            return Some(Action::Pass);
        }
        let mut j = rng.index(total);
        if j < draws {
            if j == 0 {
                return Some(Action::DrawBlind);
            }
            let slot = self
                .display
                .iter()
                .enumerate()
                .filter(|(_, c)| **c != EMPTY)
                .nth(j - 1)
                .map(|(i, _)| i as u8)?;
            return Some(Action::DrawFaceUp(slot));
        }
        j -= draws;
        for c in 0..colors {
            if j >= rows[c] {
                j -= rows[c];
                continue;
            }
            let have = me.hand.0[c];
            let least = yard.same_color_min.max(rival[c] + 1);
            for total in least..=have + locos {
                let n = splits(have, total);
                if j < n {
                    let cards = total.saturating_sub(locos).max(1) + j as u8;
                    return Some(Action::PlayRow {
                        color: c as u8,
                        cards,
                        locos: total - cards,
                    });
                }
                j -= n;
            }
        }
        if j < mixed {
            let mut mask: u32 = (1 << k) - 1;
            while mask < 1 << colors {
                if mask as u16 & !open == 0 {
                    if j == 0 {
                        return Some(Action::PlayMixed(mask as u16));
                    }
                    j -= 1;
                }
                let low = mask & mask.wrapping_neg();
                let ripple = mask + low;
                mask = (((ripple ^ mask) >> 2) / low) | ripple;
            }
            return None;
        }
        Some(Action::DrawTickets)
    }

    /// Is `card` a face-up locomotive that counts as both draws?
    pub(super) fn is_double_locomotive(&self, card: u8) -> bool {
        usize::from(card) == self.design.loco()
            && self.design.rules.display.locomotive_counts_double
    }

    /// The fewest tickets the pending choice must keep.
    pub(super) fn keep_at_least(&self) -> u32 {
        let rules = &self.design.rules.tickets;
        let keep = if self.phase == Phase::SetupTickets {
            rules.setup.keep
        } else {
            rules.draw.keep
        };
        u32::from(keep).min(self.me().offer.len() as u32)
    }

    /// The most cards of colour `c` in another player's Rail Yard.
    pub(super) fn rival_row(&self, c: usize) -> u8 {
        self.players
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != usize::from(self.current))
            .map(|(_, p)| p.row(c))
            .max()
            .unwrap_or(0)
    }

    /// Every legal Rail Yard play.
    pub(super) fn plays(&self, out: &mut Vec<Action>) {
        let me = self.me();
        let colors = self.design.colors.len();
        let locos = me.hand.0[self.design.loco()];
        let yard = &self.design.rules.rail_yard;
        for c in 0..colors {
            let have = me.hand.0[c];
            if have == 0 || me.row(c) > 0 {
                continue;
            }
            let least = yard.same_color_min.max(self.rival_row(c) + 1);
            for total in least..=have + locos {
                let fewest = total.saturating_sub(locos).max(1);
                for cards in fewest..=have.min(total) {
                    out.push(Action::PlayRow {
                        color: c as u8,
                        cards,
                        locos: total - cards,
                    });
                }
            }
        }
        let k = u32::from(yard.mixed_colors);
        if k == 0 {
            return;
        }
        let mut open: u16 = 0;
        for c in 0..colors {
            if me.hand.0[c] > 0 && me.row(c) == 0 && self.rival_row(c) == 0 {
                open |= 1 << c;
            }
        }
        if open.count_ones() < k {
            return;
        }
        // Every subset of the open colours with k members, in increasing order.
        let mut mask: u32 = (1 << k) - 1;
        let limit = 1u32 << colors;
        while mask < limit {
            if mask as u16 & !open == 0 {
                out.push(Action::PlayMixed(mask as u16));
            }
            // Gosper's hack: the next number with the same count of ones.
            let low = mask & mask.wrapping_neg();
            let ripple = mask + low;
            mask = (((ripple ^ mask) >> 2) / low) | ripple;
        }
    }
}

/// `n` choose `k`.
fn binomial(n: u32, k: u32) -> usize {
    (0..k).fold(1usize, |acc, i| acc * (n - i) as usize / (i + 1) as usize)
}
