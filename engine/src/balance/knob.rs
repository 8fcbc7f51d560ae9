//! What a balance run may change (`--knob`), and one random change of a
//! design within those knobs. Objects named in `--lock` never change.

use std::str::FromStr;

use serde_yaml::{Mapping, Value};

use formats::GameFile;

use crate::rng::GameRng;

/// A kind of change the designer allows.
#[derive(Clone, Debug, PartialEq)]
pub enum Knob {
    /// Ticket points, each within `lo..=hi`.
    TicketPoints {
        /// Fewest points.
        lo: u32,
        /// Most points.
        hi: u32,
    },
    /// Route lengths, each within ±1 of the original (and at least 1).
    RouteLength,
    /// A numeric rule parameter (`trains`, `tickets.keep_min`, …) within
    /// `lo..=hi`, in steps of 1.
    Rule {
        /// Its path under `rules:`.
        path: String,
        /// Lowest.
        lo: f64,
        /// Highest.
        hi: f64,
    },
}

/// The knobs `balance` knows, for help texts and errors.
pub const KNOB_NAMES: &str =
    "ticket-points[=1..30], route-length, rule:PATH=LO..HI (e.g. rule:trains=40..50)";

/// Why a knob could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}`: {why}")]
pub struct KnobError {
    text: String,
    why: String,
}

impl FromStr for Knob {
    type Err = KnobError;

    fn from_str(s: &str) -> Result<Self, KnobError> {
        let err = |why: &str| KnobError {
            text: s.to_owned(),
            why: why.to_owned(),
        };
        let (name, value) = match s.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (s.trim(), None),
        };
        let bounds = |v: &str| -> Result<(f64, f64), KnobError> {
            let (a, b) = v
                .split_once("..")
                .ok_or_else(|| err("write bounds as LO..HI"))?;
            match (a.trim().parse::<f64>(), b.trim().parse::<f64>()) {
                (Ok(a), Ok(b)) if a.is_finite() && b.is_finite() && a <= b => Ok((a, b)),
                _ => Err(err("bounds must be numbers LO..HI with LO ≤ HI")),
            }
        };
        if let Some(path) = name.strip_prefix("rule:") {
            if path.is_empty() {
                return Err(err("name the rule parameter, e.g. rule:trains=40..50"));
            }
            let (lo, hi) = bounds(value.ok_or_else(|| err("give bounds, e.g. =40..50"))?)?;
            return Ok(Knob::Rule {
                path: path.to_owned(),
                lo,
                hi,
            });
        }
        match (name, value) {
            ("ticket-points", None) => Ok(Knob::TicketPoints { lo: 1, hi: 30 }),
            ("ticket-points", Some(v)) => {
                let (lo, hi) = bounds(v)?;
                if lo < 1.0 || hi > 1000.0 {
                    return Err(err("ticket points stay within 1..1000"));
                }
                Ok(Knob::TicketPoints {
                    lo: lo as u32,
                    hi: hi as u32,
                })
            }
            ("route-length", None) => Ok(Knob::RouteLength),
            _ => Err(err(&format!("no such knob; the knobs are {KNOB_NAMES}"))),
        }
    }
}

/// The value of a rule parameter as played (resolved from the preset).
pub fn rule_value(file: &GameFile, path: &str) -> Option<f64> {
    let (rules, _) = formats::rules::resolve(&file.rules, &file.cards).ok()?;
    let mut v = serde_yaml::to_value(rules).ok()?;
    for part in path.split('.') {
        v = v.get(part)?.clone();
    }
    v.as_f64()
}

fn set_rule(rules: &mut Mapping, path: &str, value: f64) {
    let mut parts = path.split('.').peekable();
    let mut m = rules;
    while let Some(part) = parts.next() {
        if parts.peek().is_none() {
            m.insert(part.into(), Value::Number((value as i64).into()));
            return;
        }
        let entry = m
            .entry(part.into())
            .or_insert_with(|| Value::Mapping(Mapping::new()));
        if !entry.is_mapping() {
            *entry = Value::Mapping(Mapping::new());
        }
        let Value::Mapping(inner) = entry else { return };
        m = inner;
    }
}

/// What makes one change: the original design (for ±1 bounds), the names
/// that are locked, and tickets to look at first (by index, with the sign of
/// their unfairness: positive = overpaid).
pub struct Mutator<'a> {
    /// The design as given.
    pub original: &'a GameFile,
    /// The allowed knobs.
    pub knobs: &'a [Knob],
    /// Ticket (`From - To`) and route (`From - To (colour)` or id) names
    /// never to change.
    pub locked: &'a [String],
}

