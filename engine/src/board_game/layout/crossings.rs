//! Routes drawn crossing each other: two routes whose centre lines (city to
//! city through the bends) cross properly. One test for the validator's
//! TL113, on a built design, and for the layout, on the positions it tries,
//! so the fit counts exactly what the validator reports on its output.
//!
//! Segments are bucketed in a uniform grid, so only segments sharing a cell
//! are compared: a 6,000-route design is checked in a few milliseconds.

use super::geometry::BoardDrawing;
use super::vec::V2;

/// The most cells along one side of the grid.
const MAX_CELLS_PER_SIDE: usize = 512;

/// A point in board millimetres, in double precision (positions are read
/// as written, in single precision, and widened).
pub type Point = (f64, f64);

/// A route's centre line as the crossing test reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct RouteLine {
    /// The caller's index of the route (crossings name routes by it).
    pub route: usize,
    /// Its two cities, smaller index first: routes of one pair (the tracks
    /// of a double route) share their line and never cross each other.
    pub pair: (usize, usize),
    /// City to city through the bends; a segment with an end out of range
    /// (not finite) is left out.
    pub points: Vec<Point>,
}

#[derive(Clone, Copy, Debug)]
struct Segment {
    a: Point,
    b: Point,
    /// Index into the lines.
    line: usize,
}

impl Segment {
    fn min(&self) -> Point {
        (self.a.0.min(self.b.0), self.a.1.min(self.b.1))
    }

    fn max(&self) -> Point {
        (self.a.0.max(self.b.0), self.a.1.max(self.b.1))
    }

    fn length(&self) -> f64 {
        (self.b.0 - self.a.0).hypot(self.b.1 - self.a.1)
    }
}

fn cross(o: Point, p: Point, q: Point) -> f64 {
    (p.0 - o.0) * (q.1 - o.1) - (p.1 - o.1) * (q.0 - o.0)
}

/// Where segments `a`–`b` and `c`–`d` cross properly: each strictly
/// separates the other's ends. Segments that only touch (at a shared city)
/// or overlap do not cross.
pub fn crossing(a: Point, b: Point, c: Point, d: Point) -> Option<Point> {
    let (s, t) = (
        Segment { a, b, line: 0 },
        Segment {
            a: c,
            b: d,
            line: 0,
        },
    );
    let scale = s.length() * t.length();
    let eps = scale * 1e-9;
    let d1 = cross(t.a, t.b, s.a);
    let d2 = cross(t.a, t.b, s.b);
    let d3 = cross(s.a, s.b, t.a);
    let d4 = cross(s.a, s.b, t.b);
    let opposite = |x: f64, y: f64| (x > eps && y < -eps) || (x < -eps && y > eps);
    if !(opposite(d1, d2) && opposite(d3, d4)) {
        return None;
    }
    let k = d1 / (d1 - d2);
    Some((s.a.0 + k * (s.b.0 - s.a.0), s.a.1 + k * (s.b.1 - s.a.1)))
}

/// A drawn point widened to double precision.
pub fn point(p: V2) -> Point {
    (f64::from(p.x), f64::from(p.y))
}

fn segments(lines: &[RouteLine]) -> Vec<Segment> {
    let mut out = Vec::with_capacity(lines.len());
    for (line, l) in lines.iter().enumerate() {
        for w in l.points.windows(2) {
            let (from, to) = (w[0], w[1]);
            if [from.0, from.1, to.0, to.1].iter().all(|v| v.is_finite()) {
                out.push(Segment {
                    a: from,
                    b: to,
                    line,
                });
            }
        }
    }
    out
}

/// A uniform grid over the segments' bounding box.
struct Grid {
    origin: Point,
    cell: f64,
    cols: usize,
    rows: usize,
    cells: Vec<Vec<u32>>,
}

impl Grid {
    fn new(segs: &[Segment]) -> Option<Grid> {
        let (mut lo, mut hi) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
        for s in segs {
            let (a, b) = (s.min(), s.max());
            lo = (lo.0.min(a.0), lo.1.min(a.1));
            hi = (hi.0.max(b.0), hi.1.max(b.1));
        }
        let (w, h) = (hi.0 - lo.0, hi.1 - lo.1);
        if !(w.is_finite() && h.is_finite()) {
            return None;
        }
        let mean = segs.iter().map(Segment::length).sum::<f64>() / segs.len().max(1) as f64;
        let side = w.max(h).max(1e-6);
        let cell = mean
            .max((w * h / segs.len().max(1) as f64).sqrt())
            .max(side / MAX_CELLS_PER_SIDE as f64)
            .max(1e-6);
        let cols = ((w / cell) as usize + 1).min(MAX_CELLS_PER_SIDE);
        let rows = ((h / cell) as usize + 1).min(MAX_CELLS_PER_SIDE);
        let mut grid = Grid {
            origin: lo,
            cell,
            cols,
            rows,
            cells: vec![Vec::new(); cols * rows],
        };
        for (i, s) in segs.iter().enumerate() {
            let (c0, r0) = grid.cell_of(s.min());
            let (c1, r1) = grid.cell_of(s.max());
            for r in r0..=r1 {
                for c in c0..=c1 {
                    grid.cells[r * cols + c].push(i as u32);
                }
            }
        }
        Some(grid)
    }

    fn cell_of(&self, p: Point) -> (usize, usize) {
        let c = ((p.0 - self.origin.0) / self.cell) as usize;
        let r = ((p.1 - self.origin.1) / self.cell) as usize;
        (c.min(self.cols - 1), r.min(self.rows - 1))
    }
}

