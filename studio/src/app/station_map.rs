//! The station map of a dice design (Trains & Stations), drawn the one way
//! the studio draws it: stations with their building slots, name and city
//! bonus, junctions, tracks as rows of spaces along their bends, and over
//! them what a caller adds (dice and buildings of a game, lit spaces, a
//! colour per track, rings around selected or faulty parts). The station-map
//! editor, the Play window's map and the Simulate window's heatmap page all
//! draw through here.
//!
//! The map is read either from a validated [`DiceDesign`] (at the table) or
//! straight from the design file (in the editor, where the design may be
//! broken: a track naming an unknown place is simply not drawn). Where each
//! part goes is the engine's printed drawing
//! ([`engine::dice::map_drawing::StationMapDrawing`], which the validator
//! checks and the PDF prints), scaled to the screen.

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Stroke, StrokeKind, pos2, vec2};
use engine::board_game::layout::{Anchor, V2, v2};
use engine::dice::design::{Bonus, End};
use engine::dice::map_drawing::{
    self, JUNCTION_RADIUS, MapInput, SLOT, STATION_RADIUS, StationInput, StationMapDrawing, Text,
};
use engine::dice::{Building, DiceDesign, Occupant, State};
use engine::game::Seat;
use formats::GameFile;
use formats::dice::BonusSpec;

use crate::app::play::score::player_color;

/// The map's paper colour.
pub const PAPER: Color32 = Color32::from_rgb(236, 231, 214);

/// A part of the map, by its index in the design's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// `stations[i]`.
    Station(usize),
    /// `junctions[i]`.
    Junction(usize),
    /// `tracks[i]`.
    Track(usize),
}

/// A station as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct StationDot {
    /// Its name.
    pub name: String,
    /// Where it is, in design millimetres.
    pub pos: Pos2,
    /// Building slots.
    pub slots: u8,
    /// Its city bonus in words (`+2 VP`), if any.
    pub bonus: Option<String>,
}

/// A track as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct TrackLine {
    /// Its ends and bends in design millimetres; `None` when an end names
    /// no place (nothing to draw).
    pub points: Option<Vec<Pos2>>,
    /// Its spaces.
    pub spaces: usize,
    /// The index of its first space among all spaces of the map.
    pub first: usize,
}

/// What the map shows, read from a design.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MapModel {
    /// Stations, in file order.
    pub stations: Vec<StationDot>,
    /// Junctions: name and position.
    pub junctions: Vec<(String, Pos2)>,
    /// Tracks, in file order.
    pub tracks: Vec<TrackLine>,
}

/// A city bonus in words: `+2 VP`, `+1 card`, `+1 die`.
pub fn bonus_text(kind: &str, amount: u8) -> String {
    map_drawing::bonus_words(kind, amount)
}

fn spec_bonus(b: &BonusSpec) -> String {
    bonus_text(&b.kind, b.amount)
}

impl MapModel {
    /// The map of a validated design.
    pub fn of_design(d: &DiceDesign) -> MapModel {
        let stations = d
            .stations
            .iter()
            .map(|s| StationDot {
                name: s.name.clone(),
                pos: pos2(s.pos.x, s.pos.y),
                slots: s.slots,
                bonus: s.bonus.map(|b| match b {
                    Bonus::Points(n) => bonus_text("points", n),
                    Bonus::SpecialCards(n) => bonus_text("special-card", n),
                    Bonus::BonusDice(n) => bonus_text("bonus-die", n),
                }),
            })
            .collect::<Vec<_>>();
        let junctions: Vec<(String, Pos2)> = d
            .junctions
            .iter()
            .map(|(n, p)| (n.clone(), pos2(p.x, p.y)))
            .collect();
        let end = |e: End| match e {
            End::Station(s) => stations[usize::from(s)].pos,
            End::Junction(j) => junctions[usize::from(j)].1,
        };
        let tracks = d
            .tracks
            .iter()
            .map(|t| {
                let mut line = vec![end(t.from)];
                line.extend(t.bends.iter().map(|p| pos2(p.x, p.y)));
                line.push(end(t.to));
                TrackLine {
                    points: Some(line),
                    spaces: usize::from(t.len),
                    first: usize::from(t.first),
                }
            })
            .collect();
        MapModel {
            stations,
            junctions,
            tracks,
        }
    }

