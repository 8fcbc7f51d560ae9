//! Where a board design is drawn, in board millimetres: city markers, each
//! route's centre line and car spaces (the tracks of a double route side by
//! side, car spaces starting clear of the city and of the routes beside
//! them), and each city's name, put beside its marker where nothing else is
//! drawn. The studio's canvas and printed boards draw exactly this, and the
//! validator's overlap check ([`super::overlaps`]) measures it.

use std::collections::{BTreeMap, HashMap};
use std::f32::consts::PI;

use formats::{BoardSize, GameFile};

use super::grid::Grid;
use super::shapes::Shape;
use super::text;
use super::vec::{Box2, V2, v2};

/// Radius of a city's footprint (marker and a little air), in millimetres.
pub const CITY_RADIUS: f32 = 5.0;
/// Radius of the drawn marker's disc.
pub const MARKER_RADIUS: f32 = CITY_RADIUS * 0.8;
/// Width of the marker's ring.
pub const MARKER_STROKE: f32 = CITY_RADIUS * 0.25;
/// Height of a city's name, in millimetres.
pub const FONT: f32 = CITY_RADIUS * 0.9;
/// Width of the white edge drawn under a name's letters, as a share of the
/// font size.
pub const HALO: f32 = 0.25;
/// Half the width of a track, as a share of the car space.
pub const HALF_WIDTH_SHARE: f32 = 0.19;
/// The distance between the centre lines of a double route's tracks, in half
/// track widths.
pub const PARALLEL_SPACING: f32 = 2.5;
/// A car space's drawn length, as a share of its slot.
pub const SPACE_SHARE: f32 = 0.9;
/// Room kept between a city's centre and its routes' first car spaces.
pub const END_CLEARANCE: f32 = CITY_RADIUS + 1.5;
/// Room kept between the car spaces of two routes leaving one city.
const SIDE_GAP: f32 = 1.0;
/// The farthest a route's first car space is pushed from its city to clear
/// its neighbours, in car spaces (routes that nearly coincide stay
/// overlapping and are reported).
const MAX_CLEARANCE_CARS: f32 = 2.5;
/// At most this many car spaces are drawn on one route.
const MAX_SPACES: u32 = 64;

/// The car-space length of `design` (its `board:`, or the usual 25 mm).
pub fn car_space(design: &GameFile) -> f32 {
    design
        .board
        .as_ref()
        .map_or(BoardSize::DEFAULT_CAR_SPACE, |b| b.car_space)
        .max(1.0)
}

/// One car space: a rectangle along its route.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Space {
    /// Its middle.
    pub center: V2,
    /// Unit vector along the route.
    pub dir: V2,
    /// Half its length along the route.
    pub half_len: f32,
    /// Half its width across the route.
    pub half_width: f32,
}

impl Space {
    /// Its four corners, in order around it.
    pub fn corners(&self) -> [V2; 4] {
        let n = self.dir.perp() * self.half_width;
        let d = self.dir * self.half_len;
        [
            self.center - d - n,
            self.center + d - n,
            self.center + d + n,
            self.center - d + n,
        ]
    }

    /// It as a shape.
    pub fn shape(&self) -> Shape {
        Shape::Quad(self.corners())
    }
}

/// A route as drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RouteDrawing {
    /// Its two cities (`None` when an end names no city: nothing is drawn).
    pub ends: Option<(usize, usize)>,
    /// The track's centre line, city to city through the bends (shifted
    /// sideways for a track of a double route).
    pub line: Vec<V2>,
    /// Its car spaces.
    pub spaces: Vec<Space>,
    /// How far its first and last car spaces stay from the centres of its
    /// `from` and `to` cities.
    pub clearance: (f32, f32),
    /// The length its car spaces are spread over (the line less the
    /// clearances).
    pub drawn: f32,
    /// The length its car spaces take at full size (`length × car_space`).
    pub needed: f32,
}

impl RouteDrawing {
    /// The box around its car spaces.
    pub fn bbox(&self) -> Box2 {
        Box2::around(self.spaces.iter().flat_map(|s| s.corners()))
    }
}

