//! A balanced design as separate proposals: each change from the original
//! to the balanced design on its own, so a designer can accept or reject
//! them one by one (the studio's Balance window).

use serde_yaml::{Mapping, Value};

use formats::{GameFile, RouteSpec};

/// One change of a balanced design, applicable on its own.
#[derive(Clone, Debug, PartialEq)]
pub enum Proposal {
    /// A ticket's points (the ticket named by its ends).
    TicketPoints {
        /// `From - To`.
        ticket: String,
        /// Points before.
        from: u32,
        /// Points proposed.
        to: u32,
    },
    /// A route changed in place (colour or length), found by its id or, when
    /// it has none, by its ends and colour.
    Route {
        /// The route as it was.
        before: Box<RouteSpec>,
        /// The route proposed.
        after: Box<RouteSpec>,
    },
    /// A new route (a twin making a route double).
    AddRoute(RouteSpec),
    /// A route taken away (a double route made single).
    RemoveRoute(RouteSpec),
    /// The `cards:` section (deck counts) as proposed.
    Cards {
        /// As it was.
        before: Mapping,
        /// As proposed.
        after: Mapping,
    },
    /// The `rules:` section (rule parameters) as proposed.
    Rules {
        /// As it was.
        before: Mapping,
        /// As proposed.
        after: Mapping,
    },
    /// An object of a list section (`tickets`, `tracks`, `stations`,
    /// `specials`) changed in place, found by its place in the list.
    Item {
        /// The section's key.
        section: String,
        /// Its place in the list.
        index: usize,
        /// How messages name it (`Denver - El Paso`, `Hamburg`).
        name: String,
        /// As it was.
        before: Value,
        /// As proposed.
        after: Value,
    },
}

/// How a list item is named: its ends, its name, its ticket's stations or
/// goods, else its place.
fn item_name(v: &Value, index: usize) -> String {
    let text = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_owned);
    let list = |k: &str| {
        v.get(k).and_then(Value::as_sequence).map(|s| {
            s.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(" - ")
        })
    };
    match (text("from"), text("to")) {
        (Some(a), Some(b)) => format!("{a} - {b}"),
        _ => text("name")
            .or_else(|| list("ticket").filter(|s| !s.is_empty()))
            .or_else(|| list("goods").filter(|s| !s.is_empty()))
            .unwrap_or_else(|| format!("#{}", index + 1)),
    }
}

/// A design as a YAML mapping (what [`Proposal::Item`] edits).
fn as_mapping(file: &GameFile) -> Option<Mapping> {
    match serde_yaml::to_value(file).ok()? {
        Value::Mapping(m) => Some(m),
        _ => None,
    }
}

/// The changes from `original` to `balanced` for a design whose knobs
/// change objects in place (no object added or removed): each changed
/// object of a list section, then the cards and the rules.
pub fn section_proposals(original: &GameFile, balanced: &GameFile) -> Vec<Proposal> {
    let mut out = Vec::new();
    if let (Some(a), Some(b)) = (as_mapping(original), as_mapping(balanced)) {
        for (key, before) in &a {
            let (Some(section), Some(xs), Some(ys)) = (
                key.as_str(),
                before.as_sequence(),
                b.get(key).and_then(Value::as_sequence),
            ) else {
                continue;
            };
            if xs.len() != ys.len() {
                continue;
            }
            for (index, (x, y)) in xs.iter().zip(ys).enumerate() {
                if x != y {
                    out.push(Proposal::Item {
                        section: section.to_owned(),
                        index,
                        name: item_name(x, index),
                        before: x.clone(),
                        after: y.clone(),
                    });
                }
            }
        }
    }
    if original.cards != balanced.cards {
        out.push(Proposal::Cards {
            before: original.cards.clone(),
            after: balanced.cards.clone(),
        });
    }
    if original.rules != balanced.rules {
        out.push(Proposal::Rules {
            before: original.rules.clone(),
            after: balanced.rules.clone(),
        });
    }
    out
}

fn same_route(a: &RouteSpec, b: &RouteSpec) -> bool {
    match (&a.id, &b.id) {
        (Some(x), Some(y)) => x == y,
        (None, None) => a.from == b.from && a.to == b.to && a.color == b.color,
        _ => false,
    }
}

