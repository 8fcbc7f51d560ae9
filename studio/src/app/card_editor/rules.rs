//! The Rules panel of a card-game design: every parameter of
//! [`formats::card_game::PARAMETERS`] with its value and the preset's, each
//! editable and resettable, and the Big City bonus list as rows of city and
//! points. An edit that would not resolve is refused with the reason, so the
//! file always loads again.

use std::collections::HashMap;

use egui::{Color32, RichText, ScrollArea, TextEdit, Ui};
use formats::card_game::{BigCity, PARAMETERS, PRESET};
use serde_yaml::{Mapping, Value};

use crate::app::document::Document;
use crate::app::panels::rules::{flow, get_path, remove_path, set_path};

/// The Big City list's key below `rules:`.
const BIG_CITIES: &str = "big_cities";

/// Sets parameter `path` of a card-game design's rules to `value`, if the
/// rules still resolve (else the reason, naming the field).
pub fn set_card_rule(doc: &mut Document, path: &str, value: Value) -> Result<(), String> {
    let mut rules = doc.design.rules.clone();
    set_path(&mut rules, path, value);
    formats::card_game::resolve(&rules, &doc.design.cards)
        .map_err(|e| format!("{}: {}", e.path, e.message))?;
    doc.edit(&format!("Set {path}"), |d| d.rules = rules);
    Ok(())
}

/// Sets parameter `path` from typed YAML text.
pub fn set_card_rule_text(doc: &mut Document, path: &str, text: &str) -> Result<(), String> {
    let value: Value = serde_yaml::from_str(text).map_err(|e| format!("`{text}`: {e}"))?;
    set_card_rule(doc, path, value)
}

/// Drops the override of `path`: the preset's value applies again.
pub fn reset_card_rule(doc: &mut Document, path: &str) {
    let mut rules = doc.design.rules.clone();
    remove_path(&mut rules, path);
    doc.edit(&format!("Reset {path}"), |d| d.rules = rules);
}

/// Writes the whole Big City list as an override.
pub fn set_big_cities(doc: &mut Document, cities: &[BigCity]) -> Result<(), String> {
    let value = serde_yaml::to_value(cities).map_err(|e| e.to_string())?;
    set_card_rule(doc, BIG_CITIES, value)
}

/// The card-game Rules panel.
#[derive(Default)]
pub struct CardRulesPanel {
    buffers: HashMap<String, String>,
    error: Option<String>,
    generation: u64,
}

