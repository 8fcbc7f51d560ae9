//! What a balance run aims at: targets on a board design's simulation
//! report, each measured with its 95% interval and scored by how far it
//! misses (0: met).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::board_game::sim::{BoardReport, TicketRow};
use crate::sim::SimReport;
use crate::sim::stats::Rate;

/// A target the designer sets (`--target NAME[=VALUE]`).
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// |first seat's win rate − 1/players| ≤ `tol` at every player count.
    FirstPlayerAdvantage {
        /// Tolerance.
        tol: f64,
    },
    /// The bots' win rates (per seat played) lie within `tol` of each other.
    BotSplit {
        /// Largest allowed gap.
        tol: f64,
    },
    /// Every ticket's completion rate (of those held) is in `lo..=hi`.
    TicketCompletion {
        /// Lowest.
        lo: f64,
        /// Highest.
        hi: f64,
    },
    /// Every route is claimed in at least one game of each player count.
    NoDeadRoutes,
    /// Mean turns per game in `lo..=hi`.
    GameLength {
        /// Fewest.
        lo: f64,
        /// Most.
        hi: f64,
    },
    /// Mean margin between winner and runner-up in `lo..=hi` points.
    ScoreSpread {
        /// Smallest.
        lo: f64,
        /// Largest.
        hi: f64,
    },
    /// Every ticket's completion rate is within `tol` of the rate its points
    /// predict (a least-squares line of completion on points over all the
    /// tickets): tickets pay for how hard they are.
    TicketValue {
        /// Largest allowed distance from the line.
        tol: f64,
    },
}

/// Why a target could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}`: {why}")]
pub struct TargetError {
    text: String,
    why: String,
}

/// The targets `balance` knows, for help texts and errors.
pub const TARGET_NAMES: &str = "first-player-advantage[=0.03], bot-split[=0.05], ticket-completion[=0.5..0.95], no-dead-routes, game-length=LO..HI, score-spread=LO..HI, ticket-value[=0.1]";

fn range(
    text: &str,
    v: Option<&str>,
    default: Option<(f64, f64)>,
) -> Result<(f64, f64), TargetError> {
    let err = |why: &str| TargetError {
        text: text.to_owned(),
        why: why.to_owned(),
    };
    let Some(v) = v else {
        return default.ok_or_else(|| err("give a range, e.g. =40..60"));
    };
    let (a, b) = v
        .split_once("..")
        .ok_or_else(|| err("write a range as LO..HI"))?;
    let (a, b): (f64, f64) = (
        a.trim().parse().map_err(|_| err("LO is not a number"))?,
        b.trim().parse().map_err(|_| err("HI is not a number"))?,
    );
    if a.is_finite() && b.is_finite() && a <= b {
        Ok((a, b))
    } else {
        Err(err("LO must be a number no larger than HI"))
    }
}

fn tolerance(text: &str, v: Option<&str>, default: f64) -> Result<f64, TargetError> {
    match v {
        None => Ok(default),
        Some(v) => match v.trim().parse::<f64>() {
            Ok(t) if t.is_finite() && t >= 0.0 => Ok(t),
            _ => Err(TargetError {
                text: text.to_owned(),
                why: "the tolerance must be a number ≥ 0".into(),
            }),
        },
    }
}

impl FromStr for Target {
    type Err = TargetError;

