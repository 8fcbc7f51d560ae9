//! The longest continuous path of a player's routes (the Longest Path and
//! European Express bonuses): each route used once, cities revisited
//! freely, never through a dead end (a country location). Exact, and cheap
//! enough to score every player of every simulated game.
//!
//! The network is first peeled: leaves are taken off one by one, each
//! leaf's longest branch handed to its neighbour, which measures every tree
//! on the way. What is left is the core, where every city has two routes or
//! more. A trail cannot go into a peeled branch and come back, so a longest
//! trail is a trail of the core with a peeled branch at each end; the core
//! is searched depth first for it, from the cities such a trail can start
//! at, chains of plain degree-two cities contracted, pruned by the track
//! left.

use std::cell::RefCell;

use crate::board_game::board::{Board, RouteId};

/// The length of the longest continuous path of `routes`.
pub fn longest_path(board: &Board, routes: &[RouteId]) -> u32 {
    thread_local! {
        static SCRATCH: RefCell<Scratch> = RefCell::default();
    }
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut scratch) => scratch.measure(board, routes),
        Err(_) => Scratch::default().measure(board, routes),
    })
}

/// The most routes [`Scratch::small`] measures: one bit each.
const SMALL_ROUTES: usize = 64;

/// The most cities a board [`Scratch::small`] measures on may have: one
/// bit each.
const SMALL_CITIES: usize = 64;

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

/// The longest branches peeled into a city, each through a different route:
/// what a trail ending there can add (both when it starts and ends there).
#[derive(Clone, Copy, Default)]
struct Branches {
    first: u32,
    second: u32,
}

impl Branches {
    fn add(&mut self, branch: u32) {
        if branch > self.first {
            self.second = self.first;
            self.first = branch;
        } else if branch > self.second {
            self.second = branch;
        }
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
    /// Per local city: its routes; after peeling, its routes in the core.
    degree: Vec<u32>,
    /// Per local city: the exclusive or of its routes' numbers, which names
    /// the last route of a city left with one.
    routes_xor: Vec<u32>,
    /// The routes, between local cities ([`Scratch::small`]: board cities).
    edges: Vec<Edge>,
    /// Per local city ([`Scratch::small`]: board city): the branches peeled
    /// into it.
    branches: Vec<Branches>,
    /// Peeling: cities left with one route.
    leaves: Vec<u32>,
    /// Per local city: its union–find parent, grouping the core's components.
    parent: Vec<u32>,
    /// Per union–find root: its component, or `u32::MAX`.
    part_of: Vec<u32>,
    /// Per local city of the core ([`Scratch::small`]: board city): its
    /// component.
    component: Vec<u32>,
    /// The core's components.
    parts: Vec<Part>,
    /// The core's routes at each city.
    adj: Adjacency,
    /// Where the searches start.
    starts: Vec<u32>,
    /// Per edge: on the trail being searched?
    used: Vec<bool>,
    /// [`Scratch::small`]: per board city, its routes (one bit per route)
    /// left in the network.
    bits: Vec<u64>,
}

/// The figures of one connected component of the core.
#[derive(Clone, Copy)]
struct Part {
    /// Length of its routes.
    total: u32,
    /// Its shortest route.
    shortest: u32,
    /// Cities of odd degree.
    odd: u32,
    /// The longest branch peeled into one of its cities.
    branch: u32,
    /// Cities a longest trail may start at.
    starts: u32,
}

impl Scratch {
    /// The longest path of `routes`: by [`Scratch::small`] when it can, or
    /// else by [`Scratch::longest`].
    fn measure(&mut self, board: &Board, routes: &[RouteId]) -> u32 {
        match self.small(board, routes) {
            Some(best) => best,
            None => self.longest(board, routes),
        }
    }

