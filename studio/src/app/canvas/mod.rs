//! The map canvas: pan and zoom, the editing tools (`tools`, one file each),
//! hit-testing, labels, the background image, and painting (see [`paint`]).
//! It edits the document through [`crate::app::edit`] (drags too, as
//! [`crate::app::edit::Drag`]s) and takes overlays from whoever hosts it
//! (ticket picking, playtest heatmaps).

mod background;
mod hit;
mod labels;
pub mod paint;
mod scale;
mod tools;
pub mod view;

use std::collections::HashMap;

use egui::{Key, PointerButton, Pos2, Rect, Role, Sense, Ui, WidgetInfo};
use formats::Point;

use super::analysis;
use super::document::Document;
use super::edit;
use super::selection::{Obj, Selection};
use crate::drawing::colors::Palette;
use crate::drawing::geometry::{CITY_RADIUS, Geometry};
use background::BackgroundCache;
use paint::{Mark, Overlay, Scene};
use tools::Gesture;
pub use tools::Tool;
use view::View;

/// What the canvas asks its host to do after a frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CanvasOutput {
    /// A city was just added: focus its name in the inspector.
    pub focus_name: bool,
    /// A message for the status bar.
    pub status: Option<String>,
    /// The object clicked on a read-only map (a game claims routes so).
    pub clicked: Option<Obj>,
}

/// What the canvas works on, lent by the studio for one frame.
pub struct CanvasInput<'a> {
    /// The document.
    pub doc: &'a mut Document,
    /// The selection.
    pub selection: &'a mut Selection,
    /// Objects with problems.
    pub marks: &'a HashMap<Obj, Mark>,
}

/// The map canvas.
pub struct Canvas {
    /// What is shown, how big.
    pub view: View,
    /// The active tool.
    pub tool: Tool,
    /// Draw the grid.
    pub show_grid: bool,
    /// Snap new and moved cities to the grid.
    pub snap: bool,
    /// Grid spacing in millimetres.
    pub grid_step: f32,
    /// Overlays from other windows (heatmaps, lit paths).
    pub overlay: Overlay,
    /// The object under the pointer.
    pub hover: Option<Obj>,
    /// The first city of a ticket being picked.
    pub ticket_from: Option<usize>,
    /// The corners of a region being drawn.
    pub region_points: Vec<Point>,
    /// A game is shown: no tool edits the map; clicks are reported in
    /// [`CanvasOutput::clicked`]. Pan, zoom and hover still work.
    pub read_only: bool,
    geometry: Option<Geometry>,
    palette: (u64, Palette),
    gesture: Gesture,
    fit_pending: bool,
    ticket_preview: Option<(usize, usize, u64, Option<analysis::PathSummary>)>,
    background: Option<BackgroundCache>,
    /// Where the pointer was last seen over the canvas (a release may come
    /// with the pointer already gone).
    last_pointer: Option<Pos2>,
}

impl Default for Canvas {
    fn default() -> Self {
        Canvas {
            view: View::default(),
            tool: Tool::Select,
            show_grid: false,
            snap: false,
            grid_step: 10.0,
            overlay: Overlay::default(),
            hover: None,
            ticket_from: None,
            region_points: Vec::new(),
            read_only: false,
            geometry: None,
            palette: (u64::MAX, Palette::default()),
            gesture: Gesture::Idle,
            fit_pending: true,
            ticket_preview: None,
            background: None,
            last_pointer: None,
        }
    }
}

impl Canvas {
    /// Zooms to show the whole design at the next frame.
    pub fn zoom_to_fit(&mut self) {
        self.fit_pending = true;
    }

    /// Zooms by `factor` about the middle of the map (View → Zoom in/out,
    /// `+` and `−`).
    pub fn zoom_by(&mut self, factor: f32) {
        self.view.zoom_at(self.view.rect.center(), factor);
    }

    /// Shows the map at its printed size: a millimetre of board is a
    /// millimetre of a 96 dots-per-inch screen at the normal interface size.
    pub fn zoom_actual(&mut self) {
        const REAL: f32 = 96.0 / 25.4;
        if self.view.scale > 0.0 {
            self.zoom_by(REAL / self.view.scale);
        }
    }

