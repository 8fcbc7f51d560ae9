//! Tables of a report section: outcome by seat and by bot, end reasons, and
//! ticket completion (sortable; a row can be selected). Rows are built by
//! pure functions and only drawn here.

use egui::{Grid, RichText, Ui};
use engine::board_game::sim::BoardReport;
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
pub fn seat_rows(s: &PlayerCountReport<BoardReport>) -> Vec<OutcomeRow> {
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
pub fn bot_rows(s: &PlayerCountReport<BoardReport>) -> Vec<OutcomeRow> {
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

/// Why games ended: (reason, games, share with interval).
pub fn end_reason_rows(s: &PlayerCountReport<BoardReport>) -> Vec<(&'static str, String, String)> {
    let e = &s.pace.end_reasons;
    let row = |name, r: &Rate| (name, thousands(r.count.round() as u64), r.percent());
    vec![
        row("Trains ran low (normal end)", &e.normal),
        row("Stalemate", &e.stalemate),
        row("Turn cap", &e.turn_cap),
    ]
}

/// A column of the ticket table to sort by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TicketSort {
    /// File order.
    #[default]
    File,
    /// Name.
    Name,
    /// Points.
    Points,
    /// Times held.
    Held,
    /// Completion rate.
    Completion,
    /// Mean points to the holder.
    MeanPoints,
}

/// One row of the ticket table.
#[derive(Clone, Debug, PartialEq)]
pub struct TicketLine {
    /// Index in the design's tickets.
    pub index: usize,
    /// `From - To`.
    pub name: String,
    /// Its points.
    pub points: i32,
    /// Times held at the end of a game.
    pub held: u64,
    /// Completed share of the times held.
    pub completion: f64,
    /// `61% (51–70%)` (with its 95% interval), or `—` when never held.
    pub completion_text: String,
    /// Mean points to its holder.
    pub mean_points: f64,
}

/// The ticket rows, sorted (ties in file order).
pub fn ticket_lines(
    s: &PlayerCountReport<BoardReport>,
    sort: TicketSort,
    descending: bool,
) -> Vec<TicketLine> {
    let mut rows: Vec<TicketLine> = s
        .family
        .map
        .tickets
        .iter()
        .map(|t| TicketLine {
            index: t.index,
            name: t.name.clone(),
            points: t.points,
            held: t.held,
            completion: t.completion.value,
            completion_text: if t.held > 0 {
                // The header says it is a 95% interval.
                t.completion.percent().replace("95% CI ", "")
            } else {
                "—".into()
            },
            mean_points: t.mean_points,
        })
        .collect();
    rows.sort_by(|a, b| {
        let o = match sort {
            TicketSort::File => a.index.cmp(&b.index),
            TicketSort::Name => a.name.cmp(&b.name),
            TicketSort::Points => a.points.cmp(&b.points),
            TicketSort::Held => a.held.cmp(&b.held),
            TicketSort::Completion => a.completion.total_cmp(&b.completion),
            TicketSort::MeanPoints => a.mean_points.total_cmp(&b.mean_points),
        };
        let o = if descending { o.reverse() } else { o };
        o.then(a.index.cmp(&b.index))
    });
    rows
}

/// The ticket table's state.
#[derive(Clone, Debug, Default)]
pub struct TicketTable {
    /// The sort column.
    pub sort: TicketSort,
    /// Largest first.
    pub descending: bool,
    /// The selected ticket (design index).
    pub selected: Option<usize>,
}

impl TicketTable {
    /// Clicking a column: sort by it, or flip the order when it already is.
    pub fn click_column(&mut self, c: TicketSort) {
        if self.sort == c {
            self.descending = !self.descending;
        } else {
            self.sort = c;
            self.descending = !matches!(c, TicketSort::Name | TicketSort::File);
        }
    }

    /// Draws the table; returns the ticket clicked, if any.
    pub fn ui(&mut self, ui: &mut Ui, s: &PlayerCountReport<BoardReport>) -> Option<usize> {
        let mut clicked = None;
        ui.label(
            RichText::new(
                "Completion of held tickets. Click a header to sort, a ticket to see its cities.",
            )
            .weak(),
        );
        let columns = [
            ("Ticket", TicketSort::Name),
            ("Points", TicketSort::Points),
            ("Held", TicketSort::Held),
            ("Completed (95% CI)", TicketSort::Completion),
            ("Mean points", TicketSort::MeanPoints),
        ];
        Grid::new("sim-ticket-grid").striped(true).show(ui, |ui| {
            for (name, c) in columns {
                let arrow = match (self.sort == c, self.descending) {
                    (false, _) => "",
                    (true, true) => " (desc)",
                    (true, false) => " (asc)",
                };
                if ui
                    .button(format!("{name}{arrow}"))
                    .on_hover_text(format!("Sort by {}", name.to_lowercase()))
                    .clicked()
                {
                    self.click_column(c);
                }
            }
            ui.end_row();
            for t in ticket_lines(s, self.sort, self.descending) {
                let on = self.selected == Some(t.index);
                if ui.selectable_label(on, &t.name).clicked() {
                    self.selected = Some(t.index);
                    clicked = Some(t.index);
                }
                ui.label(t.points.to_string());
                ui.label(thousands(t.held));
                ui.label(&t.completion_text);
                ui.label(format!("{:+.1}", t.mean_points));
                ui.end_row();
            }
        });
        clicked
    }
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

/// Draws the end reasons and the score summary line.
pub fn pace_table(ui: &mut Ui, s: &PlayerCountReport<BoardReport>) {
    Grid::new("sim-end-reasons").striped(true).show(ui, |ui| {
        for h in ["End reason", "Games", "Share (95% CI)"] {
            ui.label(RichText::new(h).strong());
        }
        ui.end_row();
        for (name, n, share) in end_reason_rows(s) {
            ui.label(name);
            ui.label(n);
            ui.label(share);
            ui.end_row();
        }
    });
    let t = &s.pace.turns;
    ui.label(format!(
        "Turns per game: mean {:.1}, median {:.0}, p10–p90 {:.0}–{:.0}, range {:.0}–{:.0}. Ticket completion {}.",
        t.mean,
        t.median,
        t.p10,
        t.p90,
        t.min,
        t.max,
        pct(s.metrics.ticket_completion.unwrap_or(0.0))
    ));
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
        let ends = end_reason_rows(s);
        assert_eq!(ends[0].2, s.pace.end_reasons.normal.percent());

        let by_completion = ticket_lines(s, TicketSort::Completion, true);
        assert_eq!(by_completion.len(), s.family.map.tickets.len());
        assert!(
            by_completion
                .windows(2)
                .all(|w| w[0].completion >= w[1].completion)
        );
        let by_name = ticket_lines(s, TicketSort::Name, false);
        assert!(by_name.windows(2).all(|w| w[0].name <= w[1].name));
        let file = ticket_lines(s, TicketSort::File, false);
        let held = file.iter().find(|t| t.held > 0).unwrap();
        let rate = s.family.map.tickets[held.index].completion;
        assert_eq!(
            held.completion_text,
            format!(
                "{} ({}–{})",
                pct(rate.value),
                pct(rate.low).trim_end_matches('%'),
                pct(rate.high)
            )
        );
        assert!(file.iter().enumerate().all(|(i, t)| t.index == i));

        let mut table = TicketTable::default();
        table.click_column(TicketSort::Points);
        assert!(table.descending);
        table.click_column(TicketSort::Points);
        assert!(!table.descending);
    }
}