    fn from_str(s: &str) -> Result<Self, TargetError> {
        let (name, value) = match s.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v)),
            None => (s.trim(), None),
        };
        Ok(match name {
            "first-player-advantage" => Target::FirstPlayerAdvantage {
                tol: tolerance(s, value, 0.03)?,
            },
            "bot-split" => Target::BotSplit {
                tol: tolerance(s, value, 0.05)?,
            },
            "ticket-completion" => {
                let (lo, hi) = range(s, value, Some((0.5, 0.95)))?;
                Target::TicketCompletion { lo, hi }
            }
            "no-dead-routes" if value.is_none() => Target::NoDeadRoutes,
            "game-length" => {
                let (lo, hi) = range(s, value, None)?;
                Target::GameLength { lo, hi }
            }
            "score-spread" => {
                let (lo, hi) = range(s, value, None)?;
                Target::ScoreSpread { lo, hi }
            }
            "ticket-value" => Target::TicketValue {
                tol: tolerance(s, value, 0.1)?,
            },
            _ => {
                return Err(TargetError {
                    text: s.to_owned(),
                    why: format!("no such target; the targets are {TARGET_NAMES}"),
                });
            }
        })
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::FirstPlayerAdvantage { tol } => {
                write!(f, "first-player advantage within ±{tol}")
            }
            Target::BotSplit { tol } => write!(f, "bot win rates within {tol} of each other"),
            Target::TicketCompletion { lo, hi } => write!(f, "every ticket completed {lo}..{hi}"),
            Target::NoDeadRoutes => write!(f, "every route claimed"),
            Target::GameLength { lo, hi } => write!(f, "mean turns {lo}..{hi}"),
            Target::ScoreSpread { lo, hi } => write!(f, "mean winning margin {lo}..{hi}"),
            Target::TicketValue { tol } => {
                write!(
                    f,
                    "every ticket's completion within {tol} of what its points predict"
                )
            }
        }
    }
}

/// A target measured on one player count: the worst value with its 95%
/// interval (where it has one), and how far it misses.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Measure {
    /// Players per game.
    pub players: usize,
    /// What the value is (the worst ticket, seat 1, …).
    pub what: String,
    /// The value.
    pub value: f64,
    /// Its 95% interval.
    pub interval: Option<(f64, f64)>,
    /// How far it misses (0: met), in the target's units summed over the
    /// objects that miss.
    pub miss: f64,
}

/// Distance of `v` outside `lo..=hi`.
fn outside(v: f64, lo: f64, hi: f64) -> f64 {
    (lo - v).max(v - hi).max(0.0)
}

fn rate_interval(r: &Rate) -> Option<(f64, f64)> {
    Some((r.low, r.high))
}

impl Target {
    /// The target on every player count of `report`.
    pub fn measure(&self, report: &SimReport<BoardReport>) -> Vec<Measure> {
        report
            .by_players
            .iter()
            .filter(|s| s.games > 0)
            .map(|s| {
                let players = s.players;
                match self {
                    Target::FirstPlayerAdvantage { tol } => {
                        let fair = 1.0 / players as f64;
                        let r = &s.outcome.seats[0].win_rate;
                        let v = r.value - fair;
                        Measure {
                            players,
                            what: "seat 1 win rate − fair share".into(),
                            value: v,
                            interval: Some((r.low - fair, r.high - fair)),
                            miss: (v.abs() - tol).max(0.0),
                        }
                    }
                    Target::BotSplit { tol } => {
                        let rates: Vec<&Rate> = s
                            .outcome
                            .bots
                            .iter()
                            .filter(|b| b.seats_played > 0)
                            .map(|b| &b.win_rate)
                            .collect();
                        let hi = rates.iter().map(|r| r.value).fold(0.0, f64::max);
                        let lo = rates.iter().map(|r| r.value).fold(1.0, f64::min);
                        let gap = (hi - lo).max(0.0);
                        Measure {
                            players,
                            what: "largest gap between bots' win rates".into(),
                            value: gap,
                            interval: None,
                            miss: (gap - tol).max(0.0),
                        }
                    }
                    Target::TicketCompletion { lo, hi } => {
                        let held = s.family.map.tickets.iter().filter(|t| t.held > 0);
                        let miss = held
                            .clone()
                            .map(|t| outside(t.completion.value, *lo, *hi))
                            .sum();
                        let worst = held.max_by(|a, b| {
                            outside(a.completion.value, *lo, *hi).total_cmp(&outside(
                                b.completion.value,
                                *lo,
                                *hi,
                            ))
                        });
                        Measure {
                            players,
                            what: worst.map_or_else(String::new, |t| format!("worst: {}", t.name)),
                            value: worst.map_or(0.0, |t| t.completion.value),
                            interval: worst.and_then(|t| rate_interval(&t.completion)),
                            miss,
                        }
                    }
                    Target::NoDeadRoutes => {
                        let dead = s.family.map.never_claimed.len();
                        Measure {
                            players,
                            what: "routes never claimed".into(),
                            value: dead as f64,
                            interval: None,
                            miss: dead as f64,
                        }
                    }
                    Target::GameLength { lo, hi } => {
                        mean_measure(players, "mean turns", &s.pace.turns, *lo, *hi)
                    }
                    Target::ScoreSpread { lo, hi } => {
                        mean_measure(players, "mean winning margin", &s.scores.margin, *lo, *hi)
                    }
                    Target::TicketValue { tol } => {
                        ticket_value(players, &s.family.map.tickets, *tol)
                    }
                }
            })
            .collect()
    }