    /// [`Scratch::longest`] for the usual network of at most
    /// [`SMALL_ROUTES`] routes, none a loop, on a board of at most
    /// [`SMALL_CITIES`] cities: the same peeling, bounds and search, with
    /// each city's routes a bitset, the cities kept in the board's numbers
    /// (no local numbering, whose test of each city met is a branch no
    /// predictor guesses) and the sets of cities one bit each (and no chains
    /// contracted, which only shortens searches that are short here anyway).
    /// `None` when the network does not fit.
    fn small(&mut self, board: &Board, routes: &[RouteId]) -> Option<u32> {
        let n = board.cities().len();
        if routes.len() > SMALL_ROUTES || n > SMALL_CITIES {
            return None;
        }
        let ends = board.route_ends();
        let dead = board.dead_ends();
        let bits = &mut self.bits;
        bits.clear();
        bits.resize(n, 0);
        self.edges.clear();
        // The cities met once or more, and twice or more.
        let (mut once, mut twice, mut loops) = (0u64, 0u64, false);
        for (i, &r) in routes.iter().enumerate() {
            let e = ends[r.index()];
            let (a, b) = (usize::from(e.from), usize::from(e.to));
            loops |= a == b;
            bits[a] |= 1 << i;
            bits[b] |= 1 << i;
            for c in [a, b] {
                twice |= once & 1 << c;
                once |= 1 << c;
            }
            self.edges.push(Edge {
                a: u32::from(e.from),
                b: u32::from(e.to),
                length: u32::from(e.length),
            });
        }
        if loops {
            return None;
        }
        // Peeling, as `peel_leaves` does it (in another order, which
        // changes no length): the leaves are the cities with one route.
        self.branches.clear();
        self.branches.resize(n, Branches::default());
        let mut leaves = once & !twice;
        let mut best = 0;
        while leaves != 0 {
            let v = leaves.trailing_zeros() as usize;
            leaves &= leaves - 1;
            if bits[v].count_ones() != 1 {
                continue;
            }
            let e = bits[v].trailing_zeros();
            let edge = self.edges[e as usize];
            let w = edge.other(v);
            bits[v] = 0;
            best = best.max(peel_into(&mut self.branches, dead, v, w, edge.length));
            bits[w] &= !(1 << e);
            leaves |= u64::from(bits[w].count_ones() == 1) << w;
        }
        let core = bits.iter().fold(0, |a, &b| a | b);
        if core == 0 {
            return Some(best);
        }
        // The core's components, grown route by route, with their figures.
        self.component.clear();
        self.component.resize(n, u32::MAX);
        self.parts.clear();
        let mut left = core;
        while left != 0 {
            let mut part_routes = left & left.wrapping_neg();
            let mut fresh = part_routes;
            while fresh != 0 {
                let mut grown = 0;
                let mut f = fresh;
                while f != 0 {
                    let e = self.edges[f.trailing_zeros() as usize];
                    f &= f - 1;
                    grown |= bits[e.a as usize] | bits[e.b as usize];
                }
                fresh = grown & !part_routes;
                part_routes |= grown;
            }
            left &= !part_routes;
            let c = self.parts.len() as u32;
            let mut part = Part {
                total: 0,
                shortest: u32::MAX,
                odd: 0,
                branch: 0,
                starts: 0,
            };
            let mut r = part_routes;
            while r != 0 {
                let e = self.edges[r.trailing_zeros() as usize];
                r &= r - 1;
                part.total += e.length;
                part.shortest = part.shortest.min(e.length);
                for v in [e.a as usize, e.b as usize] {
                    if self.component[v] == u32::MAX {
                        self.component[v] = c;
                        part.odd += bits[v].count_ones() % 2;
                        part.branch = part.branch.max(self.branches[v].first);
                    }
                }
            }
            self.parts.push(part);
        }
        // Where a longest trail may start, as `longest` reasons.
        self.starts.clear();
        let mut met = once;
        while met != 0 {
            let v = met.trailing_zeros() as usize;
            met &= met - 1;
            let at = bits[v];
            if at != 0 && (at.count_ones() % 2 == 1 || dead[v] || self.branches[v].first > 0) {
                self.starts.push(v as u32);
                self.parts[self.component[v] as usize].starts += 1;
            }
        }
        for part in &self.parts {
            if part.starts == 0 {
                best = best.max(part.total);
            }
        }
        let (parts, component) = (&self.parts, &self.component);
        self.starts.sort_unstable_by_key(|&v| {
            std::cmp::Reverse(parts[component[v as usize] as usize].total)
        });
        let mut search = BitTrails {
            edges: &self.edges,
            bits,
            bounds: Bounds::new(dead, &self.branches, best),
        };
        for &s in &self.starts {
            let s = s as usize;
            let part = &parts[component[s] as usize];
            if search.bounds.start_at(s, part) {
                search.walk(s, 0, 0, part.total);
            }
        }
        Some(search.bounds.best)
    }

