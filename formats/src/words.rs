//! Counted things in English: "1 city", "2 cities", "1 locomotive",
//! "3 locomotives". One helper for every text that counts (the engine's
//! findings and logs, the studio, the command line and the exports), so no
//! message says "1 cards" or "locomotive(s)".

/// A count of any integer type.
pub trait Count: std::fmt::Display + PartialEq + From<u8> + Copy {}

impl<N: std::fmt::Display + PartialEq + From<u8> + Copy> Count for N {}

/// `noun` for `n` of it: as given for one, else its plural
/// ([`plural_of`]).
pub fn noun<N: Count>(n: N, singular: &str) -> String {
    if n == N::from(1) {
        singular.to_owned()
    } else {
        plural_of(singular)
    }
}

/// `n` and the noun: `count(1, "route")` is "1 route", `count(2, "city")`
/// is "2 cities".
pub fn count<N: Count>(n: N, singular: &str) -> String {
    format!("{n} {}", noun(n, singular))
}

/// `n` and the noun, with a plural of its own for the nouns English does
/// not form with -s (`count_with(2, "die", "dice")`).
pub fn count_with<N: Count>(n: N, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n == N::from(1) { singular } else { plural })
}

/// The verb that agrees with `n` things: `one` for one, else `many`
/// ("1 player gets", "3 players get").
pub fn verb<'a, N: Count>(n: N, one: &'a str, many: &'a str) -> &'a str {
    if n == N::from(1) { one } else { many }
}

/// `n` with its thousands grouped, and the noun: `count_grouped(5000,
/// "game")` is "5,000 games", `count_grouped(1, "game")` "1 game".
pub fn count_grouped(n: u64, singular: &str) -> String {
    format!("{} {}", thousands(n), noun(n, singular))
}

/// `n` with its thousands grouped by commas: "34,800".
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The plural of a noun (of its last word when it is several): -es after
/// s, x, z, ch and sh, -ies for a consonant and y, else -s.
pub fn plural_of(singular: &str) -> String {
    let lower = singular.to_ascii_lowercase();
    let ends = |s: &str| lower.ends_with(s);
    if ends("s") || ends("x") || ends("z") || ends("ch") || ends("sh") {
        format!("{singular}es")
    } else if ends("y")
        && !singular
            .chars()
            .rev()
            .nth(1)
            .is_some_and(|c| "aeiouAEIOU".contains(c))
    {
        format!("{}ies", &singular[..singular.len() - 1])
    } else {
        format!("{singular}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1usize, "object"), "1 object");
        assert_eq!(count(1u8, "locomotive"), "1 locomotive");
        assert_eq!(count(0, "object"), "0 objects");
        assert_eq!(count(2, "bend point"), "2 bend points");
        assert_eq!(count(1, "bend point"), "1 bend point");
        assert_eq!(count(3, "city"), "3 cities");
        assert_eq!(count(2, "ferry"), "2 ferries");
        assert_eq!(count(2, "double pair"), "2 double pairs");
        assert_eq!(count(2, "day"), "2 days");
        assert_eq!(count(2, "bus"), "2 buses");
        assert_eq!(count(2, "match"), "2 matches");
        assert_eq!(count_with(2, "die", "dice"), "2 dice");
        assert_eq!(count_with(1, "die", "dice"), "1 die");
        assert_eq!(noun(1, "locomotive"), "locomotive");
        assert_eq!(noun(5, "locomotive"), "locomotives");
        assert_eq!(count_grouped(5000, "game"), "5,000 games");
        assert_eq!(count_grouped(1, "game"), "1 game");
        assert_eq!(verb(1, "gets", "get"), "gets");
        assert_eq!(verb(4, "gets", "get"), "get");
    }
}
