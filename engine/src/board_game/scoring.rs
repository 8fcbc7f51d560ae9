//! Final scoring: tickets (with countries and stations), the longest path,
//! Globetrotter, unbuilt stations, and the tie-break order.

use serde::Serialize;

use std::cell::RefCell;

use smallvec::SmallVec;

use super::state::{Player, State};
use crate::board::{Board, CityId, Place, RouteId, TicketId};
use crate::game::{EndReason, Outcome, Seat};
use formats::rules::TieBreak;

/// One player's final score, component by component.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ScoreBreakdown {
    /// Points for claimed routes, doubling included.
    pub routes: i32,
    /// The part of `routes` won by doubling with terrain cards.
    pub doubling: i32,
    /// Points of completed tickets.
    pub tickets_completed: i32,
    /// Points lost for tickets not completed (a positive number, subtracted).
    pub tickets_failed: i32,
    /// Completed tickets.
    pub completed: Vec<TicketId>,
    /// Tickets not completed.
    pub failed: Vec<TicketId>,
    /// Length (car spaces) of the longest continuous path.
    pub longest_path: u32,
    /// Longest-path bonus won.
    pub longest_path_bonus: i32,
    /// Globetrotter bonus won.
    pub globetrotter_bonus: i32,
    /// Stations built.
    pub stations_built: u8,
    /// Points for stations not built.
    pub stations_bonus: i32,
    /// The route of another player each station uses, by station city.
    pub borrowed: Vec<(CityId, RouteId)>,
    /// The total.
    pub total: i32,
}

/// A union–find over cities plus one node per route end at a dead end
/// (a country location), so routes into a country never join each other.
#[derive(Clone)]
struct Network {
    parent: Vec<u32>,
    cities: usize,
}

impl Network {
    fn new(board: &Board) -> Self {
        // Stubs are needed only where there are dead ends.
        let stubs = if board.countries().is_empty() {
            0
        } else {
            2 * board.routes().len()
        };
        let n = board.cities().len() + stubs;
        Network {
            parent: (0..n as u32).collect(),
            cities: board.cities().len(),
        }
    }

    fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let p = self.parent[x as usize];
            self.parent[x as usize] = self.parent[p as usize];
            x = p;
        }
        x
    }

    fn union(&mut self, a: u32, b: u32) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a as usize] = b;
        }
    }

    /// The node standing for `city` as an end of `route`: the city itself, or
    /// the route's private stub when the city is a dead end.
    fn end_node(&self, board: &Board, route: RouteId, city: CityId) -> u32 {
        if board.is_dead_end(city) {
            let r = board.route(route);
            let side = usize::from(r.from != city);
            (self.cities + 2 * route.index() + side) as u32
        } else {
            u32::from(city.0)
        }
    }

    fn add_route(&mut self, board: &Board, route: RouteId) {
        let r = board.route(route);
        let a = self.end_node(board, route, r.from);
        let b = self.end_node(board, route, r.to);
        self.union(a, b);
    }

    /// Is some node that reaches `a` joined to some node that reaches `b`?
    fn connects(&mut self, board: &Board, routes: &[RouteId], a: Place, b: Place) -> bool {
        let mut ra = SmallVec::<[u32; 8]>::new();
        self.reach(board, routes, a, &mut ra);
        if ra.is_empty() {
            return false;
        }
        let mut rb = SmallVec::<[u32; 8]>::new();
        self.reach(board, routes, b, &mut rb);
        ra.iter().any(|x| rb.contains(x))
    }

    fn reach(&mut self, board: &Board, routes: &[RouteId], p: Place, out: &mut SmallVec<[u32; 8]>) {
        match p {
            Place::City(c) if !board.is_dead_end(c) => out.push(self.find(u32::from(c.0))),
            _ => {
                for &r in routes {
                    let route = board.route(r);
                    for end in [route.from, route.to] {
                        if board.is_dead_end(end) && board.reaches(end, p) {
                            let n = self.end_node(board, r, end);
                            out.push(self.find(n));
                        }
                    }
                }
            }
        }
    }
}

/// Which of `tickets` a player's routes (plus borrowed ones) complete.
fn completed(
    board: &Board,
    net: &mut Network,
    routes: &[RouteId],
    tickets: &[TicketId],
) -> Vec<bool> {
    tickets
        .iter()
        .map(|&t| {
            let t = board.ticket(t);
            net.connects(board, routes, t.from, t.to)
        })
        .collect()
}

