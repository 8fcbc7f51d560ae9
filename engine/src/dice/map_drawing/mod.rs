//! Where a station map (Trains & Stations) is printed, in design
//! millimetres, computed once here for everyone who draws it (the studio's
//! station map, the print-and-play PDF) and for the validator: each track's
//! spaces, each station's marker, building slots, name and city bonus, each
//! junction and its name (names placed where they cover nothing), what of it
//! overlaps (TL152), and [`fit`] (`fit.rs`), which moves stations and
//! junctions until nothing does.

mod fit;

use formats::GameFile;

use crate::board_game::layout::fit::{Cancelled, FitOptions, FitReport};
use crate::board_game::layout::overlaps::TOLERANCE;
use crate::board_game::layout::shapes::Shape;
use crate::board_game::layout::text;
use crate::board_game::layout::{Anchor, Box2, V2, v2};
use crate::validate::{Code, Diagnostic, Diagnostics};

pub use fit::{MapFit, fit};

/// Radius of a station's marker (ring included).
pub const STATION_RADIUS: f32 = 7.5;
/// Radius of a junction's marker.
pub const JUNCTION_RADIUS: f32 = 3.5;
/// Side of a building slot (edge included).
pub const SLOT: f32 = 12.6;
/// Distance between the centres of a station's slots.
pub const SLOT_PITCH: f32 = 13.0;
/// How far above the station its slots' centres are.
pub const SLOT_RISE: f32 = 17.0;
/// The largest and smallest side of a track space.
pub const SPACE_MAX: f32 = 14.0;
/// The smallest side of a track space.
pub const SPACE_MIN: f32 = 5.0;
/// Station names: baseline below the centre, and letter height (bold).
pub const NAME: (f32, f32) = (13.0, 5.0);
/// City bonus: baseline below the centre, and letter height.
pub const BONUS: (f32, f32) = (18.5, 4.0);
/// Junction names: baseline below the centre, and letter height.
pub const JUNCTION_NAME: (f32, f32) = (8.0, 3.5);

/// A part of a station map as printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// The spaces of `tracks[i]`.
    Track(usize),
    /// The marker of `stations[i]`.
    Station(usize),
    /// The building slots of `stations[i]`.
    Slots(usize),
    /// The name (and bonus) of `stations[i]`.
    StationName(usize),
    /// The marker and name of `junctions[i]`.
    Junction(usize),
}

/// A station as the drawing needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct StationInput {
    /// Its name.
    pub name: String,
    /// Where it is.
    pub at: V2,
    /// Its building slots.
    pub slots: u8,
    /// Its city bonus in words (`+2 VP`), if any.
    pub bonus: Option<String>,
}

/// What a station map is drawn from: read from a design file (which may be
/// broken) or from a validated design, so that every drawing of the map is
/// this one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MapInput {
    /// Stations, in file order.
    pub stations: Vec<StationInput>,
    /// Junctions: name and position.
    pub junctions: Vec<(String, V2)>,
    /// Tracks: their ends and bends (`None` when an end names no place) and
    /// their spaces.
    pub tracks: Vec<(Option<Vec<V2>>, usize)>,
}

/// The most spaces a track is drawn with.
const MAX_SPACES: usize = 999;

impl MapInput {
    /// The map of a design file as it is.
    pub fn of_file(file: &GameFile) -> MapInput {
        let stations: Vec<StationInput> = file
            .stations
            .iter()
            .map(|s| StationInput {
                name: s.name.clone(),
                at: v2(s.x, s.y),
                slots: s.slots,
                bonus: s.bonus.as_ref().map(|b| bonus_words(&b.kind, b.amount)),
            })
            .collect();
        let junctions: Vec<(String, V2)> = file
            .junctions
            .iter()
            .map(|j| (j.name.clone(), v2(j.x, j.y)))
            .collect();
        let place = |name: &str| {
            stations
                .iter()
                .find(|s| s.name == name)
                .map(|s| s.at)
                .or_else(|| junctions.iter().find(|j| j.0 == name).map(|j| j.1))
        };
        let tracks = file
            .tracks
            .iter()
            .map(|t| {
                let line = place(&t.from).zip(place(&t.to)).map(|(a, b)| {
                    let mut line = vec![a];
                    line.extend(t.bends.0.iter().map(|p| V2::from(*p)));
                    line.push(b);
                    line
                });
                let n = usize::try_from(t.spaces).unwrap_or(MAX_SPACES);
                (line, n.min(MAX_SPACES))
            })
            .collect();
        MapInput {
            stations,
            junctions,
            tracks,
        }
    }
}

