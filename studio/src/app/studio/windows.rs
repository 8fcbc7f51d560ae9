//! The windows over the studio: Play, Simulate, Compare, Search and the
//! background image.

use super::super::balance::Request;
use super::super::command::UICommand;
use super::{PathPurpose, Studio};

impl Studio {
    /// The Compare window, following the design as it is edited.
    fn compare_window(&mut self, ctx: &egui::Context) {
        let Some(view) = &mut self.compare else {
            return;
        };
        view.refresh(&self.doc.design, self.doc.generation());
        let mut open = true;
        let mut close = false;
        let design = &self.doc.design;
        egui::Window::new("Compare")
            .open(&mut open)
            .default_width(460.0)
            .default_height(640.0)
            .vscroll(true)
            .show(ctx, |ui| close = view.ui(ui, design));
        if close || !open {
            view.simulated.stop();
            self.compare = None;
        }
    }

    /// The Balance window; an accepted proposal is one undoable edit.
    fn balance_window(&mut self, ctx: &egui::Context) {
        if !self.balance.open {
            return;
        }
        let mut open = true;
        let mut request = None;
        let design = &self.doc.design;
        let balance = &mut self.balance;
        egui::Window::new("Balance")
            .open(&mut open)
            .default_width(420.0)
            .scroll(true)
            .show(ctx, |ui| request = balance.ui(ui, design));
        if let Some(Request::Accept(p)) = request {
            let what = p.describe();
            if self.doc.edit(&format!("Balance: {what}"), |d| p.apply(d)) {
                self.status = format!("Accepted: {what}");
            } else {
                self.status = format!("Not applied (the design changed since): {what}");
            }
        }
        if !open {
            self.balance.stop();
            self.balance.open = false;
        }
    }

    /// Shows the open windows and acts on what they ask for.
    pub(super) fn windows(&mut self, ctx: &egui::Context) {
        self.simulate_window(ctx);
        self.compare_window(ctx);
        self.balance_window(ctx);
        self.deck_window(ctx);
        self.fit_layout_window(ctx);
        if self.search_open {
            let mut open = true;
            let mut picked = None;
            egui::Window::new("Search")
                .open(&mut open)
                .default_width(320.0)
                .show(ctx, |ui| picked = self.search.ui(ui, &self.doc.design));
            if let Some(o) = picked {
                self.select_and_reveal(vec![o], false);
            }
            self.search_open = open;
        }
        if self.shortcuts_open {
            let mut open = true;
            egui::Window::new("Keyboard shortcuts")
                .open(&mut open)
                .default_width(420.0)
                .vscroll(true)
                .show(ctx, |ui| shortcut_sheet(ui, self));
            self.shortcuts_open = open;
        }
        if self.background_open {
            let mut open = true;
            let mut choose = false;
            egui::Window::new("Background image")
                .open(&mut open)
                .show(ctx, |ui| choose = self.background_ui(ui));
            self.background_open = open;
            if choose && let Some(p) = self.ask_path(PathPurpose::Background) {
                self.set_background(&p);
            }
        }
    }
}

/// Every command with a shortcut, as the menus and the shortcut handler
/// read them from the one command list; greyed where the open design's
/// editor does not offer it.
fn shortcut_sheet(ui: &mut egui::Ui, studio: &Studio) {
    egui::Grid::new("shortcut sheet")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for c in UICommand::all() {
                let Some(keys) = c.shortcut_text(ui.ctx()) else {
                    continue;
                };
                let offered = studio.editor().offers(c);
                ui.add_enabled(offered, egui::Label::new(c.text()));
                ui.add_enabled(offered, egui::Label::new(keys));
                ui.end_row();
            }
        });
}
