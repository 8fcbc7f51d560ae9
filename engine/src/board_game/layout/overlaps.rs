//! What overlaps on a drawn board: car spaces over car spaces of another
//! route, over a city's marker or over a name, and names over names or
//! markers. Found with a grid, so a 2,000-city board takes milliseconds.

use super::geometry::BoardDrawing;
use super::grid::Grid;
use super::shapes::Shape;

/// Shapes overlapping by at most this much (millimetres) only touch: an
/// edge shared to the printer's precision is not an overlap.
pub const TOLERANCE: f32 = 0.3;

/// A drawn object that can overlap another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Item {
    /// The car spaces of `routes[i]`.
    Route(usize),
    /// The marker of `cities[i]`.
    City(usize),
    /// The name of `cities[i]`.
    Name(usize),
}

/// Two objects drawn over each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Overlap {
    /// The first (the lesser in [`Item`]'s order).
    pub a: Item,
    /// The second.
    pub b: Item,
}

/// Every pair of objects of `g` drawn over each other, each pair once, in
/// order. A route's car spaces never count against each other, and a city's
/// marker never against its own name (they are placed apart).
pub fn find(g: &BoardDrawing) -> Vec<Overlap> {
    let mut shapes: Vec<(Item, Shape)> = Vec::new();
    for (i, r) in g.routes.iter().enumerate() {
        for s in &r.spaces {
            shapes.push((Item::Route(i), s.shape()));
        }
    }
    for i in 0..g.cities.len() {
        if g.cities[i].is_finite() {
            shapes.push((Item::City(i), g.marker(i)));
        }
    }
    for (i, l) in g.labels.iter().enumerate() {
        if l.rect.min.is_finite() && l.rect.max.is_finite() {
            shapes.push((Item::Name(i), Shape::boxed(l.rect)));
        }
    }
    let mut grid = Grid::new((g.car * 1.5).max(10.0));
    for (k, (_, s)) in shapes.iter().enumerate() {
        grid.insert(&s.bbox(), k as u32);
    }
    let mut found = Vec::new();
    let mut near = Vec::new();
    for (k, (item, shape)) in shapes.iter().enumerate() {
        grid.query(&shape.bbox(), &mut near);
        for &o in near.iter().filter(|&&o| o as usize > k) {
            let (other, oshape) = &shapes[o as usize];
            if same_object(*item, *other) {
                continue;
            }
            if shape.overlaps(oshape, TOLERANCE) {
                let (a, b) = if item <= other {
                    (*item, *other)
                } else {
                    (*other, *item)
                };
                found.push(Overlap { a, b });
            }
        }
    }
    found.sort_unstable();
    found.dedup();
    found
}

fn same_object(a: Item, b: Item) -> bool {
    match (a, b) {
        (Item::Route(x), Item::Route(y)) => x == y,
        (Item::City(x), Item::Name(y)) | (Item::Name(x), Item::City(y)) => x == y,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawing(text: &str) -> BoardDrawing {
        BoardDrawing::of(&crate::validate::design_of(text))
    }

    #[test]
    fn crossing_routes_and_a_route_over_a_city_are_found() {
        let g = drawing(
            "format: tracklayer/1\ncities: [{name: A, x: 0, y: 100}, {name: B, x: 200, y: 100}, {name: C, x: 100, y: 0}, {name: D, x: 100, y: 200}, {name: E, x: 150, y: 104}]\nroutes:\n  - {from: A, to: B, length: 7, color: red}\n  - {from: C, to: D, length: 7, color: red}\n",
        );
        let found = find(&g);
        assert!(found.contains(&Overlap {
            a: Item::Route(0),
            b: Item::Route(1)
        }));
        assert!(found.contains(&Overlap {
            a: Item::Route(0),
            b: Item::City(4)
        }));
    }

    #[test]
    fn a_clean_drawing_has_none() {
        let g = drawing(
            "format: tracklayer/1\ncities: [{name: A, x: 0, y: 0}, {name: B, x: 90, y: 0}, {name: C, x: 0, y: 90}]\nroutes:\n  - {from: A, to: B, length: 3, color: red}\n  - {from: A, to: B, length: 3, color: blue}\n  - {from: A, to: C, length: 3, color: red}\n",
        );
        assert_eq!(find(&g), []);
    }
}
