//! The selected ticket's editor (the right panel of a card-game design): its
//! ends and points as text that is checked when entered, and a chip per deck
//! colour with buttons to need one card more or fewer. Every change is one
//! undo step; a refused value is shown with its reason and changes nothing.

use egui::{Button, Color32, RichText, Role, TextEdit, Ui, WidgetInfo};

use super::chips::chip;
use super::ticket_edit::{self, End, TicketEditError};
use crate::app::document::Document;
use crate::app::selection::{Obj, Selection};
use crate::drawing::colors::Palette;

/// The ticket editor's state: the texts being typed and the last refusal.
#[derive(Default)]
pub struct TicketEditor {
    /// (ticket, generation) the texts were filled for.
    shown: Option<(usize, u64)>,
    from: String,
    to: String,
    points: String,
    error: Option<String>,
}

/// A field of the ticket being typed into.
#[derive(Clone, Copy)]
enum Field {
    From,
    To,
    Points,
}

impl TicketEditor {
    /// Shows the editor of the single selected ticket, with `colors` (the
    /// deck's, in order) offered as chips; returns a status message.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        doc: &mut Document,
        selection: &mut Selection,
        colors: &[String],
    ) -> Option<String> {
        ui.heading("Ticket");
        let tickets = selection.tickets();
        let [i] = tickets[..] else {
            ui.label(if tickets.is_empty() {
                "Select a ticket in the table to edit it."
            } else {
                "Several tickets are selected: their paths are lit on the map. Select one to edit it."
            });
            return None;
        };
        let t = doc.design.tickets.get(i).cloned()?;
        if self.shown != Some((i, doc.generation())) {
            self.shown = Some((i, doc.generation()));
            self.from.clone_from(&t.from);
            self.to.clone_from(&t.to);
            self.points = t.points.to_string();
        }
        let mut commit: Option<Field> = None;
        egui::Grid::new("card ticket")
            .num_columns(2)
            .show(ui, |ui| {
                for (field, label, hint) in [
                    (Field::From, "From city", "a city"),
                    (Field::To, "To city", "a city"),
                    (Field::Points, "Ticket points", "0 to 1000"),
                ] {
                    let l = ui.label(label);
                    let buf = match field {
                        Field::From => &mut self.from,
                        Field::To => &mut self.to,
                        Field::Points => &mut self.points,
                    };
                    let r = ui
                        .add(
                            TextEdit::singleline(buf)
                                .hint_text(hint)
                                .desired_width(160.0),
                        )
                        .labelled_by(l.id);
                    if r.lost_focus() {
                        commit = Some(field);
                    }
                    ui.end_row();
                }
            });
        let mut status = None;
        if let Some(field) = commit {
            let result: Option<Result<(), TicketEditError>> = match field {
                Field::From if self.from != t.from => {
                    let name = self.from.clone();
                    Some(doc.edit("Set ticket end", |d| {
                        ticket_edit::set_end(d, i, End::From, &name)
                    }))
                }
                Field::To if self.to != t.to => {
                    let name = self.to.clone();
                    Some(doc.edit("Set ticket end", |d| {
                        ticket_edit::set_end(d, i, End::To, &name)
                    }))
                }
                Field::Points if self.points.trim() != t.points.to_string() => {
                    let text = self.points.clone();
                    Some(doc.edit("Set ticket points", |d| {
                        ticket_edit::set_points(d, i, &text)
                    }))
                }
                _ => None,
            };
            match result {
                Some(Ok(())) => self.error = None,
                Some(Err(e)) => {
                    self.error = Some(format!("Refused: {e}."));
                    self.shown = None;
                }
                None => {}
            }
        }
        if let Some(e) = &self.error {
            ui.colored_label(Color32::from_rgb(220, 50, 50), e);
        }
        ui.separator();
        ui.label(RichText::new("Cards it needs").strong());
        let palette = Palette::default();
        let mut kinds: Vec<String> = colors.to_vec();
        kinds.extend(t.cards.keys().filter(|c| !colors.contains(c)).cloned());
        let mut step: Option<(String, i32)> = None;
        egui::Grid::new("card ticket cards")
            .num_columns(3)
            .striped(true)
            .show(ui, |ui| {
                for kind in &kinds {
                    let n = t.cards.get(kind).copied().unwrap_or(0);
                    chip(ui, kind, n, &palette);
                    ui.label(if colors.contains(kind) {
                        RichText::new(kind.as_str())
                    } else {
                        RichText::new(format!("{kind} (not in the deck)"))
                            .color(Color32::from_rgb(220, 50, 50))
                    });
                    ui.horizontal(|ui| {
                        for (text, delta, name) in [("-", -1, "Fewer"), ("+", 1, "More")] {
                            let label = format!("{name} {kind} cards");
                            let b = ui.add_enabled(delta > 0 || n > 0, Button::new(text));
                            b.widget_info(|| {
                                WidgetInfo::labeled(Role::Button, delta > 0 || n > 0, &label)
                            });
                            if b.on_hover_text(&label).clicked() {
                                step = Some((kind.clone(), delta));
                            }
                        }
                    });
                    ui.end_row();
                }
            });
        if let Some((kind, delta)) = step {
            let label = if delta > 0 {
                "Add a card"
            } else {
                "Remove a card"
            };
            match doc.edit(label, |d| ticket_edit::step_cards(d, i, &kind, delta)) {
                Ok(()) => self.error = None,
                Err(e) => self.error = Some(format!("Refused: {e}.")),
            }
        }
        if !t.path.is_empty() {
            ui.label(format!("Path on the source map: {}", t.path.join(" -> ")));
        }
        ui.separator();
        if ui
            .button("Delete ticket")
            .on_hover_text("Delete this ticket (undo brings it back)")
            .clicked()
        {
            doc.edit("Delete ticket", |d| {
                crate::app::edit::delete(d, &[Obj::Ticket(i)]);
            });
            selection.clear();
            self.shown = None;
            status = Some(format!("Deleted ticket {}.", t.display_name()));
        }
        status
    }
}
