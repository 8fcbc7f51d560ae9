//! What the other players most likely need, inferred only from what the table
//! shows: each rival's claimed routes and how many tickets it holds (never
//! its tickets or hand). A rival whose routes form separate pieces is
//! probably joining them: the cheapest open path between one piece and the
//! nearest other piece (over open routes and the rival's own) is what it
//! needs, each open route on it sharing the rival's weight — more tickets
//! held, more weight. `blocker` claims the routes with the most weight.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::board::{CityId, RouteId};
use crate::board_game::Observation;
use crate::game::{Observation as _, Seat};

/// Gaps longer than this many trains are not taken as a rival's plan.
const MAX_GAP_TRAINS: u32 = 8;
/// At most this many of a rival's pieces are looked at (its largest).
const MAX_PIECES: usize = 6;

/// The rivals' likely needs, per route, cached until a route is claimed or a
/// rival's ticket count changes.
#[derive(Clone, Debug, Default)]
pub struct RivalNeeds {
    key: Option<(usize, usize)>,
    /// How strongly the rivals need each route (0: no sign of it): the sum
    /// over rivals of their weight divided by the open routes of the gap.
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
    /// another of its pieces; its open routes share `weight`.
    fn bridge(&mut self, obs: &Observation<'_>, rival: Seat, root: u16, weight: f32) {
        let board = obs.board();
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
        let mut end = None;
        while let Some(Reverse((d, c))) = self.heap.pop() {
            let ci = usize::from(c);
            if d > self.dist[ci] {
                continue;
            }
            if self.piece[ci] != u16::MAX && self.piece[ci] != root {
                end = Some(ci);
                break;
            }
            if d > MAX_GAP_TRAINS {
                break;
            }
            for &r in board.routes_at(CityId(c)) {
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
        let Some(mut c) = end else { return };
        if self.dist[c] > MAX_GAP_TRAINS {
            return;
        }
        let mut open: smallvec::SmallVec<[RouteId; 8]> = smallvec::SmallVec::new();
        while self.dist[c] > 0 {
            let r = RouteId::from_index(self.via[c] as usize);
            if obs.owner(r).is_none() {
                open.push(r);
            }
            c = board.route(r).other_end(CityId(c as u16)).index();
        }
        let share = weight / open.len().max(1) as f32;
        for r in open {
            self.threat[r.index()] += share;
        }
    }
}
