//! Targets on destination tickets, for every family that has them (the board
//! game, the card game): each ticket's completion rate in a band, and each
//! ticket paying for how hard it is (its completion near the least-squares
//! line of completion on points). A family hands over its report's ticket
//! rows as [`TicketStat`]s.

use std::fmt;

use super::family::Help;
use super::target::{Banded, Measure, TargetError, band_measure, range, rate_interval, tolerance};
use crate::sim::stats::Rate;

/// A target on the tickets (`--target ticket-completion`, `ticket-value`).
#[derive(Clone, Debug, PartialEq)]
pub enum TicketTarget {
    /// Every held ticket's completion rate is in `lo..=hi`.
    Completion {
        /// Lowest.
        lo: f64,
        /// Highest.
        hi: f64,
    },
    /// Every ticket's completion rate is within `tol` of the rate its points
    /// predict (a least-squares line of completion on points over all the
    /// tickets): tickets pay for how hard they are.
    Value {
        /// Largest allowed distance from the line.
        tol: f64,
    },
}

/// The ticket-points knob (the board game's and the card game's), for help
/// texts.
pub const TICKET_POINTS_KNOB: Help = Help {
    syntax: "ticket-points[=1..30]",
    what: "ticket points, 1-2 at a time, within the bounds",
};

/// The ticket targets, for help texts.
pub const TICKET_TARGETS: [Help; 2] = [
    Help {
        syntax: "ticket-completion[=0.5..0.95]",
        what: "every held ticket's completion rate is in the band",
    },
    Help {
        syntax: "ticket-value[=0.1]",
        what: "every ticket's completion is within TOL of what its points predict",
    },
];

impl fmt::Display for TicketTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TicketTarget::Completion { lo, hi } => write!(f, "every ticket completed {lo}..{hi}"),
            TicketTarget::Value { tol } => write!(
                f,
                "every ticket's completion within {tol} of what its points predict"
            ),
        }
    }
}

impl TicketTarget {
    /// Reads a ticket target named `name` (`None`: it is none).
    pub fn parse(
        text: &str,
        name: &str,
        value: Option<&str>,
    ) -> Option<Result<TicketTarget, TargetError>> {
        match name {
            "ticket-completion" => Some(
                range(text, value, Some((0.5, 0.95)))
                    .map(|(lo, hi)| TicketTarget::Completion { lo, hi }),
            ),
            "ticket-value" => {
                Some(tolerance(text, value, 0.1).map(|tol| TicketTarget::Value { tol }))
            }
            _ => None,
        }
    }

    /// The target on one player count's tickets.
    pub fn measure(&self, players: usize, tickets: &[TicketStat]) -> Measure {
        match self {
            TicketTarget::Completion { lo, hi } => completion_band(players, tickets, *lo, *hi),
            TicketTarget::Value { tol } => ticket_value(players, tickets, *tol),
        }
    }

    /// The tickets this target finds off in every player count's tickets
    /// (positive: too easy or overpaid), worst first; a completion band's
    /// only when `bands` (a search that can change what a ticket needs).
    pub fn hints<'a>(
        &self,
        by_players: impl IntoIterator<Item = Vec<TicketStat<'a>>>,
        bands: bool,
    ) -> Vec<(usize, f64)> {
        match self {
            TicketTarget::Completion { lo, hi } if bands => off_band(by_players, *lo, *hi),
            TicketTarget::Completion { .. } => Vec::new(),
            TicketTarget::Value { tol } => unfair_tickets(by_players, *tol),
        }
    }
}

/// One ticket's simulated statistics, as the ticket targets read them.
#[derive(Clone, Copy, Debug)]
pub struct TicketStat<'a> {
    /// Index in the design's `tickets`.
    pub index: usize,
    /// `From - To`.
    pub name: &'a str,
    /// Its points.
    pub points: i32,
    /// Times held at the end of a game.
    pub held: u64,
    /// Completed per held, with its interval.
    pub completion: &'a Rate,
}

/// A family report's row of one ticket, as the ticket targets read it.
pub trait TicketTally {
    /// The row's statistics.
    fn stat(&self) -> TicketStat<'_>;
}

/// Implements [`TicketTally`] for a family report's ticket row type, which
/// has the fields `index`, `name`, `points`, `held` and `completion` (the
/// board game's and the card game's rows differ in their other fields).
macro_rules! ticket_tally {
    ($row:ty) => {
        impl $crate::balance::tickets::TicketTally for $row {
            fn stat(&self) -> $crate::balance::tickets::TicketStat<'_> {
                $crate::balance::tickets::TicketStat {
                    index: self.index,
                    name: &self.name,
                    points: self.points,
                    held: self.held,
                    completion: &self.completion,
                }
            }
        }
    };
}
pub(crate) use ticket_tally;

/// A player count's ticket rows as the ticket targets read them.
pub fn ticket_stats<T: TicketTally>(rows: &[T]) -> Vec<TicketStat<'_>> {
    rows.iter().map(T::stat).collect()
}

/// Every held ticket's completion rate against `lo..=hi`: the misses summed,
/// the worst ticket shown.
pub fn completion_band(players: usize, tickets: &[TicketStat], lo: f64, hi: f64) -> Measure {
    let held: Vec<Banded> = tickets
        .iter()
        .filter(|t| t.held > 0)
        .map(|t| Banded {
            name: t.name.to_owned(),
            value: t.completion.value,
            interval: rate_interval(t.completion),
        })
        .collect();
    band_measure(players, &held, lo, hi)
}

