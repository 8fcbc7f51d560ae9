//! Variants: how a file that `extends` a base is merged with it, and how an
//! edited design is written back as a small variant.
//!
//! Mappings (`rules`, `cards`, `board`, …) merge key by key, recursively; any
//! other value in the variant replaces the base's. The object lists merge by key:
//! a variant entry with the key of a base entry patches it field by field, a new
//! key is appended, and `remove:` drops base entries. The keys are
//!
//! | list | key |
//! | --- | --- |
//! | `cities`, `countries` | `name` |
//! | `routes` | `id`, else the route's name `From - To (color)` |
//! | `tickets` | `From - To` |
//! | `terrain.regions` | `name`, else `kind` |
//!
//! with `#2`, `#3` … appended to the second and later entries sharing a key.
//! `allow` entries accumulate; every other list is replaced whole.

use std::collections::HashMap;

use serde_yaml::{Mapping, Value};

/// The keyed object lists, as (path, key function).
pub const KEYED_LISTS: [&str; 5] = [
    "cities",
    "countries",
    "routes",
    "tickets",
    "terrain.regions",
];

/// Merges a design's `rules:` over its preset's rules, `preset` itself left
/// out: what every family's resolution starts from.
pub fn merge_over_preset(preset_rules: &mut Mapping, rules: &Mapping) {
    let mut own = rules.clone();
    own.shift_remove("preset");
    deep_merge(preset_rules, &own);
}

/// Merges `over` into `base`: mappings recursively, everything else replaced;
/// a null in `over` removes the key (a variant clearing a base's value).
pub fn deep_merge(base: &mut Mapping, over: &Mapping) {
    for (k, v) in over {
        match (base.get_mut(k), v) {
            (_, Value::Null) => {
                base.shift_remove(k);
            }
            (Some(Value::Mapping(b)), Value::Mapping(o)) => deep_merge(b, o),
            _ => {
                base.insert(k.clone(), v.clone());
            }
        }
    }
}

fn str_field<'a>(item: &'a Value, key: &str) -> &'a str {
    item.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The merge key of one entry of a keyed list, before de-duplication.
fn raw_key(list: &str, item: &Value) -> String {
    match list {
        "cities" | "countries" => str_field(item, "name").to_owned(),
        "routes" => match item.get("id").and_then(Value::as_str) {
            Some(id) => id.to_owned(),
            None => {
                let color = item.get("color").and_then(Value::as_str).unwrap_or("");
                format!(
                    "{} - {} ({color})",
                    str_field(item, "from"),
                    str_field(item, "to")
                )
            }
        },
        "tickets" => format!("{} - {}", str_field(item, "from"), str_field(item, "to")),
        _ => match item.get("name").and_then(Value::as_str) {
            Some(n) => n.to_owned(),
            None => str_field(item, "kind").to_owned(),
        },
    }
}

/// The merge keys of a whole list, made unique with `#n` suffixes.
pub fn list_keys(list: &str, items: &[Value]) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    items
        .iter()
        .map(|item| {
            let k = raw_key(list, item);
            let n = seen.entry(k.clone()).or_insert(0);
            *n += 1;
            if *n == 1 { k } else { format!("{k} #{n}") }
        })
        .collect()
}

/// Does a `remove:` entry name this key? Route and ticket names match in either
/// direction (`A - B` or `B - A`).
fn removal_matches(list: &str, wanted: &str, key: &str) -> bool {
    if wanted == key {
        return true;
    }
    if matches!(list, "routes" | "tickets") {
        return reversed_name(wanted).as_deref() == Some(key);
    }
    false
}

/// `A - B (c)` → `B - A (c)`; `A - B` → `B - A`.
fn reversed_name(name: &str) -> Option<String> {
    let (a, rest) = name.split_once(" - ")?;
    match rest.find(" (") {
        Some(i) => Some(format!("{} - {a}{}", &rest[..i], &rest[i..])),
        None => Some(format!("{rest} - {a}")),
    }
}

fn get_list<'a>(doc: &'a Mapping, path: &str) -> Option<&'a Vec<Value>> {
    match path.split_once('.') {
        Some((head, tail)) => match doc.get(head)? {
            Value::Mapping(m) => get_list(m, tail),
            _ => None,
        },
        None => doc.get(path)?.as_sequence(),
    }
}

fn set_list(doc: &mut Mapping, path: &str, items: Vec<Value>) {
    match path.split_once('.') {
        Some((head, tail)) => {
            let entry = doc
                .entry(head.into())
                .or_insert_with(|| Value::Mapping(Mapping::new()));
            if !entry.is_mapping() {
                *entry = Value::Mapping(Mapping::new());
            }
            if let Value::Mapping(m) = entry {
                set_list(m, tail, items);
            }
        }
        None => {
            doc.insert(path.into(), Value::Sequence(items));
        }
    }
}