/// A line of text as printed: its anchor on the baseline, which way it runs
/// from there, its letter height and weight.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// The words.
    pub text: String,
    /// The anchor point on the baseline.
    pub at: V2,
    /// Which way the text runs from `at`.
    pub anchor: Anchor,
    /// Letter height, millimetres.
    pub size: f32,
    /// Bold (station names).
    pub bold: bool,
}

impl Text {
    /// The box its letters cover, with a thin halo.
    pub fn rect(&self) -> Box2 {
        let w = text::width(&self.text, self.size) * if self.bold { 1.1 } else { 1.0 };
        let left = match self.anchor {
            Anchor::Start => self.at.x,
            Anchor::Middle => self.at.x - w / 2.0,
            Anchor::End => self.at.x - w,
        };
        let halo = 0.6;
        Box2 {
            min: v2(left - halo, self.at.y - text::ASCENT * self.size - halo),
            max: v2(
                left + w + halo,
                self.at.y + text::DESCENT * self.size + halo,
            ),
        }
    }
}

/// The station map of a design file as printed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StationMapDrawing {
    /// The side of every track space.
    pub space: f32,
    /// Each track's line (empty when an end names no place).
    pub lines: Vec<Vec<V2>>,
    /// Each track's space centres (empty when an end names no place).
    pub spaces: Vec<Vec<V2>>,
    /// Each station's centre.
    pub stations: Vec<V2>,
    /// Each station's slot centres.
    pub slots: Vec<Vec<V2>>,
    /// Each station's name, and its city bonus under it.
    pub station_names: Vec<Vec<Text>>,
    /// Each junction's centre.
    pub junctions: Vec<V2>,
    /// Each junction's name.
    pub junction_names: Vec<Text>,
    /// Every shape drawn, with the part it belongs to.
    pub shapes: Vec<(Part, Shape)>,
}

/// The point at fraction `t` of the way along `line`.
pub fn along(line: &[V2], t: f32) -> V2 {
    let total: f32 = line.windows(2).map(|w| w[0].dist(w[1])).sum();
    let mut left = t * total;
    for w in line.windows(2) {
        let len = w[0].dist(w[1]);
        if left <= len || len == 0.0 {
            return w[0] + (w[1] - w[0]) * (left / len.max(f32::EPSILON));
        }
        left -= len;
    }
    line.last().copied().unwrap_or(V2::ZERO)
}

/// The centres of `slots` building slots over a station at `at`.
pub fn slot_centres(at: V2, slots: u8) -> Vec<V2> {
    let n = f32::from(slots);
    (0..slots)
        .map(|k| at + v2((f32::from(k) - (n - 1.0) / 2.0) * SLOT_PITCH, -SLOT_RISE))
        .collect()
}

/// The side of the spaces of a map whose drawn tracks are `(length,
/// spaces)`: the largest that leaves room between spaces on every track.
pub fn space_side(tracks: impl IntoIterator<Item = (f32, usize)>) -> f32 {
    let mut size = SPACE_MAX;
    for (length, n) in tracks {
        if n > 0 {
            size = size.min(length / (n as f32 + 1.0) * 0.8);
        }
    }
    size.max(SPACE_MIN)
}

