//! The station map of a dice design, drawn in a panel of its own (the shared
//! canvas draws board maps): stations with their building slots, tracks as
//! rows of spaces along their bends, the dice on them, and an optional
//! colour per track (the Simulate window's heatmap). A click names the space
//! or the station under the pointer.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Ui, pos2, vec2};
use engine::dice::design::End;
use engine::dice::{Building, DiceDesign, Occupant, State};
use engine::game::Seat;

use crate::app::play::score::player_color;

/// What a click on the station map names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapClick {
    /// A track space (its index).
    Space(u16),
    /// A station or one of its slots (its index).
    Station(u16),
}

/// What is drawn over the bare map.
#[derive(Default)]
pub struct MapLook<'a> {
    /// The position: dice on spaces, buildings in slots.
    pub state: Option<&'a State>,
    /// Spaces drawn lit (where a train may go now).
    pub lit_spaces: Vec<u16>,
    /// Stations drawn lit (where a building may go now).
    pub lit_stations: Vec<u16>,
    /// A colour and a label per track (the heatmap), by track index.
    pub track_heat: Option<Vec<(Color32, String)>>,
}

/// Where the design's coordinates land in the panel.
struct Fit {
    min: Pos2,
    scale: f32,
    origin: Pos2,
}

impl Fit {
    fn new(design: &DiceDesign, rect: Rect) -> Fit {
        let mut pts: Vec<Pos2> = design
            .stations
            .iter()
            .map(|s| pos2(s.pos.x, s.pos.y))
            .collect();
        pts.extend(design.junctions.iter().map(|(_, p)| pos2(p.x, p.y)));
        for t in &design.tracks {
            pts.extend(t.bends.iter().map(|p| pos2(p.x, p.y)));
        }
        let bounds = Rect::from_points(&pts);
        let inner = rect.shrink2(vec2(60.0, 30.0));
        let scale = (inner.width() / bounds.width().max(1.0))
            .min(inner.height() / bounds.height().max(1.0));
        let used = bounds.size() * scale;
        Fit {
            min: bounds.min,
            scale,
            origin: inner.center() - used / 2.0,
        }
    }

    fn at(&self, x: f32, y: f32) -> Pos2 {
        self.origin + (pos2(x, y) - self.min) * self.scale
    }
}

/// The screen position of a track end.
fn end_pos(design: &DiceDesign, fit: &Fit, end: End) -> Pos2 {
    match end {
        End::Station(s) => {
            let p = design.stations[usize::from(s)].pos;
            fit.at(p.x, p.y)
        }
        End::Junction(j) => {
            let p = design.junctions[usize::from(j)].1;
            fit.at(p.x, p.y)
        }
    }
}

/// The point at fraction `t` of the way along `line`.
fn along(line: &[Pos2], t: f32) -> Pos2 {
    let lengths: Vec<f32> = line.windows(2).map(|w| w[0].distance(w[1])).collect();
    let total: f32 = lengths.iter().sum();
    let mut left = t * total;
    for (w, len) in line.windows(2).zip(&lengths) {
        if left <= *len || *len == 0.0 {
            return w[0] + (w[1] - w[0]) * (left / len.max(f32::EPSILON));
        }
        left -= len;
    }
    *line.last().unwrap_or(&Pos2::ZERO)
}

/// The centre of every space and the centre of every slot, as drawn in `rect`.
struct Layout {
    lines: Vec<Vec<Pos2>>,
    spaces: Vec<Pos2>,
    stations: Vec<Pos2>,
    slots: Vec<Vec<Pos2>>,
    size: f32,
}

fn layout(design: &DiceDesign, rect: Rect) -> Layout {
    let fit = Fit::new(design, rect);
    let mut spaces = vec![Pos2::ZERO; design.spaces.len()];
    let mut lines = Vec::new();
    let mut size: f32 = 14.0;
    for t in &design.tracks {
        let mut line = vec![end_pos(design, &fit, t.from)];
        line.extend(t.bends.iter().map(|p| fit.at(p.x, p.y)));
        line.push(end_pos(design, &fit, t.to));
        let length: f32 = line.windows(2).map(|w| w[0].distance(w[1])).sum();
        let n = usize::from(t.len);
        size = size.min(length / (n as f32 + 1.0) * 0.8);
        for i in 0..n {
            let at = along(&line, (i as f32 + 1.0) / (n as f32 + 1.0));
            spaces[usize::from(t.first) + i] = at;
        }
        lines.push(line);
    }
    let stations: Vec<Pos2> = design
        .stations
        .iter()
        .map(|s| fit.at(s.pos.x, s.pos.y))
        .collect();
    let slots = design
        .stations
        .iter()
        .zip(&stations)
        .map(|(s, c)| {
            let n = f32::from(s.slots);
            (0..s.slots)
                .map(|k| *c + vec2((f32::from(k) - (n - 1.0) / 2.0) * 13.0, -17.0))
                .collect()
        })
        .collect();
    Layout {
        lines,
        spaces,
        stations,
        slots,
        size: size.max(5.0),
    }
}

