//! The board game's ticket table: completion of each ticket when held, with
//! its interval and mean points, sortable, a row selectable (its cities are
//! then lit and selected on the map). Rows are built by pure functions.

use egui::{Grid, RichText, Ui};
use engine::board_game::board::{Board, Place};
use engine::board_game::sim::BoardReport;
use engine::sim::findings::thousands;
use engine::sim::report::PlayerCountReport;

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

/// The cities at the ends of ticket `t` (each location of a country).
pub fn ticket_cities(board: &Board, t: usize) -> Vec<usize> {
    let Some(ticket) = board.tickets().get(t) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for place in [ticket.from, ticket.to] {
        match place {
            Place::City(c) => out.push(c.index()),
            Place::Country(k) => out.extend(
                board.countries()[k.index()]
                    .locations
                    .iter()
                    .map(|c| c.index()),
            ),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use engine::sim::stats::pct;

    use super::*;
    use crate::app::simulate::testing;

    #[test]
    fn ticket_rows_carry_the_reports_numbers_and_sort() {
        let r = testing::report(2, 16);
        let s = &r.by_players[0];
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

    #[test]
    fn a_tickets_cities_are_its_ends() {
        let design = testing::usa();
        let board = Board::build(&design).unwrap();
        let cities = ticket_cities(&board, 0);
        let t = &design.tickets[0];
        let names: Vec<&str> = cities
            .iter()
            .map(|&c| design.cities[c].name.as_str())
            .collect();
        assert_eq!(names, vec![t.from.as_str(), t.to.as_str()]);
        assert!(ticket_cities(&board, 10_000).is_empty());
    }
}
