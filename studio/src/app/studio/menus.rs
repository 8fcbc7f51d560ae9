//! The menu bar, as data: each menu lists commands of [`UICommand`] (shown
//! with their shortcut hints) and the few entries that are settings rather
//! than commands.

use egui::{Button, Role, Ui, WidgetInfo};

use super::super::command::UICommand;
use super::super::panels::labelled;
use super::{Replace, Studio};

/// One entry of a menu.
enum MenuItem {
    /// A command, with its shortcut hint.
    Command(UICommand),
    /// A line between groups.
    Separator,
    /// The Open recent submenu.
    RecentFiles,
    /// The grid's settings: shown, snapped to, its step.
    GridSettings,
}

use MenuItem::{Command, GridSettings, RecentFiles, Separator};

/// The menus, left to right, with their entries.
const MENUS: [(&str, &[MenuItem]); 6] = [
    (
        "File",
        &[
            Command(UICommand::New),
            Command(UICommand::Open),
            Command(UICommand::OpenPath),
            RecentFiles,
            Separator,
            Command(UICommand::Save),
            Command(UICommand::SaveAs),
            Command(UICommand::SaveToPath),
            Separator,
            Command(UICommand::ExportSvg),
            Command(UICommand::ExportPng),
            Command(UICommand::ExportPdf),
            Command(UICommand::ExportTts),
            Command(UICommand::ExportTables),
            Command(UICommand::ImportTables),
            Separator,
            Command(UICommand::Compare),
            Command(UICommand::DeriveCardGame),
            Separator,
            Command(UICommand::Quit),
        ],
    ),
    (
        "Edit",
        &[
            Command(UICommand::Undo),
            Command(UICommand::Redo),
            Separator,
            Command(UICommand::Delete),
            Command(UICommand::Duplicate),
            Command(UICommand::SelectAll),
            Command(UICommand::ToggleLock),
            Command(UICommand::Search),
        ],
    ),
    (
        "View",
        &[
            Command(UICommand::ZoomIn),
            Command(UICommand::ZoomOut),
            Command(UICommand::ZoomActual),
            Command(UICommand::ZoomToFit),
            Command(UICommand::FitLayout),
            Separator,
            Command(UICommand::InterfaceLarger),
            Command(UICommand::InterfaceSmaller),
            Command(UICommand::InterfaceNormal),
            Separator,
            GridSettings,
            Command(UICommand::BackgroundImage),
        ],
    ),
    ("Tickets", &[Command(UICommand::BuildDeck)]),
    (
        "Playtest",
        &[
            Command(UICommand::PlayGame),
            Command(UICommand::Simulate),
            Command(UICommand::Balance),
        ],
    ),
    ("Help", &[Command(UICommand::ShortcutSheet)]),
];

impl Studio {
    /// Shows the menus and runs what is chosen.
    pub(super) fn menus(&mut self, ui: &mut Ui) {
        for (title, items) in MENUS {
            let menu = ui.menu_button(title, |ui| {
                for item in items {
                    match item {
                        Command(c) => {
                            if self.menu_entry(ui, *c) {
                                self.run_command(*c);
                            }
                        }
                        Separator => {
                            ui.separator();
                        }
                        RecentFiles => self.recent_files_menu(ui),
                        GridSettings => self.grid_settings(ui),
                    }
                }
            });
            // The side panel has a Tickets tab: each label names one control.
            let label = if title == "Tickets" {
                "Tickets menu"
            } else {
                title
            };
            (menu.response).widget_info(|| WidgetInfo::labeled(Role::Button, true, label));
        }
    }

    /// A command's menu entry with its shortcut hint at the right; returns
    /// whether it was clicked. Its accessible label is the entry's text
    /// alone, the shortcut given as the keyboard shortcut.
    fn menu_entry(&self, ui: &mut Ui, command: UICommand) -> bool {
        let text = self.menu_text(command);
        let keys = command.shortcut_text(ui.ctx());
        let enabled = self.can_run(command);
        let button = match &keys {
            Some(k) => Button::new(text.as_str()).shortcut_text(k.as_str()),
            None => Button::new(text.as_str()),
        };
        let response = ui
            .add_enabled(enabled, button)
            .on_hover_text(command.tooltip());
        response.widget_info(|| WidgetInfo::labeled(Role::Button, enabled, &text));
        if let Some(k) = keys {
            ui.ctx()
                .accesskit_node_builder(response.id, |node| node.set_keyboard_shortcut(k));
        }
        response.clicked()
    }

    /// The Open recent submenu.
    fn recent_files_menu(&mut self, ui: &mut Ui) {
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
    }

    /// The grid's checkboxes and step.
    fn grid_settings(&mut self, ui: &mut Ui) {
        ui.checkbox(&mut self.canvas.show_grid, "Show grid");
        ui.checkbox(&mut self.canvas.snap, "Snap to grid");
        labelled(ui, "Grid step (mm)", |ui| {
            ui.add(egui::DragValue::new(&mut self.canvas.grid_step).range(1.0..=100.0))
        });
    }
}
