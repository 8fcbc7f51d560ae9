//! The station-map editor's central area: the tools above the map, the map
//! itself (the shared drawing, fitted to the printed board), and what a
//! click or drag on it does with the active tool. Problems are ringed red
//! (errors) or amber (warnings), the selection blue; with the Simulate
//! window's heatmap on, tracks show their deliveries per game.

use egui::{Button, Color32, DragValue, Pos2, Rect, Sense, Ui, Vec2, pos2, vec2};
use formats::GameFile;
use formats::points::Point;

use super::{StationEditor, Tool, edit};
use crate::app::canvas::paint::{Mark, Overlay, paint_proposal};
use crate::app::document::Document;
use crate::app::station_map::{self, Fit, Look, MapModel, Part};
use crate::app::validation::Report;

/// A station or junction being dragged.
#[derive(Clone, Copy, Debug)]
struct Drag {
    part: Part,
    /// From the pointer to the place, in design millimetres.
    grab: Vec2,
    /// Where the place would land now.
    to: Pos2,
}

/// What the map remembers between frames.
#[derive(Default)]
pub struct CanvasState {
    drag: Option<Drag>,
}

/// The selection's colour.
const SELECTED: Color32 = Color32::from_rgb(0, 110, 255);
/// The pointer's part.
const HOVERED: Color32 = Color32::from_rgb(120, 180, 255);
/// The first end of a track being drawn.
const STARTED: Color32 = Color32::from_rgb(255, 140, 0);

/// What the canvas needs of the studio this frame.
pub struct MapInput<'a> {
    /// The document.
    pub doc: &'a mut Document,
    /// The validator's latest findings.
    pub report: Option<&'a Report>,
    /// The playtest windows' overlay (the Simulate window's deliveries per
    /// track, by track index).
    pub overlay: &'a Overlay,
    /// A game is on the table: the map only shows.
    pub read_only: bool,
}

/// The design area the map shows: the printed board and everything on it.
fn area(design: &GameFile, model: &MapModel) -> Rect {
    let board = design
        .board
        .as_ref()
        .map(|b| Rect::from_min_size(Pos2::ZERO, vec2(b.width.max(1.0), b.height.max(1.0))));
    match (board, model.bounds()) {
        (Some(b), Some(c)) => b.union(c),
        (Some(b), None) => b,
        (None, Some(c)) => c.expand(20.0),
        (None, None) => Rect::from_min_size(Pos2::ZERO, vec2(800.0, 500.0)),
    }
}

/// Where the editor draws `design`'s millimetres when the map fills `rect`
/// (the printed board and everything on it, fitted).
pub fn fit(design: &GameFile, rect: Rect) -> Fit {
    Fit::area(
        area(design, &MapModel::of_file(design)),
        rect,
        vec2(24.0, 24.0),
    )
}

/// The heatmap of the overlay, one entry per track (`None`: no heatmap).
fn heat(overlay: &Overlay, tracks: usize) -> Option<Vec<(Color32, String)>> {
    if overlay.route_colors.is_empty() {
        return None;
    }
    Some(
        (0..tracks)
            .map(|i| {
                (
                    overlay
                        .route_colors
                        .get(&i)
                        .copied()
                        .unwrap_or(Color32::from_gray(150)),
                    overlay.route_notes.get(&i).cloned().unwrap_or_default(),
                )
            })
            .collect(),
    )
}

