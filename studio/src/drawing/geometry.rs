//! Where everything is drawn, in board millimetres, computed once per change of
//! the design: city dots, each route's line and car spaces (the two tracks of a
//! double route side by side), region triangles, and spatial indexes for
//! hit-testing and culling.

use std::collections::HashMap;

use egui::{Pos2, Rect, Vec2, pos2, vec2};
use formats::{BoardSize, GameFile, RegionKind};

use super::index::GridIndex;

/// Radius of a city dot, in millimetres.
pub const CITY_RADIUS: f32 = 5.0;

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
        let car = car_space(design);
        let half_width = car * 0.19;
        let cities: Vec<Pos2> = design.cities.iter().map(|c| pos2(c.x, c.y)).collect();
        let by_name: HashMap<&str, usize> = design
            .cities
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.as_str(), i))
            .collect();

        // Parallel tracks: the k-th of n routes between a pair is shifted
        // sideways by (k - (n-1)/2) track widths.
        let mut pairs: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
        let ends: Vec<Option<(usize, usize)>> = design
            .routes
            .iter()
            .map(|r| Some((*by_name.get(r.from.as_str())?, *by_name.get(r.to.as_str())?)))
            .collect();
        for (i, e) in ends.iter().enumerate() {
            if let Some((a, b)) = *e {
                pairs.entry((a.min(b), a.max(b))).or_default().push(i);
            }
        }
        let mut shift = vec![0.0f32; design.routes.len()];
        for members in pairs.values() {
            let n = members.len() as f32;
            for (k, &i) in members.iter().enumerate() {
                shift[i] = (k as f32 - (n - 1.0) / 2.0) * half_width * 2.5;
            }
        }

        let routes: Vec<RouteGeom> = design
            .routes
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let Some((a, b)) = ends[i] else {
                    return RouteGeom::default();
                };
                let mut pts = vec![cities[a]];
                pts.extend(r.bends.0.iter().map(|p| pos2(p.x, p.y)));
                pts.push(cities[b]);
                // Shift relative to the pair's canonical direction so both
                // tracks of a double route go to opposite sides.
                let s = if a <= b { shift[i] } else { -shift[i] };
                let line = offset_polyline(&pts, s);
                let spaces = place_spaces(&line, r.length, car);
                let mut bbox = Rect::from_points(&line);
                bbox = bbox.expand(half_width * 1.5);
                RouteGeom { line, spaces, bbox }
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
            regions,
            countries,
            bounds,
            half_width,
            city_index,
            route_index,
        }
    }
}

/// Shifts a polyline sideways by `d` (positive: to the left of its direction).
fn offset_polyline(pts: &[Pos2], d: f32) -> Vec<Pos2> {
    if d == 0.0 || pts.len() < 2 {
        return pts.to_vec();
    }
    let normal = |a: Pos2, b: Pos2| {
        let v = (b - a).normalized();
        vec2(-v.y, v.x)
    };
    (0..pts.len())
        .map(|i| {
            let n = if i == 0 {
                normal(pts[0], pts[1])
            } else if i == pts.len() - 1 {
                normal(pts[i - 1], pts[i])
            } else {
                (normal(pts[i - 1], pts[i]) + normal(pts[i], pts[i + 1])).normalized()
            };
            if n.is_finite() {
                pts[i] + n * d
            } else {
                pts[i]
            }
        })
        .collect()
}

/// The point and direction at arc length `s` along a polyline.
fn at_length(line: &[Pos2], mut s: f32) -> (Pos2, Vec2) {
    for w in line.windows(2) {
        let seg = (w[1] - w[0]).length();
        if s <= seg || seg == 0.0 && s <= 0.0 {
            let dir = (w[1] - w[0]).normalized();
            return (w[0] + dir * s.max(0.0), dir);
        }
        s -= seg;
    }
    let n = line.len();
    let dir = (line[n - 1] - line[n - 2]).normalized();
    (line[n - 1], dir)
}

/// Car spaces along a line, spread evenly from city to city: real size (`car`
/// long) where there is room, shrunk to fit where there is not.
fn place_spaces(line: &[Pos2], length: u32, car: f32) -> Vec<Space> {
    if line.len() < 2 || length == 0 {
        return Vec::new();
    }
    let total: f32 = line.windows(2).map(|w| (w[1] - w[0]).length()).sum();
    if !total.is_finite() || total <= 0.0 {
        return Vec::new();
    }
    let length = length.min(64);
    let margin = CITY_RADIUS.min(total * 0.2);
    let usable = total - 2.0 * margin;
    let slot = usable / length as f32;
    let half_len = (slot * 0.45).min(car * 0.45);
    (0..length)
        .map(|k| {
            let (center, dir) = at_length(line, margin + slot * (k as f32 + 0.5));
            let dir = if dir.is_finite() { dir } else { Vec2::X };
            Space {
                center,
                dir,
                half_len,
            }
        })
        .collect()
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
pub fn car_space(design: &GameFile) -> f32 {
    design
        .board
        .as_ref()
        .map_or(BoardSize::DEFAULT_CAR_SPACE, |b| b.car_space)
        .max(1.0)
}

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
