//! The Select tool: a click selects (Shift-click adds or removes), a drag
//! moves the selected cities or a grabbed bend point, Alt+drag moves an
//! unlocked background image, and a drag on empty map selects what lies in
//! its box.

use egui::{Color32, Painter, Pos2, Rect};

use super::super::super::document::Document;
use super::super::super::edit::Drag;
use super::super::super::selection::{Obj, Selection};
use super::super::Canvas;
use super::{Gesture, Pointer, ToolBehaviour, ToolInput, bend};
use crate::drawing::colors;

/// The Select tool.
pub(super) struct Select;

impl ToolBehaviour for Select {
    fn drag_started(
        &self,
        canvas: &Canvas,
        input: &mut ToolInput<'_>,
        start: Pos2,
        pointer: &Pointer,
    ) -> Gesture {
        if let Some(g) = bend::drag_at(canvas, input.doc, input.selection, start) {
            return g;
        }
        if let Some(Obj::City(i)) = canvas.hit(start) {
            if !input.selection.contains(Obj::City(i)) {
                if pointer.shift {
                    input.selection.add(Obj::City(i));
                } else {
                    input.selection.select_only(Obj::City(i));
                }
            }
            return Gesture::Edit(Drag::Cities(input.selection.cities()));
        }
        let background_free = input
            .doc
            .design
            .terrain
            .background
            .as_ref()
            .is_some_and(|b| !b.locked);
        if pointer.alt && background_free {
            Gesture::Edit(Drag::Background)
        } else {
            Gesture::Box { start }
        }
    }

    fn drag_stopped(
        &self,
        canvas: &mut Canvas,
        input: &mut ToolInput<'_>,
        gesture: Gesture,
        pointer: &Pointer,
    ) {
        if let (Gesture::Box { start }, Some(end)) = (gesture, pointer.at) {
            box_select(
                canvas,
                input.selection,
                Rect::from_two_pos(start, end),
                pointer.shift,
            );
        }
    }

    fn clicked(&self, canvas: &mut Canvas, input: &mut ToolInput<'_>, at: Pos2, pointer: &Pointer) {
        match canvas.hit(at) {
            Some(o) if pointer.shift => input.selection.toggle(o),
            Some(o) => input.selection.select_only(o),
            None if !pointer.shift => input.selection.clear(),
            None => {}
        }
    }

    fn paint(&self, canvas: &Canvas, painter: &Painter, _: &Document, pointer: Option<Pos2>) {
        if let (Gesture::Box { start }, Some(end)) = (&canvas.gesture, pointer) {
            let r = Rect::from_two_pos(*start, end);
            painter.rect_filled(r, 0.0, Color32::from_rgba_unmultiplied(90, 170, 255, 40));
            painter.rect_stroke(
                r,
                0.0,
                egui::Stroke::new(1.0, colors::HOVER),
                egui::StrokeKind::Inside,
            );
        }
    }
}

/// Selects the cities and whole routes inside `screen` (added to the
/// selection when `add`).
fn box_select(canvas: &Canvas, selection: &mut Selection, screen: Rect, add: bool) {
    let Some(g) = &canvas.geometry else { return };
    let v = &canvas.view;
    let r = Rect::from_two_pos(v.to_board(screen.min), v.to_board(screen.max));
    let mut picked: Vec<Obj> = g
        .city_index
        .query(r)
        .into_iter()
        .filter(|&i| g.cities.get(i).is_some_and(|p| r.contains(*p)))
        .map(Obj::City)
        .collect();
    picked.extend(
        g.route_index
            .query(r)
            .into_iter()
            .filter(|&i| {
                g.routes
                    .get(i)
                    .is_some_and(|rg| !rg.line.is_empty() && rg.line.iter().all(|p| r.contains(*p)))
            })
            .map(Obj::Route),
    );
    if !add {
        selection.clear();
    }
    for o in picked {
        selection.add(o);
    }
}