impl StationEditor {
    /// The tools and the map; returns a status message.
    pub fn map_ui(&mut self, ui: &mut Ui, input: MapInput<'_>) -> Option<String> {
        let MapInput {
            doc,
            report,
            overlay,
            read_only,
        } = input;
        self.follow(doc);
        let mut status = None;
        ui.horizontal_wrapped(|ui| {
            for t in Tool::ALL {
                let b = ui
                    .add_enabled(!read_only, Button::selectable(self.tool == t, t.label()))
                    .on_hover_text(t.hint());
                if b.clicked() {
                    self.tool = t;
                    self.track_start = None;
                }
            }
            ui.separator();
            let l = ui.label("Spaces of a new track");
            ui.add(DragValue::new(&mut self.new_spaces).range(1..=edit::MAX_SPACES))
                .labelled_by(l.id);
            ui.separator();
            let delete = ui
                .add_enabled(
                    !read_only && self.selected.is_some(),
                    Button::new("Delete selected"),
                )
                .on_hover_text("Delete or Backspace");
            if delete.clicked()
                && let Some(p) = self.selected.take()
            {
                doc.edit("Delete", |d| edit::delete(d, &[p]));
                status = Some("Deleted.".to_owned());
            }
        });
        let rect = ui.available_rect_before_wrap();
        let response = ui.allocate_rect(rect, Sense::click_and_drag());
        response.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Image, true, "Station map editor")
        });
        let committed = MapModel::of_file(&doc.design);
        let fit = fit(&doc.design, rect);
        let model = match self.canvas.drag {
            Some(d) => {
                let mut preview = doc.design.clone();
                edit::move_place(&mut preview, d.part, point(d.to));
                MapModel::of_file(&preview)
            }
            None => committed,
        };
        let l = station_map::layout(&model, &fit);
        let pointer = response.hover_pos();
        let hovered = pointer.and_then(|p| station_map::part_at(&l, p));

        let mut rings: Vec<(Part, Color32)> = super::problems::marks(report)
            .into_iter()
            .map(|(p, m)| {
                let c = match m {
                    Mark::Error => Color32::from_rgb(220, 40, 40),
                    Mark::Warning => Color32::from_rgb(230, 160, 0),
                };
                (p, c)
            })
            .collect();
        rings.extend(hovered.filter(|_| !read_only).map(|p| (p, HOVERED)));
        rings.extend(self.track_start.map(|p| (p, STARTED)));
        rings.extend(self.selected.map(|p| (p, SELECTED)));
        let look = Look {
            track_heat: heat(overlay, model.tracks.len()),
            rings,
            ..Look::default()
        };
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, Color32::from_gray(200));
        let board = area(&doc.design, &model);
        painter.rect_filled(
            Rect::from_two_pos(fit.at(board.min), fit.at(board.max)),
            4.0,
            station_map::PAPER,
        );
        station_map::paint(&painter, &model, &l, &look);
        if let Some(p) = &overlay.proposal {
            let visible = Rect::from_two_pos(fit.design_at(rect.min), fit.design_at(rect.max));
            let to_screen = |q: Pos2| fit.at(q);
            paint_proposal(&painter, visible, &to_screen, l.station_radius, p);
        }
        if let (Some(Part::Track(i)), Some(p)) = (hovered, pointer)
            && let Some(t) = doc.design.tracks.get(i)
        {
            painter.text(
                p + vec2(12.0, -12.0),
                egui::Align2::LEFT_BOTTOM,
                format!(
                    "{} ({})",
                    t.display_name(),
                    engine::words::count(t.spaces, "space")
                ),
                egui::FontId::proportional(12.0),
                Color32::BLACK,
            );
        }
        if read_only {
            return status;
        }

        if response.drag_started()
            && self.tool == Tool::Select
            && let Some(origin) = ui.input(|i| i.pointer.press_origin())
            && let Some(part @ (Part::Station(_) | Part::Junction(_))) =
                station_map::part_at(&l, origin)
            && let Some(at) = committed_pos(&doc.design, part)
        {
            let grab = at - fit.design_at(origin);
            self.selected = Some(part);
            self.canvas.drag = Some(Drag { part, grab, to: at });
        }
        if let Some(d) = &mut self.canvas.drag
            && let Some(p) = response.interact_pointer_pos()
        {
            d.to = fit.design_at(p) + d.grab;
        }
        if response.drag_stopped()
            && let Some(d) = self.canvas.drag.take()
        {
            let what = match d.part {
                Part::Station(_) => "Move station",
                _ => "Move junction",
            };
            doc.edit(what, |f| edit::move_place(f, d.part, point(d.to)));
            status = Some(format!("{what}."));
        }
        if response.clicked()
            && let Some(p) = response.interact_pointer_pos()
        {
            status = self.click(doc, station_map::part_at(&l, p), point(fit.design_at(p)));
        }
        status
    }

    /// A click on `part` (or on empty space at `at`) with the active tool.
    fn click(&mut self, doc: &mut Document, part: Option<Part>, at: Point) -> Option<String> {
        match (self.tool, part) {
            (Tool::Select, p) => {
                self.selected = p;
                None
            }
            (Tool::Station, None) => {
                let i = doc.edit("Add station", |d| edit::add_station(d, at));
                self.selected = Some(Part::Station(i));
                Some(format!("Added {}.", doc.design.stations[i].name))
            }
            (Tool::Junction, None) => {
                let i = doc.edit("Add junction", |d| edit::add_junction(d, at));
                self.selected = Some(Part::Junction(i));
                Some(format!("Added {}.", doc.design.junctions[i].name))
            }
            (Tool::Station | Tool::Junction, p) => {
                self.selected = p;
                None
            }
            (Tool::Track, Some(end @ (Part::Station(_) | Part::Junction(_)))) => {
                let Some(start) = self.track_start.take() else {
                    self.track_start = Some(end);
                    return Some("Now click the other end of the track.".into());
                };
                let mut trial = doc.design.clone();
                match edit::add_track(&mut trial, start, end, self.new_spaces) {
                    Ok(i) => {
                        doc.edit("Draw track", |d| *d = trial);
                        self.selected = Some(Part::Track(i));
                        Some(format!("Drew {}.", doc.design.tracks[i].display_name()))
                    }
                    Err(e) => Some(format!("No track: {e}.")),
                }
            }
            (Tool::Track, _) => {
                self.track_start = None;
                Some("Click a station or junction to start a track.".into())
            }
        }
    }
}

/// A screen-free design point.
fn point(p: Pos2) -> Point {
    Point { x: p.x, y: p.y }
}

/// Where a station or junction is in the file.
fn committed_pos(design: &GameFile, part: Part) -> Option<Pos2> {
    match part {
        Part::Station(i) => design.stations.get(i).map(|s| pos2(s.x, s.y)),
        Part::Junction(i) => design.junctions.get(i).map(|j| pos2(j.x, j.y)),
        Part::Track(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_overlay_colours_every_track_and_no_overlay_shows_the_spaces() {
        assert!(heat(&Overlay::default(), 3).is_none());
        let mut o = Overlay::default();
        o.route_colors.insert(1, Color32::RED);
        o.route_notes.insert(1, "2.5".into());
        let h = heat(&o, 3).expect("a heatmap");
        assert_eq!(h.len(), 3);
        assert_eq!(h[1], (Color32::RED, "2.5".to_owned()));
        assert_eq!(h[0].1, "", "a track the run did not see has no figure");
    }

    #[test]
    fn the_view_fits_the_printed_board() {
        let design: GameFile =
            serde_yaml::from_str("name: t\nfamily: dice\nboard: {width: 800, height: 400}\n")
                .unwrap();
        let rect = Rect::from_min_size(pos2(100.0, 0.0), vec2(880.0, 480.0));
        let f = fit(&design, rect);
        assert!(f.at(pos2(0.0, 0.0)).distance(pos2(124.0, 32.0)) < 0.01);
        assert!(f.at(pos2(800.0, 400.0)).distance(pos2(956.0, 448.0)) < 0.01);
    }
}
