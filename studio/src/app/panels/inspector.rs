//! The inspector: edits whatever is selected. With several objects of a kind
//! selected, a field shows their value when they agree and sets it on all of
//! them. In a variant, fields that differ from the base say so.

use egui::{Color32, ComboBox, DragValue, RichText, TextEdit, Ui};
use formats::{CitySpec, GameFile, RegionKind, RouteSpec, TicketSpec};

use super::{common, labelled};
use crate::app::analysis;
use crate::app::document::Document;
use crate::app::edit;
use crate::app::selection::Selection;
use crate::drawing::colors::Palette;

/// The inspector panel.
#[derive(Default)]
pub struct Inspector {
    name: Option<(usize, String)>,
    ends: Option<(String, String, String)>,
    error: Option<String>,
    /// The Design panel asked for the Background image window.
    pub(crate) background_asked: bool,
}

/// Colours a route may have: the deck's and `gray`.
pub fn route_colors(design: &GameFile) -> Vec<String> {
    let mut out: Vec<String> = formats::board_game::rules::resolve(&design.rules, &design.cards)
        .map(|(_, deck)| deck.colors.keys().cloned().collect())
        .unwrap_or_default();
    out.push("gray".into());
    out
}

fn base_city<'a>(doc: &'a Document, c: &CitySpec) -> Option<&'a CitySpec> {
    doc.base
        .as_ref()?
        .design
        .cities
        .iter()
        .find(|b| b.name == c.name)
}

fn base_route<'a>(doc: &'a Document, r: &RouteSpec) -> Option<&'a RouteSpec> {
    let base = &doc.base.as_ref()?.design;
    match &r.id {
        Some(id) => base.routes.iter().find(|b| b.id.as_ref() == Some(id)),
        None => base
            .routes
            .iter()
            .find(|b| b.from == r.from && b.to == r.to && b.color == r.color)
            .or_else(|| {
                base.routes
                    .iter()
                    .find(|b| b.from == r.from && b.to == r.to)
            }),
    }
}

fn base_ticket<'a>(doc: &'a Document, t: &TicketSpec) -> Option<&'a TicketSpec> {
    doc.base
        .as_ref()?
        .design
        .tickets
        .iter()
        .find(|b| b.from == t.from && b.to == t.to)
}

/// Notes that a variant's value differs from its base's.
fn overrides(ui: &mut Ui, base: Option<String>, now: String) {
    if let Some(b) = base
        && b != now
    {
        ui.label(
            RichText::new(format!("overrides base: {b}"))
                .italics()
                .color(Color32::from_rgb(200, 120, 0)),
        );
    }
}

/// What the inspector says while a game is on the Play table.
pub const READ_ONLY_IN_GAME: &str =
    "Read-only while a game is played: end the game or close Play to edit the design.";

/// The inspector's `contents`, read-only while `in_game` (a game on the
/// Play table was dealt from the design as it is: an edit now would leave
/// the game and the design apart), with a note saying so.
pub fn read_only_in_game<R>(ui: &mut Ui, in_game: bool, contents: impl FnOnce(&mut Ui) -> R) -> R {
    if in_game {
        ui.label(RichText::new(READ_ONLY_IN_GAME).color(Color32::from_rgb(200, 120, 0)));
    }
    ui.add_enabled_ui(!in_game, contents).inner
}

