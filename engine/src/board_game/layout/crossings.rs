//! Routes drawn crossing each other, as the layout counts them: two tracks
//! whose centre lines cross properly away from any city they share. The
//! validator's TL113 reads the same lines from the file (city to city
//! through the bends); the layout reads them from its drawing so that it can
//! count the crossings of every position it tries.

use super::geometry::BoardDrawing;
use super::grid::Grid;
use super::vec::{Box2, V2};

/// Grid cells this many car spaces wide (about one route's segment).
const CELL_CARS: f32 = 2.0;

/// Whether segments `a`–`b` and `c`–`d` cross properly: each strictly
/// separates the other's ends (touching or collinear segments do not).
pub(super) fn cross(a: V2, b: V2, c: V2, d: V2) -> bool {
    let side = |o: V2, p: V2, q: V2| (p - o).cross(q - o);
    let eps = 1e-6 * (b - a).len() * (d - c).len();
    let opposite = |x: f32, y: f32| (x > eps && y < -eps) || (x < -eps && y > eps);
    opposite(side(c, d, a), side(c, d, b)) && opposite(side(a, b, c), side(a, b, d))
}

/// The pairs of routes (lower index first, in order) whose drawn lines
/// cross. Routes that share a city are not compared: they meet there, and
/// the tracks of a double route are drawn beside each other.
pub fn find(g: &BoardDrawing) -> Vec<(usize, usize)> {
    let mut segments: Vec<(usize, V2, V2)> = Vec::new();
    for (r, route) in g.routes.iter().enumerate() {
        if route.ends.is_none() {
            continue;
        }
        for w in route.line.windows(2) {
            if w[0].is_finite() && w[1].is_finite() {
                segments.push((r, w[0], w[1]));
            }
        }
    }
    let mut grid = Grid::new(g.car * CELL_CARS);
    let boxes: Vec<Box2> = segments
        .iter()
        .map(|&(_, a, b)| Box2::around([a, b]))
        .collect();
    for (i, b) in boxes.iter().enumerate() {
        grid.insert(b, i as u32);
    }
    let shares_city = |r: usize, s: usize| match (g.routes[r].ends, g.routes[s].ends) {
        (Some((a, b)), Some((c, d))) => a == c || a == d || b == c || b == d,
        _ => true,
    };
    let mut found: Vec<(usize, usize)> = Vec::new();
    let mut near = Vec::new();
    for (i, &(r, a, b)) in segments.iter().enumerate() {
        grid.query(&boxes[i], &mut near);
        for &j in &near {
            let (s, c, d) = segments[j as usize];
            if s > r && !shares_city(r, s) && cross(a, b, c, d) {
                found.push((r, s));
            }
        }
    }
    found.sort_unstable();
    found.dedup();
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::design_of;

    #[test]
    fn an_x_of_two_routes_is_one_crossing_and_a_shared_city_none() {
        let crossed = design_of(
            "format: tracklayer/1\ncities: [{name: A, x: 0, y: 0}, {name: B, x: 200, y: 200}, {name: C, x: 200, y: 0}, {name: D, x: 0, y: 200}]\nroutes:\n  - {from: A, to: B, length: 4, color: red}\n  - {from: C, to: D, length: 4, color: blue}\n",
        );
        assert_eq!(find(&BoardDrawing::of(&crossed)), vec![(0, 1)]);
        let fan = design_of(
            "format: tracklayer/1\ncities: [{name: A, x: 0, y: 0}, {name: B, x: 200, y: 200}, {name: C, x: 200, y: 0}]\nroutes:\n  - {from: A, to: B, length: 4, color: red}\n  - {from: A, to: B, length: 4, color: blue}\n  - {from: A, to: C, length: 4, color: green}\n",
        );
        assert!(find(&BoardDrawing::of(&fan)).is_empty());
    }
}
