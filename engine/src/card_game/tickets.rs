//! Tickets: keeping some of the tickets dealt at setup, and phase 2 (C),
//! drawing tickets and keeping any number of them.

use super::action::{Event, Keep};
use super::state::{EventSink, Phase, State};
use crate::game::{IllegalAction, RefusalKind};
use crate::words::count;

impl State {
    /// The fewest tickets the player choosing may keep of those on offer
    /// (the rules' `keep` at setup or after a draw, at most the offer), or
    /// `None` when no ticket choice is pending. The legal choices are
    /// exactly those that keep at least this many: a view can say so
    /// beside the offer without counting them.
    pub fn fewest_to_keep(&self) -> Option<u32> {
        matches!(self.phase, Phase::SetupTickets | Phase::KeepTickets).then(|| self.keep_at_least())
    }

    pub(super) fn keep(&mut self, k: Keep, ev: &mut impl EventSink) -> Result<(), IllegalAction> {
        let n = self.me().offer.len();
        if n < 16 && k.0 >> n != 0 {
            return Err(IllegalAction::new(
                RefusalKind::NotOffered,
                format!(
                    "only {} {} on offer",
                    count(n, "ticket"),
                    if n == 1 { "is" } else { "are" }
                ),
            ));
        }
        let least = self.keep_at_least();
        if k.count() < least {
            return Err(IllegalAction::new(
                RefusalKind::AgainstTheRules,
                format!(
                    "keep at least {least} of the {} offered",
                    count(n, "ticket")
                ),
            ));
        }
        let seat = self.seat();
        let setup = self.phase == Phase::SetupTickets;
        let p = &mut self.players[usize::from(self.current)];
        let offer = std::mem::take(&mut p.offer);
        let mut returned = 0u8;
        for (i, &t) in offer.iter().enumerate() {
            if k.keeps(i) {
                p.tickets.push(t);
            } else {
                self.ticket_deck.push_back(t);
                returned += 1;
            }
        }
        ev.push(Event::KeptTickets {
            seat,
            kept: k.count() as u8,
            returned,
        });
        if setup {
            // Returned setup tickets are shuffled back into the deck.
            if returned > 0 {
                self.ticket_deck.make_contiguous();
                let (deck, _) = self.ticket_deck.as_mut_slices();
                self.rng.shuffle(deck);
            }
            let next = usize::from(self.current) + 1;
            if next < self.players.len() && !self.players[next].offer.is_empty() {
                self.current = next as u8;
            } else {
                self.begin_play(ev);
            }
        } else {
            self.end_turn(ev);
        }
        Ok(())
    }

    pub(super) fn draw_tickets(&mut self, ev: &mut impl EventSink) -> Result<(), IllegalAction> {
        let n = usize::from(self.design.rules.tickets.draw.dealt).min(self.ticket_deck.len());
        if n == 0 {
            return Err(IllegalAction::new(
                RefusalKind::NotOffered,
                "the ticket deck is empty",
            ));
        }
        let offer: Vec<u16> = self.ticket_deck.drain(..n).collect();
        self.players[usize::from(self.current)].offer = offer;
        ev.push(Event::DrewTickets {
            seat: self.seat(),
            offered: n as u8,
        });
        self.phase = Phase::KeepTickets;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::super::{Action, CardGame};
    use super::*;
    use crate::bots::random::fewest_legal;
    use crate::game::{Game, GameState};

    #[test]
    fn the_fewest_to_keep_is_the_rules_and_the_least_a_legal_choice_keeps() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml");
        let file = formats::load(&path).unwrap().design;
        let mut diags = crate::Diagnostics::default();
        let mut design = super::super::build(&file, &mut diags).unwrap();
        // Setup: keep 2 of 6; a draw: keep 5, more than the 4 offered.
        design.rules.tickets.setup.keep = 2;
        design.rules.tickets.draw.keep = 5;
        let game = CardGame::new(Arc::new(design), 2).unwrap();
        let mut state = game.new_initial_state(3);
        assert_eq!(state.fewest_to_keep(), Some(2));
        assert_eq!(state.fewest_to_keep(), fewest_legal(&state));
        while state.phase() == Phase::SetupTickets {
            state
                .apply(Action::KeepTickets(super::super::Keep(0b11)))
                .unwrap();
        }
        assert_eq!(state.fewest_to_keep(), None);
        assert_eq!(fewest_legal(&state), None);
        state.apply(Action::DrawTickets).unwrap();
        assert_eq!(state.fewest_to_keep(), Some(4), "capped at the offer");
        assert_eq!(state.fewest_to_keep(), fewest_legal(&state));
    }
}