/// Where a name may go beside a marker of radius `r` at `at`, in order of
/// preference: below, right, left, above, then further below. Each is the
/// lines of text (`(words, letter height, bold)`) placed one under another.
fn name_spots(at: V2, r: f32, below: f32, lines: &[(&str, f32, bool)]) -> Vec<Vec<Text>> {
    let first = lines.first().map_or(0.0, |l| l.1);
    let place = |x: f32, y: f32, anchor: Anchor| {
        let mut y = y;
        lines
            .iter()
            .enumerate()
            .map(|(k, (words, size, bold))| {
                if k > 0 {
                    y += size * 1.35;
                }
                Text {
                    text: (*words).to_owned(),
                    at: v2(x, y),
                    anchor,
                    size: *size,
                    bold: *bold,
                }
            })
            .collect()
    };
    let side_y = at.y + first * 0.35;
    vec![
        place(at.x, at.y + below, Anchor::Middle),
        place(at.x + r + 2.0, side_y, Anchor::Start),
        place(at.x - r - 2.0, side_y, Anchor::End),
        place(at.x + r + 2.0, side_y + first * 1.6, Anchor::Start),
        place(at.x - r - 2.0, side_y + first * 1.6, Anchor::End),
        place(at.x, at.y + below + 10.0, Anchor::Middle),
    ]
}

/// The box of a name's lines.
fn texts_box(texts: &[Text]) -> Box2 {
    texts
        .iter()
        .map(Text::rect)
        .reduce(Box2::union)
        .unwrap_or(Box2::EMPTY)
}

/// The first of `spots` whose box meets none of `taken` (the first when all
/// do).
fn free(spots: Vec<Vec<Text>>, taken: &[(Part, Shape)], own: impl Fn(Part) -> bool) -> Vec<Text> {
    let clear = |texts: &Vec<Text>| {
        let b = Shape::boxed(texts_box(texts));
        taken
            .iter()
            .filter(|(p, _)| !own(*p))
            .all(|(_, s)| !(s.bbox().intersects(&b.bbox()) && s.overlaps(&b, TOLERANCE)))
    };
    let first = spots.first().cloned().unwrap_or_default();
    spots.into_iter().find(clear).unwrap_or(first)
}

impl StationMapDrawing {
    /// The map of `file` as printed.
    pub fn of(file: &GameFile) -> StationMapDrawing {
        StationMapDrawing::build(&MapInput::of_file(file))
    }

    /// The map of `input` as printed.
    pub fn build(input: &MapInput) -> StationMapDrawing {
        let space = space_side(input.tracks.iter().filter_map(|(l, n)| {
            let l = l.as_ref()?;
            Some((l.windows(2).map(|w| w[0].dist(w[1])).sum(), *n))
        }));
        let mut shapes = Vec::new();
        let spaces: Vec<Vec<V2>> = input
            .tracks
            .iter()
            .enumerate()
            .map(|(i, (line, n))| {
                let Some(line) = line else { return Vec::new() };
                let centres: Vec<V2> = (0..*n)
                    .map(|k| along(line, (k as f32 + 1.0) / (*n as f32 + 1.0)))
                    .collect();
                let h = space / 2.0;
                for c in &centres {
                    shapes.push((
                        Part::Track(i),
                        Shape::boxed(Box2 {
                            min: *c - v2(h, h),
                            max: *c + v2(h, h),
                        }),
                    ));
                }
                centres
            })
            .collect();
        let mut slots = Vec::with_capacity(input.stations.len());
        for (i, s) in input.stations.iter().enumerate() {
            shapes.push((
                Part::Station(i),
                Shape::Disc {
                    center: s.at,
                    radius: STATION_RADIUS,
                },
            ));
            let centres = slot_centres(s.at, s.slots.min(12));
            let h = SLOT / 2.0;
            for c in &centres {
                shapes.push((
                    Part::Slots(i),
                    Shape::boxed(Box2 {
                        min: *c - v2(h, h),
                        max: *c + v2(h, h),
                    }),
                ));
            }
            slots.push(centres);
        }
        for (i, (_, at)) in input.junctions.iter().enumerate() {
            shapes.push((
                Part::Junction(i),
                Shape::Disc {
                    center: *at,
                    radius: JUNCTION_RADIUS,
                },
            ));
        }
        // Names last, each where it covers nothing drawn so far.
        let mut station_names = Vec::with_capacity(input.stations.len());
        for (i, s) in input.stations.iter().enumerate() {
            let mut lines = vec![(s.name.as_str(), NAME.1, true)];
            if let Some(b) = &s.bonus {
                lines.push((b.as_str(), BONUS.1, false));
            }
            let spots = name_spots(s.at, STATION_RADIUS, NAME.0, &lines);
            let own = |p: Part| matches!(p, Part::Station(j) | Part::StationName(j) if j == i);
            let texts = free(spots, &shapes, own);
            shapes.push((Part::StationName(i), Shape::boxed(texts_box(&texts))));
            station_names.push(texts);
        }
        let mut junction_names = Vec::with_capacity(input.junctions.len());
        for (i, (name, at)) in input.junctions.iter().enumerate() {
            let lines = [(name.as_str(), JUNCTION_NAME.1, false)];
            let spots = name_spots(*at, JUNCTION_RADIUS, JUNCTION_NAME.0, &lines);
            let texts = free(spots, &shapes, |p| p == Part::Junction(i));
            shapes.push((Part::Junction(i), Shape::boxed(texts_box(&texts))));
            junction_names.extend(texts);
        }
        StationMapDrawing {
            space,
            lines: input
                .tracks
                .iter()
                .map(|(l, _)| l.clone().unwrap_or_default())
                .collect(),
            spaces,
            stations: input.stations.iter().map(|s| s.at).collect(),
            slots,
            station_names,
            junctions: input.junctions.iter().map(|j| j.1).collect(),
            junction_names,
            shapes,
        }
    }

