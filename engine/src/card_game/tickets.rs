//! Tickets: keeping some of the tickets dealt at setup, and phase 2 (C),
//! drawing tickets and keeping any number of them.

use super::action::{Event, Keep};
use super::state::{EventSink, Phase, State};
use crate::game::{IllegalAction, RefusalKind};

impl State {
    pub(super) fn keep(&mut self, k: Keep, ev: &mut impl EventSink) -> Result<(), IllegalAction> {
        let n = self.me().offer.len();
        if n < 16 && k.0 >> n != 0 {
            return Err(IllegalAction::new(
                RefusalKind::NotOffered,
                format!(
                    "only {} {} on offer",
                    crate::words::count(n, "ticket"),
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
                    crate::words::count(n, "ticket")
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
