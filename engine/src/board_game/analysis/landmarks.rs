//! Landmarks for the A* search (the "ALT" technique): the distances from a few
//! far-apart cities to every city give, by the triangle inequality, a lower
//! bound on the distance between any two cities that is far tighter than the
//! straight line on a map whose drawing is only loosely to scale.
//!
//! The bound holds on our directed graph with dead ends: from any landmark `L`,
//! `d(L, t) ≤ d(L, v) + d(v, t)`; and between cities that are not country
//! locations every route runs both ways, so `d(v, t) ≥ d(L, v) − d(L, t)` too.

use petgraph::csr::Csr;

use super::network::Step;

/// How many landmarks at most.
const COUNT: usize = 8;
/// A distance that is not there (unreachable).
const NONE: u32 = u32::MAX;

/// Distances from each landmark to every city.
#[derive(Clone, Debug, Default)]
pub(super) struct Landmarks {
    count: usize,
    /// `dist[city * count + l]`: from landmark `l` to `city`, or [`NONE`].
    dist: Vec<u32>,
}

/// What a landmark bound says about the way from a city to a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// At least this many car spaces.
    AtLeast(u32),
    /// No way at all.
    Unreachable,
}

impl Landmarks {
    /// Chooses up to [`COUNT`] landmarks among the cities that are not dead
    /// ends, each as far as possible from those chosen before (so another part
    /// of a split map gets one), and measures from them.
    pub fn choose(graph: &Csr<(), Step>, cities: usize, dead_end: impl Fn(usize) -> bool) -> Self {
        let candidates: Vec<usize> = (0..cities)
            .filter(|&c| !dead_end(c) && !graph.neighbors_slice(c as u32).is_empty())
            .collect();
        let mut from: Vec<Vec<u32>> = Vec::new();
        let mut nearest = vec![NONE; cities];
        while from.len() < COUNT {
            // The first landmark is the candidate farthest from an arbitrary one.
            let next = if from.is_empty() {
                let Some(&first) = candidates.first() else {
                    break;
                };
                let d = distances(graph, first, cities);
                candidates
                    .iter()
                    .copied()
                    .max_by_key(|&c| (d[c] != NONE, d[c], std::cmp::Reverse(c)))
            } else {
                candidates
                    .iter()
                    .copied()
                    .filter(|&c| nearest[c] > 0)
                    .max_by_key(|&c| (nearest[c], std::cmp::Reverse(c)))
            };
            let Some(l) = next else {
                break;
            };
            let d = distances(graph, l, cities);
            for (n, &x) in nearest.iter_mut().zip(&d) {
                *n = (*n).min(x);
            }
            from.push(d);
        }
        let count = from.len();
        let mut dist = vec![NONE; cities * count];
        for (l, d) in from.iter().enumerate() {
            for (c, &x) in d.iter().enumerate() {
                dist[c * count + l] = x;
            }
        }
        Landmarks { count, dist }
    }

    /// A lower bound on the distance from city `v` to city `t`; `both_ways`
    /// when neither is a country location.
    pub fn bound(&self, v: usize, t: usize, both_ways: bool) -> Bound {
        let (dv, dt) = (
            &self.dist[v * self.count..(v + 1) * self.count],
            &self.dist[t * self.count..(t + 1) * self.count],
        );
        let mut best = 0;
        for (&a, &b) in dv.iter().zip(dt) {
            match (a, b) {
                (NONE, _) => {}
                // `v` is reached from the landmark but `t` is not: had `v` a way to
                // `t`, the landmark would reach `t` through it.
                (_, NONE) => return Bound::Unreachable,
                (a, b) => {
                    let forward = b.saturating_sub(a);
                    let backward = if both_ways { a.saturating_sub(b) } else { 0 };
                    best = best.max(forward).max(backward);
                }
            }
        }
        Bound::AtLeast(best)
    }
}

/// Distances from city `start` to every city, by petgraph's Dijkstra.
fn distances(graph: &Csr<(), Step>, start: usize, cities: usize) -> Vec<u32> {
    let scores = petgraph::algo::dijkstra(graph, start as u32, None, |e| e.weight().length);
    let mut d = vec![NONE; cities];
    for (node, cost) in scores {
        if let Some(slot) = d.get_mut(node as usize) {
            *slot = cost;
        }
    }
    d
}
