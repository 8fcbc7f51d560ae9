//! Keys a design's `rules:` (and `cards:`) sections have that no rule
//! parameter of its family has (TL116, a warning in every family): resolving
//! ignores them, so each is most likely a typo. One listing for the board
//! game, the card game and Trains & Stations; the message suggests the
//! nearest known key. One builder of the TL116 warning for every unknown
//! key or field ([`unknown_field`]), each family giving its words.

use formats::suggest::did_you_mean_field;
use serde_yaml::{Mapping, Value};

use crate::diagnostics::{Code, Diagnostic, ObjectRef};

/// A key no parameter has: where it is, the key, and the keys known there.
pub(crate) struct UnknownKey {
    /// `rules.dice.per_plaeyr`.
    pub path: String,
    /// `per_plaeyr`.
    pub key: String,
    /// The keys the family knows at that place.
    pub known: Vec<String>,
}

/// Where a family's sections hold data rather than parameter names.
pub(crate) struct Shape<'a> {
    /// Sections (by key) whose keys are data (lengths, player counts, goods),
    /// not parameter names: not looked into.
    pub keyed_by_data: &'a [&'a str],
    /// Sections (by path) whose new keys are data with the shape of the
    /// preset's entries there (a new goods deck): a new entry's keys are
    /// compared with the preset's first entry.
    pub open: &'a [&'a str],
}

/// The top-level keys of a design file in every family, before the
/// family's own (`board` is the sheet's size, `rules` its parameters)…
const DESIGN_HEAD: &[&str] = &[
    "format",
    "extends",
    "name",
    "family",
    "description",
    "authors",
    "notes",
    "board",
    "rules",
];
/// …and after them.
const DESIGN_TAIL: &[&str] = &["allow", "remove"];

/// Every top-level key of a family's design file, in the file's order: the
/// keys every family has around the family's `own`.
pub(crate) fn design_keys<'a>(own: &[&'a str]) -> Vec<&'a str> {
    DESIGN_HEAD
        .iter()
        .chain(own)
        .chain(DESIGN_TAIL)
        .copied()
        .collect()
}

/// The keys of `cards:` (the train-card deck), in every family that has one.
const CARDS: &[&str] = &["colors", "locomotives", "palette"];

/// The keys of `cards:` that the deck does not have.
pub(crate) fn unknown_card_keys(cards: &Mapping, out: &mut Vec<UnknownKey>) {
    for k in cards.keys() {
        let key = key_text(k);
        if !CARDS.contains(&key.as_str()) {
            out.push(UnknownKey {
                path: format!("cards.{key}"),
                key,
                known: CARDS.iter().map(|s| (*s).to_owned()).collect(),
            });
        }
    }
}

/// A key's text as written (`2`, `per_player`).
pub(crate) fn key_text(k: &Value) -> String {
    match k {
        Value::String(s) => s.clone(),
        other => serde_yaml::to_string(other)
            .map(|s| s.trim_end().to_owned())
            .unwrap_or_default(),
    }
}

/// Collects every key of `own` that `preset` does not have, descending into
/// the sections both have; `path` is `own`'s path (`rules`).
pub(crate) fn unknown_keys(
    own: &Mapping,
    preset: &Mapping,
    path: &str,
    shape: &Shape<'_>,
    out: &mut Vec<UnknownKey>,
) {
    for (k, v) in own {
        let key = key_text(k);
        if path == "rules" && key == "preset" {
            continue;
        }
        let here = format!("{path}.{key}");
        match preset.get(k) {
            None if shape.open.contains(&path) => {
                if let (Value::Mapping(o), Some(Value::Mapping(any))) = (v, preset.values().next())
                {
                    unknown_keys(o, any, &here, shape, out);
                }
            }
            None => out.push(UnknownKey {
                path: here,
                key,
                known: preset.keys().map(key_text).collect(),
            }),
            Some(Value::Mapping(p)) if !shape.keyed_by_data.contains(&key.as_str()) => {
                if let Value::Mapping(o) = v {
                    unknown_keys(o, p, &here, shape, out);
                }
            }
            Some(_) => {}
        }
    }
}

/// The keys of each mapping entry of the list `items` (at `path`) that are
/// not in `known`.
pub(crate) fn unknown_item_keys(
    items: Option<&Value>,
    path: &str,
    known: &[&str],
    out: &mut Vec<UnknownKey>,
) {
    let Some(Value::Sequence(items)) = items else {
        return;
    };
    for (i, item) in items.iter().enumerate() {
        if let Value::Mapping(m) = item {
            for k in m.keys() {
                let key = key_text(k);
                if !known.contains(&key.as_str()) {
                    out.push(UnknownKey {
                        path: format!("{path}[{i}].{key}"),
                        key,
                        known: known.iter().map(|s| (*s).to_owned()).collect(),
                    });
                }
            }
        }
    }
}

/// How a family words its TL116 warning for one unknown key.
pub(crate) struct Wording<'a> {
    /// What is wrong, before the suggestion (`` `rules.x` is not a rule
    /// parameter, so it is ignored ``).
    pub problem: String,
    /// The fix's words between the key and the known keys when none is near
    /// (`; known here`).
    pub known_here: &'a str,
}

/// The TL116 warning for the unknown `key` at `path`, in the family's
/// `wording`: the problem, the nearest of the `known` keys as a suggestion
/// and fix, or the fix that removes it listing the known keys.
pub(crate) fn unknown_field(
    path: String,
    key: &str,
    known: &[&str],
    wording: Wording<'_>,
) -> Diagnostic {
    let hint = did_you_mean_field(key, known.iter().copied());
    Diagnostic::new(
        Code::UnknownField,
        format!(
            "{}{}",
            wording.problem,
            hint.map(|h| format!("; did you mean `{h}`?"))
                .unwrap_or_default()
        ),
    )
    .at(path)
    .fix(match hint {
        Some(h) => format!("rename `{key}` to `{h}`"),
        None => format!("remove `{key}`{}: {}", wording.known_here, known.join(", ")),
    })
}

/// The TL116 warning for a key of `rules:` or `cards:` that no parameter
/// has: it names the key's path, and suggests the nearest known key or lists
/// those known there.
pub(crate) fn warning(u: &UnknownKey) -> Diagnostic {
    let UnknownKey { path, key, known } = u;
    let known: Vec<&str> = known.iter().map(String::as_str).collect();
    unknown_field(
        path.clone(),
        key,
        &known,
        Wording {
            problem: format!("`{path}` is not a rule parameter, so it is ignored"),
            known_here: "; known here",
        },
    )
    .object(if path.starts_with("cards") {
        ObjectRef::Cards
    } else {
        ObjectRef::Rule(path.trim_start_matches("rules.").to_owned())
    })
}
