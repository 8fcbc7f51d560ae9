//! Painting the board as a designer knows it: terrain behind, routes as rows of
//! car spaces in their colour, tunnels with a heavy border, ferry spaces with a
//! locomotive, cities as dots with names; then highlights for the selection,
//! hover, problems and overlays. Car spaces of all routes go into one mesh, and
//! only what is on screen is drawn, so big designs stay smooth.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use egui::epaint::{Mesh, PathStroke};
use egui::{
    Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, TextureId, Vec2, pos2, vec2,
};
use formats::GameFile;

use super::view::View;
use crate::app::selection::{Obj, Selection};
use crate::drawing::colors::{self, Palette};
use crate::drawing::geometry::{CITY_RADIUS, Geometry, Space};

/// How serious the problems of a marked object are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// At least one error.
    Error,
    /// Warnings only.
    Warning,
}

impl Mark {
    /// The mark of a diagnostic of `severity` (none for information).
    pub fn of(severity: engine::Severity) -> Option<Mark> {
        match severity {
            engine::Severity::Error => Some(Mark::Error),
            engine::Severity::Warning => Some(Mark::Warning),
            engine::Severity::Info => None,
        }
    }
}

/// Extra information drawn over the board: lit cities and routes (a ticket's
/// path while picking it), per-route colours and weights and per-city heat (a
/// heatmap from simulations), crossed-out routes, and notes shown next to the
/// hovered route or city. Playtest windows fill it in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overlay {
    /// Routes drawn in this colour instead of their own.
    pub route_colors: HashMap<usize, Color32>,
    /// Routes drawn wider by this factor (1 = normal).
    pub route_weights: HashMap<usize, f32>,
    /// Routes drawn lit.
    pub lit_routes: HashSet<usize>,
    /// Cities drawn lit.
    pub lit_cities: HashSet<usize>,
    /// Cities drawn on a disc of this colour (city heat).
    pub city_colors: HashMap<usize, Color32>,
    /// Routes marked with a cross at their middle (never claimed).
    pub crossed_routes: HashSet<usize>,
    /// A note shown next to a route while the pointer is on it.
    pub route_notes: HashMap<usize, String>,
    /// A note shown next to a city while the pointer is on it.
    pub city_notes: HashMap<usize, String>,
    /// A proposed drawing of the board (Fit layout), drawn over the current one.
    pub proposal: Option<Arc<ProposedDrawing>>,
}

/// A proposed drawing of the board, in board millimetres: its car spaces
/// (outlined over the current ones), its city markers, and an arrow from
/// where each moved city is to where it would go.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProposedDrawing {
    /// Each moved city: (now, proposed).
    pub moves: Vec<(Pos2, Pos2)>,
    /// The corners of every proposed car space.
    pub spaces: Vec<[Pos2; 4]>,
    /// Every proposed city marker's centre.
    pub cities: Vec<Pos2>,
}

/// The colour of a proposed drawing.
pub const PROPOSED: Color32 = Color32::from_rgb(150, 40, 210);

impl Overlay {
    /// Does the overlay carry a note on `obj`? The note then stands in for
    /// the canvas's own hover label, so the two never overlap.
    pub fn has_note(&self, obj: Obj) -> bool {
        match obj {
            Obj::Route(i) => self.route_notes.contains_key(&i),
            Obj::City(i) => self.city_notes.contains_key(&i),
            _ => false,
        }
    }

    /// Nothing to draw?
    pub fn is_empty(&self) -> bool {
        self.route_colors.is_empty()
            && self.route_weights.is_empty()
            && self.lit_routes.is_empty()
            && self.lit_cities.is_empty()
            && self.city_colors.is_empty()
            && self.crossed_routes.is_empty()
            && self.route_notes.is_empty()
            && self.city_notes.is_empty()
            && self.proposal.is_none()
    }
}

