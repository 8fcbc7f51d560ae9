//! What a balance run aims at: targets on a design's simulation report —
//! those every family shares here, each family's own through its
//! [`Balance`] — each measured with its 95% interval and scored by how far
//! it misses (0: met).

use std::fmt;

use serde::Serialize;

use super::family::{Balance, Help, Report, Section, names};
use crate::game::Family;
use crate::sim::stats::Rate;

/// A target the designer sets (`--target NAME[=VALUE]`): one every family
/// shares, or one of the family's own (`O`, its [`super::Balance::Target`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Target<O> {
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
    /// One of the family's own.
    Own(O),
}

/// The targets every family shares, for help texts.
pub const SHARED: &[Help] = &[
    Help {
        syntax: "first-player-advantage[=0.03]",
        what: "|seat 1's win rate - 1/players| <= TOL at every player count",
    },
    Help {
        syntax: "bot-split[=0.05]",
        what: "the bots' win rates lie within TOL of each other",
    },
    Help {
        syntax: "game-length=LO..HI",
        what: "mean turns per game in range",
    },
    Help {
        syntax: "score-spread=LO..HI",
        what: "mean winning margin (winner - runner-up) in range",
    },
];

/// Why a target could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}`: {why}")]
pub struct TargetError {
    text: String,
    why: String,
}

impl TargetError {
    /// A refusal of `text`, saying why.
    pub fn new(text: &str, why: impl Into<String>) -> Self {
        TargetError {
            text: text.to_owned(),
            why: why.into(),
        }
    }
}

/// A range `LO..HI` (or `default` when no value is given).
pub fn range(
    text: &str,
    v: Option<&str>,
    default: Option<(f64, f64)>,
) -> Result<(f64, f64), TargetError> {
    let err = |why: &str| TargetError::new(text, why);
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

/// A tolerance `TOL` ≥ 0 (or `default` when no value is given).
pub fn tolerance(text: &str, v: Option<&str>, default: f64) -> Result<f64, TargetError> {
    match v {
        None => Ok(default),
        Some(v) => match v.trim().parse::<f64>() {
            Ok(t) if t.is_finite() && t >= 0.0 => Ok(t),
            _ => Err(TargetError::new(text, "the tolerance must be a number ≥ 0")),
        },
    }
}

/// Every target family `F` knows, for help texts and refusals.
pub fn target_names<F: Family>() -> String {
    format!(
        "{}, {}",
        names(SHARED),
        names(<F::Balance as Balance<F>>::TARGETS)
    )
}

/// Family `F`'s targets.
pub type FamilyTarget<F> = Target<<<F as Family>::Balance as Balance<F>>::Target>;

/// Reads a target of family `F` (`first-player-advantage=0.05`,
/// `ticket-completion=0.4..0.9`); one the family lacks is refused naming it
/// and listing the family's targets.
pub fn parse_target<F: Family>(s: &str) -> Result<FamilyTarget<F>, TargetError> {
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
        "game-length" => {
            let (lo, hi) = range(s, value, None)?;
            Target::GameLength { lo, hi }
        }
        "score-spread" => {
            let (lo, hi) = range(s, value, None)?;
            Target::ScoreSpread { lo, hi }
        }
        _ => match <F::Balance as Balance<F>>::target(s, name, value) {
            Some(own) => Target::Own(own?),
            None => {
                return Err(TargetError::new(
                    s,
                    format!(
                        "{} designs have no such target; their targets are {}",
                        F::KIND,
                        target_names::<F>()
                    ),
                ));
            }
        },
    })
}

impl<O: fmt::Display> fmt::Display for Target<O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::FirstPlayerAdvantage { tol } => {
                write!(f, "first-player advantage within ±{tol}")
            }
            Target::BotSplit { tol } => write!(f, "bot win rates within {tol} of each other"),
            Target::GameLength { lo, hi } => write!(f, "mean turns {lo}..{hi}"),
            Target::ScoreSpread { lo, hi } => write!(f, "mean winning margin {lo}..{hi}"),
            Target::Own(o) => o.fmt(f),
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
pub fn outside(v: f64, lo: f64, hi: f64) -> f64 {
    (lo - v).max(v - hi).max(0.0)
}

