//! The change in every metric of a simulation report from one design to
//! another, for any family: the two reports are walked side by side as
//! data, sections matched by player count and rows by their name (a route's
//! key, a bot, an action kind, a seat), so the family's own section is
//! compared as the shared ones are.
//!
//! Intervals (95%): a rate's change uses Newcombe's hybrid score interval
//! built from the two Wilson intervals the reports hold (Newcombe 1998,
//! method 10); a mean's change uses the normal interval with the two
//! samples' variances (Welch). Other numbers (shares, metrics computed from
//! several rates) are given without an interval.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use serde::Serialize;
use serde_yaml::Value;

use crate::game::Family;
use crate::sim::skill::SkillReport;
use crate::sim::{self, FamilyReport, Progress, SimConfig, SimError, SimReport};

/// `z` of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// One metric in both reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MetricChange {
    /// Where it is: `4 players / outcome / seats / seat 1 / win_rate`.
    pub metric: String,
    /// Its value in the first report.
    pub before: f64,
    /// Its value in the second.
    pub after: f64,
    /// `after − before`.
    pub change: f64,
    /// The 95% interval of the change, for rates and means.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval: Option<(f64, f64)>,
}

impl MetricChange {
    /// The interval excludes no change: the designs differ on this metric
    /// beyond chance (at 95%, one metric at a time).
    pub fn significant(&self) -> bool {
        self.interval.is_some_and(|(lo, hi)| lo > 0.0 || hi < 0.0)
    }
}

/// Why two reports cannot be compared.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReportDiffError {
    /// A report could not be read as data.
    #[error("a report cannot be read as data: {0}")]
    Data(String),
}

/// Every metric of `before` and `after` that both reports have, in report
/// order.
pub fn report_diff<R: Serialize>(
    before: &SimReport<R>,
    after: &SimReport<R>,
) -> Result<Vec<MetricChange>, ReportDiffError> {
    let data = |r: &SimReport<R>| {
        serde_yaml::to_value(&r.by_players).map_err(|e| ReportDiffError::Data(e.to_string()))
    };
    let mut out = Vec::new();
    let ctx = Context {
        bots: &before.bots,
        list: "",
    };
    walk(ctx, "", &data(before)?, &data(after)?, &mut out);
    if let (Some(a), Some(b)) = (&before.skill, &after.skill) {
        out.extend(skill_diff(a, b));
    }
    Ok(out)
}

/// The change in the skill measure ([`crate::sim::skill`]): the strong bot's
/// share against each opponent both reports measured, at the same table.
pub fn skill_diff(before: &SkillReport, after: &SkillReport) -> Vec<MetricChange> {
    if before.players != after.players || before.strong != after.strong {
        return Vec::new();
    }
    before
        .matches
        .iter()
        .filter_map(|a| {
            let b = after.matches.iter().find(|b| b.opponent == a.opponent)?;
            let (x, y) = (&a.strong_wins, &b.strong_wins);
            Some(rate_change(
                &format!(
                    "{} players / skill / {} against {}",
                    before.players, before.strong, a.opponent
                ),
                (x.value, x.low, x.high),
                (y.value, y.low, y.high),
            ))
        })
        .collect()
}

/// Simulates the design of `config` and then `other` from the same seeds
/// (the same games, so the change is the designs', not the deal's), for
/// `tracklayer diff --simulate` and the studio's Compare window. `progress`
/// counts the games of both runs. `None` when `cancel` was set.
pub fn simulate_pair<F: Family>(
    config: &SimConfig<F>,
    other: Arc<F::Design>,
    progress: &(dyn Fn(Progress) + Sync),
    cancel: &AtomicBool,
) -> Result<Option<[FamilyReport<F>; 2]>, SimError> {
    let total = u64::from(config.games) * config.players.len() as u64;
    let first = sim::simulate(
        config,
        &|p| {
            progress(Progress {
                done: p.done,
                total: 2 * total,
            })
        },
        cancel,
    )?;
    let second_config = SimConfig::<F> {
        design: other,
        players: config.players.clone(),
        games: config.games,
        bots: config.bots.clone(),
        seed: config.seed,
        threads: config.threads,
        turn_cap: config.turn_cap,
    };
    let second = sim::simulate(
        &second_config,
        &|p| {
            progress(Progress {
                done: total + p.done,
                total: 2 * total,
            })
        },
        cancel,
    )?;
    if cancel.load(std::sync::atomic::Ordering::Relaxed) {
        return Ok(None);
    }
    Ok(Some([first, second]))
}

