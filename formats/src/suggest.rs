//! "Did you mean …?" for misspelt names, keys and colours.

/// The candidate closest to `wrong`, if it is close enough to be a plausible typo.
///
/// Case and spacing differences count as near matches; otherwise the
/// Jaro–Winkler similarity must exceed 0.8.
pub fn did_you_mean<'a, I>(wrong: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let norm = normalize(wrong);
    let mut best: Option<(&'a str, f64)> = None;
    for c in candidates {
        if c == wrong {
            continue;
        }
        let score = if normalize(c) == norm {
            2.0
        } else {
            strsim::jaro_winkler(&norm, &normalize(c))
        };
        if score > 0.8 && best.is_none_or(|(_, s)| score > s) {
            best = Some((c, score));
        }
    }
    best.map(|(c, _)| c)
}

/// Words designers write for a field under another name, and the fields they
/// may mean, in order of preference: a rulebook "deals" tickets, where the
/// file says how many `regular` ones. Only a field the object actually has is
/// suggested.
const FIELD_SYNONYMS: &[(&str, &[&str])] = &[
    ("deal", &["regular", "dealt"]),
    ("dealt", &["regular"]),
    ("offer", &["regular"]),
    ("offered", &["regular"]),
    ("count", &["regular", "size"]),
    ("number", &["regular", "size", "count"]),
    ("tickets", &["regular"]),
    ("minkeep", &["keep"]),
    ("keepmin", &["keep"]),
    ("hand", &["initial_hand"]),
    ("handsize", &["initial_hand"]),
    ("cards", &["initial_hand", "size"]),
    ("cars", &["trains"]),
    ("wagons", &["trains"]),
    ("scoring", &["route_points"]),
    ("points", &["route_points", "unbuilt_points"]),
    ("jokers", &["locomotives"]),
    ("wild", &["locomotives"]),
];

/// The field that `wrong`, an unknown key of an object whose fields are
/// `fields`, most likely means: a near spelling as [`did_you_mean`] finds
/// it, else a field of the same meaning under another name (`deal` →
/// `regular` among a ticket deal's `regular`, `long` and `keep`).
pub fn did_you_mean_field<'a, I>(wrong: &str, fields: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let fields: Vec<&'a str> = fields.into_iter().collect();
    if let Some(near) = did_you_mean(wrong, fields.iter().copied()) {
        return Some(near);
    }
    let norm = normalize(wrong);
    let (_, meant) = FIELD_SYNONYMS.iter().find(|(w, _)| *w == norm)?;
    meant
        .iter()
        .find_map(|m| fields.iter().copied().find(|f| f == m))
}

fn normalize(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{did_you_mean, did_you_mean_field};

    #[test]
    fn a_field_is_suggested_by_spelling_then_by_meaning() {
        let deal = ["regular", "long", "keep"];
        assert_eq!(did_you_mean_field("deal", deal), Some("regular"));
        assert_eq!(did_you_mean_field("Deal", deal), Some("regular"));
        assert_eq!(did_you_mean_field("kep", deal), Some("keep"));
        assert_eq!(did_you_mean_field("xyz", deal), None);
        // Spelling first: terrain cards have a `dealt`.
        let terrain = ["types", "dealt", "face_up", "doubling_cost"];
        assert_eq!(did_you_mean_field("deal", terrain), Some("dealt"));
        // A meaning is suggested only where the object has that field.
        assert_eq!(did_you_mean_field("deal", ["name", "x", "y"]), None);
        assert_eq!(
            did_you_mean_field("hand_size", ["trains", "initial_hand"]),
            Some("initial_hand")
        );
    }

    #[test]
    fn finds_typos_and_case_slips() {
        let colors = ["red", "green", "purple", "pink"];
        assert_eq!(did_you_mean("purpel", colors), Some("purple"));
        assert_eq!(did_you_mean("Red", colors), Some("red"));
        assert_eq!(did_you_mean("xyz", colors), None);
        let cities = ["Sault St. Marie", "Saint Louis"];
        assert_eq!(
            did_you_mean("sault st marie", cities),
            Some("Sault St. Marie")
        );
    }
}
