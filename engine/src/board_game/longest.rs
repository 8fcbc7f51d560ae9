//! The longest continuous path of a player's routes (the Longest Path and
//! European Express bonuses): each route used once, cities revisited
//! freely, never through a dead end (a country location). Exact, and cheap
//! enough to score every player of every simulated game.

use std::cell::RefCell;

use crate::board::{Board, RouteId};

/// The length of the longest continuous path of `routes`.
///
/// Most networks need no search: a component whose odd-degree cities number
/// at most two is one path, and a tree's longest path comes from peeling its
/// leaves. The rest are searched depth first over trails from their
/// odd-degree cities, chains of degree-two cities contracted, pruned by the
/// track left.
pub fn longest_path(board: &Board, routes: &[RouteId]) -> u32 {
    thread_local! {
        static SCRATCH: RefCell<Scratch> = RefCell::default();
    }
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut scratch) => scratch.longest(board, routes),
        Err(_) => Scratch::default().longest(board, routes),
    })
}

/// One route of the network being measured, between local city numbers (a
/// contracted chain becomes one longer edge).
#[derive(Clone, Copy)]
struct Edge {
    a: u32,
    b: u32,
    length: u32,
}

impl Edge {
    /// The end that is not `v`.
    fn other(self, v: usize) -> usize {
        (if self.a as usize == v { self.b } else { self.a }) as usize
    }
}

/// The buffers of [`longest_path`], kept per thread: a simulation scores
/// every player of every game, and fresh buffers each time would cost more
/// than the measuring.
#[derive(Default)]
struct Scratch {
    /// Per board city: its local number, or `u32::MAX` (restored after use).
    local: Vec<u32>,
    /// Per local city: its board city.
    cities: Vec<u32>,
    /// Per local city: is it a dead end?
    dead: Vec<bool>,
    /// Per local city: its routes (spent by peeling).
    degree: Vec<u32>,
    /// Per local city: the exclusive or of its routes' numbers, which names
    /// the last route of a city left with one.
    routes_xor: Vec<u32>,
    /// The routes, between local cities.
    edges: Vec<Edge>,
    /// Per local city: its union–find parent, grouping components.
    parent: Vec<u32>,
    /// Per local city: its component.
    component: Vec<u32>,
    /// Per component root: its component, or `u32::MAX`.
    part_of: Vec<u32>,
    /// The components.
    parts: Vec<Part>,
    /// Leaf peeling: cities left with one route, and per city the longest
    /// branch peeled into it.
    leaves: Vec<u32>,
    down: Vec<u32>,
    /// Adjacency, built only when some component is searched.
    adj: Adjacency,
    /// Where the searches start.
    starts: Vec<u32>,
    /// Per edge: on the trail being searched?
    used: Vec<bool>,
}

/// The figures of one connected component.
#[derive(Clone, Copy)]
struct Part {
    /// Length of its routes.
    total: u32,
    /// Its shortest route.
    shortest: u32,
    /// Cities of odd degree.
    odd: u32,
    /// Cities.
    cities: u32,
    /// Routes.
    routes: u32,
    /// Does it touch a dead end?
    ends: bool,
    /// Is its longest path already known?
    solved: bool,
}

