//! What every family's balance knobs share: reading a knob (`name=LO..HI`,
//! `rule:PATH=LO..HI`), checking its bounds against a design, and stepping a
//! rule value, a deck count or ticket points within them. Each family's own
//! knobs are in its folder (the board game's: `board_game::knob`).

use serde_yaml::{Mapping, Value};

use formats::GameFile;
use formats::rules::Deck;

use crate::rng::GameRng;

/// Why a knob could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}`: {why}")]
pub struct KnobError {
    pub(crate) text: String,
    pub(crate) why: String,
}

impl KnobError {
    /// A refusal of `text`, saying why.
    pub fn new(text: &str, why: impl Into<String>) -> Self {
        KnobError {
            text: text.to_owned(),
            why: why.into(),
        }
    }
}

/// A knob's text split into its name and value (`ticket-points=2..20`).
pub fn split(s: &str) -> (&str, Option<&str>) {
    match s.split_once('=') {
        Some((n, v)) => (n.trim(), Some(v.trim())),
        None => (s.trim(), None),
    }
}

/// Bounds `LO..HI` of knob `text`.
pub fn bounds(text: &str, v: &str) -> Result<(f64, f64), KnobError> {
    let (a, b) = v
        .split_once("..")
        .ok_or_else(|| KnobError::new(text, "write bounds as LO..HI"))?;
    match (a.trim().parse::<f64>(), b.trim().parse::<f64>()) {
        (Ok(a), Ok(b)) if a.is_finite() && b.is_finite() && a <= b => Ok((a, b)),
        _ => Err(KnobError::new(
            text,
            "bounds must be numbers LO..HI with LO ≤ HI",
        )),
    }
}

/// Whole-number bounds of knob `text` (`default` without a value), within
/// `min..=max`.
pub fn int_bounds(
    text: &str,
    v: Option<&str>,
    default: (u32, u32),
    (min, max): (u32, u32),
    what: &str,
) -> Result<(u32, u32), KnobError> {
    let Some(v) = v else { return Ok(default) };
    let (lo, hi) = bounds(text, v)?;
    if lo < f64::from(min) || hi > f64::from(max) {
        return Err(KnobError::new(
            text,
            format!("{what} stay within {min}..{max}"),
        ));
    }
    Ok((lo as u32, hi as u32))
}

/// A `rule:PATH=LO..HI` knob's path and bounds; `None` when `s` is no
/// `rule:` knob.
pub fn parse_rule(s: &str) -> Option<Result<(String, f64, f64), KnobError>> {
    let (name, value) = split(s);
    let path = name.strip_prefix("rule:")?;
    Some((|| {
        if path.is_empty() {
            return Err(KnobError::new(
                s,
                "name the rule parameter, e.g. rule:trains=40..50",
            ));
        }
        let v = value.ok_or_else(|| KnobError::new(s, "give bounds, e.g. =40..50"))?;
        let (lo, hi) = bounds(s, v)?;
        Ok((path.to_owned(), lo, hi))
    })())
}

/// The refusal of a knob family `kind` lacks, listing its knobs.
pub fn unknown(s: &str, kind: formats::Family, knobs: &str) -> KnobError {
    KnobError::new(
        s,
        format!("{kind} designs have no such knob; their knobs are {knobs}"),
    )
}

/// The number at `path` (`tickets.keep_min`) of resolved rules.
pub fn value_at(rules: Option<Value>, path: &str) -> Option<f64> {
    let mut v = rules?;
    for part in path.split('.') {
        v = v.get(part)?.clone();
    }
    v.as_f64()
}

