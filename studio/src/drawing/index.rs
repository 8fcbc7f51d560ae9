//! A uniform grid over the board: which objects may lie in a rectangle, so
//! hit-testing and culling look at a few objects, not at all 6,000 routes.

use egui::{Pos2, Rect};

/// Objects (by index) bucketed by the grid cells their boxes touch.
#[derive(Debug, Clone)]
pub struct GridIndex {
    origin: Pos2,
    cell: f32,
    cols: usize,
    rows: usize,
    cells: Vec<Vec<u32>>,
    /// Objects lying (partly) outside the grid, always returned.
    outside: Vec<u32>,
}

/// The most cells a side may have (keeps a huge board's grid small).
const MAX_SIDE: usize = 256;

impl GridIndex {
    /// An empty grid over `bounds` with cells of about `cell` millimetres.
    pub fn new(bounds: Rect, cell: f32) -> Self {
        let w = bounds.width().max(1.0);
        let h = bounds.height().max(1.0);
        let cell = cell.max(w / MAX_SIDE as f32).max(h / MAX_SIDE as f32);
        let cols = ((w / cell).ceil() as usize).clamp(1, MAX_SIDE);
        let rows = ((h / cell).ceil() as usize).clamp(1, MAX_SIDE);
        GridIndex {
            origin: bounds.min,
            cell,
            cols,
            rows,
            cells: vec![Vec::new(); cols * rows],
            outside: Vec::new(),
        }
    }

    fn span(&self, r: Rect) -> Option<(usize, usize, usize, usize)> {
        if !r.is_finite() {
            return None;
        }
        let c0 = ((r.min.x - self.origin.x) / self.cell).floor();
        let r0 = ((r.min.y - self.origin.y) / self.cell).floor();
        let c1 = ((r.max.x - self.origin.x) / self.cell).floor();
        let r1 = ((r.max.y - self.origin.y) / self.cell).floor();
        let max_c = (self.cols - 1) as f32;
        let max_r = (self.rows - 1) as f32;
        if !self.extent().intersects(r) {
            return None;
        }
        Some((
            c0.clamp(0.0, max_c) as usize,
            r0.clamp(0.0, max_r) as usize,
            c1.clamp(0.0, max_c) as usize,
            r1.clamp(0.0, max_r) as usize,
        ))
    }

    fn extent(&self) -> Rect {
        Rect::from_min_size(
            self.origin,
            egui::vec2(self.cols as f32, self.rows as f32) * self.cell,
        )
    }

    /// Files object `id` under the cells `r` touches.
    pub fn insert(&mut self, r: Rect, id: usize) {
        let id = id as u32;
        if !self.extent().contains_rect(r) {
            self.outside.push(id);
            return;
        }
        if let Some((c0, r0, c1, r1)) = self.span(r) {
            for row in r0..=r1 {
                for col in c0..=c1 {
                    self.cells[row * self.cols + col].push(id);
                }
            }
        }
    }

    /// The objects that may touch `r`, each once, ascending.
    pub fn query(&self, r: Rect) -> Vec<usize> {
        let mut out: Vec<usize> = self.outside.iter().map(|&i| i as usize).collect();
        if let Some((c0, r0, c1, r1)) = self.span(r) {
            for row in r0..=r1 {
                for col in c0..=c1 {
                    out.extend(
                        self.cells[row * self.cols + col]
                            .iter()
                            .map(|&i| i as usize),
                    );
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{pos2, vec2};

    #[test]
    fn finds_what_touches_a_rectangle() {
        let bounds = Rect::from_min_size(pos2(0.0, 0.0), vec2(100.0, 100.0));
        let mut g = GridIndex::new(bounds, 10.0);
        g.insert(Rect::from_min_size(pos2(5.0, 5.0), vec2(1.0, 1.0)), 0);
        g.insert(Rect::from_min_size(pos2(50.0, 50.0), vec2(30.0, 2.0)), 1);
        g.insert(Rect::from_min_size(pos2(500.0, 5.0), vec2(1.0, 1.0)), 2);
        g.insert(Rect::from_min_size(pos2(100.0, 100.0), vec2(0.0, 0.0)), 3);
        let near = |x: f32, y: f32| g.query(Rect::from_center_size(pos2(x, y), vec2(2.0, 2.0)));
        assert_eq!(near(5.0, 5.0), vec![0, 2]);
        assert_eq!(near(75.0, 51.0), vec![1, 2]);
        assert_eq!(near(30.0, 90.0), vec![2]);
        assert_eq!(
            near(99.5, 99.5),
            vec![2, 3],
            "objects on the far edge are found"
        );
    }
}