/// A background image placed on the board.
#[derive(Clone, Copy, Debug)]
pub struct BackgroundImage {
    /// The uploaded texture.
    pub texture: TextureId,
    /// Where it lies, in board millimetres.
    pub rect: Rect,
    /// 0 to 1.
    pub opacity: f32,
}

/// Everything one paint pass needs.
pub struct Scene<'a> {
    /// The design.
    pub design: &'a GameFile,
    /// Its layout.
    pub geometry: &'a Geometry,
    /// The view.
    pub view: &'a View,
    /// Route colours.
    pub palette: &'a Palette,
    /// The selection.
    pub selection: &'a Selection,
    /// The object under the pointer.
    pub hover: Option<Obj>,
    /// Objects with problems.
    pub marks: &'a HashMap<Obj, Mark>,
    /// Lit objects, heatmaps.
    pub overlay: &'a Overlay,
    /// Grid spacing in millimetres, when the grid is shown.
    pub grid: Option<f32>,
    /// The tracing image.
    pub background: Option<BackgroundImage>,
}

/// The soft halo around a selected city.
const SELECTED_HALO: Color32 = Color32::from_rgba_premultiplied(120, 94, 0, 110);

/// Below this many screen points per car space, a route is one line.
const SPACES_MIN_PX: f32 = 4.0;
/// City names are drawn only when a city dot is at least this wide on screen…
const LABEL_MIN_DOT_PX: f32 = 5.0;
/// …and at most this many cities are on screen.
const LABEL_MAX_COUNT: usize = 700;

fn quad(mesh: &mut Mesh, c: [Pos2; 4], color: Color32) {
    let i = mesh.vertices.len() as u32;
    for p in c {
        mesh.colored_vertex(p, color);
    }
    mesh.add_triangle(i, i + 1, i + 2);
    mesh.add_triangle(i, i + 2, i + 3);
}

fn segment_quad(mesh: &mut Mesh, a: Pos2, b: Pos2, half_w: f32, color: Color32) {
    let d = (b - a).normalized();
    if !d.is_finite() {
        return;
    }
    let n = vec2(-d.y, d.x) * half_w;
    let e = d * half_w * 0.5;
    quad(mesh, [a - e - n, b + e - n, b + e + n, a - e + n], color);
}

/// Paints the scene into `painter`.
pub fn paint(painter: &Painter, s: &Scene<'_>) {
    let v = s.view;
    let visible = v
        .visible()
        .expand(s.geometry.half_width * 2.0 + CITY_RADIUS);
    match board_rect(s.design) {
        Some(board) => {
            // The table around the board darker, the board's paper as
            // before, and its edge, so a design shows where it ends.
            painter.rect_filled(v.rect, 0.0, Color32::from_rgb(196, 190, 176));
            let r = Rect::from_min_max(v.to_screen(board.min), v.to_screen(board.max));
            painter.rect_filled(r, 0.0, Color32::from_rgb(222, 216, 200));
            painter.rect_stroke(
                r,
                0.0,
                Stroke::new(1.5, Color32::from_rgb(90, 80, 60)),
                egui::StrokeKind::Outside,
            );
        }
        None => {
            painter.rect_filled(v.rect, 0.0, Color32::from_rgb(222, 216, 200));
        }
    }

    if let Some(bg) = s.background {
        let r = Rect::from_min_max(v.to_screen(bg.rect.min), v.to_screen(bg.rect.max));
        let tint = Color32::WHITE.gamma_multiply(bg.opacity.clamp(0.0, 1.0));
        painter.image(
            bg.texture,
            r,
            Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
            tint,
        );
    }
    paint_regions(painter, s, visible);
    if let Some(step) = s.grid {
        paint_grid(painter, v, step);
    }
    paint_routes(painter, s, visible);
    paint_cities(painter, s, visible);
    if let Some(p) = &s.overlay.proposal {
        let r = (CITY_RADIUS * v.scale).max(3.0);
        paint_proposal(painter, v.visible(), &|p| v.to_screen(p), r, p);
    }
    paint_note(painter, s);
}

