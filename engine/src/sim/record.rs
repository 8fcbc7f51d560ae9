//! Playing one game with bots through the one game loop ([`Table`]) and
//! recording what every report shares — seats, outcome, pace, the lead on the
//! score track — plus the family's own record ([`Measures::Game`]).

use std::sync::Arc;

use super::measures::Measures;
use crate::bots::Bot;
use crate::game::table::Table;
use crate::game::{Accounts, EndReason, Family, Game, GameState};

/// Everything one game contributes to a report.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct GameRecord<G> {
    /// The seed the game was dealt from (and its bots seeded by).
    #[serde(default)]
    pub seed: u64,
    /// The bot (index into the configured list) at each seat.
    pub seats: Vec<usize>,
    /// Why it ended.
    pub reason: EndReason,
    /// Turns played.
    pub turns: u32,
    /// Actions applied.
    pub actions: u32,
    /// Actions by kind (in the family's `ACTION_KINDS` order).
    pub kinds: Vec<u32>,
    /// Each seat's final accounts (empty when the game reached no outcome).
    pub accounts: Vec<Accounts>,
    /// Each seat's rank (0 = first).
    pub ranks: Vec<u8>,
    /// Automatic passes (players who could do nothing).
    pub passes: u32,
    /// Times the leader on the score track changed hands.
    pub lead_changes: u32,
    /// Share of the game played before the eventual winner took the lead on
    /// the score track for good (1 when they never led it).
    pub settled_at: f64,
    /// A bot's refused action, if one happened (a defect).
    pub error: Option<String>,
    /// The family's own record.
    pub family: G,
}

/// Plays one game of `game` dealt from `seed`, `bots[s]` at seat `s`, with
/// `seats[s]` naming each bot's entry in the configured list. The game is
/// stopped with [`EndReason::TurnCap`] at `turn_cap` turns. The game is dealt
/// into `spare` when given (an earlier game's state, its storage kept, see
/// [`Game::renew_state`]), else into a new state; returns the record and
/// the finished state.
pub fn play<F: Family>(
    design: &Arc<F::Design>,
    game: &F::Game,
    seed: u64,
    bots: &mut [Box<dyn Bot<F::State>>],
    seats: Vec<usize>,
    turn_cap: u32,
    spare: Option<F::State>,
) -> (GameRecord<<F::Measures as Measures<F>>::Game>, F::State) {
    let mut rec = GameRecord {
        seed,
        seats,
        reason: EndReason::Normal,
        turns: 0,
        actions: 0,
        kinds: vec![0; F::ACTION_KINDS.len()],
        accounts: Vec::new(),
        ranks: Vec::new(),
        passes: 0,
        lead_changes: 0,
        settled_at: 1.0,
        error: None,
        family: F::Measures::start(design),
    };
    let mut leader: Option<usize> = None;
    // (turn, leader) each time the unique leader changed.
    // (Room for a game's usual few changes, so that it rarely grows.)
    let mut leads: Vec<(u32, Option<usize>)> = Vec::with_capacity(16);
    let mut track: Vec<i32> = Vec::with_capacity(rec.seats.len());
    let state = match spare {
        Some(mut state) => {
            game.renew_state(&mut state, seed);
            state
        }
        None => game.new_initial_state(seed),
    };
    let mut table = Table::new(state, bots, turn_cap);
    let played = table.play(|state, _, action, events| {
        rec.actions += 1;
        rec.kinds[F::action_kind(action)] += 1;
        rec.passes += F::passes(events);
        F::Measures::moved(&mut rec.family, state, action, events);
        track.clear();
        F::score_track(state, &mut track);
        let now = unique_leader(&track);
        if now.is_some() && now != leader {
            if leader.is_some() {
                rec.lead_changes += 1;
            }
            leader = now;
        }
        if leads.last().map(|l| l.1) != Some(now) {
            leads.push((state.turn(), now));
        }
    });
    if let Err(e) = played {
        rec.error = Some(e.to_string());
    }
    let state = &table.state;
    F::Measures::end(&mut rec.family, state);
    let turns = state.turn().max(1);
    rec.turns = state.turn();
    if let (Some(outcome), Some(accounts)) = (state.outcome(), F::accounts(state)) {
        rec.reason = outcome.reason;
        rec.accounts = accounts;
        // The winner took the lead for good at the start of their last
        // unbroken stretch as leader (ties for the lead keep it).
        if let Some(w) = outcome.winners.first().map(|s| s.index()) {
            let mut settled = None;
            for &(turn, l) in leads.iter().rev() {
                match l {
                    Some(x) if x == w => settled = Some(turn),
                    None if settled.is_some() => {}
                    _ => break,
                }
            }
            rec.settled_at = settled.map_or(1.0, |t| f64::from(t) / f64::from(turns));
        }
        rec.ranks = outcome.ranks;
    }
    (rec, table.state)
}

fn unique_leader(points: &[i32]) -> Option<usize> {
    let mut best = i32::MIN;
    let mut who = None;
    for (i, &p) in points.iter().enumerate() {
        if p > best {
            best = p;
            who = Some(i);
        } else if p == best {
            who = None;
        }
    }
    who
}