/// One object measured against a band: its name, value and interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Banded {
    /// How the object is named (`Denver - El Paso`, `gold`).
    pub name: String,
    /// Its value.
    pub value: f64,
    /// The value's 95% interval, where it has one.
    pub interval: Option<(f64, f64)>,
}

/// Objects measured against a band `lo..=hi`: the misses summed in order,
/// the worst shown.
pub fn band_measure(players: usize, objects: &[Banded], lo: f64, hi: f64) -> Measure {
    let miss = objects.iter().map(|o| outside(o.value, lo, hi)).sum();
    let worst = objects
        .iter()
        .max_by(|a, b| outside(a.value, lo, hi).total_cmp(&outside(b.value, lo, hi)));
    Measure {
        players,
        what: worst.map_or_else(String::new, |o| format!("worst: {}", o.name)),
        value: worst.map_or(0.0, |o| o.value),
        interval: worst.and_then(|o| o.interval),
        miss,
    }
}

/// A rate's 95% interval.
pub fn rate_interval(r: &Rate) -> Option<(f64, f64)> {
    Some((r.low, r.high))
}

impl<O: Clone> Target<O> {
    /// The same target with its tolerance (or range, about its middle)
    /// scaled by `factor`; a family's own target stays as it is. The finals
    /// break ties between designs that meet every target by how much room
    /// they leave ([`super::BalanceConfig::finalists`]).
    pub fn tightened(&self, factor: f64) -> Self {
        let shrink = |lo: f64, hi: f64| {
            let mid = (lo + hi) / 2.0;
            (mid - (mid - lo) * factor, mid + (hi - mid) * factor)
        };
        match self {
            Target::FirstPlayerAdvantage { tol } => {
                Target::FirstPlayerAdvantage { tol: tol * factor }
            }
            Target::BotSplit { tol } => Target::BotSplit { tol: tol * factor },
            Target::GameLength { lo, hi } => {
                let (lo, hi) = shrink(*lo, *hi);
                Target::GameLength { lo, hi }
            }
            Target::ScoreSpread { lo, hi } => {
                let (lo, hi) = shrink(*lo, *hi);
                Target::ScoreSpread { lo, hi }
            }
            Target::Own(o) => Target::Own(o.clone()),
        }
    }
}

impl<O> Target<O> {
    /// The target on every player count of `report`.
    pub fn measure<F>(&self, report: &Report<F>) -> Vec<Measure>
    where
        F: Family,
        F::Balance: Balance<F, Target = O>,
    {
        report
            .by_players
            .iter()
            .filter(|s| s.games > 0)
            .map(|s| self.measure_section::<F>(s))
            .collect()
    }

    fn measure_section<F>(&self, s: &Section<F>) -> Measure
    where
        F: Family,
        F::Balance: Balance<F, Target = O>,
    {
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
            Target::GameLength { lo, hi } => {
                mean_measure(players, "mean turns", &s.pace.turns, *lo, *hi)
            }
            Target::ScoreSpread { lo, hi } => {
                mean_measure(players, "mean winning margin", &s.scores.margin, *lo, *hi)
            }
            Target::Own(o) => <F::Balance as Balance<F>>::measure(o, s),
        }
    }

    /// How far `report` misses the target, summed over player counts, in
    /// units comparable across targets (ranges and counts are scaled to
    /// their width or to one), each measure judged on its value.
    pub fn loss<F>(&self, report: &Report<F>) -> f64
    where
        F: Family,
        F::Balance: Balance<F, Target = O>,
    {
        self.loss_judged::<F>(report, Judgement::Value)
    }

    /// [`Self::loss`], each measure judged as `judgement` says.
    pub fn loss_judged<F>(&self, report: &Report<F>, judgement: Judgement) -> f64
    where
        F: Family,
        F::Balance: Balance<F, Target = O>,
    {
        let scale = match self {
            Target::GameLength { lo, hi } | Target::ScoreSpread { lo, hi } => {
                1.0 / (hi - lo).max(1.0)
            }
            Target::Own(o) => <F::Balance as Balance<F>>::scale(o),
            _ => 1.0,
        };
        self.measure::<F>(report)
            .iter()
            .map(|m| self.judged_miss(m, judgement) * scale)
            .sum()
    }

    /// How far `m` (one of this target's measures) misses, judged as
    /// `judgement` says: on its value (its `miss`), or on the worse end of
    /// its 95% interval for a shared target that has one.
    pub fn judged_miss(&self, m: &Measure, judgement: Judgement) -> f64 {
        let Some((low, high)) = m.interval.filter(|_| judgement == Judgement::Interval) else {
            return m.miss;
        };
        let at = |v: f64| match self {
            Target::FirstPlayerAdvantage { tol } => (v.abs() - tol).max(0.0),
            Target::GameLength { lo, hi } | Target::ScoreSpread { lo, hi } => outside(v, *lo, *hi),
            Target::BotSplit { .. } | Target::Own(_) => m.miss,
        };
        m.miss.max(at(low)).max(at(high))
    }
}