/// The changes from `original` to `balanced`, tickets first, then routes,
/// cards and rules.
pub fn proposals(original: &GameFile, balanced: &GameFile) -> Vec<Proposal> {
    let mut out = Vec::new();
    for (a, b) in original.tickets.iter().zip(&balanced.tickets) {
        if a.points != b.points {
            out.push(Proposal::TicketPoints {
                ticket: a.display_name(),
                from: a.points,
                to: b.points,
            });
        }
    }
    let mut added: Vec<&RouteSpec> = Vec::new();
    for b in &balanced.routes {
        match original.routes.iter().find(|a| same_route(a, b)) {
            Some(a) if a != b => out.push(Proposal::Route {
                before: Box::new(a.clone()),
                after: Box::new(b.clone()),
            }),
            Some(_) => {}
            None => added.push(b),
        }
    }
    for a in &original.routes {
        if !balanced.routes.iter().any(|b| same_route(a, b)) {
            // A route without an id that only changed colour reads as a
            // removal and an addition: pair them back up.
            match added
                .iter()
                .position(|b| b.from == a.from && b.to == a.to && b.id.is_none())
            {
                Some(i) => out.push(Proposal::Route {
                    before: Box::new(a.clone()),
                    after: Box::new(added.remove(i).clone()),
                }),
                None => out.push(Proposal::RemoveRoute(a.clone())),
            }
        }
    }
    out.extend(added.into_iter().cloned().map(Proposal::AddRoute));
    if original.cards != balanced.cards {
        out.push(Proposal::Cards {
            before: original.cards.clone(),
            after: balanced.cards.clone(),
        });
    }
    if original.rules != balanced.rules {
        out.push(Proposal::Rules {
            before: original.rules.clone(),
            after: balanced.rules.clone(),
        });
    }
    out
}

/// The differing leaves of two mappings, as `path: before → after`.
fn mapping_changes(before: &Mapping, after: &Mapping, prefix: &str, out: &mut Vec<String>) {
    let text = |v: Option<&Value>| {
        v.map_or_else(
            || "(preset)".to_owned(),
            |v| serde_yaml::to_string(v).map_or_else(|_| "?".into(), |s| s.trim().to_owned()),
        )
    };
    let keys = before
        .keys()
        .chain(after.keys().filter(|k| !before.contains_key(*k)));
    for k in keys {
        let name = format!("{prefix}{}", k.as_str().unwrap_or("?"));
        match (before.get(k), after.get(k)) {
            (Some(Value::Mapping(b)), Some(Value::Mapping(a))) => {
                mapping_changes(b, a, &format!("{name}."), out);
            }
            (None, Some(Value::Mapping(a))) => {
                mapping_changes(&Mapping::new(), a, &format!("{name}."), out)
            }
            // A list of as many entries (the Big Cities): entry by entry.
            (Some(Value::Sequence(b)), Some(Value::Sequence(a))) if a.len() == b.len() => {
                for (i, (x, y)) in b.iter().zip(a).enumerate() {
                    match (x, y) {
                        (Value::Mapping(x), Value::Mapping(y)) => {
                            mapping_changes(x, y, &format!("{name}[{i}]."), out);
                        }
                        _ if x != y => {
                            out.push(format!(
                                "{name}[{i}]: {} → {}",
                                text(Some(x)),
                                text(Some(y))
                            ));
                        }
                        _ => {}
                    }
                }
            }
            (b, a) if b != a => out.push(format!("{name}: {} → {}", text(b), text(a))),
            _ => {}
        }
    }
}

impl Proposal {
    /// What it changes, in a line.
    pub fn describe(&self) -> String {
        match self {
            Proposal::TicketPoints { ticket, from, to } => {
                format!("ticket {ticket}: {from} → {to} points")
            }
            Proposal::Route { before, after } => {
                let mut what = Vec::new();
                if before.color != after.color {
                    what.push(format!("colour {} → {}", before.color, after.color));
                }
                if before.length != after.length {
                    what.push(format!("length {} → {}", before.length, after.length));
                }
                format!("route {}: {}", before.display_name(), what.join(", "))
            }
            Proposal::AddRoute(r) => {
                format!("new route {} (length {})", r.display_name(), r.length)
            }
            Proposal::RemoveRoute(r) => format!("remove route {}", r.display_name()),
            Proposal::Cards { before, after } | Proposal::Rules { before, after } => {
                let root = if matches!(self, Proposal::Cards { .. }) {
                    "cards."
                } else {
                    "rules."
                };
                let mut lines = Vec::new();
                mapping_changes(before, after, root, &mut lines);
                lines.join(", ")
            }
            Proposal::Item {
                section,
                name,
                before,
                after,
                ..
            } => {
                let mut lines = Vec::new();
                match (before, after) {
                    (Value::Mapping(b), Value::Mapping(a)) => {
                        mapping_changes(b, a, "", &mut lines);
                    }
                    _ => lines.push("changed".into()),
                }
                format!(
                    "{} {name}: {}",
                    section.trim_end_matches('s'),
                    lines.join(", ")
                )
            }
        }
    }

