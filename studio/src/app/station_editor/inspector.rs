//! The inspector of the station-map editor: the selected station (name,
//! building slots, city bonus), junction (name) or track (spaces, bends),
//! or a summary of the map when nothing is selected. Text fields take
//! effect when they lose focus; a value the editor refuses leaves the
//! design as it was and says why.

use egui::{Button, Color32, RichText, TextEdit, Ui};
use formats::GameFile;

use super::edit::{self, BONUS_KINDS, Refused, SLOT_CHOICES};
use crate::app::document::Document;
use crate::app::station_map::Part;
use engine::words::count;

/// The inspector's text fields and its last refusal.
#[derive(Default)]
pub struct InspectorState {
    key: Option<(Option<Part>, u64)>,
    name: String,
    amount: String,
    spaces: String,
    bends: String,
    error: Option<String>,
}

/// Runs `change` on a copy of the design and keeps it as one undo step
/// labelled `label` when it succeeds; the design is untouched otherwise.
pub fn apply(
    doc: &mut Document,
    label: &str,
    change: impl FnOnce(&mut GameFile) -> Result<(), Refused>,
) -> Result<(), Refused> {
    let mut trial = doc.design.clone();
    change(&mut trial)?;
    if trial != doc.design {
        doc.edit(label, |d| *d = trial);
    }
    Ok(())
}

/// A text field labelled `label`; returns its text when it was changed
/// and left.
fn field(ui: &mut Ui, label: &str, buffer: &mut String, now: &str) -> Option<String> {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        let r = ui
            .add(TextEdit::singleline(buffer).desired_width(f32::INFINITY))
            .labelled_by(l.id);
        (r.lost_focus() && buffer.as_str() != now).then(|| buffer.clone())
    })
    .inner
}

/// Shows the inspector; returns a status message.
pub fn ui(
    ui: &mut Ui,
    st: &mut InspectorState,
    selected: &mut Option<Part>,
    doc: &mut Document,
) -> Option<String> {
    let key = (*selected, doc.generation());
    if st.key != Some(key) {
        let d = &doc.design;
        st.name = selected
            .and_then(|p| edit::place_name(d, p))
            .unwrap_or_default()
            .to_owned();
        st.amount = match selected {
            Some(Part::Station(i)) => d.stations[*i]
                .bonus
                .as_ref()
                .map(|b| b.amount.to_string())
                .unwrap_or_default(),
            _ => String::new(),
        };
        (st.spaces, st.bends) = match selected {
            Some(Part::Track(i)) => (
                d.tracks[*i].spaces.to_string(),
                points_text(&d.tracks[*i].bends),
            ),
            _ => (String::new(), String::new()),
        };
        if st.key.is_some_and(|(p, _)| p != *selected) {
            st.error = None;
        }
        st.key = Some(key);
    }
    let result = match *selected {
        None => {
            summary(ui, &doc.design);
            ui.separator();
            // The station map has no background image to trace.
            crate::app::panels::design::ui(ui, doc, false);
            Ok(None)
        }
        Some(part @ Part::Station(i)) => station(ui, st, doc, part, i),
        Some(part @ Part::Junction(_)) => junction(ui, st, doc, part),
        Some(Part::Track(i)) => track(ui, st, doc, i),
    };
    let deleted = matches!(result, Ok(Some(ref s)) if s == DELETED);
    if deleted {
        *selected = None;
    }
    match result {
        Ok(status) => {
            if status.is_some() {
                st.error = None;
            }
            if let Some(e) = &st.error {
                ui.colored_label(Color32::from_rgb(220, 50, 50), e);
            }
            status
        }
        Err(e) => {
            let e = e.to_string();
            ui.colored_label(Color32::from_rgb(220, 50, 50), &e);
            st.error = Some(e.clone());
            Some(format!("Refused: {e}."))
        }
    }
}

/// The status after a delete (the caller drops the selection).
const DELETED: &str = "Deleted.";