/// Each held ticket with its distance from the least-squares line of
/// completion on points over the held tickets (positive: completed more
/// often than its points predict, i.e. overpaid).
pub fn residuals<'a, 'b>(tickets: &'b [TicketStat<'a>]) -> Vec<(&'b TicketStat<'a>, f64)> {
    let held: Vec<&TicketStat> = tickets.iter().filter(|t| t.held > 0).collect();
    let n = held.len() as f64;
    if n < 2.0 {
        return Vec::new();
    }
    let mx = held.iter().map(|t| f64::from(t.points)).sum::<f64>() / n;
    let my = held.iter().map(|t| t.completion.value).sum::<f64>() / n;
    let sxx: f64 = held
        .iter()
        .map(|t| (f64::from(t.points) - mx).powi(2))
        .sum();
    let sxy: f64 = held
        .iter()
        .map(|t| (f64::from(t.points) - mx) * (t.completion.value - my))
        .sum();
    let slope = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    held.into_iter()
        .map(|t| {
            (
                t,
                t.completion.value - (my + slope * (f64::from(t.points) - mx)),
            )
        })
        .collect()
}

/// The ticket furthest from fair, with its interval; the misses beyond `tol`
/// summed.
pub fn ticket_value(players: usize, tickets: &[TicketStat], tol: f64) -> Measure {
    let res = residuals(tickets);
    let miss = res.iter().map(|(_, r)| (r.abs() - tol).max(0.0)).sum();
    let worst = res.iter().max_by(|a, b| a.1.abs().total_cmp(&b.1.abs()));
    Measure {
        players,
        what: worst.map_or_else(String::new, |(t, _)| {
            format!(
                "worst: {} ({})",
                t.name,
                crate::words::count(t.points, "point")
            )
        }),
        value: worst.map_or(0.0, |w| w.1),
        interval: worst.map(|&(t, r)| {
            let c = t.completion;
            (r - (c.value - c.low), r + (c.high - c.value))
        }),
        miss,
    }
}

/// The tickets (by index) further than `tol` from fair, over every player
/// count's tickets, worst first, each with its residual summed over player
/// counts: where the search looks first.
pub fn unfair_tickets<'a>(
    by_players: impl IntoIterator<Item = Vec<TicketStat<'a>>>,
    tol: f64,
) -> Vec<(usize, f64)> {
    let mut scores: Vec<(usize, f64)> = Vec::new();
    for tickets in by_players {
        for (t, r) in residuals(&tickets) {
            if r.abs() > tol {
                match scores.iter_mut().find(|(i, _)| *i == t.index) {
                    Some(e) => e.1 += r,
                    None => scores.push((t.index, r)),
                }
            }
        }
    }
    scores.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
    scores
}

/// The held tickets outside `lo..=hi` (by index), furthest first, each with
/// its distance summed over player counts (positive: completed too often):
/// where a search on the cards a ticket needs looks first.
pub fn off_band<'a>(
    by_players: impl IntoIterator<Item = Vec<TicketStat<'a>>>,
    lo: f64,
    hi: f64,
) -> Vec<(usize, f64)> {
    let mut scores: Vec<(usize, f64)> = Vec::new();
    for tickets in by_players {
        for t in tickets.iter().filter(|t| t.held > 0) {
            let v = t.completion.value;
            let off = if v > hi { v - hi } else { v.min(lo) - lo };
            if off != 0.0 {
                match scores.iter_mut().find(|(i, _)| *i == t.index) {
                    Some(e) => e.1 += off,
                    None => scores.push((t.index, off)),
                }
            }
        }
    }
    scores.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
    scores
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(value: f64) -> Rate {
        Rate {
            count: value * 10.0,
            of: 10,
            value,
            low: value - 0.05,
            high: value + 0.05,
        }
    }

    #[test]
    fn an_overpaid_ticket_is_the_worst_and_hinted_down() {
        // Completion falls with points, but Easy pays 12 for a sure thing.
        let rates = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.95].map(rate);
        let names = ["A", "B", "C", "D", "E", "F", "Easy"];
        let points = [4, 6, 8, 10, 12, 14, 12];
        let stats: Vec<TicketStat> = (0..7)
            .map(|i| TicketStat {
                index: i,
                name: names[i],
                points: points[i],
                held: 10,
                completion: &rates[i],
            })
            .collect();
        let m = ticket_value(3, &stats, 0.1);
        assert!(m.what.starts_with("worst: Easy"), "{}", m.what);
        assert!(m.value > 0.1 && m.miss > 0.0);
        let hints = unfair_tickets([stats.clone(), stats.clone()], 0.1);
        assert_eq!(hints[0].0, 6);
        assert!(hints[0].1 > 0.0);
        let band = completion_band(3, &stats, 0.45, 0.85);
        assert!(
            (band.miss - (0.05 + 0.05 + 0.1)).abs() < 1e-9,
            "{}",
            band.miss
        );
        assert_eq!(band.what, "worst: Easy");
        let off = off_band([stats], 0.45, 0.85);
        assert_eq!(off[0].0, 6);
        assert!(off[0].1 > 0.0);
        assert!(off.iter().any(|&(i, r)| i == 5 && r < 0.0), "{off:?}");
    }
}
