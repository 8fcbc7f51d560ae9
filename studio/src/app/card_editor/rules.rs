//! The Rules tab of a card-game design: the shared Rules panel over
//! [`formats::card_game::PARAMETERS`], with the Big City bonus list edited
//! as rows of city and points instead of one line of YAML. An edit that
//! would not resolve is refused with the reason, so the file always loads
//! again.

use std::collections::HashMap;

use egui::{RichText, TextEdit, Ui};
use formats::card_game::BigCity;

use crate::app::document::Document;
use crate::app::panels::rules::{EditError, RulesPanel, get_path, set_rule_value};

/// The Big City list's key below `rules:`.
const BIG_CITIES: &str = "big_cities";

/// Writes the whole Big City list as an override.
pub fn set_big_cities(doc: &mut Document, cities: &[BigCity]) -> Result<(), EditError> {
    let value = serde_yaml::to_value(cities).map_err(EditError::Encode)?;
    set_rule_value(doc, BIG_CITIES, value)
}

/// The card-game Rules tab.
#[derive(Default)]
pub struct CardRulesPanel {
    panel: RulesPanel,
    buffers: HashMap<String, String>,
    generation: u64,
}

impl CardRulesPanel {
    /// Shows the tab.
    pub fn ui(&mut self, ui: &mut Ui, doc: &mut Document) {
        if self.generation != doc.generation() {
            self.buffers.clear();
            self.generation = doc.generation();
        }
        let Self { panel, .. } = self;
        let mut rows = BigCityRows {
            buffers: &mut self.buffers,
            error: None,
        };
        panel.ui_with(ui, doc, &[BIG_CITIES], |ui, doc| {
            let resolved = formats::card_game::resolve(&doc.design.rules, &doc.design.cards);
            let (rules, _) = resolved.ok()?;
            let overridden = get_path(&doc.design.rules, BIG_CITIES).is_some();
            ui.separator();
            let edited = rows.ui(ui, &rules.big_cities, overridden);
            match (edited, rows.error) {
                (_, Some(e)) => Some(Err(e)),
                (Some(cities), None) => Some(set_big_cities(doc, &cities)),
                (None, None) => None,
            }
        });
    }
}

/// The Big City rows' text buffers and the last typing error.
struct BigCityRows<'a> {
    buffers: &'a mut HashMap<String, String>,
    error: Option<EditError>,
}

impl BigCityRows<'_> {
    /// The Big City rows; returns the list as edited, if it was.
    fn ui(&mut self, ui: &mut Ui, cities: &[BigCity], overridden: bool) -> Option<Vec<BigCity>> {
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
                                self.error = Some(EditError::NotPoints {
                                    text: points.trim().to_owned(),
                                    city: n,
                                });
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
    use crate::app::panels::rules::{reset_rule, set_rule};

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
        set_rule(&mut d, "initial_hand", "5").unwrap();
        let (r, _) = formats::card_game::resolve(&d.design.rules, &d.design.cards).unwrap();
        assert_eq!(r.initial_hand, 5);
        let e = set_rule(&mut d, "rail_yard.same_color_min", "two")
            .unwrap_err()
            .to_string();
        assert!(e.contains("rules.rail_yard.same_color_min"), "{e}");
        reset_rule(&mut d, "initial_hand");
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
