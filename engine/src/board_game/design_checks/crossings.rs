//! Routes drawn crossing each other (TL113). A route is drawn as straight
//! lines from its first city through its `bends` to the other; printed boards
//! never let two tracks cross.
//!
//! Segments are bucketed in a uniform grid, so only segments sharing a cell are
//! compared: a 6,000-route design is checked in a few milliseconds.

use std::collections::BTreeSet;

use formats::Point;

use super::Context;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};

/// The most cells along one side of the grid.
const MAX_CELLS_PER_SIDE: usize = 512;

#[derive(Clone, Copy, Debug)]
struct Segment {
    a: (f64, f64),
    b: (f64, f64),
    /// Index into the network's routes.
    route: usize,
}

impl Segment {
    fn min(&self) -> (f64, f64) {
        (self.a.0.min(self.b.0), self.a.1.min(self.b.1))
    }

    fn max(&self) -> (f64, f64) {
        (self.a.0.max(self.b.0), self.a.1.max(self.b.1))
    }

    fn length(&self) -> f64 {
        (self.b.0 - self.a.0).hypot(self.b.1 - self.a.1)
    }
}

fn cross(o: (f64, f64), p: (f64, f64), q: (f64, f64)) -> f64 {
    (p.0 - o.0) * (q.1 - o.1) - (p.1 - o.1) * (q.0 - o.0)
}

/// Where two segments cross properly: each strictly separates the other's
/// ends. Segments that only touch (at a shared city) or overlap do not cross.
fn crossing(s: &Segment, t: &Segment) -> Option<(f64, f64)> {
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

fn segments(ctx: &Context) -> Vec<Segment> {
    let cities = ctx.net.cities();
    let xy = |p: Point| (f64::from(p.x), f64::from(p.y));
    let mut out = Vec::with_capacity(ctx.net.routes().len());
    for (route, r) in ctx.net.routes().iter().enumerate() {
        let bends = &ctx.file.routes[r.index].bends.0;
        let mut from = xy(cities[r.from].pos);
        let ends = bends
            .iter()
            .copied()
            .map(xy)
            .chain(std::iter::once(xy(cities[r.to].pos)));
        for to in ends {
            if [from.0, from.1, to.0, to.1].iter().all(|v| v.is_finite()) {
                out.push(Segment {
                    a: from,
                    b: to,
                    route,
                });
            }
            from = to;
        }
    }
    out
}

/// A uniform grid over the segments' bounding box.
struct Grid {
    origin: (f64, f64),
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

    fn cell_of(&self, p: (f64, f64)) -> (usize, usize) {
        let c = ((p.0 - self.origin.0) / self.cell) as usize;
        let r = ((p.1 - self.origin.1) / self.cell) as usize;
        (c.min(self.cols - 1), r.min(self.rows - 1))
    }
}

/// Pairs of crossing routes (indices into the network's routes, smaller
/// first) with one crossing point each.
fn crossing_routes(ctx: &Context) -> Vec<((usize, usize), (f64, f64))> {
    let segs = segments(ctx);
    let Some(grid) = Grid::new(&segs) else {
        return Vec::new();
    };
    let routes = ctx.net.routes();
    let mut seen = BTreeSet::new();
    let mut found = Vec::new();
    for (cell_index, cell) in grid.cells.iter().enumerate() {
        for (k, &i) in cell.iter().enumerate() {
            let s = &segs[i as usize];
            for &j in &cell[k + 1..] {
                let t = &segs[j as usize];
                if s.route == t.route || routes[s.route].pair() == routes[t.route].pair() {
                    continue;
                }
                // Test each pair once: in the cell holding the corner where
                // their bounding boxes start to overlap.
                let corner = (s.min().0.max(t.min().0), s.min().1.max(t.min().1));
                let (c, r) = grid.cell_of(corner);
                if r * grid.cols + c != cell_index {
                    continue;
                }
                if let Some(at) = crossing(s, t) {
                    let key = (s.route.min(t.route), s.route.max(t.route));
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

/// Runs the check.
pub(super) fn check(ctx: &Context, diags: &mut Diagnostics) {
    let routes = ctx.net.routes();
    for ((a, b), (x, y)) in crossing_routes(ctx) {
        let (ra, rb) = (routes[a].index, routes[b].index);
        diags.push(
            Diagnostic::new(
                Code::RoutesCross,
                format!(
                    "routes {} and {} cross at ({x:.0}, {y:.0})",
                    ctx.route_name(ra),
                    ctx.route_name(rb)
                ),
            )
            .at(format!("routes[{rb}]"))
            .object(ObjectRef::Route(ra))
            .object(ObjectRef::Route(rb))
            .fix("add `bends:` to one of them so the tracks pass each other, or move a city"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, silent_on_bundled_maps, with};
    use crate::diagnostics::{Code, ObjectRef};

    const X: &str = "cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 100, y: 100}
  - {name: C, x: 0, y: 100}
  - {name: D, x: 100, y: 0}
routes:
  - {from: A, to: B, length: 5, color: red}
  - {from: C, to: D, length: 5, color: blue}
  - {from: A, to: C, length: 4, color: green}
";

    #[test]
    fn tl113_names_both_routes_and_where() {
        let v = check(X);
        let found = with(&v, Code::RoutesCross);
        assert_eq!(
            found.len(),
            1,
            "routes meeting at a city do not cross: {found:#?}"
        );
        assert_eq!(
            found[0].message,
            "routes A - B (red) and C - D (blue) cross at (50, 50)"
        );
        assert_eq!(found[0].objects, [ObjectRef::Route(0), ObjectRef::Route(1)]);
        assert_eq!(found[0].path.as_deref(), Some("routes[1]"));
    }

    #[test]
    fn tl113_bends_take_a_track_round() {
        let v = check(&X.replace(
            "color: blue}",
            "color: blue, bends: \"0,140 140,140 140,0\"}",
        ));
        assert!(with(&v, Code::RoutesCross).is_empty());
        let v = check(&X.replace("color: green}", "color: green, bends: \"80,30\"}"));
        let found = with(&v, Code::RoutesCross);
        let pairs: Vec<&str> = found.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            pairs,
            [
                "routes A - B (red) and C - D (blue) cross at (50, 50)",
                "routes A - B (red) and A - C (green) cross at (53, 53)",
                "routes C - D (blue) and A - C (green) cross at (73, 27)",
            ]
        );
    }

    #[test]
    fn tl113_is_silent_on_the_bundled_maps() {
        silent_on_bundled_maps(Code::RoutesCross);
    }
}
