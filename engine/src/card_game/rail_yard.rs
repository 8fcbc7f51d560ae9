//! Phase 2 (B): playing to the Rail Yard, 2+ cards of one colour or one card
//! of each of 3 colours, never a colour already in your yard; more of a colour
//! than a rival has robs them (Train Robbery).

use super::action::Event;
use super::state::{EventSink, State};
use crate::game::{IllegalAction, RefusalKind, Seat};

impl State {
    pub(super) fn check_own_and_rivals(&self, c: usize, count: u8) -> Result<(), IllegalAction> {
        let name = self.design.kind_name(c);
        if self.me().row(c) > 0 {
            return Err(IllegalAction::new(
                RefusalKind::AgainstTheRules,
                format!("{name} is already in your Rail Yard"),
            ));
        }
        let rival = self.rival_row(c);
        if rival > 0 && count <= rival {
            return Err(IllegalAction::new(
                RefusalKind::AgainstTheRules,
                format!(
                    "another player has {rival} {name} in their Rail Yard: play more than {rival} to rob them"
                ),
            ));
        }
        Ok(())
    }

    /// Discards every other player's row of colour `c` (Train Robbery).
    pub(super) fn rob(&mut self, c: usize, ev: &mut impl EventSink) {
        let thief = self.seat();
        let loco = self.design.loco();
        for (i, p) in self.players.iter_mut().enumerate() {
            if i == usize::from(self.current) || p.row(c) == 0 {
                continue;
            }
            let cards = p.row(c);
            self.discards.0[c] += p.yard.0[c];
            self.discards.0[loco] += p.yard_locos.0[c];
            p.yard.0[c] = 0;
            p.yard_locos.0[c] = 0;
            ev.push(Event::Robbed {
                thief,
                victim: Seat(i as u8),
                color: c as u8,
                cards,
            });
        }
    }

    pub(super) fn play_row(
        &mut self,
        color: u8,
        cards: u8,
        locos: u8,
        ev: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        let c = usize::from(color);
        if c >= self.design.colors.len() {
            return Err(IllegalAction::new(
                RefusalKind::NoSuchThing,
                "there is no such colour",
            ));
        }
        let name = self.design.kind_name(c).to_owned();
        if cards == 0 {
            return Err(IllegalAction::new(
                RefusalKind::AgainstTheRules,
                format!("a row of {name} needs at least one {name} card"),
            ));
        }
        let total = cards.saturating_add(locos);
        let least = self.design.rules.rail_yard.same_color_min;
        if total < least {
            return Err(IllegalAction::new(
                RefusalKind::AgainstTheRules,
                format!(
                    "a row of one colour has at least {}",
                    crate::words::count(least, "card")
                ),
            ));
        }
        let loco = self.design.loco();
        let hand = &self.me().hand;
        if hand.0[c] < cards || hand.0[loco] < locos {
            return Err(IllegalAction::new(
                RefusalKind::CannotAfford,
                format!(
                    "you hold {} {name} and {}",
                    hand.0[c],
                    crate::words::count(hand.0[loco], "locomotive")
                ),
            ));
        }
        self.check_own_and_rivals(c, total)?;
        self.rob(c, ev);
        let p = &mut self.players[usize::from(self.current)];
        p.hand.0[c] -= cards;
        p.hand.0[loco] -= locos;
        p.yard.0[c] = cards;
        p.yard_locos.0[c] = locos;
        ev.push(Event::Played {
            seat: self.seat(),
            colors: 1 << c,
            cards: total,
            locos,
        });
        self.end_turn(ev);
        Ok(())
    }

