//! The card game's part of the scenario runner: its errors, and dealing a
//! scenario's `setup:` (hands, Rail Yards, On the Track piles, the display,
//! the decks, tickets); its own expectations are checked in `checks.rs`.
//! Every name is checked when the scenario is read, so a misspelt card or
//! ticket is an error that says where. The common part is
//! [`crate::scenario`].

mod checks;

use std::collections::BTreeMap;
use std::sync::Arc;

use formats::GameFile;
use formats::scenario::{CardCounts, Expect, FinalExpect, Match, PlayerSetup, Scenario, Setup};

use super::cards::Counts;
use super::state::{EMPTY, Phase};
use super::{CardDesign, CardFamily, CardGame, Events, State};
use crate::game::{Game, PlayerCountError};
use crate::scenario::{DesignErrors, FieldError, Findings, ScenarioError, ScenarioFamily};

pub use checks::{Checks, FinalChecks};

/// Why the card game cannot set up a scenario or read an expectation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardScenarioError {
    /// A player count the design does not seat.
    #[error(transparent)]
    Players(#[from] PlayerCountError),
    /// A card name the deck does not have.
    #[error("`{0}` is not a card of this deck (its colours or `locomotive`)")]
    UnknownCard(String),
    /// A ticket name the design does not have.
    #[error("there is no ticket `{0}`")]
    UnknownTicket(String),
    /// More cards of a kind than the deck holds.
    #[error("the setup uses more {0} cards than the deck holds")]
    NotEnough(String),
    /// A phase name the card game does not have.
    #[error("`{0}` is not a phase; the card game's are {PHASES:?}")]
    UnknownPhase(String),
    /// A field of the board game's that the card game does not have.
    #[error("the card game has no `{0}`")]
    NotACardGameField(&'static str),
    /// A player number beyond the table.
    #[error("there is no player {0}")]
    NoSuchPlayer(usize),
}

/// The card game's phases, as scenarios name them.
pub const PHASES: [&str; 5] = [
    "setup-tickets",
    "turn",
    "second-draw",
    "keep-tickets",
    "over",
];

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::SetupTickets => "setup-tickets",
        Phase::Turn => "turn",
        Phase::Draw(_) => "second-draw",
        Phase::KeepTickets => "keep-tickets",
        Phase::Over => "over",
    }
}

type Error = FieldError<CardScenarioError>;

fn kind(d: &CardDesign, name: &str) -> Result<usize, CardScenarioError> {
    d.kind_of(name)
        .ok_or_else(|| CardScenarioError::UnknownCard(name.to_owned()))
}

fn ticket(d: &CardDesign, name: &str) -> Result<u16, CardScenarioError> {
    d.ticket_by_name(name)
        .map(|t| t as u16)
        .ok_or_else(|| CardScenarioError::UnknownTicket(name.to_owned()))
}

fn counts(d: &CardDesign, m: &CardCounts) -> Result<Counts, CardScenarioError> {
    let mut c = Counts::default();
    for (name, &n) in m {
        let k = kind(d, name)?;
        c.0[k] = c.0[k].saturating_add(u8::try_from(n).unwrap_or(u8::MAX));
    }
    Ok(c)
}

fn setup_err(e: CardScenarioError) -> ScenarioError<CardScenarioError> {
    ScenarioError::Setup(e)
}

/// Takes `want` out of `pool`, or says which kind is short.
fn take(d: &CardDesign, pool: &mut Counts, want: &Counts) -> Result<(), CardScenarioError> {
    for k in 0..d.kinds() {
        pool.0[k] = pool.0[k]
            .checked_sub(want.0[k])
            .ok_or_else(|| CardScenarioError::NotEnough(d.kind_name(k).to_owned()))?;
    }
    Ok(())
}

