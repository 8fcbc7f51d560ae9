//! What each [`UICommand`] does to the studio, whether it can run now, and
//! the keyboard shortcuts that run them.

use super::super::command::{Scope, UICommand};

/// How much View → Zoom in (`+`) zooms the map.
const ZOOM_STEP: f32 = 1.25;
use super::{Dialog, NewDesignForm, PathPurpose, Replace, Studio};

impl Studio {
    /// Runs a command, whether it came from a menu, the toolbar or a key.
    pub fn run_command(&mut self, command: UICommand) {
        let editor = self.editor();
        if !editor.offers(command) || editor.run(self, command) {
            return;
        }
        match command {
            UICommand::New => self.dialog = Some(Dialog::NewDesign(NewDesignForm::default())),
            UICommand::Open => self.request(Replace::Open(None)),
            UICommand::OpenPath => self.ask_typed_path(PathPurpose::Open),
            UICommand::Save => {
                self.save();
            }
            UICommand::SaveAs => self.save_as(),
            UICommand::SaveToPath => self.ask_typed_path(PathPurpose::SaveAs),
            UICommand::ExportSvg => self.ask_typed_path(PathPurpose::ExportSvg),
            UICommand::Compare => {
                if let Some(p) = self.ask_path(PathPurpose::Compare) {
                    self.compare_with(&p);
                }
            }
            UICommand::ExportPng => self.ask_typed_path(PathPurpose::ExportPng),
            UICommand::ExportPdf => self.ask_typed_path(PathPurpose::ExportPdf),
            UICommand::ExportTts => self.ask_typed_path(PathPurpose::ExportTts),
            UICommand::ExportTables => self.ask_typed_path(PathPurpose::ExportTables),
            UICommand::ImportTables => self.ask_typed_path(PathPurpose::ImportTables),
            UICommand::DeriveCardGame => self.ask_derive(),
            UICommand::Quit => self.request(Replace::Quit),
            UICommand::Undo => self.undo(),
            UICommand::Redo => self.redo(),
            UICommand::Delete => self.delete_selection(),
            UICommand::Duplicate => self.duplicate_selection(),
            UICommand::ToggleLock => self.toggle_lock(),
            UICommand::Search => {
                self.search_open = true;
                self.search.focus = true;
            }
            UICommand::ZoomToFit => self.canvas.zoom_to_fit(),
            UICommand::FitLayout => self.fit_layout.request(),
            UICommand::ZoomIn => self.canvas.zoom_by(ZOOM_STEP),
            UICommand::ZoomOut => self.canvas.zoom_by(1.0 / ZOOM_STEP),
            UICommand::ZoomActual => self.canvas.zoom_actual(),
            UICommand::InterfaceLarger => self.scale_interface(Some(0.1)),
            UICommand::InterfaceSmaller => self.scale_interface(Some(-0.1)),
            UICommand::InterfaceNormal => self.scale_interface(None),
            UICommand::SelectAll => self.select_all(),
            UICommand::ShortcutSheet => self.shortcuts_open = true,
            UICommand::BackgroundImage => self.background_open = true,
            UICommand::PlayGame => self.play.open = true,
            UICommand::Simulate => self.simulate.open = true,
            UICommand::Balance => self.balance.open = true,
            UICommand::BuildDeck => self.deck.open = true,
            UICommand::Tool(t) => self.canvas.set_tool(t, &mut self.doc),
            UICommand::Cancel => self.cancel(),
            UICommand::FinishRegion => self
                .canvas
                .finish_region(&mut self.doc, &mut self.selection),
            UICommand::Nudge { direction, far } => self.nudge(direction, far),
        }
    }

    /// Makes the interface larger or smaller by `step` (`None`: its normal
    /// size); the size is remembered between runs.
    fn scale_interface(&mut self, step: Option<f32>) {
        let now = self.settings.interface_scale.unwrap_or(1.0);
        let next = step.map_or(1.0, |s| (now + s).clamp(0.5, 3.0));
        self.settings.interface_scale = (next != 1.0).then_some(next);
        if let Err(e) = self.settings.store(&self.config.dirs) {
            self.status = format!("Could not remember the interface size: {e}");
        } else {
            self.status = format!("Interface at {:.0}%.", next * 100.0);
        }
    }

    /// Whether a command has something to act on now; menus and the
    /// toolbar show it disabled otherwise.
    pub fn can_run(&self, command: UICommand) -> bool {
        if !self.editor().offers(command) || (command.edits_design() && self.play.in_game()) {
            return false;
        }
        match command {
            UICommand::Undo => self.doc.history().undo_label().is_some(),
            UICommand::Redo => self.doc.history().redo_label().is_some(),
            UICommand::Delete | UICommand::Duplicate => !self.selection.is_empty(),
            UICommand::ToggleLock => !self.selection.cities().is_empty(),
            UICommand::FinishRegion => self.canvas.region_points.len() >= 3,
            _ => true,
        }
    }

    /// Whether a command's toolbar button shows as selected: the active tool.
    pub fn is_active(&self, command: UICommand) -> bool {
        matches!(command, UICommand::Tool(t) if t == self.canvas.tool)
    }

    /// The text of a command's menu entry now: Undo and Redo name the step
    /// they would take back or bring back.
    pub fn menu_text(&self, command: UICommand) -> String {
        let step = match command {
            UICommand::Undo => self.doc.history().undo_label(),
            UICommand::Redo => self.doc.history().redo_label(),
            _ => None,
        };
        match step {
            Some(label) => format!("{} {label}", command.text()),
            None => command.text().to_owned(),
        }
    }

    /// Runs the commands whose shortcuts were pressed this frame. The map's
    /// plain keys wait while a text field has the keyboard or a dialog is
    /// open.
    pub(super) fn shortcuts(&mut self, ctx: &egui::Context) {
        // Escape closes an open menu (or a drop-down) before anything else.
        if egui::Popup::is_any_open(ctx)
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
        {
            egui::Popup::close_all(ctx);
        }
        for command in UICommand::pressed(ctx, Scope::Window) {
            self.run_command(command);
        }
        if ctx.egui_wants_keyboard_input() || self.dialog.is_some() {
            return;
        }
        for command in UICommand::pressed(ctx, Scope::Map) {
            self.run_command(command);
        }
    }
}