/// Which way a name's text runs from its anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The anchor is the text's left end.
    Start,
    /// The anchor is the text's middle.
    Middle,
    /// The anchor is the text's right end.
    End,
}

/// A city's name as drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Label {
    /// The anchor point on the baseline.
    pub at: V2,
    /// How the text runs from `at`.
    pub anchor: Anchor,
    /// The box its letters (and their white edge) cover.
    pub rect: Box2,
}

/// The drawing of a whole board design.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardDrawing {
    /// The car-space length.
    pub car: f32,
    /// Half the width of a track.
    pub half_width: f32,
    /// City positions, by index.
    pub cities: Vec<V2>,
    /// Routes, by index.
    pub routes: Vec<RouteDrawing>,
    /// City names, by city index.
    pub labels: Vec<Label>,
}

impl BoardDrawing {
    /// The drawing of `design` as it is.
    pub fn of(design: &GameFile) -> BoardDrawing {
        let cities = design.cities.iter().map(|c| v2(c.x, c.y)).collect();
        let bends: Vec<Vec<V2>> = design
            .routes
            .iter()
            .map(|r| r.bends.0.iter().map(|p| V2::from(*p)).collect())
            .collect();
        BoardDrawing::with(design, cities, &bends)
    }

    /// The drawing of `design` with its cities at `cities` and its routes
    /// bent through `bends` (both by index), as the layout tries them.
    pub fn with(design: &GameFile, cities: Vec<V2>, bends: &[Vec<V2>]) -> BoardDrawing {
        let car = car_space(design);
        let half_width = car * HALF_WIDTH_SHARE;
        let ends = route_ends(design);
        let shift = parallel_shifts(&ends, half_width);
        let centre: Vec<Vec<V2>> = ends
            .iter()
            .enumerate()
            .map(|(i, e)| match e {
                Some((a, b)) => {
                    let mut pts = vec![cities[*a]];
                    pts.extend(bends.get(i).into_iter().flatten().copied());
                    pts.push(cities[*b]);
                    pts
                }
                None => Vec::new(),
            })
            .collect();
        let clearance = clearances(&ends, &centre, &shift, cities.len(), car, half_width);
        let routes = design
            .routes
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let Some((a, b)) = ends[i] else {
                    return RouteDrawing::default();
                };
                // Shift relative to the pair's canonical direction so both
                // tracks of a double route go to opposite sides.
                let s = if a <= b { shift[i] } else { -shift[i] };
                let line = offset_polyline(&centre[i], s);
                let length = r.length.min(MAX_SPACES);
                let (spaces, drawn, clear) =
                    place_spaces(&line, length, car, half_width, clearance[i]);
                RouteDrawing {
                    ends: Some((a, b)),
                    line,
                    spaces,
                    clearance: clear,
                    drawn,
                    needed: length as f32 * car,
                }
            })
            .collect::<Vec<_>>();
        let labels = place_labels(design, &cities, &routes);
        BoardDrawing {
            car,
            half_width,
            cities,
            routes,
            labels,
        }
    }

    /// A city's marker as a shape (ring included).
    pub fn marker(&self, city: usize) -> Shape {
        Shape::Disc {
            center: self.cities[city],
            radius: MARKER_RADIUS + MARKER_STROKE / 2.0,
        }
    }

    /// The box around everything drawn (`Box2::EMPTY` for an empty design).
    pub fn bounds(&self) -> Box2 {
        let mut b = Box2::around(self.cities.iter().copied().filter(|p| p.is_finite()));
        for r in &self.routes {
            if !r.spaces.is_empty() {
                b = b.union(r.bbox());
            }
        }
        for l in &self.labels {
            if l.rect.min.is_finite() && l.rect.max.is_finite() {
                b = b.union(l.rect);
            }
        }
        b
    }
}