fn take_list(doc: &mut Mapping, path: &str) -> Option<Vec<Value>> {
    match path.split_once('.') {
        Some((head, tail)) => match doc.get_mut(head)? {
            Value::Mapping(m) => take_list(m, tail),
            _ => None,
        },
        None => match doc.shift_remove(path)? {
            Value::Sequence(s) => Some(s),
            other => {
                // Not a list: leave it for the typed layer to report.
                doc.insert(path.into(), other);
                None
            }
        },
    }
}

/// Where each entry of a merged list came from: for every entry, the
/// (file, index) pairs that contributed to it, most derived file first.
#[derive(Debug, Clone, Default)]
pub struct Origins {
    lists: HashMap<String, Vec<Vec<(usize, usize)>>>,
}

impl Origins {
    /// Origins of a single file: every entry comes from itself.
    pub fn of_file(doc: &Mapping, file: usize) -> Self {
        let mut lists = HashMap::new();
        for path in KEYED_LISTS.iter().copied().chain(["allow"]) {
            if let Some(items) = get_list(doc, path) {
                lists.insert(
                    path.to_owned(),
                    (0..items.len()).map(|i| vec![(file, i)]).collect(),
                );
            }
        }
        Origins { lists }
    }

    /// The contributors of entry `index` of list `path`, most derived first.
    pub fn of(&self, path: &str, index: usize) -> &[(usize, usize)] {
        self.lists
            .get(path)
            .and_then(|l| l.get(index))
            .map_or(&[], Vec::as_slice)
    }
}

/// Merges a variant into its (already merged) base. `file` is the variant's
/// number in the chain, used in the returned origins. The variant's `extends`
/// and `remove` keys are consumed. Removals that match nothing are returned as
/// (list, name) so the loader can report them.
pub fn merge_variant(
    base: Mapping,
    base_origins: Origins,
    mut variant: Mapping,
    file: usize,
) -> (Mapping, Origins, Vec<(String, String)>) {
    let mut out = base;
    let mut origins = base_origins;
    variant.shift_remove("extends");
    let removals = variant.shift_remove("remove");
    let mut unmatched = Vec::new();

    for path in KEYED_LISTS {
        let had_list = get_list(&out, path).is_some();
        let base_items = take_list(&mut out, path).unwrap_or_default();
        let base_orig = origins.lists.remove(path).unwrap_or_default();
        let mut keys = list_keys(path, &base_items);
        let mut items: Vec<Option<Value>> = base_items.into_iter().map(Some).collect();
        let mut orig: Vec<Vec<(usize, usize)>> = base_orig;
        orig.resize(items.len(), Vec::new());

        let list_name = path.rsplit('.').next().unwrap_or(path);
        if let Some(Value::Sequence(names)) = removals.as_ref().and_then(|r| r.get(list_name)) {
            for name in names.iter().filter_map(Value::as_str) {
                match keys.iter().position(|k| removal_matches(path, name, k)) {
                    Some(i) if items[i].is_some() => items[i] = None,
                    _ => unmatched.push((list_name.to_owned(), name.to_owned())),
                }
            }
        }

        let has_variant_list = get_list(&variant, path).is_some();
        let var_items = take_list(&mut variant, path).unwrap_or_default();
        let var_keys = list_keys(path, &var_items);
        for (j, (item, key)) in var_items.into_iter().zip(var_keys).enumerate() {
            match keys.iter().position(|k| *k == key) {
                Some(i) if items[i].is_some() => {
                    if let (Some(Value::Mapping(b)), Value::Mapping(o)) = (&mut items[i], &item) {
                        deep_merge(b, o);
                    } else {
                        items[i] = Some(item);
                    }
                    orig[i].insert(0, (file, j));
                }
                _ => {
                    items.push(Some(item));
                    keys.push(key);
                    orig.push(vec![(file, j)]);
                }
            }
        }
        let mut kept = Vec::new();
        let mut kept_orig = Vec::new();
        for (item, o) in items.into_iter().zip(orig) {
            if let Some(item) = item {
                kept.push(item);
                kept_orig.push(o);
            }
        }
        if had_list || has_variant_list {
            set_list(&mut out, path, kept);
            origins.lists.insert(path.to_owned(), kept_orig);
        }
    }

    // `allow` accumulates.
    if let Some(extra) = take_list(&mut variant, "allow") {
        let mut all = take_list(&mut out, "allow").unwrap_or_default();
        let o = origins.lists.entry("allow".into()).or_default();
        o.resize(all.len(), Vec::new());
        for (j, item) in extra.into_iter().enumerate() {
            if !all.contains(&item) {
                all.push(item);
                o.push(vec![(file, j)]);
            }
        }
        set_list(&mut out, "allow", all);
    }

    deep_merge(&mut out, &variant);
    (out, origins, unmatched)
}

