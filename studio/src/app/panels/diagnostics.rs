//! The Diagnostics panel: the engine validator's findings for the design as it
//! is now, grouped by severity with counts. Clicking one selects its objects;
//! the finding stays picked (lit, its fix shown) by what it is, its code and
//! objects, so an edit that reorders the findings never lights another one.

use std::collections::HashMap;

use egui::{Button, CollapsingHeader, Color32, RichText, ScrollArea, Ui};
use engine::words::count;
use engine::{Code, Diagnostic, ObjectRef, Severity};
use formats::GameFile;

use crate::app::canvas::paint::Mark;
use crate::app::selection::Obj;
use crate::app::validation::Report;

/// What a finding is, across edits that reorder the report: its code, the
/// objects it names and the field it points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindingKey {
    code: Code,
    objects: Vec<ObjectRef>,
    path: Option<String>,
}

impl FindingKey {
    /// The key of `d`.
    pub fn of(d: &Diagnostic) -> Self {
        FindingKey {
            code: d.code,
            objects: d.objects.clone(),
            path: d.path.clone(),
        }
    }
}

/// The Diagnostics panel.
#[derive(Default)]
pub struct DiagnosticsPanel {
    /// The finding last clicked, lit with its fix shown while the report
    /// still has it; nothing until the designer clicks one.
    pub picked: Option<FindingKey>,
}

/// The colour a finding is about (TL109), if any.
pub fn color_of(d: &Diagnostic) -> Option<&str> {
    d.objects.iter().find_map(|o| match o {
        ObjectRef::Color(c) => Some(c.as_str()),
        _ => None,
    })
}

/// The objects of `design` a diagnostic is about: its cities, routes,
/// tickets and regions, and a country's cities.
pub fn objects_of(d: &Diagnostic, design: &GameFile) -> Vec<Obj> {
    let mut out = Vec::new();
    for o in &d.objects {
        match o {
            ObjectRef::City(i) => out.push(Obj::City(*i)),
            ObjectRef::Route(i) => out.push(Obj::Route(*i)),
            ObjectRef::Ticket(i) => out.push(Obj::Ticket(*i)),
            ObjectRef::Region(i) => out.push(Obj::Region(*i)),
            ObjectRef::Country(i) => {
                let Some(country) = design.countries.get(*i) else {
                    continue;
                };
                out.extend(
                    (design.cities.iter().enumerate())
                        .filter(|(_, c)| c.country.as_deref() == Some(country.name.as_str()))
                        .map(|(i, _)| Obj::City(i)),
                );
            }
            ObjectRef::Rule(_) | ObjectRef::Cards | ObjectRef::Color(_) => {}
        }
    }
    out
}

/// What a click on `d` shows: its colour (in the Cards panel, with its
/// routes), its objects on the map, the deck, or else the rule it is about.
pub fn click_of(d: &Diagnostic, design: &GameFile) -> DiagnosticClick {
    if let Some(c) = color_of(d) {
        return DiagnosticClick::Color(c.to_owned());
    }
    let objs = objects_of(d, design);
    if !objs.is_empty() {
        return DiagnosticClick::Objects(objs);
    }
    if d.objects.contains(&ObjectRef::Cards) {
        return DiagnosticClick::Cards;
    }
    DiagnosticClick::Rules(Box::new(d.clone()))
}

/// The canvas marks of a report: each object's worst problem. Tickets are
/// not drawn, so a ticket's problem marks the cities it names.
pub fn marks(report: Option<&Report>, design: &GameFile) -> HashMap<Obj, Mark> {
    let mut out = HashMap::new();
    for d in report
        .map(|r| r.diagnostics.0.as_slice())
        .unwrap_or_default()
    {
        let Some(mark) = Mark::of(d.severity) else {
            continue;
        };
        for o in objects_of(d, design) {
            let mut marked = vec![o];
            if let Obj::Ticket(t) = o
                && let Some(t) = design.tickets.get(t)
            {
                marked.extend(
                    design
                        .cities
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| c.name == t.from || c.name == t.to)
                        .map(|(i, _)| Obj::City(i)),
                );
            }
            for o in marked {
                let e = out.entry(o).or_insert(mark);
                *e = (*e).min(mark);
            }
        }
    }
    out
}

/// What a click on a diagnostic asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum DiagnosticClick {
    /// Select these objects and bring them into view.
    Objects(Vec<Obj>),
    /// Show this colour in the Cards panel and select its routes.
    Color(String),
    /// Show the deck (the Cards panel).
    Cards,
    /// Show what this finding names in its panel (a rule parameter, the deck).
    Rules(Box<Diagnostic>),
}

