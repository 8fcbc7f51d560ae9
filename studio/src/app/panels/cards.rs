//! The Cards panel: the train-card deck — cards per colour, locomotives, and
//! the total — edited as overrides of the preset's deck, for the board game
//! and the card game alike (each reads the deck with its own preset); each
//! change is checked to resolve before it is made.

use egui::{Color32, DragValue, Grid, Role, TextEdit, Ui, WidgetInfo};
use formats::GameFile;
use formats::rules::{Deck, ResolveError};
use serde_yaml::{Mapping, Value};

use super::rules::{EditError, set_path};
use crate::app::card_editor::chips::paint_swatch;
use crate::app::document::Document;
use crate::drawing::colors::Palette;

/// The Cards panel.
#[derive(Default)]
pub struct CardsPanel {
    /// The colour a finding is about (TL109), lit in the table.
    pub highlight: Option<String>,
    new_color: String,
    error: Option<EditError>,
}

/// The deck `cards` give with `design`'s rules, read by its family.
fn deck_of(design: &GameFile, cards: &Mapping) -> Result<Deck, ResolveError> {
    (formats::families::of(design.family).deck)(&design.rules, cards)
}

/// The deck's colours that have cards, in order (none when the rules do not
/// resolve; the Diagnostics panel says why).
pub fn deck_colors(design: &GameFile) -> Vec<String> {
    deck_of(design, &design.cards)
        .map(|deck| deck.colors_in_play())
        .unwrap_or_default()
}

/// Sets `path` below `cards:` to `value`, if the deck still resolves.
fn set_cards(doc: &mut Document, path: &str, value: Value, label: &str) -> Result<(), EditError> {
    let mut cards = doc.design.cards.clone();
    set_path(&mut cards, path, value);
    deck_of(&doc.design, &cards)?;
    doc.edit_merging(label, path, |d| d.cards = cards);
    Ok(())
}

/// A card kind's swatch (a locomotive's striped) and name, on a lit
/// background when a finding is about it.
fn swatch_label(ui: &mut Ui, kind: &str, palette: &Palette, lit: bool) {
    ui.horizontal(|ui| {
        let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 16.0), egui::Sense::hover());
        paint_swatch(ui, r, kind, palette);
        if lit {
            let text = egui::RichText::new(kind)
                .strong()
                .background_color(ui.visuals().selection.bg_fill);
            ui.label(text);
        } else {
            ui.label(kind);
        }
    });
}

impl CardsPanel {
    /// Shows the panel.
    pub fn ui(&mut self, ui: &mut Ui, doc: &mut Document) {
        let deck = match deck_of(&doc.design, &doc.design.cards) {
            Ok(deck) => deck,
            Err(e) => {
                ui.colored_label(Color32::RED, format!("{}: {}", e.path, e.message));
                return;
            }
        };
        let palette = Palette::of(&doc.design);
        ui.label(format!(
            "{}: {} and {}.",
            engine::words::count(deck.total(), "train card"),
            engine::words::count(deck.colors.len(), "colour"),
            engine::words::count(deck.locomotives, "locomotive")
        ));
        let mut change: Option<(String, Value)> = None;
        let mut locos = deck.locomotives;
        Grid::new("deck")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                for (name, &count) in &deck.colors {
                    swatch_label(ui, name, &palette, self.highlight.as_ref() == Some(name));
                    let mut n = count;
                    let label = format!("{name} cards");
                    let r = ui.add(DragValue::new(&mut n).range(0..=250));
                    r.widget_info(|| WidgetInfo::labeled(Role::SpinButton, true, &label));
                    if n != count {
                        change = Some((format!("colors.{name}"), Value::from(n)));
                    }
                    ui.end_row();
                }
                swatch_label(ui, "locomotives", &palette, false);
                let r = ui.add(DragValue::new(&mut locos).range(0..=250));
                r.widget_info(|| WidgetInfo::labeled(Role::SpinButton, true, "Locomotives"));
                ui.end_row();
            });
        if locos != deck.locomotives {
            change = Some(("locomotives".into(), Value::from(locos)));
        }
        if let Some((path, value)) = change {
            let label = if path == "locomotives" {
                "Set locomotives"
            } else {
                "Set card count"
            };
            self.error = set_cards(doc, &path, value, label).err();
        }
        ui.horizontal(|ui| {
            let l = ui.label("New colour");
            ui.add(TextEdit::singleline(&mut self.new_color).desired_width(100.0))
                .labelled_by(l.id);
            let name = self.new_color.trim().to_lowercase();
            if ui
                .add_enabled(!name.is_empty(), egui::Button::new("Add colour"))
                .on_hover_text("A new colour with as many cards as the last one")
                .clicked()
            {
                let count = deck.colors.values().last().copied().unwrap_or(10);
                self.error = set_cards(
                    doc,
                    &format!("colors.{name}"),
                    Value::from(count),
                    "Add colour",
                )
                .err();
                self.new_color.clear();
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(Color32::from_rgb(220, 50, 50), e.to_string());
        }
    }
}
