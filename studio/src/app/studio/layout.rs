//! The window's layout: the menu bar and toolbar at the top, the status bar,
//! the tables at the left, the inspector at the right, the diagnostics below
//! and the map in the centre.

use egui::{Button, RichText, Ui, ViewportCommand};
use formats::Family;

use super::super::canvas::CanvasInput;
use super::super::panels::diagnostics::{self, DiagnosticClick};
use super::super::station_editor::canvas::MapInput;
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
    const ALL: [Tab; 6] = [
        Tab::Cities,
        Tab::Routes,
        Tab::Tickets,
        Tab::Rules,
        Tab::Cards,
        Tab::Statistics,
    ];

    /// The tab's title.
    fn label(self) -> &'static str {
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
            let keys = match self.doc.design.family {
                Family::Board => None,
                Family::CardGame => None,
                Family::Dice => self.station_editor.keys(&ctx, &mut self.doc),
            };
            if let Some(s) = keys {
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
        match self.doc.design.family {
            Family::Board => self.board_editor(ui),
            Family::CardGame => self.card_game_editor(ui),
            Family::Dice => self.dice_editor(ui),
        }
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

    /// The board editor: the object tables at the left, the inspector at the
    /// right, the diagnostics below and the map in the centre.
    fn board_editor(&mut self, ui: &mut Ui) {
        egui::Panel::left("tables")
            .resizable(true)
            .default_size(400.0)
            .max_size(640.0)
            .show(ui, |ui| self.side_panel(ui));
        egui::Panel::right("inspector")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| self.inspector_panel(ui));
        self.diagnostics_dock(ui);
        egui::CentralPanel::no_frame().show(ui, |ui| self.map(ui));
    }

    /// The card-game editor (`card_editor`): the ticket table, rules and
    /// deck at the left, the selected ticket at the right, the diagnostics
    /// below and the source map with the selected tickets lit in the centre.
    fn card_game_editor(&mut self, ui: &mut Ui) {
        let editor = &mut self.card_editor;
        let (doc, selection, tab) = (&mut self.doc, &mut self.selection, &mut self.tab);
        let mut status = egui::Panel::left("tables")
            .resizable(true)
            .default_size(520.0)
            .max_size(760.0)
            .show(ui, |ui| editor.side_panel(ui, doc, selection, tab))
            .inner;
        status = egui::Panel::right("inspector")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| editor.ticket_panel(ui, doc, selection))
            .inner
            .or(status);
        if let Some(s) = status {
            self.status = s;
        }
        self.diagnostics_dock(ui);
        egui::CentralPanel::default().show(ui, |ui| {
            self.card_editor.map(ui, &self.doc, &mut self.selection);
        });
    }

    /// The station-map editor (`station_editor`): special cards and rules at
    /// the left, the selected part at the right, the diagnostics below and
    /// the station map in the centre.
    fn dice_editor(&mut self, ui: &mut Ui) {
        egui::Panel::left("tables")
            .resizable(true)
            .default_size(400.0)
            .max_size(640.0)
            .show(ui, |ui| {
                self.station_editor
                    .side_ui(ui, &mut self.doc, &mut self.rules)
            });
        let inspected = egui::Panel::right("inspector")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("inspector")
                    .show(ui, |ui| self.station_editor.inspector_ui(ui, &mut self.doc))
                    .inner
            })
            .inner;
        if let Some(s) = inspected {
            self.status = s;
        }
        self.diagnostics_dock(ui);
        egui::CentralPanel::no_frame().show(ui, |ui| self.station_map(ui));
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
            let hint = match self.doc.design.family {
                Family::Board => self.canvas.tool.hint(),
                Family::CardGame => self.canvas.tool.hint(),
                Family::Dice => self.station_editor.tool.hint(),
            };
            ui.label(RichText::new(hint).weak());
            ui.separator();
            ui.label(&self.status);
        });
    }

    /// The inspector of the selection, its name field focused after a city
    /// was added.
    fn inspector_panel(&mut self, ui: &mut Ui) {
        egui::ScrollArea::vertical()
            .id_salt("inspector")
            .show(ui, |ui| {
                let focus = std::mem::take(&mut self.focus_name);
                if let Some(s) = self.inspector.ui(ui, &mut self.doc, &self.selection, focus) {
                    self.status = s;
                }
            });
    }

    /// The validator's findings; a click selects what one names.
    fn diagnostics_panel(&mut self, ui: &mut Ui) {
        ui.heading("Diagnostics");
        let busy = self.validator.busy();
        if let Some(click) = self.diagnostics.ui(ui, self.validator.latest(), busy) {
            match click {
                DiagnosticClick::Objects(objs) => self.select_and_reveal(objs, false),
                DiagnosticClick::Rules => match self.doc.design.family {
                    Family::Board => self.tab = Tab::Rules,
                    Family::CardGame => self.tab = Tab::Rules,
                    // Dice findings name a key path, not map objects.
                    Family::Dice => {
                        let picked = self
                            .diagnostics
                            .picked
                            .and_then(|k| self.validator.latest()?.diagnostics.0.get(k).cloned());
                        if let Some(d) = picked {
                            self.station_editor.reveal(&d);
                        }
                    }
                },
            }
        }
    }

    /// The map, with the objects that have problems marked; a click on a
    /// read-only map goes to the game.
    fn map(&mut self, ui: &mut Ui) {
        let report = self.validator.latest();
        let marks = diagnostics::marks(report, &self.doc.design);
        let out = self.canvas.ui(
            ui,
            CanvasInput {
                doc: &mut self.doc,
                selection: &mut self.selection,
                marks: &marks,
            },
        );
        if out.focus_name {
            self.focus_name = true;
        }
        if let Some(s) = out.status {
            self.status = s;
        }
        if let Some(o) = out.clicked {
            self.play.map_clicked(o);
        }
    }

    /// The station map of a dice design, with its tools.
    fn station_map(&mut self, ui: &mut Ui) {
        let input = MapInput {
            doc: &mut self.doc,
            report: self.validator.latest(),
            overlay: &self.canvas.overlay,
            read_only: self.canvas.read_only,
        };
        if let Some(s) = self.station_editor.map_ui(ui, input) {
            self.status = s;
        }
    }

    /// The tabs at the left: the object tables, rules, cards, statistics.
    fn side_panel(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            for t in Tab::ALL {
                if ui
                    .add(Button::selectable(self.tab == t, t.label()))
                    .clicked()
                {
                    self.tab = t;
                }
            }
        });
        ui.separator();
        let generation = self.doc.generation();
        let table = match self.tab {
            Tab::Cities => Some(0),
            Tab::Routes => Some(1),
            Tab::Tickets => Some(2),
            _ => None,
        };
        if let Some(k) = table {
            if let Some(click) =
                self.tables[k].ui(ui, &self.doc.design, generation, &self.selection)
            {
                if click.add {
                    self.selection.toggle(click.obj);
                } else {
                    self.select_and_reveal(vec![click.obj], false);
                }
            }
            return;
        }
        match self.tab {
            Tab::Rules => self.rules.ui(ui, &mut self.doc),
            Tab::Cards => self.cards.ui(ui, &mut self.doc),
            Tab::Statistics => self.stats.ui(ui, &self.doc),
            _ => {}
        }
    }
}
