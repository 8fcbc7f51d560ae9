//! Fits a board's drawing to its routes: moves the unlocked cities so each
//! route's drawn length matches its car count at the design's car-space size,
//! keeps every city near where it was, pushes apart what overlaps, and bends
//! the routes that still cannot fit a straight line.
//!
//! The method is stress majorization (Gansner, Koren and North, "Graph
//! drawing by stress majorization", 2004) in its localized form: each city in
//! turn moves to the weighted mean of where each of its terms would put it.
//! The terms are
//! - one per pair of cities joined by a route: the distance that gives the
//!   route `length × car_space` between the clearances at its ends
//!   (weight 1/d², as in the paper);
//! - an anchor to the city's original position, weighted as a share of the
//!   city's route weights, which keeps the map's geography recognisable;
//! - separation terms added for whatever the drawing shows overlapping (a
//!   city or its name under another route's car spaces, names over names):
//!   overlap removal as extra stress terms, active only while the objects are
//!   too close, as PRISM does with its proximity graph.
//!
//! Rounds alternate: draw the board ([`BoardDrawing`]), collect its overlaps
//! and clearances, then run majorization sweeps. Locked cities never move;
//! sweeps visit cities in file order, so the result is deterministic. No
//! maintained crate does this: see docs/layout.md.

use std::collections::BTreeMap;

use formats::GameFile;

use super::bends::bend_short_routes;
use super::crossings;
use super::geometry::{BoardDrawing, MARKER_RADIUS, polyline_length};
use super::overlaps::{self, Item, Overlap};
use super::polish::polish;
use super::shapes::nearest_on;
use super::vec::{V2, v2};

/// A route drawn this share shorter or longer than its car spaces need is
/// off its car count (the validator's TL119 and the layout's goal).
pub const LENGTH_TOLERANCE: f32 = 0.2;

/// How the layout runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// How strongly cities hold their original positions, as a share of the
    /// pull of their routes (0: not at all), in the first round; it eases to
    /// a tenth of that by the last.
    pub anchor: f32,
    /// Rounds of drawing, measuring and majorization sweeps.
    pub rounds: usize,
    /// Majorization sweeps per round.
    pub sweeps: usize,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            anchor: 0.25,
            rounds: 24,
            sweeps: 25,
        }
    }
}

/// What a layout changed and left, for the designer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FitReport {
    /// Cities moved (by more than 0.05 mm).
    pub moved: usize,
    /// The largest move, in millimetres.
    pub max_move: f32,
    /// The mean move of the moved cities.
    pub mean_move: f32,
    /// Cities held by `locked: true`.
    pub locked: usize,
    /// Overlapping pairs before and after.
    pub overlaps: (usize, usize),
    /// Pairs of routes drawn crossing ([`crossings::find`]) before and after.
    pub crossings: (usize, usize),
    /// Routes off their car count beyond [`LENGTH_TOLERANCE`], before and after.
    pub lengths_off: (usize, usize),
    /// Routes given a bend to fit their length.
    pub bent: usize,
}

impl FitReport {
    /// A report of the moves from `before` to `after` (places by index);
    /// its other figures are zero.
    pub fn moves(before: &[V2], after: &[V2]) -> FitReport {
        let moves: Vec<f32> = after
            .iter()
            .zip(before)
            .map(|(a, b)| a.dist(*b))
            .filter(|d| *d > 0.05)
            .collect();
        FitReport {
            moved: moves.len(),
            max_move: moves.iter().copied().fold(0.0, f32::max),
            mean_move: if moves.is_empty() {
                0.0
            } else {
                moves.iter().sum::<f32>() / moves.len() as f32
            },
            ..FitReport::default()
        }
    }
}

/// A proposed layout: new positions and bends, by index.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    /// Every city's position.
    pub cities: Vec<V2>,
    /// Every route's bends.
    pub bends: Vec<Vec<V2>>,
    /// What changed.
    pub report: FitReport,
}

impl Fitted {
    /// Writes the positions and bends into `design` (nothing else changes).
    pub fn apply(&self, design: &mut GameFile) {
        for (c, p) in design.cities.iter_mut().zip(&self.cities) {
            (c.x, c.y) = (round(p.x), round(p.y));
        }
        for (r, b) in design.routes.iter_mut().zip(&self.bends) {
            r.bends.0 = b
                .iter()
                .map(|p| formats::Point {
                    x: round(p.x),
                    y: round(p.y),
                })
                .collect();
        }
    }
}

