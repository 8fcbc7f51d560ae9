//! The rules: the deal, the actions offered in each phase, and what an
//! action does (RULES.md §5 and the rulebook, step by step).

use std::sync::Arc;

use formats::dice::Face;
use smallvec::SmallVec;

use super::action::{Action, Event};
use super::design::{Bonus, Building, DiceDesign, Special};
use super::state::{Deck, DeckPlace, Faces, Goods, Occupant, Phase, Player, Roll, State, fi};
use crate::game::{EndReason, IllegalAction, Outcome, Seat};
use crate::rng::GameRng;

/// Where events go: a list, or nowhere (quiet play).
pub(crate) struct Sink {
    pub(crate) events: Vec<Event>,
    pub(crate) on: bool,
}

impl Sink {
    fn push(&mut self, e: Event) {
        if self.on {
            self.events.push(e);
        }
    }
}

const TRAINS: [usize; 2] = [Face::Train as usize, Face::LockedTrain as usize];
const KEEPABLE: [usize; 4] = [
    Face::Coin as usize,
    Face::Hotel as usize,
    Face::Mine as usize,
    Face::Ranch as usize,
];

fn total(f: &Faces) -> u8 {
    f.iter().sum()
}

fn trains(f: &Faces) -> u8 {
    f[TRAINS[0]] + f[TRAINS[1]]
}

/// Takes one train from the faces (a plain train first).
fn take_train(f: &mut Faces) {
    if f[TRAINS[0]] > 0 {
        f[TRAINS[0]] -= 1;
    } else {
        f[TRAINS[1]] -= 1;
    }
}

/// Sub-multisets of dice, kept on the stack when few.
pub(crate) type Subsets = SmallVec<[Faces; 32]>;

/// Every sub-multiset of `of` restricted to `faces`, as counts.
pub(crate) fn subsets(of: &Faces, faces: &[usize], out: &mut Subsets) {
    out.clear();
    out.push([0; 6]);
    for &f in faces {
        let n = out.len();
        for k in 1..=of[f] {
            for i in 0..n {
                let mut s = out[i];
                s[f] = k;
                out.push(s);
            }
        }
    }
}

/// How many sub-multisets [`subsets`] lists.
fn subset_count(of: &Faces, faces: &[usize]) -> usize {
    faces.iter().map(|&f| usize::from(of[f]) + 1).product()
}

/// The `j`-th sub-multiset in [`subsets`]' order (the first face counts fastest).
fn subset_at(of: &Faces, faces: &[usize], mut j: usize) -> Faces {
    let mut s = [0; 6];
    for &f in faces {
        let radix = usize::from(of[f]) + 1;
        s[f] = (j % radix) as u8;
        j /= radix;
    }
    s
}

fn within(sub: &Faces, of: &Faces) -> bool {
    sub.iter().zip(of).all(|(a, b)| a <= b)
}

impl State {
    /// A new game of `players` on `design`, dealt from `seed`.
    pub fn new(design: Arc<DiceDesign>, players: usize, seed: u64) -> State {
        let mut rng = GameRng::seeded(seed);
        let r = &design.rules;
        let mut specials_deck: Vec<u16> = (0..design.specials.len() as u16).collect();
        rng.shuffle(&mut specials_deck);
        let supply = i32::from(design.supply(players).unwrap_or(0));
        let mut decks: Vec<Deck> = design
            .goods
            .iter()
            .map(|g| Deck {
                left: g.cards,
                place: DeckPlace::Unused,
            })
            .collect();
        let mut producing = [None; 3];
        for b in Building::ALL {
            if let Some(&g) = design.chains[b.index()].first().and_then(|s| s.first()) {
                producing[b.index()] = Some(g);
                decks[usize::from(g)].place = DeckPlace::On(b);
            }
        }
        let mut ps = Vec::with_capacity(players);
        let mut taken = 0;
        for _ in 0..players {
            let mut hand = SmallVec::new();
            for _ in 0..r.specials.dealt {
                if let Some(c) = specials_deck.pop() {
                    hand.push(c);
                }
            }
            taken += i32::from(r.points.start);
            ps.push(Player {
                coins: r.coins.start,
                points: i32::from(r.points.start),
                on_board: 0,
                saved: [0; 6],
                bonus_held: 0,
                goods: [0; 8],
                hand,
                revealed: SmallVec::new(),
                buildings_left: [r.buildings.hotel, r.buildings.mine, r.buildings.ranch],
                pledged: [0; 8],
                pledged_specials: SmallVec::new(),
                strikes: 0,
            });
        }
        let phase = if r.specials.dealt > r.specials.keep && !design.specials.is_empty() {
            Phase::Keep { seat: 0 }
        } else {
            Phase::Start
        };
        State {
            board: vec![Occupant::Empty; design.spaces.len()],
            buildings: vec![SmallVec::new(); design.stations.len()],
            decks,
            producing,
            stage: [0; 3],
            specials_deck,
            specials_out: 0,
            goods_out: [0; 8],
            bonus_supply: r.dice.bonus,
            bonus_on_board: 0,
            supply: supply - taken,
            current: 0,
            turn: 0,
            last_round: false,
            phase,
            roll: Roll::default(),
            due: SmallVec::new(),
            delivered: SmallVec::new(),
            shown: SmallVec::new(),
            paying: None,
            owed: [0; 8],
            rng,
            forced: Vec::new(),
            ending: None,
            stopped: None,
            players: ps,
            design,
        }
    }

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

