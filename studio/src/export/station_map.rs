//! The station map of a dice design (Trains & Stations) as an SVG drawing in
//! millimetres, for the print-and-play board tiles. The studio paints its
//! station map with egui, which cannot write SVG, so this draws the same
//! parts where the engine's printed drawing puts them (through
//! [`crate::app::station_map::layout`] at one point per millimetre): tracks
//! as rows of spaces, stations with their building slots, names and city
//! bonuses, and junctions, at the engine's sizes (no size is set here).

use egui::{Align2, Pos2, Rect, vec2};
use engine::dice::DiceDesign;
use formats::GameFile;
use svg::node::element::{Circle, Group, Polygon, Polyline, Rectangle, Text};

use super::sheet::text;
use crate::app::station_map::{Fit, Layout, MapModel, ScreenText, layout};

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
    for at in &l.junctions {
        g = g.add(
            Circle::new()
                .set("cx", at.x)
                .set("cy", at.y)
                .set("r", l.junction_radius)
                .set("fill", "#5a5a5a"),
        );
    }
    for t in &l.junction_names {
        g = g.add(svg_text(t, "#464646"));
    }
    for i in 0..model.stations.len() {
        let c = l.stations[i];
        // The ring's outer edge is the marker's radius.
        g = g.add(
            Circle::new()
                .set("cx", c.x)
                .set("cy", c.y)
                .set("r", l.station_radius - 0.5)
                .set("fill", "#3c3c46")
                .set("stroke", "#ffffff")
                .set("stroke-width", 1.0),
        );
        // The name, then the bonus under it.
        for (k, t) in l.station_names[i].iter().enumerate() {
            g = g.add(svg_text(t, if k == 0 { "#000000" } else { "#783c00" }));
        }
        // Building slots: white houses, where building tokens go.
        let slot = l.slot;
        for at in &l.slots[i] {
            let (x, y) = (at.x, at.y);
            let pts = [
                (x - slot / 2.0, y + slot / 2.0),
                (x - slot / 2.0, y - slot * 0.1),
                (x, y - slot / 2.0),
                (x + slot / 2.0, y - slot * 0.1),
                (x + slot / 2.0, y + slot / 2.0),
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

/// A name or bonus line where the drawing puts it, with a paper halo.
fn svg_text(t: &ScreenText, fill: &str) -> Text {
    let anchor = match t.align {
        Align2::LEFT_BOTTOM => "start",
        Align2::RIGHT_BOTTOM => "end",
        _ => "middle",
    };
    let mut out = text(t.at.x, t.at.y, t.size, &t.text)
        .set("text-anchor", anchor)
        .set("fill", fill);
    if t.bold {
        out = out.set("font-weight", "bold");
    }
    halo(out)
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