impl Scratch {
    fn longest(&mut self, board: &Board, routes: &[RouteId]) -> u32 {
        if routes.is_empty() {
            return 0;
        }
        self.number(board, routes);
        // A forest peels away completely, its longest paths found on the way.
        let peeled = self.peel_leaves();
        if self.degree.iter().all(|&d| d == 0) {
            return peeled;
        }
        // Otherwise, component by component: one without dead ends whose
        // odd-degree cities number at most two has an Euler trail (all of it
        // is one path); a tree was measured by peeling; the rest are searched.
        self.adj.build(self.cities.len(), &self.edges);
        self.find_parts();
        let mut best = peeled;
        for part in &mut self.parts {
            if !part.ends && part.odd <= 2 {
                best = best.max(part.total);
                part.solved = true;
            } else if part.routes + 1 == part.cities {
                part.solved = true;
            }
        }
        if self.parts.iter().all(|p| p.solved) {
            return best;
        }
        let n = self.cities.len();
        contract_chains(&mut self.edges, &mut self.adj, &self.dead);
        // A longest trail starts at an odd-degree city or a dead end: an
        // unsolved component has some (it has more than two odd-degree
        // cities or a dead end).
        let (parts, component) = (&self.parts, &self.component);
        self.starts.clear();
        self.starts.extend((0..n as u32).filter(|&v| {
            let v = v as usize;
            !parts[component[v] as usize].solved && (self.adj.degree(v) % 2 == 1 || self.dead[v])
        }));
        // A trail passes every city it does not end at an even number of
        // times, so all odd-degree cities but two keep an unused route: at
        // least half of them (rounded up) of the component's routes stay
        // unused.
        let cap = |part: &Part| {
            let unused = part.odd.saturating_sub(2).div_ceil(2);
            part.total.saturating_sub(unused * part.shortest)
        };
        // Components with the most track first, so the bound bites early.
        self.starts
            .sort_by_key(|&v| std::cmp::Reverse(parts[component[v as usize] as usize].total));
        self.used.clear();
        self.used.resize(self.edges.len(), false);
        let mut search = Trails {
            edges: &self.edges,
            adj: &self.adj,
            dead: &self.dead,
            used: &mut self.used,
            best,
            cap: 0,
        };
        for &s in &self.starts {
            let part = &parts[component[s as usize] as usize];
            search.cap = cap(part);
            if search.cap > search.best {
                search.walk(s as usize, true, 0, part.total);
            }
        }
        search.best
    }

    /// Numbers the cities `routes` touch from 0, lists the routes between
    /// those numbers and counts each city's routes.
    fn number(&mut self, board: &Board, routes: &[RouteId]) {
        if self.local.len() < board.cities().len() {
            self.local.resize(board.cities().len(), u32::MAX);
        }
        self.cities.clear();
        self.dead.clear();
        self.degree.clear();
        self.routes_xor.clear();
        self.edges.clear();
        let countries = !board.countries().is_empty();
        for (i, &r) in routes.iter().enumerate() {
            let route = board.route(r);
            let mut ends = [0; 2];
            for (end, city) in ends.iter_mut().zip([route.from, route.to]) {
                let slot = &mut self.local[city.index()];
                if *slot == u32::MAX {
                    *slot = self.cities.len() as u32;
                    self.cities.push(city.index() as u32);
                    self.dead.push(countries && board.is_dead_end(city));
                    self.degree.push(0);
                    self.routes_xor.push(0);
                }
                *end = *slot;
                self.degree[*slot as usize] += 1;
                self.routes_xor[*slot as usize] ^= i as u32;
            }
            self.edges.push(Edge {
                a: ends[0],
                b: ends[1],
                length: u32::from(route.length),
            });
        }
        for &c in &self.cities {
            self.local[c as usize] = u32::MAX;
        }
    }

    /// Groups the cities into connected components with their figures.
    fn find_parts(&mut self) {
        let n = self.cities.len();
        let parent = &mut self.parent;
        parent.clear();
        parent.extend(0..n as u32);
        for e in &self.edges {
            let (a, b) = (root(parent, e.a), root(parent, e.b));
            parent[a as usize] = b;
        }
        self.part_of.clear();
        self.part_of.resize(n, u32::MAX);
        self.parts.clear();
        self.component.clear();
        for v in 0..n {
            let r = root(parent, v as u32) as usize;
            if self.part_of[r] == u32::MAX {
                self.part_of[r] = self.parts.len() as u32;
                self.parts.push(Part {
                    total: 0,
                    shortest: u32::MAX,
                    odd: 0,
                    cities: 0,
                    routes: 0,
                    ends: false,
                    solved: false,
                });
            }
            self.component.push(self.part_of[r]);
            let part = &mut self.parts[self.part_of[r] as usize];
            part.cities += 1;
            part.odd += self.adj.degree(v) % 2;
            part.ends |= self.dead[v];
        }
        for e in &self.edges {
            let part = &mut self.parts[self.component[e.a as usize] as usize];
            part.total += e.length;
            part.shortest = part.shortest.min(e.length);
            part.routes += 1;
        }
    }

