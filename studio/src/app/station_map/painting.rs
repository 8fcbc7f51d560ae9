//! Painting the station map laid out on the screen, with what a caller lays
//! over it ([`Look`]: a game's dice and buildings, lit spaces, a heatmap,
//! rings).

use egui::{Align2, Color32, FontId, Painter, Rect, Stroke, StrokeKind, vec2};
use engine::dice::{Building, Occupant, State};
use engine::game::Seat;

use crate::app::play::score::player_color;

use super::layout::{Layout, MIN_TEXT, ScreenText, along};
use super::{MapModel, Part};

/// What is drawn over the bare map.
#[derive(Default)]
pub struct Look<'a> {
    /// The position of a game: dice on spaces, buildings in slots.
    pub state: Option<&'a State>,
    /// Spaces drawn lit (where a train may go now).
    pub lit_spaces: Vec<u16>,
    /// Stations drawn lit (where a building may go now).
    pub lit_stations: Vec<u16>,
    /// A colour and a label per track (a heatmap), by track index; the
    /// spaces are then left out.
    pub track_heat: Option<Vec<(Color32, String)>>,
    /// Parts drawn with a ring (or a halo along a track) of a colour:
    /// selection, hover, problems.
    pub rings: Vec<(Part, Color32)>,
}

/// The letter drawn on a building.
fn letter(b: Building) -> &'static str {
    match b {
        Building::Hotel => "H",
        Building::Mine => "M",
        Building::Ranch => "R",
    }
}

/// Paints the map laid out as `l` with `look` over it.
pub fn paint(painter: &Painter, model: &MapModel, l: &Layout, look: &Look) {
    let font = FontId::proportional(11.0);
    for (part, color) in &look.rings {
        if let Part::Track(i) = part
            && let Some(Some(line)) = l.lines.get(*i)
        {
            painter.line(
                line.clone(),
                Stroke::new(l.size + 8.0, color.gamma_multiply(0.6)),
            );
        }
    }
    for (i, line) in l.lines.iter().enumerate() {
        let Some(line) = line else { continue };
        let heat = look.track_heat.as_ref().and_then(|h| h.get(i));
        let (color, width) = match heat {
            Some(h) => {
                // An edge, so the pale middle of the heat scale stands out
                // from the paper.
                painter.line(line.clone(), Stroke::new(8.0, Color32::from_gray(70)));
                (h.0, 6.0)
            }
            None => (Color32::from_gray(120), 2.0),
        };
        painter.line(line.clone(), Stroke::new(width, color));
        if let Some(h) = heat {
            painter.text(
                along(line, 0.5) + vec2(0.0, -l.size),
                Align2::CENTER_BOTTOM,
                &h.1,
                font.clone(),
                Color32::BLACK,
            );
        }
    }
    if look.track_heat.is_none() {
        for (s, at) in l.spaces.iter().enumerate() {
            let r = Rect::from_center_size(*at, vec2(l.size, l.size));
            let occupant = look
                .state
                .and_then(|st| st.board().get(s).copied())
                .unwrap_or(Occupant::Empty);
            let (fill, stroke) = match occupant {
                Occupant::Empty => (Color32::from_gray(205), Color32::from_gray(110)),
                Occupant::Player(p) => (player_color(Seat(p)), Color32::BLACK),
                Occupant::Bonus => (Color32::WHITE, Color32::BLACK),
            };
            painter.rect_filled(r, 2.0, fill);
            let stroke = if look.lit_spaces.contains(&(s as u16)) {
                Stroke::new(2.5, Color32::from_rgb(255, 140, 0))
            } else {
                Stroke::new(1.0, stroke)
            };
            painter.rect_stroke(r, 2.0, stroke, StrokeKind::Middle);
        }
    }
    for (k, (part, color)) in look.rings.iter().enumerate() {
        let (at, radius) = match part {
            Part::Station(i) => (l.stations.get(*i), 12.0),
            Part::Junction(i) => (l.junctions.get(*i), 9.0),
            Part::Track(_) => continue,
        };
        // Several rings on one part (a problem and the selection) nest.
        let inside = look.rings[..k].iter().filter(|(p, _)| p == part).count();
        if let Some(at) = at {
            painter.circle_stroke(*at, radius + 4.0 * inside as f32, Stroke::new(3.0, *color));
        }
    }
    for at in &l.junctions {
        painter.circle(
            *at,
            l.junction_radius.max(2.5),
            Color32::from_gray(90),
            Stroke::new(1.0, Color32::WHITE),
        );
    }
    for t in &l.junction_names {
        paint_text(painter, t, Color32::from_gray(70));
    }
    for i in 0..model.stations.len() {
        let c = l.stations[i];
        let lit = look.lit_stations.contains(&(i as u16));
        painter.circle(
            c,
            (l.station_radius - 0.5).max(3.0),
            Color32::from_rgb(60, 60, 70),
            Stroke::new(
                if lit { 3.0 } else { 1.0 },
                if lit {
                    Color32::from_rgb(255, 140, 0)
                } else {
                    Color32::WHITE
                },
            ),
        );
        for (k, t) in l.station_names[i].iter().enumerate() {
            let color = if k == 0 {
                Color32::BLACK
            } else {
                Color32::from_rgb(120, 60, 0)
            };
            paint_text(painter, t, color);
        }
        let built = look
            .state
            .and_then(|st| st.buildings().get(i))
            .map(|b| b.as_slice())
            .unwrap_or(&[]);
        for (k, at) in l.slots[i].iter().enumerate() {
            let r = Rect::from_center_size(*at, vec2(l.slot, l.slot));
            match built.get(k) {
                Some(&(b, owner)) => {
                    painter.rect_filled(r, 1.0, player_color(Seat(owner)));
                    painter.text(
                        *at,
                        Align2::CENTER_CENTER,
                        letter(b),
                        font.clone(),
                        Color32::WHITE,
                    );
                }
                None => {
                    painter.rect_filled(r, 1.0, Color32::WHITE);
                }
            }
            painter.rect_stroke(r, 1.0, Stroke::new(1.0, Color32::BLACK), StrokeKind::Middle);
        }
    }
}

/// A name or bonus line where the layout puts it (drawn larger than printed
/// when the map is zoomed out, then as much further from its marker).
fn paint_text(painter: &Painter, t: &ScreenText, color: Color32) {
    // egui's size is the em; the drawing's baseline anchor sits at the
    // galley's bottom less its descent.
    let size = t.size.max(MIN_TEXT);
    let at = t.marker + (t.at - t.marker) * (size / t.size.max(0.01));
    let font = FontId::proportional(size);
    let galley = painter.layout_no_wrap(t.text.clone(), font, color);
    let descent = size * engine::board_game::layout::text::DESCENT;
    let rect = t.align.anchor_size(at + vec2(0.0, descent), galley.size());
    painter.rect_filled(
        rect.expand(1.0),
        2.0,
        Color32::from_rgba_unmultiplied(236, 231, 214, 200),
    );
    let stroke = if t.bold { 0.4 } else { 0.0 };
    painter.galley(rect.min, galley.clone(), color);
    if stroke > 0.0 {
        painter.galley(rect.min + vec2(stroke, 0.0), galley, color);
    }
}
