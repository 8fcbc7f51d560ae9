//! File → Compare…: what differs between the open design and another file
//! (the engine's [`design_diff`]), listed by object and shown on the map:
//! objects of the open design that the other file changes are drawn orange,
//! those it does not have red, each with its changes as a note; tickets
//! light their two ends. The difference follows the design as it is edited.
//! The window also plays both designs and compares every report metric
//! ([`simulated`]), drawing the routes' and tickets' changes on the map.

pub mod simulated;

use std::path::{Path, PathBuf};

use egui::{Color32, RichText, Ui};
use engine::board_game::deck::{DeckFigures, compare_rows};
use engine::diff::data::value_text;
use engine::diff::{DesignDiff, FieldChange, ListDiff, design_diff};
use formats::GameFile;
use formats::merge::list_keys;

use super::canvas::paint::Overlay;
use simulated::Simulated;

/// Objects the other design changes.
pub const CHANGED: Color32 = Color32::from_rgb(230, 140, 0);
/// Objects the other design does not have.
pub const ONLY_HERE: Color32 = Color32::from_rgb(200, 40, 40);

/// The Compare window's state: the other design and the difference.
#[derive(Debug)]
pub struct CompareView {
    /// The file compared with.
    pub other_path: PathBuf,
    other: GameFile,
    /// From the open design to the other file.
    pub diff: DesignDiff,
    /// What the map shows: the data difference, or the simulated one.
    pub overlay: Overlay,
    /// The data difference drawn over the open design's map.
    data_overlay: Overlay,
    /// The simulated comparison.
    pub simulated: Simulated,
    /// The two ticket decks in figures (this design's, the other's), when
    /// both are board designs whose tickets differ.
    pub decks: Option<[DeckFigures; 2]>,
    generation: u64,
}

/// The design to compare with does not load: its place and reason.
#[derive(Debug, thiserror::Error)]
#[error("{}: {}", .0.location(), .0.kind)]
pub struct Unreadable(pub formats::LoadError);

impl CompareView {
    /// Compares `design` (at `generation`) with the design at `path`, or
    /// says why the file could not be read (with its line and column).
    pub fn open(path: &Path, design: &GameFile, generation: u64) -> Result<Self, Unreadable> {
        let other = formats::load(path).map_err(Unreadable)?.design;
        let mut view = CompareView {
            other_path: path.to_owned(),
            diff: DesignDiff::default(),
            overlay: Overlay::default(),
            data_overlay: Overlay::default(),
            simulated: Simulated::default(),
            decks: None,
            other,
            generation,
        };
        if let Some((lo, hi)) = simulated::design_players(design) {
            view.simulated.settings.players_from = lo;
            view.simulated.settings.players_to = hi;
        }
        view.compute(design);
        Ok(view)
    }

    /// Follows edits of the open design.
    pub fn refresh(&mut self, design: &GameFile, generation: u64) {
        if generation != self.generation {
            self.compute(design);
            self.generation = generation;
        }
    }

    fn compute(&mut self, design: &GameFile) {
        self.diff = design_diff(design, &self.other);
        let board = |f: &GameFile| formats::families::of(f.family).city_map;
        self.decks = (board(design) && board(&self.other) && design.tickets != self.other.tickets)
            .then(|| [DeckFigures::of(design), DeckFigures::of(&self.other)]);
        self.data_overlay = self.draw(design);
        self.overlay = self.data_overlay.clone();
    }