    /// Forgets cached layout (a new document).
    pub fn reset(&mut self) {
        self.geometry = None;
        self.palette.0 = u64::MAX;
        self.gesture = Gesture::Idle;
        self.ticket_from = None;
        self.region_points.clear();
        self.ticket_preview = None;
        self.background = None;
        self.fit_pending = true;
    }

    /// Is a half-finished action in progress?
    pub fn busy(&self) -> bool {
        self.gesture != Gesture::Idle
            || self.ticket_from.is_some()
            || !self.region_points.is_empty()
    }

    /// Cancels a half-finished action; returns whether there was one.
    pub fn cancel(&mut self, doc: &mut Document) -> bool {
        let was = self.busy();
        if matches!(self.gesture, Gesture::Edit(_)) {
            doc.cancel_drag();
        }
        self.gesture = Gesture::Idle;
        self.ticket_from = None;
        self.region_points.clear();
        self.ticket_preview = None;
        was
    }

    /// Picks a tool, cancelling what the previous one had half done.
    pub fn set_tool(&mut self, tool: Tool, doc: &mut Document) {
        if tool != self.tool {
            self.cancel(doc);
            self.tool = tool;
        }
    }

    /// The layout of the design, rebuilt when it changed.
    pub fn geometry(&mut self, doc: &Document) -> &Geometry {
        let stale = self
            .geometry
            .as_ref()
            .is_none_or(|g| g.generation != doc.generation());
        if stale {
            self.geometry = Some(Geometry::build(&doc.design, doc.generation()));
        }
        self.geometry
            .get_or_insert_with(|| Geometry::build(&doc.design, doc.generation()))
    }

    /// Brings objects into view.
    pub fn reveal(&mut self, doc: &Document, objs: &[Obj]) {
        let g = self.geometry(doc);
        let mut r = Rect::NOTHING;
        for o in objs {
            match *o {
                Obj::City(i) => {
                    if let Some(p) = g.cities.get(i) {
                        r.extend_with(*p);
                    }
                }
                Obj::Route(i) => {
                    if let Some(rg) = g.routes.get(i).filter(|rg| !rg.line.is_empty()) {
                        r = r.union(rg.bbox);
                    }
                }
                Obj::Region(i) => {
                    if let Some(rg) = g.regions.get(i).filter(|rg| rg.bbox.is_finite()) {
                        r = r.union(rg.bbox);
                    }
                }
                Obj::Ticket(i) => {
                    if let Some(t) = doc.design.tickets.get(i) {
                        for end in [&t.from, &t.to] {
                            if let Some(c) = doc.design.cities.iter().position(|c| c.name == *end) {
                                r.extend_with(g.cities[c]);
                            }
                        }
                    }
                }
            }
        }
        if r.is_finite() && !r.is_negative() {
            self.view.reveal(r.expand(CITY_RADIUS * 3.0));
        }
    }

    /// The grid new and moved points snap to, when snapping is on.
    fn grid(&self) -> Option<f32> {
        self.snap.then_some(self.grid_step)
    }

    /// A board point rounded to 0.1 mm, or snapped to the grid.
    fn snap_point(&self, p: Point) -> Point {
        edit::snap(p, self.grid())
    }

