//! The station-map editor: what the studio shows for a dice design
//! (Trains & Stations) instead of the board editor. The central area draws
//! the station map through the shared [`station_map`](crate::app::station_map)
//! and takes the tools ([`canvas`]: select and drag, add stations and
//! junctions, draw tracks); the inspector edits the selected station,
//! junction or track ([`inspector`]); the side panel holds the special cards
//! ([`specials`]) and the dice rules (the shared Rules panel). Every change
//! is a plain function in [`edit`], run through the document's undo
//! history; the validator's findings are tied to parts by [`problems`].

pub mod canvas;
pub mod edit;
pub mod inspector;
pub mod problems;
pub mod specials;
pub mod view;

use egui::{Button, Ui};
use engine::Diagnostic;
use formats::GameFile;

use crate::app::document::Document;
use crate::app::panels::inspector::read_only_in_game;
use crate::app::panels::rules::RulesPanel;
use crate::app::station_map::Part;
use problems::Target;

/// What a click on the map does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Select a part; drag a station or junction to move it.
    #[default]
    Select,
    /// Click empty space to add a station.
    Station,
    /// Click empty space to add a junction.
    Junction,
    /// Click one end, then the other, to draw a track.
    Track,
}

impl Tool {
    /// Every tool, in toolbar order.
    pub const ALL: [Tool; 4] = [Tool::Select, Tool::Station, Tool::Junction, Tool::Track];

    /// The tool's button.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::Station => "Add station",
            Tool::Junction => "Add junction",
            Tool::Track => "Draw track",
        }
    }

    /// What the tool does, for its tooltip and the hint beside the tools.
    pub fn hint(self) -> &'static str {
        match self {
            Tool::Select => {
                "Click a station, junction or track to select it; drag a station or junction to move it."
            }
            Tool::Station => "Click empty space to add a station.",
            Tool::Junction => {
                "Click empty space to add a junction (tracks meeting there deliver together)."
            }
            Tool::Track => {
                "Click a station or junction, then another, to draw a track between them."
            }
        }
    }
}

/// The side panel's tabs for a dice design.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SideTab {
    /// The special cards table.
    #[default]
    Specials,
    /// Rule parameters.
    Rules,
}

/// The station-map editor's state.
pub struct StationEditor {
    /// The active tool.
    pub tool: Tool,
    /// The selected station, junction or track.
    pub selected: Option<Part>,
    /// The selected special card (a row of the table).
    pub special: Option<usize>,
    /// The side panel's tab.
    pub tab: SideTab,
    /// Spaces given to a newly drawn track.
    pub new_spaces: u32,
    /// The first end of a track being drawn.
    pub track_start: Option<Part>,
    /// The file the selection belongs to (another file opened drops it).
    file: Option<std::path::PathBuf>,
    canvas: canvas::CanvasState,
    inspector: inspector::InspectorState,
    specials: specials::SpecialsState,
}

impl Default for StationEditor {
    fn default() -> Self {
        StationEditor {
            tool: Tool::Select,
            selected: None,
            special: None,
            tab: SideTab::Specials,
            new_spaces: 2,
            track_start: None,
            file: None,
            canvas: canvas::CanvasState::default(),
            inspector: inspector::InspectorState::default(),
            specials: specials::SpecialsState::default(),
        }
    }
}

impl StationEditor {
    /// Follows the document: another file drops the selection, and what
    /// no longer exists is forgotten.
    pub fn follow(&mut self, doc: &Document) {
        if self.file != doc.path {
            self.file.clone_from(&doc.path);
            self.selected = None;
            self.special = None;
            self.track_start = None;
        }
        self.retain_existing(&doc.design);
    }

    /// Forgets what no longer exists (after undo, redo or a delete).
    pub fn retain_existing(&mut self, design: &GameFile) {
        let exists = |p: Part| match p {
            Part::Station(i) => i < design.stations.len(),
            Part::Junction(i) => i < design.junctions.len(),
            Part::Track(i) => i < design.tracks.len(),
        };
        if self.selected.is_some_and(|p| !exists(p)) {
            self.selected = None;
        }
        if self.track_start.is_some_and(|p| !exists(p)) {
            self.track_start = None;
        }
        if self.special.is_some_and(|i| i >= design.specials.len()) {
            self.special = None;
        }
    }

