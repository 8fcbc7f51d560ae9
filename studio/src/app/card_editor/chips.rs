//! Card chips: a train card drawn as a small swatch of its colour with a
//! count beside it. A locomotive is striped in several colours, so it never
//! looks like a card of one colour.

use egui::{Color32, Rect, Response, Role, Sense, Ui, WidgetInfo, vec2};

use crate::drawing::colors::Palette;

/// The name a design gives its locomotives in a ticket's `cards:` (the
/// engine reads `locomotive` and `locomotives` alike).
pub fn is_locomotive(kind: &str) -> bool {
    matches!(kind.trim(), "locomotive" | "locomotives")
}

/// The stripes of a locomotive's swatch.
const LOCOMOTIVE_STRIPES: [Color32; 4] = [
    Color32::from_rgb(204, 45, 45),
    Color32::from_rgb(245, 205, 40),
    Color32::from_rgb(60, 150, 70),
    Color32::from_rgb(45, 105, 200),
];

/// Paints the swatch of a card `kind` into `rect`.
pub fn paint_swatch(ui: &Ui, rect: Rect, kind: &str, palette: &Palette) {
    let painter = ui.painter();
    if is_locomotive(kind) {
        let w = rect.width() / LOCOMOTIVE_STRIPES.len() as f32;
        for (i, c) in LOCOMOTIVE_STRIPES.iter().enumerate() {
            let x = rect.left() + w * i as f32;
            painter.rect_filled(
                Rect::from_min_max(egui::pos2(x, rect.top()), egui::pos2(x + w, rect.bottom())),
                0.0,
                *c,
            );
        }
    } else {
        painter.rect_filled(rect, 2.0, palette.route(kind));
    }
    painter.rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(1.0, ui.visuals().widgets.noninteractive.fg_stroke.color),
        egui::StrokeKind::Inside,
    );
}

/// A chip: the swatch of `kind` and `count` beside it. Its accessible name
/// is `2 red` (what a screen reader says and UI tests look for); hovering
/// names the colour.
pub fn chip(ui: &mut Ui, kind: &str, count: u8, palette: &Palette) -> Response {
    let text = count.to_string();
    let font = egui::TextStyle::Body.resolve(ui.style());
    let galley = ui
        .painter()
        .layout_no_wrap(text, font, ui.visuals().text_color());
    let swatch = vec2(12.0, 16.0);
    let size = vec2(
        swatch.x + 3.0 + galley.size().x,
        swatch.y.max(galley.size().y),
    );
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    let sw = Rect::from_min_size(
        egui::pos2(rect.left(), rect.center().y - swatch.y / 2.0),
        swatch,
    );
    paint_swatch(ui, sw, kind, palette);
    ui.painter().galley(
        egui::pos2(sw.right() + 3.0, rect.center().y - galley.size().y / 2.0),
        galley,
        ui.visuals().text_color(),
    );
    let label = format!("{count} {kind}");
    response.widget_info(|| WidgetInfo::labeled(Role::Label, true, &label));
    response.on_hover_text(format!(
        "{count} {kind} {}",
        engine::words::noun(count, "card")
    ))
}