impl CardRulesPanel {
    /// Shows the panel.
    pub fn ui(&mut self, ui: &mut Ui, doc: &mut Document) {
        if self.generation != doc.generation() {
            self.buffers.clear();
            self.generation = doc.generation();
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("Preset: {PRESET} (the rulebook's values)."));
            if ui
                .button("Use the card-game preset")
                .on_hover_text("Sets every rule to the rulebook's value (drops overrides)")
                .clicked()
            {
                let mut rules = Mapping::new();
                rules.insert("preset".into(), PRESET.into());
                doc.edit("Use card-game rules", |d| d.rules = rules);
                self.error = None;
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(Color32::from_rgb(220, 50, 50), e);
        }
        let (effective, _) =
            match formats::card_game::effective_sections(&doc.design.rules, &doc.design.cards) {
                Ok(s) => s,
                Err(e) => {
                    ui.colored_label(Color32::RED, format!("{}: {}", e.path, e.message));
                    return;
                }
            };
        let (preset_rules, _) = formats::card_game::preset_sections();
        let resolved = formats::card_game::resolve(&doc.design.rules, &doc.design.cards);
        let mut action: Option<(&'static str, Option<String>)> = None;
        let mut cities_edit: Option<Vec<BigCity>> = None;
        ScrollArea::vertical()
            .id_salt("card rules")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for p in PARAMETERS {
                    let overridden = get_path(&doc.design.rules, p.path).is_some();
                    let base = get_path(&preset_rules, p.path)
                        .map(flow)
                        .unwrap_or_default();
                    if p.path == BIG_CITIES {
                        if let Ok((rules, _)) = &resolved {
                            cities_edit = self.big_cities(ui, &rules.big_cities, overridden);
                        }
                    } else {
                        let now = get_path(&effective, p.path).map(flow).unwrap_or_default();
                        ui.horizontal(|ui| {
                            let label = ui.label(if overridden {
                                RichText::new(p.path).strong()
                            } else {
                                RichText::new(p.path)
                            });
                            let buf = self
                                .buffers
                                .entry(p.path.to_owned())
                                .or_insert_with(|| now.clone());
                            let r = ui
                                .add(TextEdit::singleline(buf).desired_width(f32::INFINITY))
                                .labelled_by(label.id);
                            if r.lost_focus() && *buf != now {
                                action = Some((p.path, Some(buf.clone())));
                            }
                        });
                    }
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(p.doc).small().weak());
                        if overridden {
                            ui.label(RichText::new(format!("preset: {base}")).small().italics());
                            let reset = format!("Reset {}", p.path);
                            let b = ui.small_button("Reset");
                            b.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Button, true, &reset)
                            });
                            if b.on_hover_text(format!("Back to the preset's {base}"))
                                .clicked()
                            {
                                action = Some((p.path, None));
                            }
                        }
                    });
                    ui.add_space(4.0);
                }
            });
        match action {
            Some((path, Some(text))) => {
                self.error = set_card_rule_text(doc, path, &text).err();
                self.buffers.remove(path);
            }
            Some((path, None)) => {
                reset_card_rule(doc, path);
                self.error = None;
            }
            None => {}
        }
        if let Some(cities) = cities_edit {
            self.error = set_big_cities(doc, &cities).err();
        }
    }

    /// The Big City rows; returns the list as edited, if it was.
    fn big_cities(
        &mut self,
        ui: &mut Ui,
        cities: &[BigCity],
        overridden: bool,
    ) -> Option<Vec<BigCity>> {
        let mut edited: Option<Vec<BigCity>> = None;
        ui.label(if overridden {
            RichText::new("Big City bonus cards").strong()
        } else {
            RichText::new("Big City bonus cards")
        });
        for (k, b) in cities.iter().enumerate() {
            ui.horizontal(|ui| {
                let n = k + 1;
                let city_key = format!("big city {n}");
                let points_key = format!("big city {n} points");
                let city = self
                    .buffers
                    .entry(city_key.clone())
                    .or_insert_with(|| b.city.clone());
                let l = ui.label(format!("Big City {n}"));
                let r = ui
                    .add_sized([150.0, 20.0], TextEdit::singleline(city))
                    .labelled_by(l.id);
                if r.lost_focus() && city.trim() != b.city {
                    let mut list = cities.to_vec();
                    list[k].city = city.trim().to_owned();
                    edited = Some(list);
                }
                ui.horizontal(|ui| {
                    let points = self
                        .buffers
                        .entry(points_key)
                        .or_insert_with(|| b.points.to_string());
                    let r = ui.add_sized([40.0, 20.0], TextEdit::singleline(points));
                    let name = format!("Points of Big City {n}");
                    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, &name));
                    if r.lost_focus() && points.trim() != b.points.to_string() {
                        match points.trim().parse::<i32>() {
                            Ok(p) => {
                                let mut list = cities.to_vec();
                                list[k].points = p;
                                edited = Some(list);
                            }
                            Err(_) => {
                                self.error = Some(format!(
                                    "`{}` is not a number of points for Big City {n}",
                                    points.trim()
                                ));
                            }
                        }
                    }
                    ui.label("points");
                });
                let remove = format!("Remove Big City {n}");
                let b = ui.small_button("Remove");
                b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &remove));
                if b.on_hover_text(&remove).clicked() {
                    let mut list = cities.to_vec();
                    list.remove(k);
                    edited = Some(list);
                }
            });
        }
        if ui
            .button("Add Big City")
            .on_hover_text("A new bonus card; name a city that tickets name")
            .clicked()
        {
            let mut list = cities.to_vec();
            list.push(BigCity {
                city: "City".into(),
                points: cities.last().map_or(5, |b| b.points),
            });
            edited = Some(list);
        }
        edited
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Document {
        let text = "format: tracklayer/1\nfamily: card-game\nrules: {preset: card-game}\n";
        let design = formats::load_str(text, std::path::Path::new("t.yaml"))
            .unwrap()
            .design;
        Document::from_loaded(design, None, None)
    }

    #[test]
    fn card_rules_resolve_or_are_refused_and_reset_to_the_preset() {
        let mut d = doc();
        set_card_rule_text(&mut d, "initial_hand", "5").unwrap();
        let (r, _) = formats::card_game::resolve(&d.design.rules, &d.design.cards).unwrap();
        assert_eq!(r.initial_hand, 5);
        let e = set_card_rule_text(&mut d, "rail_yard.same_color_min", "two").unwrap_err();
        assert!(e.contains("rules.rail_yard.same_color_min"), "{e}");
        reset_card_rule(&mut d, "initial_hand");
        assert!(get_path(&d.design.rules, "initial_hand").is_none());
        d.undo();
        assert!(
            get_path(&d.design.rules, "initial_hand").is_some(),
            "undoable"
        );
    }

    #[test]
    fn the_big_city_list_is_written_whole_and_read_back() {
        let mut d = doc();
        let cities = vec![
            BigCity {
                city: "Denver".into(),
                points: 7,
            },
            BigCity {
                city: "Miami".into(),
                points: 5,
            },
        ];
        set_big_cities(&mut d, &cities).unwrap();
        let (r, _) = formats::card_game::resolve(&d.design.rules, &d.design.cards).unwrap();
        assert_eq!(r.big_cities, cities);
    }
}