/// Every numeric parameter of resolved rules by its path (`trains`,
/// `tickets.keep_min`, …), for messages.
pub fn numeric_paths(rules: Option<Value>) -> Vec<String> {
    fn walk(v: &Value, prefix: &str, out: &mut Vec<String>) {
        match v {
            Value::Mapping(m) => {
                for (k, v) in m {
                    if let Some(k) = k.as_str() {
                        let path = if prefix.is_empty() {
                            k.to_owned()
                        } else {
                            format!("{prefix}.{k}")
                        };
                        walk(v, &path, out);
                    }
                }
            }
            Value::Number(_) => out.push(prefix.to_owned()),
            _ => {}
        }
    }
    let mut out = Vec::new();
    if let Some(v) = rules {
        walk(&v, "", &mut out);
    }
    out
}

/// Checks a `rule:PATH=LO..HI` knob against resolved `rules`: the path is
/// a numeric parameter and its value lies within the bounds.
pub fn check_rule(rules: Option<Value>, path: &str, lo: f64, hi: f64) -> Result<(), String> {
    match value_at(rules.clone(), path) {
        None => Err(format!(
            "--knob rule:{path}: the design has no numeric rule parameter \
             `{path}`; its numeric rules are: {}",
            numeric_paths(rules).join(", ")
        )),
        Some(v) if !(lo..=hi).contains(&v) => Err(format!(
            "--knob rule:{path}={lo}..{hi}: `{path}` is {v}, outside its bounds, \
             so it could change nothing (give bounds that include {v})"
        )),
        Some(_) => Ok(()),
    }
}

/// Steps the rule parameter at `path` (now `old`, as played) by 1 up or
/// down within `lo..=hi`, writing it under `file.rules`.
pub fn step_rule(
    file: &mut GameFile,
    old: Option<f64>,
    (path, lo, hi): (&str, f64, f64),
    rng: &mut GameRng,
) -> Option<String> {
    let old = old.filter(|v| (lo..=hi).contains(v))?;
    let up = rng.below(2) == 0;
    let new = if up { old + 1.0 } else { old - 1.0 }.clamp(lo, hi);
    if new == old {
        return None;
    }
    set_rule(&mut file.rules, path, new);
    Some(format!("rule {path}: {old} → {new}"))
}