    /// The map of a design file as it is, broken or not.
    pub fn of_file(f: &GameFile) -> MapModel {
        let stations: Vec<StationDot> = f
            .stations
            .iter()
            .map(|s| StationDot {
                name: s.name.clone(),
                pos: pos2(s.x, s.y),
                slots: s.slots,
                bonus: s.bonus.as_ref().map(spec_bonus),
            })
            .collect();
        let junctions: Vec<(String, Pos2)> = f
            .junctions
            .iter()
            .map(|j| (j.name.clone(), pos2(j.x, j.y)))
            .collect();
        let place = |name: &str| {
            stations
                .iter()
                .find(|s| s.name == name)
                .map(|s| s.pos)
                .or_else(|| junctions.iter().find(|j| j.0 == name).map(|j| j.1))
        };
        let mut first = 0;
        let tracks = f
            .tracks
            .iter()
            .map(|t| {
                let points = place(&t.from).zip(place(&t.to)).map(|(a, b)| {
                    let mut line = vec![a];
                    line.extend(t.bends.0.iter().map(|p| pos2(p.x, p.y)));
                    line.push(b);
                    line
                });
                let spaces = usize::try_from(t.spaces).unwrap_or(usize::MAX).min(999);
                let track = TrackLine {
                    points,
                    spaces,
                    first,
                };
                first += spaces;
                track
            })
            .collect();
        MapModel {
            stations,
            junctions,
            tracks,
        }
    }

    /// The smallest rectangle holding every station, junction and bend
    /// (`None` for an empty map).
    pub fn bounds(&self) -> Option<Rect> {
        let mut pts: Vec<Pos2> = self.stations.iter().map(|s| s.pos).collect();
        pts.extend(self.junctions.iter().map(|j| j.1));
        for t in &self.tracks {
            if let Some(line) = &t.points {
                pts.extend(line.iter().copied());
            }
        }
        (!pts.is_empty()).then(|| Rect::from_points(&pts))
    }

    /// Spaces on the whole map.
    pub fn space_count(&self) -> usize {
        self.tracks.last().map_or(0, |t| t.first + t.spaces)
    }

    /// What the engine draws the map from.
    pub fn input(&self) -> MapInput {
        let v = |p: Pos2| v2(p.x, p.y);
        MapInput {
            stations: self
                .stations
                .iter()
                .map(|s| StationInput {
                    name: s.name.clone(),
                    at: v(s.pos),
                    slots: s.slots,
                    bonus: s.bonus.clone(),
                })
                .collect(),
            junctions: self
                .junctions
                .iter()
                .map(|(n, p)| (n.clone(), v(*p)))
                .collect(),
            tracks: self
                .tracks
                .iter()
                .map(|t| {
                    (
                        t.points.as_ref().map(|l| l.iter().map(|p| v(*p)).collect()),
                        t.spaces,
                    )
                })
                .collect(),
        }
    }
}

/// Where design millimetres land on the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    min: Pos2,
    scale: f32,
    origin: Pos2,
}

impl Fit {
    /// Fits `area` (design millimetres) into `rect`, keeping `margin`
    /// points free at the sides and at the top and bottom.
    pub fn area(area: Rect, rect: Rect, margin: egui::Vec2) -> Fit {
        let inner = rect.shrink2(margin);
        let scale = (inner.width() / area.width().max(1.0))
            .min(inner.height() / area.height().max(1.0))
            .max(0.01);
        let used = area.size() * scale;
        Fit {
            min: area.min,
            scale,
            origin: inner.center() - used / 2.0,
        }
    }

    /// Fits the whole map into `rect`, as the Play window shows it.
    pub fn content(model: &MapModel, rect: Rect) -> Fit {
        let area = model
            .bounds()
            .unwrap_or(Rect::from_min_size(Pos2::ZERO, vec2(100.0, 100.0)));
        Fit::area(area, rect, vec2(60.0, 30.0))
    }

