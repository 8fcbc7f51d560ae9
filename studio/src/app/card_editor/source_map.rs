//! The source map of a card-game design: the board design named by
//! `derived_from` (relative to the design's file), loaded read-only and drawn
//! by the studio's canvas, with the selected tickets' paths lit (their
//! routes and cities, both ends selected). Without a source, or when it
//! does not load, the reason is shown instead of an empty map.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use egui::{RichText, Ui};
use formats::{Family, GameFile, TicketSpec};

use crate::app::canvas::{Canvas, CanvasInput};
use crate::app::document::Document;
use crate::app::selection::{Obj, Selection};

/// What a set of tickets lights on their source map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LitPaths {
    /// Routes along the paths.
    pub routes: HashSet<usize>,
    /// Cities along the paths.
    pub cities: HashSet<usize>,
    /// The tickets' ends, in ticket order.
    pub ends: Vec<usize>,
    /// Steps of a path (or tickets) the map does not have, in words.
    pub missing: Vec<String>,
}

/// Lights `tickets` on `source`: each step of a ticket's recorded `path`
/// takes a route between its two cities, preferring a colour the ticket
/// still needs (a double route lights the route that gave the card).
pub fn light(source: &GameFile, tickets: &[&TicketSpec]) -> LitPaths {
    let mut lit = LitPaths::default();
    let city = |name: &str| source.cities.iter().position(|c| c.name == name);
    for t in tickets {
        for end in [&t.from, &t.to] {
            match city(end) {
                Some(c) => lit.ends.push(c),
                None => lit.missing.push(format!("{end} is not on the map")),
            }
        }
        if t.path.len() < 2 {
            lit.missing
                .push(format!("ticket {} records no path", t.display_name()));
            continue;
        }
        let mut need: HashMap<&str, u8> = t.cards.iter().map(|(c, n)| (c.as_str(), *n)).collect();
        for name in &t.path {
            if let Some(c) = city(name) {
                lit.cities.insert(c);
            }
        }
        for step in t.path.windows(2) {
            let (a, b) = (step[0].as_str(), step[1].as_str());
            let between: Vec<usize> = source
                .routes
                .iter()
                .enumerate()
                .filter(|(_, r)| (r.from == a && r.to == b) || (r.from == b && r.to == a))
                .map(|(i, _)| i)
                .collect();
            let wanted = between.iter().copied().find(|&r| {
                need.get(source.routes[r].color.as_str())
                    .is_some_and(|n| *n > 0)
            });
            match wanted.or_else(|| between.first().copied()) {
                Some(r) => {
                    if let Some(n) = need.get_mut(source.routes[r].color.as_str()) {
                        *n = n.saturating_sub(1);
                    }
                    lit.routes.insert(r);
                }
                None => lit.missing.push(format!("no route {a} - {b}")),
            }
        }
    }
    lit
}

/// The source map panel's state.
pub struct SourceMap {
    /// (design file, `derived_from`) the source was loaded for.
    key: Option<(Option<PathBuf>, Option<String>)>,
    /// The source, or why there is none.
    loaded: Result<(PathBuf, Document), NoSource>,
    canvas: Canvas,
    selection: Selection,
    /// (generation, tickets) the lit paths were computed for.
    lit_key: Option<(u64, Vec<usize>)>,
    lit: LitPaths,
}

impl Default for SourceMap {
    fn default() -> Self {
        SourceMap {
            key: None,
            loaded: Err(NoSource::NotYet),
            canvas: Canvas::default(),
            selection: Selection::default(),
            lit_key: None,
            lit: LitPaths::default(),
        }
    }
}

/// Why a card game's source map is not shown (the panel says so in its
/// place).
#[derive(Debug, thiserror::Error)]
pub enum NoSource {
    /// Not looked for yet (before the panel's first frame).
    #[error("")]
    NotYet,
    /// The design has no `derived_from`.
    #[error(
        "This card game names no source map. Add `derived_from: usa.yaml` (the board design its tickets come from, relative to this file) to see its tickets on that map."
    )]
    Unnamed,
    /// The design has no file yet to find the source beside.
    #[error(
        "The design is not saved yet, so its source map `{0}` (a path relative to the design's file) cannot be found. Save it beside the source map."
    )]
    Unsaved(String),
    /// The source does not load.
    #[error("The source map `{name}` did not load: {}: {}", .error.location(), .error.kind)]
    Unreadable {
        /// `derived_from` as written.
        name: String,
        /// Why it does not load (boxed: it is large, and rare).
        error: Box<formats::LoadError>,
    },
    /// The source is not a board design.
    #[error(
        "The source map `{name}` is a `{family}` design; tickets are drawn on a board design's map."
    )]
    NotABoard {
        /// `derived_from` as written.
        name: String,
        /// The source's family.
        family: Family,
    },
}

/// Loads the board design `derived_from` names, or says why not.
fn load_source(
    design_path: Option<&Path>,
    derived_from: Option<&str>,
) -> Result<(PathBuf, Document), NoSource> {
    let Some(name) = derived_from else {
        return Err(NoSource::Unnamed);
    };
    let Some(file) = design_path else {
        return Err(NoSource::Unsaved(name.to_owned()));
    };
    let path = file.parent().unwrap_or(Path::new("")).join(name);
    let doc = Document::open(&path).map_err(|error| NoSource::Unreadable {
        name: name.to_owned(),
        error: Box::new(error),
    })?;
    if doc.design.family != Family::Board {
        return Err(NoSource::NotABoard {
            name: name.to_owned(),
            family: doc.design.family,
        });
    }
    Ok((path, doc))
}

