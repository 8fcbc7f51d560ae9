//! The map canvas: pan and zoom, the editing tools, hit-testing, and painting
//! (see [`paint`]). It edits the document through [`crate::app::edit`] and
//! takes overlays from whoever hosts it (ticket picking, playtest heatmaps).

pub mod colors;
pub mod geometry;
pub mod index;
pub mod paint;
pub mod view;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use egui::{
    Align2, Color32, FontId, Key, PointerButton, Pos2, Rect, Role, Sense, Ui, Vec2, WidgetInfo,
    pos2, vec2,
};
use formats::{Point, RegionKind};

use super::analysis;
use super::document::Document;
use super::edit;
use super::selection::{Obj, Selection};
use colors::Palette;
use geometry::{CITY_RADIUS, Geometry, polyline_distance};
use paint::{BackgroundImage, Mark, Overlay, Scene};
use view::View;

/// The editing tools. Their keys are in [`crate::app::command::UICommand`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tool {
    /// Click, Shift-click, box select, drag to move.
    Select,
    /// Click to add a city.
    AddCity,
    /// Drag from city to city.
    AddRoute,
    /// Click two cities.
    AddTicket,
    /// Click a route to bend it; drag bend points.
    Bend,
    /// Click the corners of a terrain region.
    Region,
}

impl Tool {
    /// Every tool, in toolbar order.
    pub const ALL: [Tool; 6] = [
        Tool::Select,
        Tool::AddCity,
        Tool::AddRoute,
        Tool::AddTicket,
        Tool::Bend,
        Tool::Region,
    ];

    /// The toolbar label.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::AddCity => "Add city",
            Tool::AddRoute => "Add route",
            Tool::AddTicket => "Add ticket",
            Tool::Bend => "Bend route",
            Tool::Region => "Draw region",
        }
    }

    /// A one-line hint for the status bar.
    pub fn hint(self) -> &'static str {
        match self {
            Tool::Select => {
                "Click or Shift-click to select, drag to move or box-select, arrows nudge."
            }
            Tool::AddCity => "Click to place a city; type its name at once in the inspector.",
            Tool::AddRoute => "Drag from one city to another; the length follows the distance.",
            Tool::AddTicket => {
                "Click two cities; points come from the shortest path, shown lit meanwhile."
            }
            Tool::Bend => {
                "Click a route to add a bend point; drag bend points; right-click one to remove it."
            }
            Tool::Region => {
                "Click the corners of a region; click the first corner or press Enter to close it."
            }
        }
    }
}

/// A pointer gesture in progress.
#[derive(Clone, Debug, Default, PartialEq)]
enum Gesture {
    #[default]
    Idle,
    Pan,
    Move {
        cities: Vec<usize>,
    },
    MoveBend {
        route: usize,
        bend: usize,
    },
    Box {
        start: Pos2,
    },
    Route {
        from: usize,
    },
    Background,
}