/// Fields that name or count things rather than measure them.
const NOT_METRICS: [&str; 5] = ["players", "seat", "index", "errors", "histogram"];

/// What names list entries: the report's bots, and the list being walked.
#[derive(Clone, Copy)]
struct Context<'a> {
    bots: &'a [String],
    list: &'a str,
}

fn walk(ctx: Context<'_>, path: &str, a: &Value, b: &Value, out: &mut Vec<MetricChange>) {
    match (a, b) {
        (Value::Mapping(ma), Value::Mapping(_)) => {
            if let (Some(x), Some(y)) = (rate(a), rate(b)) {
                out.push(rate_change(path, x, y));
            } else if let (Some(x), Some(y)) = (summary(a), summary(b)) {
                out.push(mean_change(&format!("{path} / mean"), x, y));
            } else {
                for (k, va) in ma {
                    let Some(name) = k.as_str() else { continue };
                    if NOT_METRICS.contains(&name) || name.ends_with("histogram") {
                        continue;
                    }
                    if let Some(vb) = b.get(k) {
                        let inner = Context { list: name, ..ctx };
                        walk(inner, &join(path, name), va, vb, out);
                    }
                }
            }
        }
        (Value::Sequence(sa), Value::Sequence(sb)) => {
            let labels_b: Vec<String> = sb
                .iter()
                .enumerate()
                .map(|(i, v)| label(ctx, i, v))
                .collect();
            for (i, va) in sa.iter().enumerate() {
                let l = label(ctx, i, va);
                if let Some(j) = labels_b.iter().position(|x| *x == l) {
                    walk(ctx, &join(path, &l), va, &sb[j], out);
                }
            }
        }
        (Value::Number(x), Value::Number(y)) => {
            if let (Some(x), Some(y)) = (x.as_f64(), y.as_f64()) {
                out.push(MetricChange {
                    metric: path.to_owned(),
                    before: x,
                    after: y,
                    change: y - x,
                    interval: None,
                });
            }
        }
        _ => {}
    }
}

fn join(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_owned()
    } else {
        format!("{path} / {name}")
    }
}

/// How a list entry is named: a section by its player count, a row by its
/// key, bot, kind or name (a station map's by its track or good), a seat by
/// its number, an entry of a list by seat
/// or by bot likewise; else by its position.
fn label(ctx: Context<'_>, i: usize, v: &Value) -> String {
    match ctx.list {
        "by_seat" => return format!("seat {}", i + 1),
        "by_bot" => {
            if let Some(b) = ctx.bots.get(i) {
                return b.clone();
            }
        }
        _ => {}
    }
    if let Some(p) = v.get("players").and_then(Value::as_u64)
        && v.get("outcome").is_some()
    {
        return format!("{p} players");
    }
    for k in ["key", "bot", "kind", "name", "track", "good"] {
        if let Some(s) = v.get(k).and_then(Value::as_str) {
            return s.to_owned();
        }
    }
    if let Some(s) = v.get("seat").and_then(Value::as_u64) {
        return format!("seat {}", s + 1);
    }
    format!("#{}", i + 1)
}

fn num(v: &Value, k: &str) -> Option<f64> {
    v.get(k).and_then(Value::as_f64)
}

/// (value, low, high) of a rate.
fn rate(v: &Value) -> Option<(f64, f64, f64)> {
    num(v, "count")?;
    num(v, "of")?;
    Some((num(v, "value")?, num(v, "low")?, num(v, "high")?))
}