/// Pairs of crossing routes (by [`RouteLine::route`], smaller first, in
/// order) with one crossing point each. Routes of one pair of cities never
/// cross each other, and routes that share a city only touch there.
pub fn crossing_pairs(lines: &[RouteLine]) -> Vec<((usize, usize), Point)> {
    let segs = segments(lines);
    let Some(grid) = Grid::new(&segs) else {
        return Vec::new();
    };
    let mut seen = std::collections::BTreeSet::new();
    let mut found = Vec::new();
    for (cell_index, cell) in grid.cells.iter().enumerate() {
        for (k, &i) in cell.iter().enumerate() {
            let s = &segs[i as usize];
            for &j in &cell[k + 1..] {
                let t = &segs[j as usize];
                let (ls, lt) = (&lines[s.line], &lines[t.line]);
                if ls.route == lt.route || ls.pair == lt.pair {
                    continue;
                }
                // Test each pair once: in the cell holding the corner where
                // their bounding boxes start to overlap.
                let corner = (s.min().0.max(t.min().0), s.min().1.max(t.min().1));
                let (c, r) = grid.cell_of(corner);
                if r * grid.cols + c != cell_index {
                    continue;
                }
                if let Some(at) = crossing(s.a, s.b, t.a, t.b) {
                    let key = (ls.route.min(lt.route), ls.route.max(lt.route));
                    if seen.insert(key) {
                        found.push((key, at));
                    }
                }
            }
        }
    }
    found.sort_by_key(|&(key, _)| key);
    found
}

/// The centre lines of `g`'s routes with their cities at `g.cities` and
/// bent through `bends` (by route, from `from` to `to`).
pub fn lines(g: &BoardDrawing, bends: &[Vec<V2>]) -> Vec<RouteLine> {
    g.routes
        .iter()
        .enumerate()
        .filter_map(|(r, route)| {
            let (from, to) = route.ends?;
            let points = std::iter::once(g.cities[from])
                .chain(bends.get(r).into_iter().flatten().copied())
                .chain(std::iter::once(g.cities[to]))
                .map(point)
                .collect();
            Some(RouteLine {
                route: r,
                pair: (from.min(to), from.max(to)),
                points,
            })
        })
        .collect()
}

/// The pairs of routes of `g` (lower index first, in order) whose centre
/// lines cross, bent through `bends`: [`crossing_pairs`] on [`lines`].
pub fn find(g: &BoardDrawing, bends: &[Vec<V2>]) -> Vec<(usize, usize)> {
    crossing_pairs(&lines(g, bends))
        .into_iter()
        .map(|(pair, _)| pair)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::design_of;

    fn bends(d: &formats::GameFile) -> Vec<Vec<V2>> {
        d.routes
            .iter()
            .map(|r| r.bends.0.iter().map(|p| V2::from(*p)).collect())
            .collect()
    }

    #[test]
    fn an_x_of_two_routes_is_one_crossing_and_a_shared_city_none() {
        let crossed = design_of(
            "format: tracklayer/1\ncities: [{name: A, x: 0, y: 0}, {name: B, x: 200, y: 200}, {name: C, x: 200, y: 0}, {name: D, x: 0, y: 200}]\nroutes:\n  - {from: A, to: B, length: 4, color: red}\n  - {from: C, to: D, length: 4, color: blue}\n",
        );
        let g = BoardDrawing::of(&crossed);
        assert_eq!(find(&g, &bends(&crossed)), vec![(0, 1)]);
        assert_eq!(
            crossing_pairs(&lines(&g, &bends(&crossed))),
            vec![((0, 1), (100.0, 100.0))]
        );
        let fan = design_of(
            "format: tracklayer/1\ncities: [{name: A, x: 0, y: 0}, {name: B, x: 200, y: 200}, {name: C, x: 200, y: 0}]\nroutes:\n  - {from: A, to: B, length: 4, color: red}\n  - {from: A, to: B, length: 4, color: blue}\n  - {from: A, to: C, length: 4, color: green}\n",
        );
        assert!(find(&BoardDrawing::of(&fan), &bends(&fan)).is_empty());
        // A route from A bent back over A's other route crosses it away from A.
        let looped = design_of(
            "format: tracklayer/1\ncities: [{name: A, x: 0, y: 0}, {name: B, x: 300, y: 0}, {name: C, x: 150, y: 150}]\nroutes:\n  - {from: A, to: B, length: 10, color: red}\n  - {from: A, to: C, length: 10, color: blue, bends: '150,-100'}\n",
        );
        assert_eq!(
            find(&BoardDrawing::of(&looped), &bends(&looped)),
            vec![(0, 1)]
        );
    }

    #[test]
    fn the_tracks_of_a_double_route_never_cross_each_other() {
        // Bent apart, the two tracks' lines cross: between two pairs of
        // cities that is a crossing, between one pair it is a double route.
        let lines = |other: (usize, usize)| {
            [
                RouteLine {
                    route: 0,
                    pair: (0, 1),
                    points: vec![(0.0, 0.0), (40.0, 40.0), (100.0, 0.0)],
                },
                RouteLine {
                    route: 1,
                    pair: other,
                    points: vec![(0.0, 0.0), (50.0, -40.0), (50.0, 60.0), (100.0, 0.0)],
                },
            ]
        };
        let found = crossing_pairs(&lines((0, 2)));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, (0, 1));
        assert_eq!(crossing_pairs(&lines((0, 1))), []);
    }
}
