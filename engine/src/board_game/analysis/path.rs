//! Shortest paths in car spaces between places of a [`Network`].
//!
//! An A* search over the network's petgraph `Csr` graph. petgraph's own
//! `astar` keeps its scores in hash maps; the validator asks for the path of
//! every ticket (a thousand on a large design), so this search keeps flat
//! buffers that are reused between searches. Its heuristic is the larger of
//! two lower bounds — the landmark bound (see `landmarks.rs`) and the
//! straight-line distance times the fewest car spaces any route spends per
//! millimetre — so it never overestimates and the paths are exact whatever
//! the drawing.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use formats::Point;

use super::landmarks::{Bound, Landmarks};
use super::network::{Network, Place};

/// A shortest path between two places.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PathInfo {
    /// The routes taken, by index in the design's `routes`, from start to end.
    pub routes: Vec<usize>,
    /// Their total length.
    pub car_spaces: u32,
}

/// Runs shortest-path searches on one network, reusing its buffers between
/// searches.
#[derive(Debug)]
pub struct PathFinder<'n> {
    net: &'n Network,
    landmarks: &'n Landmarks,
    dist: Vec<u32>,
    /// For each reached node: the node it was reached from and the route taken
    /// (an index into the network's routes).
    pred: Vec<(u32, u32)>,
    seen: Vec<u32>,
    done: Vec<u32>,
    /// The heuristic of each node (`u32::MAX`: the goal cannot be reached from
    /// it), valid where `estimated` holds this round.
    estimate: Vec<u32>,
    estimated: Vec<u32>,
    round: u32,
    /// The queue of path searches (and of length-only searches on networks
    /// too long for `buckets`): entries `(f, tie, node)`, smallest first;
    /// `tie` is 0 when the path itself is wanted (the first path found among
    /// equals stays the same) and the heuristic when only the length is: among
    /// equal `f` the node nearest the goal goes first, which settles far fewer
    /// nodes on maps with many paths of one length.
    heap: BinaryHeap<Reverse<(u32, u32, u32)>>,
    /// The queue of length-only searches: nodes by `f`, which never decreases
    /// (the heuristic is consistent), so a bucket per value of `f` replaces
    /// the heap's sifting; within a bucket the last pushed, usually the
    /// deepest, goes first.
    buckets: Buckets,
    /// Whether length-only searches use `buckets`: every `f` is at most twice
    /// the network's total length, which must stay small enough to index.
    bucketed: bool,
    /// The cities that reach the goal, and where they are drawn.
    goals: Vec<(usize, Point)>,
}

impl<'n> PathFinder<'n> {
    /// A finder for `net`.
    pub fn new(net: &'n Network) -> Self {
        let nodes = net.graph.node_count();
        PathFinder {
            net,
            landmarks: net.landmarks(),
            dist: vec![0; nodes],
            pred: vec![(0, 0); nodes],
            seen: vec![0; nodes],
            done: vec![0; nodes],
            estimate: vec![0; nodes],
            estimated: vec![0; nodes],
            round: 0,
            heap: BinaryHeap::new(),
            buckets: Buckets::default(),
            bucketed: net
                .routes()
                .iter()
                .try_fold(0u32, |sum, r| sum.checked_add(r.length))
                .is_some_and(|total| total <= Buckets::MAX_TOTAL),
            goals: Vec::new(),
        }
    }

    /// The length of the shortest path between two places, without the path.
    pub fn distance(&mut self, from: Place, to: Place) -> Option<u32> {
        self.search(from, to, true).map(|(_, d)| d)
    }

    /// The shortest path between two places.
    pub fn path(&mut self, from: Place, to: Place) -> Option<PathInfo> {
        let (end, car_spaces) = self.search(from, to, false)?;
        let start = self.net.start_node(from);
        let mut routes = Vec::new();
        let mut node = end;
        while node != start {
            let (prev, route) = self.pred[node as usize];
            routes.push(self.net.routes()[route as usize].index);
            node = prev;
        }
        routes.reverse();
        Some(PathInfo { routes, car_spaces })
    }

    /// A lower bound on the car spaces from a city to the goal (`u32::MAX` when
    /// the goal cannot be reached from it), computed once per city and search.
    fn estimate(&mut self, city: usize) -> u32 {
        if self.estimated[city] == self.round {
            return self.estimate[city];
        }
        let net = self.net;
        let p = net.cities()[city].pos;
        let mut h = u32::MAX;
        for &(goal, g) in &self.goals {
            let both_ways = !net.is_dead_end(city) && !net.is_dead_end(goal);
            let Bound::AtLeast(landmark) = self.landmarks.bound(city, goal, both_ways) else {
                continue;
            };
            let (dx, dy) = (f64::from(p.x - g.x), f64::from(p.y - g.y));
            let line = (dx * dx + dy * dy).sqrt() * net.spaces_per_mm * (1.0 - 1e-9);
            let line = if line.is_finite() && line > 0.0 {
                line.min(f64::from(u32::MAX / 2)) as u32
            } else {
                0
            };
            h = h.min(landmark.max(line));
        }
        self.estimated[city] = self.round;
        self.estimate[city] = h;
        h
    }