fn ticket_points(board: &Board, tickets: &[TicketId], done: &[bool]) -> i32 {
    tickets
        .iter()
        .zip(done)
        .map(|(&t, &d)| {
            let p = board.ticket(t).points;
            if d { p } else { -p }
        })
        .sum()
}

/// The best use of a player's stations: for each station, one route of
/// another player leaving its city (or none), maximising ticket points and,
/// among the best, using the fewest stations. Returns the chosen (city, route)
/// pairs and which tickets are completed.
fn best_station_use(state: &State, seat: Seat) -> (Vec<(CityId, RouteId)>, Vec<bool>) {
    let board = state.board();
    let p = state.player(seat);
    let mut base = Network::new(board);
    for &r in &p.routes {
        base.add_route(board, r);
    }
    let plain = completed(board, &mut base, &p.routes, &p.tickets);
    if p.stations.is_empty() || plain.iter().all(|&d| d) {
        return (Vec::new(), plain);
    }
    let options: Vec<SmallVec<[RouteId; 4]>> = p
        .stations
        .iter()
        .map(|&city| station_options(state, seat, &mut base, city))
        .collect();
    // Borrowing only adds connections, so tickets completed without stations
    // stay completed: only the others need checking.
    let failing: SmallVec<[usize; 8]> = (0..plain.len()).filter(|&i| !plain[i]).collect();
    let mut judge = match Parts::new(board, &mut base, p, &options, &failing) {
        Some(parts) => Judge::Parts(parts),
        None => Judge::Network {
            base: base.clone(),
            net: base.clone(),
            routes: p.routes.clone(),
        },
    };
    let plain_points = ticket_points(board, &p.tickets, &plain);
    let mut best_points = plain_points;
    let mut best: (Vec<(CityId, RouteId)>, Vec<bool>) = (Vec::new(), plain);
    let mut choice = vec![0usize; options.len()];
    let mut now: SmallVec<[usize; 8]> = SmallVec::new();
    loop {
        // Advance the odometer over (none, option 1, option 2, ...) per station.
        let mut i = 0;
        loop {
            if i == choice.len() {
                return best;
            }
            choice[i] += 1;
            if choice[i] <= options[i].len() {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
        now.clear();
        judge.completed(board, p, &options, &choice, &failing, &mut now);
        let points = plain_points
            + now
                .iter()
                .map(|&i| 2 * board.ticket(p.tickets[i]).points)
                .sum::<i32>();
        let used = choice.iter().filter(|&&c| c > 0).count();
        if points > best_points || (points == best_points && used < best.0.len()) {
            best_points = points;
            let borrowed = choice
                .iter()
                .enumerate()
                .filter(|(_, c)| **c > 0)
                .map(|(k, &c)| (p.stations[k], options[k][c - 1]))
                .collect();
            let done = (0..p.tickets.len())
                .map(|i| !failing.contains(&i) || now.contains(&i))
                .collect();
            best = (borrowed, done);
        }
    }
}

/// How a choice of borrowed routes is judged: by the parts of the owner's
/// network they join when no country is involved (a few integers per
/// choice), or with a whole network otherwise.
enum Judge {
    Parts(Parts),
    Network {
        /// The owner's network without stations.
        base: Network,
        /// Scratch: `base` plus the borrowed routes.
        net: Network,
        /// Scratch: the owner's routes plus the borrowed ones.
        routes: Vec<RouteId>,
    },
}

impl Judge {
    /// Pushes to `now` the `failing` tickets that `choice` completes.
    fn completed(
        &mut self,
        board: &Board,
        p: &Player,
        options: &[SmallVec<[RouteId; 4]>],
        choice: &[usize],
        failing: &[usize],
        now: &mut SmallVec<[usize; 8]>,
    ) {
        match self {
            Judge::Parts(parts) => parts.completed(choice, failing, now),
            Judge::Network { base, net, routes } => {
                net.parent.copy_from_slice(&base.parent);
                routes.truncate(p.routes.len());
                for (k, &c) in choice.iter().enumerate() {
                    if c > 0 {
                        let r = options[k][c - 1];
                        net.add_route(board, r);
                        routes.push(r);
                    }
                }
                for &i in failing {
                    let t = board.ticket(p.tickets[i]);
                    if net.connects(board, routes, t.from, t.to) {
                        now.push(i);
                    }
                }
            }
        }
    }
}

/// The parts (connected pieces) of a player's own network that the station
/// options and the failing tickets touch, numbered from 0: a choice of
/// borrowed routes joins parts, and a ticket is completed when its two
/// cities' parts are joined.
struct Parts {
    /// Per station, per option: the two parts the route joins.
    links: Vec<SmallVec<[(u8, u8); 4]>>,
    /// Per failing ticket: the parts of its two cities.
    tickets: SmallVec<[(u8, u8); 8]>,
    /// How many parts there are.
    count: u8,
    /// Scratch union–find over the parts.
    parent: SmallVec<[u8; 32]>,
}

impl Parts {
    /// The parts, or `None` when a country takes part (its locations are
    /// dead ends that only whole networks model) or there are too many.
    fn new(
        board: &Board,
        base: &mut Network,
        p: &Player,
        options: &[SmallVec<[RouteId; 4]>],
        failing: &[usize],
    ) -> Option<Parts> {
        let mut ids: SmallVec<[u32; 32]> = SmallVec::new();
        let mut part = |base: &mut Network, place: Place| -> Option<u8> {
            let Place::City(c) = place else { return None };
            if board.is_dead_end(c) {
                return None;
            }
            let root = base.find(u32::from(c.0));
            let i = ids.iter().position(|&x| x == root).unwrap_or_else(|| {
                ids.push(root);
                ids.len() - 1
            });
            u8::try_from(i).ok()
        };
        let mut links = Vec::with_capacity(options.len());
        for opts in options {
            let mut out = SmallVec::new();
            for &r in opts {
                let route = board.route(r);
                out.push((
                    part(base, Place::City(route.from))?,
                    part(base, Place::City(route.to))?,
                ));
            }
            links.push(out);
        }
        let mut tickets = SmallVec::new();
        for &i in failing {
            let t = board.ticket(p.tickets[i]);
            tickets.push((part(base, t.from)?, part(base, t.to)?));
        }
        let count = u8::try_from(ids.len()).ok()?;
        Some(Parts {
            links,
            tickets,
            count,
            parent: SmallVec::new(),
        })
    }

    fn find(&self, mut x: u8) -> u8 {
        while self.parent[usize::from(x)] != x {
            x = self.parent[usize::from(x)];
        }
        x
    }

    fn completed(&mut self, choice: &[usize], failing: &[usize], now: &mut SmallVec<[usize; 8]>) {
        self.parent.clear();
        self.parent.extend(0..self.count);
        for (k, &c) in choice.iter().enumerate() {
            if c > 0 {
                let (a, b) = self.links[k][c - 1];
                let (a, b) = (self.find(a), self.find(b));
                self.parent[usize::from(a)] = b;
            }
        }
        for (j, &(a, b)) in self.tickets.iter().enumerate() {
            if self.find(a) == self.find(b) {
                now.push(failing[j]);
            }
        }
    }
}

/// The routes a station in `city` may borrow: the other players' routes
/// there, one for each place they lead to that the owner's own network
/// does not already reach from `city` (routes leading into the same part of
/// the network connect alike; the first one in the board's order stands for
/// them all).
fn station_options(
    state: &State,
    seat: Seat,
    base: &mut Network,
    city: CityId,
) -> SmallVec<[RouteId; 4]> {
    let board = state.board();
    let mut seen: SmallVec<[u32; 8]> = SmallVec::new();
    let mut opts = SmallVec::new();
    for &r in board.routes_at(city) {
        if !matches!(state.owner(r), Some(o) if o != seat) {
            continue;
        }
        let far = board.route(r).other_end(city);
        // A country location is a dead end: its routes never join each other,
        // so only the same far location makes two routes alike.
        let key = if board.is_dead_end(city) || board.is_dead_end(far) {
            u32::MAX - u32::from(far.0)
        } else {
            let part = base.find(u32::from(far.0));
            if part == base.find(u32::from(city.0)) {
                continue;
            }
            part
        };
        if !seen.contains(&key) {
            seen.push(key);
            opts.push(r);
        }
    }
    opts
}

/// The length of the longest continuous path of `routes`: each route used
/// once, cities revisited freely, never through a dead end (country location).
/// Exact: a depth-first search over trails, pruned by the length of the
/// routes not yet used in the component.
pub fn longest_path(board: &Board, routes: &[RouteId]) -> u32 {
    thread_local! {
        static SCRATCH: RefCell<PathScratch> = RefCell::default();
    }
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut scratch) => scratch.longest(board, routes),
        Err(_) => PathScratch::default().longest(board, routes),
    })
}

