//! Search (Ctrl+F): finds cities, routes and tickets by name.

use egui::{Button, ScrollArea, TextEdit, Ui};
use formats::GameFile;

use crate::app::selection::Obj;

/// The most results listed.
const MAX_RESULTS: usize = 200;

/// The search box and its results.
#[derive(Default)]
pub struct Search {
    /// What to look for.
    pub query: String,
    /// Focus the box at the next frame.
    pub focus: bool,
}

/// Objects whose name contains `query` (any case): cities, then routes, then tickets.
pub fn find(design: &GameFile, query: &str) -> Vec<Obj> {
    let q = query.trim().to_lowercase();
    if q.is_empty() {
        return Vec::new();
    }
    let hit = |s: &str| s.to_lowercase().contains(&q);
    let cities = design
        .cities
        .iter()
        .enumerate()
        .filter(|(_, c)| hit(&c.name))
        .map(|(i, _)| Obj::City(i));
    let routes = design
        .routes
        .iter()
        .enumerate()
        .filter(|(_, r)| hit(&r.display_name()) || r.id.as_deref().is_some_and(hit))
        .map(|(i, _)| Obj::Route(i));
    let tickets = design
        .tickets
        .iter()
        .enumerate()
        .filter(|(_, t)| hit(&t.display_name()))
        .map(|(i, _)| Obj::Ticket(i));
    cities
        .chain(routes)
        .chain(tickets)
        .take(MAX_RESULTS)
        .collect()
}

impl Search {
    /// Shows the box and results; returns the result clicked.
    pub fn ui(&mut self, ui: &mut Ui, design: &GameFile) -> Option<Obj> {
        let r = ui
            .horizontal(|ui| {
                let l = ui.label("Search for");
                ui.add(TextEdit::singleline(&mut self.query).hint_text("city, route or ticket"))
                    .labelled_by(l.id)
            })
            .inner;
        if self.focus {
            r.request_focus();
            self.focus = false;
        }
        let results = find(design, &self.query);
        let mut picked = None;
        if r.lost_focus()
            && ui.input(|i| i.key_pressed(egui::Key::Enter))
            && let Some(first) = results.first()
        {
            picked = Some(*first);
        }
        ScrollArea::vertical()
            .id_salt("search")
            .max_height(300.0)
            .show(ui, |ui| {
                for o in &results {
                    let kind = match o {
                        Obj::City(_) => "city",
                        Obj::Route(_) => "route",
                        Obj::Ticket(_) => "ticket",
                        Obj::Region(_) => "region",
                    };
                    if ui
                        .add(Button::new(format!("{} ({kind})", o.name(design))).frame(false))
                        .clicked()
                    {
                        picked = Some(*o);
                    }
                }
                if !self.query.trim().is_empty() && results.is_empty() {
                    ui.label("Nothing found.");
                }
            });
        picked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_cities_routes_and_tickets_by_name() {
        let text = "format: tracklayer/1\ncities: [{name: Denver, x: 0, y: 0}, {name: El Paso, x: 1, y: 0}]\nroutes: [{from: Denver, to: El Paso, length: 4, color: red}]\ntickets: [{from: Denver, to: El Paso, points: 4}]\n";
        let d = formats::load_str(text, std::path::Path::new("t.yaml"))
            .unwrap()
            .design;
        assert_eq!(
            find(&d, "paso"),
            vec![Obj::City(1), Obj::Route(0), Obj::Ticket(0)]
        );
        assert_eq!(find(&d, "(red)"), vec![Obj::Route(0)]);
        assert!(find(&d, " ").is_empty());
    }
}