/// Each route's cities by index (the last city of a name wins, as
/// everywhere the drawing looks a name up).
fn route_ends(design: &GameFile) -> Vec<Option<(usize, usize)>> {
    let by_name: HashMap<&str, usize> = design
        .cities
        .iter()
        .enumerate()
        .map(|(i, c)| (c.name.as_str(), i))
        .collect();
    design
        .routes
        .iter()
        .map(|r| Some((*by_name.get(r.from.as_str())?, *by_name.get(r.to.as_str())?)))
        .collect()
}

/// Parallel tracks: the k-th of n routes between a pair is shifted sideways
/// by (k − (n−1)/2) × [`PARALLEL_SPACING`] half widths.
fn parallel_shifts(ends: &[Option<(usize, usize)>], half_width: f32) -> Vec<f32> {
    let mut pairs: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
    for (i, e) in ends.iter().enumerate() {
        if let Some((a, b)) = *e {
            pairs.entry((a.min(b), a.max(b))).or_default().push(i);
        }
    }
    let mut shift = vec![0.0f32; ends.len()];
    for members in pairs.values() {
        let n = members.len() as f32;
        for (k, &i) in members.iter().enumerate() {
            shift[i] = (k as f32 - (n - 1.0) / 2.0) * half_width * PARALLEL_SPACING;
        }
    }
    shift
}

/// How far each route's car spaces stay from its two cities: at least
/// [`END_CLEARANCE`], and far enough that they clear the car spaces of the
/// routes leaving the city at the nearest angles on either side (two tracks
/// of half widths w₁, w₂ leaving at an angle θ clear each other from
/// (w₁ + w₂)/2 / tan(θ/2) on). The tracks of a double route count as one
/// bundle as wide as both.
fn clearances(
    ends: &[Option<(usize, usize)>],
    centre: &[Vec<V2>],
    shift: &[f32],
    cities: usize,
    car: f32,
    half_width: f32,
) -> Vec<(f32, f32)> {
    // At each city: (angle, half width of the bundle, pair, route, which end).
    let mut at: Vec<Vec<RouteEnd>> = vec![Vec::new(); cities];
    for (i, e) in ends.iter().enumerate() {
        let Some((a, b)) = *e else { continue };
        let line = &centre[i];
        if line.len() < 2 {
            continue;
        }
        let width = half_width + shift[i].abs();
        let pair = (a.min(b), a.max(b));
        if let Some(d) = (line[1] - line[0]).unit() {
            at[a].push((d.angle(), width, pair, i, false));
        }
        let n = line.len();
        if let Some(d) = (line[n - 2] - line[n - 1]).unit() {
            at[b].push((d.angle(), width, pair, i, true));
        }
    }
    let max = car * MAX_CLEARANCE_CARS;
    let mut out = vec![(END_CLEARANCE, END_CLEARANCE); ends.len()];
    for list in &mut at {
        list.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.3.cmp(&y.3)));
        // One entry per bundle (tracks of a pair leaving the same way).
        let mut bundles: Vec<(f32, f32, (usize, usize))> = Vec::new();
        for &(angle, width, pair, _, _) in list.iter() {
            let same = bundles
                .iter_mut()
                .find(|b| b.2 == pair && angle_gap(b.0, angle) < 1e-3);
            match same {
                Some(b) => b.1 = b.1.max(width),
                None => bundles.push((angle, width, pair)),
            }
        }
        if bundles.len() < 2 {
            continue;
        }
        let need: Vec<f32> = (0..bundles.len())
            .map(|k| {
                let n = bundles.len();
                let mut c = END_CLEARANCE;
                for nb in [(k + 1) % n, (k + n - 1) % n] {
                    let theta = angle_gap(bundles[k].0, bundles[nb].0);
                    let w = (bundles[k].1 + bundles[nb].1) / 2.0 + SIDE_GAP;
                    if theta < PI {
                        c = c.max(w / (theta / 2.0).tan().max(1e-3));
                    }
                }
                c.min(max)
            })
            .collect();
        for &(angle, _, pair, route, is_to) in list.iter() {
            let k = bundles
                .iter()
                .position(|b| b.2 == pair && angle_gap(b.0, angle) < 1e-3)
                .unwrap_or(0);
            if is_to {
                out[route].1 = need[k];
            } else {
                out[route].0 = need[k];
            }
        }
    }
    out
}

