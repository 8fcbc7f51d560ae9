//! Before and after: a kept baseline report set beside the latest one, per
//! player count — headline metrics and the routes whose claim rates changed
//! most. The rows are computed here; the window draws them.

use egui::{Grid, RichText, Ui};
use engine::board_game::sim::BoardReport;
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

fn percent(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn points(x: f64) -> String {
    format!("{:+.1} pts", x * 100.0)
}

fn row(
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
pub fn metrics(
    before: &PlayerCountReport<BoardReport>,
    after: &PlayerCountReport<BoardReport>,
) -> Vec<Row> {
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
            |x| format!("{:+.1}%", x * 100.0),
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
        row(
            "Never-claimed routes",
            b.family.map.never_claimed.len() as f64,
            a.family.map.never_claimed.len() as f64,
            |x| format!("{x:.0}"),
            |x| format!("{x:+.0}"),
        ),
    ]
}

/// The `n` routes whose claim rate changed most (matched by key, so edits
/// that add or remove routes still line up); a route on one side only is
/// compared with 0.
pub fn route_changes(
    before: &PlayerCountReport<BoardReport>,
    after: &PlayerCountReport<BoardReport>,
    n: usize,
) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    for a in &after.family.map.routes {
        let b = before.family.map.routes.iter().find(|b| b.key == a.key);
        let mut r = row(
            &a.name,
            b.map_or(0.0, |b| b.claim_rate),
            a.claim_rate,
            percent,
            points,
        );
        if b.is_none() {
            r.before = "(new)".into();
        }
        rows.push(r);
    }
    for b in &before.family.map.routes {
        if !after.family.map.routes.iter().any(|a| a.key == b.key) {
            let mut r = row(&b.name, b.claim_rate, 0.0, percent, points);
            r.after = "(removed)".into();
            rows.push(r);
        }
    }
    rows.sort_by(|x, y| {
        y.change
            .abs()
            .total_cmp(&x.change.abs())
            .then(x.what.cmp(&y.what))
    });
    rows.truncate(n);
    rows
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
        after.family.map.routes[3].claim_rate = before.family.map.routes[3].claim_rate + 0.5;
        after.family.map.routes[5].claim_rate = before.family.map.routes[5].claim_rate - 0.2;
        after.family.map.routes[7].key = "a new route".into();
        let m = metrics(&before, &after);
        let length = m.iter().find(|r| r.what == "Game length (turns)").unwrap();
        assert!((length.change - 4.0).abs() < 1e-9);
        assert_eq!(length.delta, "+4.0");
        let fpa = &m[0];
        assert_eq!(fpa.delta, "+5.0 pts");
        let routes = route_changes(&before, &after, 3);
        assert_eq!(routes[0].what, after.family.map.routes[3].name);
        assert_eq!(routes[0].delta, "+50.0 pts");
        let all = route_changes(&before, &after, usize::MAX);
        assert_eq!(all.len(), before.family.map.routes.len() + 1);
        assert_eq!(all.iter().filter(|r| r.before == "(new)").count(), 1);
        assert_eq!(all.iter().filter(|r| r.after == "(removed)").count(), 1);
        let same = route_changes(&before, &before, 5);
        assert!(same.iter().all(|r| r.change == 0.0));
    }
}
