//! Which tickets a player's network completes at the end of the game, with
//! the best use of their stations: a union–find over the cities (each route
//! end at a country location a node of its own), and the exact search over
//! the routes each station may borrow.

use foldhash::HashMap;
use smallvec::SmallVec;

use super::super::state::{Player, State};
use crate::board_game::board::{Board, CityId, Place, RouteId, TicketId};
use crate::board_game::longest::root;
use crate::game::Seat;

/// The most station choices a player's stations may have in all, as the
/// validator counts them (TL016): each station borrows one of the routes at
/// its city (one per neighbouring city) or none, so `stations.count`
/// stations at the busiest city have (neighbours + 1)^count choices. Within
/// this bound the exact search scores the end of a game in milliseconds
/// whatever the players built.
pub const MAX_STATION_CHOICES: u64 = 65_536;

/// A union–find over cities plus one node per route end at a dead end
/// (a country location), so routes into a country never join each other.
#[derive(Clone)]
struct Network {
    /// Inline for boards of up to 64 cities without dead ends.
    parent: SmallVec<[u32; 64]>,
    cities: usize,
    /// Has the board dead ends (so route ends may need stubs)?
    dead_ends: bool,
}

impl Network {
    fn new(board: &Board) -> Self {
        // Stubs are needed only where there are dead ends.
        let dead_ends = !board.countries().is_empty();
        let stubs = if dead_ends {
            2 * board.routes().len()
        } else {
            0
        };
        let n = board.cities().len() + stubs;
        Network {
            parent: (0..n as u32).collect(),
            cities: board.cities().len(),
            dead_ends,
        }
    }

    fn find(&mut self, x: u32) -> u32 {
        root(&mut self.parent, x)
    }

    fn union(&mut self, a: u32, b: u32) {
        // One slice for both walks: each index into the small vector
        // itself asks again whether it is inline.
        let parent = self.parent.as_mut_slice();
        let (a, b) = (root(parent, a), root(parent, b));
        if a != b {
            parent[a as usize] = b;
        }
    }

    /// The node standing for `city` as an end of `route`: the city itself, or
    /// the route's private stub when the city is a dead end.
    fn end_node(&self, board: &Board, route: RouteId, city: CityId) -> u32 {
        if self.dead_ends && board.is_dead_end(city) {
            let r = board.route(route);
            let side = usize::from(r.from != city);
            (self.cities + 2 * route.index() + side) as u32
        } else {
            u32::from(city.0)
        }
    }

    fn add_route(&mut self, board: &Board, route: RouteId) {
        // The packed ends: every player's every route is added at the end
        // of every game.
        let r = board.route_ends()[route.index()];
        let a = self.end_node(board, route, CityId(r.from));
        let b = self.end_node(board, route, CityId(r.to));
        self.union(a, b);
    }

