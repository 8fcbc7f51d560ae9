//! A turn (RULES.md §4): phase 1, one card of each Rail Yard row On the
//! Track; phase 2, one action (drawing, playing to the Rail Yard, drawing
//! tickets); then the next player, or the last turns once the deck ran out.

use super::action::{Action, Event};
use super::state::{EventSink, Phase, State};
use crate::game::{IllegalAction, RefusalKind};

impl State {
    /// The setup choices are over: the first turn begins (the deck may
    /// already be empty with a tiny design: then every player has one turn).
    pub(super) fn begin_play(&mut self, ev: &mut impl EventSink) {
        self.current = 0;
        self.phase = Phase::Turn;
        if self.deck.is_empty() {
            self.final_turns = Some(self.players.len() as u8 - 1);
        }
        self.phase_one(ev);
    }

    /// Phase 1 of the current player's turn: one card of each Rail Yard row
    /// (locomotives first, they lie on top) goes On the Track.
    pub(super) fn phase_one(&mut self, ev: &mut impl EventSink) {
        let colors = self.design.colors.len();
        let loco = self.design.loco();
        let seat = self.seat();
        let p = &mut self.players[usize::from(self.current)];
        let mut moved = 0u8;
        for c in 0..colors {
            if p.yard_locos.0[c] > 0 {
                p.yard_locos.0[c] -= 1;
                p.on_track.0[loco] += 1;
                moved += 1;
            } else if p.yard.0[c] > 0 {
                p.yard.0[c] -= 1;
                p.on_track.0[c] += 1;
                moved += 1;
            }
        }
        if moved > 0 {
            ev.push(Event::MovedToTrack { seat, cards: moved });
        }
    }

    /// Plays an action, reporting what happened to `ev`.
    pub fn play(&mut self, a: Action, ev: &mut impl EventSink) -> Result<(), IllegalAction> {
        match (self.phase, a) {
            (Phase::Over, _) => Err(IllegalAction::new(
                RefusalKind::GameOver,
                "the game is over",
            )),
            (Phase::SetupTickets | Phase::KeepTickets, Action::KeepTickets(k)) => self.keep(k, ev),
            (Phase::SetupTickets | Phase::KeepTickets, _) => Err(IllegalAction::new(
                RefusalKind::NotNow,
                "choose which of the offered tickets to keep first",
            )),
            (_, Action::KeepTickets(_)) => Err(IllegalAction::new(
                RefusalKind::NotOffered,
                "no tickets are on offer",
            )),
            (Phase::Draw(left), Action::DrawBlind) => self.draw_blind(left, ev),
            (Phase::Draw(left), Action::DrawFaceUp(s)) => self.draw_face_up(s, left, ev),
            (Phase::Draw(_), _) => Err(IllegalAction::new(
                RefusalKind::NotNow,
                "finish drawing train cards: draw blind or take a face-up card",
            )),
            (Phase::Turn, Action::DrawBlind) => {
                self.draw_blind(self.design.rules.draws_per_turn, ev)
            }
            (Phase::Turn, Action::DrawFaceUp(s)) => {
                self.draw_face_up(s, self.design.rules.draws_per_turn, ev)
            }
            (
                Phase::Turn,
                Action::PlayRow {
                    color,
                    cards,
                    locos,
                },
            ) => self.play_row(color, cards, locos, ev),
            (Phase::Turn, Action::PlayMixed(mask)) => self.play_mixed(mask, ev),
            (Phase::Turn, Action::DrawTickets) => self.draw_tickets(ev),
            (Phase::Turn, Action::Pass) => {
                let mut legal = Vec::new();
                self.legal(&mut legal);
                if legal != [Action::Pass] {
                    return Err(IllegalAction::new(
                        RefusalKind::AgainstTheRules,
                        "you may pass only when nothing else is possible",
                    ));
                }
                ev.push(Event::Passed { seat: self.seat() });
                self.end_turn(ev);
                Ok(())
            }
        }
    }

    /// The current turn is over: the next player's turn, or the deal's end.
    pub(super) fn end_turn(&mut self, ev: &mut impl EventSink) {
        self.turn += 1;
        match self.final_turns {
            Some(0) => self.end_deal(ev),
            Some(k) => {
                self.final_turns = Some(k - 1);
                self.next_player(ev);
            }
            None => self.next_player(ev),
        }
    }

    pub(super) fn next_player(&mut self, ev: &mut impl EventSink) {
        self.current = ((usize::from(self.current) + 1) % self.players.len()) as u8;
        self.phase = Phase::Turn;
        self.phase_one(ev);
    }
}
