//! The card game's part of the scenario runner: dealing a scenario's
//! `setup:` (hands, Rail Yards, On the Track piles, the display, the decks,
//! tickets) and checking its own expectations. Every name is checked when
//! the scenario is read, so a misspelt card or ticket is an error that says
//! where.

use std::collections::BTreeMap;
use std::sync::Arc;

use formats::GameFile;
use formats::scenario::{CardCounts, Expect, FinalExpect, Match, PlayerSetup, Scenario, Setup};

use super::cards::Counts;
use super::state::{EMPTY, Phase};
use super::{CardDesign, CardFamily, CardGame, Events, State};
use crate::game::{Game, PlayerCountError};
use crate::scenario::{DesignErrors, FieldError, Findings, ScenarioError, ScenarioFamily};

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

/// The card game's checks of one `expect:` (names checked when read).
#[derive(Debug, Clone)]
pub struct Checks(Expect);

/// The card game's checks of the `outcome:`.
#[derive(Debug, Clone)]
pub struct FinalChecks(FinalExpect);

fn check_counts_names(d: &CardDesign, m: &Match<CardCounts>, field: &str) -> Result<(), Error> {
    for name in m.value().keys() {
        if name != "total" {
            kind(d, name).map_err(|e| FieldError::new(format!("{field}.{name}"), e))?;
        }
    }
    Ok(())
}

fn check_ticket_names(d: &CardDesign, m: &Match<Vec<String>>, field: &str) -> Result<(), Error> {
    for (i, name) in m.value().iter().enumerate() {
        ticket(d, name).map_err(|e| FieldError::new(format!("{field}[{i}]"), e))?;
    }
    Ok(())
}

fn not_here(field: &'static str) -> Error {
    FieldError::new(field, CardScenarioError::NotACardGameField(field))
}

fn compare_counts(
    d: &CardDesign,
    out: &mut Findings<'_>,
    what: &str,
    want: &Match<CardCounts>,
    found: &Counts,
) {
    let mut w: BTreeMap<&str, u32> = BTreeMap::new();
    let mut f: BTreeMap<&str, u32> = BTreeMap::new();
    for (name, &n) in want.value() {
        w.insert(name, u32::from(n));
        let have = if name == "total" {
            found.total()
        } else {
            d.kind_of(name).map_or(0, |k| u32::from(found.0[k]))
        };
        f.insert(name, have);
    }
    if !want.is_contains() {
        // Kinds not listed must be absent.
        for k in 0..d.kinds() {
            let name = d.kind_name(k);
            if found.0[k] > 0 && !want.value().contains_key(name) {
                f.insert(name, u32::from(found.0[k]));
            }
        }
        out.diff(what, &w, &f);
    } else if w.iter().any(|(n, c)| f.get(n).is_some_and(|x| x < c)) {
        out.fail(format_args!("{what}: expected at least {w:?}, found {f:?}"));
    }
}

fn compare_tickets(
    d: &CardDesign,
    out: &mut Findings<'_>,
    what: &str,
    want: &Match<Vec<String>>,
    found: &[u16],
) {
    let mut w: Vec<String> = want
        .value()
        .iter()
        .filter_map(|n| d.ticket_by_name(n))
        .map(|t| d.tickets[t].name.clone())
        .collect();
    let mut f: Vec<String> = found
        .iter()
        .map(|&t| d.tickets[usize::from(t)].name.clone())
        .collect();
    w.sort();
    f.sort();
    if !want.is_contains() {
        out.diff(what, &w, &f);
    } else if w.iter().any(|t| !f.contains(t)) {
        out.fail(format_args!(
            "{what}: expected to include {w:?}, found {f:?}"
        ));
    }
}

fn yard_rows(p: &super::Player) -> Counts {
    let mut c = Counts::default();
    for k in 0..super::cards::MAX_COLORS {
        c.0[k] = p.row(k);
    }
    c
}