    /// Is some node that reaches `a` joined to some node that reaches `b`?
    fn connects(&mut self, board: &Board, routes: &[RouteId], a: Place, b: Place) -> bool {
        if let (Place::City(a), Place::City(b), false) = (a, b, self.dead_ends) {
            return self.find(u32::from(a.0)) == self.find(u32::from(b.0));
        }
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

/// Per ticket of a player: completed or not (inline for the usual handful).
pub(super) type Done = SmallVec<[bool; 16]>;

/// Which of `tickets` a player's routes (plus borrowed ones) complete.
fn completed(board: &Board, net: &mut Network, routes: &[RouteId], tickets: &[TicketId]) -> Done {
    tickets
        .iter()
        .map(|&t| {
            let t = board.ticket(t);
            net.connects(board, routes, t.from, t.to)
        })
        .collect()
}

/// The best use of a player's stations: for each station, one route of
/// another player leaving its city (or none), maximising ticket points and,
/// among the best, using the fewest stations; among equals, the first in the
/// order that counts the last station's choice as the most significant digit
/// (as an odometer over the stations would meet them). Returns the chosen
/// (city, route) pairs and which tickets are completed.
///
/// The choices only matter through the parts of the owner's network they
/// join, so the search ([`Parts`]) runs over stations, last first, with the
/// partition of the parts as its state, remembering the best completion of
/// every (station, partition) it meets; it skips borrowings that join what is
/// joined already and stops as soon as every ticket is completed. Its work
/// grows with the number of distinct partitions, not with the product of the
/// stations' options.
pub(super) fn best_station_use(state: &State, seat: Seat) -> (Vec<(CityId, RouteId)>, Done) {
    station_search(state, seat).0
}

/// [`best_station_use`] and how many positions its search visited.
fn station_search(state: &State, seat: Seat) -> ((Vec<(CityId, RouteId)>, Done), usize) {
    let board = state.board();
    let p = state.player(seat);
    let mut base = Network::new(board);
    for &r in &p.routes {
        base.add_route(board, r);
    }
    let plain = completed(board, &mut base, &p.routes, &p.tickets);
    if p.stations.is_empty() || plain.iter().all(|&d| d) {
        return ((Vec::new(), plain), 0);
    }
    let options: Vec<SmallVec<[RouteId; 4]>> = p
        .stations
        .iter()
        .map(|&city| station_options(state, seat, &mut base, city))
        .collect();
    // Borrowing only adds connections, so tickets completed without stations
    // stay completed: only the others need checking.
    let failing: SmallVec<[usize; 8]> = (0..plain.len()).filter(|&i| !plain[i]).collect();
    let parts = Parts::new(board, &mut base, p, &options, &failing);
    // Stations and tickets that cannot reach each other's parts are
    // independent problems: each is searched alone and the choices combined
    // (the best of a sum of independent parts is the sum of their bests, and
    // so is the first best in the stations' order).
    let mut choice = vec![0u16; options.len()];
    let mut visits = 0;
    // One memory for every part's search, emptied in between, so that it
    // grows once.
    let mut memo = HashMap::default();
    for part in parts.split() {
        memo.clear();
        let mut search = Search {
            parts: &part,
            memo: &mut memo,
            visits: 0,
        };
        let best = search.best(options.len(), &mut Partition::new(parts.count));
        visits += search.visits;
        for (k, &c) in best.choice.iter().enumerate() {
            if !part.links[k].is_empty() {
                choice[k] = c;
            }
        }
    }
    if choice.iter().all(|&c| c == 0) {
        return ((Vec::new(), plain), visits);
    }
    let mut end = Partition::new(parts.count);
    let mut borrowed = Vec::new();
    for (k, &c) in choice.iter().enumerate() {
        if c > 0 {
            let c = usize::from(c);
            borrowed.push((p.stations[k], options[k][c - 1]));
            let (a, b) = parts.links[k][c - 1];
            end.join(a, b);
        }
    }
    let mut done = plain;
    for (j, t) in parts.tickets.iter().enumerate() {
        if t.joined(&mut end) {
            done[failing[j]] = true;
        }
    }
    ((borrowed, done), visits)
}

/// A union–find over the parts of [`Parts`], inline for the usual few
/// dozen parts: the search copies it at every step.
#[derive(Clone)]
struct Partition(SmallVec<[u16; 32]>);

impl Partition {
    fn new(count: usize) -> Self {
        Partition((0..count as u16).collect())
    }

    fn find(&mut self, mut x: u16) -> u16 {
        while self.0[usize::from(x)] != x {
            let p = self.0[usize::from(x)];
            self.0[usize::from(x)] = self.0[usize::from(p)];
            x = p;
        }
        x
    }

    /// Joins the parts of `a` and `b`; false when they were joined already.
    fn join(&mut self, a: u16, b: u16) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        self.0[usize::from(a)] = b;
        true
    }

    /// How the partition groups `live` (sorted): each live part's block,
    /// the blocks numbered in order of first appearance.
    fn key(&mut self, live: &[u16]) -> Key {
        let mut roots: SmallVec<[u16; 32]> = SmallVec::new();
        live.iter()
            .map(|&x| {
                let r = self.find(x);
                match roots.iter().position(|&y| y == r) {
                    Some(i) => i as u16,
                    None => {
                        roots.push(r);
                        (roots.len() - 1) as u16
                    }
                }
            })
            .chain(live.iter().copied())
            .collect()
    }
}

/// The parts (connected pieces) of a player's own network that the station
/// options and the failing tickets touch, numbered from 0, each route end at
/// a dead end (a country location) being a part of its own: a choice of
/// borrowed routes joins parts, and a ticket is completed when a part one of
/// its ends reaches is joined to a part the other reaches.
struct Parts {
    /// Per station, per option: the two parts the route joins.
    links: Vec<SmallVec<[(u16, u16); 4]>>,
    /// Per failing ticket, in order.
    tickets: Vec<PartTicket>,
    /// How many parts there are.
    count: usize,
}

/// A failing ticket as parts: what each end reaches and what completing it
/// gains (its points twice: from lost to won).
struct PartTicket {
    from: SmallVec<[u16; 4]>,
    to: SmallVec<[u16; 4]>,
    gain: i32,
}

impl PartTicket {
    fn joined(&self, parts: &mut Partition) -> bool {
        self.from
            .iter()
            .any(|&a| self.to.iter().any(|&b| parts.find(a) == parts.find(b)))
    }
}

impl Parts {
    fn new(
        board: &Board,
        base: &mut Network,
        p: &Player,
        options: &[SmallVec<[RouteId; 4]>],
        failing: &[usize],
    ) -> Parts {
        // Each root's part number, given in the order the roots are met:
        // a flat table over the network's nodes.
        let mut ids: SmallVec<[u16; 64]> = smallvec::smallvec![u16::MAX; base.parent.len()];
        let mut count = 0;
        let mut part = |base: &mut Network, node: u32| -> u16 {
            let id = &mut ids[base.find(node) as usize];
            if *id == u16::MAX {
                *id = count;
                count += 1;
            }
            *id
        };
        let links = options
            .iter()
            .map(|opts| {
                opts.iter()
                    .map(|&r| {
                        let route = board.route(r);
                        let a = base.end_node(board, r, route.from);
                        let b = base.end_node(board, r, route.to);
                        (part(base, a), part(base, b))
                    })
                    .collect()
            })
            .collect();
        // A dead end is reached through the ends of the routes into it: the
        // owner's and those the stations may borrow.
        let borrowable: Vec<RouteId> = options.iter().flatten().copied().collect();
        let mut reach = |base: &mut Network, place: Place| -> SmallVec<[u16; 4]> {
            match place {
                Place::City(c) if !board.is_dead_end(c) => {
                    smallvec::smallvec![part(base, u32::from(c.0))]
                }
                _ => {
                    let mut out = SmallVec::new();
                    for &r in p.routes.iter().chain(&borrowable) {
                        let route = board.route(r);
                        for end in [route.from, route.to] {
                            if board.is_dead_end(end) && board.reaches(end, place) {
                                let node = base.end_node(board, r, end);
                                out.push(part(base, node));
                            }
                        }
                    }
                    out
                }
            }
        };
        let tickets = failing
            .iter()
            .map(|&i| {
                let t = board.ticket(p.tickets[i]);
                PartTicket {
                    from: reach(base, t.from),
                    to: reach(base, t.to),
                    gain: 2 * t.points,
                }
            })
            .collect();
        Parts {
            links,
            tickets,
            count: usize::from(count),
        }
    }