/// A route leaving a city: its angle, the half width of its bundle, its pair
/// of cities, its index, and whether it is the route's `to` end.
type RouteEnd = (f32, f32, (usize, usize), usize, bool);

/// The angle between two directions, 0..=π.
fn angle_gap(a: f32, b: f32) -> f32 {
    let d = (a - b).abs() % (2.0 * PI);
    d.min(2.0 * PI - d)
}

/// Shifts a polyline sideways by `d` (positive: to the left of its
/// direction).
pub fn offset_polyline(pts: &[V2], d: f32) -> Vec<V2> {
    if d == 0.0 || pts.len() < 2 {
        return pts.to_vec();
    }
    let normal = |a: V2, b: V2| (b - a).unit().map(V2::perp);
    (0..pts.len())
        .map(|i| {
            let n = if i == 0 {
                normal(pts[0], pts[1])
            } else if i == pts.len() - 1 {
                normal(pts[i - 1], pts[i])
            } else {
                match (normal(pts[i - 1], pts[i]), normal(pts[i], pts[i + 1])) {
                    // A mitred corner, so the track keeps its distance from
                    // both segments (at most twice it on a sharp turn).
                    (Some(a), Some(b)) => (a + b).unit().map(|m| m / m.dot(a).max(0.5)),
                    (a, b) => a.or(b),
                }
            };
            n.map_or(pts[i], |n| pts[i] + n * d)
        })
        .collect()
}

/// The length of a polyline.
pub fn polyline_length(line: &[V2]) -> f32 {
    line.windows(2).map(|w| w[0].dist(w[1])).sum()
}

/// The point and direction at arc length `s` along a polyline.
fn at_length(line: &[V2], mut s: f32) -> (V2, V2) {
    for w in line.windows(2) {
        let seg = w[0].dist(w[1]);
        if s <= seg && seg > 0.0 {
            let dir = (w[1] - w[0]) / seg;
            return (w[0] + dir * s.max(0.0), dir);
        }
        s -= seg;
    }
    let n = line.len();
    let dir = (line[n - 1] - line[n - 2]).unit().unwrap_or(v2(1.0, 0.0));
    (line[n - 1], dir)
}

/// Car spaces along a line between the clearances at its ends, spread
/// evenly: full size (`car` long) where there is room, shrunk to fit where
/// there is not. Returns them, the length they are spread over, and the
/// clearances used (smaller than asked on a line too short for them).
fn place_spaces(
    line: &[V2],
    length: u32,
    car: f32,
    half_width: f32,
    clearance: (f32, f32),
) -> (Vec<Space>, f32, (f32, f32)) {
    let total = polyline_length(line);
    if line.len() < 2 || !total.is_finite() || total <= 0.0 {
        return (Vec::new(), 0.0, clearance);
    }
    let (mut c0, mut c1) = clearance;
    if c0 + c1 > total * 0.8 {
        let k = total * 0.8 / (c0 + c1);
        (c0, c1) = (c0 * k, c1 * k);
    }
    let usable = total - c0 - c1;
    if length == 0 {
        return (Vec::new(), usable, (c0, c1));
    }
    let slot = usable / length as f32;
    let half_len = slot.min(car) * SPACE_SHARE / 2.0;
    let spaces = (0..length)
        .map(|k| {
            let s = c0 + slot * (k as f32 + 0.5);
            let (center, along) = at_length(line, s);
            // Along the chord between its two ends, so a space on a bend
            // follows the curve.
            let (p0, _) = at_length(line, s - half_len);
            let (p1, _) = at_length(line, s + half_len);
            Space {
                center,
                dir: (p1 - p0).unit().unwrap_or(along),
                half_len,
                half_width,
            }
        })
        .collect();
    (spaces, usable, (c0, c1))
}