impl Inspector {
    /// Shows the inspector; returns a status message when an edit was refused.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        doc: &mut Document,
        selection: &Selection,
        focus_name: bool,
    ) -> Option<String> {
        ui.heading("Inspector");
        if selection.is_empty() {
            ui.label("Nothing selected. Click an object on the map or in a table.");
            if doc.base.is_some() {
                ui.label(format!(
                    "This design is a variant of {}: edits are saved as differences from it.",
                    doc.base.as_ref().map_or("", |b| b.extends.as_str())
                ));
            }
            ui.separator();
            if super::design::ui(ui, doc, true) == Some(super::design::DesignAction::Background) {
                self.background_asked = true;
            }
            return None;
        }
        let mut status = None;
        let cities = selection.cities();
        let routes = selection.routes();
        let tickets = selection.tickets();
        let regions = selection.regions();
        if !cities.is_empty() {
            self.cities_ui(ui, doc, &cities, focus_name);
            ui.separator();
        }
        if !routes.is_empty() {
            self.routes_ui(ui, doc, &routes);
            ui.separator();
        }
        if !tickets.is_empty() {
            status = self.tickets_ui(ui, doc, &tickets);
            ui.separator();
        }
        if !regions.is_empty() {
            regions_ui(ui, doc, &regions);
        }
        if let Some(e) = &self.error {
            ui.colored_label(Color32::from_rgb(220, 50, 50), e);
        }
        status
    }

    fn cities_ui(&mut self, ui: &mut Ui, doc: &mut Document, idx: &[usize], focus_name: bool) {
        let list: Vec<CitySpec> = idx
            .iter()
            .filter_map(|&i| doc.design.cities.get(i).cloned())
            .collect();
        if list.is_empty() {
            return;
        }
        ui.label(
            RichText::new(if list.len() == 1 {
                "City".to_owned()
            } else {
                engine::words::count(list.len(), "city")
            })
            .strong(),
        );
        if let [i] = idx {
            let i = *i;
            let current = list[0].name.clone();
            if self.name.as_ref().is_none_or(|(j, _)| *j != i) {
                self.name = Some((i, current.clone()));
                self.error = None;
            }
            let id = ui.make_persistent_id("city-name");
            let mut buf = self
                .name
                .as_ref()
                .map(|(_, s)| s.clone())
                .unwrap_or_default();
            let resp = ui
                .horizontal(|ui| {
                    let l = ui.label("City name");
                    let out = TextEdit::singleline(&mut buf).id(id).show(ui);
                    (out.response.response.labelled_by(l.id), out.state)
                })
                .inner;
            let (resp, mut state) = resp;
            if focus_name {
                resp.request_focus();
                state
                    .cursor
                    .set_char_range(Some(egui::text::CCursorRange::select_all_str(&buf)));
                state.store(ui.ctx(), id);
            }
            if resp.changed() {
                let key = format!("city{i}.name");
                let mut result = Ok(());
                doc.edit_merging("Rename city", &key, |d| {
                    result = edit::rename_city(d, i, &buf);
                });
                self.error = result.err().map(|e| e.to_string());
            }
            if resp.lost_focus() {
                self.name = Some((
                    i,
                    doc.design
                        .cities
                        .get(i)
                        .map(|c| c.name.clone())
                        .unwrap_or_default(),
                ));
                if self.error.is_some() {
                    self.error = None;
                }
            } else {
                self.name = Some((i, buf));
            }
            if let Some(b) = base_city(doc, &list[0]).cloned() {
                overrides(
                    ui,
                    Some(format!("{}, {}", b.x, b.y)),
                    format!("{}, {}", list[0].x, list[0].y),
                );
            } else if doc.base.is_some() {
                ui.label(RichText::new("new in this variant").italics());
            }
        }
        for (label, get, set) in [
            (
                "X (mm)",
                (|c: &CitySpec| c.x) as fn(&CitySpec) -> f32,
                (|c: &mut CitySpec, v: f32| c.x = v) as fn(&mut CitySpec, f32),
            ),
            (
                "Y (mm)",
                |c: &CitySpec| c.y,
                |c: &mut CitySpec, v: f32| c.y = v,
            ),
        ] {
            let shared = common(list.iter().map(|c| get(c).to_bits())).map(f32::from_bits);
            let mut v = shared.unwrap_or_else(|| get(&list[0]));
            let r = labelled(ui, label, |ui| {
                let r = ui.add(DragValue::new(&mut v).speed(0.5).max_decimals(1));
                if shared.is_none() {
                    ui.label("(mixed)");
                }
                r
            });
            if r.changed() {
                doc.edit_merging("Move city", &format!("cities{idx:?}.{label}"), |d| {
                    for &i in idx {
                        if let Some(c) = d.cities.get_mut(i) {
                            set(c, v);
                        }
                    }
                });
            }
        }
        let countries: Vec<String> = doc
            .design
            .countries
            .iter()
            .map(|c| c.name.clone())
            .collect();
        if !countries.is_empty() {
            let shared = common(list.iter().map(|c| c.country.clone()));
            let mut pick = shared.clone().flatten();
            let text = match &shared {
                Some(Some(c)) => c.clone(),
                Some(None) => "(none)".into(),
                None => "(mixed)".into(),
            };
            labelled(ui, "Country", |ui| {
                ComboBox::from_id_salt("city-country")
                    .selected_text(text)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut pick, None, "(none)");
                        for c in &countries {
                            ui.selectable_value(&mut pick, Some(c.clone()), c);
                        }
                    })
                    .response
            });
            if pick != shared.flatten() {
                doc.edit("Set country", |d| {
                    for &i in idx {
                        if let Some(c) = d.cities.get_mut(i) {
                            c.country = pick.clone();
                        }
                    }
                });
            }
        }
        let shared = common(list.iter().map(|c| c.locked));
        let mut locked = shared.unwrap_or(false);
        if ui.checkbox(&mut locked, "Locked").changed() {
            doc.edit(if locked { "Lock" } else { "Unlock" }, |d| {
                for &i in idx {
                    if let Some(c) = d.cities.get_mut(i) {
                        c.locked = locked;
                    }
                }
            });
        }
    }

    fn ends_ui(
        &mut self,
        ui: &mut Ui,
        kind: &str,
        from: &str,
        to: &str,
    ) -> Option<(String, String)> {
        let key = format!("{kind}:{from}:{to}");
        if self.ends.as_ref().is_none_or(|(k, _, _)| *k != key) {
            self.ends = Some((key.clone(), from.to_owned(), to.to_owned()));
        }
        let (_, f, t) = self.ends.as_mut()?;
        let r1 = labelled(ui, &format!("{kind} from"), |ui| ui.text_edit_singleline(f));
        let r2 = labelled(ui, &format!("{kind} to"), |ui| ui.text_edit_singleline(t));
        let done = (r1.lost_focus() || r2.lost_focus()) && (f.as_str() != from || t.as_str() != to);
        done.then(|| (f.trim().to_owned(), t.trim().to_owned()))
    }

    fn routes_ui(&mut self, ui: &mut Ui, doc: &mut Document, idx: &[usize]) {
        let list: Vec<RouteSpec> = idx
            .iter()
            .filter_map(|&i| doc.design.routes.get(i).cloned())
            .collect();
        if list.is_empty() {
            return;
        }
        ui.label(
            RichText::new(if list.len() == 1 {
                "Route".to_owned()
            } else {
                engine::words::count(list.len(), "route")
            })
            .strong(),
        );
        let base = if let [_] = idx {
            base_route(doc, &list[0]).cloned()
        } else {
            None
        };
        if let [i] = idx {
            let i = *i;
            if let Some((f, t)) = self.ends_ui(ui, "Route", &list[0].from, &list[0].to) {
                let known = |n: &str| doc.design.cities.iter().any(|c| c.name == n);
                if known(&f) && known(&t) {
                    doc.edit("Change route ends", |d| {
                        if let Some(r) = d.routes.get_mut(i) {
                            r.from = f;
                            r.to = t;
                        }
                    });
                    self.error = None;
                } else {
                    self.error = Some(format!("no city named `{}`", if known(&f) { t } else { f }));
                }
            }
            if doc.base.is_some() && base.is_none() {
                ui.label(RichText::new("new in this variant").italics());
            }
        }
        let max_len = edit::longest_scored_length(&doc.design)
            .max(list.iter().map(|r| r.length).max().unwrap_or(1));
        let shared = common(list.iter().map(|r| r.length));
        let mut len = shared.unwrap_or(list[0].length);
        let r = labelled(ui, "Route length", |ui| {
            let r = ui.add(DragValue::new(&mut len).range(1..=max_len));
            if shared.is_none() {
                ui.label("(mixed)");
            }
            r
        });
        if r.changed() {
            doc.edit_merging("Set route length", &format!("routes{idx:?}.length"), |d| {
                for &i in idx {
                    if let Some(r) = d.routes.get_mut(i) {
                        r.length = len;
                        r.ferry = r.ferry.min(len);
                    }
                }
            });
        }
        if let Some(b) = &base {
            overrides(ui, Some(b.length.to_string()), len.to_string());
        }
        if let [i] = idx
            && let Some(drawn) = edit::drawn_distance(&doc.design, &list[0])
        {
            let suggested = edit::suggested_length(&doc.design, drawn);
            if suggested != list[0].length {
                ui.horizontal(|ui| {
                    ui.label(format!(
                        "Drawn: about {}.",
                        engine::words::count(suggested, "space")
                    ));
                    if ui.button("Use drawn length").clicked() {
                        let i = *i;
                        doc.edit("Set route length", |d| {
                            if let Some(r) = d.routes.get_mut(i) {
                                r.length = suggested;
                                r.ferry = r.ferry.min(suggested);
                            }
                        });
                    }
                });
            }
        }

        let colors = route_colors(&doc.design);
        let palette = Palette::of(&doc.design);
        let shared = common(list.iter().map(|r| r.color.clone()));
        let mut pick = shared.clone();
        labelled(ui, "Route colour", |ui| {
            ComboBox::from_id_salt("route-colour")
                .selected_text(shared.clone().unwrap_or_else(|| "(mixed)".into()))
                .show_ui(ui, |ui| {
                    for c in &colors {
                        ui.horizontal(|ui| {
                            let (r, _) = ui
                                .allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                            ui.painter().rect_filled(r, 2.0, palette.route(c));
                            ui.selectable_value(&mut pick, Some(c.clone()), c);
                        });
                    }
                })
                .response
        });
        if pick != shared
            && let Some(color) = pick
        {
            doc.edit("Set route colour", |d| {
                for &i in idx {
                    if let Some(r) = d.routes.get_mut(i) {
                        r.color = color.clone();
                    }
                }
            });
        }
        if let Some(b) = &base {
            overrides(ui, Some(b.color.clone()), list[0].color.clone());
        }

        let shared = common(list.iter().map(|r| r.tunnel));
        let mut tunnel = shared.unwrap_or(false);
        if ui.checkbox(&mut tunnel, "Tunnel").changed() {
            doc.edit("Set tunnel", |d| {
                for &i in idx {
                    if let Some(r) = d.routes.get_mut(i) {
                        r.tunnel = tunnel;
                    }
                }
            });
        }
        let shared = common(list.iter().map(|r| r.ferry));
        let mut ferry = shared.unwrap_or(0);
        let min_len = list.iter().map(|r| r.length).min().unwrap_or(0);
        let r = labelled(ui, "Ferry locomotives", |ui| {
            ui.add(DragValue::new(&mut ferry).range(0..=min_len))
        });
        if r.changed() {
            doc.edit_merging(
                "Set ferry locomotives",
                &format!("routes{idx:?}.ferry"),
                |d| {
                    for &i in idx {
                        if let Some(r) = d.routes.get_mut(i) {
                            r.ferry = ferry.min(r.length);
                        }
                    }
                },
            );
        }
        let bends: usize = list.iter().map(|r| r.bends.0.len()).sum();
        if bends > 0 {
            ui.horizontal(|ui| {
                ui.label(engine::words::count(bends, "bend point"));
                if ui.button("Straighten").clicked() {
                    doc.edit("Straighten route", |d| {
                        for &i in idx {
                            if let Some(r) = d.routes.get_mut(i) {
                                r.bends.0.clear();
                            }
                        }
                    });
                }
            });
        }
    }

    fn tickets_ui(&mut self, ui: &mut Ui, doc: &mut Document, idx: &[usize]) -> Option<String> {
        let list: Vec<TicketSpec> = idx
            .iter()
            .filter_map(|&i| doc.design.tickets.get(i).cloned())
            .collect();
        if list.is_empty() {
            return None;
        }
        ui.label(
            RichText::new(if list.len() == 1 {
                "Ticket".to_owned()
            } else {
                engine::words::count(list.len(), "ticket")
            })
            .strong(),
        );
        let base = if let [_] = idx {
            base_ticket(doc, &list[0]).cloned()
        } else {
            None
        };
        if let [i] = idx {
            let i = *i;
            if let Some((f, t)) = self.ends_ui(ui, "Ticket", &list[0].from, &list[0].to) {
                doc.edit("Change ticket ends", |d| {
                    if let Some(x) = d.tickets.get_mut(i) {
                        x.from = f;
                        x.to = t;
                    }
                });
            }
        }
        let shared = common(list.iter().map(|t| t.points));
        let mut points = shared.unwrap_or(list[0].points);
        let r = labelled(ui, "Points", |ui| {
            let r = ui.add(DragValue::new(&mut points).range(0..=99));
            if shared.is_none() {
                ui.label("(mixed)");
            }
            r
        });
        if r.changed() {
            doc.edit_merging(
                "Set ticket points",
                &format!("tickets{idx:?}.points"),
                |d| {
                    for &i in idx {
                        if let Some(t) = d.tickets.get_mut(i) {
                            t.points = points;
                        }
                    }
                },
            );
        }
        if let Some(b) = &base {
            overrides(ui, Some(b.points.to_string()), points.to_string());
        }
        let mut status = None;
        if let [i] = idx {
            let t = &list[0];
            match analysis::shortest_path(&doc.design, doc.generation(), &t.from, &t.to) {
                Some(path) => {
                    let suggested = analysis::suggested_points(&path);
                    ui.horizontal(|ui| {
                        ui.label(format!(
                            "Shortest path: {}.",
                            engine::words::count(path.spaces, "space")
                        ));
                        if suggested != t.points && ui.button("Use suggested points").clicked() {
                            let i = *i;
                            doc.edit("Set ticket points", |d| {
                                if let Some(t) = d.tickets.get_mut(i) {
                                    t.points = suggested;
                                }
                            });
                            status = Some(format!("Points set to {suggested}."));
                        }
                    });
                }
                None => {
                    ui.label("No shortest path yet (fix errors, connect the cities).");
                }
            }
        }
        let shared = common(list.iter().map(|t| t.long));
        let mut long = shared.unwrap_or(false);
        if ui.checkbox(&mut long, "Long ticket").changed() {
            doc.edit("Set long ticket", |d| {
                for &i in idx {
                    if let Some(t) = d.tickets.get_mut(i) {
                        t.long = long;
                    }
                }
            });
        }
        status
    }
}

