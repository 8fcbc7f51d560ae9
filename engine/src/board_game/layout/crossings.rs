//! Routes drawn crossing each other, as the layout counts them: two routes
//! whose centre lines (city to city through the bends) cross properly, the
//! validator's TL113 on the positions the layout tries.

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

/// The pairs of routes (lower index first, in order) whose centre lines
/// cross: city to city through `bends` (by route, from `from` to `to`), as
/// the validator's TL113 draws them. Routes that share a city only touch
/// there; the tracks of a double route share their line.
pub fn find(g: &BoardDrawing, bends: &[Vec<V2>]) -> Vec<(usize, usize)> {
    let mut segments: Vec<(usize, V2, V2)> = Vec::new();
    for (r, route) in g.routes.iter().enumerate() {
        let Some((from, to)) = route.ends else {
            continue;
        };
        let line: Vec<V2> = std::iter::once(g.cities[from])
            .chain(bends.get(r).into_iter().flatten().copied())
            .chain(std::iter::once(g.cities[to]))
            .collect();
        for w in line.windows(2) {
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
    let mut found: Vec<(usize, usize)> = Vec::new();
    let mut near = Vec::new();
    for (i, &(r, a, b)) in segments.iter().enumerate() {
        grid.query(&boxes[i], &mut near);
        for &j in &near {
            let (s, c, d) = segments[j as usize];
            if s > r && cross(a, b, c, d) {
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
        assert_eq!(
            find(&BoardDrawing::of(&crossed), &bends(&crossed)),
            vec![(0, 1)]
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
}