    /// The screen point of a design point.
    pub fn at(&self, p: Pos2) -> Pos2 {
        self.origin + (p - self.min) * self.scale
    }

    /// The design point under a screen point.
    pub fn design_at(&self, screen: Pos2) -> Pos2 {
        self.min + (screen - self.origin) / self.scale
    }

    /// Screen points per design millimetre.
    pub fn scale(&self) -> f32 {
        self.scale
    }
}

/// The point at fraction `t` of the way along `line`.
pub fn along(line: &[Pos2], t: f32) -> Pos2 {
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

/// The distance from `p` to the polyline `line`.
fn distance_to(line: &[Pos2], p: Pos2) -> f32 {
    line.windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            let ab = b - a;
            let t = ((p - a).dot(ab) / ab.length_sq().max(f32::EPSILON)).clamp(0.0, 1.0);
            p.distance(a + ab * t)
        })
        .fold(f32::MAX, f32::min)
}

/// A line of text on the screen.
#[derive(Clone, Debug, PartialEq)]
pub struct ScreenText {
    /// The words.
    pub text: String,
    /// Its anchor on the baseline.
    pub at: Pos2,
    /// The centre of the marker it names.
    pub marker: Pos2,
    /// How the text sits on its anchor.
    pub align: Align2,
    /// Letter height, points.
    pub size: f32,
    /// Bold (station names).
    pub bold: bool,
}

/// On screen, names are drawn at least this many points high, however far
/// the map is zoomed out (they stay where the printed board has them).
const MIN_TEXT: f32 = 9.0;

/// Everything of the map on the screen: the engine's printed drawing scaled
/// by the fit.
pub struct Layout {
    /// Each track's line (screen points), `None` when it is not drawn.
    pub lines: Vec<Option<Vec<Pos2>>>,
    /// The centre of every space.
    pub spaces: Vec<Pos2>,
    /// The centre of every station.
    pub stations: Vec<Pos2>,
    /// The centre of every junction.
    pub junctions: Vec<Pos2>,
    /// The centres of every station's slots.
    pub slots: Vec<Vec<Pos2>>,
    /// Every station's name and bonus lines.
    pub station_names: Vec<Vec<ScreenText>>,
    /// Every junction's name.
    pub junction_names: Vec<ScreenText>,
    /// The side of a space.
    pub size: f32,
    /// The side of a building slot.
    pub slot: f32,
    /// The radius of a station's marker.
    pub station_radius: f32,
    /// The radius of a junction's marker.
    pub junction_radius: f32,
}

/// Lays the map out with `fit`: where the engine prints each part, on the
/// screen.
pub fn layout(model: &MapModel, fit: &Fit) -> Layout {
    let d = StationMapDrawing::build(&model.input());
    let at = |p: V2| fit.at(pos2(p.x, p.y));
    let scale = fit.scale();
    let text = |t: &Text, marker: V2| ScreenText {
        text: t.text.clone(),
        at: at(t.at),
        marker: at(marker),
        align: match t.anchor {
            Anchor::Start => Align2::LEFT_BOTTOM,
            Anchor::Middle => Align2::CENTER_BOTTOM,
            Anchor::End => Align2::RIGHT_BOTTOM,
        },
        size: t.size * scale,
        bold: t.bold,
    };
    let mut spaces = vec![Pos2::ZERO; model.space_count()];
    for (t, centres) in model.tracks.iter().zip(&d.spaces) {
        for (k, c) in centres.iter().enumerate() {
            if let Some(slot) = spaces.get_mut(t.first + k) {
                *slot = at(*c);
            }
        }
    }
    Layout {
        lines: model
            .tracks
            .iter()
            .zip(&d.lines)
            .map(|(t, l)| {
                t.points
                    .as_ref()
                    .map(|_| l.iter().map(|p| at(*p)).collect())
            })
            .collect(),
        spaces,
        stations: d.stations.iter().map(|p| at(*p)).collect(),
        junctions: d.junctions.iter().map(|p| at(*p)).collect(),
        slots: d
            .slots
            .iter()
            .map(|s| s.iter().map(|p| at(*p)).collect())
            .collect(),
        station_names: d
            .station_names
            .iter()
            .zip(&d.stations)
            .map(|(n, c)| n.iter().map(|t| text(t, *c)).collect())
            .collect(),
        junction_names: d
            .junction_names
            .iter()
            .zip(&d.junctions)
            .map(|(t, c)| text(t, *c))
            .collect(),
        size: d.space * scale,
        slot: SLOT * scale,
        station_radius: STATION_RADIUS * scale,
        junction_radius: JUNCTION_RADIUS * scale,
    }
}

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

