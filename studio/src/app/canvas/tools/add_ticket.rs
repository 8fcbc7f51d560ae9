//! The Add ticket tool: a click on one city, then another, adds a ticket
//! worth its shortest path, lit on the map (with its points beside the
//! pointer) while the second city is picked.

use egui::{Painter, Pos2, vec2};

use super::super::super::analysis;
use super::super::super::document::Document;
use super::super::super::edit;
use super::super::super::selection::Obj;
use super::super::Canvas;
use super::super::labels::label;
use super::{Pointer, ToolBehaviour, ToolInput};

/// The Add ticket tool.
pub(super) struct AddTicket;

impl ToolBehaviour for AddTicket {
    fn clicked(&self, canvas: &mut Canvas, input: &mut ToolInput<'_>, at: Pos2, _: &Pointer) {
        let Some(Obj::City(c)) = canvas.hit(at) else {
            input.out.status = Some("Click a city to start or finish the ticket.".into());
            return;
        };
        let a = match canvas.ticket_from {
            None => {
                canvas.ticket_from = Some(c);
                return;
            }
            Some(a) if a == c => {
                canvas.ticket_from = None;
                return;
            }
            Some(a) => a,
        };
        let doc = &mut *input.doc;
        let names = doc.design.cities.get(a).zip(doc.design.cities.get(c));
        let Some((from, to)) = names.map(|(x, y)| (x.name.clone(), y.name.clone())) else {
            canvas.ticket_from = None;
            return;
        };
        let path = analysis::shortest_path(&doc.design, doc.generation(), &from, &to);
        let points = path.as_ref().map_or(1, analysis::suggested_points);
        let t = doc.edit("Add ticket", |d| edit::add_ticket(d, &from, &to, points));
        input.selection.select_only(Obj::Ticket(t));
        canvas.ticket_from = None;
        canvas.ticket_preview = None;
        input.out.status = Some(match path {
            Some(p) => format!(
                "Added {from} - {to}: {}, the shortest path's {}.",
                engine::words::count(points, "point"),
                engine::words::count(p.spaces, "space")
            ),
            None => format!(
                "Added {from} - {to}; no points suggested until the design validates without errors and the cities are connected."
            ),
        });
    }

    fn paint(&self, canvas: &Canvas, painter: &Painter, _: &Document, pointer: Option<Pos2>) {
        if let Some((_, _, _, path)) = &canvas.ticket_preview
            && let Some(at) = pointer
        {
            let text = match path {
                Some(p) => format!(
                    "{} (shortest path)",
                    engine::words::count(analysis::suggested_points(p), "point")
                ),
                None => "not connected (or the design has errors)".into(),
            };
            label(painter, at + vec2(14.0, 14.0), &text);
        }
    }
}

impl Canvas {
    /// Finds the shortest path from the ticket's first city to the city under
    /// the pointer, when it is not the one already found.
    pub(in crate::app::canvas) fn update_ticket_preview(&mut self, doc: &Document) {
        let (Some(a), Some(Obj::City(b))) = (self.ticket_from, self.hover) else {
            self.ticket_preview = None;
            return;
        };
        if a == b {
            self.ticket_preview = None;
            return;
        }
        let fresh = self
            .ticket_preview
            .as_ref()
            .is_some_and(|(x, y, gen_, _)| (*x, *y, *gen_) == (a, b, doc.generation()));
        if !fresh {
            let path = doc
                .design
                .cities
                .get(a)
                .zip(doc.design.cities.get(b))
                .and_then(|(x, y)| {
                    analysis::shortest_path(&doc.design, doc.generation(), &x.name, &y.name)
                });
            self.ticket_preview = Some((a, b, doc.generation(), path));
        }
    }
}