/// Tenths of a millimetre, as designs are written.
fn round(v: f32) -> f32 {
    (v * 10.0).round() / 10.0
}

/// A position as [`Fitted::apply`] writes it: the fit judges the drawing it
/// will write, so the validator finds on its output what the fit counted.
pub(super) fn written(p: V2) -> V2 {
    v2(round(p.x), round(p.y))
}

/// The layout was cancelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the layout was cancelled")]
pub struct Cancelled;

/// Routes off their car count beyond [`LENGTH_TOLERANCE`].
pub fn lengths_off(g: &BoardDrawing) -> Vec<usize> {
    g.routes
        .iter()
        .enumerate()
        .filter(|(_, r)| r.ends.is_some() && r.needed > 0.0 && length_off(r.drawn, r.needed))
        .map(|(i, _)| i)
        .collect()
}

/// How a drawing is judged, lower first: its overlapping pairs and its
/// crossing routes (each as bad as the other: both print one thing over
/// another), then its routes off their car count.
pub(super) fn judge(g: &BoardDrawing, bends: &[Vec<V2>]) -> (usize, usize) {
    (
        overlaps::find(g).len() + crossings::find(g, bends).len(),
        lengths_off(g).len(),
    )
}

/// Whether `drawn` is off `needed` beyond the tolerance.
pub fn length_off(drawn: f32, needed: f32) -> bool {
    drawn.is_finite()
        && (drawn < needed * (1.0 - LENGTH_TOLERANCE) || drawn > needed * (1.0 + LENGTH_TOLERANCE))
}

/// The most a city's anchor is strengthened for the routes of it drawn
/// crossing others.
const MAX_HOLD: f32 = 64.0;

/// Boards with at most this many routes are redrawn to check each bend.
pub(super) const FULL_CHECK_ROUTES: usize = 1000;

/// A bend kept in its route's frame: `t` along the chord and `s` across it,
/// both in chord lengths, so it follows its cities when they move.
#[derive(Clone, Copy, Debug)]
pub(super) struct Relative {
    t: f32,
    s: f32,
}

/// `p` in the frame of the chord from `a` to `b`.
pub(super) fn to_relative(a: V2, b: V2, p: V2) -> Relative {
    let ab = b - a;
    let l2 = ab.len_sq().max(1e-6);
    Relative {
        t: (p - a).dot(ab) / l2,
        s: (p - a).dot(ab.perp()) / l2,
    }
}

/// The point at `r` in the frame of the chord from `a` to `b`.
fn from_relative(a: V2, b: V2, r: Relative) -> V2 {
    let ab = b - a;
    a + ab * r.t + ab.perp() * r.s
}

/// A stress term of a city: be `dist` from `other` (a city) or from a fixed
/// point, with `weight`; a separation term acts only while closer.
#[derive(Clone, Copy, Debug)]
struct Term {
    to: Target,
    dist: f32,
    weight: f32,
    only_apart: bool,
}

#[derive(Clone, Copy, Debug)]
enum Target {
    City(usize),
    Point(V2),
}

