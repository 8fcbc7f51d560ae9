//! The Bend route tool: a click on a route adds a bend point there. Bend
//! points (of every route with this tool, of the selected routes with any
//! other) show as handles, move by dragging and go by a right-click.

use egui::{Color32, Painter, Pos2, pos2};

use super::super::super::document::Document;
use super::super::super::edit::{self, Drag};
use super::super::super::selection::{Obj, Selection};
use super::super::Canvas;
use super::{Gesture, Pointer, Tool, ToolBehaviour, ToolInput};
use crate::drawing::colors;

/// The Bend route tool.
pub(super) struct Bend;

impl ToolBehaviour for Bend {
    fn drag_started(
        &self,
        canvas: &Canvas,
        input: &mut ToolInput<'_>,
        start: Pos2,
        _: &Pointer,
    ) -> Gesture {
        drag_at(canvas, input.doc, input.selection, start).unwrap_or_default()
    }

    fn clicked(&self, canvas: &mut Canvas, input: &mut ToolInput<'_>, at: Pos2, _: &Pointer) {
        if let Some(Obj::Route(r)) = canvas.hit(at) {
            let pt = canvas.snap_point(canvas.view.to_point(at));
            input
                .doc
                .edit("Add bend point", |d| edit::insert_bend(d, r, pt));
            input.selection.select_only(Obj::Route(r));
        }
    }
}

/// Whether a route's bend points can be grabbed: all with the Bend tool,
/// the selected routes' with the others.
fn handles_shown(canvas: &Canvas, selection: &Selection, route: usize) -> bool {
    canvas.tool == Tool::Bend || selection.contains(Obj::Route(route))
}

/// The bend point (route, index) at a screen point, among those shown.
fn hit(canvas: &Canvas, doc: &Document, selection: &Selection, at: Pos2) -> Option<(usize, usize)> {
    let p = canvas.view.to_board(at);
    let slop = 6.0 / canvas.view.scale;
    doc.design.routes.iter().enumerate().find_map(|(i, r)| {
        if !handles_shown(canvas, selection, i) {
            return None;
        }
        r.bends
            .0
            .iter()
            .position(|b| pos2(b.x, b.y).distance(p) <= slop)
            .map(|k| (i, k))
    })
}

/// The drag of the bend point at `at`, if there is one.
pub(super) fn drag_at(
    canvas: &Canvas,
    doc: &Document,
    selection: &Selection,
    at: Pos2,
) -> Option<Gesture> {
    let (route, bend) = hit(canvas, doc, selection, at)?;
    Some(Gesture::Edit(Drag::Bend { route, bend }))
}

/// Removes the bend point at `at` (a right-click); returns whether there was
/// one.
pub(super) fn remove_at(
    canvas: &Canvas,
    doc: &mut Document,
    selection: &Selection,
    at: Pos2,
) -> bool {
    let Some((route, bend)) = hit(canvas, doc, selection, at) else {
        return false;
    };
    doc.edit("Remove bend point", |d| {
        if let Some(r) = d.routes.get_mut(route) {
            r.bends.0.remove(bend);
        }
    });
    true
}

/// Paints the handles of the bend points that can be grabbed.
pub(super) fn paint_handles(
    canvas: &Canvas,
    painter: &Painter,
    doc: &Document,
    selection: &Selection,
) {
    let v = &canvas.view;
    for (i, r) in doc.design.routes.iter().enumerate() {
        if r.bends.is_empty() || !handles_shown(canvas, selection, i) {
            continue;
        }
        for b in &r.bends.0 {
            let p = v.to_screen(pos2(b.x, b.y));
            if v.rect.contains(p) {
                painter.circle(
                    p,
                    4.5,
                    Color32::WHITE,
                    egui::Stroke::new(1.5, colors::HOVER),
                );
            }
        }
    }
}