/// A proposed drawing over the current one: its car spaces outlined, its
/// markers as rings of radius `r` (points), arrows from the places now to
/// theirs. `visible` is the part of the map on screen (millimetres),
/// `to_screen` where a millimetre point is drawn.
pub fn paint_proposal(
    painter: &Painter,
    visible: Rect,
    to_screen: &dyn Fn(Pos2) -> Pos2,
    r: f32,
    p: &ProposedDrawing,
) {
    let stroke = Stroke::new(1.6, PROPOSED);
    for corners in &p.spaces {
        if corners.iter().any(|c| visible.contains(*c)) {
            let pts = corners.iter().map(|c| to_screen(*c)).collect();
            painter.add(Shape::closed_line(pts, stroke));
        }
    }
    for c in p.cities.iter().filter(|c| visible.contains(**c)) {
        painter.circle_stroke(to_screen(*c), r, Stroke::new(2.0, PROPOSED));
    }
    for (from, to) in &p.moves {
        let (a, b) = (to_screen(*from), to_screen(*to));
        painter.arrow(a, b - a, Stroke::new(2.0, PROPOSED.gamma_multiply(0.8)));
    }
}

fn paint_regions(painter: &Painter, s: &Scene<'_>, visible: Rect) {
    let v = s.view;
    let mut mesh = Mesh::default();
    let mut outlines = Vec::new();
    for (i, r) in s.geometry.regions.iter().enumerate() {
        if !r.bbox.intersects(visible) || r.outline.len() < 3 {
            continue;
        }
        let base = mesh.vertices.len() as u32;
        let fill = colors::region(r.kind);
        for p in &r.outline {
            mesh.colored_vertex(v.to_screen(*p), fill);
        }
        mesh.indices.extend(r.triangles.iter().map(|t| base + t));
        let obj = Obj::Region(i);
        let stroke = if s.selection.contains(obj) {
            Stroke::new(3.0, colors::SELECTED)
        } else if s.hover == Some(obj) {
            Stroke::new(2.0, colors::HOVER)
        } else if let Some(m) = s.marks.get(&obj) {
            Stroke::new(2.0, mark_color(*m))
        } else {
            Stroke::new(1.0, fill.gamma_multiply(0.75))
        };
        outlines.push(Shape::closed_line(
            r.outline.iter().map(|p| v.to_screen(*p)).collect(),
            stroke,
        ));
    }
    painter.add(Shape::mesh(mesh));
    painter.extend(outlines);

    let tint = Color32::from_rgba_unmultiplied(150, 110, 190, 70);
    let ink = Color32::from_rgb(110, 70, 150);
    for c in &s.geometry.countries {
        if !c.bbox.intersects(visible) {
            continue;
        }
        let mut m = Mesh::default();
        for p in &c.outline {
            m.colored_vertex(v.to_screen(*p), tint);
        }
        m.indices.extend(c.triangles.iter().copied());
        painter.add(Shape::mesh(m));
        painter.add(Shape::dashed_line(
            &c.outline
                .iter()
                .chain(c.outline.first())
                .map(|p| v.to_screen(*p))
                .collect::<Vec<_>>(),
            Stroke::new(1.5, ink),
            6.0,
            4.0,
        ));
        painter.text(
            v.to_screen(c.bbox.center()),
            Align2::CENTER_CENTER,
            &c.name,
            FontId::proportional(14.0),
            ink,
        );
    }
}

