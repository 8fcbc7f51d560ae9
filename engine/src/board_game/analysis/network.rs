//! The lenient network: the cities, routes and tickets of a design that make
//! sense, as a directed graph in which the locations of countries are dead ends.

use std::collections::HashMap;
use std::sync::OnceLock;

use formats::{GameFile, Point};
use petgraph::csr::Csr;

use super::landmarks::Landmarks;
use crate::board_game::board::{Board, Place as BoardPlace};

/// A place a ticket can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// One city, by its index in the design's `cities`.
    City(usize),
    /// Any location of a country, by its index in [`Network::countries`].
    Country(usize),
}

/// A city of the network (every city of the design, in file order).
#[derive(Clone, Debug, PartialEq)]
pub struct NetCity {
    /// Its name.
    pub name: String,
    /// Where it is drawn.
    pub pos: Point,
    /// The country it is a location of; such a city is a dead end.
    pub country: Option<usize>,
}

/// A route whose ends are two different known cities.
#[derive(Clone, Debug, PartialEq)]
pub struct NetRoute {
    /// Its index in the design's `routes`.
    pub index: usize,
    /// One end (a city index).
    pub from: usize,
    /// The other end (a city index).
    pub to: usize,
    /// Car spaces (at most [`NetRoute::MAX_LENGTH`]).
    pub length: u32,
    /// Its colour as written (`gray` for any colour).
    pub color: String,
    /// A tunnel.
    pub tunnel: bool,
    /// Locomotives a ferry needs; 0 for other routes.
    pub ferry: u32,
}

impl NetRoute {
    /// The longest length the analysis counts. Longer routes are errors
    /// anyway (TL005: no scoring table scores them); capping them keeps every
    /// sum of lengths in range, however long the file says they are.
    pub const MAX_LENGTH: u32 = 1000;

    /// The unordered city pair it joins, smaller index first.
    pub fn pair(&self) -> (usize, usize) {
        (self.from.min(self.to), self.from.max(self.to))
    }
}

/// A ticket whose two ends are different known places.
#[derive(Clone, Debug, PartialEq)]
pub struct NetTicket {
    /// Its index in the design's `tickets`.
    pub index: usize,
    /// One end.
    pub from: Place,
    /// The other end.
    pub to: Place,
    /// Its points.
    pub points: u32,
    /// A long ticket.
    pub long: bool,
}

/// A design's network, built leniently: routes whose ends do not name two
/// different cities, and tickets whose ends do not name two different places,
/// are left out, so the analysis works on the valid part of a broken design.
///
/// Travel follows RULES.md §3: a city that is a location of a country is a dead
/// end, a path may start or end there but never pass through it; a path to a
/// country ends at any of its locations.
#[derive(Clone, Debug)]
pub struct Network {
    cities: Vec<NetCity>,
    countries: Vec<String>,
    locations: Vec<Vec<usize>>,
    routes: Vec<NetRoute>,
    tickets: Vec<NetTicket>,
    colors: Vec<String>,
    city_by_name: HashMap<String, usize>,
    country_by_name: HashMap<String, usize>,
    /// Nodes `0..cities.len()` are the cities; then one departure node per city
    /// (a dead end's own node has no way out, its departure node does); then
    /// one node per country. Parallel tracks are one edge, the shortest.
    pub(super) graph: Csr<(), Step>,
    /// A lower bound on the car spaces needed per millimetre of straight-line
    /// distance between two cities, for the A* heuristic.
    pub(super) spaces_per_mm: f64,
    /// Landmark distances for the A* lower bound, measured on first use.
    landmarks: OnceLock<Landmarks>,
    /// Parallel routes, grouped on first use.
    groups: OnceLock<Vec<Vec<usize>>>,
}

/// One edge of the network's graph: a route's length and its index in
/// [`Network::routes`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Step {
    pub length: u32,
    pub route: u32,
}

