//! The Diagnostics panel: the engine validator's findings for the design as it
//! is now, grouped by severity with counts. Clicking one selects its objects;
//! the finding stays picked (lit, its fix shown) by what it is, its code and
//! objects, so an edit that reorders the findings never lights another one.

use std::collections::HashMap;

use egui::{Button, CollapsingHeader, Color32, RichText, ScrollArea, Ui};
use engine::words::count;
use engine::{Code, Diagnostic, ObjectRef, Severity};

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

/// The map objects a diagnostic is about.
pub fn objects_of(d: &Diagnostic) -> Vec<Obj> {
    d.objects
        .iter()
        .filter_map(|o| match o {
            ObjectRef::City(i) => Some(Obj::City(*i)),
            ObjectRef::Route(i) => Some(Obj::Route(*i)),
            ObjectRef::Ticket(i) => Some(Obj::Ticket(*i)),
            ObjectRef::Region(i) => Some(Obj::Region(*i)),
            ObjectRef::Country(_) | ObjectRef::Rule(_) | ObjectRef::Cards | ObjectRef::Color(_) => {
                None
            }
        })
        .collect()
}

/// The canvas marks of a report: each object's worst problem. Tickets are
/// not drawn, so a ticket's problem marks the cities it names.
pub fn marks(report: Option<&Report>, design: &formats::GameFile) -> HashMap<Obj, Mark> {
    let mut out = HashMap::new();
    for d in report
        .map(|r| r.diagnostics.0.as_slice())
        .unwrap_or_default()
    {
        let Some(mark) = Mark::of(d.severity) else {
            continue;
        };
        for o in objects_of(d) {
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
    /// Show what this finding names in its panel (a rule parameter, the deck).
    Rules(Box<Diagnostic>),
}

impl DiagnosticsPanel {
    /// Shows the panel.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        report: Option<&Report>,
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
                                    let objs = objects_of(d);
                                    out = Some(match color_of(d) {
                                        Some(c) => DiagnosticClick::Color(c.to_owned()),
                                        None if objs.is_empty() => {
                                            DiagnosticClick::Rules(Box::new(d.clone()))
                                        }
                                        None => DiagnosticClick::Objects(objs),
                                    });
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