/// Where a name goes, tried in this order: below its marker, above, right,
/// left, the four corners, then the same a little farther out and, below
/// and above, slid sideways: (x, y) direction, distance factor, anchor.
const PLACES: [(f32, f32, f32, Anchor); 24] = [
    (0.0, 1.0, 1.0, Anchor::Middle),
    (0.0, -1.0, 1.0, Anchor::Middle),
    (1.0, 0.0, 1.0, Anchor::Start),
    (-1.0, 0.0, 1.0, Anchor::End),
    (0.7, 0.7, 1.0, Anchor::Start),
    (-0.7, 0.7, 1.0, Anchor::End),
    (0.7, -0.7, 1.0, Anchor::Start),
    (-0.7, -0.7, 1.0, Anchor::End),
    (0.7, 0.7, 1.0, Anchor::End),
    (-0.7, 0.7, 1.0, Anchor::Start),
    (0.7, -0.7, 1.0, Anchor::End),
    (-0.7, -0.7, 1.0, Anchor::Start),
    (0.0, 1.0, 1.8, Anchor::Middle),
    (0.0, -1.0, 1.8, Anchor::Middle),
    (1.0, 0.0, 1.8, Anchor::Start),
    (-1.0, 0.0, 1.8, Anchor::End),
    (0.7, 0.7, 1.8, Anchor::Start),
    (-0.7, 0.7, 1.8, Anchor::End),
    (0.7, -0.7, 1.8, Anchor::Start),
    (-0.7, -0.7, 1.8, Anchor::End),
    (0.0, 1.0, 2.6, Anchor::Middle),
    (0.0, -1.0, 2.6, Anchor::Middle),
    (1.0, 0.0, 2.6, Anchor::Start),
    (-1.0, 0.0, 2.6, Anchor::End),
];

/// A name's box when placed `place` (one of [`PLACES`]) around `city`.
fn label_at(city: V2, width: f32, place: (f32, f32, f32, Anchor)) -> Label {
    let (dx, dy, far, anchor) = place;
    let halo = FONT * HALO / 2.0;
    let (asc, desc) = (text::ASCENT * FONT + halo, text::DESCENT * FONT + halo);
    let gap = (MARKER_RADIUS + MARKER_STROKE / 2.0 + 0.6) * far;
    let x = city.x + dx * (gap + halo);
    let baseline = if dy > 0.0 {
        city.y + dy * gap + asc
    } else if dy < 0.0 {
        city.y + dy * gap - desc
    } else {
        city.y + (asc - desc) / 2.0
    };
    let (left, right) = match anchor {
        Anchor::Start => (x - halo, x + width + halo),
        Anchor::Middle => (x - width / 2.0 - halo, x + width / 2.0 + halo),
        Anchor::End => (x - width - halo, x + halo),
    };
    Label {
        at: v2(x, baseline),
        anchor,
        rect: Box2 {
            min: v2(left, baseline - asc),
            max: v2(right, baseline + desc),
        },
    }
}

