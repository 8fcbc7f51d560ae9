//! The derived data the studio shows but does not own: shortest paths for
//! ticket points and the design statistics. Every call goes through this one
//! module so that the studio has a single seam to the engine's analysis.
//!
//! Interim: `engine::analysis` (shortest paths) and `engine::stats::DesignStats`
//! are being written on another branch. Until they land, [`shortest_path`]
//! runs a plain Dijkstra over the validated [`Board`] (honouring the board's
//! dead ends) and [`design_stats`] counts the design's lists; both are to be
//! replaced by the engine's functions with the same meaning.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use engine::Board;
use engine::board::{CityId, Place};
use formats::GameFile;

/// A shortest connection between two places.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathSummary {
    /// Car spaces along it (the rulebook's ticket value).
    pub spaces: u32,
    /// The routes it takes (design indices).
    pub routes: Vec<usize>,
    /// The cities it passes, ends included (design indices).
    pub cities: Vec<usize>,
}

fn place(board: &Board, name: &str) -> Option<Place> {
    if let Some(c) = board.city_by_name(name) {
        return Some(Place::City(c));
    }
    board
        .countries()
        .iter()
        .position(|c| c.name == name)
        .map(|i| Place::Country(engine::board::CountryId::from_index(i)))
}

/// The shortest connection (in car spaces) between two places, or `None` when
/// they are not connected or unknown.
pub fn shortest_path(board: &Board, from: &str, to: &str) -> Option<PathSummary> {
    let (from, to) = (place(board, from)?, place(board, to)?);
    let n = board.cities().len();
    let mut dist = vec![u32::MAX; n];
    let mut prev: Vec<Option<(usize, usize)>> = vec![None; n];
    let mut heap = BinaryHeap::new();
    for (i, _) in board.cities().iter().enumerate() {
        if board.reaches(CityId::from_index(i), from) {
            dist[i] = 0;
            heap.push(Reverse((0u32, i)));
        }
    }
    let mut goal = None;
    while let Some(Reverse((d, c))) = heap.pop() {
        if d > dist[c] {
            continue;
        }
        let id = CityId::from_index(c);
        if board.reaches(id, to) {
            goal = Some(c);
            break;
        }
        if d > 0 && board.is_dead_end(id) {
            continue;
        }
        for &r in board.routes_at(id) {
            let route = board.route(r);
            let next = route.other_end(id).index();
            let nd = d + u32::from(route.length);
            if nd < dist[next] {
                dist[next] = nd;
                prev[next] = Some((c, r.index()));
                heap.push(Reverse((nd, next)));
            }
        }
    }
    let goal = goal?;
    let mut routes = Vec::new();
    let mut cities = vec![goal];
    let mut at = goal;
    while let Some((p, r)) = prev[at] {
        routes.push(r);
        cities.push(p);
        at = p;
    }
    routes.reverse();
    cities.reverse();
    Some(PathSummary {
        spaces: dist[goal],
        routes,
        cities,
    })
}

/// Ticket points suggested for a connection: its length in car spaces, as
/// the rulebook tickets are valued.
pub fn suggested_points(path: &PathSummary) -> u32 {
    path.spaces.max(1)
}

/// The numbers of the Statistics panel.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DesignStats {
    /// Per route colour (`gray` included): routes by length, and car spaces.
    pub colors: Vec<ColorStats>,
    /// Every length that occurs, ascending.
    pub lengths: Vec<u32>,
    /// Tickets by points.
    pub ticket_points: BTreeMap<u32, usize>,
    /// Cities by how many routes touch them.
    pub degrees: BTreeMap<usize, usize>,
}

/// One colour's routes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ColorStats {
    /// The colour's name.
    pub color: String,
    /// Routes by length.
    pub by_length: BTreeMap<u32, usize>,
    /// Car spaces of this colour.
    pub spaces: u32,
}

/// Counts a design's routes by colour and length, its tickets by points and
/// its cities by degree.
pub fn design_stats(design: &GameFile) -> DesignStats {
    let mut colors: BTreeMap<&str, ColorStats> = BTreeMap::new();
    let mut lengths = std::collections::BTreeSet::new();
    for r in &design.routes {
        let e = colors.entry(&r.color).or_insert_with(|| ColorStats {
            color: r.color.clone(),
            ..ColorStats::default()
        });
        *e.by_length.entry(r.length).or_default() += 1;
        e.spaces += r.length;
        lengths.insert(r.length);
    }
    let mut ticket_points = BTreeMap::new();
    for t in &design.tickets {
        *ticket_points.entry(t.points).or_default() += 1;
    }
    let mut degree: BTreeMap<&str, usize> =
        design.cities.iter().map(|c| (c.name.as_str(), 0)).collect();
    for r in &design.routes {
        for end in [&r.from, &r.to] {
            if let Some(d) = degree.get_mut(end.as_str()) {
                *d += 1;
            }
        }
    }
    let mut degrees = BTreeMap::new();
    for d in degree.values() {
        *degrees.entry(*d).or_default() += 1;
    }
    DesignStats {
        colors: colors.into_values().collect(),
        lengths: lengths.into_iter().collect(),
        ticket_points,
        degrees,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usa() -> GameFile {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../maps/usa.yaml");
        formats::load(std::path::Path::new(path)).unwrap().design
    }

    #[test]
    fn rulebook_tickets_match_their_shortest_paths() {
        let d = usa();
        let board = Board::build(&d).unwrap();
        let p = shortest_path(&board, "Denver", "El Paso").unwrap();
        assert_eq!(suggested_points(&p), 4);
        assert_eq!(p.cities.len(), p.routes.len() + 1);
        let p = shortest_path(&board, "Los Angeles", "New York").unwrap();
        assert_eq!(p.spaces, 20);
        assert!(shortest_path(&board, "Denver", "Atlantis").is_none());
    }

    #[test]
    fn stats_count_colours_lengths_and_degrees() {
        let s = design_stats(&usa());
        let spaces: u32 = s.colors.iter().map(|c| c.spaces).sum();
        assert!(spaces > 200, "{spaces}");
        assert_eq!(s.degrees.values().sum::<usize>(), 36);
        assert_eq!(s.ticket_points.values().sum::<usize>(), 30);
    }
}
