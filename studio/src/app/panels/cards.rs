//! The Cards panel: the train-card deck — cards per colour, locomotives, and
//! the total — edited as overrides of the preset's deck.

use egui::{Color32, DragValue, Grid, TextEdit, Ui};
use serde_yaml::Value;

use super::labelled;
use super::rules::set_path;
use crate::app::canvas::colors::Palette;
use crate::app::document::Document;

/// The Cards panel.
#[derive(Default)]
pub struct CardsPanel {
    new_color: String,
    error: Option<String>,
}

fn set_cards(doc: &mut Document, path: &str, value: Value, label: &str) -> Result<(), String> {
    let mut cards = doc.design.cards.clone();
    set_path(&mut cards, path, value);
    formats::rules::resolve(&doc.design.rules, &cards)
        .map_err(|e| format!("{}: {}", e.path, e.message))?;
    doc.edit_merging(label, path, |d| d.cards = cards);
    Ok(())
}

impl CardsPanel {
    /// Shows the panel.
    pub fn ui(&mut self, ui: &mut Ui, doc: &mut Document) {
        let deck = match formats::rules::resolve(&doc.design.rules, &doc.design.cards) {
            Ok((_, deck)) => deck,
            Err(e) => {
                ui.colored_label(Color32::RED, format!("{}: {}", e.path, e.message));
                return;
            }
        };
        let palette = Palette::of(&doc.design);
        ui.label(format!(
            "{} train cards: {} colours and {} locomotives.",
            deck.total(),
            deck.colors.len(),
            deck.locomotives
        ));
        let mut change: Option<(String, u8)> = None;
        Grid::new("deck")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                for (name, &count) in &deck.colors {
                    ui.horizontal(|ui| {
                        let (r, _) =
                            ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                        ui.painter().rect_filled(r, 3.0, palette.route(name));
                        ui.label(name)
                    });
                    let mut n = count;
                    let label = format!("{name} cards");
                    let resp = ui.add(DragValue::new(&mut n).range(0..=99));
                    resp.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &label)
                    });
                    if n != count {
                        change = Some((name.clone(), n));
                    }
                    ui.end_row();
                }
            });
        if let Some((name, n)) = change {
            self.error = set_cards(
                doc,
                &format!("colors.{name}"),
                Value::from(n),
                "Set card count",
            )
            .err();
        }
        let mut locos = deck.locomotives;
        let r = labelled(ui, "Locomotives", |ui| {
            ui.add(DragValue::new(&mut locos).range(0..=99))
        });
        if r.changed() {
            self.error = set_cards(doc, "locomotives", Value::from(locos), "Set locomotives").err();
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
                self.error = set_cards(
                    doc,
                    &format!("colors.{name}"),
                    Value::from(12),
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
