//! Shortest paths in car spaces between places of a [`Network`].
//!
//! petgraph's `dijkstra` keeps its scores in a hash map and records no
//! predecessors; the validator asks for the path of every ticket (a thousand on
//! a large design), so this search keeps flat, reusable buffers over the same
//! petgraph graph and returns the routes it took.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use petgraph::graph::{EdgeIndex, NodeIndex};
use petgraph::visit::EdgeRef;

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
    dist: Vec<u32>,
    pred: Vec<EdgeIndex>,
    seen: Vec<u32>,
    done: Vec<u32>,
    round: u32,
    heap: BinaryHeap<Reverse<(u32, u32)>>,
}

impl<'n> PathFinder<'n> {
    /// A finder for `net`.
    pub fn new(net: &'n Network) -> Self {
        let nodes = net.graph.node_count();
        PathFinder {
            net,
            dist: vec![0; nodes],
            pred: vec![EdgeIndex::end(); nodes],
            seen: vec![0; nodes],
            done: vec![0; nodes],
            round: 0,
            heap: BinaryHeap::new(),
        }
    }

    /// The length of the shortest path between two places, without the path.
    pub fn distance(&mut self, from: Place, to: Place) -> Option<u32> {
        self.search(from, to).map(|(_, d)| d)
    }

    /// The shortest path between two places.
    pub fn path(&mut self, from: Place, to: Place) -> Option<PathInfo> {
        let (end, car_spaces) = self.search(from, to)?;
        let graph = &self.net.graph;
        let start = self.net.start_node(from);
        let mut routes = Vec::new();
        let mut node = end;
        while node != start {
            let e = self.pred[node.index()];
            let (source, _) = graph.edge_endpoints(e)?;
            routes.push(self.net.routes()[graph[e] as usize].index);
            node = source;
        }
        routes.reverse();
        Some(PathInfo { routes, car_spaces })
    }

    /// Dijkstra from `from`'s start node to the first node that reaches `to`.
    fn search(&mut self, from: Place, to: Place) -> Option<(NodeIndex, u32)> {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.seen.fill(0);
            self.done.fill(0);
            self.round = 1;
        }
        let round = self.round;
        let graph = &self.net.graph;
        let routes = self.net.routes();
        let start = self.net.start_node(from);
        self.heap.clear();
        self.dist[start.index()] = 0;
        self.seen[start.index()] = round;
        self.heap.push(Reverse((0, start.index() as u32)));
        while let Some(Reverse((d, n))) = self.heap.pop() {
            let n = n as usize;
            if self.done[n] == round {
                continue;
            }
            self.done[n] = round;
            let node = NodeIndex::new(n);
            if self
                .net
                .city_of_node(node)
                .is_some_and(|c| self.net.reaches(c, to))
            {
                return Some((node, d));
            }
            for e in graph.edges(node) {
                let t = e.target().index();
                if self.done[t] == round {
                    continue;
                }
                let nd = d + routes[*e.weight() as usize].length;
                if self.seen[t] != round || nd < self.dist[t] {
                    self.seen[t] = round;
                    self.dist[t] = nd;
                    self.pred[t] = e.id();
                    self.heap.push(Reverse((nd, t as u32)));
                }
            }
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
    pub fn ticket_distances(&self) -> Vec<Option<u32>> {
        let mut finder = PathFinder::new(self);
        self.tickets()
            .iter()
            .map(|t| finder.distance(t.from, t.to))
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
