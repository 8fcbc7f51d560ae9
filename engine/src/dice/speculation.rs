//! Speculation (RULES.md §5): after an upgrade every player, the acting one
//! first, may pledge goods and special cards to trade 2:1 for the new good.

use super::action::Event;
use super::rules::Sink;
use super::state::{Phase, State};

impl State {
    pub(super) fn give_rate(&self) -> u32 {
        u32::from(self.design.rules.speculation.give.max(1))
    }

    pub(super) fn pledge_value(&self, seat: usize) -> u32 {
        let p = &self.players[seat];
        p.pledged.iter().map(|&n| u32::from(n)).sum::<u32>() + 2 * p.pledged_specials.len() as u32
    }

    pub(super) fn speculator(&self) -> usize {
        match self.phase {
            Phase::Speculate { seat, .. } => usize::from(seat),
            _ => usize::from(self.current),
        }
    }

    pub(super) fn resolve_speculation(&mut self, good: u8, sink: &mut Sink) {
        let rate = self.give_rate();
        let mut owed = [0u8; 8];
        for (s, owed_s) in owed.iter_mut().enumerate().take(self.players.len()) {
            // Goods beyond a whole number of trades are not traded.
            let mut spare = self.pledge_value(s) % rate;
            for g in 0..8 {
                let back = self.players[s].pledged[g].min(spare as u8);
                self.players[s].pledged[g] -= back;
                spare -= u32::from(back);
            }
            let value = self.pledge_value(s);
            let p = &mut self.players[s];
            for g in 0..8 {
                p.goods[g] -= p.pledged[g];
                self.goods_out[g] += p.pledged[g];
            }
            p.pledged = [0; 8];
            let mut idx = std::mem::take(&mut p.pledged_specials);
            idx.sort_unstable_by(|a, b| b.cmp(a));
            for i in idx {
                p.hand.remove(usize::from(i));
                self.specials_out += 1;
            }
            *owed_s = (value / rate) as u8;
            sink.push(Event::Traded {
                seat: s as u8,
                gave: value as u8,
                got: *owed_s,
            });
        }
        let claims: u32 = owed.iter().map(|&n| u32::from(n)).sum();
        let left = u32::from(self.decks[usize::from(good)].left);
        let claimants = owed.iter().filter(|&&n| n > 0).count();
        self.owed = owed;
        if claims <= left || left == 0 || claimants == 1 {
            for s in 0..self.players.len() {
                while self.owed[s] > 0 && self.decks[usize::from(good)].left > 0 {
                    self.give_good(s, good, sink);
                    self.owed[s] -= 1;
                }
            }
            self.short_trades(sink);
            self.next_turn(sink);
        } else {
            self.phase = Phase::Award { good };
        }
    }

    /// Points for speculations the new deck could not fill.
    pub(super) fn short_trades(&mut self, sink: &mut Sink) {
        let per = i32::from(self.design.rules.speculation.points_when_short);
        for s in 0..self.players.len() {
            let n = std::mem::take(&mut self.owed[s]);
            self.take_points(s, per * i32::from(n), sink);
        }
    }

    /// Speculation: the speculating player pledges one good `g`.
    pub(super) fn pledge_good(&mut self, g: u8) {
        let s = self.speculator();
        self.players[s].pledged[usize::from(g)] += 1;
    }

    /// Speculation: the speculating player pledges special card `i`.
    pub(super) fn pledge_special(&mut self, i: u8) {
        let s = self.speculator();
        self.players[s].pledged_specials.push(i);
    }

    /// Speculation: the speculating player is done; the next one, or the trade.
    pub(super) fn end_pledges(&mut self, sink: &mut Sink) {
        let Phase::Speculate { seat, good } = self.phase else {
            return;
        };
        sink.push(Event::Pledged { seat });
        let next = (seat + 1) % self.players.len() as u8;
        if next == self.current {
            self.resolve_speculation(good, sink);
        } else {
            self.phase = Phase::Speculate { seat: next, good };
        }
    }

    /// Speculation: one scarce new good goes to seat `s`.
    pub(super) fn award_scarce(&mut self, s: u8, sink: &mut Sink) {
        let Phase::Award { good } = self.phase else {
            return;
        };
        self.give_good(usize::from(s), good, sink);
        self.owed[usize::from(s)] -= 1;
        if self.decks[usize::from(good)].left == 0 || self.owed.iter().all(|&o| o == 0) {
            self.short_trades(sink);
            self.next_turn(sink);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::dice::DiceGame;
    use crate::dice::action::Action;
    use crate::dice::design::DiceDesign;
    use crate::game::Game;

    /// The demo for three players, seat 0 speculating on good 1 (with goods
    /// of kind 0 to give).
    fn speculating() -> State {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/trains-and-stations-demo.yaml");
        let file = formats::load(&path).expect("the demo loads").design;
        let design = Arc::new(DiceDesign::build(&file).expect("the demo builds"));
        let mut state = DiceGame::new(design, 3)
            .expect("3 players")
            .new_initial_state(5);
        state.current = 0;
        state.phase = Phase::Speculate { seat: 0, good: 1 };
        state.decks[1].left = 9;
        state
    }

    #[test]
    fn whole_trades_are_paid_and_a_spare_pledge_is_given_back() {
        let mut state = speculating();
        let rate = state.give_rate() as u8;
        state.players[0].goods[0] = rate + 1;
        let mut sink = Sink {
            events: Vec::new(),
            on: true,
        };
        for _ in 0..=rate {
            state
                .play(Action::Give(0), &mut sink)
                .expect("a good to pledge");
        }
        for _ in 0..3 {
            state.play(Action::Done, &mut sink).expect("done pledging");
        }
        let p = &state.players[0];
        assert_eq!(p.goods[0], 1, "the spare pledge stays with its owner");
        assert_eq!(p.goods[1], 1, "one trade, one new good");
        assert_eq!(p.pledged, [0; 8]);
        assert!(sink.events.contains(&Event::Traded {
            seat: 0,
            gave: rate,
            got: 1,
        }));
        assert_eq!(state.phase, Phase::Start, "the next player's turn");
    }

    #[test]
    fn only_goods_held_and_not_the_new_one_may_be_pledged() {
        let mut state = speculating();
        state.players[0].goods[0] = 1;
        state.players[0].goods[1] = 1;
        assert!(state.is_legal(Action::Give(0)));
        assert!(!state.is_legal(Action::Give(1)), "the new good itself");
        assert!(!state.is_legal(Action::Give(2)), "a good not held");
        state.players[0].pledged[0] = 1;
        assert!(
            !state.is_legal(Action::Give(0)),
            "every one already pledged"
        );
    }
}
