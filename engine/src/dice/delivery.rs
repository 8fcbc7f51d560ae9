//! Step 4 (RULES.md §5): a route filled between stations is a delivery:
//! points per connected city, the majority's city bonuses, the buildings'
//! goods (scarce goods handed out by the acting player), special tickets
//! revealed, dice returned.

use smallvec::SmallVec;

use super::action::Event;
use super::design::{Bonus, Building, Special};
use super::rules::Sink;
use super::state::{Occupant, Phase, State};

impl State {
    pub(super) fn next_delivery(&mut self, sink: &mut Sink) {
        match self.due.len() {
            0 => self.end_of_turn(sink),
            1 => {
                let g = self.due.pop().unwrap_or(0);
                self.deliver(g, sink);
            }
            _ => self.phase = Phase::Order,
        }
    }

    pub(super) fn take_points(&mut self, seat: usize, n: i32, sink: &mut Sink) {
        if n == 0 {
            return;
        }
        self.players[seat].points += n;
        self.supply -= n;
        sink.push(Event::Points {
            seat: seat as u8,
            points: n,
        });
    }

    /// The stations joined to `group`'s through the groups delivered this turn.
    pub(super) fn linked_stations(&self, group: u16) -> SmallVec<[u16; 8]> {
        let groups = &self.design.groups;
        let mut linked: SmallVec<[u16; 8]> = groups[usize::from(group)]
            .stations
            .iter()
            .copied()
            .collect();
        let mut grew = true;
        while grew {
            grew = false;
            for &g in &self.delivered {
                let st = &groups[usize::from(g)].stations;
                if st.iter().any(|x| linked.contains(x)) {
                    for &x in st {
                        if !linked.contains(&x) {
                            linked.push(x);
                            grew = true;
                        }
                    }
                }
            }
        }
        linked
    }

    pub(super) fn deliver(&mut self, group: u16, sink: &mut Sink) {
        sink.push(Event::Delivered { group });
        self.delivered.push(group);
        let dice = self.group_dice(group);
        let cities = self.design.groups[usize::from(group)].stations.len() as i32;
        let per = i32::from(self.design.rules.points.per_city) * cities;
        for (s, &n) in dice.iter().enumerate().take(self.players.len()) {
            if n > 0 {
                self.take_points(s, per, sink);
            }
        }
        let top = dice.iter().copied().max().unwrap_or(0);
        let tied: SmallVec<[u8; 8]> = (0..self.players.len() as u8)
            .filter(|&s| top > 0 && dice[usize::from(s)] == top)
            .collect();
        match tied.len() {
            0 => {}
            1 => self.majority_bonus(group, tied[0], sink),
            _ => {
                self.phase = Phase::Majority { group };
                return;
            }
        }
        self.paying = Some((group, 0));
        self.continue_delivery(sink);
    }

    pub(super) fn majority_bonus(&mut self, group: u16, seat: u8, sink: &mut Sink) {
        sink.push(Event::Majority { seat });
        let design = self.design.clone();
        for &st in &design.groups[usize::from(group)].stations {
            let Some(bonus) = design.stations[usize::from(st)].bonus else {
                continue;
            };
            let got = match bonus {
                Bonus::Points(n) => {
                    self.take_points(usize::from(seat), i32::from(n), sink);
                    continue;
                }
                Bonus::SpecialCards(n) => {
                    let mut k = 0;
                    for _ in 0..n {
                        if let Some(c) = self.specials_deck.pop() {
                            self.players[usize::from(seat)].hand.push(c);
                            k += 1;
                        }
                    }
                    Bonus::SpecialCards(k)
                }
                Bonus::BonusDice(n) => {
                    let k = n.min(self.bonus_supply);
                    self.bonus_supply -= k;
                    self.players[usize::from(seat)].bonus_held += k;
                    Bonus::BonusDice(k)
                }
            };
            sink.push(Event::Bonus { seat, bonus: got });
        }
    }

    pub(super) fn give_good(&mut self, seat: usize, good: u8, sink: &mut Sink) {
        self.decks[usize::from(good)].left -= 1;
        self.players[seat].goods[usize::from(good)] += 1;
        sink.push(Event::Good {
            seat: seat as u8,
            good,
        });
    }

    /// Points for the cards still owed in a goods shortage.
    pub(super) fn pay_unfilled(&mut self, sink: &mut Sink) {
        let per = i32::from(self.design.rules.points.empty_deck);
        for s in 0..self.players.len() {
            let n = std::mem::take(&mut self.owed[s]);
            self.take_points(s, per * i32::from(n), sink);
        }
    }

