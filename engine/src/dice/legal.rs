//! Who decides, the actions open in each phase (listed, drawn at random,
//! or checked one by one) and why an action is refused.

use formats::dice::Face;
use smallvec::SmallVec;

use super::action::Action;
use super::design::{Building, Special};
use super::rules::{
    KEEPABLE, Subsets, TRAINS, phase_words, subset_at, subset_count, subsets, total, trains, within,
};
use super::state::{Faces, Phase, State, fi};
use crate::game::{IllegalAction, RefusalKind};
use crate::rng::GameRng;

impl State {
    /// Whose decision it is.
    pub(crate) fn decider(&self) -> Option<u8> {
        match self.phase {
            Phase::Over => None,
            Phase::Keep { seat } | Phase::Speculate { seat, .. } => Some(seat),
            _ => Some(self.current),
        }
    }

    /// Own dice the active player rolls this turn (saved ones included).
    pub(crate) fn own_count(&self) -> u8 {
        let p = &self.players[usize::from(self.current)];
        let available = self.design.rules.dice.per_player - p.on_board;
        available.min(self.design.rules.dice.rolled.max(total(&p.saved)))
    }

    /// The fewest held bonus dice the active player must roll.
    pub(crate) fn forced_bonus(&self) -> u8 {
        let p = &self.players[usize::from(self.current)];
        if self.bonus_supply == 0 {
            return p.bonus_held;
        }
        self.design
            .rules
            .dice
            .rolled
            .saturating_sub(self.own_count())
            .min(p.bonus_held)
    }

    /// Every action open to the decider.
    pub(crate) fn legal(&self, out: &mut Vec<Action>) {
        out.clear();
        let cur = usize::from(self.current);
        match self.phase {
            Phase::Over => {}
            Phase::Keep { seat } => {
                let hand = &self.players[usize::from(seat)].hand;
                for (i, &c) in hand.iter().enumerate() {
                    let card = self.design.specials[usize::from(c)];
                    if !hand[..i]
                        .iter()
                        .any(|&o| self.design.specials[usize::from(o)] == card)
                    {
                        out.push(Action::ReturnSpecial(i as u8));
                    }
                }
            }
            Phase::Start => {
                let p = &self.players[cur];
                if p.on_board >= self.design.rules.dice.recall_at {
                    out.push(Action::Recall);
                }
                let mut keeps = Subsets::new();
                subsets(&p.saved, &KEEPABLE, &mut keeps);
                for bonus in self.forced_bonus()..=p.bonus_held {
                    for &keep in &keeps {
                        out.push(Action::Roll { bonus, keep });
                    }
                }
            }
            Phase::Reroll => {
                out.push(Action::Stop);
                let mut own = Subsets::new();
                let mut bonus = Subsets::new();
                let free = [0, 1, 2, 3, 4];
                subsets(&self.roll.own, &free, &mut own);
                subsets(&self.roll.bonus, &free, &mut bonus);
                for o in &own {
                    for b in &bonus {
                        if total(o) + total(b) > 0 {
                            out.push(Action::Reroll { own: *o, bonus: *b });
                        }
                    }
                }
            }
            Phase::Place => {
                for s in 0..self.board.len() as u16 {
                    if self.can_place(s) {
                        if trains(&self.roll.own) > 0 {
                            out.push(Action::Place {
                                space: s,
                                bonus: false,
                            });
                        }
                        if trains(&self.roll.bonus) > 0 {
                            out.push(Action::Place {
                                space: s,
                                bonus: true,
                            });
                        }
                    }
                }
            }
            Phase::Build => {
                let level = self.open_level();
                for b in Building::ALL {
                    if self.can_build(b) {
                        for st in 0..self.design.stations.len() as u16 {
                            if self.may_build_at_level(st, level) {
                                out.push(Action::Build {
                                    building: b,
                                    station: st,
                                });
                            }
                        }
                    }
                }
                let mut saves = Subsets::new();
                subsets(&self.roll.own, &KEEPABLE, &mut saves);
                out.extend(saves.into_iter().map(|save| Action::Finish { save }));
            }
            Phase::Order => out.extend(self.due.iter().map(|&g| Action::Deliver(g))),
            Phase::Majority { group } => {
                let n = self.group_dice(group);
                let top = n.iter().copied().max().unwrap_or(0);
                for (s, &k) in n.iter().enumerate().take(self.players.len()) {
                    if k == top {
                        out.push(Action::Majority(s as u8));
                    }
                }
            }
            Phase::Supply { .. } => {
                for s in 0..self.players.len() {
                    if self.owed[s] > 0 {
                        out.push(Action::Supply(s as u8));
                    }
                }
            }
            Phase::Award { .. } => {
                for s in 0..self.players.len() {
                    if self.owed[s] > 0 {
                        out.push(Action::Award(s as u8));
                    }
                }
            }
            Phase::Upgrade => {
                let mut opts = SmallVec::new();
                self.upgrade_options(&mut opts);
                out.extend(
                    opts.into_iter()
                        .map(|(building, good)| Action::Upgrade { building, good }),
                );
            }
            Phase::Speculate { seat, good } => {
                let p = &self.players[usize::from(seat)];
                for g in 0..self.design.goods.len() {
                    if g != usize::from(good) && p.goods[g] > p.pledged[g] {
                        out.push(Action::Give(g as u8));
                    }
                }
                for (i, &c) in p.hand.iter().enumerate() {
                    if matches!(self.design.specials[usize::from(c)], Special::Goods { .. })
                        && !p.pledged_specials.contains(&(i as u8))
                    {
                        out.push(Action::GiveSpecial(i as u8));
                    }
                }
                out.push(Action::Done);
            }
        }
    }