    /// A* from `from`'s start node to the first city that reaches `to`; the
    /// goal node and the path's length. `deep_ties`: break ties of `f`
    /// toward the goal (only the length is wanted).
    fn search(&mut self, from: Place, to: Place, deep_ties: bool) -> Option<(u32, u32)> {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.seen.fill(0);
            self.done.fill(0);
            self.estimated.fill(0);
            self.round = 1;
        }
        let round = self.round;
        let net = self.net;
        let cities = net.cities().len();
        self.goals.clear();
        match to {
            Place::City(c) => self.goals.push((c, net.cities()[c].pos)),
            Place::Country(k) => self
                .goals
                .extend(net.locations(k).iter().map(|&c| (c, net.cities()[c].pos))),
        }
        let start = net.start_node(from);
        let bucketed = deep_ties && self.bucketed;
        self.heap.clear();
        self.buckets.clear();
        self.dist[start as usize] = 0;
        self.seen[start as usize] = round;
        if bucketed {
            self.buckets.push(0, start);
        } else {
            self.heap.push(Reverse((0, 0, start)));
        }
        loop {
            let next = if bucketed {
                self.buckets.pop()
            } else {
                self.heap.pop().map(|Reverse((_, _, n))| n)
            };
            let Some(n) = next else { break };
            let node = n as usize;
            if self.done[node] == round {
                continue;
            }
            self.done[node] = round;
            let d = self.dist[node];
            if node < cities && net.reaches(node, to) {
                return Some((n, d));
            }
            let targets = net.graph.neighbors_slice(n);
            let steps = net.graph.edges_slice(n);
            for (&t, step) in targets.iter().zip(steps) {
                let ti = t as usize;
                if self.done[ti] == round {
                    continue;
                }
                let nd = d + step.length;
                if self.seen[ti] != round || nd < self.dist[ti] {
                    let h = if ti < cities { self.estimate(ti) } else { 0 };
                    if h == u32::MAX {
                        // The goal cannot be reached from there.
                        continue;
                    }
                    self.seen[ti] = round;
                    self.dist[ti] = nd;
                    self.pred[ti] = (n, step.route);
                    let f = nd.saturating_add(h);
                    if bucketed {
                        self.buckets.push(f, t);
                    } else {
                        let tie = if deep_ties { h } else { 0 };
                        self.heap.push(Reverse((f, tie, t)));
                    }
                }
            }
        }
        None
    }
}

/// A monotone bucket queue: nodes by an `f` that never falls below the last
/// popped one.
#[derive(Debug, Default)]
struct Buckets {
    /// `f` of the first bucket (the start's).
    base: u32,
    /// Nodes by `f - base`.
    slots: Vec<Vec<u32>>,
    /// The bucket popped from last; none below it holds anything.
    current: usize,
    /// One past the highest bucket pushed to since the last clear.
    used: usize,
}

impl Buckets {
    /// The largest total route length searched with buckets (their count is
    /// at most twice it).
    const MAX_TOTAL: u32 = 1 << 20;

    fn clear(&mut self) {
        for slot in &mut self.slots[..self.used] {
            slot.clear();
        }
        self.current = 0;
        self.used = 0;
    }

    fn push(&mut self, f: u32, node: u32) {
        if self.used == 0 {
            self.base = f;
        }
        // The heuristic is consistent, so nothing is pushed below the current
        // bucket; the `max` only keeps the index in range.
        let at = ((f.saturating_sub(self.base)) as usize).max(self.current);
        if at >= self.slots.len() {
            self.slots.resize_with(at + 1, Vec::new);
        }
        self.slots[at].push(node);
        self.used = self.used.max(at + 1);
    }

    fn pop(&mut self) -> Option<u32> {
        while self.current < self.used {
            if let Some(n) = self.slots[self.current].pop() {
                return Some(n);
            }
            self.current += 1;
        }
        None
    }
}

impl Network {
    /// The shortest path between two places named by city or country name;
    /// `None` when a name is unknown or no path exists.
    pub fn shortest_path(&self, from: &str, to: &str) -> Option<PathInfo> {
        let (from, to) = (self.place(from)?, self.place(to)?);
        PathFinder::new(self).path(from, to)
    }