/// The buffers of [`longest_path`], kept per thread: a simulation scores
/// every player of every game, and fresh buffers each time cost more than
/// the search itself.
#[derive(Default)]
struct PathScratch {
    /// Per board city: its local node, or `u32::MAX` (restored after use).
    local: Vec<u32>,
    /// Per local node: its board city.
    cities: Vec<usize>,
    /// Per local node: is it a dead end (a country location)?
    dead: Vec<bool>,
    /// Local edges: ends and length.
    edges: Vec<(u32, u32, u32)>,
    /// Per local node: its edges.
    adj: Vec<Adjacent>,
    /// Per local node: its component.
    component: Vec<u32>,
    /// Per component: its figures.
    parts: Vec<Part>,
    /// Per edge: counted in its component's total yet?
    seen: Vec<bool>,
    /// Where the searches start.
    starts: Vec<usize>,
    /// Per edge: on the trail being searched?
    used: Vec<bool>,
    /// Work lists: components, chains, trees.
    stack: Vec<usize>,
    order: Vec<(usize, u32)>,
    down: Vec<u32>,
}

/// The figures of one connected component of a player's routes.
#[derive(Clone, Copy)]
struct Part {
    /// Its first city.
    root: usize,
    /// Length of its routes.
    total: u32,
    /// Its shortest route.
    shortest: u32,
    /// Cities of odd degree.
    odd: u32,
    /// Cities.
    cities: u32,
    /// Route ends (twice its routes).
    links: u32,
    /// Does it touch a dead end?
    ends: bool,
    /// Has it a city of odd degree or a dead end, where trails start?
    starts: bool,
    /// Is its longest path already known?
    searched: bool,
}