    fn longest(&mut self, board: &Board, routes: &[RouteId]) -> u32 {
        if routes.is_empty() {
            return 0;
        }
        self.number(board, routes);
        let mut best = self.peel_leaves();
        if self.degree.iter().all(|&d| d == 0) {
            // A forest: measured while peeling.
            return best;
        }
        let n = self.cities.len();
        self.adj.build(&self.degree, &self.edges);
        self.find_parts();
        contract_chains(&mut self.edges, &mut self.adj, &self.dead, &self.branches);
        // An open trail can be made longer at an end where the core has an
        // unused route, unless that end is a dead end or a peeled branch
        // outweighs the route. So a longest trail starts at a city of odd
        // degree, a dead end or a city with a branch — or is a closed trail
        // through all of a component that has none.
        let (parts, component) = (&mut self.parts, &self.component);
        self.starts.clear();
        for v in 0..n {
            if self.adj.degree(v) > 0
                && (self.adj.degree(v) % 2 == 1 || self.dead[v] || self.branches[v].first > 0)
            {
                self.starts.push(v as u32);
                parts[component[v] as usize].starts += 1;
            }
        }
        for part in parts.iter() {
            if part.starts == 0 {
                best = best.max(part.total);
            }
        }
        // Components with the most track first, so the bound bites early.
        self.starts
            .sort_by_key(|&v| std::cmp::Reverse(parts[component[v as usize] as usize].total));
        self.used.clear();
        self.used.resize(self.edges.len(), false);
        let mut search = Trails {
            edges: &self.edges,
            adj: &self.adj,
            used: &mut self.used,
            bounds: Bounds::new(&self.dead, &self.branches, best),
        };
        for &s in &self.starts {
            let s = s as usize;
            let part = &parts[component[s] as usize];
            if search.bounds.start_at(s, part) {
                search.walk(s, 0, part.total);
            }
        }
        search.bounds.best
    }