/// How a search judges a target met.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Judgement {
    /// On its measured value: met when the value lies within the tolerance
    /// (`tracklayer balance`).
    #[default]
    Value,
    /// On its 95% interval, the value ± about two standard errors of the
    /// games it was measured on: met only when the whole interval lies
    /// within the tolerance, so a design chosen on a few thousand games
    /// stays inside on fresh ones instead of sitting at the edge, where a
    /// check on other games puts it over half the time (`derive tickets`).
    /// For the shared targets with an interval (first-player advantage,
    /// game length, score spread); the others are judged on their value (a
    /// ticket band's tickets are each held in a few games only, so their
    /// intervals measure how often they were dealt, not the deck).
    Interval,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_game::BoardFamily;

    #[test]
    fn an_interval_judgement_misses_what_the_value_alone_meets() {
        let fpa = Target::<()>::FirstPlayerAdvantage { tol: 0.05 };
        let m = Measure {
            players: 3,
            what: "seat 1".into(),
            value: 0.04,
            interval: Some((0.02, 0.06)),
            miss: 0.0,
        };
        assert_eq!(fpa.judged_miss(&m, Judgement::Value), 0.0);
        assert!((fpa.judged_miss(&m, Judgement::Interval) - 0.01).abs() < 1e-12);
        // Below the fair share as above it.
        let under = Measure {
            value: -0.04,
            interval: Some((-0.06, -0.02)),
            ..m.clone()
        };
        assert!((fpa.judged_miss(&under, Judgement::Interval) - 0.01).abs() < 1e-12);
        let spread = Target::<()>::ScoreSpread { lo: 5.0, hi: 45.0 };
        let margin = Measure {
            value: 44.9,
            interval: Some((42.0, 47.8)),
            ..m.clone()
        };
        assert!((spread.judged_miss(&margin, Judgement::Interval) - 2.8).abs() < 1e-9);
        let inside = Measure {
            value: 30.0,
            interval: Some((28.0, 32.0)),
            ..m
        };
        assert_eq!(spread.judged_miss(&inside, Judgement::Interval), 0.0);
    }

    #[test]
    fn targets_are_read_with_defaults_and_bad_ones_are_named() {
        let parse = parse_target::<BoardFamily>;
        assert_eq!(parse("bot-split"), Ok(Target::BotSplit { tol: 0.05 }));
        assert_eq!(
            parse("game-length=40..60"),
            Ok(Target::GameLength { lo: 40.0, hi: 60.0 })
        );
        let e = parse("game-length").unwrap_err().to_string();
        assert!(e.contains("give a range"), "{e}");
        let e = parse("game-length=60..40").unwrap_err().to_string();
        assert!(e.contains("no larger than HI"), "{e}");
        let e = parse("fun").unwrap_err().to_string();
        assert!(
            e.starts_with("`fun`: board designs have no such target"),
            "{e}"
        );
        assert!(e.contains("ticket-value"), "{e}");
        assert!(parse("bot-split=-1").is_err());
    }
}
