//! Step 3, trains: every train die goes on an empty track space next to a
//! station or to another die, while one is open.

use super::action::Event;
use super::rules::{Sink, TRAINS, take_train, trains};
use super::state::{Occupant, Phase, State};

impl State {
    pub(super) fn can_place(&self, space: u16) -> bool {
        let s = &self.design.spaces[usize::from(space)];
        self.board[usize::from(space)] == Occupant::Empty
            && (s.at_station
                || s.neighbours
                    .iter()
                    .any(|&n| self.board[usize::from(n)] != Occupant::Empty))
    }

    pub(super) fn any_placeable(&self) -> bool {
        (0..self.board.len() as u16).any(|s| self.can_place(s))
    }

    /// Step 3: trains are placed until none is left or no space is open.
    pub(super) fn place_or_move_on(&mut self, sink: &mut Sink) {
        let left = trains(&self.roll.own) + trains(&self.roll.bonus);
        if left > 0 && self.any_placeable() {
            self.phase = Phase::Place;
            return;
        }
        if left > 0 {
            sink.push(Event::Unplaced { dice: left });
            for f in TRAINS {
                self.bonus_supply += self.roll.bonus[f];
                self.roll.bonus[f] = 0;
                self.roll.own[f] = 0;
            }
        }
        self.phase = Phase::Build;
        self.after_build(sink);
    }

    /// Step 3: places a train die (a white one when `bonus`) on `space`.
    pub(super) fn place_train(&mut self, space: u16, bonus: bool, sink: &mut Sink) {
        let cur = usize::from(self.current);
        if bonus {
            take_train(&mut self.roll.bonus);
            self.board[usize::from(space)] = Occupant::Bonus;
            self.bonus_on_board += 1;
        } else {
            take_train(&mut self.roll.own);
            self.board[usize::from(space)] = Occupant::Player(self.current);
            self.players[cur].on_board += 1;
        }
        let g = self.design.space_group[usize::from(space)];
        if !self.due.contains(&g) && self.group_full(g) {
            self.due.push(g);
        }
        sink.push(Event::Placed {
            seat: self.current,
            space,
            bonus,
        });
        self.place_or_move_on(sink);
    }
}