    /// Shows what a diagnostic is about: selects its part or card, or
    /// opens the rules.
    pub fn reveal(&mut self, d: &Diagnostic) {
        match problems::target_of(d) {
            Some(Target::Part(p)) => {
                self.selected = Some(p);
                self.tool = Tool::Select;
            }
            Some(Target::Special(i)) => {
                self.special = Some(i);
                self.tab = SideTab::Specials;
            }
            Some(Target::Rules) => self.tab = SideTab::Rules,
            None => {}
        }
    }

    /// The map's keys, before the studio's shortcuts see them: Delete or
    /// Backspace deletes the selection, Escape drops a half-drawn track or
    /// the selection. Returns a status message.
    pub fn keys(&mut self, ctx: &egui::Context, doc: &mut Document) -> Option<String> {
        if ctx.egui_wants_keyboard_input() {
            return None;
        }
        let (delete, escape) = ctx.input_mut(|i| {
            let delete = self.selected.is_some()
                && (i.consume_key(egui::Modifiers::NONE, egui::Key::Delete)
                    || i.consume_key(egui::Modifiers::NONE, egui::Key::Backspace));
            let escape = (self.selected.is_some() || self.track_start.is_some())
                && i.consume_key(egui::Modifiers::NONE, egui::Key::Escape);
            (delete, escape)
        });
        if escape {
            if self.track_start.take().is_none() {
                self.selected = None;
            }
            return None;
        }
        if !delete {
            return None;
        }
        let part = self.selected.take()?;
        doc.edit("Delete", |d| edit::delete(d, &[part]));
        Some("Deleted.".into())
    }

    /// The side panel: the special cards and the rules, read-only while
    /// `in_game`.
    pub fn side_ui(
        &mut self,
        ui: &mut Ui,
        doc: &mut Document,
        rules: &mut RulesPanel,
        in_game: bool,
    ) {
        ui.horizontal(|ui| {
            for (tab, label) in [
                (SideTab::Specials, "Special cards"),
                (SideTab::Rules, "Rules"),
            ] {
                if ui.add(Button::selectable(self.tab == tab, label)).clicked() {
                    self.tab = tab;
                }
            }
        });
        ui.separator();
        read_only_in_game(ui, in_game, |ui| match self.tab {
            SideTab::Specials => {
                self.follow(doc);
                specials::ui(ui, &mut self.specials, &mut self.special, doc);
            }
            SideTab::Rules => rules.ui(ui, doc),
        })
    }

    /// The inspector of the selection; returns a status message.
    pub fn inspector_ui(&mut self, ui: &mut Ui, doc: &mut Document) -> Option<String> {
        self.follow(doc);
        let out = inspector::ui(ui, &mut self.inspector, &mut self.selected, doc);
        self.follow(doc);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selection_follows_the_document() {
        let design: GameFile = serde_yaml::from_str(
            "name: t\nfamily: dice\nstations:\n  - {name: A, x: 0, y: 0, slots: 2}\n  - {name: B, x: 9, y: 0, slots: 2}\n",
        )
        .unwrap();
        let mut doc = Document::from_loaded(design.clone(), None, Some("a.yaml".into()));
        let mut editor = StationEditor::default();
        editor.follow(&doc);
        editor.selected = Some(Part::Station(1));
        editor.follow(&doc);
        assert_eq!(editor.selected, Some(Part::Station(1)));
        doc.edit("Delete", |d| edit::delete(d, &[Part::Station(1)]));
        editor.follow(&doc);
        assert_eq!(editor.selected, None, "gone with its station");
        editor.selected = Some(Part::Station(0));
        let other = Document::from_loaded(design, None, Some("b.yaml".into()));
        editor.follow(&other);
        assert_eq!(editor.selected, None, "another file, another map");
    }
}