/// The smallest variant that turns `base` into `edited`: changed fields,
/// changed and new list entries, and `remove:` for entries that are gone.
pub fn diff_variant(base: &Mapping, edited: &Mapping) -> Mapping {
    let mut out = Mapping::new();
    let mut removals = Mapping::new();
    let mut base_rest = base.clone();
    let mut edited_rest = edited.clone();

    for path in KEYED_LISTS {
        let b = take_list(&mut base_rest, path).unwrap_or_default();
        let e = take_list(&mut edited_rest, path).unwrap_or_default();
        let bk = list_keys(path, &b);
        let ek = list_keys(path, &e);
        // Entries sharing a raw key are matched by their order (`X`, `X #2`, …),
        // so emitting the n-th also emits the ones before it (as bare keys).
        let raw: Vec<String> = e.iter().map(|item| raw_key(path, item)).collect();
        let mut needed: HashMap<&str, usize> = HashMap::new();
        let mut nth = Vec::with_capacity(e.len());
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for (i, key) in ek.iter().enumerate() {
            let n = seen.entry(raw[i].as_str()).or_insert(0);
            *n += 1;
            nth.push(*n);
            let changed = match bk.iter().position(|k| k == key) {
                Some(j) => b[j] != e[i],
                None => true,
            };
            if changed {
                needed.insert(raw[i].as_str(), *n);
            }
        }
        let mut changed = Vec::new();
        for (i, (item, key)) in e.iter().zip(&ek).enumerate() {
            if needed.get(raw[i].as_str()).is_none_or(|&m| nth[i] > m) {
                continue;
            }
            match bk.iter().position(|k| k == key) {
                Some(j) => changed.push(item_patch(path, &b[j], item)),
                None => changed.push(item.clone()),
            }
        }
        let gone: Vec<Value> = bk
            .iter()
            .filter(|k| !ek.contains(k))
            .map(|k| Value::String(k.clone()))
            .collect();
        if !gone.is_empty() {
            let name = path.rsplit('.').next().unwrap_or(path);
            removals.insert(name.into(), Value::Sequence(gone));
        }
        if !changed.is_empty() {
            set_list(&mut out, path, changed);
        }
    }
    // Leftover empty containers from taking the lists out must not count as edits.
    prune_empty(&mut base_rest);
    prune_empty(&mut edited_rest);

    if let (Some(b), Some(e)) = (
        get_list(&base_rest, "allow"),
        get_list(&edited_rest, "allow"),
    ) {
        let new: Vec<Value> = e.iter().filter(|x| !b.contains(x)).cloned().collect();
        base_rest.shift_remove("allow");
        edited_rest.shift_remove("allow");
        if !new.is_empty() {
            out.insert("allow".into(), Value::Sequence(new));
        }
    }

    let mut rest = mapping_diff(&base_rest, &edited_rest);
    // Keep the lists' section (e.g. `terrain`) merged with its other fields.
    let lists_part = std::mem::take(&mut out);
    deep_merge(&mut rest, &lists_part);
    if !removals.is_empty() {
        rest.insert("remove".into(), Value::Mapping(removals));
    }
    rest
}

/// Fields of `edited` that differ from `base`, keeping the entry's key fields so
/// the merge can find the entry again.
fn item_patch(list: &str, base: &Value, edited: &Value) -> Value {
    let (Value::Mapping(b), Value::Mapping(e)) = (base, edited) else {
        return edited.clone();
    };
    let key_fields: &[&str] = match list {
        "routes" if e.contains_key("id") => &["id"],
        "routes" => &["from", "to", "color"],
        "tickets" => &["from", "to"],
        "terrain.regions" if e.contains_key("name") => &["name"],
        "terrain.regions" => &["kind"],
        _ => &["name"],
    };
    let mut patch = mapping_diff(b, e);
    let mut out = Mapping::new();
    // An unchanged entry emitted only to keep the order still needs its keys.
    for k in key_fields {
        if let Some(v) = e.get(*k) {
            out.insert((*k).into(), v.clone());
            patch.shift_remove(*k);
        }
    }
    for (k, v) in patch {
        out.insert(k, v);
    }
    Value::Mapping(out)
}

fn mapping_diff(base: &Mapping, edited: &Mapping) -> Mapping {
    let mut out = Mapping::new();
    // A field the edit dropped is cleared explicitly, or the base's would return.
    for k in base.keys() {
        if !edited.contains_key(k) {
            out.insert(k.clone(), Value::Null);
        }
    }
    for (k, v) in edited {
        match (base.get(k), v) {
            (Some(b), e) if b == e => {}
            (Some(Value::Mapping(b)), Value::Mapping(e)) => {
                let d = mapping_diff(b, e);
                if !d.is_empty() {
                    out.insert(k.clone(), Value::Mapping(d));
                }
            }
            _ => {
                out.insert(k.clone(), v.clone());
            }
        }
    }
    out
}