    /// Peels leaves off the network, each leaf's longest branch joining its
    /// neighbour's, and returns the longest path met on the way: a whole
    /// tree's (a tree peels away completely, and its longest path joins the
    /// two longest branches at some city), and some path of every other
    /// component. A branch reaching a dead end stops there. Spends the
    /// degrees and the route sums.
    fn peel_leaves(&mut self) -> u32 {
        let n = self.cities.len();
        self.down.clear();
        self.down.resize(n, 0);
        self.leaves.clear();
        self.leaves
            .extend((0..n as u32).filter(|&v| self.degree[v as usize] == 1));
        let mut best = 0;
        while let Some(v) = self.leaves.pop() {
            let v = v as usize;
            if self.degree[v] != 1 {
                continue;
            }
            let e = self.routes_xor[v];
            let edge = self.edges[e as usize];
            let w = edge.other(v);
            self.degree[v] = 0;
            let branch = self.down[v] + edge.length;
            if self.dead[w] {
                best = best.max(branch);
            } else {
                best = best.max(self.down[w] + branch);
                self.down[w] = self.down[w].max(branch);
            }
            self.degree[w] -= 1;
            self.routes_xor[w] ^= e;
            if self.degree[w] == 1 {
                self.leaves.push(w as u32);
            }
        }
        best
    }
}

/// The root of `x` in the union–find `parent`, halving paths on the way.
fn root(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let p = parent[x as usize];
        parent[x as usize] = parent[p as usize];
        x = p;
    }
    x
}

/// The routes at each local city, by edge number, in one flat list: city
/// `v`'s are `slots[first[v]..][..degree[v]]`.
#[derive(Default)]
struct Adjacency {
    first: Vec<u32>,
    degree: Vec<u32>,
    slots: Vec<u32>,
}

impl Adjacency {
    /// The lists of `n` cities joined by `edges` (storage is reused).
    fn build(&mut self, n: usize, edges: &[Edge]) {
        self.degree.clear();
        self.degree.resize(n, 0);
        for e in edges {
            self.degree[e.a as usize] += 1;
            self.degree[e.b as usize] += 1;
        }
        self.first.clear();
        let mut at = 0;
        for d in &mut self.degree {
            self.first.push(at);
            at += std::mem::take(d);
        }
        self.slots.clear();
        self.slots.resize(at as usize, 0);
        for (i, e) in edges.iter().enumerate() {
            for v in [e.a as usize, e.b as usize] {
                self.slots[(self.first[v] + self.degree[v]) as usize] = i as u32;
                self.degree[v] += 1;
            }
        }
    }

    /// Cities.
    fn len(&self) -> usize {
        self.degree.len()
    }

    /// Routes at `v`.
    fn degree(&self, v: usize) -> u32 {
        self.degree[v]
    }

    fn at_mut(&mut self, v: usize) -> &mut [u32] {
        let first = self.first[v] as usize;
        &mut self.slots[first..first + self.degree[v] as usize]
    }

    /// Takes every route away from `v`.
    fn clear(&mut self, v: usize) {
        self.degree[v] = 0;
    }
}

impl std::ops::Index<usize> for Adjacency {
    type Output = [u32];

    fn index(&self, v: usize) -> &[u32] {
        let first = self.first[v] as usize;
        &self.slots[first..first + self.degree[v] as usize]
    }
}

/// Replaces every chain through a city of degree two (not a dead end) by one
/// longer edge: a trail entering such a city must leave by its other route,
/// so the longest trail is unchanged while the search gets far smaller.
/// Contracting a city changes no other city's degree, so one pass does.
fn contract_chains(edges: &mut [Edge], adj: &mut Adjacency, dead: &[bool]) {
    for v in 0..adj.len() {
        let &[e1, e2] = &adj[v] else { continue };
        if dead[v] || e1 == e2 {
            continue;
        }
        let (e1, e2) = (e1 as usize, e2 as usize);
        let (x, y) = (edges[e1].other(v), edges[e2].other(v));
        edges[e1] = Edge {
            a: x as u32,
            b: y as u32,
            length: edges[e1].length + edges[e2].length,
        };
        adj.clear(v);
        // e1 already stands at x; at y it replaces e2.
        if let Some(slot) = adj.at_mut(y).iter_mut().find(|e| **e as usize == e2) {
            *slot = e1 as u32;
        }
    }
}

/// The depth-first search over trails of [`longest_path`].
struct Trails<'a> {
    edges: &'a [Edge],
    adj: &'a Adjacency,
    dead: &'a [bool],
    used: &'a mut [bool],
    best: u32,
    /// No trail of the component searched is longer.
    cap: u32,
}

