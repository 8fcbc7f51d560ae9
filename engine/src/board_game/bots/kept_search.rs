//! One ticket's path search as the planner ([`super::plan`]) keeps it: the
//! route costs it used and what it knew of each city when it ended, so that
//! the next plan can tell whether the same search would find the same path
//! ([`Search::still_holds`]) instead of searching again; and the choice of
//! the next city to settle from a bitset of the cities reached.

use crate::board_game::board::RouteId;
use crate::board_game::tables::RouteGraph;

use super::plan::UNREACHABLE;

/// A city not settled before a search ended.
pub(super) const UNSETTLED: u16 = u16::MAX;

/// What a path search knew of a city when it ended.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// Its distance (final once settled).
    pub(super) dist: u32,
    /// The order it was settled in ([`UNSETTLED`]: not before the end).
    pub(super) rank: u16,
    /// Whether its routes were followed (a settled city other than the one
    /// the search ended at, or a dead end passed through).
    pub(super) expanded: bool,
}

impl Node {
    pub(super) const UNSEEN: Node = Node {
        dist: UNREACHABLE,
        rank: UNSETTLED,
        expanded: false,
    };
}

/// One ticket's last path search, kept with what it looked at so that the
/// next plan can tell whether the same search would find the same path (see
/// [`Search::still_holds`]) instead of searching again.
#[derive(Clone, Debug, Default)]
pub(super) struct Search {
    /// Whether the fields below describe a search on the current board.
    pub(super) done: bool,
    /// The route costs it searched with.
    pub(super) costs: Vec<u32>,
    /// What the search knew of each city.
    pub(super) nodes: Vec<Node>,
    /// The distance the search ended at (`UNREACHABLE`: no path).
    pub(super) end: u32,
    /// The path's routes, from the destination back to the start.
    pub(super) path: Vec<RouteId>,
    /// The path's cost.
    pub(super) cost: u32,
    /// How many searches were made in this one's place, this one included
    /// (so that a planner can tell a search it noted is still there).
    pub(super) made: u32,
}

impl Search {
    /// Would searching again with `costs` find the same path at the same
    /// cost? Each route whose cost changed is looked at on its own:
    ///
    /// - a change the search could not have seen leaves every step the
    ///   same: the route matters only when the search followed it from a
    ///   city it expanded to one not settled before (a relaxation), and then
    ///   only if the old or the new cost offers that city a distance up to
    ///   its final one (see [`Search::relaxed`]). An offer above it only sets
    ///   a tentative distance that is bettered before the city settles (or
    ///   that does not settle it before the search ends);
    /// - a route off the path that got dearer (or closed, as when a rival
    ///   claims it) cannot change the path: no city gets nearer, the path's
    ///   cities keep their distances, and the cities settled before each of
    ///   them are, at their distance, a subset of those settled before it in
    ///   the last search (a city settles when it is the nearest reached,
    ///   lowest-numbered on ties, and dearer routes only reach it later). So
    ///   no city offers a path city its distance before the path's route
    ///   does, and no other city of the destination settles first.
    ///
    /// The kept costs and cities describe the last search; they are brought
    /// to `costs` when only changes of the first kind were seen (the search
    /// is then exactly the one `costs` would make), and otherwise kept, so
    /// that the next check is against the search that was really made.
    pub(super) fn still_holds(&mut self, graph: &RouteGraph, costs: &[u32]) -> bool {
        let mut exact = true;
        let mut holds = |s: &Self, r: usize, old: u32, new: u32| {
            if !s.relaxed(graph, r, old, new) {
                return true;
            }
            exact = false;
            new > old && !s.path.contains(&RouteId::from_index(r))
        };
        // Compared a block of routes at a time: most blocks are unchanged.
        let (new, new_rest) = costs.as_chunks::<COST_LANES>();
        let (old, old_rest) = self.costs.as_chunks::<COST_LANES>();
        for (k, (n, o)) in new.iter().zip(old).enumerate() {
            // One wide test (a slice comparison would call `memcmp`).
            if n.iter().zip(o).fold(0, |d, (a, b)| d | (a ^ b)) == 0 {
                continue;
            }
            for j in 0..COST_LANES {
                if n[j] != o[j] && !holds(self, k * COST_LANES + j, o[j], n[j]) {
                    return false;
                }
            }
        }
        let base = new.len() * COST_LANES;
        for (j, (&n, &o)) in new_rest.iter().zip(old_rest).enumerate() {
            if n != o && !holds(self, base + j, o, n) {
                return false;
            }
        }
        if exact {
            self.costs.copy_from_slice(costs);
        }
        true
    }