    /// How far `report` misses the target, summed over player counts, in
    /// units comparable across targets (ranges and counts are scaled to
    /// their width or to one).
    pub fn loss(&self, report: &SimReport<BoardReport>) -> f64 {
        let scale = match self {
            Target::GameLength { lo, hi } | Target::ScoreSpread { lo, hi } => {
                1.0 / (hi - lo).max(1.0)
            }
            Target::NoDeadRoutes => 0.05,
            _ => 1.0,
        };
        self.measure(report).iter().map(|m| m.miss * scale).sum()
    }
}

fn mean_measure(
    players: usize,
    what: &str,
    s: &crate::sim::stats::Summary,
    lo: f64,
    hi: f64,
) -> Measure {
    let half = if s.n > 1 {
        1.96 * s.sd / (s.n as f64).sqrt()
    } else {
        0.0
    };
    Measure {
        players,
        what: what.into(),
        value: s.mean,
        interval: Some((s.mean - half, s.mean + half)),
        miss: outside(s.mean, lo, hi),
    }
}

/// Each held ticket with its distance from the least-squares line of
/// completion on points over the held tickets (positive: completed more
/// often than its points predict, i.e. overpaid).
fn residuals(tickets: &[TicketRow]) -> Vec<(&TicketRow, f64)> {
    let held: Vec<&TicketRow> = tickets.iter().filter(|t| t.held > 0).collect();
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

/// The ticket furthest from fair, with its interval.
fn ticket_value(players: usize, tickets: &[TicketRow], tol: f64) -> Measure {
    let res = residuals(tickets);
    let miss = res.iter().map(|(_, r)| (r.abs() - tol).max(0.0)).sum();
    let worst = res.iter().max_by(|a, b| a.1.abs().total_cmp(&b.1.abs()));
    Measure {
        players,
        what: worst.map_or_else(String::new, |(t, _)| {
            format!("worst: {} ({} points)", t.name, t.points)
        }),
        value: worst.map_or(0.0, |w| w.1),
        interval: worst.map(|&(t, r)| {
            let c = &t.completion;
            (r - (c.value - c.low), r + (c.high - c.value))
        }),
        miss,
    }
}

/// The tickets (by index) further than `tol` from fair in `report`, worst
/// first, each with its residual summed over player counts: where the
/// search looks first.
pub fn unfair_tickets(report: &SimReport<BoardReport>, tol: f64) -> Vec<(usize, f64)> {
    let mut scores: Vec<(usize, f64)> = Vec::new();
    for s in &report.by_players {
        for (t, r) in residuals(&s.family.map.tickets) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_read_with_defaults_and_bad_ones_are_named() {
        assert_eq!("bot-split".parse(), Ok(Target::BotSplit { tol: 0.05 }));
        assert_eq!(
            "game-length=40..60".parse(),
            Ok(Target::GameLength { lo: 40.0, hi: 60.0 })
        );
        let e = "game-length".parse::<Target>().unwrap_err().to_string();
        assert!(e.contains("give a range"), "{e}");
        let e = "game-length=60..40"
            .parse::<Target>()
            .unwrap_err()
            .to_string();
        assert!(e.contains("no larger than HI"), "{e}");
        let e = "fun".parse::<Target>().unwrap_err().to_string();
        assert!(e.starts_with("`fun`: no such target"), "{e}");
        assert!("bot-split=-1".parse::<Target>().is_err());
    }
}