impl Trails<'_> {
    /// Extends a trail that has reached `v` with length `len`, `left` being the
    /// length of the component's routes not used yet.
    fn walk(&mut self, v: usize, first: bool, len: u32, left: u32) {
        self.best = self.best.max(len);
        if (self.dead[v] && !first) || len + left <= self.best || self.best >= self.cap {
            return;
        }
        for &e in &self.adj[v] {
            let e = e as usize;
            if self.used[e] {
                continue;
            }
            let edge = self.edges[e];
            self.used[e] = true;
            self.walk(edge.other(v), false, len + edge.length, left - edge.length);
            self.used[e] = false;
            if len + left <= self.best || self.best >= self.cap {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::CityId;
    use crate::rng::GameRng;
    use crate::synth::{SynthSize, design};

    /// Small enough for the brute force, dense enough for loops.
    const SMALL: SynthSize = SynthSize {
        cities: 16,
        routes: 40,
        tickets: 20,
    };

    /// Every trail from every city, no pruning: slow and obviously exact.
    fn brute_force(board: &Board, routes: &[RouteId]) -> u32 {
        fn walk(
            board: &Board,
            routes: &[RouteId],
            v: CityId,
            first: bool,
            used: &mut Vec<bool>,
        ) -> u32 {
            if board.is_dead_end(v) && !first {
                return 0;
            }
            let mut best = 0;
            for (i, &r) in routes.iter().enumerate() {
                let route = board.route(r);
                if used[i] || (route.from != v && route.to != v) {
                    continue;
                }
                used[i] = true;
                best = best.max(
                    u32::from(route.length) + walk(board, routes, route.other_end(v), false, used),
                );
                used[i] = false;
            }
            best
        }
        let mut used = vec![false; routes.len()];
        (0..board.cities().len())
            .map(|c| walk(board, routes, CityId::from_index(c), true, &mut used))
            .max()
            .unwrap_or(0)
    }

    /// Random sets of up to `most` routes of `board`, measured both ways.
    fn matches_brute_force(board: &Board, most: usize, seed: u64) {
        let mut rng = GameRng::seeded(seed);
        for _ in 0..500 {
            let k = 1 + rng.index(most);
            let mut ids: Vec<RouteId> =
                (0..board.routes().len()).map(RouteId::from_index).collect();
            rng.shuffle(&mut ids);
            ids.truncate(k);
            assert_eq!(
                longest_path(board, &ids),
                brute_force(board, &ids),
                "{ids:?}"
            );
        }
    }

    #[test]
    fn longest_path_matches_brute_force_on_random_networks() {
        matches_brute_force(&Board::build(&design(SMALL, 9)).unwrap(), 16, 3);
    }

    #[test]
    fn longest_path_never_passes_through_a_country() {
        // Every third city a location of one country: dead ends with
        // several routes, which a trail may start or end at but not cross.
        let mut d = design(SMALL, 9);
        d.countries.push(formats::CountrySpec {
            name: "Faraway".into(),
            ..Default::default()
        });
        for city in d.cities.iter_mut().step_by(3) {
            city.country = Some("Faraway".into());
        }
        let board = Board::build(&d).unwrap();
        assert!(
            (0..16).any(|c| board.routes_at(CityId::from_index(c)).len() > 2
                && board.is_dead_end(CityId::from_index(c)))
        );
        matches_brute_force(&board, 16, 4);
    }

    #[test]
    fn a_loop_counts_every_route_once() {
        // A triangle with a tail: the whole network is one trail.
        let text = "format: tracklayer/1\nname: T\nrules: {tickets: {setup: {regular: 0, keep: 0}}}\ncities: [{name: A}, {name: B}, {name: C}, {name: D}]\nroutes:\n  - {from: A, to: B, length: 2, color: red}\n  - {from: B, to: C, length: 3, color: red}\n  - {from: C, to: A, length: 4, color: red}\n  - {from: C, to: D, length: 1, color: red}\n";
        let d = formats::load_str(text, std::path::Path::new("t.yaml"))
            .unwrap()
            .design;
        let board = Board::build(&d).unwrap();
        let all: Vec<RouteId> = (0..4).map(RouteId::from_index).collect();
        assert_eq!(longest_path(&board, &all), 10);
    }
}
