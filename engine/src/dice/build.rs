//! Step 3, buildings and coins: a set of equal building faces builds in a
//! free slot (a second building in a station once every station has one);
//! coins are paid and building and coin dice saved for the next turn.

use formats::dice::Face;

use super::action::Event;
use super::design::Building;
use super::rules::{KEEPABLE, Sink, total};
use super::state::{Faces, Roll, State, fi};

impl State {
    /// The fewest buildings among stations with a free slot: no station
    /// may get more than this many before the others catch up.
    pub(crate) fn open_level(&self) -> usize {
        self.buildings
            .iter()
            .zip(&self.design.stations)
            .filter(|(b, st)| b.len() < usize::from(st.slots))
            .map(|(b, _)| b.len())
            .min()
            .unwrap_or(usize::MAX)
    }

    /// May a building go to `station` now (a free slot, and every station
    /// already holding as many buildings as it or full)?
    pub(crate) fn may_build_at(&self, station: u16) -> bool {
        self.may_build_at_level(station, self.open_level())
    }

    pub(super) fn may_build_at_level(&self, station: u16, level: usize) -> bool {
        let here = self.buildings[usize::from(station)].len();
        here < usize::from(self.design.stations[usize::from(station)].slots) && here <= level
    }

    pub(super) fn can_build(&self, b: Building) -> bool {
        let need = self.design.rules.dice.build_set;
        let f = fi(b.face());
        self.roll.own[f] + self.roll.bonus[f] >= need
            && self.players[usize::from(self.current)].buildings_left[b.index()] > 0
    }

    /// Ends building at once when nothing is left to decide.
    pub(super) fn after_build(&mut self, sink: &mut Sink) {
        let any_build =
            Building::ALL.into_iter().any(|b| self.can_build(b)) && self.open_level() != usize::MAX;
        let keepable: u8 = KEEPABLE.iter().map(|&f| self.roll.own[f]).sum();
        if !any_build && keepable == 0 {
            self.finish([0; 6], sink);
        }
    }

    pub(super) fn finish(&mut self, save: Faces, sink: &mut Sink) {
        let cur = usize::from(self.current);
        let r = &self.design.rules.coins;
        let white = if r.bonus_dice_pay {
            self.roll.bonus[fi(Face::Coin)]
        } else {
            0
        };
        let coins = self.roll.own[fi(Face::Coin)] - save[fi(Face::Coin)] + white;
        let p = &mut self.players[cur];
        if coins > 0 {
            p.coins = (p.coins + coins * r.per_face).min(r.max);
            sink.push(Event::Coins {
                seat: self.current,
                coins: p.coins,
            });
        }
        p.saved = save;
        self.bonus_supply += total(&self.roll.bonus);
        self.roll = Roll::default();
        // `due` holds the groups filled by this turn's placements.
        self.due.sort_unstable();
        self.next_delivery(sink);
    }

    /// Step 3: builds `building` at `station` with a set of equal faces (white dice first).
    pub(super) fn build_at(&mut self, building: Building, station: u16, sink: &mut Sink) {
        let cur = usize::from(self.current);
        let f = fi(building.face());
        let mut need = self.design.rules.dice.build_set;
        let white = need.min(self.roll.bonus[f]);
        self.roll.bonus[f] -= white;
        self.bonus_supply += white;
        need -= white;
        self.roll.own[f] -= need;
        self.players[cur].buildings_left[building.index()] -= 1;
        self.buildings[usize::from(station)].push((building, self.current));
        sink.push(Event::Built {
            seat: self.current,
            building,
            station,
        });
        self.after_build(sink);
    }
}
