//! A uniform grid of boxes for finding what lies near a shape.

use std::collections::HashMap;

use super::vec::Box2;

/// Items by the grid cells their boxes cover.
#[derive(Debug, Default)]
pub struct Grid {
    cell: f32,
    cells: HashMap<(i32, i32), Vec<u32>>,
}

impl Grid {
    /// An empty grid of square cells `cell` millimetres wide.
    pub fn new(cell: f32) -> Grid {
        Grid {
            cell: cell.max(1.0),
            cells: HashMap::new(),
        }
    }

    fn range(&self, b: &Box2) -> Option<(i32, i32, i32, i32)> {
        if b.is_empty() || !(b.min.is_finite() && b.max.is_finite()) {
            return None;
        }
        let c = |v: f32| (v / self.cell).floor().clamp(-1e6, 1e6) as i32;
        let (x0, y0, x1, y1) = (c(b.min.x), c(b.min.y), c(b.max.x), c(b.max.y));
        // A box spanning thousands of cells is a position out of range; it
        // is left out rather than filling memory.
        (i64::from(x1 - x0) * i64::from(y1 - y0) <= 10_000).then_some((x0, y0, x1, y1))
    }

    /// Files `id` under every cell `b` covers.
    pub fn insert(&mut self, b: &Box2, id: u32) {
        let Some((x0, y0, x1, y1)) = self.range(b) else {
            return;
        };
        for x in x0..=x1 {
            for y in y0..=y1 {
                self.cells.entry((x, y)).or_default().push(id);
            }
        }
    }

    /// The ids filed under the cells `b` covers, each once, in order.
    pub fn query(&self, b: &Box2, out: &mut Vec<u32>) {
        out.clear();
        let Some((x0, y0, x1, y1)) = self.range(b) else {
            return;
        };
        for x in x0..=x1 {
            for y in y0..=y1 {
                if let Some(ids) = self.cells.get(&(x, y)) {
                    out.extend_from_slice(ids);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }
}
