//! Train cards at the table as chips: a swatch of the card's colour (a
//! striped one for locomotives) with a count, the way the editor shows a
//! ticket's cards. A chip at the table may be a button (pick a colour of the
//! hand, take a face-up card): lit when picked, dimmed when the engine
//! offers no move with it. Its accessible name says what it is and does.

use egui::{Color32, Rect, Response, Sense, Stroke, StrokeKind, Ui, vec2};
use engine::card_game::CardDesign;

pub use crate::app::play::offer::ChipMode;
use crate::app::play::offer::{described, ticket_card};

use crate::app::card_editor::chips::paint_swatch;
use crate::drawing::colors::Palette;

/// `3 red`, `1 locomotive`, `2 locomotives`: cards of a kind, counted in
/// words (a colour is not a noun, a locomotive is).
pub fn cards_of(d: &CardDesign, kind: usize, n: impl engine::words::Count) -> String {
    if kind == d.loco() {
        engine::words::count(n, "locomotive")
    } else {
        format!("{n} {}", d.kind_name(kind))
    }
}

/// A chip of `kind` with `text` beside its swatch (a count, or a slot's
/// number); `label` is its accessible name, `hover` its tooltip.
pub fn chip(
    ui: &mut Ui,
    d: &CardDesign,
    kind: usize,
    text: &str,
    label: &str,
    mode: ChipMode,
) -> Response {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let galley = ui
        .painter()
        .layout_no_wrap(text.to_owned(), font, ui.visuals().text_color());
    let swatch = vec2(16.0, 22.0);
    let pad = vec2(5.0, 3.0);
    let size = vec2(
        pad.x * 2.0 + swatch.x + 4.0 + galley.size().x,
        pad.y * 2.0 + swatch.y.max(galley.size().y),
    );
    let sense = match mode {
        ChipMode::Button { .. } => Sense::click(),
        ChipMode::Shown | ChipMode::Off => Sense::hover(),
    };
    let (rect, response) = ui.allocate_exact_size(size, sense);
    let visuals = ui.visuals();
    let frame = match mode {
        ChipMode::Button { picked: true } => {
            Some((visuals.selection.bg_fill, visuals.selection.stroke))
        }
        ChipMode::Button { picked: false } => {
            let w = if response.hovered() {
                &visuals.widgets.hovered
            } else {
                &visuals.widgets.inactive
            };
            Some((w.weak_bg_fill, w.bg_stroke))
        }
        ChipMode::Shown | ChipMode::Off => None,
    };
    if let Some((fill, stroke)) = frame {
        ui.painter().rect_filled(rect, 4.0, fill);
        let stroke = if matches!(mode, ChipMode::Button { picked: true }) {
            Stroke::new(2.0, stroke.color)
        } else {
            stroke
        };
        ui.painter()
            .rect_stroke(rect, 4.0, stroke, StrokeKind::Inside);
    }
    let sw = Rect::from_min_size(
        egui::pos2(rect.left() + pad.x, rect.center().y - swatch.y / 2.0),
        swatch,
    );
    paint_swatch(ui, sw, d.kind_name(kind), &Palette::default());
    let text_color = if mode == ChipMode::Off {
        ui.visuals().weak_text_color()
    } else {
        ui.visuals().text_color()
    };
    ui.painter().galley(
        egui::pos2(sw.right() + 4.0, rect.center().y - galley.size().y / 2.0),
        galley,
        text_color,
    );
    if mode == ChipMode::Off {
        ui.painter()
            .rect_filled(rect, 4.0, Color32::from_black_alpha(90));
    }
    described(response, label, mode)
}

/// A ticket as a card ([`ticket_card`]): its name and points, and the
/// cards it needs as chips. As a [`ChipMode::Button`] the whole card is one
/// button (a ticket on offer, picked to keep); `label` is its accessible name.
pub fn ticket(ui: &mut Ui, d: &CardDesign, id: u16, label: &str, mode: ChipMode) -> Response {
    let t = &d.tickets[usize::from(id)];
    ticket_card(ui, id, label, mode, |ui| {
        ui.label(egui::RichText::new(&t.name).strong());
        ui.label(engine::words::count(t.points, "point"));
        for k in (0..d.kinds()).filter(|&k| t.needs.0[k] > 0) {
            let n = t.needs.0[k];
            let what = format!("{} needs {}", t.name, cards_of(d, k, n));
            chip(ui, d, k, &n.to_string(), &what, ChipMode::Shown);
        }
    })
}
