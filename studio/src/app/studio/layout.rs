//! The window's layout: the menu bar and toolbar at the top, the status bar,
//! the family's editor (its side panels and its map in the centre, see
//! [`Editor`](crate::app::editor::Editor)) and the diagnostics docked below.

use egui::{RichText, Ui, ViewportCommand};

use super::super::panels::diagnostics::DiagnosticClick;
use super::Studio;

/// The side panel's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    /// The Cities table.
    Cities,
    /// The Routes table.
    Routes,
    /// The Tickets table.
    Tickets,
    /// Rule parameters.
    Rules,
    /// The deck.
    Cards,
    /// Statistics.
    Statistics,
}

impl Tab {
    /// Every tab, in the order shown.
    pub const ALL: [Tab; 6] = [
        Tab::Cities,
        Tab::Routes,
        Tab::Tickets,
        Tab::Rules,
        Tab::Cards,
        Tab::Statistics,
    ];

    /// The tab's title.
    pub fn label(self) -> &'static str {
        match self {
            Tab::Cities => "Cities",
            Tab::Routes => "Routes",
            Tab::Tickets => "Tickets",
            Tab::Rules => "Rules",
            Tab::Cards => "Cards",
            Tab::Statistics => "Statistics",
        }
    }
}

impl Studio {
    /// Shows one frame of the studio.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.validator.poll();
        self.validator
            .submit(self.doc.generation(), &self.doc.design);
        self.handle_window_events(&ctx);
        if !self.play.in_game() {
            if let Some(s) = self.editor().keys(self, &ctx) {
                self.status = s;
            }
            self.shortcuts(&ctx);
        }
        // A game on the table draws its board; otherwise simulation results.
        self.canvas.overlay = self
            .play
            .overlay()
            .or_else(|| self.simulate.overlay())
            .or_else(|| self.compare.as_ref().map(|c| c.overlay.clone()))
            .or_else(|| self.fit_layout.overlay(&self.doc.design))
            .or_else(|| {
                self.deck
                    .open
                    .then(|| self.deck.overlay(&self.doc.design))
                    .flatten()
            })
            .or_else(|| {
                self.balance
                    .open
                    .then(|| self.balance.overlay(&self.doc.design))
                    .flatten()
            })
            .unwrap_or_default();
        self.canvas.read_only = self.play.in_game();

        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| self.menus(ui));
            self.toolbar(ui);
        });
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        let editor = self.editor();
        editor.side_panels(self, ui);
        self.diagnostics_dock(ui);
        editor.centre(self, ui);
        self.windows(&ctx);
        self.dialogs(&ctx);
        self.autosave_tick(&ctx);
        let title = self.title();
        if title != self.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if self.wants_close {
            self.wants_close = false;
            ctx.send_viewport_cmd(ViewportCommand::Close);
        }
    }

    /// The Diagnostics panel docked below.
    fn diagnostics_dock(&mut self, ui: &mut Ui) {
        egui::Panel::bottom("diagnostics")
            .resizable(true)
            .default_size(170.0)
            .show(ui, |ui| self.diagnostics_panel(ui));
    }

    /// The active tool's hint and the last message.
    fn status_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.label(RichText::new(self.editor().hint(self)).weak());
            ui.separator();
            ui.label(&self.status);
        });
    }

    /// The validator's findings; a click selects what one names.
    fn diagnostics_panel(&mut self, ui: &mut Ui) {
        ui.heading("Diagnostics");
        let busy = self.validator.busy();
        if let Some(click) = self.diagnostics.ui(ui, self.validator.latest(), busy) {
            match click {
                DiagnosticClick::Objects(objs) => self.select_and_reveal(objs, false),
                DiagnosticClick::Rules => {
                    let picked = self
                        .diagnostics
                        .picked
                        .and_then(|k| self.validator.latest()?.diagnostics.0.get(k).cloned());
                    if let Some(d) = picked {
                        self.editor().reveal(self, &d);
                    }
                }
            }
        }
    }
}
