//! Moving a station map's stations and junctions (with their tracks'
//! bends) until nothing is printed over anything else.

use super::*;

/// A proposed station map: every station's and junction's new place and
/// every track's bends, by index.
#[derive(Clone, Debug, PartialEq)]
pub struct MapFit {
    /// Every station's place.
    pub stations: Vec<V2>,
    /// Every junction's place.
    pub junctions: Vec<V2>,
    /// Every track's bends.
    pub bends: Vec<Vec<V2>>,
    /// What changed (a station map has no car count to fit: its lengths
    /// figures stay 0).
    pub report: FitReport,
}

impl MapFit {
    /// Writes the places and bends into `file` (nothing else changes).
    pub fn apply(&self, file: &mut GameFile) {
        let round = |v: f32| (v * 10.0).round() / 10.0;
        for (s, p) in file.stations.iter_mut().zip(&self.stations) {
            (s.x, s.y) = (round(p.x), round(p.y));
        }
        for (j, p) in file.junctions.iter_mut().zip(&self.junctions) {
            (j.x, j.y) = (round(p.x), round(p.y));
        }
        for (t, b) in file.tracks.iter_mut().zip(&self.bends) {
            t.bends.0 = b
                .iter()
                .map(|p| formats::Point {
                    x: round(p.x),
                    y: round(p.y),
                })
                .collect();
        }
    }
}

/// Steps a place tries, millimetres, smallest first (so the map moves as
/// little as it can).
const STEPS: [f32; 7] = [3.0, 6.0, 10.0, 15.0, 22.0, 30.0, 40.0];
/// Directions a place tries at each step.
const DIRECTIONS: usize = 12;

/// Lays out the station map of `file`: moves stations and junctions (with
/// the bends of their tracks) until nothing is printed over anything else.
/// Each place drawn over something tries small steps in twelve directions,
/// the smallest first, and keeps the first that leaves fewer overlaps,
/// stays on the board and shrinks no track space. The map keeps its shape:
/// only the places in the way move, and no further than they must.
/// Deterministic (places are tried in file order). `progress` hears the
/// share done after each pass and returns `false` to cancel.
pub fn fit(
    file: &GameFile,
    opts: &FitOptions,
    progress: &mut dyn FnMut(f32) -> bool,
) -> Result<MapFit, Cancelled> {
    let input = MapInput::of_file(file);
    let ns = input.stations.len();
    let original: Vec<V2> = input
        .stations
        .iter()
        .map(|s| s.at)
        .chain(input.junctions.iter().map(|j| j.1))
        .collect();
    // Each track's ends (as place indices) and its bends relative to them.
    let place = |name: &str| {
        (input.stations.iter().position(|s| s.name == name))
            .or_else(|| (input.junctions.iter().position(|j| j.0 == name)).map(|j| ns + j))
    };
    let ends: Vec<Option<(usize, usize)>> = file
        .tracks
        .iter()
        .map(|t| place(&t.from).zip(place(&t.to)))
        .collect();
    let relative: Vec<Vec<(f32, f32)>> = file
        .tracks
        .iter()
        .zip(&ends)
        .map(|(t, e)| match e {
            Some((a, b)) => t
                .bends
                .0
                .iter()
                .map(|p| to_chord(original[*a], original[*b], V2::from(*p)))
                .collect(),
            None => Vec::new(),
        })
        .collect();
    let bends_at = |x: &[V2]| -> Vec<Vec<V2>> {
        ends.iter()
            .zip(&relative)
            .map(|(e, rel)| match e {
                Some((a, b)) => rel.iter().map(|r| from_chord(x[*a], x[*b], *r)).collect(),
                None => Vec::new(),
            })
            .collect()
    };
    let draw = |x: &[V2]| {
        let mut input = input.clone();
        for (s, p) in input.stations.iter_mut().zip(x) {
            s.at = *p;
        }
        for (j, p) in input.junctions.iter_mut().zip(&x[ns..]) {
            j.1 = *p;
        }
        for ((line, _), (e, b)) in input.tracks.iter_mut().zip(ends.iter().zip(bends_at(x))) {
            if let (Some(l), Some((a, z))) = (line.as_mut(), e) {
                let mut points = vec![x[*a]];
                points.extend(b);
                points.push(x[*z]);
                *l = points;
            }
        }
        StationMapDrawing::build(&input)
    };
    let board = file.board.as_ref().map(|b| (b.width, b.height));
    let on_board = |p: V2| {
        board.is_none_or(|(w, h)| {
            let m = STATION_RADIUS + 2.0;
            p.x >= m && p.y >= SLOT_RISE + SLOT && p.x <= w - m && p.y <= h - m - NAME.0
        })
    };
    let start = draw(&original);
    let before = start.overlaps().len();
    let mut x = original.clone();
    let mut current = before;
    // How far a place may wander: the anchor option holds it nearer.
    let reach = STEPS[STEPS.len() - 1] * (1.5 - opts.anchor.clamp(0.0, 1.0));
    let passes = opts.rounds.max(1);
    for pass in 0..passes {
        if current == 0 {
            break;
        }
        let d = draw(&x);
        let mut involved: Vec<usize> = Vec::new();
        for (a, b) in d.overlaps() {
            for p in [a, b] {
                match p {
                    Part::Track(i) => {
                        if let Some((a, z)) = ends[i] {
                            involved.extend([a, z]);
                        }
                    }
                    Part::Station(i) | Part::Slots(i) | Part::StationName(i) => involved.push(i),
                    Part::Junction(j) => involved.push(ns + j),
                }
            }
        }
        involved.sort_unstable();
        involved.dedup();
        let mut improved = false;
        'place: for i in involved {
            for step in STEPS {
                for k in 0..DIRECTIONS {
                    let a = k as f32 * std::f32::consts::TAU / DIRECTIONS as f32;
                    let to = x[i] + v2(a.cos(), a.sin()) * step;
                    if !on_board(to) || to.dist(original[i]) > reach {
                        continue;
                    }
                    let old = x[i];
                    x[i] = to;
                    let tried = draw(&x);
                    let n = tried.overlaps().len();
                    if n < current && tried.space >= start.space - 0.01 {
                        current = n;
                        improved = true;
                        continue 'place;
                    }
                    x[i] = old;
                }
            }
        }
        if !progress((pass + 1) as f32 / passes as f32) {
            return Err(Cancelled);
        }
        if !improved {
            break;
        }
    }
    let report = FitReport {
        overlaps: (before, current),
        ..FitReport::moves(&original, &x)
    };
    progress(1.0);
    Ok(MapFit {
        stations: x[..ns].to_vec(),
        junctions: x[ns..].to_vec(),
        bends: bends_at(&x),
        report,
    })
}

/// A bend in its track's frame: along the chord and across it, in chord
/// lengths, so it follows its ends when they move.
fn to_chord(a: V2, b: V2, p: V2) -> (f32, f32) {
    let ab = b - a;
    let l2 = ab.len_sq().max(1e-6);
    ((p - a).dot(ab) / l2, (p - a).dot(ab.perp()) / l2)
}

fn from_chord(a: V2, b: V2, (t, s): (f32, f32)) -> V2 {
    let ab = b - a;
    a + ab * t + ab.perp() * s
}