/// Takes the dealt `cards` out of `pool` as far as it has them, the rest
/// from whatever it has left.
fn keep_dealt(d: &CardDesign, pool: &mut Counts, cards: &Counts) -> Counts {
    let mut got = Counts::default();
    let mut missing = 0u32;
    for k in 0..d.kinds() {
        let n = cards.0[k].min(pool.0[k]);
        got.0[k] = n;
        pool.0[k] -= n;
        missing += u32::from(cards.0[k] - n);
    }
    for k in 0..d.kinds() {
        while missing > 0 && pool.0[k] > 0 {
            pool.0[k] -= 1;
            got.0[k] += 1;
            missing -= 1;
        }
    }
    got
}

impl State {
    fn apply_setup(&mut self, s: &Setup) -> Result<(), CardScenarioError> {
        let d = self.design.clone();
        let n = self.players.len();
        if s.players.len() > n {
            return Err(CardScenarioError::NoSuchPlayer(s.players.len()));
        }
        if s.terrain_display.is_some()
            || !s.terrain_deck_top.is_empty()
            || s.terrain_deck_size.is_some()
            || s.terrain_discards.is_some()
        {
            return Err(CardScenarioError::NotACardGameField("terrain cards"));
        }
        for p in &s.players {
            if !p.routes.is_empty() || p.trains.is_some() {
                return Err(CardScenarioError::NotACardGameField("routes or trains"));
            }
            if !p.stations.is_empty() || p.stations_left.is_some() || p.terrain.is_some() {
                return Err(CardScenarioError::NotACardGameField(
                    "stations or terrain cards",
                ));
            }
        }
        let empty = PlayerSetup::default();
        let given = |i: usize| s.players.get(i).unwrap_or(&empty);

        // Tickets.
        let skip = s
            .skip_ticket_choice
            .unwrap_or_else(|| s.players.iter().any(|p| p.tickets.is_some()));
        if skip && self.phase == Phase::SetupTickets {
            for p in &mut self.players {
                self.ticket_deck.extend(p.offer.drain(..));
            }
            self.phase = Phase::Turn;
        }
        for i in 0..n {
            let p = given(i);
            for (list, is_offer) in [(&p.tickets, false), (&p.offer, true)] {
                let Some(names) = list else { continue };
                let ids = names
                    .iter()
                    .map(|t| ticket(&d, t))
                    .collect::<Result<Vec<_>, _>>()?;
                let old = if is_offer {
                    std::mem::take(&mut self.players[i].offer)
                } else {
                    std::mem::take(&mut self.players[i].tickets)
                };
                self.ticket_deck.extend(old);
                for q in &mut self.players {
                    q.tickets.retain(|t| !ids.contains(t));
                    q.offer.retain(|t| !ids.contains(t));
                }
                self.ticket_deck.retain(|t| !ids.contains(t));
                if is_offer {
                    self.players[i].offer = ids;
                } else {
                    self.players[i].tickets = ids;
                }
            }
        }
        if !s.ticket_deck_top.is_empty() {
            let ids = s
                .ticket_deck_top
                .iter()
                .map(|t| ticket(&d, t))
                .collect::<Result<Vec<_>, _>>()?;
            self.ticket_deck.retain(|t| !ids.contains(t));
            for &t in ids.iter().rev() {
                self.ticket_deck.push_front(t);
            }
        }
        if let Some(size) = s.ticket_deck_size {
            self.ticket_deck.truncate(size);
        }

        // Train cards: what is given is taken from the whole deck first; the
        // dealt hands and display keep their cards where the pool allows.
        let mut pool = d.deck;
        let mut hands: Vec<Option<Counts>> = vec![None; n];
        for (i, hand) in hands.iter_mut().enumerate() {
            let p = given(i);
            if let Some(h) = &p.hand {
                let c = counts(&d, h)?;
                take(&d, &mut pool, &c)?;
                *hand = Some(c);
            }
            let yard = p.rail_yard.as_ref().map(|m| counts(&d, m)).transpose()?;
            let locos = p
                .rail_yard_locomotives
                .as_ref()
                .map(|m| counts(&d, m))
                .transpose()?;
            let track = p.on_track.as_ref().map(|m| counts(&d, m)).transpose()?;
            let q = &mut self.players[i];
            q.yard = yard.unwrap_or_default();
            q.yard_locos = locos.unwrap_or_default();
            q.on_track = track.unwrap_or_default();
            take(&d, &mut pool, &q.yard)?;
            let mut as_locos = Counts::default();
            as_locos.0[d.loco()] = q.yard_locos.0.iter().sum();
            take(&d, &mut pool, &as_locos)?;
            take(&d, &mut pool, &q.on_track)?;
        }
        let discards = s.discards.as_ref().map(|m| counts(&d, m)).transpose()?;
        self.discards = discards.unwrap_or_default();
        take(&d, &mut pool, &self.discards)?;
        let display: Option<Vec<u8>> = match &s.display {
            Some(names) => {
                let mut v = Vec::new();
                for name in names {
                    if name == "empty" {
                        v.push(EMPTY);
                        continue;
                    }
                    let k = kind(&d, name)?;
                    let mut one = Counts::default();
                    one.0[k] = 1;
                    take(&d, &mut pool, &one)?;
                    v.push(k as u8);
                }
                Some(v)
            }
            None => None,
        };
        let mut top = Vec::new();
        for name in &s.deck_top {
            let k = kind(&d, name)?;
            let mut one = Counts::default();
            one.0[k] = 1;
            take(&d, &mut pool, &one)?;
            top.push(k as u8);
        }
        for (p, hand) in self.players.iter_mut().zip(hands) {
            p.hand = match hand {
                Some(c) => c,
                None => keep_dealt(&d, &mut pool, &p.hand),
            };
        }
        self.display = match display {
            Some(v) => v,
            None => {
                let mut v = Vec::new();
                for &c in &self.display.clone() {
                    if c == EMPTY {
                        v.push(EMPTY);
                        continue;
                    }
                    let mut one = Counts::default();
                    one.0[usize::from(c)] = 1;
                    let got = keep_dealt(&d, &mut pool, &one);
                    v.push(
                        (0..d.kinds())
                            .find(|&k| got.0[k] > 0)
                            .map_or(EMPTY, |k| k as u8),
                    );
                }
                v
            }
        };
        self.deck.clear();
        pool.to_cards(&mut self.deck);
        self.rng.shuffle(&mut self.deck);
        if let Some(size) = s.deck_size {
            let size = size.saturating_sub(top.len());
            while self.deck.len() > size {
                if let Some(c) = self.deck.pop() {
                    self.discards.0[usize::from(c)] += 1;
                }
            }
        }
        self.deck.extend(top.iter().rev());
        if let Some(c) = s.current {
            let c = usize::from(c);
            if c == 0 || c > n {
                return Err(CardScenarioError::NoSuchPlayer(c));
            }
            self.current = (c - 1) as u8;
        }
        if self.phase == Phase::Turn && self.deck.is_empty() && self.final_turns.is_none() {
            self.final_turns = Some(n as u8 - 1);
        }
        Ok(())
    }
}

impl ScenarioFamily for CardFamily {
    type Error = CardScenarioError;
    type Checks = Checks;
    type FinalChecks = FinalChecks;

    fn set_up(
        design: &GameFile,
        scenario: &Scenario,
    ) -> Result<State, ScenarioError<CardScenarioError>> {
        let built = <CardFamily as crate::game::Family>::build(design)
            .map_err(|d| ScenarioError::Design(DesignErrors::of(&d)))?;
        let game =
            CardGame::new(Arc::new(built), scenario.players).map_err(|e| setup_err(e.into()))?;
        let mut state = game.new_initial_state(scenario.seed);
        state.apply_setup(&scenario.setup).map_err(setup_err)?;
        Ok(state)
    }

    fn checks(state: &State, e: &Expect) -> Result<Checks, Error> {
        Checks::read(state, e)
    }

    fn check(state: &State, c: &Checks, _: Option<&Events>, out: &mut Findings<'_>) {
        c.check(state, out);
    }

    fn final_checks(state: &State, f: &FinalExpect) -> Result<FinalChecks, Error> {
        FinalChecks::read(state, f)
    }

    fn check_final(state: &State, c: &FinalChecks, out: &mut Findings<'_>) {
        c.check(state, out);
    }
}
