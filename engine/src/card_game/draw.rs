//! Phase 2 (A): drawing two train cards, blind or face up (a face-up
//! locomotive counts as both draws); the last card drawn starts the last turns.

use super::action::Event;
use super::state::{EMPTY, EventSink, Phase, State};
use crate::game::{IllegalAction, RefusalKind};

impl State {
    /// The top card of the deck to the player; says when it was the last.
    pub(super) fn take_from_deck(&mut self, ev: &mut impl EventSink) -> Option<u8> {
        let c = self.deck.pop()?;
        if self.deck.is_empty() {
            self.deck_ran_out(ev);
        }
        Some(c)
    }

    pub(super) fn deck_ran_out(&mut self, ev: &mut impl EventSink) {
        if self.final_turns.is_none() {
            self.final_turns = Some(self.players.len() as u8);
            ev.push(Event::DeckRanOut { seat: self.seat() });
        }
    }

    pub(super) fn draw_blind(
        &mut self,
        left: u8,
        ev: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        let Some(c) = self.take_from_deck(ev) else {
            return Err(IllegalAction::new(
                RefusalKind::NotOffered,
                "the train deck is empty",
            ));
        };
        self.players[usize::from(self.current)].hand.0[usize::from(c)] += 1;
        ev.push(Event::Drew {
            seat: self.seat(),
            face_up: None,
        });
        self.after_draw(left, ev);
        Ok(())
    }

    pub(super) fn draw_face_up(
        &mut self,
        slot: u8,
        left: u8,
        ev: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        if self.deck.is_empty() {
            return Err(IllegalAction::new(
                RefusalKind::NotOffered,
                "the train deck has run out: no more train cards may be drawn",
            ));
        }
        let Some(&c) = self.display.get(usize::from(slot)) else {
            return Err(IllegalAction::new(
                RefusalKind::NoSuchThing,
                format!("there is no face-up slot {}", u16::from(slot) + 1),
            ));
        };
        if c == EMPTY {
            return Err(IllegalAction::new(
                RefusalKind::NotOffered,
                format!("face-up slot {} is empty", u16::from(slot) + 1),
            ));
        }
        let first = left == self.design.rules.draws_per_turn;
        let double = self.is_double_locomotive(c);
        if double && !first {
            return Err(IllegalAction::new(
                RefusalKind::AgainstTheRules,
                "a face-up locomotive counts as both draws: it cannot be your second card",
            ));
        }
        self.players[usize::from(self.current)].hand.0[usize::from(c)] += 1;
        ev.push(Event::Drew {
            seat: self.seat(),
            face_up: Some(c),
        });
        let refill = self.take_from_deck(ev).unwrap_or(EMPTY);
        self.display[usize::from(slot)] = refill;
        if double {
            self.end_turn(ev);
        } else {
            self.after_draw(left, ev);
        }
        Ok(())
    }

    pub(super) fn after_draw(&mut self, left: u8, ev: &mut impl EventSink) {
        let left = left.saturating_sub(1);
        if left == 0 || self.deck.is_empty() {
            self.end_turn(ev);
        } else {
            self.phase = Phase::Draw(left);
        }
    }
}
