//! What every family's CSV tables share (`tracklayer simulate --csv`): a
//! header, then a block of rows per player count, and field quoting.

use crate::sim::SimReport;

/// A CSV table of `report`: `header` (a line, with its newline), then for
/// each player count the rows `row` writes (each with its newline) for every
/// item `items` lists of that player count's family section.
pub fn by_players<R, T>(
    report: &SimReport<R>,
    header: &str,
    items: impl Fn(&R) -> &[T],
    mut row: impl FnMut(&mut String, usize, &T),
) -> String {
    let mut out = String::from(header);
    for s in &report.by_players {
        for item in items(&s.family) {
            row(&mut out, s.players, item);
        }
    }
    out
}

/// A field, quoted when it needs it (a comma, quote or newline in it).
pub fn field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        quoted(s)
    } else {
        s.to_owned()
    }
}

/// A field always quoted, its quotes doubled.
pub fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use super::{field, quoted};

    #[test]
    fn fields_with_commas_or_quotes_are_quoted() {
        assert_eq!(field("Miami - Atlanta (blue)"), "Miami - Atlanta (blue)");
        assert_eq!(field("a, b"), "\"a, b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(quoted("Berlin - Leipzig"), "\"Berlin - Leipzig\"");
    }
}