    fn can_place(&self, space: u16) -> bool {
        let s = &self.design.spaces[usize::from(space)];
        self.board[usize::from(space)] == Occupant::Empty
            && (s.at_station
                || s.neighbours
                    .iter()
                    .any(|&n| self.board[usize::from(n)] != Occupant::Empty))
    }

    fn any_placeable(&self) -> bool {
        (0..self.board.len() as u16).any(|s| self.can_place(s))
    }

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

    fn may_build_at_level(&self, station: u16, level: usize) -> bool {
        let here = self.buildings[usize::from(station)].len();
        here < usize::from(self.design.stations[usize::from(station)].slots) && here <= level
    }

    fn can_build(&self, b: Building) -> bool {
        let need = self.design.rules.dice.build_set;
        let f = fi(b.face());
        self.roll.own[f] + self.roll.bonus[f] >= need
            && self.players[usize::from(self.current)].buildings_left[b.index()] > 0
    }

    /// The upgrades open now: (building type, new good or none).
    pub(crate) fn upgrade_options(&self, out: &mut SmallVec<[(Building, Option<u8>); 6]>) {
        out.clear();
        for b in Building::ALL {
            let Some(g) = self.producing[b.index()] else {
                continue;
            };
            if self.decks[usize::from(g)].left > 0 {
                continue;
            }
            let stages = &self.design.chains[b.index()];
            let mut found = false;
            for stage in stages.iter().skip(usize::from(self.stage[b.index()]) + 1) {
                for &n in stage {
                    if self.decks[usize::from(n)].place == DeckPlace::Unused {
                        out.push((b, Some(n)));
                        found = true;
                    }
                }
                if found {
                    break;
                }
            }
            if !found {
                out.push((b, None));
            }
        }
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

    fn give_rate(&self) -> u32 {
        u32::from(self.design.rules.speculation.give.max(1))
    }

    fn pledge_value(&self, seat: usize) -> u32 {
        let p = &self.players[seat];
        p.pledged.iter().map(|&n| u32::from(n)).sum::<u32>() + 2 * p.pledged_specials.len() as u32
    }

    /// Plays `a`, or refuses it with the reason (the state is then unchanged).
    pub(crate) fn play(&mut self, a: Action, sink: &mut Sink) -> Result<(), IllegalAction> {
        if !self.is_legal(a) {
            return Err(IllegalAction::new(self.refusal(a)));
        }
        self.play_unchecked(a, sink);
        Ok(())
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
    fn refusal(&self, a: Action) -> String {
        let p = &self.players[usize::from(self.current)];
        match (self.phase, a) {
            (Phase::Over, _) => "the game is over".into(),
            (Phase::Start, Action::Recall) => format!(
                "recalling needs {} dice on the board; there are {}",
                self.design.rules.dice.recall_at, p.on_board
            ),
            (Phase::Start, Action::Roll { bonus, .. }) => format!(
                "roll {} to {} of your {} bonus dice, keeping only saved dice",
                self.forced_bonus(),
                p.bonus_held,
                p.bonus_held.max(bonus)
            ),
            (Phase::Reroll, Action::Reroll { .. }) => {
                "a re-roll rolls dice that show (locked trains never) and costs a coin".into()
            }
            (Phase::Place, Action::Place { .. }) => {
                "a train goes on an empty space next to a station or to another die".into()
            }
            (Phase::Build, Action::Build { building, .. }) => format!(
                "a {} needs {} {} faces, a {} left, and a free slot where every station already has as many buildings",
                building.name(),
                self.design.rules.dice.build_set,
                building.name(),
                building.name()
            ),
            (Phase::Build, Action::Finish { .. }) => {
                "only own coin and building dice that show can be saved".into()
            }
            (phase, _) => format!("not now: {}", phase_words(phase)),
        }
    }

    pub(crate) fn play_unchecked(&mut self, a: Action, sink: &mut Sink) {
        let cur = usize::from(self.current);
        match a {
            Action::ReturnSpecial(i) => self.return_special(i, sink),
            Action::Recall => {
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
            Action::Roll { bonus, keep } => {
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
            Action::Reroll { own, bonus } => {
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
            Action::Stop => self.place_or_move_on(sink),
            Action::Place { space, bonus } => {
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
            Action::Build { building, station } => {
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
            Action::Finish { save } => self.finish(save, sink),
            Action::Deliver(g) => {
                self.due.retain(|x| *x != g);
                self.deliver(g, sink);
            }
            Action::Majority(s) => {
                let Phase::Majority { group } = self.phase else {
                    return;
                };
                self.majority_bonus(group, s, sink);
                self.paying = Some((group, 0));
                self.continue_delivery(sink);
            }
            Action::Supply(s) => {
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
            Action::Upgrade { building, good } => self.upgrade(building, good, sink),
            Action::Give(g) => {
                let s = self.speculator();
                self.players[s].pledged[usize::from(g)] += 1;
            }
            Action::GiveSpecial(i) => {
                let s = self.speculator();
                self.players[s].pledged_specials.push(i);
            }
            Action::Done => {
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
            Action::Award(s) => {
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
    }

    fn speculator(&self) -> usize {
        match self.phase {
            Phase::Speculate { seat, .. } => usize::from(seat),
            _ => usize::from(self.current),
        }
    }

    fn roll_die(&mut self) -> usize {
        if let Some(f) = self.forced.pop() {
            return fi(f);
        }
        let faces = &self.design.faces;
        fi(faces[self.rng.index(faces.len())])
    }

    fn return_special(&mut self, i: u8, sink: &mut Sink) {
        let Phase::Keep { seat } = self.phase else {
            return;
        };
        let p = &mut self.players[usize::from(seat)];
        let c = p.hand.remove(usize::from(i));
        self.specials_deck.push(c);
        if p.hand.len() > usize::from(self.design.rules.specials.keep) {
            return;
        }
        sink.push(Event::Kept { seat });
        if usize::from(seat) + 1 < self.players.len() {
            self.phase = Phase::Keep { seat: seat + 1 };
        } else {
            let mut deck = std::mem::take(&mut self.specials_deck);
            self.rng.shuffle(&mut deck);
            self.specials_deck = deck;
            self.phase = Phase::Start;
        }
    }

    fn after_roll(&mut self, reroll: bool, sink: &mut Sink) {
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

    /// Step 3: trains are placed until none is left or no space is open.
    fn place_or_move_on(&mut self, sink: &mut Sink) {
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

    /// Ends building at once when nothing is left to decide.
    fn after_build(&mut self, sink: &mut Sink) {
        let any_build =
            Building::ALL.into_iter().any(|b| self.can_build(b)) && self.open_level() != usize::MAX;
        let keepable: u8 = KEEPABLE.iter().map(|&f| self.roll.own[f]).sum();
        if !any_build && keepable == 0 {
            self.finish([0; 6], sink);
        }
    }

    fn finish(&mut self, save: Faces, sink: &mut Sink) {
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

    fn next_delivery(&mut self, sink: &mut Sink) {
        match self.due.len() {
            0 => self.end_of_turn(sink),
            1 => {
                let g = self.due.pop().unwrap_or(0);
                self.deliver(g, sink);
            }
            _ => self.phase = Phase::Order,
        }
    }

    fn take_points(&mut self, seat: usize, n: i32, sink: &mut Sink) {
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
    fn linked_stations(&self, group: u16) -> SmallVec<[u16; 8]> {
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

    fn deliver(&mut self, group: u16, sink: &mut Sink) {
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

    fn majority_bonus(&mut self, group: u16, seat: u8, sink: &mut Sink) {
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

    fn give_good(&mut self, seat: usize, good: u8, sink: &mut Sink) {
        self.decks[usize::from(good)].left -= 1;
        self.players[seat].goods[usize::from(good)] += 1;
        sink.push(Event::Good {
            seat: seat as u8,
            good,
        });
    }

    /// Points for the cards still owed in a goods shortage.
    fn pay_unfilled(&mut self, sink: &mut Sink) {
        let per = i32::from(self.design.rules.points.empty_deck);
        for s in 0..self.players.len() {
            let n = std::mem::take(&mut self.owed[s]);
            self.take_points(s, per * i32::from(n), sink);
        }
    }

    /// Pays the delivery's goods from building type `paying.1` on, then its
    /// tickets, returns its dice and moves to the next delivery.
    fn continue_delivery(&mut self, sink: &mut Sink) {
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

    /// Step 5: one exhausted deck is upgraded.
    fn end_of_turn(&mut self, sink: &mut Sink) {
        let mut opts = SmallVec::new();
        self.upgrade_options(&mut opts);
        match opts.len() {
            0 => self.next_turn(sink),
            1 => self.upgrade(opts[0].0, opts[0].1, sink),
            _ => self.phase = Phase::Upgrade,
        }
    }

    fn upgrade(&mut self, b: Building, good: Option<u8>, sink: &mut Sink) {
        if let Some(old) = self.producing[b.index()] {
            self.decks[usize::from(old)].place = DeckPlace::Used;
        }
        self.producing[b.index()] = good;
        sink.push(Event::Upgraded { building: b, good });
        let Some(g) = good else {
            self.stage[b.index()] = self.design.chains[b.index()].len() as u8;
            self.next_turn(sink);
            return;
        };
        self.decks[usize::from(g)].place = DeckPlace::On(b);
        if let Some(s) = self.design.chains[b.index()]
            .iter()
            .position(|st| st.contains(&g))
        {
            self.stage[b.index()] = s as u8;
        }
        if self.design.rules.speculation.give == 0 {
            self.next_turn(sink);
        } else {
            self.phase = Phase::Speculate {
                seat: self.current,
                good: g,
            };
        }
    }

    fn resolve_speculation(&mut self, good: u8, sink: &mut Sink) {
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
    fn short_trades(&mut self, sink: &mut Sink) {
        let per = i32::from(self.design.rules.speculation.points_when_short);
        for s in 0..self.players.len() {
            let n = std::mem::take(&mut self.owed[s]);
            self.take_points(s, per * i32::from(n), sink);
        }
    }

    fn next_turn(&mut self, sink: &mut Sink) {
        if !self.last_round && self.supply <= 0 {
            self.last_round = true;
            sink.push(Event::LastRound);
        }
        self.turn += 1;
        self.delivered.clear();
        self.shown.clear();
        self.current = (self.current + 1) % self.players.len() as u8;
        if self.last_round && self.current == 0 {
            self.finish_game(EndReason::Normal);
            sink.push(Event::GameOver);
            return;
        }
        self.phase = Phase::Start;
        sink.push(Event::NextTurn { seat: self.current });
    }

    /// Final scores: points, revealed tickets, monopolies (every tied player).
    pub(crate) fn final_breakdowns(&self) -> Vec<[i32; 3]> {
        let n = self.players.len();
        let goods: Vec<Goods> = (0..n).map(|s| self.goods_with_specials(s)).collect();
        let mut mono = vec![0i32; n];
        for (g, good) in self.design.goods.iter().enumerate() {
            let top = goods.iter().map(|x| x[g]).max().unwrap_or(0);
            if top == 0 {
                continue;
            }
            for s in 0..n {
                if goods[s][g] == top {
                    mono[s] += i32::from(good.monopoly);
                }
            }
        }
        (0..n)
            .map(|s| {
                let p = &self.players[s];
                [p.points, p.ticket_points(&self.design), mono[s]]
            })
            .collect()
    }

    pub(crate) fn finish_game(&mut self, reason: EndReason) {
        let breakdowns = self.final_breakdowns();
        let scores: Vec<i32> = breakdowns.iter().map(|b| b.iter().sum()).collect();
        let tb = usize::from(self.design.tie_break);
        let key: Vec<(i32, u8)> = (0..scores.len())
            .map(|s| (scores[s], self.goods_with_specials(s)[tb]))
            .collect();
        let ranks: Vec<u8> = key
            .iter()
            .map(|k| key.iter().filter(|o| *o > k).count() as u8)
            .collect();
        let winners = (0..scores.len())
            .filter(|&s| ranks[s] == 0)
            .map(|s| Seat(s as u8))
            .collect();
        self.phase = Phase::Over;
        self.stopped = Some(reason);
        self.ending = Some(super::state::Ending {
            outcome: Outcome {
                scores,
                ranks,
                winners,
                reason,
            },
            breakdowns,
        });
    }
}

/// A phase in a player's words.
pub fn phase_words(p: Phase) -> &'static str {
    match p {
        Phase::Keep { .. } => "choosing special cards",
        Phase::Start => "gathering dice (roll or recall)",
        Phase::Reroll => "re-rolling or stopping",
        Phase::Place => "placing trains",
        Phase::Build => "building, then saving dice",
        Phase::Order => "choosing the next delivery",
        Phase::Majority { .. } => "breaking a majority tie",
        Phase::Supply { .. } => "handing out scarce goods",
        Phase::Upgrade => "choosing an upgrade",
        Phase::Speculate { .. } => "speculating",
        Phase::Award { .. } => "handing out scarce new goods",
        Phase::Over => "the game is over",
    }
}
