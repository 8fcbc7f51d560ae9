//! One printed page as an SVG drawing in millimetres: text, cut marks and the
//! version stamp, for the print-and-play pages to build on.

use svg::Document;
use svg::node::Node;
use svg::node::element::{Group, Line, Text};

use super::stamp::Stamp;

/// Height of the stamp's letters, millimetres.
const STAMP_SIZE: f32 = 2.4;
/// How far cut marks reach, millimetres.
const MARK_LEN: f32 = 4.0;
/// The gap between a mark and what it marks, millimetres.
const MARK_GAP: f32 = 1.0;

/// A page being drawn, `width` × `height` millimetres.
pub struct Sheet {
    /// Width in millimetres.
    pub width: f32,
    /// Height in millimetres.
    pub height: f32,
    doc: Document,
}

impl Sheet {
    /// An empty page.
    pub fn new(width: f32, height: f32) -> Sheet {
        let doc = Document::new()
            .set("width", format!("{width}mm"))
            .set("height", format!("{height}mm"))
            .set("viewBox", (0.0, 0.0, width, height));
        Sheet { width, height, doc }
    }

    /// Adds a drawing.
    pub fn with(mut self, node: impl Into<Box<dyn Node>>) -> Sheet {
        self.doc = self.doc.add(node);
        self
    }

    /// Adds the version stamp and the page number along the bottom edge.
    pub fn stamp(self, stamp: &Stamp, page: usize, pages: usize) -> Sheet {
        let y = self.height - 2.5;
        let w = self.width;
        self.with(text(12.0, y, STAMP_SIZE, &stamp.line()).set("fill", "#606060"))
            .with(
                text(w - 12.0, y, STAMP_SIZE, &format!("page {page} of {pages}"))
                    .set("text-anchor", "end")
                    .set("fill", "#606060"),
            )
    }

    /// The page as SVG text.
    pub fn svg(self) -> String {
        self.doc.to_string()
    }
}

/// Text at (`x`, `y`) (its baseline), `size` millimetres high, in the sans-serif face.
pub fn text(x: f32, y: f32, size: f32, s: &str) -> Text {
    Text::new(s)
        .set("x", x)
        .set("y", y)
        .set("font-family", "sans-serif")
        .set("font-size", size)
}

/// A thin line.
pub fn line(x1: f32, y1: f32, x2: f32, y2: f32, width: f32, colour: &str) -> Line {
    Line::new()
        .set("x1", x1)
        .set("y1", y1)
        .set("x2", x2)
        .set("y2", y2)
        .set("stroke", colour)
        .set("stroke-width", width)
}

/// Cut marks outside the box `left`..`right` × `top`..`bottom`: short lines in
/// the margin continuing every cut line (`xs` vertical, `ys` horizontal), so
/// nothing is drawn over what is cut out.
pub fn cut_marks(left: f32, top: f32, right: f32, bottom: f32, xs: &[f32], ys: &[f32]) -> Group {
    let mut g = Group::new().set("id", "cut-marks");
    let mark = |x1, y1, x2, y2| line(x1, y1, x2, y2, 0.2, "#000000");
    for &x in xs {
        g = g
            .add(mark(x, top - MARK_GAP, x, top - MARK_GAP - MARK_LEN))
            .add(mark(x, bottom + MARK_GAP, x, bottom + MARK_GAP + MARK_LEN));
    }
    for &y in ys {
        g = g
            .add(mark(left - MARK_GAP, y, left - MARK_GAP - MARK_LEN, y))
            .add(mark(right + MARK_GAP, y, right + MARK_GAP + MARK_LEN, y));
    }
    g
}

/// `s` broken into lines of at most `width` characters at spaces.
pub fn wrap(s: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    for word in s.split_whitespace() {
        if !cur.is_empty() && cur.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(word);
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_wraps_at_spaces_within_the_width() {
        let lines = wrap("Claim a route by paying cards of its colour", 16);
        assert!(lines.iter().all(|l| l.chars().count() <= 16), "{lines:?}");
        assert_eq!(
            lines.join(" "),
            "Claim a route by paying cards of its colour"
        );
    }
}
