//! The station map of a dice design (Trains & Stations) as an SVG drawing in
//! millimetres, for the print-and-play board tiles. The studio paints its
//! station map with egui, which cannot write SVG, so this draws the same
//! parts (laid out by [`crate::app::station_map::layout`]) for paper:
//! tracks as rows of spaces, stations with their building slots as boxes,
//! name and city bonus, and junctions.

use egui::{Pos2, Rect, vec2};
use engine::dice::DiceDesign;
use formats::GameFile;
use svg::node::element::{Circle, Group, Polygon, Polyline, Rectangle, Text};

use super::sheet::text;
use crate::app::station_map::{Fit, Layout, MapModel, layout};

/// The blank edge around the stations when the design gives no board size,
/// millimetres.
const EDGE: f32 = 40.0;

/// The station map of `file` (built as `design`) at real size: the drawing
/// and its width and height in millimetres (the design's `board:` size, or
/// the stations' extent with an edge).
pub fn drawing(file: &GameFile, design: &DiceDesign) -> (Group, f32, f32) {
    let (model, l, w, h) = laid_out(file, design);
    let mut g = Group::new().add(
        Rectangle::new()
            .set("width", w)
            .set("height", h)
            .set("fill", "#f6f2e4"),
    );
    for line in l.lines.iter().flatten() {
        let points = line
            .iter()
            .map(|p| format!("{},{}", p.x, p.y))
            .collect::<Vec<_>>()
            .join(" ");
        g = g.add(
            Polyline::new()
                .set("points", points)
                .set("fill", "none")
                .set("stroke", "#787878")
                .set("stroke-width", 1.2),
        );
    }
    let s = l.size;
    // Track spaces: grey, with a rail through them, where dice go.
    for at in &l.spaces {
        g = g
            .add(
                Rectangle::new()
                    .set("x", at.x - s / 2.0)
                    .set("y", at.y - s / 2.0)
                    .set("width", s)
                    .set("height", s)
                    .set("rx", s * 0.2)
                    .set("fill", "#c8c8c8")
                    .set("stroke", "#404040")
                    .set("stroke-width", 0.5),
            )
            .add(
                Rectangle::new()
                    .set("x", at.x - s * 0.35)
                    .set("y", at.y - s * 0.12)
                    .set("width", s * 0.7)
                    .set("height", s * 0.24)
                    .set("fill", "none")
                    .set("stroke", "#7a7a7a")
                    .set("stroke-width", 0.4),
            );
    }
    for (at, (name, _)) in l.junctions.iter().zip(&model.junctions) {
        g = g.add(
            Circle::new()
                .set("cx", at.x)
                .set("cy", at.y)
                .set("r", 3.5)
                .set("fill", "#5a5a5a"),
        );
        let (x, y, anchor) = free_spot(&l, *at, 3.5, name, 3.5);
        g = g.add(halo(
            text(x, y, 3.5, name)
                .set("text-anchor", anchor)
                .set("fill", "#464646"),
        ));
    }
    for (i, st) in model.stations.iter().enumerate() {
        let c = l.stations[i];
        g = g.add(
            Circle::new()
                .set("cx", c.x)
                .set("cy", c.y)
                .set("r", 7.0)
                .set("fill", "#3c3c46")
                .set("stroke", "#ffffff")
                .set("stroke-width", 1.0),
        );
        // The name (and the bonus under it) where no space or slot is.
        let (x, y, anchor) = free_spot(&l, c, 7.0, &st.name, 5.0);
        g = g.add(halo(
            text(x, y, 5.0, &st.name)
                .set("text-anchor", anchor)
                .set("font-weight", "bold"),
        ));
        if let Some(bonus) = &st.bonus {
            g = g.add(halo(
                text(x, y + 5.0, 4.0, bonus)
                    .set("text-anchor", anchor)
                    .set("fill", "#783c00"),
            ));
        }
        // Building slots: white houses, where building tokens go.
        for at in &l.slots[i] {
            let (x, y) = (at.x, at.y);
            let pts = [
                (x - SLOT / 2.0, y + SLOT / 2.0),
                (x - SLOT / 2.0, y - SLOT * 0.1),
                (x, y - SLOT / 2.0),
                (x + SLOT / 2.0, y - SLOT * 0.1),
                (x + SLOT / 2.0, y + SLOT / 2.0),
            ]
            .iter()
            .map(|(x, y)| format!("{x},{y}"))
            .collect::<Vec<_>>()
            .join(" ");
            g = g.add(
                Polygon::new()
                    .set("points", pts)
                    .set("fill", "#ffffff")
                    .set("stroke", "#3c3c46")
                    .set("stroke-width", 0.7),
            );
        }
    }
    (g, w, h)
}