/// Lays out `design`'s board. `progress` hears the share done after each
/// round and returns `false` to cancel.
pub fn fit(
    design: &GameFile,
    opts: &FitOptions,
    progress: &mut dyn FnMut(f32) -> bool,
) -> Result<Fitted, Cancelled> {
    let n = design.cities.len();
    let original: Vec<V2> = design.cities.iter().map(|c| v2(c.x, c.y)).collect();
    // A city at a position out of range is left where it is.
    let fixed: Vec<bool> = design
        .cities
        .iter()
        .zip(&original)
        .map(|(c, p)| c.locked || !p.is_finite() || p.x.abs() > 1e6 || p.y.abs() > 1e6)
        .collect();
    let start = BoardDrawing::of(design);
    let start_bends: Vec<Vec<V2>> = design
        .routes
        .iter()
        .map(|r| r.bends.0.iter().map(|p| V2::from(*p)).collect())
        .collect();
    let before = judge(&start, &start_bends);
    let before_figures = (
        overlaps::find(&start).len(),
        crossings::find(&start, &start_bends).len(),
        lengths_off(&start).len(),
    );

    // Bends relative to their chords.
    let relative: Vec<Vec<Relative>> = design
        .routes
        .iter()
        .zip(&start.routes)
        .map(|(r, g)| match g.ends {
            Some((a, b)) => r
                .bends
                .0
                .iter()
                .map(|p| to_relative(original[a], original[b], V2::from(*p)))
                .collect(),
            None => Vec::new(),
        })
        .collect();
    // Pairs of cities joined by routes (self-loops have no length to fit).
    let mut pairs: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
    for (i, r) in start.routes.iter().enumerate() {
        if let Some((a, b)) = r.ends
            && a != b
        {
            pairs.entry((a.min(b), a.max(b))).or_default().push(i);
        }
    }
    let board = design.board.as_ref().map(|b| (b.width, b.height));
    let mut x = original.clone();
    let rounds = opts.rounds.max(1);
    // Each round's, from its cities' positions.
    let mut bends: Vec<Vec<V2>>;
    // The best drawing seen: fewest overlaps and crossings, then fewest
    // routes off their length (the last rounds may trade one for the other).
    let mut best: Option<((usize, usize), Vec<V2>)> = None;
    // How firmly each city holds its place, beyond the anchor.
    let mut hold = vec![1.0f32; n];
    for round in 0..rounds {
        for p in &mut x {
            *p = written(*p);
        }
        bends = current_bends(&start, &relative, &x);
        let g = BoardDrawing::with(design, x.clone(), &bends);
        let mut terms: Vec<Vec<Term>> = vec![Vec::new(); n];
        route_terms(&g, &pairs, &relative, &mut terms);
        let found = overlaps::find(&g);
        let crossed = crossings::find(&g, &bends);
        // The ends of routes drawn crossing hold their places more firmly
        // from now on (twice as firmly each round they cross, up to
        // [`MAX_HOLD`]): the design as drawn is where they did not cross.
        for &(r, s) in &crossed {
            for (a, b) in [g.routes[r].ends, g.routes[s].ends].into_iter().flatten() {
                for c in [a, b] {
                    hold[c] = (hold[c] * 2.0).min(MAX_HOLD);
                }
            }
        }
        if round > 0 {
            let score = (found.len() + crossed.len(), lengths_off(&g).len());
            if best.as_ref().is_none_or(|(b, _)| score < *b) {
                best = Some((score, x.clone()));
            }
        }
        if round > 0 {
            separation_terms(&g, &found, &mut terms);
        }
        // The anchor, as a share of each city's route weights, loosened
        // round by round (to `opts.anchor / 10`) so the lengths win in the end.
        let share = opts.anchor * (0.1 + 0.9 * (1.0 - round as f32 / rounds as f32).powi(2));
        let anchor: Vec<f32> = terms
            .iter()
            .map(|t| {
                let w: f32 = t.iter().filter(|t| !t.only_apart).map(|t| t.weight).sum();
                if w > 0.0 { w * share } else { 1.0 }
            })
            .zip(&hold)
            .map(|(a, h)| a * h)
            .collect();
        for _ in 0..opts.sweeps {
            for i in 0..n {
                if fixed[i] {
                    continue;
                }
                let mut num = original[i] * anchor[i];
                let mut den = anchor[i];
                for t in &terms[i] {
                    let other = match t.to {
                        Target::City(j) => x[j],
                        Target::Point(p) => p,
                    };
                    let diff = x[i] - other;
                    let d = diff.len();
                    if t.only_apart && d >= t.dist {
                        continue;
                    }
                    let dir = diff.unit().unwrap_or_else(|| tie_break(i));
                    num += (other + dir * t.dist) * t.weight;
                    den += t.weight;
                }
                let mut p = num / den;
                if let Some((w, h)) = board {
                    let m = MARKER_RADIUS * 2.0;
                    p = v2(p.x.clamp(m, (w - m).max(m)), p.y.clamp(m, (h - m).max(m)));
                }
                if p.is_finite() {
                    x[i] = p;
                }
            }
        }
        if !progress((round + 1) as f32 / (rounds + 1) as f32) {
            return Err(Cancelled);
        }
    }
    for p in &mut x {
        *p = written(*p);
    }
    bends = current_bends(&start, &relative, &x);
    let g = BoardDrawing::with(design, x.clone(), &bends);
    let score = judge(&g, &bends);
    if let Some((b, bx)) = &best
        && *b < score
    {
        x = bx.clone();
        bends = current_bends(&start, &relative, &x);
    }
    // Routes still too short for their car spaces are bent.
    let g = BoardDrawing::with(design, x.clone(), &bends);
    let rounds_score = judge(&g, &bends);
    let rounds_result = (x.clone(), bends.clone());
    let mut bent = bend_short_routes(design, &g, &pairs, &mut bends);
    if design.routes.len() <= FULL_CHECK_ROUTES {
        polish(design, &fixed, &mut x, &mut bends);
    }
    let mut end = BoardDrawing::with(design, x.clone(), &bends);
    let mut score = judge(&end, &bends);
    // Bending and polishing may trade an overlap for lengths: the rounds'
    // drawing stays where it is better.
    if rounds_score < score {
        (x, bends) = rounds_result;
        end = g;
        score = rounds_score;
        bent = 0;
    }
    // Never worse than the design as it was: where the layout could not
    // untangle it (fewer overlaps and crossings, then fewer routes off), it
    // proposes no move.
    if score > before {
        x.clone_from(&original);
        bends = start_bends;
        end = start.clone();
        bent = 0;
    }
    let report = FitReport {
        locked: design.cities.iter().filter(|c| c.locked).count(),
        overlaps: (before_figures.0, overlaps::find(&end).len()),
        crossings: (before_figures.1, crossings::find(&end, &bends).len()),
        lengths_off: (before_figures.2, lengths_off(&end).len()),
        bent,
        ..FitReport::moves(&original, &x)
    };
    progress(1.0);
    Ok(Fitted {
        cities: x,
        bends,
        report,
    })
}

