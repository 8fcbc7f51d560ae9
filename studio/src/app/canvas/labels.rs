//! Labels on the map: the box of text beside the pointer, and what it says
//! about the object under the pointer.

use std::collections::HashMap;

use egui::{Align2, Color32, FontId, Pos2, vec2};

use super::super::document::Document;
use super::super::selection::Obj;
use super::Canvas;
use super::paint::Mark;

impl Canvas {
    /// Names the object under the pointer (with its length, ferry or tunnel,
    /// number of routes, and whether it has problems) beside the pointer.
    pub(super) fn paint_hover_label(
        &self,
        painter: &egui::Painter,
        doc: &Document,
        marks: &HashMap<Obj, Mark>,
        at: Pos2,
    ) {
        let Some(o) = self.hover else { return };
        let mut text = match o {
            Obj::Route(i) => doc.design.routes.get(i).map(|r| {
                let mut t = format!(
                    "{}, {}",
                    r.display_name(),
                    engine::words::count(r.length, "space")
                );
                if r.tunnel {
                    t.push_str(", tunnel");
                }
                if r.ferry > 0 {
                    t.push_str(&format!(
                        ", ferry ({})",
                        engine::words::count(r.ferry, "locomotive")
                    ));
                }
                t
            }),
            Obj::City(i) => doc.design.cities.get(i).map(|c| {
                let degree = doc
                    .design
                    .routes
                    .iter()
                    .filter(|r| r.from == c.name || r.to == c.name)
                    .count();
                format!("{} ({})", c.name, engine::words::count(degree, "route"))
            }),
            other => Some(other.name(&doc.design)),
        }
        .unwrap_or_default();
        match marks.get(&o) {
            Some(Mark::Error) => text.push_str("  — has errors"),
            Some(Mark::Warning) => text.push_str("  — has warnings"),
            None => {}
        }
        label(painter, at + vec2(14.0, -18.0), &text);
    }
}

/// A box of white text on black at `at`.
pub(super) fn label(painter: &egui::Painter, at: Pos2, text: &str) {
    if text.is_empty() {
        return;
    }
    let galley =
        painter.layout_no_wrap(text.to_owned(), FontId::proportional(13.0), Color32::WHITE);
    let r = Align2::LEFT_TOP.anchor_size(at, galley.size()).expand(4.0);
    painter.rect_filled(r, 4.0, Color32::from_black_alpha(200));
    painter.galley(r.min + vec2(4.0, 4.0), galley, Color32::WHITE);
}