impl PathScratch {
    /// The local node of `city`, numbering it on first sight.
    fn node(&mut self, board: &Board, city: CityId) -> u32 {
        let slot = &mut self.local[city.index()];
        if *slot == u32::MAX {
            *slot = self.dead.len() as u32;
            self.cities.push(city.index());
            self.dead.push(board.is_dead_end(city));
        }
        *slot
    }

    fn longest(&mut self, board: &Board, routes: &[RouteId]) -> u32 {
        if routes.is_empty() {
            return 0;
        }
        // Local numbering of the cities these routes touch.
        if self.local.len() < board.cities().len() {
            self.local.resize(board.cities().len(), u32::MAX);
        }
        self.cities.clear();
        self.dead.clear();
        self.edges.clear();
        for &r in routes {
            let route = board.route(r);
            let (a, b) = (self.node(board, route.from), self.node(board, route.to));
            self.edges.push((a, b, u32::from(route.length)));
        }
        for &c in &self.cities {
            self.local[c] = u32::MAX;
        }
        let n = self.dead.len();
        // The lists are reused, not rebuilt: emptying keeps their storage.
        if self.adj.len() < n {
            self.adj.resize_with(n, Adjacent::new);
        }
        let adj = &mut self.adj[..n];
        adj.iter_mut().for_each(Adjacent::clear);
        for (i, &(a, b, _)) in self.edges.iter().enumerate() {
            adj[a as usize].push(i as u32);
            adj[b as usize].push(i as u32);
        }
        contract_chains(&mut self.edges, adj, &self.dead, &mut self.stack);
        let (edges, adj, dead) = (&self.edges, &self.adj[..n], &self.dead);
        // Components, with the total length of their routes (the pruning bound).
        let component = &mut self.component;
        component.clear();
        component.resize(n, u32::MAX);
        let parts = &mut self.parts;
        parts.clear();
        self.seen.clear();
        self.seen.resize(edges.len(), false);
        // Components, with their figures, in one walk each.
        for s in 0..n {
            if component[s] != u32::MAX || adj[s].is_empty() {
                continue;
            }
            let c = parts.len() as u32;
            let mut part = Part {
                root: s,
                total: 0,
                shortest: u32::MAX,
                odd: 0,
                cities: 0,
                links: 0,
                ends: false,
                starts: false,
                searched: false,
            };
            self.stack.clear();
            self.stack.push(s);
            component[s] = c;
            while let Some(v) = self.stack.pop() {
                let degree = adj[v].len() as u32;
                part.cities += 1;
                part.links += degree;
                part.odd += degree % 2;
                part.ends |= dead[v];
                part.starts |= degree % 2 == 1 || dead[v];
                for &e in &adj[v] {
                    let (a, b, length) = edges[e as usize];
                    part.shortest = part.shortest.min(length);
                    if !std::mem::replace(&mut self.seen[e as usize], true) {
                        part.total += length;
                    }
                    let w = if a as usize == v { b } else { a } as usize;
                    if component[w] == u32::MAX {
                        component[w] = c;
                        self.stack.push(w);
                    }
                }
            }
            parts.push(part);
        }
        // Shortcuts first: a component without dead ends whose odd-degree
        // cities number at most two has an Euler trail, so all of it is one
        // path; a tree's longest path is found in one pass.
        let mut best = 0;
        for part in parts.iter_mut() {
            if part.ends {
                continue;
            }
            if part.odd <= 2 {
                best = best.max(part.total);
            } else if part.links / 2 + 1 == part.cities {
                let tree =
                    tree_longest_path(edges, adj, part.root, &mut self.order, &mut self.down);
                best = best.max(tree);
            } else {
                continue;
            }
            part.searched = true;
        }
        // Otherwise a longest trail starts at an odd-degree vertex or a dead
        // end, or is a closed trail that may start anywhere on it.
        let starts = &mut self.starts;
        starts.clear();
        starts.extend(
            (0..n)
                .filter(|&v| !adj[v].is_empty() && !parts[component[v] as usize].searched)
                .filter(|&v| adj[v].len() % 2 == 1 || dead[v]),
        );
        starts.extend(
            parts
                .iter()
                .filter(|p| !p.searched && !p.starts)
                .map(|p| p.root),
        );
        // A trail passes every city it does not end at an even number of
        // times, so all odd-degree cities but two keep an unused route: at
        // least half of them (rounded up) of the component's routes stay
        // unused.
        let cap = |part: &Part| {
            let unused = part.odd.saturating_sub(2).div_ceil(2);
            part.total.saturating_sub(unused * part.shortest)
        };
        // Components with the most track first, so the bound bites early.
        starts.sort_by_key(|&v| std::cmp::Reverse(parts[component[v] as usize].total));
        self.used.clear();
        self.used.resize(edges.len(), false);
        let mut search = Trails {
            edges,
            adj,
            dead,
            used: &mut self.used,
            best,
            cap: 0,
        };
        for &s in starts.iter() {
            let part = &parts[component[s] as usize];
            search.cap = cap(part);
            if search.cap <= search.best {
                continue;
            }
            search.walk(s, true, 0, part.total);
        }
        search.best
    }
}