    pub(super) fn play_mixed(
        &mut self,
        mask: u16,
        ev: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        let k = self.design.rules.rail_yard.mixed_colors;
        let colors = self.design.colors.len();
        if k == 0 {
            return Err(IllegalAction::new(
                RefusalKind::AgainstTheRules,
                "these rules allow no play of different colours",
            ));
        }
        if mask.count_ones() != u32::from(k)
            || usize::from(16 - mask.leading_zeros() as u16) > colors
        {
            return Err(IllegalAction::new(
                RefusalKind::AgainstTheRules,
                format!(
                    "play exactly {} of {k} different colours",
                    crate::words::count(k, "card")
                ),
            ));
        }
        for c in (0..colors).filter(|c| mask & (1 << c) != 0) {
            if self.me().hand.0[c] == 0 {
                return Err(IllegalAction::new(
                    RefusalKind::CannotAfford,
                    format!("you hold no {}", self.design.kind_name(c)),
                ));
            }
            self.check_own_and_rivals(c, 1)?;
        }
        for c in (0..colors).filter(|c| mask & (1 << c) != 0) {
            self.rob(c, ev);
            let p = &mut self.players[usize::from(self.current)];
            p.hand.0[c] -= 1;
            p.yard.0[c] = 1;
        }
        ev.push(Event::Played {
            seat: self.seat(),
            colors: mask,
            cards: k,
            locos: 0,
        });
        self.end_turn(ev);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::card_game::action::Action;
    use crate::card_game::cards::Counts;
    use crate::card_game::state::Phase;

    /// A two-player game of the bundled card game, at the first player's
    /// phase 2 with empty hands and Rail Yards.
    fn table() -> State {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml");
        let file = formats::load(&path)
            .unwrap_or_else(|e| panic!("{e}"))
            .design;
        let mut diags = crate::Diagnostics::default();
        let design = super::super::build(&file, &mut diags).unwrap_or_else(|| panic!("{diags:?}"));
        let mut state = State::deal(Arc::new(design), 2, 1);
        state.phase = Phase::Turn;
        state.current = 0;
        for p in &mut state.players {
            p.hand = Counts::default();
            p.offer.clear();
        }
        state
    }

    fn color(state: &State, name: &str) -> usize {
        state
            .design
            .colors
            .iter()
            .position(|c| c == name)
            .expect("a colour of the design")
    }

    #[test]
    fn playing_more_of_a_colour_than_a_rival_robs_the_rivals_row() {
        let mut state = table();
        let blue = color(&state, "blue");
        state.players[1].yard.0[blue] = 2;
        state.players[0].hand.0[blue] = 3;
        let mut events = Vec::new();
        let a = Action::PlayRow {
            color: blue as u8,
            cards: 3,
            locos: 0,
        };
        state.play(a, &mut events).expect("3 blue beat 2");
        assert_eq!(state.players[1].yard.0[blue], 0, "the rival's row is gone");
        assert_eq!(state.discards.0[blue], 2, "and discarded");
        assert_eq!(state.players[0].yard.0[blue], 3);
        assert!(events.contains(&Event::Robbed {
            thief: Seat(0),
            victim: Seat(1),
            color: blue as u8,
            cards: 2,
        }));
    }

    #[test]
    fn refusals_say_which_rule_stops_a_play() {
        let mut state = table();
        let blue = color(&state, "blue");
        let red = color(&state, "red");
        state.players[1].yard.0[blue] = 2;
        state.players[0].hand.0[blue] = 2;
        let two_blue = Action::PlayRow {
            color: blue as u8,
            cards: 2,
            locos: 0,
        };
        let e = state.play(two_blue, &mut Vec::new()).unwrap_err();
        assert_eq!(e.kind, RefusalKind::AgainstTheRules);
        assert!(e.reason.contains("play more than 2 to rob them"), "{e}");
        let three_red = Action::PlayRow {
            color: red as u8,
            cards: 3,
            locos: 0,
        };
        let e = state.play(three_red, &mut Vec::new()).unwrap_err();
        assert_eq!(e.kind, RefusalKind::CannotAfford, "{e}");
        state.players[0].yard.0[red] = 1;
        state.players[0].hand.0[red] = 3;
        let e = state.play(three_red, &mut Vec::new()).unwrap_err();
        assert_eq!(e.kind, RefusalKind::AgainstTheRules);
        assert!(e.reason.ends_with("is already in your Rail Yard"), "{e}");
    }

    #[test]
    fn the_play_is_told_with_its_colours_and_locomotives() {
        let mut state = table();
        let (orange, loco) = (color(&state, "orange"), state.design.loco());
        state.players[0].hand.0[orange] = 2;
        state.players[0].hand.0[loco] = 1;
        let mut events = Vec::new();
        let a = Action::PlayRow {
            color: orange as u8,
            cards: 2,
            locos: 1,
        };
        state.play(a, &mut events).expect("a row with a locomotive");
        let played = events
            .iter()
            .find(|e| matches!(e, Event::Played { .. }))
            .expect("the play's event");
        assert_eq!(
            state.event_text(played),
            "player 1 played 2 orange + 1 locomotive to the Rail Yard"
        );
    }
}
