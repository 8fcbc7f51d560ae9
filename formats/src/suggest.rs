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

fn normalize(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::did_you_mean;

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