/// The longest path of a tree (a component without cycles or dead ends)
/// containing `root`: for every city, the two longest branches below it.
/// `order` and `down` are scratch.
fn tree_longest_path(
    edges: &[(u32, u32, u32)],
    adj: &[Adjacent],
    root: usize,
    order: &mut Vec<(usize, u32)>,
    down: &mut Vec<u32>,
) -> u32 {
    // Depth-first order with each city's parent edge.
    order.clear();
    order.push((root, u32::MAX));
    let mut i = 0;
    while i < order.len() {
        let (v, from) = order[i];
        for &e in &adj[v] {
            if e != from {
                let (a, b, _) = edges[e as usize];
                let w = if a as usize == v { b } else { a } as usize;
                order.push((w, e));
            }
        }
        i += 1;
    }
    down.clear();
    down.resize(adj.len(), 0);
    let mut best = 0;
    for &(v, from) in order.iter().rev() {
        let (mut first, mut second) = (0, 0);
        for &e in &adj[v] {
            if e != from {
                let (a, b, l) = edges[e as usize];
                let w = if a as usize == v { b } else { a } as usize;
                let branch = down[w] + l;
                if branch > first {
                    (first, second) = (branch, first);
                } else if branch > second {
                    second = branch;
                }
            }
        }
        down[v] = first;
        best = best.max(first + second);
    }
    best
}

