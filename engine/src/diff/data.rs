//! The data difference of two designs: cities, countries, routes and tickets
//! added, removed and changed (matched by the names variants use, see
//! `formats::merge`; a route whose colour changed is matched by its ends),
//! the rule parameters and deck (resolved from their preset for board
//! designs, so a changed preset shows as the parameters it changes), and the
//! design's other fields.

use indexmap::IndexMap;
use serde::Serialize;
use serde_yaml::{Mapping, Value};

use formats::GameFile;
use formats::merge::list_keys;

use crate::balance::Balance;
use crate::families::{KindVisitor, visit_kind};
use crate::game::Family;

/// The lists compared object by object, in report order.
pub const LISTS: [&str; 7] = [
    "cities",
    "countries",
    "routes",
    "tickets",
    "stations",
    "tracks",
    "specials",
];

/// The keys objects of `list` are matched by: the merge keys of variants,
/// and for a station map's lists (which variants replace whole) a
/// station's name, a track's `From - To`, a special card's stations or
/// goods.
fn object_keys(list: &str, items: &[Value]) -> Vec<String> {
    match list {
        "stations" => list_keys("cities", items),
        "tracks" => list_keys("tickets", items),
        "specials" => {
            let named: Vec<Value> = items
                .iter()
                .map(|item| {
                    let joined = |k: &str, sep: &str| {
                        item.get(k).and_then(Value::as_sequence).map(|s| {
                            s.iter()
                                .filter_map(Value::as_str)
                                .collect::<Vec<_>>()
                                .join(sep)
                        })
                    };
                    let name = joined("ticket", " - ")
                        .filter(|n| !n.is_empty())
                        .or_else(|| joined("goods", " / "))
                        .unwrap_or_default();
                    let mut m = Mapping::new();
                    m.insert("name".into(), name.into());
                    Value::Mapping(m)
                })
                .collect();
            list_keys("cities", &named)
        }
        _ => list_keys(list, items),
    }
}

/// One field that differs: its path (`length`, `tickets.draw`), its value in
/// the first design and in the second (absent: not set there).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FieldChange {
    /// The field's path inside the object or section.
    pub field: String,
    /// The value in the first design.
    pub before: Option<Value>,
    /// The value in the second design.
    pub after: Option<Value>,
}

/// An object present in both designs whose fields differ.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ObjectChange {
    /// Its name in the first design.
    pub name: String,
    /// Its name in the second, when that differs (a route's colour changed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub renamed: Option<String>,
    /// What differs.
    pub fields: Vec<FieldChange>,
}

/// The difference of one list of objects.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ListDiff {
    /// Names only in the second design.
    pub added: Vec<String>,
    /// Names only in the first design.
    pub removed: Vec<String>,
    /// Objects in both that differ.
    pub changed: Vec<ObjectChange>,
}

impl ListDiff {
    /// Nothing differs.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }
}

/// Everything that differs between two designs.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct DesignDiff {
    /// `cities`, `countries`, `routes`, `tickets`, in that order.
    pub lists: IndexMap<String, ListDiff>,
    /// Rule parameters (resolved for board designs).
    pub rules: Vec<FieldChange>,
    /// The deck (resolved for board designs).
    pub cards: Vec<FieldChange>,
    /// Other top-level fields (name, board size, terrain, …).
    pub other: Vec<FieldChange>,
}

impl DesignDiff {
    /// The designs have the same data.
    pub fn is_empty(&self) -> bool {
        self.lists.values().all(ListDiff::is_empty)
            && self.rules.is_empty()
            && self.cards.is_empty()
            && self.other.is_empty()
    }

    /// The difference of one list (`routes`, …).
    pub fn list(&self, name: &str) -> Option<&ListDiff> {
        self.lists.get(name)
    }
}

