//! The station map of a dice design (Trains & Stations) as an SVG drawing in
//! millimetres, for the print-and-play board tiles. The studio paints its
//! station map with egui, which cannot write SVG, so this draws the same
//! parts (laid out by [`crate::app::station_map::layout`]) for paper:
//! tracks as rows of spaces, stations with their building slots as boxes,
//! name and city bonus, and junctions.

use egui::{Pos2, Rect, vec2};
use engine::dice::DiceDesign;
use formats::GameFile;
use svg::node::element::{Circle, Group, Polyline, Rectangle, Text};

use super::sheet::text;
use crate::app::station_map::{Fit, MapModel, layout};

/// The blank edge around the stations when the design gives no board size,
/// millimetres.
const EDGE: f32 = 40.0;

/// The station map of `file` (built as `design`) at real size: the drawing
/// and its width and height in millimetres (the design's `board:` size, or
/// the stations' extent with an edge).
pub fn drawing(file: &GameFile, design: &DiceDesign) -> (Group, f32, f32) {
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
    for at in &l.spaces {
        g = g.add(
            Rectangle::new()
                .set("x", at.x - s / 2.0)
                .set("y", at.y - s / 2.0)
                .set("width", s)
                .set("height", s)
                .set("rx", 1.5)
                .set("fill", "#ffffff")
                .set("stroke", "#404040")
                .set("stroke-width", 0.5),
        );
    }
    for (at, (name, _)) in l.junctions.iter().zip(&model.junctions) {
        g = g
            .add(
                Circle::new()
                    .set("cx", at.x)
                    .set("cy", at.y)
                    .set("r", 3.5)
                    .set("fill", "#5a5a5a"),
            )
            .add(halo(
                text(at.x, at.y + 8.0, 3.5, name)
                    .set("text-anchor", "middle")
                    .set("fill", "#464646"),
            ));
    }
    for (i, st) in model.stations.iter().enumerate() {
        let c = l.stations[i];
        g = g
            .add(
                Circle::new()
                    .set("cx", c.x)
                    .set("cy", c.y)
                    .set("r", 7.0)
                    .set("fill", "#3c3c46")
                    .set("stroke", "#ffffff")
                    .set("stroke-width", 1.0),
            )
            .add(halo(
                text(c.x, c.y + 13.0, 5.0, &st.name)
                    .set("text-anchor", "middle")
                    .set("font-weight", "bold"),
            ));
        if let Some(bonus) = &st.bonus {
            g = g.add(halo(
                text(c.x, c.y + 18.5, 4.0, bonus)
                    .set("text-anchor", "middle")
                    .set("fill", "#783c00"),
            ));
        }
        for at in &l.slots[i] {
            g = g.add(
                Rectangle::new()
                    .set("x", at.x - 6.0)
                    .set("y", at.y - 6.0)
                    .set("width", 12.0)
                    .set("height", 12.0)
                    .set("rx", 1.0)
                    .set("fill", "#ffffff")
                    .set("stroke", "#3c3c46")
                    .set("stroke-width", 0.6),
            );
        }
    }
    (g, w, h)
}

/// `t` with a paper-coloured edge under its letters, so a name stays
/// readable where it crosses a track.
fn halo(t: Text) -> Text {
    t.set("stroke", "#f6f2e4")
        .set("stroke-width", 1.2)
        .set("stroke-linejoin", "round")
        .set("paint-order", "stroke")
}