    /// Every pair of parts drawn over each other, each pair once, in order.
    /// A part never counts against itself, nor a station's marker against its
    /// own slots and name.
    pub fn overlaps(&self) -> Vec<(Part, Part)> {
        let mut found = Vec::new();
        for (k, (pa, sa)) in self.shapes.iter().enumerate() {
            for (pb, sb) in &self.shapes[k + 1..] {
                let (a, b) = if pa <= pb { (*pa, *pb) } else { (*pb, *pa) };
                let same_station = |x: Part, y: Part| match (x, y) {
                    (
                        Part::Station(i) | Part::Slots(i) | Part::StationName(i),
                        Part::Station(j) | Part::Slots(j) | Part::StationName(j),
                    ) => i == j,
                    _ => x == y,
                };
                if same_station(a, b) {
                    continue;
                }
                if sa.bbox().intersects(&sb.bbox()) && sa.overlaps(sb, TOLERANCE) {
                    found.push((a, b));
                }
            }
        }
        found.sort_unstable();
        found.dedup();
        found
    }
}

/// A city bonus in words, as printed: `+2 VP`, `+1 card`, `+1 die`.
pub fn bonus_words(kind: &str, amount: u8) -> String {
    match kind {
        "points" => format!("+{amount} VP"),
        "special-card" => format!("+{amount} card"),
        "bonus-die" => format!("+{amount} die"),
        other => format!("+{amount} {other}"),
    }
}

