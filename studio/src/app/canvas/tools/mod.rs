//! The map's editing tools, one file each, and what they share: the gesture
//! in progress, one frame of pointer input, and the dispatch of that input
//! to the active tool.
//!
//! Drags that move things (cities, bend points, the background) are
//! [`edit::Drag`]s whichever tool starts them: each pointer movement moves
//! the document a little more through [`Document::drag`] (so the map shows
//! it at once) and the release makes the whole drag one undo step
//! ([`Document::end_drag`]); Escape or a tool change drops it.

mod add_city;
mod add_route;
mod add_ticket;
mod bend;
mod region;
mod select;

use egui::{Painter, PointerButton, Pos2, Response, Ui};
use formats::Point;

use super::super::document::Document;
use super::super::edit;
use super::super::selection::Selection;
use super::{Canvas, CanvasOutput};

/// The editing tools. Their keys are in [`crate::app::command::UICommand`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tool {
    /// Click, Shift-click, box select, drag to move.
    Select,
    /// Click to add a city.
    AddCity,
    /// Drag from city to city.
    AddRoute,
    /// Click two cities.
    AddTicket,
    /// Click a route to bend it; drag bend points.
    Bend,
    /// Click the corners of a terrain region.
    Region,
}

impl Tool {
    /// Every tool, in toolbar order.
    pub const ALL: [Tool; 6] = [
        Tool::Select,
        Tool::AddCity,
        Tool::AddRoute,
        Tool::AddTicket,
        Tool::Bend,
        Tool::Region,
    ];

    /// The toolbar label.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::AddCity => "Add city",
            Tool::AddRoute => "Add route",
            Tool::AddTicket => "Add ticket",
            Tool::Bend => "Bend route",
            Tool::Region => "Draw region",
        }
    }

    /// A one-line hint for the status bar.
    pub fn hint(self) -> &'static str {
        match self {
            Tool::Select => {
                "Click or Shift-click to select, drag to move or box-select, arrows nudge."
            }
            Tool::AddCity => "Click to place a city; type its name at once in the inspector.",
            Tool::AddRoute => "Drag from one city to another; the length follows the distance.",
            Tool::AddTicket => {
                "Click two cities; points come from the shortest path, shown lit meanwhile."
            }
            Tool::Bend => {
                "Click a route to add a bend point; drag bend points; right-click one to remove it."
            }
            Tool::Region => {
                "Click the corners of a region; click the first corner or press Enter to close it."
            }
        }
    }

    /// What the tool does with the pointer.
    fn behaviour(self) -> &'static dyn ToolBehaviour {
        match self {
            Tool::Select => &select::Select,
            Tool::AddCity => &add_city::AddCity,
            Tool::AddRoute => &add_route::AddRoute,
            Tool::AddTicket => &add_ticket::AddTicket,
            Tool::Bend => &bend::Bend,
            Tool::Region => &region::Region,
        }
    }
}

/// A pointer gesture in progress.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) enum Gesture {
    /// None.
    #[default]
    Idle,
    /// Panning the view.
    Pan,
    /// Moving something: an edit previewed until the release.
    Edit(edit::Drag),
    /// Box selection from `start` (screen) to the pointer.
    Box {
        /// Where the box began, on screen.
        start: Pos2,
    },
    /// A route being drawn from city `from` to the pointer.
    Route {
        /// The city it starts at.
        from: usize,
    },
}

/// One frame of pointer input, as the tools see it.
struct Pointer {
    /// Where the pointer is, or was last seen over the map (a release may
    /// come with the pointer already gone).
    at: Option<Pos2>,
    /// Shift is held: add to the selection.
    shift: bool,
    /// Alt is held: drag the background image.
    alt: bool,
    /// This click is the second of a double click.
    double_clicked: bool,
}

/// What a tool works on during one frame.
struct ToolInput<'a> {
    /// The document.
    doc: &'a mut Document,
    /// The selection.
    selection: &'a mut Selection,
    /// What to ask of the canvas's host.
    out: &'a mut CanvasOutput,
}

/// What a tool does with the pointer. A tool handles only what it uses; the
/// rest is ignored.
trait ToolBehaviour {
    /// A primary drag begins at `start` (screen): the gesture it begins.
    fn drag_started(
        &self,
        _canvas: &Canvas,
        _input: &mut ToolInput<'_>,
        _start: Pos2,
        _pointer: &Pointer,
    ) -> Gesture {
        Gesture::Idle
    }

    /// A gesture this tool began (not an edit drag) ends at the release.
    fn drag_stopped(
        &self,
        _canvas: &mut Canvas,
        _input: &mut ToolInput<'_>,
        _gesture: Gesture,
        _pointer: &Pointer,
    ) {
    }

    /// A primary click at `at` (screen).
    fn clicked(
        &self,
        _canvas: &mut Canvas,
        _input: &mut ToolInput<'_>,
        _at: Pos2,
        _pointer: &Pointer,
    ) {
    }

    /// Paints what the tool has half done, up to the pointer.
    fn paint(&self, _canvas: &Canvas, _painter: &Painter, _doc: &Document, _pointer: Option<Pos2>) {
    }
}

impl Canvas {
    /// Hands one frame of the pointer to the active tool, and moves, drops
    /// or removes what the tools share (edit drags, bend points).
    pub(super) fn handle_tool(
        &mut self,
        ui: &Ui,
        response: &Response,
        doc: &mut Document,
        selection: &mut Selection,
        out: &mut CanvasOutput,
    ) {
        let press = ui.input(|i| i.pointer.press_origin());
        let pointer = Pointer {
            at: response
                .hover_pos()
                .or(self.last_pointer)
                .or(response.interact_pointer_pos()),
            shift: ui.input(|i| i.modifiers.shift),
            alt: ui.input(|i| i.modifiers.alt),
            double_clicked: response.double_clicked(),
        };
        if let Some(p) = response.hover_pos().or(response.interact_pointer_pos()) {
            self.last_pointer = Some(p);
        }
        let tool = self.tool.behaviour();
        let mut input = ToolInput {
            doc,
            selection,
            out,
        };

        if response.drag_started_by(PointerButton::Primary)
            && let Some(start) = press
        {
            self.gesture = tool.drag_started(self, &mut input, start, &pointer);
        }
        if response.dragged_by(PointerButton::Primary)
            && let Gesture::Edit(drag) = &self.gesture
        {
            let d = response.drag_delta() / self.view.scale;
            input.doc.drag(drag, Point { x: d.x, y: d.y });
        }
        if response.drag_stopped_by(PointerButton::Primary) {
            match std::mem::take(&mut self.gesture) {
                Gesture::Edit(drag) => input.doc.end_drag(&drag, self.grid()),
                Gesture::Idle | Gesture::Pan => {}
                gesture => tool.drag_stopped(self, &mut input, gesture, &pointer),
            }
        }
        if response.secondary_clicked()
            && let Some(p) = pointer.at
            && bend::remove_at(self, input.doc, input.selection, p)
        {
            return;
        }
        if response.clicked_by(PointerButton::Primary)
            && let Some(p) = pointer.at
        {
            tool.clicked(self, &mut input, p, &pointer);
        }
    }

    /// Paints what the active tool has half done, and the bend handles.
    pub(super) fn paint_tool_feedback(
        &self,
        painter: &Painter,
        doc: &Document,
        selection: &Selection,
        pointer: Option<Pos2>,
    ) {
        self.tool.behaviour().paint(self, painter, doc, pointer);
        bend::paint_handles(self, painter, doc, selection);
    }
}