/// The map of `file` (built as `design`) laid out at real size, with its
/// width and height in millimetres.
fn laid_out(file: &GameFile, design: &DiceDesign) -> (MapModel, Layout, f32, f32) {
    let model = MapModel::of_design(design);
    let (w, h) = match &file.board {
        Some(b) => (b.width, b.height),
        None => model
            .bounds()
            .map_or((100.0, 100.0), |r| (r.max.x + EDGE, r.max.y + EDGE)),
    };
    let page = Rect::from_min_size(Pos2::ZERO, vec2(w, h));
    // Design millimetres are page millimetres: a fit of the page to itself.
    let l = layout(&model, &Fit::area(page, page, vec2(0.0, 0.0)));
    (model, l, w, h)
}

/// The side of a building slot, millimetres (a building token is smaller).
const SLOT: f32 = 12.0;

/// Where a label `name` `size` mm high goes beside a dot of radius `r` at
/// `at`: below, above, right or left of it, the first place where it covers
/// no track space and no building slot (below when none is free). Returns
/// the baseline's anchor point and the text anchor.
fn free_spot(l: &Layout, at: Pos2, r: f32, name: &str, size: f32) -> (f32, f32, &'static str) {
    let w = name.chars().count() as f32 * size * 0.58;
    let tall = size * 2.2;
    let candidates = [
        (at.x, at.y + r + size + 1.0, "middle", at.x - w / 2.0),
        (at.x + r + 2.0, at.y + size * 0.35, "start", at.x + r + 2.0),
        (
            at.x - r - 2.0,
            at.y + size * 0.35,
            "end",
            at.x - r - 2.0 - w,
        ),
        (at.x, at.y + r + size + 12.0, "middle", at.x - w / 2.0),
    ];
    let s = l.size / 2.0;
    let blocked = |left: f32, base: f32| {
        let b = Rect::from_min_max(
            Pos2::new(left, base - size),
            Pos2::new(left + w, base - size + tall),
        );
        let space = l
            .spaces
            .iter()
            .any(|p| b.intersects(Rect::from_center_size(*p, vec2(2.0 * s, 2.0 * s))));
        let slot = l
            .slots
            .iter()
            .flatten()
            .any(|p| b.intersects(Rect::from_center_size(*p, vec2(SLOT, SLOT))));
        space || slot
    };
    candidates
        .iter()
        .find(|(_, y, _, left)| !blocked(*left, *y))
        .or(candidates.first())
        .map_or((at.x, at.y, "middle"), |(x, y, a, _)| (*x, *y, *a))
}

/// Where the stations, junctions, track spaces and slots of `design` are
/// drawn, millimetres: a board tile meeting none of them is empty.
pub fn content(file: &GameFile, design: &DiceDesign) -> Vec<super::tiles::Area> {
    let (_, l, _, _) = laid_out(file, design);
    let near = |p: &Pos2, r: f32| super::tiles::Area {
        x: p.x - r,
        y: p.y - r,
        w: 2.0 * r,
        h: 2.0 * r,
    };
    l.stations
        .iter()
        .map(|p| near(p, 30.0))
        .chain(l.junctions.iter().map(|p| near(p, 15.0)))
        .chain(l.spaces.iter().map(|p| near(p, l.size)))
        .collect()
}

/// `t` with a paper-coloured edge under its letters, so a name stays
/// readable where it crosses a track.
fn halo(t: Text) -> Text {
    t.set("stroke", "#f6f2e4")
        .set("stroke-width", 1.2)
        .set("stroke-linejoin", "round")
        .set("paint-order", "stroke")
}