/// Replaces every chain through a city of degree two (not a dead end) by one
/// longer edge: a trail entering such a city must leave by its other route,
/// so the longest trail is unchanged while the search gets far smaller.
/// `queue` is scratch.
fn contract_chains(
    edges: &mut [(u32, u32, u32)],
    adj: &mut [Adjacent],
    dead: &[bool],
    queue: &mut Vec<usize>,
) {
    queue.clear();
    queue.extend(0..adj.len());
    while let Some(v) = queue.pop() {
        if dead[v] || adj[v].len() != 2 || adj[v][0] == adj[v][1] {
            continue;
        }
        let (e1, e2) = (adj[v][0] as usize, adj[v][1] as usize);
        let other = |e: (u32, u32, u32)| if e.0 as usize == v { e.1 } else { e.0 } as usize;
        let (x, y) = (other(edges[e1]), other(edges[e2]));
        if x == v || y == v {
            continue;
        }
        edges[e1] = (x as u32, y as u32, edges[e1].2 + edges[e2].2);
        adj[v].clear();
        // e1 already stands at x; at y it replaces e2.
        if let Some(slot) = adj[y].iter_mut().find(|e| **e as usize == e2) {
            *slot = e1 as u32;
        }
        queue.push(x);
        queue.push(y);
    }
}

/// The routes at a city, by local edge number (rarely more than four).
type Adjacent = SmallVec<[u32; 6]>;

/// The depth-first search over trails of [`longest_path`].
struct Trails<'a> {
    edges: &'a [(u32, u32, u32)],
    adj: &'a [Adjacent],
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
        for i in 0..self.adj[v].len() {
            let e = self.adj[v][i] as usize;
            if self.used[e] {
                continue;
            }
            let (a, b, l) = self.edges[e];
            let w = if a as usize == v { b } else { a } as usize;
            self.used[e] = true;
            self.walk(w, false, len + l, left - l);
            self.used[e] = false;
            if len + left <= self.best || self.best >= self.cap {
                return;
            }
        }
    }
}

/// Every player's final score.
pub(crate) fn final_scores(state: &State) -> Vec<ScoreBreakdown> {
    let board = state.board();
    let rules = board.rules();
    let mut out: Vec<ScoreBreakdown> = state
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = Seat(i as u8);
            let (borrowed, done) = best_station_use(state, seat);
            let mut b = ScoreBreakdown {
                routes: p.route_points,
                doubling: p.doubling_points,
                borrowed,
                longest_path: longest_path(board, &p.routes),
                stations_built: rules.stations.count - p.stations_left,
                stations_bonus: i32::from(p.stations_left) * rules.stations.unbuilt_points,
                ..ScoreBreakdown::default()
            };
            for (&t, d) in p.tickets.iter().zip(done) {
                let pts = board.ticket(t).points;
                if d {
                    b.tickets_completed += pts;
                    b.completed.push(t);
                } else {
                    b.tickets_failed += pts;
                    b.failed.push(t);
                }
            }
            b
        })
        .collect();
    let longest = out.iter().map(|b| b.longest_path).max().unwrap_or(0);
    let most = out.iter().map(|b| b.completed.len()).max().unwrap_or(0);
    for b in &mut out {
        if rules.bonuses.longest_path != 0 && longest > 0 && b.longest_path == longest {
            b.longest_path_bonus = rules.bonuses.longest_path;
        }
        if rules.bonuses.globetrotter != 0 && most > 0 && b.completed.len() == most {
            b.globetrotter_bonus = rules.bonuses.globetrotter;
        }
        b.total = b.routes + b.tickets_completed - b.tickets_failed
            + b.longest_path_bonus
            + b.globetrotter_bonus
            + b.stations_bonus;
    }
    out
}