/// Where space `space` of `design` is drawn when the map fills `rect` (a
/// click there names it).
pub fn space_centre(design: &DiceDesign, rect: Rect, space: u16) -> Option<Pos2> {
    layout(design, rect).spaces.get(usize::from(space)).copied()
}

/// Where station `station` of `design` is drawn when the map fills `rect`.
pub fn station_centre(design: &DiceDesign, rect: Rect, station: u16) -> Option<Pos2> {
    layout(design, rect)
        .stations
        .get(usize::from(station))
        .copied()
}

/// The letter drawn on a building.
fn letter(b: Building) -> &'static str {
    match b {
        Building::Hotel => "H",
        Building::Mine => "M",
        Building::Ranch => "R",
    }
}

/// Draws the station map of `design` at `height` points high with `look`
/// over it; returns what a click named.
pub fn draw(ui: &mut Ui, design: &DiceDesign, look: &MapLook, height: f32) -> Option<MapClick> {
    let (rect, response) =
        ui.allocate_exact_size(vec2(ui.available_width(), height), Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Station map"));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, Color32::from_rgb(236, 231, 214));
    let l = layout(design, rect);
    let font = FontId::proportional(11.0);
    for (i, line) in l.lines.iter().enumerate() {
        let (color, width) = match &look.track_heat {
            Some(h) => (h[i].0, 6.0),
            None => (Color32::from_gray(120), 2.0),
        };
        painter.line(line.clone(), Stroke::new(width, color));
        if let Some(h) = &look.track_heat {
            painter.text(
                along(line, 0.5) + vec2(0.0, -l.size),
                Align2::CENTER_BOTTOM,
                &h[i].1,
                font.clone(),
                Color32::BLACK,
            );
        }
    }
    if look.track_heat.is_none() {
        for (s, at) in l.spaces.iter().enumerate() {
            let r = Rect::from_center_size(*at, vec2(l.size, l.size));
            let occupant = look.state.map_or(Occupant::Empty, |st| st.board()[s]);
            let (fill, stroke) = match occupant {
                Occupant::Empty => (Color32::from_gray(205), Color32::from_gray(110)),
                Occupant::Player(p) => (player_color(Seat(p)), Color32::BLACK),
                Occupant::Bonus => (Color32::WHITE, Color32::BLACK),
            };
            painter.rect_filled(r, 2.0, fill);
            let lit = look.lit_spaces.contains(&(s as u16));
            let stroke = if lit {
                Stroke::new(2.5, Color32::from_rgb(255, 140, 0))
            } else {
                Stroke::new(1.0, stroke)
            };
            painter.rect_stroke(r, 2.0, stroke, egui::StrokeKind::Middle);
        }
    }
    for (i, s) in design.stations.iter().enumerate() {
        let c = l.stations[i];
        let lit = look.lit_stations.contains(&(i as u16));
        painter.circle(
            c,
            7.0,
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
        painter.text(
            c + vec2(0.0, 9.0),
            Align2::CENTER_TOP,
            &s.name,
            font.clone(),
            Color32::BLACK,
        );
        let built = look
            .state
            .map(|st| st.buildings()[i].as_slice())
            .unwrap_or(&[]);
        for (k, at) in l.slots[i].iter().enumerate() {
            let r = Rect::from_center_size(*at, vec2(12.0, 12.0));
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
            painter.rect_stroke(
                r,
                1.0,
                Stroke::new(1.0, Color32::BLACK),
                egui::StrokeKind::Middle,
            );
        }
    }
    let click = response
        .interact_pointer_pos()
        .filter(|_| response.clicked())?;
    let near = |p: &Pos2| p.distance(click);
    let space = l
        .spaces
        .iter()
        .enumerate()
        .map(|(i, p)| (i, near(p)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .filter(|(_, d)| *d <= l.size.max(10.0));
    if let Some((i, _)) = space {
        return Some(MapClick::Space(i as u16));
    }
    (0..design.stations.len())
        .map(|i| {
            let d = l.slots[i]
                .iter()
                .chain([&l.stations[i]])
                .map(near)
                .fold(f32::MAX, f32::min);
            (i, d)
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .filter(|(_, d)| *d <= 12.0)
        .map(|(i, _)| MapClick::Station(i as u16))
}
