//! The station map on the screen: where design millimetres land ([`Fit`]),
//! every part's place scaled from the engine's printed drawing
//! ([`layout`]), and the part under the pointer.

use egui::{Align2, Pos2, Rect, pos2, vec2};
use engine::board_game::layout::{Anchor, V2};
use engine::dice::map_drawing::{JUNCTION_RADIUS, SLOT, STATION_RADIUS, StationMapDrawing, Text};

use super::{MapModel, Part};

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
pub(super) const MIN_TEXT: f32 = 9.0;

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