fn paint_grid(painter: &Painter, v: &View, step: f32) {
    if step * v.scale < 6.0 {
        return;
    }
    let vis = v.visible();
    let stroke = Stroke::new(1.0, Color32::from_black_alpha(28));
    let mut x = (vis.min.x / step).floor() * step;
    while x <= vis.max.x {
        let sx = v.to_screen(pos2(x, 0.0)).x;
        painter.line_segment([pos2(sx, v.rect.min.y), pos2(sx, v.rect.max.y)], stroke);
        x += step;
    }
    let mut y = (vis.min.y / step).floor() * step;
    while y <= vis.max.y {
        let sy = v.to_screen(pos2(0.0, y)).y;
        painter.line_segment([pos2(v.rect.min.x, sy), pos2(v.rect.max.x, sy)], stroke);
        y += step;
    }
}

fn mark_color(m: Mark) -> Color32 {
    match m {
        Mark::Error => colors::ERROR,
        Mark::Warning => colors::WARNING,
    }
}

fn paint_routes(painter: &Painter, s: &Scene<'_>, visible: Rect) {
    let v = s.view;
    let g = s.geometry;
    let whole = visible.contains_rect(g.bounds);
    let candidates: Vec<usize> = if whole {
        (0..g.routes.len()).collect()
    } else {
        g.route_index.query(visible)
    };
    let hw = g.half_width * v.scale;
    let border = (hw * 0.18).clamp(0.6, 2.0);
    let mut under = Mesh::default();
    let mut track = Mesh::default();
    let mut mesh = Mesh::default();
    mesh.reserve_vertices(candidates.len() * 24);
    let mut ferries = Vec::new();

    for &i in &candidates {
        let (Some(rg), Some(route)) = (g.routes.get(i), s.design.routes.get(i)) else {
            continue;
        };
        if rg.line.is_empty() || !rg.bbox.intersects(visible) {
            continue;
        }
        let obj = Obj::Route(i);
        let weight = s.overlay.route_weights.get(&i).copied().unwrap_or(1.0);
        let fill = s
            .overlay
            .route_colors
            .get(&i)
            .copied()
            .unwrap_or_else(|| s.palette.route(&route.color));
        let halo = if s.selection.contains(obj) {
            Some((colors::SELECTED, 6.0))
        } else if s.overlay.lit_routes.contains(&i) {
            Some((colors::LIT, 4.0))
        } else if s.hover == Some(obj) {
            Some((colors::HOVER, 3.0))
        } else {
            s.marks.get(&obj).map(|m| (mark_color(*m), 3.0))
        };
        let screen_line: Vec<Pos2> = rg.line.iter().map(|p| v.to_screen(*p)).collect();
        if let Some((color, px)) = halo {
            for w in screen_line.windows(2) {
                segment_quad(&mut under, w[0], w[1], hw * weight + px, color);
            }
        }
        let space_px = rg
            .spaces
            .first()
            .map_or(0.0, |sp| sp.half_len * 2.0 * v.scale);
        if space_px < SPACES_MIN_PX {
            for w in screen_line.windows(2) {
                segment_quad(&mut mesh, w[0], w[1], (hw * weight).max(0.7), fill);
            }
            continue;
        }
        // A thin rail from city to city, visible where the spaces leave gaps.
        for w in screen_line.windows(2) {
            segment_quad(
                &mut track,
                w[0],
                w[1],
                (hw * 0.22).max(0.6),
                fill.gamma_multiply(0.8),
            );
        }
        let edge = if route.tunnel {
            Color32::from_rgb(25, 20, 15)
        } else {
            Color32::from_rgb(70, 70, 70)
        };
        let edge_w = if route.tunnel { border * 2.6 } else { border };
        for (k, sp) in rg.spaces.iter().enumerate() {
            let sc = screen_space(v, sp);
            let outer = Space {
                half_len: sc.half_len + edge_w,
                ..sc
            };
            quad(&mut mesh, outer.corners(hw * weight + edge_w), edge);
            quad(&mut mesh, sc.corners(hw * weight), fill);
            if (k as u32) < route.ferry {
                ferries.push((sc, hw * weight));
            }
        }
    }
    painter.add(Shape::mesh(under));
    painter.add(Shape::mesh(track));
    painter.add(Shape::mesh(mesh));
    for (sp, hw) in ferries {
        paint_locomotive(painter, sp, hw);
    }
    for &i in &s.overlay.crossed_routes {
        if let Some(rg) = g.routes.get(i)
            && rg.bbox.intersects(visible)
            && let Some(mid) = route_middle(&rg.line)
        {
            paint_cross(painter, v.to_screen(mid), (hw * 1.6).max(4.0));
        }
    }
}

