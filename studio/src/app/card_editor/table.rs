//! The ticket table of a card-game design: one row per ticket with its
//! ends, points and the cards it needs as chips; sortable by any column,
//! filtered by text (a city, a colour, a number), and a click selects the
//! ticket (Shift adds it).

use egui::{Button, ScrollArea, TextEdit, Ui, vec2};
use formats::{GameFile, TicketSpec};

use super::chips::chip;
use crate::app::panels::tables::{RowClick, natural};
use crate::app::selection::{Obj, Selection};
use crate::drawing::colors::Palette;

/// A column of the ticket table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// One end.
    From,
    /// The other end.
    To,
    /// Points.
    Points,
    /// The cards needed, sorted by how many.
    Cards,
}

impl Column {
    /// Every column, left to right.
    pub const ALL: [Column; 4] = [Column::From, Column::To, Column::Points, Column::Cards];

    fn title(self) -> &'static str {
        match self {
            Column::From => "From",
            Column::To => "To",
            Column::Points => "Points",
            Column::Cards => "Cards",
        }
    }

    /// Relative widths: names get more room, the chips most.
    fn weight(self) -> f32 {
        match self {
            Column::From | Column::To => 1.5,
            Column::Points => 0.8,
            Column::Cards => 2.4,
        }
    }
}

/// Cards a ticket needs in all.
pub fn card_total(t: &TicketSpec) -> u32 {
    t.cards.values().map(|&n| u32::from(n)).sum()
}

/// Does the ticket show `needle` (lower case) in any column?
fn matches(t: &TicketSpec, needle: &str) -> bool {
    needle.is_empty()
        || t.from.to_lowercase().contains(needle)
        || t.to.to_lowercase().contains(needle)
        || t.points.to_string() == needle
        || t.cards.keys().any(|c| c.to_lowercase().contains(needle))
}

/// The tickets shown, in table order: those matching `filter`, sorted by
/// `sort` (ties keep file order).
pub fn order(design: &GameFile, filter: &str, sort: Column, ascending: bool) -> Vec<usize> {
    let needle = filter.trim().to_lowercase();
    let mut rows: Vec<usize> = (0..design.tickets.len())
        .filter(|&i| matches(&design.tickets[i], &needle))
        .collect();
    let t = &design.tickets;
    rows.sort_by(|&a, &b| {
        let o = match sort {
            Column::From => natural(&t[a].from, &t[b].from),
            Column::To => natural(&t[a].to, &t[b].to),
            Column::Points => t[a].points.cmp(&t[b].points),
            Column::Cards => card_total(&t[a]).cmp(&card_total(&t[b])),
        };
        if ascending { o } else { o.reverse() }
    });
    rows
}

/// The ticket table's state.
pub struct TicketTable {
    /// Rows containing this text are shown.
    pub filter: String,
    sort: Column,
    ascending: bool,
    cache: Option<(u64, String, Column, bool, Vec<usize>)>,
}

impl Default for TicketTable {
    fn default() -> Self {
        TicketTable {
            filter: String::new(),
            sort: Column::From,
            ascending: true,
            cache: None,
        }
    }
}

/// What the designer did in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableAction {
    /// A row was clicked.
    Row(RowClick),
    /// Add a ticket.
    Add,
}

impl TicketTable {
    /// Sorts by `col` (the same column again reverses).
    pub fn sort_by(&mut self, col: Column) {
        if self.sort == col {
            self.ascending = !self.ascending;
        } else {
            self.sort = col;
            self.ascending = true;
        }
    }

    /// The tickets shown, in table order, for the design at `generation`.
    pub fn rows(&mut self, design: &GameFile, generation: u64) -> &[usize] {
        let fresh = self.cache.as_ref().is_some_and(|c| {
            c.0 == generation && c.1 == self.filter && c.2 == self.sort && c.3 == self.ascending
        });
        if !fresh {
            let rows = order(design, &self.filter, self.sort, self.ascending);
            self.cache = Some((
                generation,
                self.filter.clone(),
                self.sort,
                self.ascending,
                rows,
            ));
        }
        self.cache.as_ref().map_or(&[], |c| c.4.as_slice())
    }