/// Ranks by total, then the design's tie-break order.
pub(crate) fn outcome(state: &State, scores: &[ScoreBreakdown], reason: EndReason) -> Outcome {
    let rules = state.board().rules();
    let longest = scores.iter().map(|b| b.longest_path).max().unwrap_or(0);
    let key = |b: &ScoreBreakdown| -> SmallVec<[i64; 4]> {
        let mut k = SmallVec::new();
        k.push(i64::from(b.total));
        for t in &rules.tie_break {
            k.push(match t {
                TieBreak::CompletedTickets => b.completed.len() as i64,
                TieBreak::FewestStations => -i64::from(b.stations_built),
                TieBreak::LongestPath => i64::from(b.longest_path == longest && longest > 0),
            });
        }
        k
    };
    let keys: SmallVec<[SmallVec<[i64; 4]>; 5]> = scores.iter().map(key).collect();
    let ranks: Vec<u8> = keys
        .iter()
        .map(|k| keys.iter().filter(|o| *o > k).count() as u8)
        .collect();
    let winners = ranks
        .iter()
        .enumerate()
        .filter(|(_, r)| **r == 0)
        .map(|(i, _)| Seat(i as u8))
        .collect();
    Outcome {
        scores: scores.iter().map(|b| b.total).collect(),
        ranks,
        winners,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;
    use crate::synth::{SynthSize, design};

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

    #[test]
    fn longest_path_matches_brute_force_on_random_networks() {
        let size = SynthSize {
            cities: 16,
            routes: 40,
            tickets: 20,
        };
        let board = Board::build(&design(size, 9)).unwrap();
        let mut rng = GameRng::seeded(3);
        for _ in 0..500 {
            let k = 1 + rng.index(16);
            let mut ids: Vec<RouteId> =
                (0..board.routes().len()).map(RouteId::from_index).collect();
            rng.shuffle(&mut ids);
            ids.truncate(k);
            assert_eq!(
                longest_path(&board, &ids),
                brute_force(&board, &ids),
                "{ids:?}"
            );
        }
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

    /// Every choice of borrowed routes, each judged on a fresh network:
    /// slow and obviously right.
    fn reference_station_use(state: &State, seat: Seat) -> (Vec<(CityId, RouteId)>, Vec<bool>) {
        let board = state.board();
        let p = state.player(seat);
        let own = |extra: &[RouteId]| {
            let mut routes = p.routes.clone();
            routes.extend_from_slice(extra);
            let mut net = Network::new(board);
            for &r in &routes {
                net.add_route(board, r);
            }
            completed(board, &mut net, &routes, &p.tickets)
        };
        let options: Vec<Vec<RouteId>> = p
            .stations
            .iter()
            .map(|&city| {
                let mut far_seen = Vec::new();
                board
                    .routes_at(city)
                    .iter()
                    .copied()
                    .filter(|&r| matches!(state.owner(r), Some(o) if o != seat))
                    .filter(|&r| {
                        let far = board.route(r).other_end(city);
                        !far_seen.contains(&far) && {
                            far_seen.push(far);
                            true
                        }
                    })
                    .collect()
            })
            .collect();
        let mut best = (Vec::new(), own(&[]));
        let mut best_points = ticket_points(board, &p.tickets, &best.1);
        let mut choice = vec![0usize; options.len()];
        'odometer: loop {
            let mut i = 0;
            loop {
                if i == choice.len() {
                    break 'odometer;
                }
                choice[i] += 1;
                if choice[i] <= options[i].len() {
                    break;
                }
                choice[i] = 0;
                i += 1;
            }
            let used: Vec<(CityId, RouteId)> = (0..choice.len())
                .filter(|&k| choice[k] > 0)
                .map(|k| (p.stations[k], options[k][choice[k] - 1]))
                .collect();
            let extra: Vec<RouteId> = used.iter().map(|u| u.1).collect();
            let done = own(&extra);
            let points = ticket_points(board, &p.tickets, &done);
            if points > best_points || (points == best_points && used.len() < best.0.len()) {
                best_points = points;
                best = (used, done);
            }
        }
        best
    }

    #[test]
    fn stations_are_used_as_a_full_search_would() {
        use crate::game::{GameState, play_randomly};
        let mut checked = 0;
        for map in [
            "europe.yaml",
            "usa-stations.yaml",
            "heart-of-africa-rules.yaml",
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../maps")
                .join(map);
            let mut design = formats::load(&path).unwrap().design;
            // Stations beside countries exercise the whole-network judge.
            design.rules.insert(
                "stations".into(),
                serde_yaml::from_str("{count: 3, costs: [1, 2, 3], unbuilt_points: 4}").unwrap(),
            );
            let board = std::sync::Arc::new(Board::build(&design).unwrap());
            let game = super::super::BoardGame::new(board, 4).unwrap();
            let mut rng = GameRng::seeded(5);
            for seed in 0..40 {
                let mut state = game.new_game(seed);
                play_randomly(&mut state, &mut rng, 10_000).unwrap();
                assert!(state.is_terminal());
                for s in 0..4 {
                    let seat = Seat(s);
                    if state.player(seat).stations.is_empty() {
                        continue;
                    }
                    checked += 1;
                    let (fast, slow) = (
                        best_station_use(&state, seat),
                        reference_station_use(&state, seat),
                    );
                    assert_eq!(fast, slow, "{map} seed {seed} seat {s}");
                }
            }
        }
        assert!(checked > 100, "only {checked} players built stations");
    }
}