/// The point halfway along a polyline.
fn route_middle(line: &[Pos2]) -> Option<Pos2> {
    let total: f32 = line.windows(2).map(|w| w[0].distance(w[1])).sum();
    let mut left = total / 2.0;
    for w in line.windows(2) {
        let d = w[0].distance(w[1]);
        if d >= left && d > 0.0 {
            return Some(w[0].lerp(w[1], left / d));
        }
        left -= d;
    }
    line.first().copied()
}

/// A red cross with a white edge, `r` from its centre to each tip.
fn paint_cross(painter: &Painter, c: Pos2, r: f32) {
    for (color, w) in [(Color32::WHITE, 5.0), (colors::ERROR, 2.5)] {
        for d in [vec2(r, r), vec2(r, -r)] {
            painter.line_segment([c - d, c + d], Stroke::new(w, color));
        }
    }
}

fn screen_space(v: &View, sp: &Space) -> Space {
    Space {
        center: v.to_screen(sp.center),
        dir: sp.dir,
        half_len: sp.half_len * v.scale,
    }
}

/// The locomotive symbol of a ferry space: a small engine in a white disc.
fn paint_locomotive(painter: &Painter, sp: Space, hw: f32) {
    let r = hw.min(sp.half_len) * 0.85;
    if r < 2.5 {
        painter.circle_filled(sp.center, r.max(1.0), Color32::WHITE);
        return;
    }
    painter.circle(
        sp.center,
        r,
        Color32::WHITE,
        Stroke::new((r * 0.12).max(0.8), Color32::BLACK),
    );
    let c = sp.center;
    let u = r * 0.16;
    let ink = Color32::BLACK;
    // Boiler, cab, chimney and two wheels.
    painter.rect_filled(
        Rect::from_min_max(c + vec2(-3.5 * u, -1.2 * u), c + vec2(2.0 * u, 1.2 * u)),
        0.0,
        ink,
    );
    painter.rect_filled(
        Rect::from_min_max(c + vec2(0.8 * u, -3.0 * u), c + vec2(3.2 * u, 1.2 * u)),
        0.0,
        ink,
    );
    painter.rect_filled(
        Rect::from_min_max(c + vec2(-3.0 * u, -2.8 * u), c + vec2(-2.0 * u, -1.2 * u)),
        0.0,
        ink,
    );
    painter.circle_filled(c + vec2(-2.0 * u, 2.0 * u), 1.1 * u, ink);
    painter.circle_filled(c + vec2(1.8 * u, 2.0 * u), 1.1 * u, ink);
}

/// The fill of a city dot.
const CITY_FILL: Color32 = Color32::from_rgb(250, 246, 235);
/// From this many cities on screen, dots are drawn as one mesh.
const MESH_DOTS_FROM: usize = 300;

/// A filled regular 12-gon.
fn disc(mesh: &mut Mesh, c: Pos2, r: f32, color: Color32) {
    const N: usize = 12;
    let base = mesh.vertices.len() as u32;
    mesh.colored_vertex(c, color);
    for k in 0..N {
        let a = k as f32 * std::f32::consts::TAU / N as f32;
        mesh.colored_vertex(c + vec2(a.cos(), a.sin()) * r, color);
    }
    for k in 0..N as u32 {
        mesh.add_triangle(base, base + 1 + k, base + 1 + (k + 1) % N as u32);
    }
}

