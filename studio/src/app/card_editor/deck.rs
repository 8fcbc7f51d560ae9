//! The Cards panel of a card-game design: the train-card deck (cards per
//! colour and locomotives, read with the card-game preset) edited as
//! overrides; each change is checked to resolve before it is made.

use egui::{Color32, DragValue, Grid, Role, TextEdit, Ui, WidgetInfo};
use serde_yaml::Value;

use super::chips::paint_swatch;
use crate::app::canvas::colors::Palette;
use crate::app::document::Document;
use crate::app::panels::rules::set_path;

/// Sets `path` below `cards:` to `value`, if the deck still resolves.
pub fn set_deck(doc: &mut Document, path: &str, value: Value, label: &str) -> Result<(), String> {
    let mut cards = doc.design.cards.clone();
    set_path(&mut cards, path, value);
    formats::card_game::resolve(&doc.design.rules, &cards).map_err(|e| {
        format!(
            "cards.{}: {}",
            e.path.trim_start_matches("cards."),
            e.message
        )
    })?;
    doc.edit_merging(label, path, |d| d.cards = cards);
    Ok(())
}

/// A card kind's swatch and name.
fn swatch_label(ui: &mut Ui, kind: &str, palette: &Palette) {
    ui.horizontal(|ui| {
        let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 16.0), egui::Sense::hover());
        paint_swatch(ui, r, kind, palette);
        ui.label(kind);
    });
}

/// The deck panel.
#[derive(Default)]
pub struct DeckPanel {
    new_color: String,
    error: Option<String>,
}

impl DeckPanel {
    /// Shows the panel.
    pub fn ui(&mut self, ui: &mut Ui, doc: &mut Document) {
        let deck = match formats::card_game::resolve(&doc.design.rules, &doc.design.cards) {
            Ok((_, deck)) => deck,
            Err(e) => {
                ui.colored_label(Color32::RED, format!("{}: {}", e.path, e.message));
                return;
            }
        };
        let palette = Palette::default();
        ui.label(format!(
            "{} train cards: {} colours and {} locomotives.",
            deck.total(),
            deck.colors.len(),
            deck.locomotives
        ));
        let mut change: Option<(String, u8)> = None;
        let mut locos = deck.locomotives;
        Grid::new("card deck")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                for (name, &count) in &deck.colors {
                    swatch_label(ui, name, &palette);
                    let mut n = count;
                    let label = format!("{name} cards");
                    let r = ui.add(DragValue::new(&mut n).range(0..=250));
                    r.widget_info(|| WidgetInfo::labeled(Role::SpinButton, true, &label));
                    if n != count {
                        change = Some((name.clone(), n));
                    }
                    ui.end_row();
                }
                swatch_label(ui, "locomotives", &palette);
                let r = ui.add(DragValue::new(&mut locos).range(0..=250));
                r.widget_info(|| WidgetInfo::labeled(Role::SpinButton, true, "Locomotives"));
                ui.end_row();
            });
        if let Some((name, n)) = change {
            self.error = set_deck(
                doc,
                &format!("colors.{name}"),
                Value::from(n),
                "Set card count",
            )
            .err();
        } else if locos != deck.locomotives {
            self.error = set_deck(doc, "locomotives", Value::from(locos), "Set locomotives").err();
        }
        ui.horizontal(|ui| {
            let l = ui.label("New colour");
            ui.add(TextEdit::singleline(&mut self.new_color).desired_width(100.0))
                .labelled_by(l.id);
            let name = self.new_color.trim().to_lowercase();
            if ui
                .add_enabled(!name.is_empty(), egui::Button::new("Add colour"))
                .clicked()
            {
                self.error = set_deck(
                    doc,
                    &format!("colors.{name}"),
                    Value::from(10),
                    "Add colour",
                )
                .err();
                self.new_color.clear();
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(Color32::from_rgb(220, 50, 50), e);
        }
    }
}