    /// The routes of `design` it concerns (by index), to show on the map.
    pub fn routes(&self, design: &GameFile) -> Vec<usize> {
        let find = |r: &RouteSpec| design.routes.iter().position(|d| same_route(d, r));
        match self {
            Proposal::Route { before, .. } => find(before).into_iter().collect(),
            Proposal::RemoveRoute(r) => find(r).into_iter().collect(),
            // A new twin lies along the routes between its ends.
            Proposal::AddRoute(r) => (0..design.routes.len())
                .filter(|&i| {
                    let d = &design.routes[i];
                    (d.from == r.from && d.to == r.to) || (d.from == r.to && d.to == r.from)
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The cities of the ticket it concerns, to light on the map.
    pub fn ticket_ends(&self, design: &GameFile) -> Option<(String, String)> {
        let Proposal::TicketPoints { ticket, .. } = self else {
            return None;
        };
        design
            .tickets
            .iter()
            .find(|t| t.display_name() == *ticket)
            .map(|t| (t.from.clone(), t.to.clone()))
    }

    /// Applies it to `design`; `false` when the object it changes is no
    /// longer there as it was (the design was edited since).
    pub fn apply(&self, design: &mut GameFile) -> bool {
        match self {
            Proposal::TicketPoints { ticket, from, to } => {
                match design
                    .tickets
                    .iter_mut()
                    .find(|t| t.display_name() == *ticket && t.points == *from)
                {
                    Some(t) => {
                        t.points = *to;
                        true
                    }
                    None => false,
                }
            }
            Proposal::Route { before, after } => {
                match design.routes.iter_mut().find(|r| **r == **before) {
                    Some(r) => {
                        *r = (**after).clone();
                        true
                    }
                    None => false,
                }
            }
            Proposal::AddRoute(r) => {
                if design.routes.iter().any(|d| same_route(d, r)) {
                    return false;
                }
                design.routes.push(r.clone());
                true
            }
            Proposal::RemoveRoute(r) => match design.routes.iter().position(|d| d == r) {
                Some(i) => {
                    design.routes.remove(i);
                    true
                }
                None => false,
            },
            Proposal::Cards { before, after } => {
                if design.cards != *before {
                    return false;
                }
                design.cards = after.clone();
                true
            }
            Proposal::Rules { before, after } => {
                if design.rules != *before {
                    return false;
                }
                design.rules = after.clone();
                true
            }
            Proposal::Item {
                section,
                index,
                before,
                after,
                ..
            } => {
                let Some(mut m) = as_mapping(design) else {
                    return false;
                };
                let Some(slot) = m
                    .get_mut(section.as_str())
                    .and_then(Value::as_sequence_mut)
                    .and_then(|s| s.get_mut(*index))
                    .filter(|v| **v == *before)
                else {
                    return false;
                };
                *slot = after.clone();
                match serde_yaml::from_value::<GameFile>(Value::Mapping(m)) {
                    Ok(changed) => {
                        *design = changed;
                        true
                    }
                    Err(_) => false,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_game::knob::{Knob, Mutator};
    use crate::rng::GameRng;

    #[test]
    fn every_change_is_a_proposal_and_applying_them_all_gives_the_balanced_design() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let original = formats::load(&path).unwrap().design;
        let knobs = [
            Knob::TicketPoints { lo: 1, hi: 30 },
            Knob::RouteColour,
            Knob::RouteLength,
            Knob::DoubleRoutes,
            Knob::DeckCounts { lo: 6, hi: 20 },
        ];
        let m = Mutator {
            original: &original,
            knobs: &knobs,
            locked: &[],
        };
        let mut balanced = original.clone();
        let mut rng = GameRng::seeded(3);
        for _ in 0..30 {
            m.mutate(&mut balanced, &mut rng, &Default::default());
        }
        let props = proposals(&original, &balanced);
        assert!(props.len() >= 10, "{props:?}");
        for p in &props {
            assert!(!p.describe().is_empty());
        }
        let mut design = original.clone();
        for p in &props {
            assert!(p.apply(&mut design), "{} did not apply", p.describe());
        }
        let sorted = |f: &GameFile| {
            let mut r = f.routes.clone();
            r.sort_by_key(|r| (r.id.clone(), r.from.clone(), r.to.clone(), r.color.clone()));
            r
        };
        assert_eq!(design.tickets, balanced.tickets);
        assert_eq!(sorted(&design), sorted(&balanced));
        assert_eq!(design.cards, balanced.cards);

        // One accepted alone changes only its own object.
        let ticket = props
            .iter()
            .find(|p| matches!(p, Proposal::TicketPoints { .. }))
            .unwrap();
        let mut one = original.clone();
        assert!(ticket.apply(&mut one));
        assert_eq!(one.routes, original.routes);
        let changed = one
            .tickets
            .iter()
            .zip(&original.tickets)
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(changed, 1);
        // Applied twice, it no longer finds its ticket as it was.
        assert!(!ticket.apply(&mut one));
    }
}