/// The printed board's outline in board millimetres, when the design has a
/// board of its own.
pub fn board_rect(design: &GameFile) -> Option<Rect> {
    let b = design.board.as_ref()?;
    (b.width > 0.0 && b.height > 0.0)
        .then(|| Rect::from_min_size(Pos2::ZERO, vec2(b.width, b.height)))
}

fn paint_cities(painter: &Painter, s: &Scene<'_>, visible: Rect) {
    let v = s.view;
    let g = s.geometry;
    let on_screen: Vec<usize> = if visible.contains_rect(g.bounds) {
        (0..g.cities.len()).collect()
    } else {
        g.city_index.query(visible)
    };
    let r = (CITY_RADIUS * v.scale).max(1.5);
    // Hundreds of small dots go into one mesh of plain polygons: anti-aliased
    // circles cost too much to tessellate by the thousand.
    let many = on_screen.len() > MESH_DOTS_FROM || r < 4.0;
    let mut dots = Mesh::default();
    let mut shapes = Vec::with_capacity(on_screen.len() * 2);
    for &i in &on_screen {
        let p = v.to_screen(g.cities[i]);
        let obj = Obj::City(i);
        let ring = if s.selection.contains(obj) {
            Some(colors::SELECTED)
        } else if s.overlay.lit_cities.contains(&i) {
            Some(colors::LIT)
        } else if s.hover == Some(obj) {
            Some(colors::HOVER)
        } else {
            s.marks.get(&obj).map(|m| mark_color(*m))
        };
        if let Some(c) = s.overlay.city_colors.get(&i) {
            shapes.push(Shape::circle_filled(p, r * 1.6 + 5.0, *c));
        }
        if s.selection.contains(obj) {
            // A soft halo and four handles, so a selected city stands out
            // on a busy map.
            shapes.push(Shape::circle_filled(p, r + 10.0, SELECTED_HALO));
            let d = r + 7.0;
            for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                shapes.push(Shape::rect_filled(
                    Rect::from_center_size(p + vec2(sx * d, sy * d), vec2(5.0, 5.0)),
                    0.0,
                    Color32::WHITE,
                ));
                shapes.push(Shape::rect_stroke(
                    Rect::from_center_size(p + vec2(sx * d, sy * d), vec2(5.0, 5.0)),
                    0.0,
                    Stroke::new(1.0, Color32::from_rgb(60, 50, 40)),
                    egui::StrokeKind::Middle,
                ));
            }
        }
        if let Some(c) = ring {
            shapes.push(Shape::circle_filled(p, r + 3.5, c));
        }
        let locked = s.design.cities.get(i).is_some_and(|c| c.locked);
        let edge = if locked {
            Color32::from_rgb(110, 60, 20)
        } else {
            Color32::from_rgb(150, 30, 30)
        };
        let edge_w = (r * 0.28).clamp(0.8, 3.0);
        if many {
            disc(&mut dots, p, r + edge_w * 0.5, edge);
            disc(&mut dots, p, r - edge_w * 0.5, CITY_FILL);
        } else {
            shapes.push(Shape::Circle(egui::epaint::CircleShape {
                center: p,
                radius: r,
                fill: CITY_FILL,
                stroke: Stroke::new(edge_w, edge),
            }));
        }
    }
    painter.extend(shapes);
    painter.add(Shape::mesh(dots));

    if 2.0 * r < LABEL_MIN_DOT_PX || on_screen.len() > LABEL_MAX_COUNT {
        return;
    }
    let size = (r * 1.25).clamp(10.0, 17.0);
    let font = FontId::proportional(size);
    for &i in &on_screen {
        let Some(city) = s.design.cities.get(i) else {
            continue;
        };
        // Beside the marker where the printed board puts it (the drawing
        // moves a name off the car spaces), at a size read on screen.
        let galley = painter.layout_no_wrap(city.name.clone(), font.clone(), Color32::BLACK);
        let (align, toward) = g
            .labels
            .get(i)
            .map_or((Align2::CENTER_TOP, vec2(0.0, 1.0)), |l| {
                label_side(l.rect.center() - g.cities[i])
            });
        let p = v.to_screen(g.cities[i]) + toward * (r + 1.0);
        let rect = align.anchor_size(p, galley.size());
        painter.rect_filled(
            rect.expand2(vec2(3.0, 0.0)),
            3.0,
            Color32::from_rgba_unmultiplied(255, 252, 240, 210),
        );
        painter.galley(rect.min, galley, Color32::BLACK);
    }
}

