//! Bends for routes a straight line cannot give their length: one arc
//! between the route's cities, to the side with fewer cities and routes in
//! the way, just long enough for the longest route of the pair.

use std::collections::BTreeMap;

use formats::GameFile;

use super::crossings::{self, point};
use super::fit::{FULL_CHECK_ROUTES, LENGTH_TOLERANCE, written};
use super::geometry::{BoardDrawing, MARKER_RADIUS, polyline_length};
use super::grid::Grid;
use super::overlaps;
use super::shapes::nearest_on;
use super::vec::{Box2, V2, v2};

/// Bends each pair of cities whose routes are still too short: one bend at
/// the middle, to the side with fewer cities and routes in the way, just far
/// enough out to give the longest route its length. Returns how many routes
/// were bent.
pub(super) fn bend_short_routes(
    design: &GameFile,
    g: &BoardDrawing,
    pairs: &BTreeMap<(usize, usize), Vec<usize>>,
    bends: &mut [Vec<V2>],
) -> usize {
    let mut bent = 0;
    let mut overlaps_now = overlaps::find(g).len() + crossings::find(g, bends).len();
    let near = Near::of(g);
    for (&(a, b), routes) in pairs {
        let short = routes.iter().any(|&r| {
            let rg = &g.routes[r];
            bends[r].is_empty()
                && rg.needed > 0.0
                && rg.drawn < rg.needed * (1.0 - LENGTH_TOLERANCE)
        });
        if !short {
            continue;
        }
        let (pa, pb) = (g.cities[a], g.cities[b]);
        let chord = pa.dist(pb);
        let want = routes
            .iter()
            .map(|&r| {
                let rg = &g.routes[r];
                rg.needed + rg.clearance.0 + rg.clearance.1
            })
            .fold(0.0, f32::max);
        if chord <= 1e-3 || want <= chord {
            continue;
        }
        let candidates = [arc(pa, pb, want, 1.0), arc(pa, pb, want, -1.0)];
        let cost = |bend: &[V2]| in_the_way(g, &near, (a, b), bend);
        let costs = [cost(&candidates[0]), cost(&candidates[1])];
        let k = usize::from(costs[1] < costs[0]);
        let best = &candidates[k];
        if costs[k] > 0 {
            continue;
        }
        let before: Vec<Vec<V2>> = routes.iter().map(|&r| bends[r].clone()).collect();
        for &r in routes {
            // Bends run from `from` to `to`.
            let from_a = g.routes[r].ends.is_some_and(|(f, _)| f == a);
            bends[r] = if from_a {
                best.clone()
            } else {
                best.iter().rev().copied().collect()
            };
        }
        // On a board small enough to redraw, a bend that adds an overlap or
        // still leaves the route short is taken back.
        if design.routes.len() <= FULL_CHECK_ROUTES {
            let drawn = BoardDrawing::with(design, g.cities.clone(), bends);
            let now = overlaps::find(&drawn).len() + crossings::find(&drawn, bends).len();
            // A bend that leaves the route short (its spaces pushed off by
            // the routes it now leaves beside) is no better than none.
            let still_short = routes.iter().any(|&r| {
                let rg = &drawn.routes[r];
                rg.drawn < rg.needed * (1.0 - LENGTH_TOLERANCE)
            });
            if now > overlaps_now || still_short {
                for (&r, b) in routes.iter().zip(before) {
                    bends[r] = b;
                }
                continue;
            }
            overlaps_now = now;
        }
        bent += routes.len();
    }
    bent
}

/// The cities and route segments of a drawing by where they lie, for
/// [`in_the_way`].
struct Near {
    /// Cities by their positions.
    cities: Grid,
    /// Route segments by their boxes, as (route, segment).
    segments: Grid,
    /// The (route, first point) of each filed segment.
    ids: Vec<(usize, usize)>,
}

impl Near {
    fn of(g: &BoardDrawing) -> Near {
        let mut cities = Grid::new(g.car * 2.0);
        for (c, p) in g.cities.iter().enumerate() {
            cities.insert(&Box2::around([*p]), c as u32);
        }
        let mut segments = Grid::new(g.car * 2.0);
        let mut ids = Vec::new();
        for (r, route) in g.routes.iter().enumerate() {
            for (k, w) in route.line.windows(2).enumerate() {
                segments.insert(&Box2::around([w[0], w[1]]), ids.len() as u32);
                ids.push((r, k));
            }
        }
        Near {
            cities,
            segments,
            ids,
        }
    }
}

/// What a bend through `bend` from city `a` to `b` would run into: the
/// cities it passes too close to (twice each) and the routes of other pairs
/// whose lines it crosses.
fn in_the_way(g: &BoardDrawing, near: &Near, (a, b): (usize, usize), bend: &[V2]) -> usize {
    let (pa, pb) = (g.cities[a], g.cities[b]);
    let mut line = vec![pa];
    line.extend_from_slice(bend);
    line.push(pb);
    let clear = g.half_width * 2.0 + MARKER_RADIUS + 2.0;
    let mut found = Vec::new();
    near.cities.query(
        &Box2::around(line.iter().copied()).expand(clear),
        &mut found,
    );
    let cities = found
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| c != a && c != b)
        .filter(|&c| nearest_on(&line, g.cities[c]).is_some_and(|p| p.dist(g.cities[c]) < clear))
        .count();
    let mut routes: Vec<usize> = Vec::new();
    for l in line.windows(2) {
        near.segments.query(&Box2::around([l[0], l[1]]), &mut found);
        for &id in &found {
            let (r, k) = near.ids[id as usize];
            let w = &g.routes[r].line[k..k + 2];
            if g.routes[r].ends.is_some_and(|e| e != (a, b) && e != (b, a))
                && crossings::crossing(point(w[0]), point(w[1]), point(l[0]), point(l[1])).is_some()
            {
                routes.push(r);
            }
        }
    }
    routes.sort_unstable();
    routes.dedup();
    cities * 2 + routes.len()
}

/// Points of a circular arc from `a` to `b` (on the `side` of the chord:
/// 1 left, −1 right) whose polyline through them is `length` long.
fn arc(a: V2, b: V2, length: f32, side: f32) -> Vec<V2> {
    const POINTS: usize = 3;
    let chord = a.dist(b);
    let normal = (b - a).perp() / chord * side;
    let mid = (a + b) * 0.5;
    let through = |theta: f32| -> Vec<V2> {
        // The arc subtending `theta` over the chord.
        let r = chord / 2.0 / (theta / 2.0).sin();
        let centre = mid - normal * (r * (theta / 2.0).cos());
        let start = a - centre;
        (1..=POINTS)
            .map(|k| {
                let phi = theta * k as f32 / (POINTS + 1) as f32 * -side;
                let (s, c) = phi.sin_cos();
                centre + v2(start.x * c - start.y * s, start.x * s + start.y * c)
            })
            .collect()
    };
    let len = |pts: &[V2]| {
        let mut line = vec![a];
        line.extend_from_slice(pts);
        line.push(b);
        polyline_length(&line)
    };
    // The polyline grows with the angle: bisect for the length.
    let (mut lo, mut hi) = (1e-3_f32, 1.9 * std::f32::consts::PI);
    for _ in 0..40 {
        let m = (lo + hi) / 2.0;
        if len(&through(m)) < length {
            lo = m;
        } else {
            hi = m;
        }
    }
    through(hi).into_iter().map(written).collect()
}
