//! A ticket's mini-map: the board's network in small, with the ticket's
//! two ends marked.

use formats::GameFile;
use svg::node::element::{Circle, Group, Polygon, Polyline, Rectangle};

use super::draw::pts;
use crate::drawing::geometry::Geometry;
use crate::export::tiles::Place;

/// What a ticket's mini-map needs: the board's extent and where its cities
/// and countries lie.
pub struct MiniMap<'a> {
    /// The design.
    pub design: &'a GameFile,
    /// Its layout.
    pub geometry: &'a Geometry,
    /// The board's width, millimetres.
    pub width: f32,
    /// The board's height, millimetres.
    pub height: f32,
}

impl<'a> MiniMap<'a> {
    /// The mini-map of the board design `design` laid out as `geometry`, at
    /// the board's size.
    pub fn of(design: &'a GameFile, geometry: &'a Geometry) -> MiniMap<'a> {
        let (width, height) = crate::drawing::svg::extent(design, geometry);
        MiniMap {
            design,
            geometry,
            width,
            height,
        }
    }

    /// The network drawn for a ticket's mini-map, in board millimetres: routes
    /// as lines, cities as dots, on a light background (thick enough to read
    /// at a card's scale).
    pub fn network(&self) -> Group {
        let (w, h) = (self.width, self.height);
        let unit = w.max(h) / 120.0;
        let g = self.geometry;
        let mut out = Group::new().add(
            Rectangle::new()
                .set("width", w)
                .set("height", h)
                .set("fill", "#fbf8f0"),
        );
        for c in &g.countries {
            out = out.add(
                Polygon::new()
                    .set("points", pts(&c.outline))
                    .set("fill", "#efe6d0")
                    .set("stroke", "#a09070")
                    .set("stroke-width", unit * 0.3),
            );
        }
        for r in &g.routes {
            out = out.add(
                Polyline::new()
                    .set("points", pts(&r.line))
                    .set("fill", "none")
                    .set("stroke", "#9a9a9a")
                    .set("stroke-width", unit * 0.5),
            );
        }
        for p in &g.cities {
            out = out.add(
                Circle::new()
                    .set("cx", p.x)
                    .set("cy", p.y)
                    .set("r", unit * 0.8)
                    .set("fill", "#505050"),
            );
        }
        out
    }

    /// Where the map goes in a box at (`x`, `y`), `w` × `h` millimetres.
    pub(super) fn place(&self, x: f32, y: f32, w: f32, h: f32) -> Place {
        let scale = (w / self.width).min(h / self.height);
        Place {
            x: x + (w - self.width * scale) / 2.0,
            y: y + (h - self.height * scale) / 2.0,
            scale,
        }
    }

    /// The mini-map in the box at (`x`, `y`), `w` × `h` mm of a card: where
    /// it goes, and its frame with `from` and `to` marked, to go over it.
    pub(super) fn on_card(
        &self,
        from: &str,
        to: &str,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    ) -> (Place, Group) {
        let at = self.place(x, y, w, h);
        let frame = Rectangle::new()
            .set("x", at.x)
            .set("y", at.y)
            .set("width", self.width * at.scale)
            .set("height", self.height * at.scale)
            .set("fill", "none")
            .set("stroke", "#806850")
            .set("stroke-width", 0.3);
        let marks = Group::new()
            .add(frame)
            .add(self.mark(from, at))
            .add(self.mark(to, at));
        (at, marks)
    }

    /// A mark on the place called `name` (a city, or every outline of a country).
    pub(super) fn mark(&self, name: &str, at: Place) -> Group {
        let mut g = Group::new();
        let pos = |p: egui::Pos2| (at.x + p.x * at.scale, at.y + p.y * at.scale);
        if let Some(i) = self.design.cities.iter().position(|c| c.name == name) {
            let (cx, cy) = pos(self.geometry.cities[i]);
            g = g.add(
                Circle::new()
                    .set("cx", cx)
                    .set("cy", cy)
                    .set("r", 1.8)
                    .set("fill", "#d01818")
                    .set("stroke", "#ffffff")
                    .set("stroke-width", 0.5),
            );
        }
        for c in self.geometry.countries.iter().filter(|c| c.name == name) {
            let pts = c
                .outline
                .iter()
                .map(|p| {
                    let (x, y) = pos(*p);
                    format!("{x},{y}")
                })
                .collect::<Vec<_>>()
                .join(" ");
            g = g.add(
                Polygon::new()
                    .set("points", pts)
                    .set("fill", "#d01818")
                    .set("fill-opacity", 0.35)
                    .set("stroke", "#d01818")
                    .set("stroke-width", 0.5),
            );
        }
        g
    }
}