    /// Numbers the cities `routes` touch from 0, lists the routes between
    /// those numbers and counts each city's routes (and their numbers'
    /// exclusive or) for the peeling.
    fn number(&mut self, board: &Board, routes: &[RouteId]) {
        if self.local.len() < board.cities().len() {
            self.local.resize(board.cities().len(), u32::MAX);
        }
        self.cities.clear();
        self.dead.clear();
        self.degree.clear();
        self.routes_xor.clear();
        self.edges.clear();
        let (ends, dead) = (board.route_ends(), board.dead_ends());
        for (i, &r) in routes.iter().enumerate() {
            let route = ends[r.index()];
            let mut ends = [0; 2];
            for (end, city) in ends.iter_mut().zip([route.from, route.to]) {
                let city = usize::from(city);
                let slot = &mut self.local[city];
                if *slot == u32::MAX {
                    *slot = self.cities.len() as u32;
                    self.cities.push(city as u32);
                    self.dead.push(dead[city]);
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

    /// Peels leaves off the network, each leaf's longest branch joining its
    /// neighbour's, and returns the longest path met on the way: a whole
    /// tree's (a tree peels away completely, and its longest path joins the
    /// two longest branches at some city). A branch reaching a dead end
    /// stops there. Leaves `degree` counting the core's routes only.
    fn peel_leaves(&mut self) -> u32 {
        let n = self.cities.len();
        self.branches.clear();
        self.branches.resize(n, Branches::default());
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
            best = best.max(peel_into(&mut self.branches, &self.dead, v, w, edge.length));
            self.degree[w] -= 1;
            self.routes_xor[w] ^= e;
            if self.degree[w] == 1 {
                self.leaves.push(w as u32);
            }
        }
        best
    }

    /// Groups the core's cities into connected components with their
    /// figures.
    fn find_parts(&mut self) {
        let n = self.cities.len();
        let parent = &mut self.parent;
        parent.clear();
        parent.extend(0..n as u32);
        let in_core = |e: &Edge| self.degree[e.a as usize] > 0 && self.degree[e.b as usize] > 0;
        for e in self.edges.iter().filter(|e| in_core(e)) {
            let (a, b) = (root(parent, e.a), root(parent, e.b));
            parent[a as usize] = b;
        }
        self.part_of.clear();
        self.part_of.resize(n, u32::MAX);
        self.parts.clear();
        self.component.clear();
        for v in 0..n {
            if self.degree[v] == 0 {
                self.component.push(u32::MAX);
                continue;
            }
            let r = root(parent, v as u32) as usize;
            if self.part_of[r] == u32::MAX {
                self.part_of[r] = self.parts.len() as u32;
                self.parts.push(Part {
                    total: 0,
                    shortest: u32::MAX,
                    odd: 0,
                    branch: 0,
                    starts: 0,
                });
            }
            let c = self.part_of[r];
            self.component.push(c);
            let part = &mut self.parts[c as usize];
            part.odd += self.degree[v] % 2;
            part.branch = part.branch.max(self.branches[v].first);
        }
        for e in self.edges.iter().filter(|e| in_core(e)) {
            let part = &mut self.parts[self.component[e.a as usize] as usize];
            part.total += e.length;
            part.shortest = part.shortest.min(e.length);
        }
    }
}

/// Peels the leaf `v` off along its last route, of `length`, to `w`: the
/// leaf's longest branch and that route join `w`'s branches (a branch
/// reaching a dead end stops there). Returns the longest path met: the new
/// branch alone at a dead end, or else joined to `w`'s longest.
fn peel_into(branches: &mut [Branches], dead: &[bool], v: usize, w: usize, length: u32) -> u32 {
    let branch = branches[v].first + length;
    if dead[w] {
        return branch;
    }
    let path = branches[w].first + branch;
    branches[w].add(branch);
    path
}

/// The root of `x` in the union–find `parent`, halving paths on the way
/// (also the ticket scoring's).
pub(super) fn root(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let p = parent[x as usize];
        parent[x as usize] = parent[p as usize];
        x = p;
    }
    x
}

/// The core's routes at each local city, by edge number, in one flat list:
/// city `v`'s are `slots[first[v]..][..degree[v]]`.
#[derive(Default)]
struct Adjacency {
    first: Vec<u32>,
    degree: Vec<u32>,
    slots: Vec<u32>,
}

impl Adjacency {
    /// The lists of the routes whose ends both have routes in the core
    /// (`core[v]` of them at city `v`); storage is reused.
    fn build(&mut self, core: &[u32], edges: &[Edge]) {
        self.first.clear();
        let mut at = 0;
        for &d in core {
            self.first.push(at);
            at += d;
        }
        self.slots.clear();
        self.slots.resize(at as usize, 0);
        self.degree.clear();
        self.degree.resize(core.len(), 0);
        for (i, e) in edges.iter().enumerate() {
            let (a, b) = (e.a as usize, e.b as usize);
            if core[a] > 0 && core[b] > 0 {
                for v in [a, b] {
                    self.slots[(self.first[v] + self.degree[v]) as usize] = i as u32;
                    self.degree[v] += 1;
                }
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

/// Replaces every chain through a plain city of degree two (no dead end, no
/// branch) by one longer edge: a trail entering such a city must leave by
/// its other route (or could be longer), so the longest trail is unchanged
/// while the search gets far smaller. Contracting a city changes no other
/// city's degree, so one pass does.
fn contract_chains(edges: &mut [Edge], adj: &mut Adjacency, dead: &[bool], branches: &[Branches]) {
    for v in 0..adj.len() {
        let &[e1, e2] = &adj[v] else { continue };
        if dead[v] || branches[v].first > 0 || e1 == e2 {
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

/// What the searches over trails share: the best length so far and the
/// bounds that cut a search short.
struct Bounds<'a> {
    dead: &'a [bool],
    branches: &'a [Branches],
    best: u32,
    /// Where the trails searched start.
    start: usize,
    /// No trail from `start` is longer.
    cap: u32,
    /// The most the branches at both ends can add.
    slack: u32,
}

impl<'a> Bounds<'a> {
    fn new(dead: &'a [bool], branches: &'a [Branches], best: u32) -> Self {
        Bounds {
            dead,
            branches,
            best,
            start: 0,
            cap: 0,
            slack: 0,
        }
    }

    /// Sets out to search the trails from `s`, a city of `part`; false when
    /// none of them can beat the best. A trail passes every city it does
    /// not end at an even number of times, so all odd-degree cities but two
    /// keep an unused route: at least half of them (rounded up) of the
    /// component's routes stay unused. The ends add at most the branches
    /// there.
    fn start_at(&mut self, s: usize, part: &Part) -> bool {
        let unused = part.odd.saturating_sub(2).div_ceil(2);
        self.slack = self.branches[s].first + part.branch;
        self.cap = part.total.saturating_sub(unused * part.shortest) + self.slack;
        self.start = s;
        self.cap > self.best
    }

    /// Notes a trail from `start` that has reached `v` with length `len`
    /// (`left` being the length of the component's routes not used yet),
    /// and says whether to extend it.
    fn reach(&mut self, v: usize, len: u32, left: u32) -> bool {
        let at_start = v == self.start;
        let ends = self.branches[self.start].first
            + if at_start {
                self.branches[v].second
            } else {
                self.branches[v].first
            };
        self.best = self.best.max(len + ends);
        !(self.dead[v] && !(at_start && len == 0)) && !self.spent(len, left)
    }

    /// Can no extension of a trail of length `len`, with `left` unused,
    /// beat the best any more?
    fn spent(&self, len: u32, left: u32) -> bool {
        len + left + self.slack <= self.best || self.best >= self.cap
    }
}

/// The depth-first search over the core's trails of [`longest_path`].
struct Trails<'a> {
    edges: &'a [Edge],
    adj: &'a Adjacency,
    used: &'a mut [bool],
    bounds: Bounds<'a>,
}

impl Trails<'_> {
    /// Extends a trail from the start that has reached `v` with length
    /// `len`, `left` being the length of the component's routes not used
    /// yet.
    fn walk(&mut self, v: usize, len: u32, left: u32) {
        if !self.bounds.reach(v, len, left) {
            return;
        }
        for &e in &self.adj[v] {
            let e = e as usize;
            if self.used[e] {
                continue;
            }
            let edge = self.edges[e];
            self.used[e] = true;
            self.walk(edge.other(v), len + edge.length, left - edge.length);
            self.used[e] = false;
            if self.bounds.spent(len, left) {
                return;
            }
        }
    }
}

/// [`Trails`] over the bitsets of [`Scratch::small`].
struct BitTrails<'a> {
    edges: &'a [Edge],
    bits: &'a [u64],
    bounds: Bounds<'a>,
}

impl BitTrails<'_> {
    /// [`Trails::walk`], the trail's routes being `used`.
    fn walk(&mut self, v: usize, used: u64, len: u32, left: u32) {
        if !self.bounds.reach(v, len, left) {
            return;
        }
        let mut free = self.bits[v] & !used;
        while free != 0 {
            let e = free.trailing_zeros() as usize;
            free &= free - 1;
            let edge = self.edges[e];
            self.walk(
                edge.other(v),
                used | 1 << e,
                len + edge.length,
                left - edge.length,
            );
            if self.bounds.spent(len, left) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_game::board::CityId;
    use crate::board_game::synth::{SynthSize, design};
    use crate::rng::GameRng;

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
            let exact = brute_force(board, &ids);
            assert_eq!(longest_path(board, &ids), exact, "{ids:?}");
            // The general search too, which networks of more than
            // SMALL_ROUTES routes take.
            assert_eq!(Scratch::default().longest(board, &ids), exact, "{ids:?}");
        }
    }

    #[test]
    fn longest_path_matches_brute_force_on_random_networks() {
        matches_brute_force(&Board::build(&design(SMALL, 9)).unwrap(), 16, 3);
    }

    #[test]
    fn longest_path_matches_brute_force_on_usa_networks() {
        // Sparse networks of a real map: mostly trees and small cores with
        // long branches.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let board = Board::build(&formats::load(&path).unwrap().design).unwrap();
        matches_brute_force(&board, 24, 7);
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
        let d = crate::validate::design_of(text);
        let board = Board::build(&d).unwrap();
        let all: Vec<RouteId> = (0..4).map(RouteId::from_index).collect();
        assert_eq!(longest_path(&board, &all), 10);
    }
}
