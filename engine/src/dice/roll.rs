//! Steps 1 and 2 (RULES.md §5): gathering dice, or recalling them all;
//! rolling and re-rolling for a coin; three locked trains are a strike.

use formats::dice::Face;

use super::action::Event;
use super::rules::{Sink, total};
use super::state::{Faces, Occupant, Phase, Roll, State, fi};

impl State {
    pub(super) fn roll_die(&mut self) -> usize {
        if let Some(f) = self.forced.pop() {
            return fi(f);
        }
        let faces = &self.design.faces;
        fi(faces[self.rng.index(faces.len())])
    }

    pub(super) fn after_roll(&mut self, reroll: bool, sink: &mut Sink) {
        let seat = self.current;
        sink.push(Event::Rolled {
            seat,
            own: self.roll.own,
            bonus: self.roll.bonus,
            reroll,
        });
        let locked = fi(Face::LockedTrain);
        let strike = &self.design.rules.strike;
        if !self.roll.struck
            && strike.locked_trains > 0
            && self.roll.own[locked] + self.roll.bonus[locked] >= strike.locked_trains
        {
            self.roll.struck = true;
            let p = &mut self.players[usize::from(seat)];
            let lost = i32::from(strike.points).min(p.points.max(0));
            p.points -= lost;
            p.strikes += 1;
            self.supply += lost;
            sink.push(Event::Strike { seat, lost });
            self.place_or_move_on(sink);
            return;
        }
        let rerollable =
            self.roll.own[..5].iter().sum::<u8>() + self.roll.bonus[..5].iter().sum::<u8>();
        if self.players[usize::from(seat)].coins >= self.design.rules.coins.reroll_cost
            && rerollable > 0
        {
            self.phase = Phase::Reroll;
        } else {
            self.place_or_move_on(sink);
        }
    }

    /// Step 1: recalls every die of the player from the board, ending the turn.
    pub(super) fn recall_dice(&mut self, sink: &mut Sink) {
        let cur = usize::from(self.current);
        let n = self.players[cur].on_board;
        for s in &mut self.board {
            if *s == Occupant::Player(self.current) {
                *s = Occupant::Empty;
            }
        }
        self.players[cur].on_board = 0;
        sink.push(Event::Recalled {
            seat: self.current,
            dice: n,
        });
        if self.design.rules.dice.upgrade_after_recall {
            self.end_of_turn(sink);
        } else {
            self.next_turn(sink);
        }
    }

    /// Step 2: rolls the player's dice (keeping `keep`, saved last turn) and `bonus` white dice.
    pub(super) fn roll_dice(&mut self, bonus: u8, keep: Faces, sink: &mut Sink) {
        let cur = usize::from(self.current);
        let own_n = self.own_count();
        let p = &mut self.players[cur];
        p.bonus_held -= bonus;
        p.saved = [0; 6];
        let fresh = own_n - total(&keep);
        let mut own = keep;
        for _ in 0..fresh {
            own[self.roll_die()] += 1;
        }
        let mut white = [0; 6];
        for _ in 0..bonus {
            white[self.roll_die()] += 1;
        }
        self.roll = Roll {
            own,
            bonus: white,
            struck: false,
        };
        self.after_roll(false, sink);
    }

    /// Step 2: re-rolls the dice `own` and `bonus` for a coin.
    pub(super) fn reroll_dice(&mut self, own: Faces, bonus: Faces, sink: &mut Sink) {
        let cur = usize::from(self.current);
        self.players[cur].coins -= self.design.rules.coins.reroll_cost;
        for f in 0..6 {
            self.roll.own[f] -= own[f];
            self.roll.bonus[f] -= bonus[f];
        }
        for _ in 0..total(&own) {
            let f = self.roll_die();
            self.roll.own[f] += 1;
        }
        for _ in 0..total(&bonus) {
            let f = self.roll_die();
            self.roll.bonus[f] += 1;
        }
        self.after_roll(true, sink);
    }
}
