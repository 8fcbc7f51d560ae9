//! The tickets a map could have: every pair of places a ticket may name
//! (cities, and countries as one place each: a location of a country is
//! reached through its country), with the car spaces of its shortest path
//! and the routes along it, and the map's diameter (the longest of those
//! shortest paths). Lengths are what the official decks' points follow.

use std::collections::HashMap;

use formats::GameFile;

use crate::board_game::analysis::{Network, PathFinder, Place};
use crate::rng::GameRng;

/// Pairs measured at most; a larger map's pairs are sampled (from the seed).
pub const MAX_PAIRS: usize = 60_000;

/// A place a ticket may name.
#[derive(Clone, Debug, PartialEq)]
pub struct Spot {
    /// Its name (a city or a country).
    pub name: String,
    /// Routes touching it (a country: its locations').
    pub degree: usize,
}

/// Two places joined by the network.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    /// One end, an index in [`Space::spots`] (the smaller).
    pub a: usize,
    /// The other end.
    pub b: usize,
    /// Car spaces of the shortest path.
    pub length: u32,
    /// The design's routes along one shortest path.
    pub routes: Vec<usize>,
}

/// Every ticket the map could have.
#[derive(Clone, Debug)]
pub struct Space {
    /// The places, cities in file order and then countries.
    pub spots: Vec<Spot>,
    /// The connected pairs (all of them up to [`MAX_PAIRS`]).
    pub pairs: Vec<Pair>,
    /// The longest shortest path among the pairs.
    pub diameter: u32,
    /// The design's routes.
    pub routes: usize,
    /// Whether the pairs are a sample of a larger set.
    pub sampled: bool,
    by_ends: HashMap<(usize, usize), usize>,
    by_name: HashMap<String, usize>,
}

impl Space {
    /// The space of `file`'s map (its tickets play no part); `seed` chooses
    /// the sample of a very large map.
    pub fn of(file: &GameFile, seed: u64) -> Space {
        let net = Network::from_file(file);
        let degrees = net.degrees();
        let mut spots = Vec::new();
        let mut places = Vec::new();
        for (i, c) in net.cities().iter().enumerate() {
            if c.country.is_none() {
                spots.push(Spot {
                    name: c.name.clone(),
                    degree: degrees[i],
                });
                places.push(Place::City(i));
            }
        }
        for (k, name) in net.countries().iter().enumerate() {
            let locations = net.locations(k);
            if !locations.is_empty() {
                spots.push(Spot {
                    name: name.clone(),
                    degree: locations.iter().map(|&c| degrees[c]).sum(),
                });
                places.push(Place::Country(k));
            }
        }
        let n = spots.len();
        let all = n * n.saturating_sub(1) / 2;
        let mut ends: Vec<(usize, usize)> = Vec::with_capacity(all.min(MAX_PAIRS));
        let sampled = all > MAX_PAIRS;
        if sampled {
            let mut rng = GameRng::seeded(crate::rng::mix(seed ^ 0x5A3E_D0C5));
            let mut seen = std::collections::HashSet::new();
            while ends.len() < MAX_PAIRS {
                let (a, b) = (rng.index(n), rng.index(n));
                if a != b && seen.insert((a.min(b), a.max(b))) {
                    ends.push((a.min(b), a.max(b)));
                }
            }
            ends.sort_unstable();
        } else {
            for a in 0..n {
                for b in a + 1..n {
                    ends.push((a, b));
                }
            }
        }
        let mut finder = PathFinder::new(&net);
        let pairs: Vec<Pair> = ends
            .into_iter()
            .filter_map(|(a, b)| {
                let path = finder.path(places[a], places[b])?;
                (path.car_spaces > 0).then_some(Pair {
                    a,
                    b,
                    length: path.car_spaces,
                    routes: path.routes,
                })
            })
            .collect();
        let diameter = pairs.iter().map(|p| p.length).max().unwrap_or(0);
        let by_ends = pairs
            .iter()
            .enumerate()
            .map(|(i, p)| ((p.a, p.b), i))
            .collect();
        let by_name = spots
            .iter()
            .enumerate()
            .map(|(i, s)| (s.name.clone(), i))
            .collect();
        Space {
            spots,
            pairs,
            diameter,
            routes: file.routes.len(),
            sampled,
            by_ends,
            by_name,
        }
    }

    /// The place named `name`.
    pub fn spot(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The pair joining two places (either order).
    pub fn pair(&self, a: usize, b: usize) -> Option<usize> {
        self.by_ends.get(&(a.min(b), a.max(b))).copied()
    }

    /// The pair a ticket from `from` to `to` names.
    pub fn pair_named(&self, from: &str, to: &str) -> Option<usize> {
        self.pair(self.spot(from)?, self.spot(to)?)
    }

    /// A pair's ends by name, `From - To`.
    pub fn name(&self, pair: usize) -> String {
        let p = &self.pairs[pair];
        format!("{} - {}", self.spots[p.a].name, self.spots[p.b].name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_connected_pair_is_measured_and_countries_are_one_place() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/heart-of-africa-rules.yaml");
        let file = formats::load(&path).unwrap().design;
        let space = Space::of(&file, 1);
        let madagascar = space.spot("Madagascar").expect("the country is a place");
        assert!(
            file.cities
                .iter()
                .filter(|c| c.country.is_some())
                .all(|c| space.spot(&c.name).is_none()),
            "a location is reached through its country"
        );
        let n = space.spots.len();
        assert_eq!(space.pairs.len(), n * (n - 1) / 2, "the map is connected");
        assert!(!space.sampled);
        let cairo = space.spot("Cairo").unwrap();
        let p = &space.pairs[space.pair(madagascar, cairo).unwrap()];
        assert_eq!(
            Some(p.length),
            crate::board_game::analysis::shortest_path(&file, "Madagascar", "Cairo")
                .map(|p| p.car_spaces)
        );
        assert!(space.pairs.iter().all(|p| p.length <= space.diameter));
    }
}
