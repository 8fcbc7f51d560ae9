//! The rules' common ground: where events go, the dice helpers every step
//! uses, playing an action (each one handed to the file of its step) and the
//! next turn. The steps, one file each (RULES.md §5 and the rulebook):
//! [`super::setup`], [`super::roll`] (with the strike), [`super::placement`],
//! [`super::build`], [`super::delivery`], [`super::upgrade`],
//! [`super::speculation`], [`super::scoring`]; the actions open in each
//! phase in [`super::legal`].

use formats::dice::Face;
use smallvec::SmallVec;

use super::action::{Action, Event};
use super::state::{Faces, Phase, State};
use crate::game::{EndReason, IllegalAction};

/// Where events go: a list, or nowhere (quiet play).
pub(crate) struct Sink {
    pub(crate) events: Vec<Event>,
    pub(crate) on: bool,
}

impl Sink {
    pub(super) fn push(&mut self, e: Event) {
        if self.on {
            self.events.push(e);
        }
    }
}

pub(super) const TRAINS: [usize; 2] = [Face::Train as usize, Face::LockedTrain as usize];
pub(super) const KEEPABLE: [usize; 4] = [
    Face::Coin as usize,
    Face::Hotel as usize,
    Face::Mine as usize,
    Face::Ranch as usize,
];

pub(super) fn total(f: &Faces) -> u8 {
    f.iter().sum()
}

pub(super) fn trains(f: &Faces) -> u8 {
    f[TRAINS[0]] + f[TRAINS[1]]
}

/// Takes one train from the faces (a plain train first).
pub(super) fn take_train(f: &mut Faces) {
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
pub(super) fn subset_count(of: &Faces, faces: &[usize]) -> usize {
    faces.iter().map(|&f| usize::from(of[f]) + 1).product()
}

/// The `j`-th sub-multiset in [`subsets`]' order (the first face counts fastest).
pub(super) fn subset_at(of: &Faces, faces: &[usize], mut j: usize) -> Faces {
    let mut s = [0; 6];
    for &f in faces {
        let radix = usize::from(of[f]) + 1;
        s[f] = (j % radix) as u8;
        j /= radix;
    }
    s
}

pub(super) fn within(sub: &Faces, of: &Faces) -> bool {
    sub.iter().zip(of).all(|(a, b)| a <= b)
}

impl State {
    /// Plays `a`, or refuses it with the reason (the state is then unchanged).
    pub(crate) fn play(&mut self, a: Action, sink: &mut Sink) -> Result<(), IllegalAction> {
        if !self.is_legal(a) {
            return Err(self.refusal(a));
        }
        self.play_unchecked(a, sink);
        Ok(())
    }

    /// Plays `a`, which [`State::is_legal`] allows, handing it to its step.
    pub(crate) fn play_unchecked(&mut self, a: Action, sink: &mut Sink) {
        match a {
            Action::ReturnSpecial(i) => self.return_special(i, sink),
            Action::Recall => self.recall_dice(sink),
            Action::Roll { bonus, keep } => self.roll_dice(bonus, keep, sink),
            Action::Reroll { own, bonus } => self.reroll_dice(own, bonus, sink),
            Action::Stop => self.place_or_move_on(sink),
            Action::Place { space, bonus } => self.place_train(space, bonus, sink),
            Action::Build { building, station } => self.build_at(building, station, sink),
            Action::Finish { save } => self.finish(save, sink),
            Action::Deliver(g) => self.deliver_next(g, sink),
            Action::Majority(s) => self.choose_majority(s, sink),
            Action::Supply(s) => self.hand_out_scarce(s, sink),
            Action::Upgrade { building, good } => self.upgrade(building, good, sink),
            Action::Give(g) => self.pledge_good(g),
            Action::GiveSpecial(i) => self.pledge_special(i),
            Action::Done => self.end_pledges(sink),
            Action::Award(s) => self.award_scarce(s, sink),
        }
    }

    /// The turn is over: the next player's, or the end of the game after
    /// the last round.
    pub(super) fn next_turn(&mut self, sink: &mut Sink) {
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