/// A tracing image as uploaded.
struct BackgroundCache {
    key: PathBuf,
    texture: Option<egui::TextureHandle>,
    size: Vec2,
    error: Option<String>,
}

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
        if matches!(
            self.gesture,
            Gesture::Move { .. } | Gesture::MoveBend { .. } | Gesture::Background
        ) {
            doc.revert_uncommitted();
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

    /// The object at a screen point: cities first, then routes, then region edges.
    pub fn hit(&self, at: Pos2) -> Option<Obj> {
        let g = self.geometry.as_ref()?;
        let p = self.view.to_board(at);
        let slop = 4.0 / self.view.scale;
        let city_r = CITY_RADIUS + slop;
        let near = Rect::from_center_size(p, Vec2::splat(2.0 * city_r));
        let city = g
            .city_index
            .query(near)
            .into_iter()
            .filter_map(|i| Some((i, g.cities.get(i)?.distance(p))))
            .filter(|(_, d)| *d <= city_r)
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((i, _)) = city {
            return Some(Obj::City(i));
        }
        let route_r = g.half_width * 1.3 + slop;
        let near = Rect::from_center_size(p, Vec2::splat(2.0 * route_r));
        let route = g
            .route_index
            .query(near)
            .into_iter()
            .filter_map(|i| Some((i, polyline_distance(&g.routes.get(i)?.line, p))))
            .filter(|(_, d)| *d <= route_r)
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((i, _)) = route {
            return Some(Obj::Route(i));
        }
        g.regions
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, r)| r.bbox.expand(slop).contains(p))
            .find(|(_, r)| {
                let mut closed = r.outline.clone();
                closed.extend(r.outline.first().copied());
                polyline_distance(&closed, p) <= slop * 1.5
            })
            .map(|(i, _)| Obj::Region(i))
    }

    /// The bend point at a screen point, on a selected route (or any, with
    /// the bend tool).
    fn hit_bend(&self, doc: &Document, selection: &Selection, at: Pos2) -> Option<(usize, usize)> {
        let p = self.view.to_board(at);
        let slop = 6.0 / self.view.scale;
        doc.design.routes.iter().enumerate().find_map(|(i, r)| {
            if self.tool != Tool::Bend && !selection.contains(Obj::Route(i)) {
                return None;
            }
            r.bends
                .0
                .iter()
                .position(|b| pos2(b.x, b.y).distance(p) <= slop)
                .map(|k| (i, k))
        })
    }

    fn snap_point(&self, p: Point) -> Point {
        edit::snap(p, self.snap.then_some(self.grid_step))
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
                self.view.fit(g.bounds);
            }
            self.fit_pending = false;
        }
        if self.palette.0 != doc.generation() {
            self.palette = (doc.generation(), Palette::of(&doc.design));
        }

        let pointer = response.hover_pos();
        let keys_free = !ui.ctx().egui_wants_keyboard_input();
        let space = keys_free && ui.input(|i| i.key_down(Key::Space));
        let shift = ui.input(|i| i.modifiers.shift);
        let alt = ui.input(|i| i.modifiers.alt);

        // Zoom at the pointer: wheel, pinch, Ctrl+wheel.
        if let Some(at) = pointer {
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

        self.hover = pointer.and_then(|p| self.hit(p));
        let primary_tool = !space && self.gesture != Gesture::Pan;

        if self.read_only {
            if primary_tool && response.clicked_by(PointerButton::Primary) {
                out.clicked = response.interact_pointer_pos().and_then(|p| self.hit(p));
            }
        } else if primary_tool {
            self.handle_tool(ui, &response, doc, selection, shift, alt, &mut out);
        }

        if self.tool == Tool::AddTicket && !self.read_only {
            self.update_ticket_preview(doc);
        } else {
            self.ticket_preview = None;
        }

        let painter = ui.painter_at(rect);
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

    #[allow(clippy::too_many_arguments)] // one frame's input, passed along as it came
    fn handle_tool(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        doc: &mut Document,
        selection: &mut Selection,
        shift: bool,
        alt: bool,
        out: &mut CanvasOutput,
    ) {
        let press = ui.input(|i| i.pointer.press_origin());
        let at = response
            .hover_pos()
            .or(self.last_pointer)
            .or(response.interact_pointer_pos());
        if let Some(p) = response.hover_pos().or(response.interact_pointer_pos()) {
            self.last_pointer = Some(p);
        }
        let primary_click = response.clicked_by(PointerButton::Primary);

        if response.drag_started_by(PointerButton::Primary)
            && let Some(start) = press
        {
            let hit = self.hit(start);
            let bend = self.hit_bend(doc, selection, start);
            self.gesture = match (self.tool, hit, bend) {
                (Tool::Select | Tool::Bend, _, Some((route, bend))) => {
                    Gesture::MoveBend { route, bend }
                }
                (Tool::Select, Some(Obj::City(i)), _) => {
                    if !selection.contains(Obj::City(i)) {
                        if shift {
                            selection.add(Obj::City(i));
                        } else {
                            selection.select_only(Obj::City(i));
                        }
                    }
                    Gesture::Move {
                        cities: selection.cities(),
                    }
                }
                (Tool::Select, _, _)
                    if alt
                        && doc
                            .design
                            .terrain
                            .background
                            .as_ref()
                            .is_some_and(|b| !b.locked) =>
                {
                    Gesture::Background
                }
                (Tool::Select, _, _) => Gesture::Box { start },
                (Tool::AddRoute, Some(Obj::City(from)), _) => Gesture::Route { from },
                _ => Gesture::Idle,
            };
        }

        if response.dragged_by(PointerButton::Primary) {
            let d = response.drag_delta() / self.view.scale;
            let delta = Point { x: d.x, y: d.y };
            match &self.gesture {
                Gesture::Move { cities } if edit::move_cities(&mut doc.design, cities, delta) => {
                    doc.touch();
                }
                Gesture::MoveBend { route, bend } => {
                    if let Some(p) = doc
                        .design
                        .routes
                        .get_mut(*route)
                        .and_then(|r| r.bends.0.get_mut(*bend))
                    {
                        p.x += delta.x;
                        p.y += delta.y;
                        doc.touch();
                    }
                }
                Gesture::Background => {
                    if let Some(b) = doc.design.terrain.background.as_mut() {
                        b.x += delta.x;
                        b.y += delta.y;
                        doc.touch();
                    }
                }
                _ => {}
            }
        }

        if response.drag_stopped_by(PointerButton::Primary) {
            let gesture = std::mem::take(&mut self.gesture);
            match gesture {
                Gesture::Move { cities } => {
                    edit::settle_cities(
                        &mut doc.design,
                        &cities,
                        self.snap.then_some(self.grid_step),
                    );
                    doc.touch();
                    let label = if cities.len() == 1 {
                        "Move city"
                    } else {
                        "Move cities"
                    };
                    doc.commit(label, None);
                }
                Gesture::MoveBend { route, bend } => {
                    if let Some(p) = doc
                        .design
                        .routes
                        .get_mut(route)
                        .and_then(|r| r.bends.0.get_mut(bend))
                    {
                        *p = edit::snap(*p, self.snap.then_some(self.grid_step));
                    }
                    doc.commit("Move bend point", None);
                }
                Gesture::Background => doc.commit("Move background", None),
                Gesture::Box { start } => {
                    if let Some(end) = at {
                        self.box_select(selection, Rect::from_two_pos(start, end), shift);
                    }
                }
                Gesture::Route { from } => {
                    if let Some(Obj::City(to)) = at.and_then(|p| self.hit(p)) {
                        if let Some(r) = doc.edit("Add route", |d| edit::add_route(d, from, to)) {
                            selection.select_only(Obj::Route(r));
                            let len = doc.design.routes[r].length;
                            out.status = Some(format!(
                                "Added a route of {len} spaces; set its colour in the inspector."
                            ));
                        }
                    } else {
                        out.status = Some("A route must end on a city.".into());
                    }
                }
                Gesture::Idle | Gesture::Pan => {}
            }
        }

        if response.secondary_clicked()
            && let Some(p) = at
            && let Some((route, bend)) = self.hit_bend(doc, selection, p)
        {
            doc.edit("Remove bend point", |d| {
                if let Some(r) = d.routes.get_mut(route) {
                    r.bends.0.remove(bend);
                }
            });
            return;
        }

        if !primary_click {
            return;
        }
        let Some(p) = at else { return };
        let hit = self.hit(p);
        match self.tool {
            Tool::Select => match hit {
                Some(o) if shift => selection.toggle(o),
                Some(o) => selection.select_only(o),
                None if !shift => selection.clear(),
                None => {}
            },
            Tool::AddCity => {
                let pt = self.snap_point(self.view.to_point(p));
                let i = doc.edit("Add city", |d| edit::add_city(d, pt));
                selection.select_only(Obj::City(i));
                out.focus_name = true;
            }
            Tool::AddRoute => {
                out.status = Some("Drag from one city to another to add a route.".into());
            }
            Tool::AddTicket => {
                let Some(Obj::City(c)) = hit else {
                    out.status = Some("Click a city to start or finish the ticket.".into());
                    return;
                };
                match self.ticket_from {
                    None => self.ticket_from = Some(c),
                    Some(a) if a == c => self.ticket_from = None,
                    Some(a) => {
                        let names = doc.design.cities.get(a).zip(doc.design.cities.get(c));
                        let Some((from, to)) = names.map(|(x, y)| (x.name.clone(), y.name.clone()))
                        else {
                            self.ticket_from = None;
                            return;
                        };
                        let path =
                            analysis::shortest_path(&doc.design, doc.generation(), &from, &to);
                        let points = path.as_ref().map_or(1, analysis::suggested_points);
                        let t = doc.edit("Add ticket", |d| edit::add_ticket(d, &from, &to, points));
                        selection.select_only(Obj::Ticket(t));
                        self.ticket_from = None;
                        self.ticket_preview = None;
                        out.status = Some(match path {
                            Some(p) => format!(
                                "Added {from} - {to}: {points} points, the shortest path's {} spaces.",
                                p.spaces
                            ),
                            None => format!(
                                "Added {from} - {to}; no points suggested until the design validates without errors and the cities are connected."
                            ),
                        });
                    }
                }
            }
            Tool::Bend => {
                if let Some(Obj::Route(r)) = hit {
                    let pt = self.snap_point(self.view.to_point(p));
                    doc.edit("Add bend point", |d| edit::insert_bend(d, r, pt));
                    selection.select_only(Obj::Route(r));
                }
            }
            Tool::Region => {
                let pt = self.snap_point(self.view.to_point(p));
                let closes = self.region_points.len() >= 3
                    && self
                        .region_points
                        .first()
                        .is_some_and(|f| self.view.to_screen(pos2(f.x, f.y)).distance(p) < 8.0);
                if closes || (response.double_clicked() && self.region_points.len() >= 3) {
                    self.finish_region(doc, selection);
                } else {
                    self.region_points.push(pt);
                }
            }
        }
    }

    /// Closes the region being drawn (Enter, or a click on its first corner).
    pub fn finish_region(&mut self, doc: &mut Document, selection: &mut Selection) {
        let mut points = std::mem::take(&mut self.region_points);
        // A double click adds the same corner twice.
        points.dedup_by(|a, b| edit::dist(*a, *b) < 0.5);
        if points.len() < 3 {
            return;
        }
        let i = doc.edit("Draw region", |d| {
            edit::add_region(d, points, RegionKind::Land)
        });
        selection.select_only(Obj::Region(i));
    }

    fn box_select(&self, selection: &mut Selection, screen: Rect, add: bool) {
        let Some(g) = &self.geometry else { return };
        let r = Rect::from_two_pos(
            self.view.to_board(screen.min),
            self.view.to_board(screen.max),
        );
        let mut picked: Vec<Obj> = g
            .city_index
            .query(r)
            .into_iter()
            .filter(|&i| g.cities.get(i).is_some_and(|p| r.contains(*p)))
            .map(Obj::City)
            .collect();
        picked.extend(
            g.route_index
                .query(r)
                .into_iter()
                .filter(|&i| {
                    g.routes.get(i).is_some_and(|rg| {
                        !rg.line.is_empty() && rg.line.iter().all(|p| r.contains(*p))
                    })
                })
                .map(Obj::Route),
        );
        if !add {
            selection.clear();
        }
        for o in picked {
            selection.add(o);
        }
    }

    fn update_ticket_preview(&mut self, doc: &Document) {
        let (Some(a), Some(Obj::City(b))) = (self.ticket_from, self.hover) else {
            self.ticket_preview = None;
            return;
        };
        if a == b {
            self.ticket_preview = None;
            return;
        }
        let fresh = self
            .ticket_preview
            .as_ref()
            .is_some_and(|(x, y, gen_, _)| (*x, *y, *gen_) == (a, b, doc.generation()));
        if !fresh {
            let path = doc
                .design
                .cities
                .get(a)
                .zip(doc.design.cities.get(b))
                .and_then(|(x, y)| {
                    analysis::shortest_path(&doc.design, doc.generation(), &x.name, &y.name)
                });
            self.ticket_preview = Some((a, b, doc.generation(), path));
        }
    }

    fn paint_tool_feedback(
        &self,
        painter: &egui::Painter,
        doc: &Document,
        selection: &Selection,
        pointer: Option<Pos2>,
    ) {
        let v = &self.view;
        match &self.gesture {
            Gesture::Box { start } => {
                if let Some(end) = pointer {
                    let r = Rect::from_two_pos(*start, end);
                    painter.rect_filled(r, 0.0, Color32::from_rgba_unmultiplied(90, 170, 255, 40));
                    painter.rect_stroke(
                        r,
                        0.0,
                        egui::Stroke::new(1.0, colors::HOVER),
                        egui::StrokeKind::Inside,
                    );
                }
            }
            Gesture::Route { from } => {
                if let (Some(end), Some(c)) = (pointer, doc.design.cities.get(*from)) {
                    let a = v.to_screen(pos2(c.x, c.y));
                    paint::preview_line(painter, vec![a, end], false);
                    let dist = v.to_board(a).distance(v.to_board(end));
                    let len = edit::suggested_length(&doc.design, dist);
                    label(painter, end + vec2(12.0, -12.0), &format!("{len} spaces"));
                }
            }
            _ => {}
        }
        if !self.region_points.is_empty() {
            let mut pts: Vec<Pos2> = self
                .region_points
                .iter()
                .map(|p| v.to_screen(pos2(p.x, p.y)))
                .collect();
            for p in &pts {
                painter.circle_filled(*p, 4.0, colors::HOVER);
            }
            pts.extend(pointer);
            paint::preview_line(painter, pts, false);
        }
        if let Some((_, _, _, path)) = &self.ticket_preview
            && let Some(at) = pointer
        {
            let text = match path {
                Some(p) => format!("{} points (shortest path)", analysis::suggested_points(p)),
                None => "not connected (or the design has errors)".into(),
            };
            label(painter, at + vec2(14.0, 14.0), &text);
        }
        // Bend handles.
        for (i, r) in doc.design.routes.iter().enumerate() {
            if r.bends.is_empty() || (self.tool != Tool::Bend && !selection.contains(Obj::Route(i)))
            {
                continue;
            }
            for b in &r.bends.0 {
                let p = v.to_screen(pos2(b.x, b.y));
                if v.rect.contains(p) {
                    painter.circle(
                        p,
                        4.5,
                        Color32::WHITE,
                        egui::Stroke::new(1.5, colors::HOVER),
                    );
                }
            }
        }
    }

    fn paint_hover_label(
        &self,
        painter: &egui::Painter,
        doc: &Document,
        marks: &HashMap<Obj, Mark>,
        at: Pos2,
    ) {
        let Some(o) = self.hover else { return };
        let mut text = match o {
            Obj::Route(i) => doc.design.routes.get(i).map(|r| {
                let mut t = format!("{}, {} spaces", r.display_name(), r.length);
                if r.tunnel {
                    t.push_str(", tunnel");
                }
                if r.ferry > 0 {
                    t.push_str(&format!(", ferry ({} locomotives)", r.ferry));
                }
                t
            }),
            Obj::City(i) => doc.design.cities.get(i).map(|c| {
                let degree = doc
                    .design
                    .routes
                    .iter()
                    .filter(|r| r.from == c.name || r.to == c.name)
                    .count();
                format!("{} ({degree} routes)", c.name)
            }),
            other => Some(other.name(&doc.design)),
        }
        .unwrap_or_default();
        match marks.get(&o) {
            Some(Mark::Error) => text.push_str("  — has errors"),
            Some(Mark::Warning) => text.push_str("  — has warnings"),
            None => {}
        }
        label(painter, at + vec2(14.0, -18.0), &text);
    }

    fn background_image(&mut self, ctx: &egui::Context, doc: &Document) -> Option<BackgroundImage> {
        let bg = doc.design.terrain.background.as_ref()?;
        let dir = doc
            .path
            .as_deref()
            .and_then(Path::parent)
            .unwrap_or(Path::new("."));
        let key = dir.join(&bg.image);
        if self.background.as_ref().is_none_or(|c| c.key != key) {
            self.background = Some(load_background(ctx, key));
        }
        let cache = self.background.as_ref()?;
        let texture = cache.texture.as_ref()?;
        let min = pos2(bg.x, bg.y);
        Some(BackgroundImage {
            texture: texture.id(),
            rect: Rect::from_min_size(min, cache.size * bg.scale.max(1e-4)),
            opacity: bg.opacity,
        })
    }

    /// The shortest path lit while a ticket is being picked.
    pub fn ticket_path(&self) -> Option<&analysis::PathSummary> {
        self.ticket_preview.as_ref()?.3.as_ref()
    }

    /// Why the background image could not be shown, if it could not.
    pub fn background_error(&self) -> Option<&str> {
        self.background.as_ref()?.error.as_deref()
    }
}

