//! The Diagnostics panel: the engine validator's findings for the design as it
//! is now, grouped by severity with counts. Clicking one selects its objects.

use std::collections::HashMap;

use egui::{Button, CollapsingHeader, Color32, RichText, ScrollArea, Ui};
use engine::{Diagnostic, ObjectRef, Severity};

use crate::app::canvas::paint::Mark;
use crate::app::selection::Obj;
use crate::app::validation::Report;

/// The Diagnostics panel.
#[derive(Default)]
pub struct DiagnosticsPanel {
    /// The diagnostic last clicked (index into the report).
    pub picked: Option<usize>,
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
            ObjectRef::Country(_) | ObjectRef::Rule(_) | ObjectRef::Cards => None,
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
    /// Show this rule parameter (or the deck) in its panel.
    Rules,
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
            ui.label(RichText::new(format!("{e} errors")).color(if e > 0 {
                Color32::from_rgb(220, 50, 50)
            } else {
                ui.visuals().text_color()
            }));
            ui.label(format!("{w} warnings"));
            ui.label(format!("{i} infos"));
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
                            for (k, d) in
                                diags.iter().enumerate().filter(|(_, d)| d.severity == sev)
                            {
                                let text = format!("{} {}", d.code, d.message);
                                let b =
                                    ui.add(Button::selectable(self.picked == Some(k), text).wrap());
                                let b = match &d.fix {
                                    Some(fix) => b.on_hover_text(format!("Fix: {fix}")),
                                    None => b,
                                };
                                if b.clicked() {
                                    self.picked = Some(k);
                                    let objs = objects_of(d);
                                    out = Some(if objs.is_empty() {
                                        DiagnosticClick::Rules
                                    } else {
                                        DiagnosticClick::Objects(objs)
                                    });
                                }
                                if let Some(fix) = &d.fix
                                    && self.picked == Some(k)
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