impl DiagnosticsPanel {
    /// Shows the panel.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        report: Option<&Report>,
        design: &GameFile,
        busy: bool,
    ) -> Option<DiagnosticClick> {
        let mut out = None;
        let Some(report) = report else {
            ui.label("Checking the design…");
            return None;
        };
        let diags = &report.diagnostics;
        ui.horizontal(|ui| {
            let (e, w, i) = (
                diags.count(Severity::Error),
                diags.count(Severity::Warning),
                diags.count(Severity::Info),
            );
            ui.label(RichText::new(count(e, "error")).color(if e > 0 {
                Color32::from_rgb(220, 50, 50)
            } else {
                ui.visuals().text_color()
            }));
            ui.label(count(w, "warning"));
            ui.label(count(i, "info"));
            if busy {
                ui.spinner();
                ui.label("checking…");
            } else if e == 0 {
                ui.label("— the design is playable.");
            }
        });
        if let Some(c) = &report.crashed {
            ui.colored_label(
                Color32::RED,
                format!("The validator failed on this design ({c}); please report it."),
            );
        }
        ScrollArea::vertical()
            .id_salt("diagnostics")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for (sev, title) in [
                    (Severity::Error, "Errors"),
                    (Severity::Warning, "Warnings"),
                    (Severity::Info, "Infos"),
                ] {
                    let n = diags.count(sev);
                    if n == 0 {
                        continue;
                    }
                    CollapsingHeader::new(format!("{title} ({n})"))
                        .default_open(sev != Severity::Info)
                        .show(ui, |ui| {
                            for d in diags.iter().filter(|d| d.severity == sev) {
                                let text = format!("{} {}", d.code, d.message);
                                let picked = self
                                    .picked
                                    .as_ref()
                                    .is_some_and(|p| *p == FindingKey::of(d));
                                let b = ui.add(Button::selectable(picked, text).wrap());
                                let b = match &d.fix {
                                    Some(fix) => b.on_hover_text(format!("Fix: {fix}")),
                                    None => b,
                                };
                                if b.clicked() {
                                    self.picked = Some(FindingKey::of(d));
                                    out = Some(click_of(d, design));
                                }
                                if let Some(fix) = &d.fix
                                    && picked
                                {
                                    ui.label(RichText::new(format!("Fix: {fix}")).italics());
                                }
                            }
                        });
                }
            });
        out
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use engine::Code;

    use super::*;

    /// A finding about each kind of object selects or shows that object;
    /// only a finding about a rule opens the Rules panel.
    #[test]
    fn every_kind_of_object_a_finding_names_is_shown() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/heart-of-africa-rules.yaml");
        let design = formats::load(&path).unwrap().design;
        let madagascar: Vec<Obj> = (design.cities.iter().enumerate())
            .filter(|(_, c)| c.country.as_deref() == Some("Madagascar"))
            .map(|(i, _)| Obj::City(i))
            .collect();
        assert!(!madagascar.is_empty());
        let finding = |o: ObjectRef| Diagnostic::new(Code::DuplicateName, "x").object(o);
        let every = [
            ObjectRef::City(1),
            ObjectRef::Country(0),
            ObjectRef::Route(2),
            ObjectRef::Ticket(3),
            ObjectRef::Region(0),
            ObjectRef::Rule("display.size".into()),
            ObjectRef::Cards,
            ObjectRef::Color("red".into()),
        ];
        for o in every {
            let click = click_of(&finding(o.clone()), &design);
            let expected = match &o {
                ObjectRef::City(i) => DiagnosticClick::Objects(vec![Obj::City(*i)]),
                ObjectRef::Country(_) => DiagnosticClick::Objects(madagascar.clone()),
                ObjectRef::Route(i) => DiagnosticClick::Objects(vec![Obj::Route(*i)]),
                ObjectRef::Ticket(i) => DiagnosticClick::Objects(vec![Obj::Ticket(*i)]),
                ObjectRef::Region(i) => DiagnosticClick::Objects(vec![Obj::Region(*i)]),
                ObjectRef::Rule(_) => DiagnosticClick::Rules(Box::new(finding(o.clone()))),
                ObjectRef::Cards => DiagnosticClick::Cards,
                ObjectRef::Color(c) => DiagnosticClick::Color(c.clone()),
            };
            assert_eq!(click, expected, "{o:?}");
        }
        // A route and the deck: the route, on the map.
        let both = finding(ObjectRef::Route(0)).object(ObjectRef::Cards);
        assert_eq!(
            click_of(&both, &design),
            DiagnosticClick::Objects(vec![Obj::Route(0)])
        );
    }
}