/// What differs from `a` to `b`.
pub fn design_diff(a: &GameFile, b: &GameFile) -> DesignDiff {
    let (ma, mb) = (mapping(a), mapping(b));
    let lists = LISTS
        .iter()
        .map(|&l| (l.to_owned(), list_diff(l, seq(&ma, l), seq(&mb, l))))
        .collect();
    let (rules_a, cards_a) = rule_sections(a);
    let (rules_b, cards_b) = rule_sections(b);
    let mut other = Vec::new();
    let skip = ["rules", "cards", "extends", "remove"];
    let keys = ma.keys().chain(mb.keys().filter(|k| !ma.contains_key(*k)));
    for key in keys {
        let Some(name) = key.as_str() else { continue };
        if LISTS.contains(&name) || skip.contains(&name) {
            continue;
        }
        fields(name, ma.get(key), mb.get(key), &mut other);
    }
    DesignDiff {
        lists,
        rules: section_diff(&rules_a, &rules_b),
        cards: section_diff(&cards_a, &cards_b),
        other,
    }
}

fn mapping(file: &GameFile) -> Mapping {
    match serde_yaml::to_value(file) {
        Ok(Value::Mapping(m)) => m,
        _ => Mapping::new(),
    }
}

fn seq<'a>(m: &'a Mapping, key: &str) -> &'a [Value] {
    m.get(key)
        .and_then(Value::as_sequence)
        .map_or(&[], Vec::as_slice)
}

/// The rules and deck as played: resolved from the preset by the design's
/// family, as written when they do not resolve.
fn rule_sections(file: &GameFile) -> (Value, Value) {
    struct Played<'a>(&'a GameFile);
    impl KindVisitor for Played<'_> {
        type Output = Option<(Value, Value)>;
        fn visit<F: Family>(self) -> Self::Output {
            <F::Balance as Balance<F>>::played(self.0)
        }
    }
    visit_kind(file.family, Played(file)).unwrap_or_else(|| {
        (
            Value::Mapping(file.rules.clone()),
            Value::Mapping(file.cards.clone()),
        )
    })
}

fn section_diff(a: &Value, b: &Value) -> Vec<FieldChange> {
    let mut out = Vec::new();
    match (a, b) {
        (Value::Mapping(a), Value::Mapping(b)) => mapping_fields("", a, b, &mut out),
        _ => fields("", Some(a), Some(b), &mut out),
    }
    out
}

/// The leaves that differ under `path`: mappings are compared key by key,
/// anything else (lists included) as a whole.
fn fields(path: &str, a: Option<&Value>, b: Option<&Value>, out: &mut Vec<FieldChange>) {
    match (a, b) {
        (Some(Value::Mapping(a)), Some(Value::Mapping(b))) => mapping_fields(path, a, b, out),
        _ if a == b => {}
        _ => out.push(FieldChange {
            field: path.to_owned(),
            before: a.cloned(),
            after: b.cloned(),
        }),
    }
}

fn mapping_fields(path: &str, a: &Mapping, b: &Mapping, out: &mut Vec<FieldChange>) {
    for key in a.keys().chain(b.keys().filter(|k| !a.contains_key(*k))) {
        let name = match key {
            Value::String(s) => s.clone(),
            other => serde_yaml::to_string(other)
                .map(|s| s.trim().to_owned())
                .unwrap_or_default(),
        };
        let sub = if path.is_empty() {
            name
        } else {
            format!("{path}.{name}")
        };
        fields(&sub, a.get(key), b.get(key), out);
    }
}

