//! The statistics summary (TL202): one line a designer can read at a glance,
//! from the same [`DesignStats`](crate::board_game::stats::DesignStats) as `tracklayer stats`.

use super::Context;
use crate::board_game::stats::DesignStats;
use crate::diagnostics::{Code, Diagnostic, Diagnostics};
use crate::words::{self, count};

/// `4`, `2–9`: a range of numbers.
fn range(lo: u32, hi: u32) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}–{hi}")
    }
}

/// `4 points`, `1 point`, `2–9 points`: a range of counts of `noun`.
fn span(lo: u32, hi: u32, noun: &str) -> String {
    if lo == hi {
        count(lo, noun)
    } else {
        format!("{} {}", range(lo, hi), words::plural_of(noun))
    }
}

/// The summary line of a design's statistics.
pub(crate) fn summary(s: &DesignStats) -> String {
    let colors: Vec<String> = s
        .colors
        .iter()
        .filter(|c| c.routes > 0 || c.color != "gray")
        .map(|c| format!("{} {}", c.color, c.car_spaces))
        .collect();
    let lengths: Vec<String> = s
        .routes_by_length
        .iter()
        .map(|(l, n)| format!("{l}×{n}"))
        .collect();
    let mut text = format!(
        "{}, {} ({}), {}; car spaces per colour: {}; routes by length: {}",
        count(s.cities, "city"),
        count(s.routes, "route"),
        count(s.double_pairs, "double pair"),
        count(s.car_spaces, "car space"),
        colors.join(", "),
        lengths.join(", ")
    );
    let t = &s.tickets;
    if let Some((lo, hi)) = t.points_range() {
        text.push_str(&format!(
            "; {} of {}",
            count(t.count, "ticket"),
            span(lo, hi, "point")
        ));
        if let Some((plo, phi)) = t.length_range() {
            text.push_str(&format!(
                " over shortest paths of {}",
                span(plo, phi, "car space")
            ));
        }
    } else {
        text.push_str("; no tickets");
    }
    let most = s.degrees.first().map_or(0, |d| d.neighbours);
    let least = s.degrees.last().map_or(0, |d| d.neighbours);
    text.push_str(&format!(
        "; neighbours per city {} (mean {:.1})",
        range(least as u32, most as u32),
        s.mean_neighbours()
    ));
    text
}

/// Runs the check.
pub(super) fn check(ctx: &Context, diags: &mut Diagnostics) {
    diags.push(
        Diagnostic::new(Code::Statistics, summary(&ctx.stats))
            .fix("`tracklayer stats` prints the full tables"),
    );
}

#[cfg(test)]
mod tests {
    use super::super::testing::{bundled, with};
    use crate::diagnostics::Code;

    #[test]
    fn tl202_summarises_the_usa_map() {
        let v = bundled("usa.yaml");
        let found = with(&v, Code::Statistics);
        assert_eq!(found.len(), 1);
        let m = &found[0].message;
        assert!(
            m.starts_with("36 cities, 100 routes (22 double pairs), 309 car spaces; car spaces per colour: pink 27, white 27"),
            "{m}"
        );
        assert!(
            m.contains("gray 93; routes by length: 1×9, 2×36, 3×20, 4×16, 5×10, 6×9"),
            "{m}"
        );
        assert!(m.contains("30 tickets of 4–22 points"), "{m}");
        assert!(
            m.contains("neighbours per city 1–7") || m.contains("neighbours per city 2–7"),
            "{m}"
        );
    }

    #[test]
    fn tl202_says_when_there_are_no_tickets() {
        let v = super::super::testing::check("cities: [{name: A}]");
        let m = &with(&v, Code::Statistics)[0].message;
        assert!(m.starts_with("1 city, 0 routes"), "{m}");
        assert!(m.contains("no tickets"), "{m}");
    }
}
