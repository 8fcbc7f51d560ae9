//! The view transform: which part of the board the canvas shows, and how big.

use egui::{Pos2, Rect, Vec2, pos2};
use formats::Point;

/// Zoom limits, in screen points per millimetre.
const MIN_SCALE: f32 = 0.02;
const MAX_SCALE: f32 = 40.0;

/// Maps board millimetres to screen points: the board point `center` sits at
/// the middle of the canvas, `scale` points per millimetre.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// The board point shown at the middle of the canvas.
    pub center: Pos2,
    /// Screen points per millimetre.
    pub scale: f32,
    /// The canvas rectangle on screen.
    pub rect: Rect,
}

impl Default for View {
    fn default() -> Self {
        View {
            center: pos2(400.0, 270.0),
            scale: 1.0,
            rect: Rect::from_min_size(Pos2::ZERO, Vec2::new(800.0, 540.0)),
        }
    }
}

impl View {
    /// A board point on screen.
    #[inline]
    pub fn to_screen(&self, p: Pos2) -> Pos2 {
        self.rect.center() + (p - self.center) * self.scale
    }

    /// A screen point on the board.
    #[inline]
    pub fn to_board(&self, s: Pos2) -> Pos2 {
        self.center + (s - self.rect.center()) / self.scale
    }

    /// A screen point as a design point.
    pub fn to_point(&self, s: Pos2) -> Point {
        let p = self.to_board(s);
        Point { x: p.x, y: p.y }
    }

    /// The part of the board on screen.
    pub fn visible(&self) -> Rect {
        Rect::from_min_max(self.to_board(self.rect.min), self.to_board(self.rect.max))
    }

    /// Zooms by `factor`, keeping the board point under `anchor` (screen) still.
    pub fn zoom_at(&mut self, anchor: Pos2, factor: f32) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let before = self.to_board(anchor);
        self.scale = (self.scale * factor).clamp(MIN_SCALE, MAX_SCALE);
        let after = self.to_board(anchor);
        self.center += before - after;
    }

    /// Moves the view by a screen distance.
    pub fn pan(&mut self, screen_delta: Vec2) {
        self.center -= screen_delta / self.scale;
    }

    /// Shows all of `bounds` (board millimetres) with a small margin.
    pub fn fit(&mut self, bounds: Rect) {
        if !bounds.is_finite() || bounds.width() <= 0.0 && bounds.height() <= 0.0 {
            return;
        }
        let bounds = bounds.expand(10.0);
        let sx = self.rect.width() / bounds.width().max(1.0);
        let sy = self.rect.height() / bounds.height().max(1.0);
        self.scale = sx.min(sy).clamp(MIN_SCALE, MAX_SCALE);
        self.center = bounds.center();
    }

    /// Brings `bounds` into view, zooming out only when it does not fit.
    pub fn reveal(&mut self, bounds: Rect) {
        let visible = self.visible().shrink(20.0 / self.scale);
        if visible.contains_rect(bounds) {
            return;
        }
        self.center = bounds.center();
        if !self.visible().contains_rect(bounds) {
            self.fit(bounds.expand(40.0));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zooming_keeps_the_anchor_still_and_fit_shows_everything() {
        let mut v = View::default();
        let anchor = pos2(100.0, 50.0);
        let before = v.to_board(anchor);
        v.zoom_at(anchor, 2.5);
        assert!((v.to_board(anchor) - before).length() < 1e-3);
        let bounds = Rect::from_min_max(pos2(0.0, 0.0), pos2(2000.0, 100.0));
        v.fit(bounds);
        assert!(v.visible().contains_rect(bounds));
        let p = pos2(12.0, 34.0);
        assert!((v.to_board(v.to_screen(p)) - p).length() < 1e-3);
    }
}
