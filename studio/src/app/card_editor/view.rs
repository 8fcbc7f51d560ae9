//! The card game's editor in the studio's window: the ticket table, rules
//! and deck at the left, the selected ticket at the right, and the source map
//! with the selected tickets lit in the centre. A card-game design has no map
//! of its own: only the selection tool applies, and no board image export.

use egui::Ui;
use engine::Diagnostic;
use engine::card_game::CardFamily;

use crate::app::canvas::Tool;
use crate::app::command::UICommand;
use crate::app::editor::{Editor, EditorOf};
use crate::app::panels::inspector::read_only_in_game;
use crate::app::play::{SIDE_PANEL_LEAST, side_panel_max};
use crate::app::studio::{Studio, Tab};

/// The card game's editor.
pub struct CardGameEditor;

impl EditorOf for CardFamily {
    const EDITOR: &'static dyn Editor = &CardGameEditor;
}

impl Editor for CardGameEditor {
    fn family_title(&self) -> &'static str {
        "Card game (Ticket to Ride: The Card Game)"
    }

    fn family_blurb(&self) -> &'static str {
        "Tickets and train cards, no board of its own (the rulebook's rules)"
    }

    fn side_panels(&self, studio: &mut Studio, ui: &mut Ui) {
        let in_game = studio.play.in_game();
        let editor = &mut studio.card_editor;
        let (doc, selection, tab) = (&mut studio.doc, &mut studio.selection, &mut studio.tab);
        let mut status = egui::Panel::left("tables")
            .resizable(true)
            .default_size(520.0)
            .max_size(side_panel_max(ui, 760.0, SIDE_PANEL_LEAST))
            .show(ui, |ui| editor.side_panel(ui, doc, selection, tab, in_game))
            .inner;
        status = egui::Panel::right("inspector")
            .resizable(true)
            .default_size(300.0)
            .max_size(side_panel_max(ui, 600.0, 0.0))
            .show(ui, |ui| {
                read_only_in_game(ui, in_game, |ui| editor.ticket_panel(ui, doc, selection))
            })
            .inner
            .or(status);
        if let Some(s) = status {
            studio.status = s;
        }
    }

    fn centre(&self, studio: &mut Studio, ui: &mut Ui) {
        egui::CentralPanel::default().show(ui, |ui| {
            let playing = studio.play.lit_tickets();
            studio
                .card_editor
                .map(ui, &studio.doc, &mut studio.selection, playing);
        });
    }

    fn hint(&self, studio: &Studio) -> &'static str {
        studio.canvas.tool.hint()
    }

    fn offers(&self, command: UICommand) -> bool {
        match command {
            UICommand::DeriveCardGame
            | UICommand::ExportSvg
            | UICommand::ExportPng
            | UICommand::ZoomIn
            | UICommand::ZoomOut
            | UICommand::ZoomActual
            | UICommand::SelectAll => false,
            // The card game's map is its source's: it is laid out there.
            UICommand::FitLayout => false,
            UICommand::Tool(t) => t == Tool::Select,
            _ => true,
        }
    }

    fn run(&self, studio: &mut Studio, command: UICommand) -> bool {
        if command == UICommand::ZoomToFit {
            studio.card_editor.source.zoom_to_fit();
            return true;
        }
        false
    }

    fn reveal(&self, studio: &mut Studio, _: &Diagnostic) {
        studio.tab = Tab::Rules;
    }
}
