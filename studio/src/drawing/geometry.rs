//! Where everything is drawn, in board millimetres, computed once per change of
//! the design: city dots, each route's line and car spaces (the two tracks of a
//! double route side by side) and city names, all as the engine's
//! [`BoardDrawing`] places them (so the validator's overlap check measures what
//! is drawn and printed), plus region triangles and spatial indexes for
//! hit-testing and culling.

use egui::{Align2, Pos2, Rect, Vec2, pos2, vec2};
use engine::board_game::layout::{self as engine_layout, Anchor, BoardDrawing, V2};
use formats::{GameFile, RegionKind};

use super::index::GridIndex;

/// Radius of a city dot, in millimetres.
pub use engine_layout::geometry::CITY_RADIUS;
/// Height of a city's name on the printed board, in millimetres.
pub use engine_layout::geometry::FONT;

/// One car space: a rectangle along the route.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Space {
    /// Its middle.
    pub center: Pos2,
    /// Unit vector along the route.
    pub dir: Vec2,
    /// Half its length along the route.
    pub half_len: f32,
}

impl Space {
    /// Its four corners for a track of half-width `half_w`.
    pub fn corners(&self, half_w: f32) -> [Pos2; 4] {
        let n = vec2(-self.dir.y, self.dir.x) * half_w;
        let d = self.dir * self.half_len;
        [
            self.center - d - n,
            self.center + d - n,
            self.center + d + n,
            self.center - d + n,
        ]
    }
}

/// A route as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct RouteGeom {
    /// The track's centre line (shifted sideways for a double route).
    pub line: Vec<Pos2>,
    /// The car spaces along it.
    pub spaces: Vec<Space>,
    /// Its bounding box, car spaces included.
    pub bbox: Rect,
}

impl Default for RouteGeom {
    fn default() -> Self {
        RouteGeom {
            line: Vec::new(),
            spaces: Vec::new(),
            bbox: Rect::NOTHING,
        }
    }
}

/// A city's name as drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelGeom {
    /// The anchor point on the text's baseline.
    pub at: Pos2,
    /// How the text runs from `at` (left, centre or right).
    pub align: Align2,
    /// The box its letters cover.
    pub rect: Rect,
}

/// A terrain region, triangulated.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionGeom {
    /// What it depicts.
    pub kind: RegionKind,
    /// The outline.
    pub outline: Vec<Pos2>,
    /// Triangles over `outline` (indices).
    pub triangles: Vec<u32>,
    /// Its bounding box.
    pub bbox: Rect,
}

/// A country's outline (a multi-location destination), triangulated.
#[derive(Clone, Debug, PartialEq)]
pub struct CountryGeom {
    /// Its name, drawn inside.
    pub name: String,
    /// The outline.
    pub outline: Vec<Pos2>,
    /// Triangles over `outline` (indices).
    pub triangles: Vec<u32>,
    /// Its bounding box.
    pub bbox: Rect,
}

fn triangulate(outline: &[Pos2]) -> Vec<u32> {
    let mut triangles = Vec::new();
    if outline.len() >= 3 {
        let mut ear = earcut::Earcut::new();
        ear.earcut(
            outline.iter().map(|p| [p.x as f64, p.y as f64]),
            &[] as &[u32],
            &mut triangles,
        );
    }
    triangles
}

/// The drawing of a whole design.
#[derive(Debug)]
pub struct Geometry {
    /// The document generation this was built from.
    pub generation: u64,
    /// City positions by index.
    pub cities: Vec<Pos2>,
    /// Routes by index; a route with an unknown end has no line.
    pub routes: Vec<RouteGeom>,
    /// City names, by city index.
    pub labels: Vec<LabelGeom>,
    /// Regions by index.
    pub regions: Vec<RegionGeom>,
    /// Country outlines, by index.
    pub countries: Vec<CountryGeom>,
    /// Everything drawn.
    pub bounds: Rect,
    /// Half the width of a track.
    pub half_width: f32,
    /// Cities by position.
    pub city_index: GridIndex,
    /// Routes by bounding box.
    pub route_index: GridIndex,
}

