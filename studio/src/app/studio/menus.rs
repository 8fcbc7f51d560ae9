//! The menu bar.

use egui::{Button, Ui};

use super::super::panels::labelled;
use super::{Dialog, PathPurpose, Replace, Studio};

impl Studio {
    pub(super) fn menus(&mut self, ui: &mut Ui) {
        ui.menu_button("File", |ui| {
            if ui.button("New").clicked() {
                self.request(Replace::New);
            }
            if ui.button("Open…").clicked() {
                self.request(Replace::Open(None));
            }
            if ui.button("Open path…").clicked() {
                self.dialog = Some(Dialog::TypedPath {
                    purpose: PathPurpose::Open,
                    text: String::new(),
                    note: None,
                });
            }
            ui.menu_button("Open recent", |ui| {
                if self.settings.recent.is_empty() {
                    ui.label("No recent files.");
                }
                for p in self.settings.recent.clone() {
                    if ui.button(p.display().to_string()).clicked() {
                        self.request(Replace::Open(Some(p)));
                    }
                }
            });
            ui.separator();
            if ui.button("Save").clicked() {
                self.save();
            }
            if ui.button("Save As…").clicked() {
                self.save_as();
            }
            if ui.button("Save to path…").clicked() {
                self.dialog = Some(Dialog::TypedPath {
                    purpose: PathPurpose::SaveAs,
                    text: self
                        .doc
                        .path
                        .as_ref()
                        .map(|p| p.display().to_string())
                        .unwrap_or_default(),
                    note: None,
                });
            }
            ui.separator();
            if ui.button("Quit").clicked() {
                self.request(Replace::Quit);
            }
        });
        ui.menu_button("Edit", |ui| {
            let undo = self.doc.history().undo_label().map(|l| format!("Undo {l}"));
            if ui
                .add_enabled(
                    undo.is_some(),
                    Button::new(undo.as_deref().unwrap_or("Undo")),
                )
                .clicked()
            {
                self.undo();
            }
            let redo = self.doc.history().redo_label().map(|l| format!("Redo {l}"));
            if ui
                .add_enabled(
                    redo.is_some(),
                    Button::new(redo.as_deref().unwrap_or("Redo")),
                )
                .clicked()
            {
                self.redo();
            }
            ui.separator();
            if ui.button("Delete").clicked() {
                self.delete_selection();
            }
            if ui.button("Duplicate").clicked() {
                self.duplicate_selection();
            }
            if ui.button("Lock or unlock positions").clicked() {
                self.toggle_lock();
            }
            if ui.button("Search…").clicked() {
                self.search_open = true;
                self.search.focus = true;
            }
        });
        ui.menu_button("View", |ui| {
            if ui.button("Zoom to fit").clicked() {
                self.canvas.zoom_to_fit();
            }
            ui.checkbox(&mut self.canvas.show_grid, "Show grid");
            ui.checkbox(&mut self.canvas.snap, "Snap to grid");
            labelled(ui, "Grid step (mm)", |ui| {
                ui.add(egui::DragValue::new(&mut self.canvas.grid_step).range(1.0..=100.0))
            });
            if ui.button("Background image…").clicked() {
                self.background_open = true;
            }
        });
        ui.menu_button("Playtest", |ui| {
            if ui.button("Play a game…").clicked() {
                self.play.open = true;
            }
            if ui.button("Simulate…").clicked() {
                self.simulate.open = true;
            }
        });
    }
}
