//! The dialogs in front of the studio: unsaved changes, a typed path, crash
//! recovery and messages.

use std::path::PathBuf;

use egui::{Key, TextEdit};

use super::super::card_editor::derive::DeriveForm;
use super::super::files::Recovery;
use super::super::panels::labelled;
use super::new_design::NewOutcome;
use super::{NewDesignForm, PathPurpose, Replace, Studio};
use crate::drawing::svg::BoardImage;

/// A dialog in front of the studio.
#[derive(Clone, Debug)]
pub enum Dialog {
    /// Unsaved changes: save, discard or cancel before `Replace`.
    Unsaved(Replace),
    /// Type a path (no native dialog, or asked for).
    TypedPath {
        /// What for.
        purpose: PathPurpose,
        /// The text so far.
        text: String,
        /// Why there is no native dialog, when that is the reason.
        note: Option<String>,
    },
    /// A recovery file from a session that did not close cleanly.
    Recover(Recovery),
    /// File → Derive card game…: where to write and the choices.
    Derive(DeriveForm),
    /// File → New: the new design's family, name, board size and preset.
    NewDesign(NewDesignForm),
    /// A message with an OK button (load and save errors).
    Message {
        /// Window title.
        title: String,
        /// What happened.
        text: String,
    },
}

/// What a dialog's button does once the dialog is gone.
type Followup = Box<dyn FnOnce(&mut Studio)>;