/// Puts each city's name at the first place around its marker that is clear
/// of every car space, marker and name placed before it (cities in file
/// order) and inside the board, or where it covers the fewest of them.
fn place_labels(design: &GameFile, cities: &[V2], routes: &[RouteDrawing]) -> Vec<Label> {
    let mut shapes: Vec<Shape> = Vec::new();
    let mut grid = Grid::new(20.0);
    let add = |shape: Shape, shapes: &mut Vec<Shape>, grid: &mut Grid| {
        grid.insert(&shape.bbox(), shapes.len() as u32);
        shapes.push(shape);
    };
    for r in routes {
        for s in &r.spaces {
            add(s.shape(), &mut shapes, &mut grid);
        }
    }
    for c in cities {
        add(
            Shape::Disc {
                center: *c,
                radius: MARKER_RADIUS + MARKER_STROKE / 2.0,
            },
            &mut shapes,
            &mut grid,
        );
    }
    let board = design.board.as_ref().map(|b| (b.width, b.height));
    let mut near = Vec::new();
    let mut labels = Vec::with_capacity(cities.len());
    for (city, at) in design.cities.iter().zip(cities) {
        let width = text::width(&city.name, FONT);
        let mut best: Option<(usize, Label)> = None;
        for place in PLACES {
            let label = label_at(*at, width, place);
            let shape = Shape::boxed(label.rect);
            grid.query(&label.rect, &mut near);
            let off_board = board.is_some_and(|(w, h)| {
                label.rect.min.x < 0.0
                    || label.rect.min.y < 0.0
                    || label.rect.max.x > w
                    || label.rect.max.y > h
            });
            let hits = near
                .iter()
                .filter(|&&k| shapes[k as usize].overlaps(&shape, super::overlaps::TOLERANCE))
                .count()
                + usize::from(off_board);
            if best.as_ref().is_none_or(|(h, _)| hits < *h) {
                best = Some((hits, label));
            }
            if hits == 0 {
                break;
            }
        }
        let label = best.map_or_else(|| label_at(*at, width, PLACES[0]), |(_, l)| l);
        add(Shape::boxed(label.rect), &mut shapes, &mut grid);
        labels.push(label);
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::validate::design_of as design;

    #[test]
    fn spaces_are_real_size_and_double_tracks_sit_side_by_side() {
        let d = design(
            "format: tracklayer/1\ncities: [{name: A, x: 0, y: 0}, {name: B, x: 200, y: 0}]\nroutes:\n  - {from: A, to: B, length: 3, color: red}\n  - {from: B, to: A, length: 3, color: blue}\n  - {from: A, to: Nowhere, length: 3, color: blue}\n",
        );
        let g = BoardDrawing::of(&d);
        let r0 = &g.routes[0];
        assert_eq!(r0.spaces.len(), 3);
        assert!((r0.spaces[0].half_len * 2.0 - 25.0 * 0.9).abs() < 0.01);
        assert!((r0.spaces[1].center.x - 100.0).abs() < 0.01);
        let (y0, y1) = (g.routes[0].line[0].y, g.routes[1].line[0].y);
        assert!(y0 * y1 < 0.0, "tracks on opposite sides: {y0} {y1}");
        assert!(g.routes[2].line.is_empty(), "unknown end: not drawn");
        assert!((r0.drawn - (200.0 - 2.0 * END_CLEARANCE)).abs() < 0.01);
        assert_eq!(r0.needed, 75.0);
    }

    #[test]
    fn routes_leaving_a_city_close_together_start_farther_out() {
        let d = design(
            "format: tracklayer/1\ncities: [{name: A, x: 0, y: 0}, {name: B, x: 200, y: 0}, {name: C, x: 200, y: 40}, {name: D, x: 0, y: 200}]\nroutes:\n  - {from: A, to: B, length: 3, color: red}\n  - {from: A, to: C, length: 3, color: red}\n  - {from: A, to: D, length: 3, color: red}\n",
        );
        let g = BoardDrawing::of(&d);
        let narrow = g.routes[0].clearance.0;
        assert!(narrow > 20.0, "11° apart: {narrow}");
        assert_eq!(g.routes[0].clearance.1, END_CLEARANCE);
        assert!(
            !g.routes[0].spaces[0]
                .shape()
                .overlaps(&g.routes[1].spaces[0].shape(), 0.0)
        );
        let wide = g.routes[2].clearance.0;
        assert!(wide < 10.0, "at right angles: {wide}");
    }

    #[test]
    fn a_name_moves_off_a_route_leaving_below_its_city() {
        let d = design(
            "format: tracklayer/1\ncities: [{name: Aberdeen, x: 100, y: 100}, {name: B, x: 100, y: 200}]\nroutes:\n  - {from: Aberdeen, to: B, length: 3, color: red}\n",
        );
        let g = BoardDrawing::of(&d);
        assert_eq!(g.labels[0].anchor, Anchor::Middle);
        assert!(g.labels[0].at.y < 100.0, "above: {:?}", g.labels[0]);
        assert!(g.labels[1].at.y > 200.0, "below: {:?}", g.labels[1]);
    }
}