impl Network {
    /// The network of a design file, however broken.
    pub fn from_file(file: &GameFile) -> Network {
        let mut country_by_name: HashMap<String, usize> = HashMap::new();
        let mut countries: Vec<String> = Vec::new();
        let mut country = |name: &str| -> usize {
            if let Some(&k) = country_by_name.get(name) {
                return k;
            }
            countries.push(name.to_owned());
            country_by_name.insert(name.to_owned(), countries.len() - 1);
            countries.len() - 1
        };
        for c in &file.countries {
            country(&c.name);
        }
        let cities: Vec<NetCity> = file
            .cities
            .iter()
            .map(|c| NetCity {
                name: c.name.clone(),
                pos: c.pos(),
                country: c.country.as_deref().map(&mut country),
            })
            .collect();
        let mut city_by_name = HashMap::with_capacity(cities.len());
        for (i, c) in cities.iter().enumerate() {
            city_by_name.entry(c.name.clone()).or_insert(i);
        }
        let routes = file
            .routes
            .iter()
            .enumerate()
            .filter_map(|(index, r)| {
                let from = *city_by_name.get(&r.from)?;
                let to = *city_by_name.get(&r.to)?;
                (from != to && r.length > 0).then(|| NetRoute {
                    index,
                    from,
                    to,
                    length: r.length.min(NetRoute::MAX_LENGTH),
                    color: r.color.clone(),
                    tunnel: r.tunnel,
                    ferry: r.ferry,
                })
            })
            .collect();
        let place = |name: &str| {
            city_by_name
                .get(name)
                .map(|&c| Place::City(c))
                .or_else(|| country_by_name.get(name).map(|&k| Place::Country(k)))
        };
        let tickets = file
            .tickets
            .iter()
            .enumerate()
            .filter_map(|(index, t)| {
                let (from, to) = (place(&t.from)?, place(&t.to)?);
                (from != to).then_some(NetTicket {
                    index,
                    from,
                    to,
                    points: t.points,
                    long: t.long,
                })
            })
            .collect();
        let colors = match formats::board_game::rules::resolve(&file.rules, &file.cards) {
            Ok((_, deck)) => deck.colors_in_play(),
            Err(_) => Vec::new(),
        };
        Network::assemble(
            cities,
            countries,
            country_by_name,
            city_by_name,
            routes,
            tickets,
            colors,
        )
    }