/// A fixed direction for a city on top of another (never random).
fn tie_break(i: usize) -> V2 {
    let a = i as f32 * 2.399_963; // the golden angle
    v2(a.cos(), a.sin())
}

/// Every route's bends, kept `relative` to its chord, with the cities at `x`
/// (as written).
pub(super) fn current_bends(
    start: &BoardDrawing,
    relative: &[Vec<Relative>],
    x: &[V2],
) -> Vec<Vec<V2>> {
    start
        .routes
        .iter()
        .zip(relative)
        .map(|(r, rel)| match r.ends {
            Some((a, b)) => rel
                .iter()
                .map(|q| written(from_relative(x[a], x[b], *q)))
                .collect(),
            None => Vec::new(),
        })
        .collect()
}

/// One term per pair of cities joined by routes: the chord that gives the
/// longest of its routes `length × car_space` between its clearances (a bent
/// route's chord is shorter than its line by the bends' share).
fn route_terms(
    g: &BoardDrawing,
    pairs: &BTreeMap<(usize, usize), Vec<usize>>,
    relative: &[Vec<Relative>],
    terms: &mut [Vec<Term>],
) {
    for (&(a, b), routes) in pairs {
        let mut want: f32 = 0.0;
        for &r in routes {
            let rg = &g.routes[r];
            let line = polyline_length(&rg.line).max(1e-3);
            let chord = g.cities[a].dist(g.cities[b]).max(1e-3);
            // The line's length over its chord, from the bends' shape.
            let k = if relative[r].is_empty() {
                1.0
            } else {
                (line / chord).max(1.0)
            };
            let total = rg.needed + rg.clearance.0 + rg.clearance.1;
            want = want.max(total / k);
        }
        if want <= 0.0 || !want.is_finite() {
            continue;
        }
        let weight = 1.0 / (want * want);
        for (i, j) in [(a, b), (b, a)] {
            terms[i].push(Term {
                to: Target::City(j),
                dist: want,
                weight,
                only_apart: false,
            });
        }
    }
}

