//! Playing one game with bots and recording what the report needs: claims,
//! tunnels, stations, doublings, ticket choices, action kinds, the lead over
//! the game, and the final accounts.

use std::sync::Arc;

use crate::board::{CityId, RouteId, TicketId};
use crate::board_game::{Action, ActionKind, BoardGame, Event, ScoreBreakdown};
use crate::bots::Bot;
use crate::game::{EndReason, GameState};

/// How a tunnel claim went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TunnelResult {
    /// No extra card was asked.
    Free,
    /// The extra cards were paid.
    Paid,
    /// The player withdrew.
    Withdrawn,
}

/// Everything one game contributes to a report.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The bot (index into the configured list) at each seat.
    pub seats: Vec<usize>,
    /// Why it ended.
    pub reason: EndReason,
    /// Turns played.
    pub turns: u32,
    /// Actions applied.
    pub actions: u32,
    /// Actions by [`ActionKind`] (in [`ActionKind::ALL`] order).
    pub kinds: [u32; 8],
    /// Each seat's final accounts.
    pub breakdowns: Vec<ScoreBreakdown>,
    /// Each seat's rank (0 = first).
    pub ranks: Vec<u8>,
    /// Claims: route, seat, turn.
    pub claims: Vec<(RouteId, u8, u32)>,
    /// Tunnel attempts: route, extra cards asked, result.
    pub tunnels: Vec<(RouteId, u8, TunnelResult)>,
    /// Stations: city, seat.
    pub stations: Vec<(CityId, u8)>,
    /// Doublings: route, points added.
    pub doublings: Vec<(RouteId, i32)>,
    /// Tickets offered and whether they were kept.
    pub offers: Vec<(TicketId, bool)>,
    /// Automatic passes (players who could do nothing).
    pub passes: u32,
    /// Times the leader on the score track changed hands.
    pub lead_changes: u32,
    /// Share of the game played before the eventual winner took the lead on
    /// the score track for good (1 when they never led it).
    pub settled_at: f64,
    /// A bot's refused action, if one happened (a defect).
    pub error: Option<String>,
}

/// Plays one game of `game` dealt from `seed`, `bots[s]` at seat `s`, with
/// `seats[s]` naming each bot's entry in the configured list. The game is
/// stopped with [`EndReason::TurnCap`] at `turn_cap` turns.
pub fn play(
    game: &Arc<BoardGame>,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
    seats: Vec<usize>,
    turn_cap: u32,
) -> GameRecord {
    let n = game.players();
    let mut state = game.new_game(seed);
    let mut rec = GameRecord {
        seats,
        reason: EndReason::Normal,
        turns: 0,
        actions: 0,
        kinds: [0; 8],
        breakdowns: Vec::new(),
        ranks: Vec::new(),
        claims: Vec::new(),
        tunnels: Vec::new(),
        stations: Vec::new(),
        doublings: Vec::new(),
        offers: Vec::new(),
        passes: 0,
        lead_changes: 0,
        settled_at: 1.0,
        error: None,
    };
    let mut leader: Option<usize> = None;
    // (turn, leader) each time a unique leader emerged.
    let mut leads: Vec<(u32, Option<usize>)> = Vec::new();
    let mut pending_tunnel: Option<RouteId> = None;
    let mut pending_extra = 0u8;
    while let Some(seat) = state.current_player() {
        if state.turn() >= turn_cap {
            state.stop(EndReason::TurnCap);
            break;
        }
        let action = {
            let obs = state.observation(seat);
            bots[seat.index()].act(&obs)
        };
        let events = match state.apply(action) {
            Ok(e) => e,
            Err(e) => {
                rec.error = Some(format!(
                    "{} at {seat} chose `{}`, which the rules refused: {e}",
                    bots[seat.index()].name(),
                    state.action_text(action)
                ));
                state.stop(EndReason::TurnCap);
                break;
            }
        };
        rec.actions += 1;
        let kind = action.kind();
        if let Some(k) = ActionKind::ALL.iter().position(|&x| x == kind) {
            rec.kinds[k] += 1;
        }
        if let Action::Claim { route, .. } = action {
            pending_tunnel = Some(route);
        }
        for e in &events {
            match e {
                Event::RouteClaimed { seat, route, .. } => {
                    rec.claims.push((*route, seat.0, state.turn()));
                }
                Event::TunnelRevealed { extra, .. } => {
                    if let Some(r) = pending_tunnel
                        && *extra == 0
                    {
                        rec.tunnels.push((r, 0, TunnelResult::Free));
                    }
                }
                Event::TunnelPaid { extra, .. } => {
                    if let Some(r) = pending_tunnel {
                        rec.tunnels.push((r, *extra, TunnelResult::Paid));
                    }
                }
                Event::TunnelWithdrawn { route, .. } => {
                    rec.tunnels
                        .push((*route, pending_extra, TunnelResult::Withdrawn));
                }
                Event::StationBuilt { seat, city, .. } => rec.stations.push((*city, seat.0)),
                Event::RouteDoubled { route, points, .. } => {
                    rec.doublings.push((*route, *points));
                }
                Event::TicketsKept { kept, returned, .. } => {
                    rec.offers.extend(kept.iter().map(|&t| (t, true)));
                    rec.offers.extend(returned.iter().map(|&t| (t, false)));
                }
                Event::Passed { .. } => rec.passes += 1,
                _ => {}
            }
        }
        if let crate::board_game::Phase::Tunnel(t) = state.phase() {
            // Remember the demand until it is paid or refused.
            pending_extra = t.extra;
        }
        // The lead on the public score track.
        let now = unique_leader(state.players().iter().map(|p| p.route_points));
        if now.is_some() && now != leader {
            if leader.is_some() {
                rec.lead_changes += 1;
            }
            leader = now;
        }
        if leads.last().map(|l| l.1) != Some(now) {
            leads.push((state.turn(), now));
        }
    }
    let turns = state.turn().max(1);
    rec.turns = state.turn();
    if let Some(ending) = state.ending() {
        rec.reason = ending.reason;
        rec.breakdowns = ending.breakdowns.clone();
        rec.ranks = ending.outcome.ranks.clone();
        // The winner took the lead for good at the start of their last
        // unbroken stretch as leader (ties for the lead keep it).
        if let Some(w) = ending.outcome.winners.first().map(|s| s.index()) {
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
    }
    debug_assert!(rec.ranks.is_empty() || rec.ranks.len() == n);
    rec
}

fn unique_leader(points: impl Iterator<Item = i32>) -> Option<usize> {
    let mut best = i32::MIN;
    let mut who = None;
    for (i, p) in points.enumerate() {
        if p > best {
            best = p;
            who = Some(i);
        } else if p == best {
            who = None;
        }
    }
    who
}