    /// The independent problems: the stations and tickets of each group of
    /// parts that the options could join (the groups that one ticket's ends
    /// reach taken together), tickets no choice can complete left out.
    fn split(&self) -> Vec<Parts> {
        let mut reach = Partition::new(self.count);
        for &(a, b) in self.links.iter().flatten() {
            reach.join(a, b);
        }
        let tickets: Vec<&PartTicket> = self
            .tickets
            .iter()
            .filter(|t| t.joined(&mut reach))
            .collect();
        for t in &tickets {
            let mut ends = t.from.iter().chain(&t.to);
            if let Some(&first) = ends.next() {
                for &x in ends {
                    reach.join(first, x);
                }
            }
        }
        let mut roots: Vec<u16> = Vec::new();
        for links in &self.links {
            if let Some(&(a, _)) = links.first() {
                let r = reach.find(a);
                if !roots.contains(&r) {
                    roots.push(r);
                }
            }
        }
        roots
            .into_iter()
            .map(|root| Parts {
                links: self
                    .links
                    .iter()
                    .map(|l| match l.first() {
                        Some(&(a, _)) if reach.find(a) == root => l.clone(),
                        _ => SmallVec::new(),
                    })
                    .collect(),
                tickets: tickets
                    .iter()
                    .filter(|t| t.from.first().is_some_and(|&a| reach.find(a) == root))
                    .map(|t| PartTicket {
                        from: t.from.clone(),
                        to: t.to.clone(),
                        gain: t.gain,
                    })
                    .collect(),
                count: self.count,
            })
            .collect()
    }