    /// The action `legal` would list at a uniformly drawn index, drawn as
    /// `legal[rng.index(len)]` but without listing the many dice choices.
    pub(crate) fn random_legal(&self, rng: &mut GameRng, buf: &mut Vec<Action>) -> Option<Action> {
        const FREE: [usize; 5] = [0, 1, 2, 3, 4];
        let p = &self.players[usize::from(self.current)];
        match self.phase {
            Phase::Start => {
                let recall = p.on_board >= self.design.rules.dice.recall_at;
                let forced = self.forced_bonus();
                let keeps = subset_count(&p.saved, &KEEPABLE);
                let n = usize::from(recall) + usize::from(p.bonus_held - forced + 1) * keeps;
                let mut i = rng.index(n);
                if recall {
                    if i == 0 {
                        return Some(Action::Recall);
                    }
                    i -= 1;
                }
                Some(Action::Roll {
                    bonus: forced + (i / keeps) as u8,
                    keep: subset_at(&p.saved, &KEEPABLE, i % keeps),
                })
            }
            Phase::Reroll => {
                let no = subset_count(&self.roll.own, &FREE);
                let nb = subset_count(&self.roll.bonus, &FREE);
                let i = rng.index(no * nb);
                if i == 0 {
                    return Some(Action::Stop);
                }
                Some(Action::Reroll {
                    own: subset_at(&self.roll.own, &FREE, i / nb),
                    bonus: subset_at(&self.roll.bonus, &FREE, i % nb),
                })
            }
            Phase::Place => {
                let own = trains(&self.roll.own) > 0;
                let white = trains(&self.roll.bonus) > 0;
                let per = usize::from(own) + usize::from(white);
                let open: SmallVec<[u16; 64]> = (0..self.board.len() as u16)
                    .filter(|&s| self.can_place(s))
                    .collect();
                let i = rng.index(open.len() * per);
                let space = *open.get(i / per.max(1))?;
                Some(Action::Place {
                    space,
                    bonus: !own || (per == 2 && i % 2 == 1),
                })
            }
            Phase::Build => {
                let level = self.open_level();
                let stations = self.design.stations.len() as u16;
                let open = (0..stations)
                    .filter(|&st| self.may_build_at_level(st, level))
                    .count();
                let kinds = Building::ALL
                    .into_iter()
                    .filter(|&b| self.can_build(b))
                    .count();
                let builds = open * kinds;
                let saves = subset_count(&self.roll.own, &KEEPABLE);
                let i = rng.index(builds + saves);
                if i >= builds {
                    return Some(Action::Finish {
                        save: subset_at(&self.roll.own, &KEEPABLE, i - builds),
                    });
                }
                let building = Building::ALL
                    .into_iter()
                    .filter(|&b| self.can_build(b))
                    .nth(i / open)?;
                let station = (0..stations)
                    .filter(|&st| self.may_build_at_level(st, level))
                    .nth(i % open)?;
                Some(Action::Build { building, station })
            }
            _ => {
                self.legal(buf);
                let i = rng.index(buf.len());
                buf.get(i).copied()
            }
        }
    }

