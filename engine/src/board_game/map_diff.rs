//! A simulated difference of two board designs as it is drawn on the map:
//! per player count, each route's change in claim rate and each ticket's
//! change in completion, with 95% intervals (Newcombe's, from the two Wilson
//! intervals, as [`crate::diff::simulated`] gives every rate), routes matched by
//! key and tickets by name.

use serde::Serialize;

use crate::board_game::sim::BoardReport;
use crate::diff::simulated::{MetricChange, rate_change};
use crate::sim::SimReport;
use crate::sim::stats::Rate;

/// A route's change in how often it is claimed (share of games).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RouteChange {
    /// Its index among the first design's routes.
    pub index: usize,
    /// The route's key (its id, or its ends and colour).
    pub key: String,
    /// The route's name.
    pub name: String,
    /// The claim rate before and after.
    pub claim_rate: MetricChange,
}

/// A ticket's change in completion (share of the players who held it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TicketChange {
    /// Its index among the first design's tickets.
    pub index: usize,
    /// `From - To`.
    pub name: String,
    /// The completion rate before and after.
    pub completion: MetricChange,
}

/// The map's changes at one player count.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MapChanges {
    /// Players per game.
    pub players: usize,
    /// Routes in both designs, in the first design's order.
    pub routes: Vec<RouteChange>,
    /// Tickets in both designs, in the first design's order.
    pub tickets: Vec<TicketChange>,
}

fn rate(r: &Rate) -> (f64, f64, f64) {
    (r.value, r.low, r.high)
}

/// The map's changes from `before` to `after` at every player count both
/// reports have.
pub fn map_changes(
    before: &SimReport<BoardReport>,
    after: &SimReport<BoardReport>,
) -> Vec<MapChanges> {
    let mut out = Vec::new();
    for a in &before.by_players {
        let Some(b) = after.by_players.iter().find(|b| b.players == a.players) else {
            continue;
        };
        let (ma, mb) = (&a.family.map, &b.family.map);
        let routes = ma
            .routes
            .iter()
            .filter_map(|ra| {
                let rb = mb.routes.iter().find(|rb| rb.key == ra.key)?;
                let claim = |claimed: u64, games: u64| rate(&Rate::new(claimed as f64, games));
                Some(RouteChange {
                    index: ra.index,
                    key: ra.key.clone(),
                    name: ra.name.clone(),
                    claim_rate: rate_change(
                        &format!("{} players / routes / {} / claim rate", a.players, ra.name),
                        claim(ra.claimed, a.games),
                        claim(rb.claimed, b.games),
                    ),
                })
            })
            .collect();
        let tickets = ma
            .tickets
            .iter()
            .filter_map(|ta| {
                let tb = mb.tickets.iter().find(|tb| tb.name == ta.name)?;
                Some(TicketChange {
                    index: ta.index,
                    name: ta.name.clone(),
                    completion: rate_change(
                        &format!("{} players / tickets / {} / completion", a.players, ta.name),
                        rate(&ta.completion),
                        rate(&tb.completion),
                    ),
                })
            })
            .collect();
        out.push(MapChanges {
            players: a.players,
            routes,
            tickets,
        });
    }
    out
}

/// [`map_changes`] for reports of any family: the routes' and tickets'
/// changes when the reports are a board design's (the only designs drawn
/// on a map of routes), none otherwise.
pub fn any_map_changes<R: 'static>(before: &SimReport<R>, after: &SimReport<R>) -> Vec<MapChanges> {
    fn board<R: 'static>(r: &SimReport<R>) -> Option<&SimReport<BoardReport>> {
        (r as &dyn std::any::Any).downcast_ref()
    }
    match (board(before), board(after)) {
        (Some(a), Some(b)) => map_changes(a, b),
        _ => Vec::new(),
    }
}
