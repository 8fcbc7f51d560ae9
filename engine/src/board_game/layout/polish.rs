//! The layout's last step on boards small enough to redraw for every try:
//! the cities still in an overlap or a crossing step aside, one by one.

use formats::GameFile;

use super::crossings;
use super::fit::{Relative, current_bends, judge, to_relative, written};
use super::geometry::BoardDrawing;
use super::overlaps::{self, Item};
use super::vec::{V2, v2};

/// The last overlaps, one by one: a city whose name or marker is still under
/// car spaces (or whose route's car spaces overlap) tries small steps in
/// eight directions and keeps the first that leaves fewer overlaps without
/// more than one more route off its length; when no such step is left, the
/// step that leaves the fewest (an overlap prints worse than a short route). Redraws the board for every try, so it
/// runs only on boards of up to [`super::fit::FULL_CHECK_ROUTES`] routes.
pub(super) fn polish(design: &GameFile, fixed: &[bool], x: &mut [V2], bends: &mut [Vec<V2>]) {
    let g = BoardDrawing::with(design, x.to_vec(), bends);
    let relative: Vec<Vec<Relative>> = g
        .routes
        .iter()
        .zip(bends.iter())
        .map(|(r, b)| match r.ends {
            Some((a, e)) => b.iter().map(|p| to_relative(x[a], x[e], *p)).collect(),
            None => Vec::new(),
        })
        .collect();
    let redraw = |x: &[V2]| {
        let b = current_bends(&g, &relative, x);
        let d = BoardDrawing::with(design, x.to_vec(), &b);
        (judge(&d, &b), b)
    };
    let (mut score, _) = redraw(x);
    // First only steps that keep the lengths; once those find nothing, the
    // steps that leave the fewest overlaps whatever the lengths.
    let mut lenient = false;
    for _ in 0..POLISH_PASSES * 2 {
        let d = BoardDrawing::with(design, x.to_vec(), bends);
        let found = overlaps::find(&d);
        let crossed = crossings::find(&d, bends);
        if found.is_empty() && crossed.is_empty() {
            break;
        }
        let mut cities: Vec<usize> = Vec::new();
        for (r, s) in crossed {
            for e in [d.routes[r].ends, d.routes[s].ends].into_iter().flatten() {
                cities.extend([e.0, e.1]);
            }
        }
        for o in &found {
            for item in [o.a, o.b] {
                match item {
                    Item::City(c) | Item::Name(c) => cities.push(c),
                    Item::Route(r) => {
                        if let Some((a, b)) = d.routes[r].ends {
                            cities.extend([a, b]);
                        }
                    }
                }
            }
        }
        cities.sort_unstable();
        cities.dedup();
        let mut improved = false;
        'city: for c in cities.into_iter().filter(|&c| !fixed[c]) {
            let old = x[c];
            // The step that leaves the fewest, when every step that leaves
            // fewer puts more than one more route off its length.
            let mut fallback: Option<Step> = None;
            for step in [1.0, 3.0, 6.0, 10.0, 15.0] {
                for k in 0..8 {
                    let a = k as f32 * std::f32::consts::FRAC_PI_4;
                    let p = written(old + v2(a.cos(), a.sin()) * step);
                    x[c] = p;
                    let (s, b) = redraw(x);
                    x[c] = old;
                    if s.0 >= score.0 {
                        continue;
                    }
                    if s.1 <= score.1 + 1 {
                        x[c] = p;
                        score = s;
                        bends.clone_from_slice(&b);
                        improved = true;
                        continue 'city;
                    }
                    if fallback.as_ref().is_none_or(|f| s < f.0) {
                        fallback = Some((s, p, b));
                    }
                }
            }
            if let Some((s, p, b)) = fallback.filter(|_| lenient) {
                x[c] = p;
                score = s;
                bends.clone_from_slice(&b);
                improved = true;
            }
        }
        if !improved {
            if lenient {
                break;
            }
            lenient = true;
        }
    }
}

/// A step tried: the drawing's score, the city's new place, the bends.
type Step = ((usize, usize), V2, Vec<Vec<V2>>);

/// Passes of [`polish`] of each kind (keeping the lengths, then not).
const POLISH_PASSES: usize = 6;