    /// Pays the delivery's goods from building type `paying.1` on, then its
    /// tickets, returns its dice and moves to the next delivery.
    pub(super) fn continue_delivery(&mut self, sink: &mut Sink) {
        let Some((group, from)) = self.paying else {
            return;
        };
        let design = self.design.clone();
        let stations = &design.groups[usize::from(group)].stations;
        for b in Building::ALL.into_iter().skip(usize::from(from)) {
            let mut owed = [0u8; 8];
            for &st in stations {
                for &(kind, owner) in &self.buildings[usize::from(st)] {
                    if kind == b {
                        owed[usize::from(owner)] += 1;
                    }
                }
            }
            let claims: u8 = owed.iter().sum();
            if claims == 0 {
                continue;
            }
            let Some(g) = self.producing[b.index()] else {
                continue;
            };
            let left = self.decks[usize::from(g)].left;
            let claimants = owed.iter().filter(|&&n| n > 0).count();
            if left >= claims || left == 0 || claimants == 1 {
                for (s, &n) in owed.iter().enumerate() {
                    for _ in 0..n {
                        if self.decks[usize::from(g)].left > 0 {
                            self.give_good(s, g, sink);
                        } else {
                            let per = i32::from(design.rules.points.empty_deck);
                            self.take_points(s, per, sink);
                        }
                    }
                }
                continue;
            }
            self.owed = owed;
            self.paying = Some((group, b.index() as u8));
            self.phase = Phase::Supply { group, building: b };
            return;
        }
        self.paying = None;
        // Tickets: every player reveals one of each card whose two stations
        // this delivery connects, alone or through the turn's earlier ones;
        // one of two identical cards a turn ("Pokud hráč má dvě stejné karty
        // úkolu, může vyložit pouze jednu z nich"), so a card identical to
        // one shown earlier this turn waits.
        let linked = self.linked_stations(group);
        for s in 0..self.players.len() {
            let mut i = 0;
            while i < self.players[s].hand.len() {
                let c = self.players[s].hand[i];
                let card = design.specials[usize::from(c)];
                let seen = self.shown.iter().any(|&(who, x)| {
                    usize::from(who) == s && design.specials[usize::from(x)] == card
                });
                if let Special::Ticket { a, b, .. } = card
                    && linked.contains(&a)
                    && linked.contains(&b)
                    && !seen
                {
                    self.shown.push((s as u8, c));
                    self.players[s].hand.remove(i);
                    self.players[s].revealed.push(c);
                    sink.push(Event::Ticket {
                        seat: s as u8,
                        card: c,
                    });
                    continue;
                }
                i += 1;
            }
        }
        for &sp in &design.groups[usize::from(group)].spaces {
            match std::mem::replace(&mut self.board[usize::from(sp)], Occupant::Empty) {
                Occupant::Player(p) => self.players[usize::from(p)].on_board -= 1,
                Occupant::Bonus => {
                    self.bonus_on_board -= 1;
                    self.bonus_supply += 1;
                }
                Occupant::Empty => {}
            }
        }
        self.next_delivery(sink);
    }

    /// Step 4: delivers the filled route `g` the player chose next.
    pub(super) fn deliver_next(&mut self, g: u16, sink: &mut Sink) {
        self.due.retain(|x| *x != g);
        self.deliver(g, sink);
    }

    /// Step 4: the acting player breaks a majority tie for seat `s`.
    pub(super) fn choose_majority(&mut self, s: u8, sink: &mut Sink) {
        let Phase::Majority { group } = self.phase else {
            return;
        };
        self.majority_bonus(group, s, sink);
        self.paying = Some((group, 0));
        self.continue_delivery(sink);
    }

    /// Step 4: one scarce good of the delivery goes to seat `s`.
    pub(super) fn hand_out_scarce(&mut self, s: u8, sink: &mut Sink) {
        let Phase::Supply { group, building } = self.phase else {
            return;
        };
        let g = self.producing[building.index()].unwrap_or(0);
        self.give_good(usize::from(s), g, sink);
        self.owed[usize::from(s)] -= 1;
        if self.decks[usize::from(g)].left == 0 || self.owed.iter().all(|&o| o == 0) {
            self.pay_unfilled(sink);
            self.paying = Some((group, building.index() as u8 + 1));
            self.continue_delivery(sink);
        }
    }
}
