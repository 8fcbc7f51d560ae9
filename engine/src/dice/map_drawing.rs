//! Where a station map (Trains & Stations) is printed, in design
//! millimetres: each track's spaces, each station's marker, building slots,
//! name and city bonus, each junction and its name, at the sizes the
//! print-and-play export draws them (`studio/src/export/station_map.rs`; a
//! studio test checks that both put spaces and slots at the same points),
//! and what of it overlaps (TL152).

use formats::GameFile;

use crate::board_game::layout::overlaps::TOLERANCE;
use crate::board_game::layout::shapes::Shape;
use crate::board_game::layout::text;
use crate::board_game::layout::{Box2, V2, v2};
use crate::validate::{Code, Diagnostic, Diagnostics};

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

/// The station map of a design file as printed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StationMapDrawing {
    /// The side of every track space.
    pub space: f32,
    /// Each track's space centres (empty when an end names no place).
    pub spaces: Vec<Vec<V2>>,
    /// Each station's slot centres.
    pub slots: Vec<Vec<V2>>,
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

/// The centres of `slots` building slots over a station at `at`, at
/// `scale` points per millimetre of the printed sizes.
pub fn slot_centres(at: V2, slots: u8, scale: f32) -> Vec<V2> {
    let n = f32::from(slots);
    (0..slots)
        .map(|k| at + v2((f32::from(k) - (n - 1.0) / 2.0) * SLOT_PITCH, -SLOT_RISE) * scale)
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

fn text_box(x: f32, baseline: f32, label: &str, font: f32, bold: bool) -> Box2 {
    let w = text::width(label, font) * if bold { 1.1 } else { 1.0 };
    let halo = 0.6;
    Box2 {
        min: v2(x - w / 2.0 - halo, baseline - text::ASCENT * font - halo),
        max: v2(x + w / 2.0 + halo, baseline + text::DESCENT * font + halo),
    }
}

impl StationMapDrawing {
    /// The map of `file` as printed.
    pub fn of(file: &GameFile) -> StationMapDrawing {
        let place = |name: &str| {
            file.stations
                .iter()
                .find(|s| s.name == name)
                .map(|s| v2(s.x, s.y))
                .or_else(|| {
                    file.junctions
                        .iter()
                        .find(|j| j.name == name)
                        .map(|j| v2(j.x, j.y))
                })
        };
        let lines: Vec<Option<Vec<V2>>> = file
            .tracks
            .iter()
            .map(|t| {
                let (a, b) = (place(&t.from)?, place(&t.to)?);
                let mut line = vec![a];
                line.extend(t.bends.0.iter().map(|p| V2::from(*p)));
                line.push(b);
                Some(line)
            })
            .collect();
        let count =
            |t: &formats::dice::TrackSpec| usize::try_from(t.spaces).unwrap_or(999).min(999);
        let space = space_side(lines.iter().zip(&file.tracks).filter_map(|(l, t)| {
            let l = l.as_ref()?;
            Some((l.windows(2).map(|w| w[0].dist(w[1])).sum(), count(t)))
        }));
        let mut shapes = Vec::new();
        let spaces: Vec<Vec<V2>> = lines
            .iter()
            .zip(&file.tracks)
            .enumerate()
            .map(|(i, (line, t))| {
                let Some(line) = line else { return Vec::new() };
                let n = count(t);
                let centres: Vec<V2> = (0..n)
                    .map(|k| along(line, (k as f32 + 1.0) / (n as f32 + 1.0)))
                    .collect();
                for c in &centres {
                    let h = space / 2.0;
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
        let mut slots = Vec::with_capacity(file.stations.len());
        for (i, s) in file.stations.iter().enumerate() {
            let at = v2(s.x, s.y);
            shapes.push((
                Part::Station(i),
                Shape::Disc {
                    center: at,
                    radius: STATION_RADIUS,
                },
            ));
            let centres = slot_centres(at, s.slots.min(12), 1.0);
            for c in &centres {
                let h = SLOT / 2.0;
                shapes.push((
                    Part::Slots(i),
                    Shape::boxed(Box2 {
                        min: *c - v2(h, h),
                        max: *c + v2(h, h),
                    }),
                ));
            }
            slots.push(centres);
            let mut name = text_box(at.x, at.y + NAME.0, &s.name, NAME.1, true);
            if let Some(b) = &s.bonus {
                let words = bonus_words(&b.kind, b.amount);
                name = name.union(text_box(at.x, at.y + BONUS.0, &words, BONUS.1, false));
            }
            shapes.push((Part::StationName(i), Shape::boxed(name)));
        }
        for (i, j) in file.junctions.iter().enumerate() {
            let at = v2(j.x, j.y);
            shapes.push((
                Part::Junction(i),
                Shape::Disc {
                    center: at,
                    radius: JUNCTION_RADIUS,
                },
            ));
            let name = text_box(
                at.x,
                at.y + JUNCTION_NAME.0,
                &j.name,
                JUNCTION_NAME.1,
                false,
            );
            shapes.push((Part::Junction(i), Shape::boxed(name)));
        }
        StationMapDrawing {
            space,
            spaces,
            slots,
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
}