/// The space nearest `p`, if one is under it.
pub fn space_at(l: &Layout, p: Pos2) -> Option<usize> {
    l.spaces
        .iter()
        .enumerate()
        .map(|(i, c)| (i, c.distance(p)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .filter(|(_, d)| *d <= l.size.max(10.0))
        .map(|(i, _)| i)
}

/// The station whose dot or slots are nearest `p`, within `reach` points.
pub fn station_at(l: &Layout, p: Pos2, reach: f32) -> Option<usize> {
    (0..l.stations.len())
        .map(|i| {
            let d = l.slots[i]
                .iter()
                .chain([&l.stations[i]])
                .map(|c| c.distance(p))
                .fold(f32::MAX, f32::min);
            (i, d)
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .filter(|(_, d)| *d <= reach)
        .map(|(i, _)| i)
}

/// The part under `p`: a station or junction first, then a track (its line
/// or its spaces).
pub fn part_at(l: &Layout, p: Pos2) -> Option<Part> {
    if let Some(s) = station_at(l, p, 12.0) {
        return Some(Part::Station(s));
    }
    let junction = l
        .junctions
        .iter()
        .enumerate()
        .map(|(i, c)| (i, c.distance(p)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .filter(|(_, d)| *d <= 9.0);
    if let Some((j, _)) = junction {
        return Some(Part::Junction(j));
    }
    l.lines
        .iter()
        .enumerate()
        .filter_map(|(i, line)| line.as_ref().map(|line| (i, distance_to(line, p))))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .filter(|(_, d)| *d <= (l.size / 2.0).max(6.0))
        .map(|(i, _)| Part::Track(i))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file() -> GameFile {
        serde_yaml::from_str(
            "name: t\nfamily: dice\nstations:\n  - {name: A, x: 0, y: 0, slots: 2}\n  - {name: B, x: 100, y: 0, slots: 3, bonus: {kind: points, amount: 2}}\njunctions:\n  - {name: J, x: 50, y: 50}\ntracks:\n  - {from: A, to: B, spaces: 3}\n  - {from: A, to: Nowhere, spaces: 2}\n  - {from: B, to: J, spaces: 1, bends: \"80,40\"}\n",
        )
        .unwrap()
    }

    #[test]
    fn a_file_is_drawn_as_it_is_and_clicks_find_its_parts() {
        let m = MapModel::of_file(&file());
        assert_eq!(m.stations[1].bonus.as_deref(), Some("+2 VP"));
        assert!(m.tracks[1].points.is_none(), "an unknown end is not drawn");
        assert_eq!(m.tracks[2].first, 5);
        assert_eq!(m.tracks[2].points.as_ref().map(Vec::len), Some(3));
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(800.0, 600.0));
        let fit = Fit::content(&m, rect);
        let back = fit.design_at(fit.at(pos2(30.0, 20.0)));
        assert!(back.distance(pos2(30.0, 20.0)) < 0.01);
        let l = layout(&m, &fit);
        assert_eq!(l.spaces.len(), 6);
        assert_eq!(part_at(&l, l.stations[1]), Some(Part::Station(1)));
        assert_eq!(part_at(&l, l.junctions[0]), Some(Part::Junction(0)));
        assert_eq!(part_at(&l, l.spaces[1]), Some(Part::Track(0)));
        assert_eq!(space_at(&l, l.spaces[1]), Some(1));
        assert_eq!(part_at(&l, pos2(790.0, 590.0)), None);
    }
}
