//! Final scoring: tickets (with countries and stations), the longest path,
//! Globetrotter, unbuilt stations, and the tie-break order.

use serde::{Deserialize, Serialize};

use smallvec::SmallVec;

use super::longest::longest_path;
use super::state::{Player, State};
use crate::board::{Board, CityId, Place, RouteId, TicketId};
use crate::game::{EndReason, Outcome, Seat};
use formats::rules::TieBreak;

/// One player's final score, component by component.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
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
        if self.dead_ends && board.is_dead_end(city) {
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
type Done = SmallVec<[bool; 16]>;

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
fn best_station_use(state: &State, seat: Seat) -> (Vec<(CityId, RouteId)>, Done) {
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
    let mut best: (Vec<(CityId, RouteId)>, Done) = (Vec::new(), plain);
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
