//! The Add city tool: a click places a city with a fresh name, selected, its
//! name field in the inspector focused.

use egui::Pos2;

use super::super::super::edit;
use super::super::super::selection::Obj;
use super::super::Canvas;
use super::{Pointer, ToolBehaviour, ToolInput};

/// The Add city tool.
pub(super) struct AddCity;

impl ToolBehaviour for AddCity {
    fn clicked(&self, canvas: &mut Canvas, input: &mut ToolInput<'_>, at: Pos2, _: &Pointer) {
        let pt = canvas.snap_point(canvas.view.to_point(at));
        let i = input.doc.edit("Add city", |d| edit::add_city(d, pt));
        input.selection.select_only(Obj::City(i));
        input.out.focus_name = true;
    }
}
