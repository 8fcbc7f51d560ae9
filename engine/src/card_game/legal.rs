//! The legal moves of a position, listed or drawn uniformly at random.

use super::action::{Action, Keep};
use super::plays::YardPlays;
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
                self.turn_draws(out);
                YardPlays::of(self).for_each(|a| out.push(a));
                if self.may_draw_tickets() {
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
        let shown = self.display.iter().filter(|&&c| c != EMPTY).count();
        let draws = if self.deck.is_empty() { 0 } else { 1 + shown };
        let plays = YardPlays::of(self);
        let count = plays.count();
        let tickets = usize::from(self.may_draw_tickets());
        let total = draws + count.total + tickets;
        if total == 0 {
            return Some(Action::Pass);
        }
        let j = rng.index(total);
        if j < draws {
            // The draws in `turn_draws`' order: blind, then the face-up cards.
            return Some(match j.checked_sub(1) {
                None => Action::DrawBlind,
                Some(k) => {
                    let (slot, _) = self
                        .display
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| **c != EMPTY)
                        .nth(k)?;
                    Action::DrawFaceUp(slot as u8)
                }
            });
        }
        plays.nth(&count, j - draws).or(Some(Action::DrawTickets))
    }

    /// The card draws that open a turn: blind, then each face-up card, while
    /// the deck has cards.
    pub(super) fn turn_draws(&self, out: &mut Vec<Action>) {
        if !self.deck.is_empty() {
            out.push(Action::DrawBlind);
            for (i, &c) in self.display.iter().enumerate() {
                if c != EMPTY {
                    out.push(Action::DrawFaceUp(i as u8));
                }
            }
        }
    }

    /// May the player on turn draw tickets?
    pub(super) fn may_draw_tickets(&self) -> bool {
        !self.ticket_deck.is_empty() && self.design.rules.tickets.draw.dealt > 0
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
}
