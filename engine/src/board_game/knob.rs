//! The board game's balance knobs (`--knob`): which changes a balance run
//! may make to a board design, and one random change within them
//! ([`Mutator`]). Objects named in `--lock` never change. The parsing and
//! stepping helpers every family's knobs share are in
//! [`crate::balance::knob`].

use std::str::FromStr;

use serde_yaml::Value;

use formats::{GameFile, RouteSpec};

use super::balance::BoardHints;
use crate::balance::knob::*;
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
    let (rules, _) = formats::board_game::rules::resolve(&file.rules, &file.cards).ok()?;
    serde_yaml::to_value(rules).ok()
}

/// The value of a board design's rule parameter as played.
pub fn rule_value(file: &GameFile, path: &str) -> Option<f64> {
    value_at(board_rules(file), path)
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
    let (_, deck) = formats::board_game::rules::resolve(&file.rules, &file.cards).ok()?;
    Some(
        deck.colors
            .into_keys()
            .chain(std::iter::once("gray".to_owned()))
            .collect(),
    )
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
        let kinds: Vec<String> = formats::board_game::rules::resolve(&file.rules, &file.cards)
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
                    let deck = formats::board_game::rules::resolve(&file.rules, &file.cards)
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
    /// chosen knob has nothing it may change. `hints` say what the targets
    /// found off: the tickets they find unfair are chosen three times in
    /// four and moved against their unfairness; the deck knob swaps out the
    /// tickets behind a missed figure
    /// ([`crate::board_game::deck::DeckKnob::mutate`]).
    pub fn mutate(
        &self,
        file: &mut GameFile,
        rng: &mut GameRng,
        hints: &BoardHints,
    ) -> Option<String> {
        let knob = &self.knobs[rng.index(self.knobs.len())];
        match knob {
            Knob::TicketPoints { lo, hi } => {
                step_ticket_points(file, self.locked, (*lo, *hi), rng, &hints.unfair)
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
                let deck = formats::board_game::rules::resolve(&file.rules, &file.cards)
                    .ok()?
                    .1;
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
            m.mutate(
                &mut file,
                &mut rng,
                &BoardHints {
                    unfair: vec![(5, 0.3)],
                    ..BoardHints::default()
                },
            );
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
        let hints = BoardHints {
            unfair: (0..file.tickets.len()).map(|i| (i, -0.5)).collect(),
            ..BoardHints::default()
        };
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

    use serde_yaml::Mapping;

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
            done += usize::from(
                m.mutate(&mut file, &mut rng, &BoardHints::default())
                    .is_some(),
            );
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
        let (_, before) =
            formats::board_game::rules::resolve(&original.rules, &original.cards).unwrap();
        let (_, after) = formats::board_game::rules::resolve(&file.rules, &file.cards).unwrap();
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
