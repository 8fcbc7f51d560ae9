//! The scale in the map's corner: a ruler of car spaces at the current zoom,
//! with the board's size, so a designer sees how long a route will be before
//! drawing it.

use egui::{Align2, Color32, FontId, Label, Painter, Rect, RichText, Stroke, Ui, pos2, vec2};
use formats::{BoardSize, GameFile};

use super::view::View;

/// The ruler's length on screen is kept between these many points.
const MIN_PX: f32 = 50.0;
/// (See [`MIN_PX`].)
const MAX_PX: f32 = 220.0;

/// How many car spaces the ruler shows at `px_per_space` screen points per
/// space: the first of 1, 2, 5, 10, 20, 50 whose ruler is at least
/// [`MIN_PX`] long (the longest when none is).
pub fn spaces_shown(px_per_space: f32) -> u32 {
    const STEPS: [u32; 6] = [1, 2, 5, 10, 20, 50];
    STEPS
        .into_iter()
        .find(|&n| n as f32 * px_per_space >= MIN_PX)
        .unwrap_or(STEPS[STEPS.len() - 1])
}

/// Paints the ruler at the bottom left of the map and its label beside it.
pub fn ruler(ui: &mut Ui, painter: &Painter, view: &View, design: &GameFile) {
    let car = design
        .board
        .as_ref()
        .map_or(BoardSize::DEFAULT_CAR_SPACE, |b| b.car_space)
        .max(1.0);
    let per_space = car * view.scale;
    let n = spaces_shown(per_space);
    let length = (n as f32 * per_space).min(MAX_PX * 4.0);
    let origin = view.rect.left_bottom() + vec2(14.0, -16.0);
    let height = 7.0;
    let dark = Color32::from_rgb(60, 50, 40);
    for k in 0..n {
        let a = origin + vec2(k as f32 * per_space, -height);
        let r = Rect::from_min_size(a, vec2(per_space, height));
        let fill = if k % 2 == 0 { dark } else { Color32::WHITE };
        painter.rect_filled(r, 0.0, fill);
    }
    painter.rect_stroke(
        Rect::from_min_size(origin + vec2(0.0, -height), vec2(length, height)),
        0.0,
        Stroke::new(1.0, dark),
        egui::StrokeKind::Outside,
    );
    let spaces = engine::words::count(n as usize, "car space");
    let mut text = format!("{spaces} = {} mm", trim(n as f32 * car));
    if let Some(b) = &design.board {
        text.push_str(&format!(
            " · board {} × {} mm",
            trim(b.width),
            trim(b.height)
        ));
    }
    let font = FontId::proportional(12.0);
    let galley = painter.layout_no_wrap(text.clone(), font.clone(), dark);
    let at = Align2::LEFT_BOTTOM.align_size_within_rect(
        galley.size(),
        Rect::from_min_size(
            pos2(origin.x + length + 8.0, origin.y - 14.0),
            vec2(galley.size().x, 14.0),
        ),
    );
    painter.rect_filled(
        at.expand(2.0),
        2.0,
        Color32::from_rgba_unmultiplied(255, 255, 255, 170),
    );
    ui.put(
        at,
        Label::new(RichText::new(text).font(font).color(dark))
            .selectable(false)
            .extend(),
    );
}

/// A length in millimetres without a needless `.0`.
fn trim(mm: f32) -> String {
    let rounded = (mm * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 {
        format!("{rounded:.0}")
    } else {
        format!("{rounded:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ruler_keeps_a_readable_length_at_every_zoom() {
        assert_eq!(spaces_shown(100.0), 1);
        assert_eq!(spaces_shown(30.0), 2);
        assert_eq!(spaces_shown(12.0), 5);
        assert_eq!(spaces_shown(0.5), 50);
        assert_eq!(trim(125.0), "125");
        assert_eq!(trim(12.5), "12.5");
    }
}