    /// The shortest path's length for each of [`Network::tickets`], in order;
    /// `None` for a ticket whose ends are not connected.
    ///
    /// Each ticket is its own search, so the searches of a large design (ten
    /// thousand tickets take most of the validator's time on a 20,000-city
    /// map) run on every core, each worker with its own buffers; the result
    /// does not depend on how they are shared out.
    pub fn ticket_distances(&self) -> Vec<Option<u32>> {
        use rayon::prelude::*;
        /// Tickets a worker takes at a time: a small design is searched on
        /// one thread, with no pool to wake.
        const CHUNK: usize = 256;
        let tickets = self.tickets();
        if tickets.len() <= CHUNK {
            let mut finder = PathFinder::new(self);
            return tickets
                .iter()
                .map(|t| finder.distance(t.from, t.to))
                .collect();
        }
        tickets
            .par_chunks(CHUNK)
            .map_init(
                || PathFinder::new(self),
                |finder, chunk| {
                    chunk
                        .iter()
                        .map(|t| finder.distance(t.from, t.to))
                        .collect::<Vec<_>>()
                },
            )
            .flatten_iter()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::test_design as design;

    const AFRICA: &str = "cities:
  - {name: A}
  - {name: B}
  - {name: C}
  - {name: M1, country: Madagascar}
  - {name: M2, country: Madagascar}
countries: [{name: Madagascar}]
routes:
  - {from: A, to: M1, length: 1, color: red}
  - {from: M1, to: B, length: 1, color: red}
  - {from: A, to: C, length: 4, color: red}
  - {from: C, to: B, length: 4, color: red}
  - {from: B, to: M2, length: 2, color: blue}
";

    #[test]
    fn paths_do_not_pass_through_country_locations() {
        let net = Network::from_file(&design(AFRICA));
        let p = net.shortest_path("A", "B").unwrap();
        assert_eq!(
            p.car_spaces, 8,
            "A - M1 - B would be 2, but M1 is a dead end"
        );
        assert_eq!(p.routes, vec![2, 3]);
    }

    #[test]
    fn a_country_is_reached_at_any_location_and_left_from_any() {
        let net = Network::from_file(&design(AFRICA));
        assert_eq!(
            net.shortest_path("A", "Madagascar").unwrap().routes,
            vec![0]
        );
        let p = net.shortest_path("Madagascar", "C").unwrap();
        assert_eq!(p.car_spaces, 5, "from M1 via A");
        assert_eq!(
            net.shortest_path("M2", "A").unwrap().car_spaces,
            10,
            "M2 - B - C - A: the way back through M1 is closed"
        );
        assert_eq!(
            super::super::suggested_ticket_points(&net, "B", "M2"),
            Some(2)
        );
    }

    /// The A* search agrees with petgraph's plain Dijkstra on every ticket of
    /// a generated design in which some cities are country locations.
    #[test]
    fn a_star_finds_what_dijkstra_finds() {
        let mut file = crate::board_game::synth::design(
            crate::board_game::synth::SynthSize {
                cities: 150,
                routes: 420,
                tickets: 80,
            },
            11,
        );
        for (i, c) in file.cities.iter_mut().enumerate() {
            if i % 13 == 5 {
                c.country = Some(format!("K{}", i % 2));
            }
        }
        for k in ["K0", "K1"] {
            file.countries.push(formats::CountrySpec {
                name: k.into(),
                ..Default::default()
            });
            for t in 0..5 {
                file.tickets.push(formats::TicketSpec {
                    from: file.cities[t * 17].name.clone(),
                    to: k.into(),
                    points: 1,
                    ..Default::default()
                });
            }
        }
        let net = Network::from_file(&file);
        let mut finder = PathFinder::new(&net);
        assert!(finder.bucketed);
        // The heap that long networks' length searches use instead.
        let mut heap_finder = PathFinder::new(&net);
        heap_finder.bucketed = false;
        let mut connected = 0;
        for t in net.tickets() {
            let start = net.start_node(t.from);
            let scores = petgraph::algo::dijkstra(&net.graph, start, None, |e| e.weight().length);
            let expected = scores
                .iter()
                .filter(|&(&n, _)| {
                    (n as usize) < net.cities().len() && net.reaches(n as usize, t.to)
                })
                .map(|(_, &d)| d)
                .min();
            assert_eq!(finder.distance(t.from, t.to), expected, "{t:?}");
            assert_eq!(heap_finder.distance(t.from, t.to), expected, "{t:?}");
            if let Some(p) = finder.path(t.from, t.to) {
                let sum: u32 = p.routes.iter().map(|&r| file.routes[r].length).sum();
                assert_eq!(Some(sum), expected);
                connected += 1;
            }
        }
        assert!(connected > 40, "most tickets are connected: {connected}");
    }

    #[test]
    fn unknown_or_unconnected_places_have_no_path() {
        let mut text = AFRICA.to_owned();
        text.push_str("  - {from: D, to: E, length: 1, color: red}\n");
        let text = text.replace("- {name: C}", "- {name: C}\n  - {name: D}\n  - {name: E}");
        let net = Network::from_file(&design(&text));
        assert_eq!(net.shortest_path("A", "D"), None);
        assert_eq!(net.shortest_path("A", "Atlantis"), None);
        assert_eq!(net.shortest_path("D", "E").unwrap().car_spaces, 1);
    }
}
