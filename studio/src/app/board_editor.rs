//! The board game's editor: the object tables, rules, deck and statistics at
//! the left, the inspector of the selection at the right, and the map with
//! its drawing tools in the centre.

use egui::{Button, Ui};
use engine::Diagnostic;
use engine::board_game::BoardFamily;
use engine::board_game::layout::BoardDrawing;
use formats::GameFile;

use super::canvas::CanvasInput;
use super::canvas::paint::ProposedDrawing;
use super::command::UICommand;
use super::editor::{Editor, EditorOf};
use super::fit_layout::{moves, pt};
use super::panels::diagnostics;
use super::panels::inspector::read_only_in_game;
use super::play::{SIDE_PANEL_LEAST, side_panel_max};
use super::studio::{Studio, Tab};

/// The board game's editor.
pub struct BoardEditor;

impl EditorOf for BoardFamily {
    const EDITOR: &'static dyn Editor = &BoardEditor;
}

impl Editor for BoardEditor {
    fn family_title(&self) -> &'static str {
        "Board game (Ticket to Ride maps)"
    }

    fn family_blurb(&self) -> &'static str {
        "Cities, routes and tickets on a board; the USA, Europe or Heart of Africa rules"
    }

    fn side_panels(&self, studio: &mut Studio, ui: &mut Ui) {
        egui::Panel::left("tables")
            .resizable(true)
            .default_size(400.0)
            .max_size(side_panel_max(ui, 640.0, SIDE_PANEL_LEAST))
            .show(ui, |ui| side_panel(studio, ui));
        egui::Panel::right("inspector")
            .resizable(true)
            .default_size(300.0)
            .max_size(side_panel_max(ui, 600.0, 0.0))
            .show(ui, |ui| inspector_panel(studio, ui));
    }

    fn centre(&self, studio: &mut Studio, ui: &mut Ui) {
        egui::CentralPanel::no_frame().show(ui, |ui| map(studio, ui));
    }

    fn hint(&self, studio: &Studio) -> &'static str {
        studio.canvas.tool.hint()
    }

    fn offers(&self, _: UICommand) -> bool {
        true
    }

    fn reveal(&self, studio: &mut Studio, _: &Diagnostic) {
        studio.tab = Tab::Rules;
    }

    fn fit_proposal(&self, now: &GameFile, then: &GameFile) -> Option<ProposedDrawing> {
        Some(board_proposal(now, then))
    }
}

/// A board's proposal: its car spaces, city markers and moves.
fn board_proposal(now: &GameFile, then: &GameFile) -> ProposedDrawing {
    let (now, then) = (BoardDrawing::of(now), BoardDrawing::of(then));
    ProposedDrawing {
        moves: moves(&now.cities, &then.cities),
        spaces: then
            .routes
            .iter()
            .flat_map(|r| &r.spaces)
            .map(|s| s.corners().map(pt))
            .collect(),
        cities: then.cities.iter().map(|c| pt(*c)).collect(),
    }
}

/// The tabs at the left: the object tables, rules, cards, statistics.
fn side_panel(studio: &mut Studio, ui: &mut Ui) {
    ui.horizontal_wrapped(|ui| {
        for t in Tab::ALL {
            if ui
                .add(Button::selectable(studio.tab == t, t.label()))
                .clicked()
            {
                studio.tab = t;
            }
        }
    });
    ui.separator();
    let generation = studio.doc.generation();
    let table = match studio.tab {
        Tab::Cities => Some(0),
        Tab::Routes => Some(1),
        Tab::Tickets => Some(2),
        _ => None,
    };
    if let Some(k) = table {
        if let Some(click) =
            studio.tables[k].ui(ui, &studio.doc.design, generation, &studio.selection)
        {
            if click.add {
                studio.selection.toggle(click.obj);
            } else {
                studio.select_and_reveal(vec![click.obj], false);
            }
        }
        return;
    }
    let in_game = studio.play.in_game();
    match studio.tab {
        Tab::Rules => read_only_in_game(ui, in_game, |ui| studio.rules.ui(ui, &mut studio.doc)),
        Tab::Cards => read_only_in_game(ui, in_game, |ui| studio.cards.ui(ui, &mut studio.doc)),
        Tab::Statistics => studio.stats.ui(ui, &studio.doc),
        _ => {}
    }
}

/// The inspector of the selection, its name field focused after a city
/// was added.
fn inspector_panel(studio: &mut Studio, ui: &mut Ui) {
    egui::ScrollArea::vertical()
        .id_salt("inspector")
        .show(ui, |ui| {
            let focus = std::mem::take(&mut studio.focus_name);
            let in_game = studio.play.in_game();
            let (inspector, doc) = (&mut studio.inspector, &mut studio.doc);
            let status = read_only_in_game(ui, in_game, |ui| {
                inspector.ui(ui, doc, &studio.selection, focus)
            });
            if let Some(s) = status {
                studio.status = s;
            }
            if std::mem::take(&mut studio.inspector.background_asked) {
                studio.background_open = true;
            }
        });
}

/// The map, with the objects that have problems marked; a click on a
/// read-only map goes to the game.
fn map(studio: &mut Studio, ui: &mut Ui) {
    let report = studio.validator.latest();
    let marks = diagnostics::marks(report, &studio.doc.design);
    let out = studio.canvas.ui(
        ui,
        CanvasInput {
            doc: &mut studio.doc,
            selection: &mut studio.selection,
            marks: &marks,
        },
    );
    if out.focus_name {
        studio.focus_name = true;
    }
    if let Some(s) = out.status {
        studio.status = s;
    }
    if let Some(o) = out.clicked {
        studio.play.map_clicked(o);
    }
}