/// Reports every overlap of the printed station map of `file` (TL152).
pub fn check(file: &GameFile, d: &mut Diagnostics) {
    let map = StationMapDrawing::of(file);
    let name = |p: Part| match p {
        Part::Track(i) => format!("the spaces of track {}", file.tracks[i].display_name()),
        Part::Station(i) => format!("station {}", file.stations[i].name),
        Part::Slots(i) => format!("the building slots of {}", file.stations[i].name),
        Part::StationName(i) => format!("the name of {}", file.stations[i].name),
        Part::Junction(i) => format!("junction {}", file.junctions[i].name),
    };
    let path = |p: Part| match p {
        Part::Track(i) => format!("tracks[{i}]"),
        Part::Station(i) | Part::Slots(i) | Part::StationName(i) => format!("stations[{i}]"),
        Part::Junction(i) => format!("junctions[{i}]"),
    };
    for (a, b) in map.overlaps() {
        d.push(
            Diagnostic::new(
                Code::DiceMapOverlap,
                format!("{} and {} are printed over each other", name(a), name(b)),
            )
            .at(path(a))
            .fix("move the stations apart, or add `bends:` to the track"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> GameFile {
        serde_yaml::from_str(text).unwrap()
    }

    #[test]
    fn slots_over_a_track_and_names_over_names_are_found() {
        let f = file(
            "name: t\nfamily: dice\nstations:\n  - {name: Alpha, x: 100, y: 100, slots: 3}\n  - {name: Beta, x: 300, y: 100, slots: 2}\n  - {name: Gamma, x: 100, y: 40, slots: 2}\n  - {name: Delta, x: 110, y: 104, slots: 2}\ntracks:\n  - {from: Alpha, to: Beta, spaces: 4}\n  - {from: Beta, to: Gamma, spaces: 6}\n",
        );
        let mut d = Diagnostics::default();
        check(&f, &mut d);
        let messages: Vec<&str> = d.0.iter().map(|x| x.message.as_str()).collect();
        assert!(
            messages.contains(
                &"the building slots of Alpha and the name of Delta are printed over each other"
            ) || messages.iter().any(|m| m.contains("Delta")),
            "{messages:#?}"
        );
        assert!(
            messages
                .iter()
                .all(|m| !m.contains("track Alpha - Beta and station Alpha"))
        );
    }

    #[test]
    fn a_roomy_map_has_no_overlap() {
        let f = file(
            "name: t\nfamily: dice\nstations:\n  - {name: A, x: 100, y: 100, slots: 2}\n  - {name: B, x: 250, y: 100, slots: 3}\ntracks:\n  - {from: A, to: B, spaces: 4}\n",
        );
        let m = StationMapDrawing::of(&f);
        assert_eq!(m.spaces[0].len(), 4);
        assert_eq!(m.overlaps(), []);
    }

    #[test]
    fn a_name_moves_off_the_spaces_under_its_station() {
        // A track runs straight down from A: the name below would cover it.
        let f = file(
            "name: t\nfamily: dice\nstations:\n  - {name: A, x: 100, y: 100, slots: 1}\n  - {name: B, x: 100, y: 200, slots: 1}\ntracks:\n  - {from: A, to: B, spaces: 5}\n",
        );
        let m = StationMapDrawing::of(&f);
        assert_ne!(m.station_names[0][0].anchor, Anchor::Middle, "{m:#?}");
        assert!(
            m.overlaps()
                .iter()
                .all(|o| *o != (Part::Track(0), Part::StationName(0))),
            "{:?}",
            m.overlaps()
        );
    }

    #[test]
    fn the_fit_clears_a_crowded_map_and_moves_little() {
        let f = file(
            "name: t\nfamily: dice\nboard: {width: 400, height: 300}\nstations:\n  - {name: Alpha, x: 100, y: 100, slots: 3}\n  - {name: Beta, x: 300, y: 100, slots: 2}\n  - {name: Gamma, x: 130, y: 112, slots: 2}\n  - {name: Delta, x: 200, y: 220, slots: 2}\njunctions:\n  - {name: Knot, x: 200, y: 150}\ntracks:\n  - {from: Alpha, to: Beta, spaces: 4}\n  - {from: Gamma, to: Knot, spaces: 1}\n  - {from: Knot, to: Delta, spaces: 1}\n  - {from: Beta, to: Delta, spaces: 2, bends: \"280,200\"}\n",
        );
        let before = StationMapDrawing::of(&f).overlaps().len();
        assert!(before > 0);
        let fitted = fit(&f, &FitOptions::default(), &mut |_| true).unwrap();
        assert_eq!(fitted.report.overlaps, (before, 0));
        let mut out = f.clone();
        fitted.apply(&mut out);
        assert_eq!(StationMapDrawing::of(&out).overlaps(), []);
        assert!(fitted.report.max_move <= 60.0, "{:?}", fitted.report);
        // Deterministic, and a cancelled fit gives nothing.
        assert_eq!(
            fit(&f, &FitOptions::default(), &mut |_| true).unwrap(),
            fitted
        );
        assert!(fit(&f, &FitOptions::default(), &mut |_| false).is_err());
    }
}