    /// Could route `r`'s cost going from `old` to `new` change this search:
    /// did the search follow it from a city it expanded to one not settled
    /// before, with either cost offering that city a distance up to its
    /// final one?
    fn relaxed(&self, graph: &RouteGraph, r: usize, old: u32, new: u32) -> bool {
        let (a, b) = graph.ends[r];
        for (x, y) in [(a, b), (b, a)] {
            let (x, y) = (self.nodes[usize::from(x)], self.nodes[usize::from(y)]);
            if !x.expanded || y.rank < x.rank {
                continue;
            }
            // A relaxation can only change the search if it offers the
            // other end a distance up to its final one (or, for a city
            // not settled, up to where the search ended: a city at that
            // distance may be found and settled first).
            let bound = u64::from(if y.rank == UNSETTLED {
                self.end
            } else {
                y.dist
            });
            let from = u64::from(x.dist);
            let offers = |c: u32| c != UNREACHABLE && from + u64::from(c) <= bound;
            if offers(old) || offers(new) {
                return true;
            }
        }
        false
    }
}

/// Route costs compared at a time by [`Search::still_holds`].
const COST_LANES: usize = 16;

/// The cities a path search reached but did not settle yet, as a bitset
/// (city `c` is bit `c % 64` of word `c / 64`): one word for boards of up to
/// 64 cities, else a slice of words.
pub(super) trait Open {
    /// Adds city `c`.
    fn add(&mut self, c: usize);
    /// Takes the nearest city out (the lowest-numbered on ties): the city a
    /// binary heap of (distance, city) entries would settle next.
    fn take_nearest(&mut self, nodes: &[Node]) -> Option<usize>;
}

impl Open for u64 {
    fn add(&mut self, c: usize) {
        *self |= 1 << c;
    }

    fn take_nearest(&mut self, nodes: &[Node]) -> Option<usize> {
        let c = city_of(least(*self, 0, nodes, u64::MAX))?;
        *self &= !(1 << c);
        Some(c)
    }
}

impl Open for [u64] {
    fn add(&mut self, c: usize) {
        self[c / 64] |= 1 << (c % 64);
    }

    fn take_nearest(&mut self, nodes: &[Node]) -> Option<usize> {
        let best = self.iter().enumerate().fold(u64::MAX, |best, (w, &word)| {
            least(word, w * 64, nodes, best)
        });
        let c = city_of(best)?;
        self[c / 64] &= !(1 << (c % 64));
        Some(c)
    }
}

/// The least of `best` and the (distance, city) words of the cities in
/// `word` (cities `base..base + 64`): distance and city in one word, so that
/// the least is the nearest city, the lowest-numbered on ties, found without
/// branches.
fn least(word: u64, base: usize, nodes: &[Node], mut best: u64) -> u64 {
    let mut bits = word;
    while bits != 0 {
        let c = base + bits.trailing_zeros() as usize;
        bits &= bits - 1;
        best = best.min(u64::from(nodes[c].dist) << 32 | c as u64);
    }
    best
}

/// The city of a (distance, city) word, `None` for none.
fn city_of(best: u64) -> Option<usize> {
    (best != u64::MAX).then_some((best & u64::from(u32::MAX)) as usize)
}
