//! The special cards table of a dice design: delivery tickets (two
//! stations and their points) and goods cards (two goods), with the copies
//! of each. Cells are text fields that take effect when left; a name that
//! is no station (or no goods deck) is refused with the reason.

use egui::{Button, Color32, Grid, RichText, ScrollArea, TextEdit, Ui};

use super::edit::{self, Refused, SpecialKind, SpecialNumber};
use super::inspector::apply;
use crate::app::document::Document;

/// The table's cell texts and its last refusal.
#[derive(Default)]
pub struct SpecialsState {
    generation: u64,
    cells: Vec<[String; 4]>,
    error: Option<String>,
}

/// The goods decks the design's rules name (the preset's when they do not
/// resolve).
fn goods(doc: &Document) -> Vec<String> {
    formats::dice::resolve(&doc.design.rules)
        .or_else(|_| formats::dice::resolve(&serde_yaml::Mapping::new()))
        .map(|r| r.goods.keys().cloned().collect())
        .unwrap_or_default()
}

/// The four editable cells of every card: first, second, points, copies.
fn cells_of(doc: &Document) -> Vec<[String; 4]> {
    doc.design.specials.iter().map(cells_of_card).collect()
}

/// One edit a cell or button asks for.
enum Change {
    Name(usize, usize, String),
    Number(usize, SpecialNumber, String),
    Add(SpecialKind),
    Delete(usize),
}

/// Shows the table; `picked` is the highlighted row (a diagnostic's card).
pub fn ui(ui: &mut Ui, st: &mut SpecialsState, picked: &mut Option<usize>, doc: &mut Document) {
    if st.generation != doc.generation() {
        st.cells = cells_of(doc);
        st.generation = doc.generation();
    }
    let goods = goods(doc);
    let mut change = None;
    ui.horizontal_wrapped(|ui| {
        if ui.button("Add delivery ticket").clicked() {
            change = Some(Change::Add(SpecialKind::Ticket));
        }
        if ui.button("Add goods card").clicked() {
            change = Some(Change::Add(SpecialKind::Goods));
        }
    });
    ui.label(
        RichText::new(format!(
            "Tickets name two stations; goods cards two of: {}.",
            goods.join(", ")
        ))
        .small()
        .weak(),
    );
    if let Some(e) = &st.error {
        ui.colored_label(Color32::from_rgb(220, 50, 50), e);
    }
    // Scrolled both ways, so a long table never widens the side panel past
    // its size (which would narrow the inspector at the other side).
    ScrollArea::both()
        .id_salt("dice-specials")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            Grid::new("dice-specials-grid")
                .striped(true)
                .show(ui, |ui| {
                    for h in ["#", "Kind", "First", "Second", "Points", "Copies", ""] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for (k, card) in doc.design.specials.iter().enumerate() {
                        let Some(cells) = st.cells.get_mut(k) else {
                            break;
                        };
                        let n = k + 1;
                        if ui
                            .add(Button::selectable(*picked == Some(k), n.to_string()))
                            .clicked()
                        {
                            *picked = Some(k);
                        }
                        let ticket = !card.ticket.is_empty();
                        ui.label(if ticket { "ticket" } else { "goods" });
                        let now = cells_of_card(card);
                        for (c, label) in
                            [(0, "first"), (1, "second"), (2, "points"), (3, "copies")]
                        {
                            if c == 2 && !ticket {
                                ui.label("-");
                                continue;
                            }
                            let width = if c < 2 { 80.0 } else { 30.0 };
                            let r = ui.add_sized(
                                [width, ui.spacing().interact_size.y],
                                TextEdit::singleline(&mut cells[c]),
                            );
                            // The column header is far away: each cell names
                            // its card and column for screen readers and tests.
                            ui.ctx().accesskit_node_builder(r.id, |node| {
                                node.set_label(format!("Card {n} {label}"));
                            });
                            if r.lost_focus() && cells[c] != now[c] {
                                let text = cells[c].trim().to_owned();
                                change = Some(match c {
                                    0 | 1 => Change::Name(k, c, text),
                                    2 => Change::Number(k, SpecialNumber::Points, text),
                                    _ => Change::Number(k, SpecialNumber::Count, text),
                                });
                            }
                        }
                        if ui
                            .small_button("Delete")
                            .on_hover_text(format!("Delete card {n}"))
                            .clicked()
                        {
                            change = Some(Change::Delete(k));
                        }
                        ui.end_row();
                    }
                });
        });
    let Some(change) = change else { return };
    let result = match change {
        Change::Name(k, which, name) => apply(doc, "Edit special card", |d| {
            edit::set_special_name(d, k, which, &name, &goods)
        }),
        Change::Number(k, field, text) => match text.parse::<u8>() {
            Ok(v) => apply(doc, "Edit special card", |d| {
                edit::set_special_number(d, k, field, v)
            }),
            Err(_) => Err(Refused::NotANumber(text)),
        },
        Change::Add(kind) => {
            let i = doc.edit("Add special card", |d| edit::add_special(d, kind, &goods));
            *picked = Some(i);
            Ok(())
        }
        Change::Delete(k) => {
            doc.edit("Delete special card", |d| edit::delete_special(d, k));
            *picked = None;
            Ok(())
        }
    };
    st.error = result.err().map(|e| e.to_string());
    st.cells = cells_of(doc);
    st.generation = doc.generation();
}

/// A card's cells as the design holds them.
fn cells_of_card(c: &formats::dice::SpecialSpec) -> [String; 4] {
    let names = if c.ticket.is_empty() {
        &c.goods
    } else {
        &c.ticket
    };
    [
        names.first().cloned().unwrap_or_default(),
        names.get(1).cloned().unwrap_or_default(),
        c.points.map(|p| p.to_string()).unwrap_or_default(),
        c.count.to_string(),
    ]
}