fn prune_empty(m: &mut Mapping) {
    let empty: Vec<Value> = m
        .iter_mut()
        .filter_map(|(k, v)| {
            if let Value::Mapping(inner) = v {
                prune_empty(inner);
                if inner.is_empty() {
                    return Some(k.clone());
                }
            }
            None
        })
        .collect();
    for k in empty {
        m.shift_remove(&k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yaml(s: &str) -> Mapping {
        serde_yaml::from_str(s).unwrap()
    }

    const BASE: &str = "
name: Base
rules: {preset: usa, trains: 45}
cities: [{name: A, x: 0, y: 0}, {name: B, x: 10, y: 0}, {name: C, x: 20, y: 0}]
routes:
  - {id: ab, from: A, to: B, length: 2, color: red}
  - {from: B, to: C, length: 3, color: gray}
  - {from: B, to: C, length: 3, color: gray}
tickets: [{from: A, to: C, points: 5}]
";

    #[test]
    fn variants_patch_append_and_remove() {
        let base = yaml(BASE);
        let variant = yaml(
            "
extends: base.yaml
name: Variant
rules: {trains: 30}
cities: [{name: B, x: 12}, {name: D, x: 30, y: 0}]
routes: [{id: ab, color: blue}, {from: C, to: D, length: 1, color: gray}]
remove: {routes: ['C - B (gray) #2'], tickets: ['C - A']}
",
        );
        let origins = Origins::of_file(&base, 0);
        let (m, origins, unmatched) = merge_variant(base, origins, variant, 1);
        assert!(unmatched.is_empty(), "{unmatched:?}");
        assert_eq!(m["name"], Value::from("Variant"));
        assert_eq!(m["rules"]["trains"], Value::from(30));
        assert_eq!(m["rules"]["preset"], Value::from("usa"));
        let cities = m["cities"].as_sequence().unwrap();
        assert_eq!(cities.len(), 4);
        assert_eq!(cities[1]["x"], Value::from(12));
        assert_eq!(cities[1]["y"], Value::from(0));
        let routes = m["routes"].as_sequence().unwrap();
        assert_eq!(routes.len(), 3);
        assert_eq!(routes[0]["color"], Value::from("blue"));
        assert_eq!(routes[0]["length"], Value::from(2));
        assert_eq!(m["tickets"].as_sequence().unwrap().len(), 0);
        assert_eq!(origins.of("routes", 0), &[(1, 0), (0, 0)]);
        assert_eq!(origins.of("routes", 2), &[(1, 1)]);
        assert!(!m.contains_key("remove") && !m.contains_key("extends"));
    }

    #[test]
    fn unmatched_removals_are_reported() {
        let base = yaml(BASE);
        let variant = yaml("remove: {cities: [Zed]}");
        let (_, _, unmatched) = merge_variant(base.clone(), Origins::of_file(&base, 0), variant, 1);
        assert_eq!(unmatched, vec![("cities".to_owned(), "Zed".to_owned())]);
    }

    #[test]
    fn diff_then_merge_gives_back_the_edit() {
        let base = yaml(BASE);
        let mut edited = base.clone();
        edited.insert("name".into(), "Edited".into());
        edited["rules"]["trains"] = Value::from(20);
        edited["routes"].as_sequence_mut().unwrap().remove(2);
        edited["routes"][0]["length"] = Value::from(4);
        edited["cities"]
            .as_sequence_mut()
            .unwrap()
            .push(Value::Mapping(yaml("{name: Z, x: 1, y: 1}")));
        let variant = diff_variant(&base, &edited);
        assert!(!variant.contains_key("tickets"));
        assert_eq!(variant["rules"], Value::Mapping(yaml("{trains: 20}")));
        let (merged, _, unmatched) =
            merge_variant(base.clone(), Origins::of_file(&base, 0), variant, 1);
        assert!(unmatched.is_empty());
        assert_eq!(merged, edited);
    }

    #[test]
    fn a_variant_can_clear_a_value_and_edit_a_second_twin() {
        let base = yaml(BASE);
        let mut edited = base.clone();
        // The second of the two id-less gray B - C routes changes length.
        edited["routes"][2]["length"] = Value::from(4);
        // A cleared field must stay cleared.
        edited["cities"][0]
            .as_mapping_mut()
            .unwrap()
            .shift_remove("y");
        let variant = diff_variant(&base, &edited);
        let (merged, _, unmatched) =
            merge_variant(base.clone(), Origins::of_file(&base, 0), variant, 1);
        assert!(unmatched.is_empty());
        assert_eq!(merged, edited);
    }

    #[test]
    fn an_unchanged_design_diffs_to_nothing() {
        let base = yaml(BASE);
        assert!(diff_variant(&base, &base).is_empty());
    }
}