impl Mutator<'_> {
    fn ticket_locked(&self, file: &GameFile, i: usize) -> bool {
        let name = file.tickets[i].display_name();
        self.locked.contains(&name)
    }

    fn route_locked(&self, file: &GameFile, i: usize) -> bool {
        let r = &file.routes[i];
        let name = r.display_name();
        self.locked
            .iter()
            .any(|l| *l == name || r.id.as_deref() == Some(l.as_str()))
    }

    /// Makes one change to `file` and says what it was, or `None` when the
    /// chosen knob has nothing it may change. `hints` are tickets the
    /// targets find unfair (index, residual), worst first: they are chosen
    /// three times in four, and moved against their unfairness.
    pub fn mutate(
        &self,
        file: &mut GameFile,
        rng: &mut GameRng,
        hints: &[(usize, f64)],
    ) -> Option<String> {
        let knob = &self.knobs[rng.index(self.knobs.len())];
        match knob {
            Knob::TicketPoints { lo, hi } => {
                let hinted: Vec<(usize, f64)> = hints
                    .iter()
                    .copied()
                    .filter(|(i, _)| *i < file.tickets.len() && !self.ticket_locked(file, *i))
                    .take(4)
                    .collect();
                let (i, down) = if !hinted.is_empty() && rng.below(4) > 0 {
                    let (i, r) = hinted[rng.index(hinted.len())];
                    (i, r > 0.0)
                } else {
                    let free: Vec<usize> = (0..file.tickets.len())
                        .filter(|&i| !self.ticket_locked(file, i))
                        .collect();
                    if free.is_empty() {
                        return None;
                    }
                    (free[rng.index(free.len())], rng.below(2) == 0)
                };
                let step = 1 + rng.below(2);
                let t = &mut file.tickets[i];
                let old = t.points;
                t.points = if down {
                    old.saturating_sub(step).max(*lo)
                } else {
                    (old + step).min(*hi)
                };
                (t.points != old)
                    .then(|| format!("ticket {}: {old} → {} points", t.display_name(), t.points))
            }
            Knob::RouteLength => {
                let free: Vec<usize> = (0..file.routes.len())
                    .filter(|&i| !self.route_locked(file, i))
                    .collect();
                if free.is_empty() {
                    return None;
                }
                let i = free[rng.index(free.len())];
                let base = self
                    .original
                    .routes
                    .get(i)
                    .map_or(file.routes[i].length, |r| r.length);
                let r = &mut file.routes[i];
                let old = r.length;
                let options: Vec<u32> = [base.saturating_sub(1).max(1), base, base + 1]
                    .into_iter()
                    .filter(|&l| l != old)
                    .collect();
                r.length = options[rng.index(options.len())];
                Some(format!(
                    "route {}: length {old} → {}",
                    r.display_name(),
                    r.length
                ))
            }
            Knob::Rule { path, lo, hi } => {
                let old = rule_value(file, path)?;
                let up = rng.below(2) == 0;
                let new = if up { old + 1.0 } else { old - 1.0 }.clamp(*lo, *hi);
                if new == old {
                    return None;
                }
                set_rule(&mut file.rules, path, new);
                Some(format!("rule {path}: {old} → {new}"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knobs_are_read_and_bad_ones_are_named() {
        assert_eq!("route-length".parse(), Ok(Knob::RouteLength));
        assert_eq!(
            "ticket-points=2..20".parse(),
            Ok(Knob::TicketPoints { lo: 2, hi: 20 })
        );
        assert_eq!(
            "rule:trains=40..50".parse(),
            Ok(Knob::Rule {
                path: "trains".into(),
                lo: 40.0,
                hi: 50.0
            })
        );
        let e = "rule:trains".parse::<Knob>().unwrap_err().to_string();
        assert!(e.contains("give bounds"), "{e}");
        let e = "colours".parse::<Knob>().unwrap_err().to_string();
        assert!(e.starts_with("`colours`: no such knob"), "{e}");
    }

    #[test]
    fn locked_tickets_never_change_and_rules_stay_in_bounds() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let original = formats::load(&path).unwrap().design;
        let locked: Vec<String> = original
            .tickets
            .iter()
            .skip(1)
            .map(|t| t.display_name())
            .collect();
        let knobs = [
            Knob::TicketPoints { lo: 1, hi: 30 },
            Knob::Rule {
                path: "trains".into(),
                lo: 44.0,
                hi: 46.0,
            },
        ];
        let m = Mutator {
            original: &original,
            knobs: &knobs,
            locked: &locked,
        };
        let mut file = original.clone();
        let mut rng = GameRng::seeded(1);
        for _ in 0..200 {
            m.mutate(&mut file, &mut rng, &[(5, 0.3)]);
        }
        for (a, b) in original.tickets.iter().zip(&file.tickets).skip(1) {
            assert_eq!(a.points, b.points, "{} changed", a.display_name());
        }
        assert_ne!(original.tickets[0].points, file.tickets[0].points);
        let trains = rule_value(&file, "trains").unwrap();
        assert!((44.0..=46.0).contains(&trains), "{trains}");
    }
}