/// Writes `value` at `path` under a design's `rules:` (making the
/// mappings on the way).
pub fn set_rule(rules: &mut Mapping, path: &str, value: f64) {
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

/// Checks a `deck-counts=LO..HI` knob: some unlocked colour or the
/// locomotives (locked as `deck:NAME`) has a count within the bounds.
pub fn check_deck(deck: Option<Deck>, locked: &[String], lo: u8, hi: u8) -> Result<(), String> {
    let free = deck.is_some_and(|deck| {
        deck.colors
            .into_iter()
            .chain(std::iter::once((
                "locomotives".to_owned(),
                deck.locomotives,
            )))
            .any(|(k, n)| !locked.contains(&format!("deck:{k}")) && (lo..=hi).contains(&n))
    });
    if free {
        Ok(())
    } else {
        Err(format!(
            "--knob deck-counts={lo}..{hi}: no unlocked colour or locomotive count \
             is {lo} to {hi} cards, so it could change nothing (a knob moves \
             values only within its bounds)"
        ))
    }
}

/// Moves one unlocked deck count of `deck` (the design's deck as played: a
/// colour or the locomotives, locked as `deck:NAME`) by 1–2 within
/// `lo..=hi`, writing it under `file.cards`.
pub fn step_deck(
    file: &mut GameFile,
    deck: Deck,
    locked: &[String],
    rng: &mut GameRng,
    (lo, hi): (u8, u8),
) -> Option<String> {
    let mut kinds: Vec<(String, u8)> = deck.colors.into_iter().collect();
    kinds.push(("locomotives".into(), deck.locomotives));
    // Only counts within the bounds move, and only within them.
    kinds.retain(|(k, n)| !locked.contains(&format!("deck:{k}")) && (lo..=hi).contains(n));
    if kinds.is_empty() {
        return None;
    }
    let (kind, old) = kinds.swap_remove(rng.index(kinds.len()));
    let step = 1 + rng.below(2) as u8;
    let new = if rng.below(2) == 0 {
        old.saturating_sub(step).max(lo)
    } else {
        old.saturating_add(step).min(hi)
    };
    if new == old {
        return None;
    }
    let value = Value::Number(u64::from(new).into());
    if kind == "locomotives" {
        file.cards.insert("locomotives".into(), value);
    } else {
        let colors = file
            .cards
            .entry("colors".into())
            .or_insert_with(|| Value::Mapping(Mapping::new()));
        if !colors.is_mapping() {
            *colors = Value::Mapping(Mapping::new());
        }
        if let Value::Mapping(m) = colors {
            m.insert(kind.as_str().into(), value);
        }
    }
    Some(format!("deck {kind}: {old} → {new} cards"))
}

/// Picks an object to change among `len`: three times in four one of the
/// first four `hints` that are `free` (index, signed distance: positive
/// moves it down), else any free object in a random direction. `None` when
/// none is free. Returns the object and whether it goes down.
pub fn pick(
    len: usize,
    free: impl Fn(usize) -> bool,
    hints: &[(usize, f64)],
    rng: &mut GameRng,
) -> Option<(usize, bool)> {
    let hinted: Vec<(usize, f64)> = hints
        .iter()
        .copied()
        .filter(|(i, _)| *i < len && free(*i))
        .take(4)
        .collect();
    if !hinted.is_empty() && rng.below(4) > 0 {
        let (i, r) = hinted[rng.index(hinted.len())];
        Some((i, r > 0.0))
    } else {
        let free: Vec<usize> = (0..len).filter(|&i| free(i)).collect();
        if free.is_empty() {
            return None;
        }
        Some((free[rng.index(free.len())], rng.below(2) == 0))
    }
}

/// `old` moved 1–2 (drawn from `rng`) down or up, within `lo..=hi`.
pub fn step_within(old: u32, down: bool, (lo, hi): (u32, u32), rng: &mut GameRng) -> u32 {
    let step = 1 + rng.below(2);
    if down {
        old.saturating_sub(step).max(lo)
    } else {
        (old + step).min(hi)
    }
}

/// Whether ticket `i` of `file` is locked (by `From - To`).
pub fn ticket_locked(file: &GameFile, locked: &[String], i: usize) -> bool {
    locked.contains(&file.tickets[i].display_name())
}

/// Checks a `ticket-points=LO..HI` knob: some unlocked ticket is worth
/// `lo..=hi` points.
pub fn check_ticket_points(
    file: &GameFile,
    locked: &[String],
    lo: u32,
    hi: u32,
) -> Result<(), String> {
    let free = (0..file.tickets.len())
        .any(|i| !ticket_locked(file, locked, i) && (lo..=hi).contains(&file.tickets[i].points));
    if free {
        Ok(())
    } else {
        Err(format!(
            "--knob ticket-points={lo}..{hi}: no unlocked ticket is worth {lo} to \
             {hi} points, so it could change nothing (a knob moves values only \
             within its bounds)"
        ))
    }
}

/// Moves one unlocked ticket's points by 1–2 within `lo..=hi` (only tickets
/// within the bounds move): a hinted (overpaid) one three times in four.
pub fn step_ticket_points(
    file: &mut GameFile,
    locked: &[String],
    (lo, hi): (u32, u32),
    rng: &mut GameRng,
    hints: &[(usize, f64)],
) -> Option<String> {
    let (i, down) = pick(
        file.tickets.len(),
        |i| !ticket_locked(file, locked, i) && (lo..=hi).contains(&file.tickets[i].points),
        hints,
        rng,
    )?;
    let t = &mut file.tickets[i];
    let old = t.points;
    t.points = step_within(old, down, (lo, hi), rng);
    (t.points != old).then(|| format!("ticket {}: {old} → {} points", t.display_name(), t.points))
}