/// Separation terms for what overlaps: a city and its name are pushed off
/// another route's line, and two cities whose names or markers overlap are
/// pushed apart.
fn separation_terms(g: &BoardDrawing, found: &[Overlap], terms: &mut [Vec<Term>]) {
    let clear = g.half_width + MARKER_RADIUS + 2.0;
    for o in found {
        match (o.a, o.b) {
            (Item::Route(r), Item::City(c) | Item::Name(c))
            | (Item::City(c) | Item::Name(c), Item::Route(r)) => {
                let Some((a, b)) = g.routes[r].ends else {
                    continue;
                };
                if c == a || c == b {
                    continue;
                }
                let label = matches!(o.a, Item::Name(_)) || matches!(o.b, Item::Name(_));
                let Some(p) = nearest_on(&g.routes[r].line, g.cities[c]) else {
                    continue;
                };
                let d = if label { clear * 2.0 } else { clear };
                let weight = 16.0 / (d * d);
                terms[c].push(Term {
                    to: Target::Point(p),
                    dist: d,
                    weight,
                    only_apart: true,
                });
            }
            (Item::City(a) | Item::Name(a), Item::City(b) | Item::Name(b)) if a != b => {
                let now = g.cities[a].dist(g.cities[b]);
                let d = now + (g.labels[a].rect.size().x + g.labels[b].rect.size().x) / 4.0;
                let weight = 16.0 / (d * d);
                terms[a].push(Term {
                    to: Target::City(b),
                    dist: d,
                    weight,
                    only_apart: true,
                });
                terms[b].push(Term {
                    to: Target::City(a),
                    dist: d,
                    weight,
                    only_apart: true,
                });
            }
            (Item::Route(r), Item::Route(s)) => {
                // Two routes from one city too close in angle: spread their
                // other ends.
                let (Some((a, b)), Some((c, d))) = (g.routes[r].ends, g.routes[s].ends) else {
                    continue;
                };
                let shared = [a, b].into_iter().find(|e| *e == c || *e == d);
                let Some(hub) = shared else { continue };
                let other_r = if a == hub { b } else { a };
                let other_s = if c == hub { d } else { c };
                if other_r == other_s {
                    continue;
                }
                let now = g.cities[other_r].dist(g.cities[other_s]);
                let want = now * 1.25 + g.half_width * 2.0;
                let weight = 2.0 / (want * want);
                for (i, j) in [(other_r, other_s), (other_s, other_r)] {
                    terms[i].push(Term {
                        to: Target::City(j),
                        dist: want,
                        weight,
                        only_apart: true,
                    });
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::validate::design_of as design;

    #[test]
    fn routes_get_their_length_and_locked_cities_stay() {
        let mut d = design(
            "format: tracklayer/1\ncities:\n  - {name: A, x: 100, y: 100, locked: true}\n  - {name: B, x: 130, y: 100}\n  - {name: C, x: 100, y: 300}\nroutes:\n  - {from: A, to: B, length: 4, color: red}\n  - {from: A, to: C, length: 2, color: red}\n",
        );
        let fitted = fit(&d, &FitOptions::default(), &mut |_| true).unwrap();
        assert_eq!(fitted.cities[0], v2(100.0, 100.0), "locked");
        let again = fit(&d, &FitOptions::default(), &mut |_| true).unwrap();
        assert_eq!(fitted, again, "deterministic");
        fitted.apply(&mut d);
        let g = BoardDrawing::of(&d);
        assert_eq!(lengths_off(&g), Vec::<usize>::new(), "{:?}", g.routes);
        assert_eq!(fitted.report.lengths_off, (2, 0));
        assert_eq!(overlaps::find(&g), []);
    }

    #[test]
    fn a_route_between_locked_cities_is_bent_to_its_length() {
        let d = design(
            "format: tracklayer/1\ncities:\n  - {name: A, x: 100, y: 100, locked: true}\n  - {name: B, x: 160, y: 100, locked: true}\nroutes:\n  - {from: A, to: B, length: 4, color: red}\n  - {from: A, to: B, length: 4, color: blue}\n",
        );
        let fitted = fit(&d, &FitOptions::default(), &mut |_| true).unwrap();
        assert_eq!(fitted.report.bent, 2);
        assert_eq!(fitted.bends[0], fitted.bends[1], "both tracks bend alike");
        let (a, b) = (v2(100.0, 100.0), v2(160.0, 100.0));
        let mid = fitted.bends[0][1];
        assert!((mid.dist(a) - mid.dist(b)).abs() < 0.01, "an arc: {mid:?}");
        assert!(fitted.bends[0][0].dist(a) < fitted.bends[0][2].dist(a));
        let g = BoardDrawing::with(&d, fitted.cities.clone(), &fitted.bends);
        assert_eq!(lengths_off(&g), Vec::<usize>::new());
        assert_eq!(overlaps::find(&g), []);
    }

    #[test]
    fn a_cancelled_layout_stops() {
        let d = design("format: tracklayer/1\ncities: [{name: A, x: 0, y: 0}]\n");
        assert_eq!(
            fit(&d, &FitOptions::default(), &mut |_| false),
            Err(Cancelled)
        );
    }
}