/// (n, mean, sd) of a summary.
fn summary(v: &Value) -> Option<(f64, f64, f64)> {
    Some((num(v, "n")?, num(v, "mean")?, num(v, "sd")?))
}

/// The change of a rate given as (value, low, high) in each report, with
/// Newcombe's interval.
pub(crate) fn rate_change(
    path: &str,
    (p1, l1, u1): (f64, f64, f64),
    (p2, l2, u2): (f64, f64, f64),
) -> MetricChange {
    let d = p2 - p1;
    let lo = d - ((p2 - l2).powi(2) + (u1 - p1).powi(2)).sqrt();
    let hi = d + ((u2 - p2).powi(2) + (p1 - l1).powi(2)).sqrt();
    MetricChange {
        metric: path.to_owned(),
        before: p1,
        after: p2,
        change: d,
        interval: Some((lo, hi)),
    }
}

fn mean_change(
    path: &str,
    (n1, m1, s1): (f64, f64, f64),
    (n2, m2, s2): (f64, f64, f64),
) -> MetricChange {
    let d = m2 - m1;
    let interval = (n1 >= 2.0 && n2 >= 2.0).then(|| {
        let half = Z95 * (s1 * s1 / n1 + s2 * s2 / n2).sqrt();
        (d - half, d + half)
    });
    MetricChange {
        metric: path.to_owned(),
        before: m1,
        after: m2,
        change: d,
        interval,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rates_change_has_newcombes_interval_from_the_wilson_intervals() {
        let a = crate::sim::stats::Rate::new(50.0, 100);
        let b = crate::sim::stats::Rate::new(70.0, 100);
        let c = rate_change("r", (a.value, a.low, a.high), (b.value, b.low, b.high));
        assert!((c.change - 0.2).abs() < 1e-12);
        let (lo, hi) = c.interval.unwrap();
        // By hand: Wilson 70/100 = [0.6042, 0.7811], 50/100 = [0.4038, 0.5962];
        // 0.2 ∓ √(0.0958² + 0.0962²) = 0.0642, 0.2 + √(0.0811² + 0.0962²) = 0.3258.
        assert!(
            (lo - 0.0642).abs() < 0.001 && (hi - 0.3258).abs() < 0.001,
            "{lo} {hi}"
        );
        assert!(c.significant());
    }

    #[test]
    fn the_skill_measure_is_compared_opponent_by_opponent() {
        use crate::sim::skill::SkillMatch;
        let report = |mid: f64| SkillReport {
            players: 2,
            strong: "mcts:200".into(),
            matches: vec![
                SkillMatch {
                    opponent: "long-route".into(),
                    role: "mid".into(),
                    strong_wins: crate::sim::stats::Rate::new(mid, 200),
                },
                SkillMatch {
                    opponent: "random".into(),
                    role: "random".into(),
                    strong_wins: crate::sim::stats::Rate::new(198.0, 200),
                },
            ],
            cancelled: false,
        };
        let changes = skill_diff(&report(120.0), &report(160.0));
        assert_eq!(changes.len(), 2);
        assert_eq!(
            changes[0].metric,
            "2 players / skill / mcts:200 against long-route"
        );
        assert!((changes[0].change - 0.2).abs() < 1e-12 && changes[0].significant());
        assert!(!changes[1].significant());
        let mut other = report(120.0);
        other.players = 3;
        assert!(
            skill_diff(&report(120.0), &other).is_empty(),
            "another table"
        );
    }

    #[test]
    fn a_means_change_has_a_normal_interval_and_equal_samples_do_not_differ() {
        let c = mean_change("m", (100.0, 10.0, 5.0), (100.0, 10.0, 5.0));
        assert_eq!(c.change, 0.0);
        let (lo, hi) = c.interval.unwrap();
        assert!((hi - Z95 * (0.5f64).sqrt()).abs() < 1e-9 && lo == -hi);
        assert!(!c.significant());
    }
}