impl SourceMap {
    /// Zooms the source map to show it whole at the next frame.
    pub fn zoom_to_fit(&mut self) {
        self.canvas.zoom_to_fit();
    }

    /// What is lit now.
    pub fn lit(&self) -> &LitPaths {
        &self.lit
    }

    /// The source map's file, or why there is none.
    pub fn source(&self) -> Result<&Path, &NoSource> {
        match &self.loaded {
            Ok((p, _)) => Ok(p),
            Err(e) => Err(e),
        }
    }

    /// Loads the source again when the design's file or `derived_from`
    /// changed, and lights the selected tickets.
    pub fn refresh(&mut self, doc: &Document, selection: &Selection) {
        let key = (doc.path.clone(), doc.design.derived_from.clone());
        if self.key.as_ref() != Some(&key) {
            self.loaded = load_source(key.0.as_deref(), key.1.as_deref());
            self.canvas.reset();
            self.canvas.read_only = true;
            self.lit_key = None;
            self.key = Some(key);
        }
        let tickets = selection.tickets();
        let lit_key = (doc.generation(), tickets.clone());
        if self.lit_key.as_ref() == Some(&lit_key) {
            return;
        }
        self.lit_key = Some(lit_key);
        self.lit = match &self.loaded {
            Ok((_, src)) => {
                let chosen: Vec<&TicketSpec> = tickets
                    .iter()
                    .filter_map(|&t| doc.design.tickets.get(t))
                    .collect();
                light(&src.design, &chosen)
            }
            Err(_) => LitPaths::default(),
        };
        self.canvas.overlay.lit_routes = self.lit.routes.clone();
        self.canvas.overlay.lit_cities = self.lit.cities.clone();
        self.selection
            .set(self.lit.ends.iter().map(|&c| Obj::City(c)));
    }

    /// Shows the map (or why there is none). A click on a city returns the
    /// tickets that name it, to select.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document, selection: &Selection) -> Option<Vec<Obj>> {
        self.refresh(doc, selection);
        let (path, src) = match &mut self.loaded {
            Ok((p, d)) => (p.clone(), d),
            Err(e) => {
                ui.add_space(40.0);
                ui.vertical_centered(|ui| {
                    ui.heading("No source map");
                    ui.add_space(8.0);
                    ui.label(e.to_string());
                });
                return None;
            }
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!(
                    "Source map: {} (read-only).",
                    path.file_name().unwrap_or_default().to_string_lossy()
                ))
                .strong(),
            );
            let n = selection.tickets().len();
            ui.label(if n == 0 {
                "Select tickets to light their paths; click a city to select the tickets naming it."
                    .to_owned()
            } else {
                format!(
                    "{} lit for {}.",
                    engine::words::count(self.lit.routes.len(), "route"),
                    engine::words::count(n, "ticket")
                )
            });
            if !self.lit.missing.is_empty() {
                ui.colored_label(
                    egui::Color32::from_rgb(220, 140, 40),
                    format!("Not on the map: {}.", self.lit.missing.join("; ")),
                );
            }
        });
        let marks = HashMap::new();
        let out = self.canvas.ui(
            ui,
            CanvasInput {
                doc: src,
                selection: &mut self.selection,
                marks: &marks,
            },
        );
        let Some(Obj::City(c)) = out.clicked else {
            return None;
        };
        let name = src.design.cities.get(c)?.name.clone();
        Some(
            doc.design
                .tickets
                .iter()
                .enumerate()
                .filter(|(_, t)| t.from == name || t.to == name)
                .map(|(i, _)| Obj::Ticket(i))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticket_lights_the_routes_that_gave_its_cards() {
        let map = "format: tracklayer/1\ncities: [{name: A, x: 0, y: 0}, {name: B, x: 10, y: 0}, {name: C, x: 20, y: 0}]\nroutes:\n  - {from: A, to: B, length: 1, color: red}\n  - {from: A, to: B, length: 1, color: blue}\n  - {from: C, to: B, length: 2, color: gray}\n";
        let map = formats::load_str(map, Path::new("m.yaml")).unwrap().design;
        let game = "format: tracklayer/1\nfamily: card-game\ntickets:\n  - {from: A, to: C, points: 3, cards: {blue: 1, green: 1}, path: [A, B, C]}\n  - {from: A, to: D, points: 3, cards: {red: 1}}\n";
        let game = formats::load_str(game, Path::new("g.yaml")).unwrap().design;
        let lit = light(&map, &[&game.tickets[0]]);
        assert_eq!(
            lit.routes,
            HashSet::from([1, 2]),
            "the blue one of the double route"
        );
        assert_eq!(lit.cities, HashSet::from([0, 1, 2]));
        assert_eq!(lit.ends, [0, 2]);
        assert!(lit.missing.is_empty());
        let lit = light(&map, &[&game.tickets[1]]);
        assert_eq!(
            lit.missing,
            ["D is not on the map", "ticket A - D records no path"]
        );
    }

    #[test]
    fn a_missing_or_broken_source_is_explained() {
        let dir = tempfile::tempdir().unwrap();
        let design = dir.path().join("game.yaml");
        assert!(
            load_source(Some(&design), None)
                .unwrap_err()
                .to_string()
                .contains("names no source map")
        );
        assert!(
            load_source(None, Some("usa.yaml"))
                .unwrap_err()
                .to_string()
                .contains("not saved yet")
        );
        std::fs::write(dir.path().join("bad.yaml"), "cities: [").unwrap();
        let e = load_source(Some(&design), Some("bad.yaml"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("`bad.yaml` did not load"), "{e}");
        assert!(e.contains("bad.yaml:"), "with its position: {e}");
    }
}