    /// The network of a built board (every route and ticket is valid there).
    pub fn from_board(board: &Board) -> Network {
        let countries: Vec<String> = board.countries().iter().map(|c| c.name.clone()).collect();
        let country_by_name = countries
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i))
            .collect();
        let cities: Vec<NetCity> = board
            .cities()
            .iter()
            .map(|c| NetCity {
                name: c.name.clone(),
                pos: c.pos,
                country: c.country.map(|k| k.index()),
            })
            .collect();
        let city_by_name = cities
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.clone(), i))
            .collect();
        let routes = board
            .routes()
            .iter()
            .enumerate()
            .map(|(index, r)| NetRoute {
                index,
                from: r.from.index(),
                to: r.to.index(),
                length: u32::from(r.length),
                color: board.route_color_name(r.color).to_owned(),
                tunnel: r.tunnel,
                ferry: u32::from(r.ferry),
            })
            .collect();
        let place = |p: BoardPlace| match p {
            BoardPlace::City(c) => Place::City(c.index()),
            BoardPlace::Country(k) => Place::Country(k.index()),
        };
        let tickets = board
            .tickets()
            .iter()
            .enumerate()
            .map(|(index, t)| NetTicket {
                index,
                from: place(t.from),
                to: place(t.to),
                points: u32::try_from(t.points).unwrap_or(0),
                long: t.long,
            })
            .collect();
        let colors = board.colors().iter().map(|c| c.name.clone()).collect();
        Network::assemble(
            cities,
            countries,
            country_by_name,
            city_by_name,
            routes,
            tickets,
            colors,
        )
    }

    fn assemble(
        cities: Vec<NetCity>,
        countries: Vec<String>,
        country_by_name: HashMap<String, usize>,
        city_by_name: HashMap<String, usize>,
        routes: Vec<NetRoute>,
        tickets: Vec<NetTicket>,
        colors: Vec<String>,
    ) -> Network {
        let n = cities.len();
        let mut locations = vec![Vec::new(); countries.len()];
        for (i, c) in cities.iter().enumerate() {
            if let Some(k) = c.country {
                locations[k].push(i);
            }
        }
        let node_count = 2 * n + countries.len();
        let mut edges: Vec<(u32, u32, Step)> = Vec::with_capacity(4 * routes.len());
        for (w, r) in routes.iter().enumerate() {
            let step = Step {
                length: r.length,
                route: w as u32,
            };
            for (a, b) in [(r.from, r.to), (r.to, r.from)] {
                // A path passes through `a` only if it is not a dead end; a path
                // may always leave from `a` (its departure node) or its country.
                let through = match cities[a].country {
                    None => a,
                    Some(k) => 2 * n + k,
                };
                edges.push((through as u32, b as u32, step));
                edges.push(((n + a) as u32, b as u32, step));
            }
        }
        edges.sort_unstable();
        edges.dedup_by_key(|&mut (a, b, _)| (a, b));
        let mut graph: Csr<(), Step> =
            Csr::from_sorted_edges(&edges).unwrap_or_else(|_| Csr::with_nodes(0));
        while graph.node_count() < node_count {
            graph.add_node(());
        }
        let spaces_per_mm = routes
            .iter()
            .filter_map(|r| {
                let (a, b) = (cities[r.from].pos, cities[r.to].pos);
                let mm = f64::from(a.x - b.x).hypot(f64::from(a.y - b.y));
                (mm > 0.0).then(|| f64::from(r.length) / mm)
            })
            .fold(f64::INFINITY, f64::min);
        let spaces_per_mm = if spaces_per_mm.is_finite() {
            spaces_per_mm
        } else {
            0.0
        };
        Network {
            cities,
            countries,
            locations,
            routes,
            tickets,
            colors,
            city_by_name,
            country_by_name,
            graph,
            spaces_per_mm,
            landmarks: OnceLock::new(),
            groups: OnceLock::new(),
        }
    }

    /// Every city of the design, in file order.
    pub fn cities(&self) -> &[NetCity] {
        &self.cities
    }

    /// Country names: the declared ones, then any a city names without
    /// declaring it.
    pub fn countries(&self) -> &[String] {
        &self.countries
    }

    /// The locations (city indices) of a country.
    pub fn locations(&self, country: usize) -> &[usize] {
        &self.locations[country]
    }

    /// The routes that join two different known cities.
    pub fn routes(&self) -> &[NetRoute] {
        &self.routes
    }

    /// The tickets between two different known places.
    pub fn tickets(&self) -> &[NetTicket] {
        &self.tickets
    }

    /// The deck's colours in play (with at least one card) in order, when the
    /// rules resolve (empty otherwise).
    pub fn deck_colors(&self) -> &[String] {
        &self.colors
    }

    /// Is the city a location of a country (a dead end)?
    pub fn is_dead_end(&self, city: usize) -> bool {
        self.cities[city].country.is_some()
    }

    /// The place a city or country name means (cities first).
    pub fn place(&self, name: &str) -> Option<Place> {
        self.city_by_name
            .get(name)
            .map(|&c| Place::City(c))
            .or_else(|| self.country_by_name.get(name).map(|&k| Place::Country(k)))
    }

    /// A place's name.
    pub fn place_name(&self, p: Place) -> &str {
        match p {
            Place::City(c) => &self.cities[c].name,
            Place::Country(k) => &self.countries[k],
        }
    }

    /// Does reaching `city` reach `place`?
    pub fn reaches(&self, city: usize, place: Place) -> bool {
        match place {
            Place::City(c) => c == city,
            Place::Country(k) => self.cities[city].country == Some(k),
        }
    }

    /// Landmark distances (measured on first use).
    pub(super) fn landmarks(&self) -> &Landmarks {
        self.landmarks.get_or_init(|| {
            Landmarks::choose(&self.graph, self.cities.len(), |c| self.is_dead_end(c))
        })
    }

    /// The graph node a path from a place starts at.
    pub(super) fn start_node(&self, p: Place) -> u32 {
        let n = self.cities.len();
        let node = match p {
            Place::City(c) if self.cities[c].country.is_some() => n + c,
            Place::City(c) => c,
            Place::Country(k) => 2 * n + k,
        };
        node as u32
    }

    /// Route count at each city (parallel tracks counted one by one).
    pub fn degrees(&self) -> Vec<usize> {
        let mut d = vec![0; self.cities.len()];
        for r in &self.routes {
            d[r.from] += 1;
            d[r.to] += 1;
        }
        d
    }

    /// The routes grouped by the unordered city pair they join, pairs in order of
    /// their first route; each group lists indices into [`Network::routes`].
    pub fn parallel_groups(&self) -> &[Vec<usize>] {
        self.groups.get_or_init(|| {
            let mut group_of: HashMap<(usize, usize), usize> = HashMap::new();
            let mut groups: Vec<Vec<usize>> = Vec::new();
            for (i, r) in self.routes.iter().enumerate() {
                let g = *group_of.entry(r.pair()).or_insert_with(|| {
                    groups.push(Vec::new());
                    groups.len() - 1
                });
                groups[g].push(i);
            }
            groups
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::test_design as design;

    #[test]
    fn broken_routes_and_tickets_are_left_out() {
        let file = design(
            "cities: [{name: A}, {name: B}, {name: C}]
routes:
  - {from: A, to: B, length: 2, color: red}
  - {from: A, to: Nowhere, length: 2, color: red}
  - {from: C, to: C, length: 1, color: red}
tickets:
  - {from: A, to: B, points: 2}
  - {from: A, to: Atlantis, points: 2}",
        );
        let net = Network::from_file(&file);
        assert_eq!(net.routes().len(), 1);
        assert_eq!(net.tickets().len(), 1);
        assert_eq!(net.deck_colors().len(), 8);
    }

    #[test]
    fn board_and_file_give_the_same_network() {
        let file = design(
            "cities: [{name: A}, {name: B}, {name: M1, country: M}]
countries: [{name: M}]
routes:
  - {from: A, to: B, length: 2, color: red}
  - {from: B, to: M1, length: 3, color: gray}
tickets:
  - {from: A, to: M, points: 5}",
        );
        let board = crate::Board::build(&file).unwrap();
        let (a, b) = (Network::from_file(&file), Network::from_board(&board));
        assert_eq!(a.routes(), b.routes());
        assert_eq!(a.tickets(), b.tickets());
        assert_eq!(a.cities(), b.cities());
        assert!(a.is_dead_end(2));
    }
}