/// Which side of its marker a name sits on (from the name's offset on the
/// board): the screen alignment of its text and the unit step to it.
fn label_side(offset: Vec2) -> (Align2, Vec2) {
    let side = |v: f32| {
        if v > 0.5 {
            (egui::Align::Min, 1.0)
        } else if v < -0.5 {
            (egui::Align::Max, -1.0)
        } else {
            (egui::Align::Center, 0.0)
        }
    };
    let ((ax, x), (ay, y)) = (side(offset.x), side(offset.y));
    (Align2([ax, ay]), vec2(x, y))
}

/// The overlay's note on the hovered route or city, beside the pointer (or
/// beside the object when the pointer is elsewhere), kept inside the map.
fn paint_note(painter: &Painter, s: &Scene<'_>) {
    let (note, anchor) = match s.hover {
        Some(Obj::Route(i)) => (
            s.overlay.route_notes.get(&i),
            s.geometry
                .routes
                .get(i)
                .and_then(|rg| route_middle(&rg.line)),
        ),
        Some(Obj::City(i)) => (
            s.overlay.city_notes.get(&i),
            s.geometry.cities.get(i).copied(),
        ),
        _ => return,
    };
    let (Some(note), Some(anchor)) = (note, anchor) else {
        return;
    };
    let v = s.view;
    let at = painter
        .ctx()
        .input(|i| i.pointer.hover_pos())
        .filter(|p| v.rect.contains(*p))
        .unwrap_or_else(|| v.to_screen(anchor));
    let galley = painter.layout(
        note.clone(),
        FontId::proportional(13.0),
        Color32::from_rgb(20, 20, 20),
        380.0,
    );
    let pad = vec2(6.0, 4.0);
    let size = galley.size() + pad * 2.0;
    let mut min = at + vec2(16.0, 16.0);
    if min.x + size.x > v.rect.max.x {
        min.x = at.x - 16.0 - size.x;
    }
    if min.y + size.y > v.rect.max.y {
        min.y = at.y - 16.0 - size.y;
    }
    let rect = Rect::from_min_size(min, size);
    painter.rect(
        rect,
        4.0,
        Color32::from_rgba_unmultiplied(255, 252, 240, 240),
        Stroke::new(1.0, Color32::from_gray(90)),
        egui::StrokeKind::Inside,
    );
    painter.galley(rect.min + pad, galley, Color32::BLACK);
}

/// A line for tool previews (the route being drawn, the region outline).
pub fn preview_line(painter: &Painter, points: Vec<Pos2>, closed: bool) {
    let stroke = PathStroke::new(2.0, colors::HOVER);
    if closed {
        painter.add(Shape::closed_line(points, stroke));
    } else {
        painter.add(Shape::line(points, stroke));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_replaces_the_hover_label_only_where_there_is_one() {
        let mut o = Overlay::default();
        o.route_notes.insert(3, "claimed in 99% of games".into());
        o.city_notes.insert(1, "on 12 completed tickets".into());
        assert!(o.has_note(Obj::Route(3)));
        assert!(o.has_note(Obj::City(1)));
        assert!(!o.has_note(Obj::Route(1)));
        assert!(!o.has_note(Obj::City(3)));
        assert!(!o.has_note(Obj::Ticket(3)));
    }
}
