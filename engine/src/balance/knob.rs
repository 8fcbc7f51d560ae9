//! What a balance run may change (`--knob`), and one random change of a
//! design within those knobs. Objects named in `--lock` never change.

use std::str::FromStr;

use serde_yaml::{Mapping, Value};

use formats::rules::Deck;
use formats::{GameFile, RouteSpec};

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
    /// Route colours: a route takes another deck colour or `gray` (never
    /// its twin's colour).
    RouteColour,
    /// Which routes are double: a single route gains a twin (same ends and
    /// length, another colour), or a double route loses its second track.
    DoubleRoutes,
    /// Deck counts: one colour's cards or the locomotives, each within
    /// `lo..=hi`, 1–2 cards at a time.
    DeckCounts {
        /// Fewest cards of a kind.
        lo: u8,
        /// Most cards of a kind.
        hi: u8,
    },
    /// Tickets swapped for other pairs of places (`tracklayer derive tickets`).
    TicketDeck(crate::board_game::deck::DeckKnob),
}

/// The knobs `balance` knows, for help texts and errors.
pub const KNOB_NAMES: &str = "ticket-points[=1..30], route-length, route-colour, double-routes, \
     deck-counts[=6..20], rule:PATH=LO..HI (e.g. rule:trains=40..50)";

/// Why a knob could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}`: {why}")]
pub struct KnobError {
    text: String,
    why: String,
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

impl FromStr for Knob {
    type Err = KnobError;