fn card_names(d: &CardDesign, cards: impl Iterator<Item = u8>) -> Vec<String> {
    cards
        .map(|c| {
            if c == EMPTY {
                "empty".to_owned()
            } else {
                d.kind_name(usize::from(c)).to_owned()
            }
        })
        .collect()
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
        let d = state.design();
        if let Some(p) = &e.phase
            && !PHASES.contains(&p.as_str())
        {
            return Err(FieldError::new(
                "phase",
                CardScenarioError::UnknownPhase(p.clone()),
            ));
        }
        if e.tunnel_extra.is_some() {
            return Err(not_here("tunnel_extra"));
        }
        if e.display_resets.is_some() {
            return Err(not_here("display_resets"));
        }
        if e.tickets_out.is_some() {
            return Err(not_here("tickets_out"));
        }
        if e.terrain_display.is_some()
            || e.terrain_deck_size.is_some()
            || e.terrain_discards.is_some()
        {
            return Err(not_here("terrain"));
        }
        if let Some(m) = &e.display {
            for (i, name) in m.value().iter().enumerate() {
                if name != "empty" {
                    kind(d, name).map_err(|er| FieldError::new(format!("display[{i}]"), er))?;
                }
            }
        }
        for (i, name) in e.deck_top.iter().flatten().enumerate() {
            kind(d, name).map_err(|er| FieldError::new(format!("deck_top[{i}]"), er))?;
        }
        if let Some(m) = &e.discards {
            check_counts_names(d, m, "discards")?;
        }
        if let Some(m) = &e.offer {
            check_ticket_names(d, m, "offer")?;
        }
        for (i, name) in e.ticket_deck_bottom.iter().flatten().enumerate() {
            ticket(d, name)
                .map_err(|er| FieldError::new(format!("ticket_deck_bottom[{i}]"), er))?;
        }
        if e.players.len() > state.players().len() {
            return Err(FieldError::new(
                "players",
                CardScenarioError::NoSuchPlayer(e.players.len()),
            ));
        }
        for (i, p) in e.players.iter().enumerate() {
            if p.trains.is_some()
                || p.routes.is_some()
                || p.stations_left.is_some()
                || p.terrain.is_some()
            {
                return Err(not_here("trains, routes, stations or terrain"));
            }
            for (m, f) in [
                (&p.hand, "hand"),
                (&p.rail_yard, "rail_yard"),
                (&p.on_track, "on_track"),
            ] {
                if let Some(m) = m {
                    check_counts_names(d, m, &format!("players[{i}].{f}"))?;
                }
            }
            if let Some(m) = &p.tickets {
                check_ticket_names(d, m, &format!("players[{i}].tickets"))?;
            }
        }
        Ok(Checks(e.clone()))
    }

    fn check(state: &State, c: &Checks, _: Option<&Events>, out: &mut Findings<'_>) {
        let e = &c.0;
        let d = state.design();
        if let Some(p) = &e.phase {
            out.diff("phase", &p.as_str(), &phase_name(state.phase()));
        }
        if let Some(want) = e.last_round {
            out.diff("last round", &want, &state.final_turns().is_some());
        }
        if let Some(want) = e.deal {
            out.diff("deal", &want, &(state.deal_number().0 + 1));
        }
        if let Some(m) = &e.display {
            let found = card_names(d, state.display().iter().copied());
            if m.is_contains() {
                for want in m.value() {
                    if !found.contains(want) {
                        out.fail(format_args!(
                            "display: expected to include {want}, found {found:?}"
                        ));
                    }
                }
            } else {
                out.diff("display", m.value(), &found);
            }
        }
        if let Some(n) = e.deck_size {
            out.diff("deck size", &n, &state.deck_len());
        }
        if let Some(top) = &e.deck_top {
            let found = card_names(d, state.deck().iter().rev().take(top.len()).copied());
            out.diff("deck top", top, &found);
        }
        if let Some(m) = &e.discards {
            compare_counts(d, out, "discards", m, state.discards());
        }
        if let Some(m) = &e.offer {
            let p = &state.players()[state.current().index()];
            compare_tickets(d, out, "offer", m, &p.offer);
        }
        if let Some(n) = e.ticket_deck_size {
            out.diff("ticket deck size", &n, &state.ticket_deck().len());
        }
        if let Some(bottom) = &e.ticket_deck_bottom {
            let deck: Vec<u16> = state.ticket_deck().iter().copied().collect();
            let tail = &deck[deck.len().saturating_sub(bottom.len())..];
            let found: Vec<String> = tail
                .iter()
                .map(|&t| d.tickets[usize::from(t)].name.clone())
                .collect();
            let want: Vec<String> = bottom
                .iter()
                .filter_map(|n| d.ticket_by_name(n))
                .map(|t| d.tickets[t].name.clone())
                .collect();
            out.diff("ticket deck bottom", &want, &found);
        }
        for (i, pe) in e.players.iter().enumerate() {
            let p = &state.players()[i];
            let who = format!("player {}", i + 1);
            if let Some(m) = &pe.hand {
                compare_counts(d, out, &format!("{who}'s hand"), m, &p.hand);
            }
            if let Some(m) = &pe.rail_yard {
                compare_counts(d, out, &format!("{who}'s Rail Yard"), m, &yard_rows(p));
            }
            if let Some(m) = &pe.on_track {
                compare_counts(
                    d,
                    out,
                    &format!("{who}'s On the Track pile"),
                    m,
                    &p.on_track,
                );
            }
            if let Some(m) = &pe.tickets {
                compare_tickets(d, out, &format!("{who}'s tickets"), m, &p.tickets);
            }
            if let Some(s) = pe.score {
                out.diff(&format!("{who}'s score"), &s, &p.banked);
            }
        }
    }

    fn final_checks(state: &State, f: &FinalExpect) -> Result<FinalChecks, Error> {
        let d = state.design();
        for (i, p) in f.players.iter().enumerate() {
            if p.routes.is_some()
                || p.longest_path.is_some()
                || p.longest_path_bonus.is_some()
                || p.globetrotter_bonus.is_some()
                || p.stations_bonus.is_some()
                || p.borrowed.is_some()
            {
                return Err(not_here("routes, longest path, globetrotter or stations"));
            }
            if let Some(m) = &p.completed {
                check_ticket_names(d, m, &format!("players[{i}].completed"))?;
            }
        }
        Ok(FinalChecks(f.clone()))
    }

    fn check_final(state: &State, c: &FinalChecks, out: &mut Findings<'_>) {
        let d = state.design();
        let Some(ending) = state.ending() else {
            out.fail("the game did not end");
            return;
        };
        for (i, fp) in c.0.players.iter().enumerate() {
            let (Some(b), Some(p)) = (ending.breakdowns.get(i), state.players().get(i)) else {
                out.fail(format_args!("there is no player {}", i + 1));
                continue;
            };
            let who = format!("player {}", i + 1);
            if let Some(v) = fp.tickets_completed {
                out.diff(
                    &format!("{who}'s completed tickets points"),
                    &v,
                    &b.tickets_completed,
                );
            }
            if let Some(v) = fp.tickets_failed {
                out.diff(
                    &format!("{who}'s unfinished tickets points"),
                    &v,
                    &b.tickets_failed,
                );
            }
            if let Some(v) = fp.big_cities {
                out.diff(&format!("{who}'s Big City bonus"), &v, &b.big_cities);
            }
            if let Some(m) = &fp.completed {
                compare_tickets(
                    d,
                    out,
                    &format!("{who}'s completed tickets"),
                    m,
                    &p.completed,
                );
            }
        }
    }
}