fn load_background(ctx: &egui::Context, key: PathBuf) -> BackgroundCache {
    match image::open(&key) {
        Ok(img) => {
            let rgba = img.to_rgba8();
            let size = [rgba.width() as usize, rgba.height() as usize];
            let color = egui::ColorImage::from_rgba_unmultiplied(size, rgba.as_raw());
            let texture = ctx.load_texture("background", color, egui::TextureOptions::LINEAR);
            BackgroundCache {
                key,
                texture: Some(texture),
                size: vec2(size[0] as f32, size[1] as f32),
                error: None,
            }
        }
        Err(e) => BackgroundCache {
            error: Some(format!("cannot show {}: {e}", key.display())),
            key,
            texture: None,
            size: Vec2::ZERO,
        },
    }
}

fn label(painter: &egui::Painter, at: Pos2, text: &str) {
    if text.is_empty() {
        return;
    }
    let galley =
        painter.layout_no_wrap(text.to_owned(), FontId::proportional(13.0), Color32::WHITE);
    let r = Align2::LEFT_TOP.anchor_size(at, galley.size()).expand(4.0);
    painter.rect_filled(r, 4.0, Color32::from_black_alpha(200));
    painter.galley(r.min + vec2(4.0, 4.0), galley, Color32::WHITE);
}
