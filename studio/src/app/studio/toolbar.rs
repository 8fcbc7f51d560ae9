//! The toolbar: the tools, then the commonest commands.

use egui::{Button, Ui};

use super::super::canvas::Tool;
use super::Studio;

impl Studio {
    pub(super) fn toolbar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            for t in Tool::ALL {
                let b = ui
                    .add(Button::selectable(self.canvas.tool == t, t.label()))
                    .on_hover_text(format!("{} ({:?})", t.hint(), t.key()));
                if b.clicked() {
                    self.canvas.set_tool(t, &mut self.doc);
                }
            }
            ui.separator();
            if ui.button("Zoom to fit").on_hover_text("F").clicked() {
                self.canvas.zoom_to_fit();
            }
            if ui
                .add_enabled(
                    self.doc.history().undo_label().is_some(),
                    Button::new("Undo"),
                )
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(
                    self.doc.history().redo_label().is_some(),
                    Button::new("Redo"),
                )
                .on_hover_text("Ctrl+Shift+Z or Ctrl+Y")
                .clicked()
            {
                self.redo();
            }
            if ui
                .add_enabled(!self.selection.is_empty(), Button::new("Delete selection"))
                .on_hover_text("Delete")
                .clicked()
            {
                self.delete_selection();
            }
            if ui
                .add_enabled(
                    !self.selection.is_empty(),
                    Button::new("Duplicate selection"),
                )
                .on_hover_text("Ctrl+D")
                .clicked()
            {
                self.duplicate_selection();
            }
            if ui
                .add_enabled(!self.selection.cities().is_empty(), Button::new("Lock"))
                .on_hover_text("L: lock or unlock the selected cities' positions")
                .clicked()
            {
                self.toggle_lock();
            }
            if ui.button("Search").on_hover_text("Ctrl+F").clicked() {
                self.search_open = true;
                self.search.focus = true;
            }
        });
    }
}