fn regions_ui(ui: &mut Ui, doc: &mut Document, idx: &[usize]) {
    let kinds: Vec<RegionKind> = idx
        .iter()
        .filter_map(|&i| doc.design.terrain.regions.get(i).map(|r| r.kind))
        .collect();
    if kinds.is_empty() {
        return;
    }
    ui.label(
        RichText::new(if kinds.len() == 1 {
            "Region".to_owned()
        } else {
            engine::words::count(kinds.len(), "region")
        })
        .strong(),
    );
    let shared = common(kinds.iter().copied());
    let mut pick = shared;
    labelled(ui, "Region kind", |ui| {
        ComboBox::from_id_salt("region-kind")
            .selected_text(shared.map_or("(mixed)", RegionKind::name))
            .show_ui(ui, |ui| {
                for k in RegionKind::ALL {
                    ui.selectable_value(&mut pick, Some(k), k.name());
                }
            })
            .response
    });
    if pick != shared
        && let Some(kind) = pick
    {
        doc.edit("Set region kind", |d| {
            for &i in idx {
                if let Some(r) = d.terrain.regions.get_mut(i) {
                    r.kind = kind;
                }
            }
        });
    }
    if let [i] = idx {
        let i = *i;
        let Some(region) = doc.design.terrain.regions.get(i) else {
            return;
        };
        let mut name = region.name.clone().unwrap_or_default();
        let r = labelled(ui, "Region name", |ui| ui.text_edit_singleline(&mut name));
        if r.changed() {
            doc.edit_merging("Rename region", &format!("region{i}.name"), |d| {
                if let Some(r) = d.terrain.regions.get_mut(i) {
                    r.name = (!name.trim().is_empty()).then(|| name.clone());
                }
            });
        }
    }
}
