//! The toolbar: the tools, then the commonest commands, each a
//! [`UICommand`] with its tooltip and shortcut hint.

use egui::{Button, Ui};

use super::super::canvas::Tool;
use super::super::command::UICommand;
use super::Studio;

/// The commands after the tools, in order.
const COMMANDS: [UICommand; 7] = [
    UICommand::ZoomToFit,
    UICommand::Undo,
    UICommand::Redo,
    UICommand::Delete,
    UICommand::Duplicate,
    UICommand::ToggleLock,
    UICommand::Search,
];

impl Studio {
    /// Shows the toolbar and runs what is clicked.
    pub(super) fn toolbar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            // A family whose map has tools of its own (the station map's,
            // above it) offers none of the board's.
            if self.editor().offers(UICommand::Tool(Tool::Select)) {
                for t in Tool::ALL {
                    self.toolbar_button(ui, UICommand::Tool(t));
                }
                ui.separator();
            }
            for c in COMMANDS {
                self.toolbar_button(ui, c);
            }
        });
    }

    /// One command's button, with its tooltip and shortcut hint; a tool's
    /// shows as selected while it is active.
    fn toolbar_button(&mut self, ui: &mut Ui, command: UICommand) {
        let button = if matches!(command, UICommand::Tool(_)) {
            Button::selectable(self.is_active(command), command.toolbar_text())
        } else {
            Button::new(command.toolbar_text())
        };
        let clicked = ui
            .add_enabled(self.can_run(command), button)
            .on_hover_text(command.tooltip_with_shortcut(ui.ctx()))
            .clicked();
        if clicked {
            self.run_command(command);
        }
    }
}
