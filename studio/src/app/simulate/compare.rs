//! Before and after: a kept baseline report set beside the latest one, per
//! player count — the headline metrics every family shares (the family adds
//! its own rows and tables through [`super::family::SimView`]). The rows are
//! computed here; the window draws them.

use egui::{Grid, RichText, Ui};
use engine::sim::report::PlayerCountReport;

/// One line of the comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// What is compared.
    pub what: String,
    /// The baseline's value.
    pub before: String,
    /// The latest value.
    pub after: String,
    /// After minus before, formatted.
    pub delta: String,
    /// After minus before.
    pub change: f64,
}

/// `12.5%` (`< 0.1%` for a share too small to show but not zero).
pub fn percent(x: f64) -> String {
    engine::sim::stats::pct_fixed(x, 1)
}

/// A change of a share in percentage points: `+5.0 pts`.
pub fn points(x: f64) -> String {
    format!("{:+.1} pts", x * 100.0)
}

/// A row comparing `before` and `after`, each written by `value`, the
/// change by `delta`.
pub fn row(
    what: &str,
    before: f64,
    after: f64,
    value: fn(f64) -> String,
    delta: fn(f64) -> String,
) -> Row {
    Row {
        what: what.to_owned(),
        before: value(before),
        after: value(after),
        delta: delta(after - before),
        change: after - before,
    }
}

/// The headline metrics of two sections of the same player count.
pub fn metrics<R>(before: &PlayerCountReport<R>, after: &PlayerCountReport<R>) -> Vec<Row> {
    let one = |x: f64| format!("{x:.1}");
    let signed = |x: f64| format!("{x:+.1}");
    let three = |x: f64| format!("{x:.3}");
    let signed3 = |x: f64| format!("{x:+.3}");
    let (b, a) = (before, after);
    vec![
        row(
            "First-player advantage",
            b.metrics.first_player_advantage,
            a.metrics.first_player_advantage,
            |x| engine::sim::stats::pct_signed(x, 1),
            points,
        ),
        row(
            "Balance (1 = fair)",
            b.metrics.balance,
            a.metrics.balance,
            three,
            signed3,
        ),
        row(
            "Mean score",
            b.scores.total.mean,
            a.scores.total.mean,
            one,
            signed,
        ),
        row(
            "Winner's margin",
            b.scores.margin.mean,
            a.scores.margin.mean,
            one,
            signed,
        ),
        row(
            "Game length (turns)",
            b.pace.turns.mean,
            a.pace.turns.mean,
            one,
            signed,
        ),
        row(
            "Ticket completion",
            b.metrics.ticket_completion.unwrap_or(0.0),
            a.metrics.ticket_completion.unwrap_or(0.0),
            percent,
            points,
        ),
        row(
            "Normal endings",
            b.pace.end_reasons.normal.value,
            a.pace.end_reasons.normal.value,
            percent,
            points,
        ),
    ]
}

/// Draws rows as a before / after / delta grid.
pub fn table(ui: &mut Ui, id: &str, first: &str, rows: &[Row]) {
    Grid::new(id).striped(true).show(ui, |ui| {
        for h in [first, "Before", "After", "Change"] {
            ui.label(RichText::new(h).strong());
        }
        ui.end_row();
        for r in rows {
            ui.label(&r.what);
            ui.label(&r.before);
            ui.label(&r.after);
            ui.label(&r.delta);
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deltas_are_after_minus_before() {
        let before = crate::app::simulate::testing::report(2, 10).by_players[0].clone();
        let mut after = before.clone();
        after.pace.turns.mean = before.pace.turns.mean + 4.0;
        after.metrics.first_player_advantage = before.metrics.first_player_advantage + 0.05;
        let m = metrics(&before, &after);
        let length = m.iter().find(|r| r.what == "Game length (turns)").unwrap();
        assert!((length.change - 4.0).abs() < 1e-9);
        assert_eq!(length.delta, "+4.0");
        let fpa = &m[0];
        assert_eq!(fpa.delta, "+5.0 pts");
    }
}