    /// What the failing tickets joined in `parts` gain.
    fn gain(&self, parts: &mut Partition) -> i32 {
        self.tickets
            .iter()
            .filter(|t| t.joined(parts))
            .map(|t| t.gain)
            .sum()
    }
}

/// How a partition groups the live parts (see [`Partition::key`]),
/// inline when short: the search makes one at every step.
type Key = SmallVec<[u16; 32]>;

/// Each station's choice (0: none, `c`: option `c`), inline for the
/// usual few stations.
type Choice = SmallVec<[u16; 8]>;

/// The best completion of a choice: what it gains, how many stations it
/// uses, and the choice of each station below (0: none, `c`: option `c`).
#[derive(Clone)]
struct Best {
    gain: i32,
    used: u32,
    choice: Choice,
}

/// The search over stations with memory of (stations left, partition).
struct Search<'a> {
    parts: &'a Parts,
    memo: &'a mut HashMap<(usize, Key), Best>,
    /// Positions visited (what the search costs).
    visits: usize,
}

impl Search<'_> {
    /// The best choice for stations `0..k` given the partition so far: the
    /// most gain beyond what `parts` has joined already, then the fewest
    /// stations, then the first with the higher stations' choices smallest.
    ///
    /// What stations `0..k` can still do depends only on how `parts` groups
    /// the live parts: the ends of those stations' options and of the
    /// tickets not yet joined that they could still join. That grouping,
    /// not the whole partition, is what the search remembers.
    fn best(&mut self, k: usize, parts: &mut Partition) -> Best {
        self.visits += 1;
        let none = |k: usize| Best {
            gain: 0,
            used: 0,
            choice: smallvec::smallvec![0; k],
        };
        if k == 0 {
            return none(k);
        }
        // Everything stations 0..k could join, to find the tickets still open.
        let mut reach = parts.clone();
        for links in &self.parts.links[..k] {
            for &(a, b) in links {
                reach.join(a, b);
            }
        }
        let mut live: SmallVec<[u16; 32]> = SmallVec::new();
        for t in &self.parts.tickets {
            if !t.joined(parts) && t.joined(&mut reach) {
                live.extend(t.from.iter().chain(&t.to).copied());
            }
        }
        if live.is_empty() {
            return none(k);
        }
        live.extend(
            self.parts.links[..k]
                .iter()
                .flatten()
                .flat_map(|&(a, b)| [a, b]),
        );
        live.sort_unstable();
        live.dedup();
        let key = (k, parts.key(&live));
        if let Some(b) = self.memo.get(&key) {
            return b.clone();
        }
        let before = self.parts.gain(parts);
        let mut best = self.best(k - 1, &mut parts.clone());
        best.choice.push(0);
        for (c, &(a, b)) in self.parts.links[k - 1].iter().enumerate() {
            let mut next = parts.clone();
            if !next.join(a, b) {
                continue;
            }
            let step = self.parts.gain(&mut next) - before;
            let below = self.best(k - 1, &mut next);
            let gain = step + below.gain;
            if gain > best.gain || (gain == best.gain && below.used + 1 < best.used) {
                let mut choice = below.choice;
                choice.push(c as u16 + 1);
                best = Best {
                    gain,
                    used: below.used + 1,
                    choice,
                };
            }
        }
        self.memo.insert(key, best.clone());
        best
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;

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

    /// Every choice of borrowed routes, each judged on a fresh network:
    /// slow and obviously right.
    fn reference_station_use(state: &State, seat: Seat) -> (Vec<(CityId, RouteId)>, Done) {
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
            let game = crate::board_game::BoardGame::new(board, 4).unwrap();
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
