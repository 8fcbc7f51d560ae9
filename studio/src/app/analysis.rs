//! The derived data the studio shows but does not own: shortest paths for
//! ticket points and the design statistics, both computed by the engine
//! (`engine::board_game::analysis`, `engine::board_game::stats`). This module is the studio's one seam
//! to them; it keeps the engine's lenient network of the current document
//! version, so paths are found even while the design has errors elsewhere.

use std::cell::RefCell;

use engine::board_game::analysis::Network;
use engine::board_game::stats::DesignStats;
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

thread_local! {
    /// The network of the last document version asked about.
    static NETWORK: RefCell<Option<(u64, Network)>> = const { RefCell::new(None) };
}

/// The shortest connection (in car spaces) between two places of `design`
/// (whose version is `generation`), or `None` when they are not connected or
/// unknown.
pub fn shortest_path(
    design: &GameFile,
    generation: u64,
    from: &str,
    to: &str,
) -> Option<PathSummary> {
    NETWORK.with(|cell| {
        let mut cache = cell.borrow_mut();
        if cache.as_ref().is_none_or(|(g, _)| *g != generation) {
            *cache = Some((generation, Network::from_file(design)));
        }
        let (_, net) = cache.as_ref()?;
        let path = net.shortest_path(from, to)?;
        let mut cities = Vec::with_capacity(path.routes.len() + 1);
        for &r in &path.routes {
            if let Some(route) = net.routes().iter().find(|x| x.index == r) {
                for c in [route.from, route.to] {
                    if !cities.contains(&c) {
                        cities.push(c);
                    }
                }
            }
        }
        Some(PathSummary {
            spaces: path.car_spaces,
            routes: path.routes,
            cities,
        })
    })
}

/// Ticket points suggested for a connection: its length in car spaces, as
/// the rulebook tickets are valued.
pub fn suggested_points(path: &PathSummary) -> u32 {
    path.spaces.max(1)
}

/// The numbers of the Statistics panel.
pub fn design_stats(design: &GameFile) -> DesignStats {
    DesignStats::from_file(design)
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
        let p = shortest_path(&d, 1, "Denver", "El Paso").unwrap();
        assert_eq!(suggested_points(&p), 4);
        assert_eq!(p.cities.len(), p.routes.len() + 1);
        let p = shortest_path(&d, 1, "Los Angeles", "New York").unwrap();
        assert_eq!(p.spaces, 20);
        assert!(shortest_path(&d, 1, "Denver", "Atlantis").is_none());
    }

    #[test]
    fn stats_count_colours_lengths_and_degrees() {
        let s = design_stats(&usa());
        let spaces: u32 = s.colors.iter().map(|c| c.car_spaces).sum();
        assert_eq!(spaces, 309);
        assert_eq!(s.degree_histogram.values().sum::<usize>(), 36);
        assert_eq!(s.tickets.points_histogram.values().sum::<usize>(), 30);
    }
}