/// `x,y x,y` of a track's bends.
fn points_text(p: &formats::Points) -> String {
    p.0.iter()
        .map(|p| format!("{},{}", p.x, p.y))
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the map holds, when nothing is selected.
fn summary(ui: &mut Ui, d: &GameFile) {
    ui.heading("Map summary");
    let spaces: u32 = d.tracks.iter().map(|t| t.spaces).sum();
    ui.label(format!(
        "{}, {}, {} with {}, {}.",
        count(d.stations.len(), "station"),
        count(d.junctions.len(), "junction"),
        count(d.tracks.len(), "track"),
        count(spaces, "space"),
        count(d.specials.len(), "special card")
    ));
    ui.label(RichText::new("Select a station, junction or track on the map to edit it.").weak());
}

type Outcome = Result<Option<String>, Refused>;

fn station(
    ui: &mut Ui,
    st: &mut InspectorState,
    doc: &mut Document,
    part: Part,
    i: usize,
) -> Outcome {
    ui.heading("Station");
    let now = doc.design.stations[i].name.clone();
    if let Some(new) = field(ui, "Name", &mut st.name, &now) {
        apply(doc, "Rename station", |d| edit::rename_place(d, part, &new))?;
        return Ok(Some(format!("Renamed {now} to {}.", new.trim())));
    }
    let s = &doc.design.stations[i];
    ui.label(format!(
        "At {}, {} mm (drag it on the map to move it).",
        s.x, s.y
    ));
    let (slots, bonus) = (s.slots, s.bonus.clone());
    ui.label("Building slots");
    let mut out = Ok(None);
    ui.horizontal(|ui| {
        for n in SLOT_CHOICES {
            if ui
                .add(Button::selectable(slots == n, count(n, "slot")))
                .clicked()
                && slots != n
            {
                out = apply(doc, "Set building slots", |d| edit::set_slots(d, i, n))
                    .map(|()| Some(format!("{now} has {}.", count(n, "building slot"))));
            }
        }
    });
    ui.label("City bonus");
    let kind = bonus.as_ref().map(|b| b.kind.as_str());
    let amount = bonus.as_ref().map_or(1, |b| b.amount);
    ui.horizontal_wrapped(|ui| {
        if ui
            .add(Button::selectable(kind.is_none(), "No bonus"))
            .clicked()
            && kind.is_some()
        {
            out = apply(doc, "Set city bonus", |d| edit::set_bonus(d, i, None)).map(|()| None);
        }
        for (k, label) in BONUS_KINDS {
            if ui.add(Button::selectable(kind == Some(k), label)).clicked() && kind != Some(k) {
                out = apply(doc, "Set city bonus", |d| {
                    edit::set_bonus(d, i, Some((k, amount)))
                })
                .map(|()| None);
            }
        }
    });
    if let Some(k) = kind {
        let k = k.to_owned();
        if let Some(text) = field(ui, "Bonus amount", &mut st.amount, &amount.to_string()) {
            out = match text.trim().parse::<u8>() {
                Ok(n) => apply(doc, "Set city bonus", |d| {
                    edit::set_bonus(d, i, Some((&k, n)))
                })
                .map(|()| None),
                Err(_) => Err(Refused::NotANumberIn {
                    text: text.trim().to_owned(),
                    low: 1,
                    high: 9,
                }),
            };
        }
    }
    let tracks: Vec<String> = doc
        .design
        .tracks
        .iter()
        .filter(|t| t.from == now || t.to == now)
        .map(|t| format!("{} ({})", t.display_name(), t.spaces))
        .collect();
    ui.label(format!(
        "Tracks: {}",
        if tracks.is_empty() {
            "none".to_owned()
        } else {
            tracks.join(", ")
        }
    ));
    if ui.button("Delete station").clicked() {
        doc.edit("Delete station", |d| edit::delete(d, &[part]));
        return Ok(Some(DELETED.into()));
    }
    out
}

fn junction(ui: &mut Ui, st: &mut InspectorState, doc: &mut Document, part: Part) -> Outcome {
    ui.heading("Junction");
    let now = edit::place_name(&doc.design, part)
        .unwrap_or_default()
        .to_owned();
    if let Some(new) = field(ui, "Name", &mut st.name, &now) {
        apply(doc, "Rename junction", |d| {
            edit::rename_place(d, part, &new)
        })?;
        return Ok(Some(format!("Renamed {now} to {}.", new.trim())));
    }
    ui.label("Tracks meeting here fill and deliver as one.");
    if ui.button("Delete junction").clicked() {
        doc.edit("Delete junction", |d| edit::delete(d, &[part]));
        return Ok(Some(DELETED.into()));
    }
    Ok(None)
}

fn track(ui: &mut Ui, st: &mut InspectorState, doc: &mut Document, i: usize) -> Outcome {
    ui.heading("Track");
    let t = &doc.design.tracks[i];
    ui.label(t.display_name());
    let (spaces, bends) = (t.spaces.to_string(), points_text(&t.bends));
    if let Some(text) = field(ui, "Spaces", &mut st.spaces, &spaces) {
        return match text.trim().parse::<u32>() {
            Ok(n) => apply(doc, "Set track spaces", |d| edit::set_spaces(d, i, n))
                .map(|()| Some(format!("The track has {}.", count(n, "space")))),
            Err(_) => Err(Refused::NotANumberIn {
                text: text.trim().to_owned(),
                low: 1,
                high: edit::MAX_SPACES,
            }),
        };
    }
    if let Some(text) = field(ui, "Bends", &mut st.bends, &bends) {
        return apply(doc, "Set track bends", |d| edit::set_bends(d, i, &text)).map(|()| None);
    }
    ui.label(
        RichText::new("Bends: points x,y (mm) the track passes through, space-separated.").weak(),
    );
    if ui.button("Delete track").clicked() {
        doc.edit("Delete track", |d| edit::delete(d, &[Part::Track(i)]));
        return Ok(Some(DELETED.into()));
    }
    Ok(None)
}
