//! The card game's own expectations of a scenario, read against the
//! position once (every name checked) and then checked after each step and
//! at the end: phase, display, decks, discards, tickets on offer, each
//! player's hand, Rail Yard, On the Track pile, tickets and score, and the
//! final breakdown.

use super::*;
use crate::card_game::{MAX_COLORS, Player};

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

fn yard_rows(p: &Player) -> Counts {
    let mut c = Counts::default();
    for k in 0..MAX_COLORS {
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

impl Checks {
    /// Reads an `expect:` against the position, every name checked.
    pub(super) fn read(state: &State, e: &Expect) -> Result<Checks, Error> {
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

    /// Checks the position against the expectation.
    pub(super) fn check(&self, state: &State, out: &mut Findings<'_>) {
        let e = &self.0;
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
}

impl FinalChecks {
    /// Reads the `outcome:` against the position, every name checked.
    pub(super) fn read(state: &State, f: &FinalExpect) -> Result<FinalChecks, Error> {
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

    /// Checks the ended game against the outcome.
    pub(super) fn check(&self, state: &State, out: &mut Findings<'_>) {
        let d = state.design();
        let Some(ending) = state.ending() else {
            out.fail("the game did not end");
            return;
        };
        for (i, fp) in self.0.players.iter().enumerate() {
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