    /// The other file's name as the window shows it.
    fn other_name(&self) -> String {
        self.other_path.file_name().map_or_else(
            || self.other_path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// The difference as a list, then the simulated one; returns whether the
    /// window asks to close.
    pub fn ui(&mut self, ui: &mut Ui, design: &GameFile) -> bool {
        let other = self.other_name();
        ui.label(format!("From this design to {other}."));
        ui.horizontal(|ui| {
            ui.colored_label(CHANGED, "orange: changed");
            ui.colored_label(ONLY_HERE, format!("red: not in {other}"));
        });
        if self.diff.is_empty() {
            ui.label("The designs have the same data.");
        }
        for (name, list) in &self.diff.lists {
            if !list.is_empty() {
                list_ui(ui, name, list, &other);
            }
        }
        for (title, fields) in [
            ("Rules", &self.diff.rules),
            ("Cards", &self.diff.cards),
            ("Other", &self.diff.other),
        ] {
            if !fields.is_empty() {
                ui.separator();
                ui.label(RichText::new(title).strong());
                for f in fields {
                    ui.label(change_text(f));
                }
            }
        }
        if let Some([a, b]) = &self.decks {
            ui.separator();
            decks_ui(ui, a, b, &other);
        }
        ui.separator();
        self.simulated
            .ui(ui, design, &self.other, &other, self.generation);
        self.overlay = self
            .simulated
            .overlay(design)
            .unwrap_or_else(|| self.data_overlay.clone());
        ui.separator();
        ui.button("Close comparison").clicked()
    }

    /// Draws the difference over the open design's map.
    fn draw(&self, design: &GameFile) -> Overlay {
        let mut o = Overlay::default();
        let city = |name: &str| design.cities.iter().position(|c| c.name == name);
        if let Some(cities) = self.diff.list("cities") {
            for c in &cities.changed {
                if let Some(i) = city(&c.name) {
                    o.city_colors.insert(i, CHANGED);
                    o.city_notes.insert(i, fields_text(&c.fields));
                }
            }
            for name in &cities.removed {
                if let Some(i) = city(name) {
                    o.city_colors.insert(i, ONLY_HERE);
                    o.city_notes
                        .insert(i, format!("not in {}", self.other_name()));
                }
            }
        }
        if let Some(routes) = self.diff.list("routes") {
            let keys = keys(design, "routes");
            let route = |name: &str| keys.iter().position(|k| k == name);
            for c in &routes.changed {
                if let Some(i) = route(&c.name) {
                    o.route_colors.insert(i, CHANGED);
                    o.route_weights.insert(i, 2.0);
                    o.route_notes.insert(i, fields_text(&c.fields));
                }
            }
            for name in &routes.removed {
                if let Some(i) = route(name) {
                    o.route_colors.insert(i, ONLY_HERE);
                    o.route_weights.insert(i, 2.0);
                    o.route_notes
                        .insert(i, format!("not in {}", self.other_name()));
                }
            }
        }
        if let Some(tickets) = self.diff.list("tickets") {
            let keys = keys(design, "tickets");
            let names = tickets
                .changed
                .iter()
                .map(|c| &c.name)
                .chain(&tickets.removed);
            for name in names {
                if let Some(t) = keys.iter().position(|k| k == name) {
                    let t = &design.tickets[t];
                    o.lit_cities.extend(city(&t.from));
                    o.lit_cities.extend(city(&t.to));
                }
            }
        }
        o
    }
}

/// The merge keys of one of the design's lists (how the difference names
/// its objects).
fn keys(design: &GameFile, list: &str) -> Vec<String> {
    let items = match list {
        "routes" => serde_yaml::to_value(&design.routes),
        _ => serde_yaml::to_value(&design.tickets),
    };
    match items {
        Ok(serde_yaml::Value::Sequence(items)) => list_keys(list, &items),
        _ => Vec::new(),
    }
}

/// A value in a line: long texts (a description) are cut.
fn short(v: Option<&serde_yaml::Value>) -> String {
    const MAX: usize = 40;
    let t = value_text(v);
    if t.chars().count() > MAX {
        format!("{}…", t.chars().take(MAX).collect::<String>())
    } else {
        t
    }
}

fn change_text(f: &FieldChange) -> String {
    format!(
        "{}: {} → {}",
        f.field,
        short(f.before.as_ref()),
        short(f.after.as_ref())
    )
}

fn fields_text(fields: &[FieldChange]) -> String {
    fields
        .iter()
        .map(change_text)
        .collect::<Vec<_>>()
        .join(", ")
}

fn list_ui(ui: &mut Ui, name: &str, list: &ListDiff, other: &str) {
    ui.separator();
    let mut title = name.to_owned();
    if let Some(first) = title.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    ui.label(RichText::new(title).strong());
    for n in &list.added {
        ui.label(format!("+ {n} (only in {other})"));
    }
    for n in &list.removed {
        ui.colored_label(ONLY_HERE, format!("- {n} (not in {other})"));
    }
    for c in &list.changed {
        let name = match &c.renamed {
            Some(r) => format!("{} → {r}", c.name),
            None => c.name.clone(),
        };
        ui.colored_label(CHANGED, format!("~ {name}: {}", fields_text(&c.fields)));
    }
}

/// The two decks side by side in figures: lengths, coverage, points.
fn decks_ui(ui: &mut Ui, a: &DeckFigures, b: &DeckFigures, other: &str) {
    ui.label(RichText::new("Decks").strong());
    egui::Grid::new("compare decks")
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            ui.label(RichText::new("this design").strong());
            ui.label(RichText::new(other).strong());
            ui.end_row();
            for [what, x, y] in compare_rows(a, b) {
                ui.label(what);
                ui.label(x);
                ui.label(y);
                ui.end_row();
            }
        });
}