fn list_diff(list: &str, a: &[Value], b: &[Value]) -> ListDiff {
    let (ka, kb) = (object_keys(list, a), object_keys(list, b));
    let mut matched_b = vec![false; b.len()];
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut unmatched_a = Vec::new();
    for (i, k) in ka.iter().enumerate() {
        match kb.iter().position(|x| x == k) {
            Some(j) => {
                matched_b[j] = true;
                pairs.push((i, j));
            }
            None => unmatched_a.push(i),
        }
    }
    // A route whose colour changed keeps its ends: pair the rest by ends, in order.
    let mut removed = Vec::new();
    for i in unmatched_a {
        let found = (list == "routes")
            .then(|| (0..b.len()).find(|&j| !matched_b[j] && same_ends(&a[i], &b[j])))
            .flatten();
        match found {
            Some(j) => {
                matched_b[j] = true;
                pairs.push((i, j));
            }
            None => removed.push(ka[i].clone()),
        }
    }
    pairs.sort_unstable();
    let changed = pairs
        .into_iter()
        .filter_map(|(i, j)| {
            let mut f = Vec::new();
            fields("", Some(&a[i]), Some(&b[j]), &mut f);
            (!f.is_empty()).then(|| ObjectChange {
                name: ka[i].clone(),
                renamed: (ka[i] != kb[j]).then(|| kb[j].clone()),
                fields: f,
            })
        })
        .collect();
    ListDiff {
        added: (0..b.len())
            .filter(|&j| !matched_b[j])
            .map(|j| kb[j].clone())
            .collect(),
        removed,
        changed,
    }
}

fn same_ends(a: &Value, b: &Value) -> bool {
    let ends = |v: &Value| {
        let get = |k: &str| {
            v.get(k)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned()
        };
        let (x, y) = (get("from"), get("to"));
        if x <= y { (x, y) } else { (y, x) }
    };
    ends(a) == ends(b)
}

/// A value as short text: `3`, `red`, `[1, 2]`, `{a: 1}`, `—` when absent.
pub fn value_text(v: Option<&Value>) -> String {
    match v {
        None => "—".to_owned(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) => "null".to_owned(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Sequence(s)) => format!(
            "[{}]",
            s.iter()
                .map(|x| value_text(Some(x)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Some(Value::Mapping(m)) => format!(
            "{{{}}}",
            m.iter()
                .map(|(k, x)| format!("{}: {}", value_text(Some(k)), value_text(Some(x))))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Some(Value::Tagged(t)) => format!("!{} {}", t.tag, value_text(Some(&t.value))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::validate::design_of as load;

    const A: &str = "
format: tracklayer/1
name: A
rules: {preset: usa}
cities: [{name: X, x: 0, y: 0}, {name: Y, x: 10, y: 0}, {name: Z, x: 5, y: 5}]
routes:
  - {from: X, to: Y, length: 3, color: red}
  - {from: Y, to: Z, length: 2, color: gray}
tickets: [{from: X, to: Z, points: 5}]
";

    #[test]
    fn the_same_design_has_no_difference() {
        assert!(design_diff(&load(A), &load(A)).is_empty());
    }

    #[test]
    fn objects_are_named_added_removed_and_changed_field_by_field() {
        let b = A
            .replace(
                "{name: Z, x: 5, y: 5}",
                "{name: Z, x: 6, y: 5}, {name: W, x: 1, y: 1}",
            )
            .replace("length: 3, color: red", "length: 4, color: blue")
            .replace("  - {from: Y, to: Z, length: 2, color: gray}\n", "")
            .replace("points: 5", "points: 10")
            .replace("preset: usa", "preset: usa, trains: 40");
        let d = design_diff(&load(A), &load(&b));
        let cities = d.list("cities").unwrap();
        assert_eq!(cities.added, ["W"]);
        assert_eq!(cities.changed[0].name, "Z");
        assert_eq!(cities.changed[0].fields[0].field, "x");
        let routes = d.list("routes").unwrap();
        assert_eq!(routes.removed, ["Y - Z (gray)"]);
        let red = &routes.changed[0];
        assert_eq!(red.name, "X - Y (red)");
        assert_eq!(red.renamed.as_deref(), Some("X - Y (blue)"));
        let f: Vec<&str> = red.fields.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(f, ["length", "color"]);
        let t = &d.list("tickets").unwrap().changed[0];
        assert_eq!(t.name, "X - Z");
        assert_eq!(value_text(t.fields[0].before.as_ref()), "5");
        assert_eq!(value_text(t.fields[0].after.as_ref()), "10");
        assert_eq!(d.rules.len(), 1, "{:?}", d.rules);
        assert_eq!(d.rules[0].field, "trains");
        assert_eq!(value_text(d.rules[0].before.as_ref()), "45");
    }
}