    /// Shows the canvas and handles the pointer.
    pub fn ui(&mut self, ui: &mut Ui, input: CanvasInput<'_>) -> CanvasOutput {
        let CanvasInput {
            doc,
            selection,
            marks,
        } = input;
        let mut out = CanvasOutput::default();
        let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
        response.widget_info(|| WidgetInfo::labeled(Role::Canvas, true, "Map canvas"));
        self.view.rect = rect;
        self.geometry(doc);
        if self.fit_pending && rect.width() > 1.0 {
            if let Some(g) = &self.geometry {
                // The whole board and whatever lies outside it.
                let board = paint::board_rect(&doc.design).unwrap_or(Rect::NOTHING);
                self.view.fit(g.bounds.union(board));
            }
            self.fit_pending = false;
        }
        if self.palette.0 != doc.generation() {
            self.palette = (doc.generation(), Palette::of(&doc.design));
        }

        let pointer = response.hover_pos();
        let keys_free = !ui.ctx().egui_wants_keyboard_input();
        let space = keys_free && ui.input(|i| i.key_down(Key::Space));
        self.navigate(ui, &response, space);

        self.hover = pointer.and_then(|p| self.hit(p));
        let primary_tool = !space && self.gesture != Gesture::Pan;

        if self.read_only {
            if primary_tool && response.clicked_by(PointerButton::Primary) {
                out.clicked = response.interact_pointer_pos().and_then(|p| self.hit(p));
            }
        } else if primary_tool {
            self.handle_tool(ui, &response, doc, selection, &mut out);
        }

        if self.tool == Tool::AddTicket && !self.read_only {
            self.update_ticket_preview(doc);
        } else {
            self.ticket_preview = None;
        }

        let painter = ui.painter_at(rect);
        let overlay = self.frame_overlay(doc, selection);
        let background = self.background_image(ui.ctx(), doc);
        let grid = self.show_grid.then_some(self.grid_step);
        if let Some(g) = &self.geometry {
            paint::paint(
                &painter,
                &Scene {
                    design: &doc.design,
                    geometry: g,
                    view: &self.view,
                    palette: &self.palette.1,
                    selection,
                    hover: self.hover,
                    marks,
                    overlay: &overlay,
                    grid,
                    background,
                },
            );
        }
        self.paint_tool_feedback(&painter, doc, selection, pointer);
        scale::ruler(ui, &painter, &self.view, &doc.design);
        let noted = self.hover.is_some_and(|o| self.overlay.has_note(o));
        if let Some(at) = pointer.filter(|_| self.gesture == Gesture::Idle && !noted) {
            self.paint_hover_label(&painter, doc, marks, at);
        }
        if response.hovered()
            && (self.gesture != Gesture::Idle || ui.input(|i| i.pointer.is_moving()))
        {
            ui.ctx().request_repaint();
        }
        out
    }

    /// Zoom at the pointer (wheel, pinch, Ctrl+wheel) and pan (middle button,
    /// or Space + drag).
    fn navigate(&mut self, ui: &Ui, response: &egui::Response, space: bool) {
        // Zoom at the pointer: wheel, pinch, Ctrl+wheel.
        if let Some(at) = response.hover_pos() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta().y, i.zoom_delta()));
            let factor = (scroll * 0.0025).exp() * zoom;
            if (factor - 1.0).abs() > 1e-4 {
                self.view.zoom_at(at, factor);
            }
        }
        // Pan: middle button, or Space + drag.
        if response.dragged_by(PointerButton::Middle)
            || (space && response.dragged_by(PointerButton::Primary))
        {
            self.view.pan(response.drag_delta());
            if response.drag_started() {
                self.gesture = Gesture::Pan;
            }
        }
        if self.gesture == Gesture::Pan && !response.dragged() {
            self.gesture = Gesture::Idle;
        }
    }

    /// The host's overlay with what the canvas lights itself: the first city
    /// of a ticket being picked, the paths of a few selected tickets, and the
    /// path of the ticket being picked.
    fn frame_overlay(&self, doc: &Document, selection: &Selection) -> Overlay {
        let mut overlay = self.overlay.clone();
        if let Some(from) = self.ticket_from {
            overlay.lit_cities.insert(from);
        }
        let tickets = selection.tickets();
        if tickets.len() <= 8 && !self.read_only {
            for t in tickets.iter().filter_map(|&t| doc.design.tickets.get(t)) {
                if let Some(p) =
                    analysis::shortest_path(&doc.design, doc.generation(), &t.from, &t.to)
                {
                    overlay.lit_routes.extend(p.routes);
                    overlay.lit_cities.extend(p.cities);
                }
            }
        }
        if let Some((_, _, _, Some(path))) = &self.ticket_preview {
            overlay.lit_routes.extend(path.routes.iter().copied());
            overlay.lit_cities.extend(path.cities.iter().copied());
        }
        overlay
    }

    /// The shortest path lit while a ticket is being picked.
    pub fn ticket_path(&self) -> Option<&analysis::PathSummary> {
        self.ticket_preview.as_ref()?.3.as_ref()
    }
}