    /// Is `a` among [`State::legal`]'s actions? (Checked directly, without
    /// listing them.)
    pub(crate) fn is_legal(&self, a: Action) -> bool {
        let p = &self.players[usize::from(self.current)];
        let n = self.players.len();
        let no_trains = |f: &Faces| f[TRAINS[0]] == 0 && f[TRAINS[1]] == 0;
        match (self.phase, a) {
            (Phase::Keep { seat }, Action::ReturnSpecial(i)) => {
                let hand = &self.players[usize::from(seat)].hand;
                let i = usize::from(i);
                i < hand.len() && {
                    let card = self.design.specials[usize::from(hand[i])];
                    !hand[..i]
                        .iter()
                        .any(|&o| self.design.specials[usize::from(o)] == card)
                }
            }
            (Phase::Start, Action::Recall) => p.on_board >= self.design.rules.dice.recall_at,
            (Phase::Start, Action::Roll { bonus, keep }) => {
                (self.forced_bonus()..=p.bonus_held).contains(&bonus)
                    && within(&keep, &p.saved)
                    && no_trains(&keep)
            }
            (Phase::Reroll, Action::Stop) => true,
            (Phase::Reroll, Action::Reroll { own, bonus }) => {
                let locked = fi(Face::LockedTrain);
                within(&own, &self.roll.own)
                    && within(&bonus, &self.roll.bonus)
                    && own[locked] == 0
                    && bonus[locked] == 0
                    && total(&own) + total(&bonus) > 0
            }
            (Phase::Place, Action::Place { space, bonus }) => {
                usize::from(space) < self.board.len()
                    && self.can_place(space)
                    && trains(if bonus {
                        &self.roll.bonus
                    } else {
                        &self.roll.own
                    }) > 0
            }
            (Phase::Build, Action::Build { building, station }) => {
                usize::from(station) < self.design.stations.len()
                    && self.can_build(building)
                    && self.may_build_at(station)
            }
            (Phase::Build, Action::Finish { save }) => {
                within(&save, &self.roll.own) && no_trains(&save)
            }
            (Phase::Order, Action::Deliver(g)) => self.due.contains(&g),
            (Phase::Majority { group }, Action::Majority(s)) => {
                let dice = self.group_dice(group);
                usize::from(s) < n
                    && dice[usize::from(s)] == dice.iter().copied().max().unwrap_or(0)
            }
            (Phase::Supply { .. }, Action::Supply(s)) | (Phase::Award { .. }, Action::Award(s)) => {
                usize::from(s) < n && self.owed[usize::from(s)] > 0
            }
            (Phase::Upgrade, Action::Upgrade { building, good }) => {
                let mut opts = SmallVec::new();
                self.upgrade_options(&mut opts);
                opts.contains(&(building, good))
            }
            (Phase::Speculate { seat, good }, Action::Give(g)) => {
                let p = &self.players[usize::from(seat)];
                usize::from(g) < self.design.goods.len()
                    && g != good
                    && p.goods[usize::from(g)] > p.pledged[usize::from(g)]
            }
            (Phase::Speculate { seat, .. }, Action::GiveSpecial(i)) => {
                let p = &self.players[usize::from(seat)];
                p.hand.get(usize::from(i)).is_some_and(|&c| {
                    matches!(self.design.specials[usize::from(c)], Special::Goods { .. })
                }) && !p.pledged_specials.contains(&i)
            }
            (Phase::Speculate { .. }, Action::Done) => true,
            _ => false,
        }
    }

    /// Why `a` is not open now.
    pub(super) fn refusal(&self, a: Action) -> IllegalAction {
        let p = &self.players[usize::from(self.current)];
        let rules = RefusalKind::AgainstTheRules;
        let (kind, reason) = match (self.phase, a) {
            (Phase::Over, _) => (RefusalKind::GameOver, "the game is over".into()),
            (Phase::Start, Action::Recall) => (
                rules,
                format!(
                    "recalling needs {} on the board; there are {}",
                    crate::words::count_with(self.design.rules.dice.recall_at, "die", "dice"),
                    p.on_board
                ),
            ),
            (Phase::Start, Action::Roll { bonus, .. }) => (
                rules,
                format!(
                    "roll {} to {} of your {}, keeping only saved dice",
                    self.forced_bonus(),
                    p.bonus_held,
                    crate::words::count_with(p.bonus_held.max(bonus), "bonus die", "bonus dice")
                ),
            ),
            (Phase::Reroll, Action::Reroll { .. }) => (
                rules,
                "a re-roll rolls dice that show (locked trains never) and costs a coin".into(),
            ),
            (Phase::Place, Action::Place { .. }) => (
                rules,
                "a train goes on an empty space next to a station or to another die".into(),
            ),
            (Phase::Build, Action::Build { building, .. }) => (
                rules,
                format!(
                    "a {} needs {}, a {} left, and a free slot where every station already has as many buildings",
                    building.name(),
                    crate::words::count(
                        self.design.rules.dice.build_set,
                        &format!("{} face", building.name())
                    ),
                    building.name()
                ),
            ),
            (Phase::Build, Action::Finish { .. }) => (
                rules,
                "only own coin and building dice that show can be saved".into(),
            ),
            (phase, _) => (
                RefusalKind::NotNow,
                format!("not now: {}", phase_words(phase)),
            ),
        };
        IllegalAction::new(kind, reason)
    }
}