impl Geometry {
    /// Lays out `design`.
    pub fn build(design: &GameFile, generation: u64) -> Self {
        let drawing = BoardDrawing::of(design);
        let car = drawing.car;
        let half_width = drawing.half_width;
        let cities: Vec<Pos2> = drawing.cities.iter().map(|p| pt(*p)).collect();
        let routes: Vec<RouteGeom> = drawing
            .routes
            .iter()
            .map(|r| {
                if r.line.is_empty() {
                    return RouteGeom::default();
                }
                let line: Vec<Pos2> = r.line.iter().map(|p| pt(*p)).collect();
                let spaces = r
                    .spaces
                    .iter()
                    .map(|s| Space {
                        center: pt(s.center),
                        dir: vec2(s.dir.x, s.dir.y),
                        half_len: s.half_len,
                    })
                    .collect();
                let bbox = Rect::from_points(&line).expand(half_width * 1.5);
                RouteGeom { line, spaces, bbox }
            })
            .collect();
        let labels = drawing
            .labels
            .iter()
            .map(|l| LabelGeom {
                at: pt(l.at),
                align: match l.anchor {
                    Anchor::Start => Align2::LEFT_BOTTOM,
                    Anchor::Middle => Align2::CENTER_BOTTOM,
                    Anchor::End => Align2::RIGHT_BOTTOM,
                },
                rect: Rect::from_min_max(pt(l.rect.min), pt(l.rect.max)),
            })
            .collect();

        let regions: Vec<RegionGeom> = design
            .terrain
            .regions
            .iter()
            .map(|r| {
                let outline: Vec<Pos2> = r.points.0.iter().map(|p| pos2(p.x, p.y)).collect();
                RegionGeom {
                    kind: r.kind,
                    bbox: Rect::from_points(&outline),
                    triangles: triangulate(&outline),
                    outline,
                }
            })
            .collect();
        let countries: Vec<CountryGeom> = design
            .countries
            .iter()
            .filter(|c| c.outline.0.len() >= 3)
            .map(|c| {
                let outline: Vec<Pos2> = c.outline.0.iter().map(|p| pos2(p.x, p.y)).collect();
                CountryGeom {
                    name: c.name.clone(),
                    bbox: Rect::from_points(&outline),
                    triangles: triangulate(&outline),
                    outline,
                }
            })
            .collect();

        let mut bounds = Rect::NOTHING;
        for c in &cities {
            bounds.extend_with(*c);
        }
        for r in &regions {
            if r.bbox.is_finite() {
                bounds = bounds.union(r.bbox);
            }
        }
        for r in &routes {
            if r.bbox.is_finite() && !r.line.is_empty() {
                bounds = bounds.union(r.bbox);
            }
        }
        if !bounds.is_finite() || bounds.is_negative() {
            let (w, h) = design
                .board
                .as_ref()
                .map_or((800.0, 540.0), |b| (b.width, b.height));
            bounds = Rect::from_min_size(Pos2::ZERO, vec2(w.max(10.0), h.max(10.0)));
        }

        let cell = (car * 2.0).max(10.0);
        let mut city_index = GridIndex::new(bounds, cell);
        for (i, c) in cities.iter().enumerate() {
            city_index.insert(Rect::from_center_size(*c, Vec2::splat(0.0)), i);
        }
        let mut route_index = GridIndex::new(bounds, cell);
        for (i, r) in routes.iter().enumerate() {
            if !r.line.is_empty() {
                route_index.insert(r.bbox, i);
            }
        }
        Geometry {
            generation,
            cities,
            routes,
            labels,
            regions,
            countries,
            bounds,
            half_width,
            city_index,
            route_index,
        }
    }
}

/// An engine point as an egui one.
fn pt(p: V2) -> Pos2 {
    pos2(p.x, p.y)
}

/// Distance from `p` to a polyline.
pub fn polyline_distance(line: &[Pos2], p: Pos2) -> f32 {
    line.windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            let ab = b - a;
            let t = if ab.length_sq() > 0.0 {
                ((p - a).dot(ab) / ab.length_sq()).clamp(0.0, 1.0)
            } else {
                0.0
            };
            (a + ab * t).distance(p)
        })
        .fold(f32::INFINITY, f32::min)
}

/// The car-space length of the design (the printed board's, or the default).
pub use engine_layout::geometry::car_space;

#[cfg(test)]
mod tests {
    use super::*;

    fn design() -> GameFile {
        let text = "format: tracklayer/1\ncities: [{name: A, x: 0, y: 0}, {name: B, x: 200, y: 0}]\nroutes:\n  - {from: A, to: B, length: 3, color: red}\n  - {from: B, to: A, length: 3, color: blue}\n  - {from: A, to: Nowhere, length: 3, color: blue}\n";
        formats::load_str(text, std::path::Path::new("t.yaml"))
            .unwrap()
            .design
    }

    #[test]
    fn spaces_are_real_size_and_double_tracks_sit_side_by_side() {
        let g = Geometry::build(&design(), 0);
        let r0 = &g.routes[0];
        assert_eq!(r0.spaces.len(), 3);
        assert!((r0.spaces[0].half_len * 2.0 - 25.0 * 0.9).abs() < 0.01);
        let mid = r0.spaces[1].center;
        assert!((mid.x - 100.0).abs() < 0.01, "{mid:?}");
        let y0 = g.routes[0].line[0].y;
        let y1 = g.routes[1].line[0].y;
        assert!(y0 * y1 < 0.0, "tracks on opposite sides: {y0} {y1}");
        assert!(g.routes[2].line.is_empty(), "unknown end: not drawn");
        let hits = g
            .route_index
            .query(Rect::from_center_size(mid, Vec2::splat(1.0)));
        assert!(hits.contains(&0) && hits.contains(&1));
    }
}
