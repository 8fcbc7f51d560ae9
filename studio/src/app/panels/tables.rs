//! The Cities, Routes and Tickets tables: sortable by any column, filtered by
//! text, and selecting a row selects the object on the map. Only visible rows
//! are laid out, so 6,000 routes scroll smoothly.

use egui::{Button, ScrollArea, TextEdit, Ui, vec2};
use formats::GameFile;

use crate::app::selection::{Obj, Selection};

/// Which objects a table lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    /// Cities.
    Cities,
    /// Routes.
    Routes,
    /// Tickets.
    Tickets,
}

impl TableKind {
    fn columns(self) -> &'static [&'static str] {
        match self {
            TableKind::Cities => &["Name", "X", "Y", "Degree", "Country"],
            TableKind::Routes => &["From", "To", "Length", "Colour", "Kind"],
            TableKind::Tickets => &["From", "To", "Points", "Long"],
        }
    }

    /// Relative column widths: names get more room.
    fn weights(self) -> &'static [f32] {
        match self {
            TableKind::Cities => &[2.2, 1.0, 1.0, 1.0, 1.4],
            TableKind::Routes => &[1.8, 1.8, 1.0, 1.1, 1.1],
            TableKind::Tickets => &[1.8, 1.8, 1.0, 0.9],
        }
    }

    fn obj(self, i: usize) -> Obj {
        match self {
            TableKind::Cities => Obj::City(i),
            TableKind::Routes => Obj::Route(i),
            TableKind::Tickets => Obj::Ticket(i),
        }
    }
}

/// A cell value that sorts as a number when it is one.
#[derive(Clone, Debug, PartialEq)]
enum Cell {
    Num(f64),
    Text(String),
}

/// Compares texts as people read them: `City 2` before `City 10`.
pub(crate) fn natural(a: &str, b: &str) -> std::cmp::Ordering {
    let chunks = |s: &str| -> Vec<(bool, String)> {
        let mut out: Vec<(bool, String)> = Vec::new();
        for ch in s.chars() {
            let digit = ch.is_ascii_digit();
            match out.last_mut() {
                Some((d, text)) if *d == digit => text.push(ch),
                _ => out.push((digit, ch.to_string())),
            }
        }
        out
    };
    let (x, y) = (chunks(&a.to_lowercase()), chunks(&b.to_lowercase()));
    for (p, q) in x.iter().zip(&y) {
        let o = if p.0 && q.0 {
            let (m, n) = (p.1.trim_start_matches('0'), q.1.trim_start_matches('0'));
            m.len().cmp(&n.len()).then_with(|| m.cmp(n))
        } else {
            p.1.cmp(&q.1)
        };
        if o != std::cmp::Ordering::Equal {
            return o;
        }
    }
    x.len().cmp(&y.len())
}

impl Cell {
    fn cmp(&self, other: &Cell) -> std::cmp::Ordering {
        match (self, other) {
            (Cell::Num(a), Cell::Num(b)) => a.total_cmp(b),
            (Cell::Text(a), Cell::Text(b)) => natural(a, b),
            (Cell::Num(_), Cell::Text(_)) => std::cmp::Ordering::Less,
            (Cell::Text(_), Cell::Num(_)) => std::cmp::Ordering::Greater,
        }
    }
}

impl Cell {
    fn show(&self) -> String {
        match self {
            Cell::Num(n) => {
                if n.fract() == 0.0 {
                    format!("{n:.0}")
                } else {
                    format!("{n:.1}")
                }
            }
            Cell::Text(t) if t.is_empty() => "-".into(),
            Cell::Text(t) => t.clone(),
        }
    }
}

fn rows(kind: TableKind, d: &GameFile) -> Vec<Vec<Cell>> {
    let t = |s: &str| Cell::Text(s.to_owned());
    match kind {
        TableKind::Cities => {
            let mut degree = std::collections::HashMap::<&str, usize>::new();
            for r in &d.routes {
                *degree.entry(r.from.as_str()).or_default() += 1;
                *degree.entry(r.to.as_str()).or_default() += 1;
            }
            d.cities
                .iter()
                .map(|c| {
                    vec![
                        t(&c.name),
                        Cell::Num(f64::from(c.x)),
                        Cell::Num(f64::from(c.y)),
                        Cell::Num(degree.get(c.name.as_str()).copied().unwrap_or(0) as f64),
                        t(c.country.as_deref().unwrap_or("")),
                    ]
                })
                .collect()
        }
        TableKind::Routes => d
            .routes
            .iter()
            .map(|r| {
                let kind = match (r.tunnel, r.ferry) {
                    (true, 0) => "tunnel".to_owned(),
                    (false, 0) => String::new(),
                    (true, f) => format!("tunnel, ferry {f}"),
                    (false, f) => format!("ferry {f}"),
                };
                vec![
                    t(&r.from),
                    t(&r.to),
                    Cell::Num(f64::from(r.length)),
                    t(&r.color),
                    Cell::Text(kind),
                ]
            })
            .collect(),
        TableKind::Tickets => d
            .tickets
            .iter()
            .map(|x| {
                vec![
                    t(&x.from),
                    t(&x.to),
                    Cell::Num(f64::from(x.points)),
                    t(if x.long { "long" } else { "" }),
                ]
            })
            .collect(),
    }
}

/// The rows shown, with what they were computed for: (generation, filter,
/// sort column, ascending, rows).
type RowCache = (u64, String, usize, bool, Vec<(usize, Vec<Cell>)>);

