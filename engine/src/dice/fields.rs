//! Keys a Trains & Stations design does not know (TL116, a warning as for
//! board designs): keys of `rules:` that no rule parameter has, and fields of
//! stations, bonuses, junctions, tracks and special cards this version does
//! not read. Each is most likely a typo and would do nothing; the message
//! suggests the nearest known key.

use formats::GameFile;
use serde_yaml::Mapping;

use crate::diagnostics::Diagnostics;
use crate::diagnostics::keys::{self, key_text};

/// Rule sections whose keys are data (goods names, player counts), not
/// parameter names; a good's own keys are still checked.
const KEYED_BY_DATA: &[&str] = &["supply"];
const STATION: &[&str] = &["name", "x", "y", "slots", "bonus"];
const BONUS: &[&str] = &["kind", "amount"];
const JUNCTION: &[&str] = &["name", "x", "y"];
const TRACK: &[&str] = &["from", "to", "spaces", "bends"];
const SPECIAL: &[&str] = &["ticket", "points", "goods", "count"];
/// The family's own top-level keys ([`keys::design_keys`] adds the shared
/// ones).
const GAME_FILE: &[&str] = &["stations", "junctions", "tracks", "specials"];

fn unknown(path: String, key: &str, known: &[&str], d: &mut Diagnostics) {
    let problem = format!("`{path}` is not a field this version knows, so it does nothing");
    d.push(keys::unknown_field(
        path,
        key,
        known,
        keys::Wording {
            problem,
            known_here: "; known here",
        },
    ));
}

fn fields(extra: &Mapping, path: &str, known: &[&str], d: &mut Diagnostics) {
    for k in extra.keys() {
        let key = key_text(k);
        unknown(format!("{path}.{key}"), &key, known, d);
    }
}

/// Every unknown key of a dice design, as TL116 warnings.
pub fn check(file: &GameFile, d: &mut Diagnostics) {
    let top = keys::design_keys(GAME_FILE);
    for k in file.extra.keys() {
        let key = key_text(k);
        if !top.contains(&key.as_str()) {
            unknown(key.clone(), &key, &top, d);
        }
    }
    let shape = keys::Shape {
        keyed_by_data: KEYED_BY_DATA,
        open: &["rules.goods"],
    };
    let mut unknown = Vec::new();
    keys::unknown_keys(
        &file.rules,
        &formats::dice::preset_rules(),
        "rules",
        &shape,
        &mut unknown,
    );
    for u in &unknown {
        d.push(keys::warning(u));
    }
    for (i, s) in file.stations.iter().enumerate() {
        fields(&s.extra, &format!("stations[{i}]"), STATION, d);
        if let Some(b) = &s.bonus {
            fields(&b.extra, &format!("stations[{i}].bonus"), BONUS, d);
        }
    }
    for (i, j) in file.junctions.iter().enumerate() {
        fields(&j.extra, &format!("junctions[{i}]"), JUNCTION, d);
    }
    for (i, t) in file.tracks.iter().enumerate() {
        fields(&t.extra, &format!("tracks[{i}]"), TRACK, d);
    }
    for (i, s) in file.specials.iter().enumerate() {
        fields(&s.extra, &format!("specials[{i}]"), SPECIAL, d);
    }
}

#[cfg(test)]
mod tests {
    use crate::validate::{Code, validate};

    fn warnings(extra: &str) -> Vec<String> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/trains-and-stations-demo.yaml");
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str(extra);
        let file = formats::load_str(&text, &path).unwrap().design;
        validate(&file)
            .diagnostics
            .with_code(Code::UnknownField)
            .map(|d| d.message.clone())
            .collect()
    }

    #[test]
    fn misspelt_keys_anywhere_warn_with_the_nearest_key() {
        assert!(warnings("").is_empty(), "{:?}", warnings(""));
        let w = warnings("rulez: 1\n");
        assert!(
            w.iter()
                .any(|m| m.contains("`rulez`") && m.contains("`rules`")),
            "{w:?}"
        );
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/trains-and-stations-demo.yaml");
        let text = std::fs::read_to_string(&path).unwrap();
        let mut file = formats::load_str(&text, &path).unwrap().design;
        let rules: serde_yaml::Mapping = serde_yaml::from_str(
            "{dice: {per_plaeyr: 4}, coins: {strat: 9}, goods: {coal: {monoply: 3}}}",
        )
        .unwrap();
        formats::merge::deep_merge(&mut file.rules, &rules);
        file.stations[0]
            .bonus
            .get_or_insert_with(Default::default)
            .extra
            .insert("amuont".into(), 3.into());
        file.tracks[0].extra.insert("bendz".into(), 1.into());
        let v = validate(&file);
        let found: Vec<String> = v
            .diagnostics
            .with_code(Code::UnknownField)
            .map(|d| d.message.clone())
            .collect();
        for (key, hint) in [
            ("rules.dice.per_plaeyr", "per_player"),
            ("rules.coins.strat", "start"),
            ("rules.goods.coal.monoply", "monopoly"),
            ("stations[0].bonus.amuont", "amount"),
            ("tracks[0].bendz", "bends"),
        ] {
            assert!(
                found
                    .iter()
                    .any(|m| m.contains(&format!("`{key}`")) && m.contains(&format!("`{hint}`"))),
                "{key}: {found:?}"
            );
        }
    }
}