impl Studio {
    /// Shows the dialog in front, if any; its buttons act once it is gone.
    pub(super) fn dialogs(&mut self, ctx: &egui::Context) {
        let Some(dialog) = self.dialog.take() else {
            return;
        };
        let mut keep = true;
        let mut then: Option<Followup> = None;
        let dialog = match dialog {
            Dialog::Unsaved(what) => {
                let enter = ctx.input(|i| i.key_pressed(Key::Enter));
                let modal = egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
                    ui.heading("Unsaved changes");
                    ui.label(format!(
                        "{} has changes that are not saved. Save them first?",
                        self.doc.title()
                    ));
                    ui.horizontal(|ui| {
                        if ui.button("Save").clicked() || enter {
                            keep = false;
                            let w = what.clone();
                            then = Some(Box::new(move |s: &mut Studio| {
                                if s.save() {
                                    s.perform(w);
                                }
                            }));
                        }
                        if ui.button("Discard changes").clicked() {
                            keep = false;
                            let w = what.clone();
                            then = Some(Box::new(move |s: &mut Studio| s.perform(w)));
                        }
                        if ui.button("Cancel").clicked() {
                            keep = false;
                        }
                    });
                });
                if modal.should_close() {
                    keep = false;
                    then = None;
                }
                Dialog::Unsaved(what)
            }
            Dialog::TypedPath {
                purpose,
                mut text,
                note,
            } => {
                let title = match purpose {
                    PathPurpose::Open => "Open a design",
                    PathPurpose::SaveAs => "Save the design as",
                    PathPurpose::Background => "Choose a background image",
                    PathPurpose::ExportSvg => "Draw the board as an SVG file",
                    PathPurpose::ExportPng => "Draw the board as a PNG image",
                    PathPurpose::ExportPdf => "Print and play: a PDF on A4 paper",
                    PathPurpose::ExportTts => "A Tabletop Simulator set in a folder",
                    PathPurpose::ExportTables => "Export cities, routes and tickets as CSV tables",
                    PathPurpose::ImportTables => {
                        "Import cities, routes and tickets from CSV tables"
                    }
                    PathPurpose::Compare => "Compare with another design",
                };
                let modal = egui::Modal::new(egui::Id::unique("typed-path")).show(ctx, |ui| {
                    ui.heading(title);
                    if let Some(n) = &note {
                        ui.label(n);
                    }
                    let r = labelled(ui, "Path", |ui| {
                        ui.add(TextEdit::singleline(&mut text).desired_width(420.0))
                    });
                    if ui.memory(|m| m.focused().is_none()) {
                        r.request_focus();
                    }
                    // Enter confirms whether or not the field still has the
                    // keyboard (a single-line field gives it up on Enter).
                    let enter = ui.input(|i| i.key_pressed(Key::Enter));
                    ui.horizontal(|ui| {
                        let ok = match purpose {
                            PathPurpose::Open => "Open",
                            PathPurpose::SaveAs => "Save",
                            PathPurpose::Background => "Use image",
                            PathPurpose::ExportSvg
                            | PathPurpose::ExportPng
                            | PathPurpose::ExportPdf
                            | PathPurpose::ExportTts
                            | PathPurpose::ExportTables => "Export",
                            PathPurpose::ImportTables => "Import",
                            PathPurpose::Compare => "Compare",
                        };
                        if (ui.button(ok).clicked() || enter) && !text.trim().is_empty() {
                            keep = false;
                            let p = PathBuf::from(text.trim());
                            then = Some(Box::new(move |s: &mut Studio| match purpose {
                                // Unsaved changes are asked about first, as
                                // File → Open asks.
                                PathPurpose::Open => s.request(Replace::Open(Some(p))),
                                PathPurpose::SaveAs => {
                                    s.save_to(&p);
                                }
                                PathPurpose::Background => s.set_background(&p),
                                PathPurpose::ExportSvg => s.export_board(&p, BoardImage::Svg),
                                PathPurpose::ExportPng => {
                                    s.export_board(&p, BoardImage::Png { dpi: 150.0 })
                                }
                                PathPurpose::ExportPdf => s.export_print(&p),
                                PathPurpose::ExportTts => s.export_tts(&p),
                                PathPurpose::ExportTables => s.export_tables(&p),
                                PathPurpose::ImportTables => s.import_tables(&p),
                                PathPurpose::Compare => s.compare_with(&p),
                            }));
                        }
                        if ui.button("Cancel").clicked() {
                            keep = false;
                        }
                    });
                });
                if modal.should_close() {
                    keep = false;
                    then = None;
                }
                Dialog::TypedPath {
                    purpose,
                    text,
                    note,
                }
            }
            Dialog::Recover(r) => {
                egui::Modal::new(egui::Id::unique("recover")).show(ctx, |ui| {
                    ui.heading("Recover unsaved work?");
                    ui.label(format!(
                        "Tracklayer did not close cleanly last time. Unsaved changes to {} were kept.",
                        r.path
                            .as_ref()
                            .map_or("a new design".to_owned(), |p| p.display().to_string())
                    ));
                    ui.horizontal(|ui| {
                        if ui.button("Recover").clicked() {
                            keep = false;
                            let rec = r.clone();
                            then = Some(Box::new(move |s: &mut Studio| {
                                match rec.into_document() {
                                    Ok(doc) => {
                                        s.set_document(doc);
                                        s.status = "Recovered unsaved work; save it to keep it.".into();
                                    }
                                    Err(e) => s.status = e.to_string(),
                                }
                            }));
                        }
                        if ui.button("Discard recovered work").clicked() {
                            keep = false;
                            then = Some(Box::new(|s: &mut Studio| Recovery::clear(&s.config.dirs)));
                        }
                    });
                });
                Dialog::Recover(r)
            }
            Dialog::Derive(form) => return self.derive_dialog(ctx, form),
            Dialog::NewDesign(mut form) => {
                match form.ui(ctx) {
                    NewOutcome::Open => self.dialog = Some(Dialog::NewDesign(form)),
                    NewOutcome::Cancel => {}
                    NewOutcome::Create(new) => self.request(Replace::New(new)),
                }
                return;
            }
            Dialog::Message { title, text } => {
                let enter = ctx.input(|i| i.key_pressed(Key::Enter));
                let modal = egui::Modal::new(egui::Id::unique("message")).show(ctx, |ui| {
                    ui.heading(&title);
                    ui.label(&text);
                    if ui.button("OK").clicked() || enter {
                        keep = false;
                    }
                });
                if modal.should_close() {
                    keep = false;
                }
                Dialog::Message { title, text }
            }
        };
        if keep {
            self.dialog = Some(dialog);
        }
        if let Some(f) = then {
            f(self);
        }
    }
}
