//! Tables of a report section every family shares: outcome by seat and by
//! bot, and end reasons. Rows are built by pure functions and only drawn here.

use egui::{Grid, RichText, Ui};
use engine::sim::findings::thousands;
use engine::sim::report::PlayerCountReport;
use engine::sim::stats::{Rate, pct};

/// A row of the outcome tables: who, win rate with interval, mean score.
#[derive(Clone, Debug, PartialEq)]
pub struct OutcomeRow {
    /// `Seat 1` or the bot's name.
    pub who: String,
    /// `52% (95% CI 40–63%)`.
    pub win_rate: String,
    /// Mean final score, one decimal.
    pub mean_score: String,
    /// Games or seats played.
    pub played: String,
}

/// Outcome by seat.
pub fn seat_rows<R>(s: &PlayerCountReport<R>) -> Vec<OutcomeRow> {
    s.outcome
        .seats
        .iter()
        .map(|x| OutcomeRow {
            who: format!("Seat {}", x.seat + 1),
            win_rate: x.win_rate.percent(),
            mean_score: format!("{:.1}", x.mean_score),
            played: thousands(x.win_rate.of),
        })
        .collect()
}

/// Outcome by bot.
pub fn bot_rows<R>(s: &PlayerCountReport<R>) -> Vec<OutcomeRow> {
    s.outcome
        .bots
        .iter()
        .map(|b| OutcomeRow {
            who: b.bot.clone(),
            win_rate: b.win_rate.percent(),
            mean_score: format!("{:.1}", b.mean_score),
            played: thousands(b.seats_played),
        })
        .collect()
}

/// Why games ended: (reason, games, share with interval); `normal` names
/// the family's normal end.
pub fn end_reason_rows<R>(
    s: &PlayerCountReport<R>,
    normal: &'static str,
) -> Vec<(&'static str, String, String)> {
    let e = &s.pace.end_reasons;
    let row = |name, r: &Rate| (name, thousands(r.count.round() as u64), r.percent());
    vec![
        row(normal, &e.normal),
        row("Stalemate", &e.stalemate),
        row("Turn cap", &e.turn_cap),
    ]
}

/// Draws an outcome table.
pub fn outcome_table(ui: &mut Ui, id: &str, first: &str, played: &str, rows: &[OutcomeRow]) {
    Grid::new(id).striped(true).show(ui, |ui| {
        for h in [first, "Win rate (95% CI)", "Mean score", played] {
            ui.label(RichText::new(h).strong());
        }
        ui.end_row();
        for r in rows {
            ui.label(&r.who);
            ui.label(&r.win_rate);
            ui.label(&r.mean_score);
            ui.label(&r.played);
            ui.end_row();
        }
    });
}

/// The line under the end reasons: turns per game, and the completion of
/// goals (tickets) when the family has them.
pub fn pace_line<R>(s: &PlayerCountReport<R>) -> String {
    let t = &s.pace.turns;
    let goals = s
        .metrics
        .ticket_completion
        .map_or_else(String::new, |c| format!(" Ticket completion {}.", pct(c)));
    format!(
        "Turns per game: mean {:.1}, median {:.0}, p10–p90 {:.0}–{:.0}, range {:.0}–{:.0}.{goals}",
        t.mean, t.median, t.p10, t.p90, t.min, t.max,
    )
}

/// Draws the end reasons (`normal`: the family's name of its normal end)
/// and the pace line.
pub fn pace_table<R>(ui: &mut Ui, s: &PlayerCountReport<R>, normal: &'static str) {
    Grid::new("sim-end-reasons").striped(true).show(ui, |ui| {
        for h in ["End reason", "Games", "Share (95% CI)"] {
            ui.label(RichText::new(h).strong());
        }
        ui.end_row();
        for (name, n, share) in end_reason_rows(s, normal) {
            ui.label(name);
            ui.label(n);
            ui.label(share);
            ui.end_row();
        }
    });
    ui.label(pace_line(s));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_carry_the_reports_numbers_and_sort() {
        let r = crate::app::simulate::testing::report(2, 16);
        let s = &r.by_players[0];
        let seats = seat_rows(s);
        assert_eq!(seats[0].who, "Seat 1");
        assert_eq!(seats[0].win_rate, s.outcome.seats[0].win_rate.percent());
        assert_eq!(bot_rows(s)[2].who, "long-route");
        let ends = end_reason_rows(s, "Normal end");
        assert_eq!(ends[0].2, s.pace.end_reasons.normal.percent());
    }
}
