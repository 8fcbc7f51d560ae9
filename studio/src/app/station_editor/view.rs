//! Trains & Stations' editor in the studio's window: special cards and
//! rules at the left, the selected part at the right, and the station map
//! with its own tools in the centre. The station map is fitted to its board
//! and has no cities, routes or tickets, so the board's tools, zoom, search,
//! locks, tables and board images do not apply.

use egui::{Context, Ui, pos2};
use engine::Diagnostic;
use engine::board_game::layout::V2;
use engine::dice::DiceFamily;
use engine::dice::map_drawing::{self, StationMapDrawing};
use formats::GameFile;

use super::canvas::MapInput;
use crate::app::canvas::paint::ProposedDrawing;
use crate::app::command::UICommand;
use crate::app::editor::{Editor, EditorOf};
use crate::app::fit_layout::{moves, pt};
use crate::app::panels::inspector::read_only_in_game;
use crate::app::play::{SIDE_PANEL_LEAST, side_panel_max};
use crate::app::studio::Studio;

/// Trains & Stations' editor.
pub struct StationMapEditor;

impl EditorOf for DiceFamily {
    const EDITOR: &'static dyn Editor = &StationMapEditor;
}

impl Editor for StationMapEditor {
    fn family_title(&self) -> &'static str {
        "Trains & Stations (the dice game)"
    }

    fn family_blurb(&self) -> &'static str {
        "Stations and tracks on a station map, played with dice (the rulebook's rules)"
    }

    fn side_panels(&self, studio: &mut Studio, ui: &mut Ui) {
        let in_game = studio.play.in_game();
        egui::Panel::left("tables")
            .resizable(true)
            .default_size(400.0)
            .max_size(side_panel_max(ui, 640.0, SIDE_PANEL_LEAST))
            .show(ui, |ui| {
                studio
                    .station_editor
                    .side_ui(ui, &mut studio.doc, &mut studio.rules, in_game)
            });
        let inspected = egui::Panel::right("inspector")
            .resizable(true)
            .default_size(300.0)
            .max_size(side_panel_max(ui, 600.0, 0.0))
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("inspector")
                    .show(ui, |ui| {
                        read_only_in_game(ui, in_game, |ui| {
                            studio.station_editor.inspector_ui(ui, &mut studio.doc)
                        })
                    })
                    .inner
            })
            .inner;
        if let Some(s) = inspected {
            studio.status = s;
        }
    }

    fn centre(&self, studio: &mut Studio, ui: &mut Ui) {
        egui::CentralPanel::no_frame().show(ui, |ui| {
            let input = MapInput {
                doc: &mut studio.doc,
                report: studio.validator.latest(),
                overlay: &studio.canvas.overlay,
                read_only: studio.canvas.read_only,
            };
            if let Some(s) = studio.station_editor.map_ui(ui, input) {
                studio.status = s;
            }
        });
    }

    fn keys(&self, studio: &mut Studio, ctx: &Context) -> Option<String> {
        studio.station_editor.keys(ctx, &mut studio.doc)
    }

    fn hint(&self, studio: &Studio) -> &'static str {
        studio.station_editor.tool.hint()
    }

    fn offers(&self, command: UICommand) -> bool {
        !matches!(
            command,
            UICommand::ZoomToFit
                | UICommand::ZoomIn
                | UICommand::ZoomOut
                | UICommand::ZoomActual
                | UICommand::SelectAll
                | UICommand::Delete
                | UICommand::Duplicate
                | UICommand::ToggleLock
                | UICommand::Search
                | UICommand::DeriveCardGame
                | UICommand::ExportSvg
                | UICommand::ExportPng
                | UICommand::ExportTables
                | UICommand::ImportTables
                | UICommand::Tool(_)
                | UICommand::FinishRegion
        )
    }

    /// Dice findings name a key path of the file; the station editor shows
    /// the part it names.
    fn reveal(&self, studio: &mut Studio, finding: &Diagnostic) {
        studio.station_editor.reveal(finding);
    }

    fn fit_proposal(&self, now: &GameFile, then: &GameFile) -> Option<ProposedDrawing> {
        Some(map_proposal(now, then))
    }
}

/// A station map's proposal: its track spaces and building slots, station
/// markers and the moves of stations and junctions.
fn map_proposal(now: &GameFile, then: &GameFile) -> ProposedDrawing {
    let (now, then) = (StationMapDrawing::of(now), StationMapDrawing::of(then));
    let square = |c: &V2, side: f32| {
        let h = side / 2.0;
        [(-h, -h), (h, -h), (h, h), (-h, h)].map(|(x, y)| pos2(c.x + x, c.y + y))
    };
    let places = |d: &StationMapDrawing| {
        d.stations
            .iter()
            .chain(&d.junctions)
            .copied()
            .collect::<Vec<_>>()
    };
    ProposedDrawing {
        moves: moves(&places(&now), &places(&then)),
        spaces: (then.spaces.iter().flatten())
            .map(|c| square(c, then.space))
            .chain(
                then.slots
                    .iter()
                    .flatten()
                    .map(|c| square(c, map_drawing::SLOT)),
            )
            .collect(),
        cities: places(&then).into_iter().map(pt).collect(),
    }
}
