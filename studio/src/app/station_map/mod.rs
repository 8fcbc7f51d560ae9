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
//!
//! [`layout`] puts the parts on the screen and finds the part under the
//! pointer; [`painting`] paints them with what a caller lays over them.

pub mod layout;
pub mod painting;

use egui::{Color32, Pos2, Rect, pos2};
use engine::board_game::layout::{V2, v2};
use engine::dice::DiceDesign;
use engine::dice::design::{Bonus, End};
use engine::dice::map_drawing::{self, MapInput, StationInput};
use formats::GameFile;

pub use layout::{Fit, Layout, ScreenText, along, layout, part_at, space_at, station_at};
pub use painting::{Look, paint};

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

    /// The map of a design file as it is, broken or not: the engine's
    /// reading of it ([`MapInput::of_file`]), in screen points.
    pub fn of_file(f: &GameFile) -> MapModel {
        let input = MapInput::of_file(f);
        let p = |v: V2| pos2(v.x, v.y);
        let stations = input
            .stations
            .into_iter()
            .map(|s| StationDot {
                name: s.name,
                pos: p(s.at),
                slots: s.slots,
                bonus: s.bonus,
            })
            .collect();
        let junctions = input
            .junctions
            .into_iter()
            .map(|(name, at)| (name, p(at)))
            .collect();
        let mut first = 0;
        let tracks = input
            .tracks
            .into_iter()
            .map(|(line, spaces)| {
                let track = TrackLine {
                    points: line.map(|l| l.into_iter().map(p).collect()),
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

#[cfg(test)]
mod tests {
    use super::*;
    use egui::vec2;

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
