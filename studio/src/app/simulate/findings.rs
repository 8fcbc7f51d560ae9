//! The report's findings as a list; clicking one selects the objects it names.

use egui::{Color32, RichText, Ui};
use engine::sim::{Finding, Level};

use crate::app::selection::Obj;

/// The map objects a finding names (seats and bots are not on the map).
pub fn objects(f: &Finding) -> Vec<Obj> {
    f.objects
        .iter()
        .filter_map(|o| match o.kind.as_str() {
            "route" => Some(Obj::Route(o.index)),
            "city" => Some(Obj::City(o.index)),
            "ticket" => Some(Obj::Ticket(o.index)),
            _ => None,
        })
        .collect()
}

/// Draws the findings about `players` (all of them when `None`); returns the
/// objects of the finding clicked.
pub fn ui(ui: &mut Ui, findings: &[Finding], players: Option<usize>) -> Option<Vec<Obj>> {
    let mut picked = None;
    let shown: Vec<&Finding> = findings
        .iter()
        .filter(|f| players.is_none_or(|p| f.players == p))
        .collect();
    if shown.is_empty() {
        ui.label("No findings.");
        return None;
    }
    ui.label(
        RichText::new("Click a finding that names routes, cities or tickets to select them.")
            .weak(),
    );
    for f in shown {
        let objs = objects(f);
        ui.horizontal_wrapped(|ui| {
            let (mark, color) = match f.level {
                Level::Warning => ("Warning", Color32::from_rgb(220, 130, 0)),
                Level::Info => ("Note", Color32::from_rgb(70, 120, 200)),
            };
            ui.label(RichText::new(mark).strong().color(color));
            if objs.is_empty() {
                ui.label(&f.text);
            } else if ui
                .link(&f.text)
                .on_hover_text(format!("Select on the map. {}", f.evidence))
                .clicked()
            {
                picked = Some(objs);
            }
        });
        ui.label(RichText::new(&f.evidence).weak().small());
    }
    picked
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::sim::report::ObjectName;

    #[test]
    fn a_finding_names_map_objects() {
        let o = |kind: &str, index| ObjectName {
            kind: kind.into(),
            index,
            name: String::new(),
        };
        let f = Finding {
            level: Level::Warning,
            code: "x".into(),
            players: 2,
            text: String::new(),
            evidence: String::new(),
            objects: vec![
                o("route", 3),
                o("seat", 0),
                o("city", 1),
                o("ticket", 7),
                o("bot", 1),
            ],
        };
        assert_eq!(
            objects(&f),
            vec![Obj::Route(3), Obj::City(1), Obj::Ticket(7)]
        );
    }
}