    fn from_str(s: &str) -> Result<Self, KnobError> {
        let err = |why: &str| KnobError::new(s, why);
        if let Some(rule) = parse_rule(s) {
            let (path, lo, hi) = rule?;
            return Ok(Knob::Rule { path, lo, hi });
        }
        let (name, value) = split(s);
        match (name, value) {
            ("ticket-points", v) => {
                let (lo, hi) = int_bounds(s, v, (1, 30), (1, 1000), "ticket points")?;
                Ok(Knob::TicketPoints { lo, hi })
            }
            ("route-length", None) => Ok(Knob::RouteLength),
            ("route-colour" | "route-color", None) => Ok(Knob::RouteColour),
            ("double-routes", None) => Ok(Knob::DoubleRoutes),
            ("deck-counts", v) => {
                let (lo, hi) = int_bounds(s, v, (6, 20), (0, 255), "deck counts")?;
                Ok(Knob::DeckCounts {
                    lo: lo as u8,
                    hi: hi as u8,
                })
            }
            _ => Err(err(&unknown(s, formats::Family::Board, KNOB_NAMES).why)),
        }
    }
}

/// A board design's rule parameters as played (resolved from the preset).
fn board_rules(file: &GameFile) -> Option<Value> {
    let (rules, _) = formats::rules::resolve(&file.rules, &file.cards).ok()?;
    serde_yaml::to_value(rules).ok()
}

/// The value of a board design's rule parameter as played.
pub fn rule_value(file: &GameFile, path: &str) -> Option<f64> {
    value_at(board_rules(file), path)
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

/// A route's ends, in a fixed order.
fn ends(r: &RouteSpec) -> (&str, &str) {
    if r.from <= r.to {
        (&r.from, &r.to)
    } else {
        (&r.to, &r.from)
    }
}

fn ends_eq(e: &(&str, &str), r: &RouteSpec) -> bool {
    *e == ends(r)
}

/// The colours a route may take: the deck's colours and `gray`.
fn deck_colours(file: &GameFile) -> Option<Vec<String>> {
    let (_, deck) = formats::rules::resolve(&file.rules, &file.cards).ok()?;
    Some(
        deck.colors
            .into_keys()
            .chain(std::iter::once("gray".to_owned()))
            .collect(),
    )
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
    /// Checks before a search that every lock names something of the
    /// original design and every knob can change something within its
    /// bounds; the message names the lock or knob and what to do.
    pub fn check(&self) -> Result<(), String> {
        let file = self.original;
        let kinds: Vec<String> = formats::rules::resolve(&file.rules, &file.cards)
            .map(|(_, deck)| {
                deck.colors
                    .into_keys()
                    .chain(std::iter::once("locomotives".to_owned()))
                    .collect()
            })
            .unwrap_or_default();
        for lock in self.locked {
            let known = file.tickets.iter().any(|t| t.display_name() == *lock)
                || file
                    .routes
                    .iter()
                    .any(|r| r.display_name() == *lock || r.id.as_deref() == Some(lock.as_str()))
                || lock
                    .strip_prefix("deck:")
                    .is_some_and(|k| kinds.iter().any(|c| c == k));
            if !known {
                return Err(format!(
                    "--lock `{lock}`: the design has no ticket, route or deck count of that name \
                     (write a ticket `From - To`, a route `From - To (colour)` or its id, a deck \
                     count `deck:red` or `deck:locomotives`)"
                ));
            }
        }
        for knob in self.knobs {
            match knob {
                Knob::TicketPoints { lo, hi } => {
                    check_ticket_points(file, self.locked, *lo, *hi)?;
                }
                Knob::DeckCounts { lo, hi } => {
                    let deck = formats::rules::resolve(&file.rules, &file.cards)
                        .ok()
                        .map(|(_, d)| d);
                    check_deck(deck, self.locked, *lo, *hi)?;
                }
                Knob::Rule { path, lo, hi } => check_rule(board_rules(file), path, *lo, *hi)?,
                Knob::RouteLength | Knob::RouteColour | Knob::DoubleRoutes => {}
                Knob::TicketDeck(d) => d.check(file, self.locked)?,
            }
        }
        Ok(())
    }

    fn route_locked(&self, file: &GameFile, i: usize) -> bool {
        let r = &file.routes[i];
        let name = r.display_name();
        self.locked
            .iter()
            .any(|l| *l == name || r.id.as_deref() == Some(l.as_str()))
    }

    /// Whether any route between these ends is locked (then which routes
    /// are double there is locked too).
    fn pair_locked(&self, file: &GameFile, i: usize) -> bool {
        let ends = ends(&file.routes[i]);
        (0..file.routes.len())
            .any(|j| ends_eq(&ends, &file.routes[j]) && self.route_locked(file, j))
    }

    /// The original of a (possibly changed) route: by id, else by its
    /// ends and colour, else by its ends.
    fn original_route(&self, r: &RouteSpec) -> Option<&RouteSpec> {
        let routes = &self.original.routes;
        match &r.id {
            Some(id) => routes.iter().find(|o| o.id.as_ref() == Some(id)),
            None => routes
                .iter()
                .find(|o| o.id.is_none() && ends_eq(&ends(r), o) && o.color == r.color)
                .or_else(|| routes.iter().find(|o| ends_eq(&ends(r), o))),
        }
    }

    /// Gives a free route another deck colour or `gray`, never its twin's.
    fn recolour(&self, file: &mut GameFile, rng: &mut GameRng) -> Option<String> {
        let colours = deck_colours(file)?;
        let free: Vec<usize> = (0..file.routes.len())
            .filter(|&i| !self.route_locked(file, i))
            .collect();
        if free.is_empty() {
            return None;
        }
        let i = free[rng.index(free.len())];
        let twins: Vec<&str> = (0..file.routes.len())
            .filter(|&j| j != i && ends_eq(&ends(&file.routes[i]), &file.routes[j]))
            .map(|j| file.routes[j].color.as_str())
            .collect();
        let old = file.routes[i].color.clone();
        let options: Vec<&String> = colours
            .iter()
            .filter(|c| **c != old && !twins.contains(&c.as_str()))
            .collect();
        if options.is_empty() {
            return None;
        }
        let new = options[rng.index(options.len())].clone();
        let r = &mut file.routes[i];
        let was = r.display_name();
        r.color = new;
        Some(format!("route {was}: colour {old} → {}", r.color))
    }

    /// Doubles a free single route (a twin of another colour, appended) or
    /// makes a free double route single (its last track goes), one or the
    /// other at random.
    fn toggle_double(&self, file: &mut GameFile, rng: &mut GameRng) -> Option<String> {
        let twins = |file: &GameFile, i: usize| {
            (0..file.routes.len())
                .filter(|&j| ends_eq(&ends(&file.routes[i]), &file.routes[j]))
                .collect::<Vec<usize>>()
        };
        let free: Vec<usize> = (0..file.routes.len())
            .filter(|&i| !self.pair_locked(file, i))
            .collect();
        let (single, double): (Vec<usize>, Vec<usize>) =
            free.into_iter().partition(|&i| twins(file, i).len() == 1);
        let undouble = match (single.is_empty(), double.is_empty()) {
            (true, true) => return None,
            (true, false) => true,
            (false, true) => false,
            (false, false) => rng.below(2) == 0,
        };
        if undouble {
            let i = double[rng.index(double.len())];
            let last = *twins(file, i).last()?;
            let gone = file.routes.remove(last);
            return Some(format!("route {}: no longer double", gone.display_name()));
        }
        let i = single[rng.index(single.len())];
        let colours = deck_colours(file)?;
        let base = &file.routes[i];
        let options: Vec<&String> = colours
            .iter()
            .filter(|c| **c != base.color || *c == "gray")
            .collect();
        let mut twin = RouteSpec {
            color: options[rng.index(options.len())].clone(),
            bends: Default::default(),
            ..base.clone()
        };
        twin.id = base.id.as_ref().map(|id| {
            (2..)
                .map(|n| format!("{id}-{n}"))
                .find(|c| file.routes.iter().all(|r| r.id.as_ref() != Some(c)))
                .unwrap_or_else(|| format!("{id}-twin"))
        });
        let what = format!(
            "route {}: doubled by {}",
            base.display_name(),
            twin.display_name()
        );
        file.routes.push(twin);
        Some(what)
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
                step_ticket_points(file, self.locked, (*lo, *hi), rng, hints)
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
                    .original_route(&file.routes[i])
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
            Knob::RouteColour => self.recolour(file, rng),
            Knob::TicketDeck(d) => d.mutate(file, self.locked, rng, hints),
            Knob::DoubleRoutes => self.toggle_double(file, rng),
            Knob::DeckCounts { lo, hi } => {
                let deck = formats::rules::resolve(&file.rules, &file.cards).ok()?.1;
                step_deck(file, deck, self.locked, rng, (*lo, *hi))
            }
            Knob::Rule { path, lo, hi } => {
                let old = rule_value(file, path);
                step_rule(file, old, (path, *lo, *hi), rng)
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
        assert!(
            e.starts_with("`colours`: board designs have no such knob"),
            "{e}"
        );
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

#[cfg(test)]
mod bound_tests {
    use super::*;

    fn usa() -> GameFile {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        formats::load(&path).unwrap().design
    }

    /// `file` after 300 changes through `knobs`, with hints on every ticket.
    fn churned(file: &GameFile, knobs: &[Knob]) -> GameFile {
        let m = Mutator {
            original: file,
            knobs,
            locked: &[],
        };
        let hints: Vec<(usize, f64)> = (0..file.tickets.len()).map(|i| (i, -0.5)).collect();
        let mut out = file.clone();
        let mut rng = GameRng::seeded(7);
        for _ in 0..300 {
            m.mutate(&mut out, &mut rng, &hints);
        }
        out
    }

    #[test]
    fn a_knob_moves_only_values_within_its_bounds_and_keeps_them_there() {
        let file = usa();
        // No USA ticket is worth 50..60: none may move (one went 11 → 13).
        let after = churned(&file, &[Knob::TicketPoints { lo: 50, hi: 60 }]);
        assert_eq!(after.tickets, file.tickets);
        // 0..0 cards: no count may move (green went 12 → 10).
        let after = churned(&file, &[Knob::DeckCounts { lo: 0, hi: 0 }]);
        assert_eq!(after.cards, file.cards);
        // Within 8..12 points: those tickets stay there, the others never move.
        let after = churned(&file, &[Knob::TicketPoints { lo: 8, hi: 12 }]);
        assert_ne!(after.tickets, file.tickets);
        for (a, b) in file.tickets.iter().zip(&after.tickets) {
            if (8..=12).contains(&a.points) {
                assert!(
                    (8..=12).contains(&b.points),
                    "{}: {}",
                    b.display_name(),
                    b.points
                );
            } else {
                assert_eq!(a.points, b.points, "{} moved", a.display_name());
            }
        }
    }

    #[test]
    fn locks_and_knobs_that_name_nothing_are_refused_by_name() {
        let file = usa();
        let check = |knobs: &[Knob], locked: &[String]| {
            Mutator {
                original: &file,
                knobs,
                locked,
            }
            .check()
        };
        let ticket = file.tickets[0].display_name();
        let route = file.routes[0].display_name();
        let fine = [
            ticket,
            route,
            "deck:red".to_owned(),
            "deck:locomotives".to_owned(),
        ];
        assert_eq!(check(&[Knob::RouteLength], &fine), Ok(()));
        let e = check(&[Knob::RouteLength], &["Nowhere - X".to_owned()]).unwrap_err();
        assert!(
            e.starts_with("--lock `Nowhere - X`: the design has no"),
            "{e}"
        );
        let e = check(&[Knob::RouteLength], &["deck:purple".to_owned()]).unwrap_err();
        assert!(e.contains("`deck:purple`"), "{e}");
        let nowhere = Knob::Rule {
            path: "nonexistent.path".into(),
            lo: 1.0,
            hi: 2.0,
        };
        let e = check(&[nowhere], &[]).unwrap_err();
        assert!(
            e.starts_with("--knob rule:nonexistent.path: the design has no numeric rule"),
            "{e}"
        );
        assert!(e.contains("trains"), "{e}");
        let e = check(&[Knob::TicketPoints { lo: 50, hi: 60 }], &[]).unwrap_err();
        assert!(e.contains("ticket-points=50..60"), "{e}");
        let e = check(&[Knob::DeckCounts { lo: 0, hi: 0 }], &[]).unwrap_err();
        assert!(e.contains("deck-counts=0..0"), "{e}");
        let outside = Knob::Rule {
            path: "trains".into(),
            lo: 1.0,
            hi: 2.0,
        };
        let e = check(&[outside], &[]).unwrap_err();
        assert!(e.contains("`trains` is 45"), "{e}");
    }
}

#[cfg(test)]
mod board_knob_tests {
    use std::path::Path;

    use super::*;

    fn usa() -> formats::LoadedDesign {
        formats::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml")).unwrap()
    }

    /// Many changes through one knob with every other route and the red
    /// cards locked; returns the original and the changed design.
    fn churn(knob: Knob, changes: usize) -> (GameFile, GameFile, Vec<String>) {
        let original = usa().design;
        let mut locked: Vec<String> = original
            .routes
            .iter()
            .step_by(2)
            .map(|r| r.id.clone().unwrap())
            .collect();
        locked.push("deck:red".into());
        let knobs = [knob];
        let m = Mutator {
            original: &original,
            knobs: &knobs,
            locked: &locked,
        };
        let mut file = original.clone();
        let mut rng = GameRng::seeded(7);
        let mut done = 0;
        for _ in 0..changes {
            done += usize::from(m.mutate(&mut file, &mut rng, &[]).is_some());
        }
        assert!(done > changes / 2, "only {done} changes");
        (original, file, locked)
    }

    /// The variant written for `file` over USA: its top-level keys, and the
    /// design it loads back as.
    fn variant(file: &GameFile) -> (Vec<String>, Mapping, GameFile) {
        let base = usa();
        let base = formats::BaseDesign {
            extends: "usa.yaml".into(),
            mapping: match serde_yaml::to_value(&base.design).unwrap() {
                Value::Mapping(m) => m,
                _ => unreachable!(),
            },
            design: base.design,
        };
        let text = formats::to_yaml(file, Some(&base)).unwrap();
        let mapping: Mapping = serde_yaml::from_str(&text).unwrap();
        let keys = mapping
            .keys()
            .map(|k| k.as_str().unwrap().to_owned())
            .collect();
        let at = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa-knob-test.yaml");
        let back = formats::load_str(&text, &at).unwrap().design;
        (keys, mapping, back)
    }

    fn locked_routes_unchanged(original: &GameFile, file: &GameFile, locked: &[String]) {
        for id in locked.iter().filter(|l| !l.starts_with("deck:")) {
            let find = |f: &GameFile| f.routes.iter().find(|r| r.id.as_ref() == Some(id)).cloned();
            assert_eq!(find(original), find(file), "locked route {id} changed");
        }
    }

    fn routes_in(mapping: &Mapping) -> usize {
        mapping
            .get("routes")
            .and_then(Value::as_sequence)
            .map_or(0, Vec::len)
    }

    #[test]
    fn route_colours_change_only_free_routes_never_to_a_twins_colour_and_save_as_changes() {
        let (original, file, locked) = churn(Knob::RouteColour, 40);
        locked_routes_unchanged(&original, &file, &locked);
        assert_eq!(original.routes.len(), file.routes.len());
        for (i, r) in file.routes.iter().enumerate() {
            for t in &file.routes[i + 1..] {
                if ends(r) == ends(t) && r.color != "gray" {
                    assert_ne!(
                        r.color,
                        t.color,
                        "{} has a twin of its colour",
                        r.display_name()
                    );
                }
            }
        }
        assert!(crate::Board::build(&file).is_ok());
        let changed = original
            .routes
            .iter()
            .zip(&file.routes)
            .filter(|(a, b)| a != b)
            .count();
        assert!(changed > 10, "{changed}");
        let (keys, mapping, back) = variant(&file);
        assert_eq!(keys, ["format", "extends", "routes"]);
        assert_eq!(routes_in(&mapping), changed);
        assert_eq!(back.routes, file.routes);
    }

    #[test]
    fn double_routes_come_and_go_only_where_nothing_is_locked_and_save_as_changes() {
        let (original, file, locked) = churn(Knob::DoubleRoutes, 40);
        locked_routes_unchanged(&original, &file, &locked);
        let pairs = |f: &GameFile| {
            let mut p: Vec<(String, String)> = f
                .routes
                .iter()
                .map(|r| {
                    let (a, b) = ends(r);
                    (a.to_owned(), b.to_owned())
                })
                .collect();
            p.sort();
            p
        };
        assert_ne!(pairs(&original), pairs(&file));
        for id in &locked {
            let Some(r) = original.routes.iter().find(|r| r.id.as_ref() == Some(id)) else {
                continue;
            };
            let count = |f: &GameFile| f.routes.iter().filter(|t| ends(t) == ends(r)).count();
            assert_eq!(count(&original), count(&file), "{id}: doubling changed");
        }
        assert!(crate::Board::build(&file).is_ok());
        let (keys, mapping, back) = variant(&file);
        assert!(
            keys.iter()
                .all(|k| ["format", "extends", "routes", "remove"].contains(&k.as_str())),
            "{keys:?}"
        );
        let added = file
            .routes
            .iter()
            .filter(|r| !original.routes.contains(r))
            .count();
        assert_eq!(routes_in(&mapping), added);
        let mut a = back.routes.clone();
        let mut b = file.routes.clone();
        a.sort_by_key(|r| r.id.clone());
        b.sort_by_key(|r| r.id.clone());
        assert_eq!(a, b);
    }

    #[test]
    fn deck_counts_stay_in_bounds_keep_locked_colours_and_save_as_changes() {
        let (original, file, _) = churn(Knob::DeckCounts { lo: 8, hi: 14 }, 60);
        let (_, before) = formats::rules::resolve(&original.rules, &original.cards).unwrap();
        let (_, after) = formats::rules::resolve(&file.rules, &file.cards).unwrap();
        assert_eq!(before.colors["red"], after.colors["red"]);
        assert_ne!(before, after);
        for (c, n) in &after.colors {
            assert!((8..=14).contains(n) || c == "red", "{c}: {n}");
        }
        assert!((8..=14).contains(&after.locomotives));
        let (keys, mapping, back) = variant(&file);
        assert_eq!(keys, ["format", "extends", "cards"]);
        let written = mapping["cards"]["colors"]
            .as_mapping()
            .map_or(0, Mapping::len);
        let moved = before
            .colors
            .iter()
            .filter(|(c, n)| after.colors[*c] != **n)
            .count();
        assert_eq!(written, moved, "{:?}", mapping["cards"]);
        assert_eq!(back.cards, file.cards);
    }

    #[test]
    fn the_new_knobs_are_read() {
        assert_eq!("route-colour".parse(), Ok(Knob::RouteColour));
        assert_eq!("route-color".parse(), Ok(Knob::RouteColour));
        assert_eq!("double-routes".parse(), Ok(Knob::DoubleRoutes));
        assert_eq!(
            "deck-counts=4..16".parse(),
            Ok(Knob::DeckCounts { lo: 4, hi: 16 })
        );
        let e = "deck-counts=1..300"
            .parse::<Knob>()
            .unwrap_err()
            .to_string();
        assert!(e.contains("0..255"), "{e}");
    }
}
