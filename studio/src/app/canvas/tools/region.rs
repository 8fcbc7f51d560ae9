//! The Draw region tool: clicks place the corners of a terrain region; a
//! click on the first corner, a double click or Enter closes it.

use egui::{Painter, Pos2, pos2};
use formats::RegionKind;

use super::super::super::document::Document;
use super::super::super::edit;
use super::super::super::selection::{Obj, Selection};
use super::super::{Canvas, paint};
use super::{Pointer, ToolBehaviour, ToolInput};
use crate::drawing::colors;

/// The Draw region tool.
pub(super) struct Region;

impl ToolBehaviour for Region {
    fn clicked(&self, canvas: &mut Canvas, input: &mut ToolInput<'_>, at: Pos2, pointer: &Pointer) {
        let pt = canvas.snap_point(canvas.view.to_point(at));
        let corners = canvas.region_points.len();
        let on_first = canvas
            .region_points
            .first()
            .is_some_and(|f| canvas.view.to_screen(pos2(f.x, f.y)).distance(at) < 8.0);
        if corners >= 3 && (on_first || pointer.double_clicked) {
            canvas.finish_region(input.doc, input.selection);
        } else {
            canvas.region_points.push(pt);
        }
    }

    fn paint(&self, canvas: &Canvas, painter: &Painter, _: &Document, pointer: Option<Pos2>) {
        if canvas.region_points.is_empty() {
            return;
        }
        let v = &canvas.view;
        let mut pts: Vec<Pos2> = canvas
            .region_points
            .iter()
            .map(|p| v.to_screen(pos2(p.x, p.y)))
            .collect();
        for p in &pts {
            painter.circle_filled(*p, 4.0, colors::HOVER);
        }
        pts.extend(pointer);
        paint::preview_line(painter, pts, false);
    }
}

impl Canvas {
    /// Closes the region being drawn (Enter, or a click on its first corner).
    pub fn finish_region(&mut self, doc: &mut Document, selection: &mut Selection) {
        let mut points = std::mem::take(&mut self.region_points);
        // A double click adds the same corner twice.
        points.dedup_by(|a, b| edit::dist(*a, *b) < 0.5);
        if points.len() < 3 {
            return;
        }
        let i = doc.edit("Draw region", |d| {
            edit::add_region(d, points, RegionKind::Land)
        });
        selection.select_only(Obj::Region(i));
    }
}
