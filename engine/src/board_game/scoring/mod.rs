//! Final scoring: tickets (with countries and stations: which are completed
//! is found in `station_use.rs`), the longest path, Globetrotter, unbuilt
//! stations, and the tie-break order.

mod station_use;

pub use station_use::MAX_STATION_CHOICES;

use station_use::best_station_use;

use serde::{Deserialize, Serialize};

use smallvec::SmallVec;

use super::longest::longest_path;
use super::state::State;
use crate::board_game::board::{CityId, RouteId, TicketId};
use crate::game::{EndReason, Outcome, Seat};
use formats::board_game::rules::TieBreak;

/// One player's final score, component by component.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreBreakdown {
    /// Points for claimed routes, doubling included.
    pub routes: i32,
    /// The part of `routes` won by doubling with terrain cards.
    pub doubling: i32,
    /// Points of completed tickets.
    pub tickets_completed: i32,
    /// Points lost for tickets not completed (a positive number, subtracted).
    pub tickets_failed: i32,
    /// Completed tickets.
    pub completed: Vec<TicketId>,
    /// Tickets not completed.
    pub failed: Vec<TicketId>,
    /// Length (car spaces) of the longest continuous path.
    pub longest_path: u32,
    /// Longest-path bonus won.
    pub longest_path_bonus: i32,
    /// Globetrotter bonus won.
    pub globetrotter_bonus: i32,
    /// Stations built.
    pub stations_built: u8,
    /// Points for stations not built.
    pub stations_bonus: i32,
    /// The route of another player each station uses, by station city.
    pub borrowed: Vec<(CityId, RouteId)>,
    /// The total.
    pub total: i32,
}

/// Every player's final score.
pub(crate) fn final_scores(state: &State) -> Vec<ScoreBreakdown> {
    let board = state.board();
    let rules = board.rules();
    let mut out: Vec<ScoreBreakdown> = state
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = Seat(i as u8);
            let (borrowed, done) = best_station_use(state, seat);
            let mut b = ScoreBreakdown {
                routes: p.route_points,
                doubling: p.doubling_points,
                borrowed,
                longest_path: longest_path(board, &p.routes),
                stations_built: rules.stations.count - p.stations_left,
                stations_bonus: i32::from(p.stations_left) * rules.stations.unbuilt_points,
                ..ScoreBreakdown::default()
            };
            for (&t, d) in p.tickets.iter().zip(done) {
                let pts = board.ticket(t).points;
                if d {
                    b.tickets_completed += pts;
                    b.completed.push(t);
                } else {
                    b.tickets_failed += pts;
                    b.failed.push(t);
                }
            }
            b
        })
        .collect();
    let longest = out.iter().map(|b| b.longest_path).max().unwrap_or(0);
    let most = out.iter().map(|b| b.completed.len()).max().unwrap_or(0);
    for b in &mut out {
        if rules.bonuses.longest_path != 0 && longest > 0 && b.longest_path == longest {
            b.longest_path_bonus = rules.bonuses.longest_path;
        }
        if rules.bonuses.globetrotter != 0 && most > 0 && b.completed.len() == most {
            b.globetrotter_bonus = rules.bonuses.globetrotter;
        }
        b.total = b.routes + b.tickets_completed - b.tickets_failed
            + b.longest_path_bonus
            + b.globetrotter_bonus
            + b.stations_bonus;
    }
    out
}

/// Ranks by total, then the design's tie-break order.
pub(crate) fn outcome(state: &State, scores: &[ScoreBreakdown], reason: EndReason) -> Outcome {
    let rules = state.board().rules();
    let longest = scores.iter().map(|b| b.longest_path).max().unwrap_or(0);
    let key = |b: &ScoreBreakdown| -> SmallVec<[i64; 4]> {
        let mut k = SmallVec::new();
        k.push(i64::from(b.total));
        for t in &rules.tie_break {
            k.push(match t {
                TieBreak::CompletedTickets => b.completed.len() as i64,
                TieBreak::FewestStations => -i64::from(b.stations_built),
                TieBreak::LongestPath => i64::from(b.longest_path == longest && longest > 0),
            });
        }
        k
    };
    let keys: SmallVec<[SmallVec<[i64; 4]>; 5]> = scores.iter().map(key).collect();
    let ranks: Vec<u8> = keys
        .iter()
        .map(|k| keys.iter().filter(|o| *o > k).count() as u8)
        .collect();
    let winners = ranks
        .iter()
        .enumerate()
        .filter(|(_, r)| **r == 0)
        .map(|(i, _)| Seat(i as u8))
        .collect();
    Outcome {
        scores: scores.iter().map(|b| b.total).collect(),
        ranks,
        winners,
        reason,
    }
}