/// One object table.
pub struct ObjectTable {
    kind: TableKind,
    /// Rows containing this text (any column, any case) are shown.
    pub filter: String,
    sort: usize,
    ascending: bool,
    cache: Option<RowCache>,
}

/// A row the designer clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowClick {
    /// The object of the row.
    pub obj: Obj,
    /// Shift was held (add to the selection).
    pub add: bool,
}

impl ObjectTable {
    /// An unsorted, unfiltered table.
    pub fn new(kind: TableKind) -> Self {
        ObjectTable {
            kind,
            filter: String::new(),
            sort: 0,
            ascending: true,
            cache: None,
        }
    }

    /// Sorts by column `col` (clicking the same column again reverses).
    pub fn sort_by(&mut self, col: usize) {
        if self.sort == col {
            self.ascending = !self.ascending;
        } else {
            self.sort = col;
            self.ascending = true;
        }
    }

    /// The objects shown, in table order.
    pub fn order(&mut self, design: &GameFile, generation: u64) -> Vec<usize> {
        self.refresh(design, generation);
        self.cache
            .as_ref()
            .map(|c| c.4.iter().map(|(i, _)| *i).collect())
            .unwrap_or_default()
    }

    fn refresh(&mut self, design: &GameFile, generation: u64) {
        let fresh = self.cache.as_ref().is_some_and(|c| {
            c.0 == generation && c.1 == self.filter && c.2 == self.sort && c.3 == self.ascending
        });
        if fresh {
            return;
        }
        let needle = self.filter.to_lowercase();
        let mut list: Vec<(usize, Vec<Cell>)> = rows(self.kind, design)
            .into_iter()
            .enumerate()
            .filter(|(_, cells)| {
                needle.is_empty()
                    || cells
                        .iter()
                        .any(|c| c.show().to_lowercase().contains(&needle))
            })
            .collect();
        let col = self.sort;
        list.sort_by(|a, b| {
            let o = match (a.1.get(col), b.1.get(col)) {
                (Some(x), Some(y)) => x.cmp(y),
                (x, y) => x.is_some().cmp(&y.is_some()),
            };
            if self.ascending { o } else { o.reverse() }
        });
        self.cache = Some((
            generation,
            self.filter.clone(),
            self.sort,
            self.ascending,
            list,
        ));
    }

    /// Shows the table; returns the row clicked.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        design: &GameFile,
        generation: u64,
        selection: &Selection,
    ) -> Option<RowClick> {
        let mut clicked = None;
        ui.horizontal(|ui| {
            let l = ui.label("Filter");
            ui.add(TextEdit::singleline(&mut self.filter).hint_text("name, colour, number…"))
                .labelled_by(l.id);
        });
        self.refresh(design, generation);
        let cols = self.kind.columns();
        let gap = ui.spacing().item_spacing.x;
        let n = cols.len() as f32;
        let weights = self.kind.weights();
        let total: f32 = weights.iter().sum();
        // Leave room for the scroll bar so rows never widen the panel.
        let room = ui.available_width() - 16.0 - gap * (n - 1.0);
        let widths: Vec<f32> = weights
            .iter()
            .map(|w| (room * w / total).max(24.0))
            .collect();
        let h = ui.spacing().interact_size.y;
        ui.horizontal(|ui| {
            for ((c, name), &width) in cols.iter().enumerate().zip(&widths) {
                let arrow = if c == self.sort {
                    if self.ascending { " ^" } else { " v" }
                } else {
                    ""
                };
                let b = ui.add_sized(vec2(width, h), Button::new(format!("{name}{arrow}")));
                if b.on_hover_text(format!("Sort by {}", name.to_lowercase()))
                    .clicked()
                {
                    self.sort_by(c);
                }
            }
        });
        let Some((_, _, _, _, list)) = &self.cache else {
            return None;
        };
        ui.label(format!("{} shown", list.len()));
        ScrollArea::vertical()
            .id_salt(("table", self.kind as u8))
            .auto_shrink([false, false])
            .show_rows(ui, h, list.len(), |ui, range| {
                for (i, cells) in &list[range] {
                    let obj = self.kind.obj(*i);
                    let selected = selection.contains(obj);
                    ui.horizontal(|ui| {
                        for (cell, &width) in cells.iter().zip(&widths) {
                            let r = ui.add_sized(
                                vec2(width, h),
                                Button::selectable(selected, cell.show()).truncate(),
                            );
                            if r.clicked() {
                                clicked = Some(RowClick {
                                    obj,
                                    add: ui.input(|i| i.modifiers.shift),
                                });
                            }
                        }
                    });
                }
            });
        clicked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_numbers_as_numbers_and_filters_any_column() {
        let text = "format: tracklayer/1\ncities: [{name: A, x: 0, y: 0}, {name: B, x: 1, y: 0}, {name: C, x: 2, y: 0}]\nroutes:\n  - {from: A, to: B, length: 10, color: red}\n  - {from: B, to: C, length: 9, color: blue}\n";
        let d = formats::load_str(text, std::path::Path::new("t.yaml"))
            .unwrap()
            .design;
        let mut t = ObjectTable::new(TableKind::Routes);
        t.sort_by(2);
        assert_eq!(t.order(&d, 0), vec![1, 0], "9 before 10");
        t.sort_by(2);
        assert_eq!(t.order(&d, 0), vec![0, 1]);
        assert!(natural("City 2", "City 10").is_lt());
        assert!(natural("a", "B").is_lt());
        t.filter = "BLUE".into();
        assert_eq!(t.order(&d, 0), vec![1]);
    }
}
