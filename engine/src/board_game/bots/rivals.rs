//! What the other players most likely need, inferred only from what the table
//! shows: each rival's claimed routes and how many tickets it holds (never
//! its tickets or hand). A rival whose routes form separate pieces is
//! probably joining them: the cheapest open path between one piece and the
//! nearest other piece (over open routes and the rival's own) is what it
//! needs. Each open route on that path is worth as much as taking it away
//! would cost the rival — the detour in trains (a lost connection counts as
//! [`CUT_TRAINS`]) — per [`DETOUR_UNIT`] trains, times the rival's weight
//! (more tickets held, more weight). `blocker` claims the routes worth most.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::board_game::Observation;
use crate::board_game::board::{CityId, RouteId};
use crate::game::{Observation as _, Seat};

/// Gaps longer than this many trains are not taken as a rival's plan.
const MAX_GAP_TRAINS: u32 = 8;
/// At most this many of a rival's pieces are looked at (its largest).
const MAX_PIECES: usize = 6;
/// A detour of this many trains makes a route worth the rival's weight.
const DETOUR_UNIT: f32 = 4.0;
/// What a lost connection counts as, in trains of detour.
pub const CUT_TRAINS: u32 = 8;

/// The rivals' likely needs, per route, cached until a route is claimed or a
/// rival's ticket count changes.
#[derive(Clone, Debug, Default)]
pub struct RivalNeeds {
    key: Option<(usize, usize)>,
    /// How strongly the rivals need each route (0: no sign of it): the sum
    /// over rivals of their weight times the detour the route would cost
    /// them, in units of [`DETOUR_UNIT`] trains.
    pub threat: Vec<f32>,
    parent: Vec<u16>,
    piece: Vec<u16>,
    dist: Vec<u32>,
    via: Vec<u32>,
    heap: BinaryHeap<Reverse<(u32, u16)>>,
    roots: Vec<(usize, u16)>,
}

impl RivalNeeds {
    /// Forgets the cache.
    pub fn invalidate(&mut self) {
        self.key = None;
    }

    fn find(&mut self, c: u16) -> u16 {
        let mut x = c;
        while self.parent[usize::from(x)] != x {
            let up = self.parent[usize::from(x)];
            self.parent[usize::from(x)] = self.parent[usize::from(up)];
            x = up;
        }
        x
    }

    /// Brings [`RivalNeeds::threat`] up to date for the observing player.
    pub fn refresh(&mut self, obs: &Observation<'_>) {
        let me = obs.seat();
        let mut claimed = 0;
        let mut tickets = 0;
        for s in 0..obs.num_players() {
            let p = obs.player(Seat(s as u8));
            claimed += p.routes.len();
            if s != me.index() {
                tickets += p.tickets;
            }
        }
        if self.key == Some((claimed, tickets)) {
            return;
        }
        self.key = Some((claimed, tickets));
        let board = obs.board();
        self.threat.clear();
        self.threat.resize(board.routes().len(), 0.0);
        for s in 0..obs.num_players() {
            if s != me.index() {
                self.add_rival(obs, Seat(s as u8));
            }
        }
    }

    /// Adds one rival's likely needs.
    fn add_rival(&mut self, obs: &Observation<'_>, rival: Seat) {
        let board = obs.board();
        let p = obs.player(rival);
        if p.routes.len() < 2 {
            return;
        }
        let cities = board.cities().len();
        self.parent.clear();
        self.parent.extend(0..cities as u16);
        for &r in p.routes {
            let route = board.route(r);
            let (a, b) = (self.find(route.from.0), self.find(route.to.0));
            if a != b {
                self.parent[usize::from(a)] = b;
            }
        }
        // Each network city's piece (u16::MAX: not in the network), and the
        // pieces by size.
        self.piece.clear();
        self.piece.resize(cities, u16::MAX);
        self.roots.clear();
        for &r in p.routes {
            let route = board.route(r);
            for c in [route.from, route.to] {
                let root = self.find(c.0);
                self.piece[c.index()] = root;
                match self.roots.iter_mut().find(|(_, x)| *x == root) {
                    Some(e) => e.0 += 1,
                    None => self.roots.push((1, root)),
                }
            }
        }
        if self.roots.len() < 2 {
            return;
        }
        self.roots.sort_unstable_by(|a, b| b.cmp(a));
        self.roots.truncate(MAX_PIECES);
        // More tickets held, more routes it needs.
        let weight = 0.5 + 0.25 * p.tickets.min(6) as f32;
        for k in 0..self.roots.len() {
            let root = self.roots[k].1;
            self.bridge(obs, rival, root, weight);
        }
    }

    /// The cheapest open path from piece `root` of `rival`'s network to
    /// another of its pieces; each of its open routes gains `weight` × its
    /// detour ÷ [`DETOUR_UNIT`].
    fn bridge(&mut self, obs: &Observation<'_>, rival: Seat, root: u16, weight: f32) {
        let board = obs.board();
        let Some((cost, mut c)) = self.cheapest(obs, rival, root, None) else {
            return;
        };
        let mut open: smallvec::SmallVec<[RouteId; 8]> = smallvec::SmallVec::new();
        while self.dist[c] > 0 {
            let r = RouteId::from_index(self.via[c] as usize);
            if obs.owner(r).is_none() {
                open.push(r);
            }
            c = board.route(r).other_end(CityId(c as u16)).index();
        }
        for r in open {
            let detour = self
                .cheapest(obs, rival, root, Some(r))
                .map_or(CUT_TRAINS, |(again, _)| (again - cost).min(CUT_TRAINS));
            self.threat[r.index()] += weight * detour as f32 / DETOUR_UNIT;
        }
    }

    /// Dijkstra from piece `root` to the nearest other piece of `rival`
    /// over open routes (their length) and the rival's own (free), without
    /// `without`: the cost and the city reached (paths in `dist`/`via`), or
    /// `None` beyond [`MAX_GAP_TRAINS`] + [`CUT_TRAINS`].
    fn cheapest(
        &mut self,
        obs: &Observation<'_>,
        rival: Seat,
        root: u16,
        without: Option<RouteId>,
    ) -> Option<(u32, usize)> {
        let board = obs.board();
        let limit = MAX_GAP_TRAINS + if without.is_some() { CUT_TRAINS } else { 0 };
        self.dist.clear();
        self.dist.resize(board.cities().len(), u32::MAX);
        self.via.clear();
        self.via.resize(board.cities().len(), u32::MAX);
        self.heap.clear();
        for (c, &pc) in self.piece.iter().enumerate() {
            if pc == root {
                self.dist[c] = 0;
                self.heap.push(Reverse((0, c as u16)));
            }
        }
        while let Some(Reverse((d, c))) = self.heap.pop() {
            let ci = usize::from(c);
            if d > self.dist[ci] {
                continue;
            }
            if d > limit {
                return None;
            }
            if self.piece[ci] != u16::MAX && self.piece[ci] != root {
                return Some((d, ci));
            }
            for &r in board.routes_at(CityId(c)) {
                if Some(r) == without {
                    continue;
                }
                let cost = match obs.owner(r) {
                    Some(o) if o == rival => 0,
                    Some(_) => continue,
                    None => u32::from(board.route(r).length),
                };
                let w = board.route(r).other_end(CityId(c)).index();
                let nd = d + cost;
                if nd < self.dist[w] {
                    self.dist[w] = nd;
                    self.via[w] = u32::from(r.0);
                    self.heap.push(Reverse((nd, w as u16)));
                }
            }
        }
        None
    }
}