    /// Shows the table; returns what was clicked.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        design: &GameFile,
        generation: u64,
        selection: &Selection,
    ) -> Option<TableAction> {
        let mut out = None;
        ui.horizontal(|ui| {
            let l = ui.label("Filter");
            ui.add(
                TextEdit::singleline(&mut self.filter)
                    .hint_text("city, colour, points…")
                    .desired_width(160.0),
            )
            .labelled_by(l.id);
            if ui
                .button("New ticket")
                .on_hover_text("A new ticket between two placeholder cities, to rename")
                .clicked()
            {
                out = Some(TableAction::Add);
            }
        });
        let gap = ui.spacing().item_spacing.x;
        let total: f32 = Column::ALL.iter().map(|c| c.weight()).sum();
        let room = ui.available_width() - 16.0 - gap * 3.0;
        let widths: Vec<f32> = Column::ALL
            .iter()
            .map(|c| (room * c.weight() / total).max(30.0))
            .collect();
        let h = ui.spacing().interact_size.y;
        ui.horizontal(|ui| {
            for (col, &w) in Column::ALL.iter().zip(&widths) {
                let arrow = match (self.sort == *col, self.ascending) {
                    (true, true) => " ^",
                    (true, false) => " v",
                    (false, _) => "",
                };
                let title = col.title();
                if ui
                    .add_sized(vec2(w, h), Button::new(format!("{title}{arrow}")))
                    .on_hover_text(format!("Sort by {}", title.to_lowercase()))
                    .clicked()
                {
                    self.sort_by(*col);
                }
            }
        });
        let palette = Palette::default();
        let rows = self.rows(design, generation).to_vec();
        ui.label(format!(
            "{} of {} shown",
            rows.len(),
            engine::words::count(design.tickets.len(), "ticket")
        ));
        ScrollArea::vertical()
            .id_salt("card tickets")
            .auto_shrink([false, false])
            .show_rows(ui, h, rows.len(), |ui, range| {
                for &i in &rows[range] {
                    let Some(t) = design.tickets.get(i) else {
                        continue;
                    };
                    let obj = Obj::Ticket(i);
                    let selected = selection.contains(obj);
                    ui.horizontal(|ui| {
                        let cells = [t.from.clone(), t.to.clone(), t.points.to_string()];
                        let mut clicked = false;
                        for (text, &w) in cells.iter().zip(&widths) {
                            clicked |= ui
                                .add_sized(
                                    vec2(w, h),
                                    Button::selectable(selected, text).truncate(),
                                )
                                .clicked();
                        }
                        ui.scope(|ui| {
                            ui.set_width(widths[3]);
                            ui.spacing_mut().item_spacing.x = 6.0;
                            for (color, &n) in &t.cards {
                                chip(ui, color, n, &palette);
                            }
                        });
                        if clicked {
                            out = Some(TableAction::Row(RowClick {
                                obj,
                                add: ui.input(|i| i.modifiers.shift),
                            }));
                        }
                    });
                }
            });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn design() -> GameFile {
        let text = "format: tracklayer/1\nfamily: card-game\ntickets:\n  - {from: Denver, to: El Paso, points: 4, cards: {yellow: 1, red: 1}}\n  - {from: Calgary, to: Salt Lake City, points: 10, cards: {pink: 3}}\n  - {from: Boston, to: Miami, points: 9, cards: {red: 1}}\n";
        formats::load_str(text, std::path::Path::new("t.yaml"))
            .unwrap()
            .design
    }

    #[test]
    fn tickets_sort_by_any_column_and_filter_by_city_colour_or_points() {
        let d = design();
        assert_eq!(order(&d, "", Column::From, true), [2, 1, 0]);
        assert_eq!(order(&d, "", Column::Points, true), [0, 2, 1], "4 < 9 < 10");
        assert_eq!(order(&d, "", Column::Cards, false), [1, 0, 2]);
        assert_eq!(order(&d, "RED", Column::From, true), [2, 0]);
        assert_eq!(order(&d, "10", Column::From, true), [1]);
        assert_eq!(order(&d, "salt", Column::From, true), [1]);
        let mut t = TicketTable::default();
        t.sort_by(Column::Points);
        t.sort_by(Column::Points);
        assert_eq!(t.rows(&d, 1), [1, 2, 0]);
    }
}
