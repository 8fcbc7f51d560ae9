//! The Add route tool: a drag from city to city adds a gray route whose
//! length follows the drawn distance, shown beside the pointer meanwhile.

use egui::{Painter, Pos2, pos2, vec2};

use super::super::super::document::Document;
use super::super::super::edit;
use super::super::super::selection::Obj;
use super::super::labels::label;
use super::super::{Canvas, paint};
use super::{Gesture, Pointer, ToolBehaviour, ToolInput};

/// The Add route tool.
pub(super) struct AddRoute;

impl ToolBehaviour for AddRoute {
    fn drag_started(
        &self,
        canvas: &Canvas,
        _: &mut ToolInput<'_>,
        start: Pos2,
        _: &Pointer,
    ) -> Gesture {
        match canvas.hit(start) {
            Some(Obj::City(from)) => Gesture::Route { from },
            _ => Gesture::Idle,
        }
    }

    fn drag_stopped(
        &self,
        canvas: &mut Canvas,
        input: &mut ToolInput<'_>,
        gesture: Gesture,
        pointer: &Pointer,
    ) {
        let Gesture::Route { from } = gesture else {
            return;
        };
        let Some(Obj::City(to)) = pointer.at.and_then(|p| canvas.hit(p)) else {
            input.out.status = Some("A route must end on a city.".into());
            return;
        };
        if let Some(r) = input
            .doc
            .edit("Add route", |d| edit::add_route(d, from, to))
        {
            input.selection.select_only(Obj::Route(r));
            let len = input.doc.design.routes[r].length;
            input.out.status = Some(format!(
                "Added a route of {}; set its colour in the inspector.",
                engine::words::count(len, "space")
            ));
        }
    }

    fn clicked(&self, _: &mut Canvas, input: &mut ToolInput<'_>, _: Pos2, _: &Pointer) {
        input.out.status = Some("Drag from one city to another to add a route.".into());
    }

    fn paint(&self, canvas: &Canvas, painter: &Painter, doc: &Document, pointer: Option<Pos2>) {
        let Gesture::Route { from } = canvas.gesture else {
            return;
        };
        let (Some(end), Some(c)) = (pointer, doc.design.cities.get(from)) else {
            return;
        };
        let v = &canvas.view;
        let a = v.to_screen(pos2(c.x, c.y));
        paint::preview_line(painter, vec![a, end], false);
        let dist = v.to_board(a).distance(v.to_board(end));
        let len = edit::suggested_length(&doc.design, dist);
        label(
            painter,
            end + vec2(12.0, -12.0),
            &engine::words::count(len, "space"),
        );
    }
}
