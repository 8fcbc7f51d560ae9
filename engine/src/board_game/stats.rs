//! Design statistics: how much track of each colour and length, how long the
//! tickets are, how connected the cities are. `tracklayer stats`, the studio and
//! the validator's summary (TL202) all read them from here.

use std::collections::BTreeMap;

use formats::GameFile;
use serde::Serialize;

use crate::board_game::analysis::Network;
use crate::board_game::board::Board;

/// A design's statistics, computed leniently (routes and tickets that do not
/// resolve are left out).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DesignStats {
    /// Cities (country locations included).
    pub cities: usize,
    /// Countries.
    pub countries: usize,
    /// Routes (tracks; a double route counts twice).
    pub routes: usize,
    /// City pairs joined by two or more tracks.
    pub double_pairs: usize,
    /// Tunnels.
    pub tunnels: usize,
    /// Ferries.
    pub ferries: usize,
    /// Car spaces of all routes together.
    pub car_spaces: u32,
    /// The route lengths that occur, ascending: the columns of [`ColorRow::by_length`].
    pub lengths: Vec<u32>,
    /// One row per colour: the deck's colours in order, then `gray`, then any
    /// colour routes use that the deck does not have.
    pub colors: Vec<ColorRow>,
    /// Routes of each length.
    pub routes_by_length: BTreeMap<u32, usize>,
    /// The tickets.
    pub tickets: TicketStats,
    /// Every city with its route count, most connected first.
    pub degrees: Vec<CityDegree>,
    /// How many cities have each number of neighbours.
    pub degree_histogram: BTreeMap<usize, usize>,
}

/// The track of one colour.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ColorRow {
    /// The colour (`gray` for any colour).
    pub color: String,
    /// Routes of this colour.
    pub routes: usize,
    /// Their car spaces together.
    pub car_spaces: u32,
    /// Routes of this colour of each length in [`DesignStats::lengths`].
    pub by_length: Vec<usize>,
}

/// One city's connections.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CityDegree {
    /// The city.
    pub city: String,
    /// Routes touching it (each track of a double counted).
    pub routes: usize,
    /// Different cities it has a route to.
    pub neighbours: usize,
}

/// The tickets and their shortest paths.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TicketStats {
    /// Tickets whose ends name two different places.
    pub count: usize,
    /// Of which long tickets.
    pub long: usize,
    /// How many tickets are worth each number of points.
    pub points_histogram: BTreeMap<u32, usize>,
    /// How many tickets have a shortest path of each length (car spaces).
    pub length_histogram: BTreeMap<u32, usize>,
    /// Every ticket with its shortest path.
    pub lengths: Vec<TicketLength>,
}

/// One ticket's points against its shortest path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TicketLength {
    /// Its index in the design's `tickets`.
    pub ticket: usize,
    /// `From - To`.
    pub name: String,
    /// Its points.
    pub points: u32,
    /// Car spaces of the shortest path between its ends (the points the
    /// official maps would give it); `None` when they are not connected.
    pub shortest: Option<u32>,
}

impl TicketStats {
    /// The fewest and most points of any ticket.
    pub fn points_range(&self) -> Option<(u32, u32)> {
        range(self.lengths.iter().map(|t| t.points))
    }

    /// The shortest and longest shortest path of any connected ticket.
    pub fn length_range(&self) -> Option<(u32, u32)> {
        range(self.lengths.iter().filter_map(|t| t.shortest))
    }
}

fn range(values: impl Iterator<Item = u32>) -> Option<(u32, u32)> {
    values.fold(None, |acc, v| match acc {
        None => Some((v, v)),
        Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
    })
}

impl DesignStats {
    /// The statistics of a design file, however broken.
    pub fn from_file(file: &GameFile) -> DesignStats {
        DesignStats::from_network(&Network::from_file(file))
    }

    /// The statistics of a built board.
    pub fn from_board(board: &Board) -> DesignStats {
        DesignStats::from_network(&Network::from_board(board))
    }

    /// The statistics of a network.
    pub fn from_network(net: &Network) -> DesignStats {
        let routes = net.routes();
        let mut routes_by_length: BTreeMap<u32, usize> = BTreeMap::new();
        for r in routes {
            *routes_by_length.entry(r.length).or_default() += 1;
        }
        let lengths: Vec<u32> = routes_by_length.keys().copied().collect();
        let mut colors: Vec<ColorRow> = net
            .deck_colors()
            .iter()
            .map(String::as_str)
            .chain(["gray"])
            .map(|c| ColorRow {
                color: c.to_owned(),
                routes: 0,
                car_spaces: 0,
                by_length: vec![0; lengths.len()],
            })
            .collect();
        for r in routes {
            let row = match colors.iter().position(|c| c.color == r.color) {
                Some(i) => i,
                None => {
                    colors.push(ColorRow {
                        color: r.color.clone(),
                        routes: 0,
                        car_spaces: 0,
                        by_length: vec![0; lengths.len()],
                    });
                    colors.len() - 1
                }
            };
            let row = &mut colors[row];
            row.routes += 1;
            row.car_spaces += r.length;
            if let Ok(col) = lengths.binary_search(&r.length) {
                row.by_length[col] += 1;
            }
        }

        let groups = net.parallel_groups();
        let mut neighbours = vec![0; net.cities().len()];
        for g in groups {
            let (a, b) = routes[g[0]].pair();
            neighbours[a] += 1;
            neighbours[b] += 1;
        }
        let mut degrees: Vec<CityDegree> = net
            .cities()
            .iter()
            .zip(net.degrees())
            .zip(&neighbours)
            .map(|((c, routes), &neighbours)| CityDegree {
                city: c.name.clone(),
                routes,
                neighbours,
            })
            .collect();
        degrees.sort_by(|a, b| {
            (b.neighbours, b.routes)
                .cmp(&(a.neighbours, a.routes))
                .then_with(|| a.city.cmp(&b.city))
        });
        let mut degree_histogram = BTreeMap::new();
        for &d in &neighbours {
            *degree_histogram.entry(d).or_default() += 1;
        }

        let distances = net.ticket_distances();
        let mut points_histogram = BTreeMap::new();
        let mut length_histogram = BTreeMap::new();
        let mut ticket_lengths = Vec::with_capacity(net.tickets().len());
        for (t, shortest) in net.tickets().iter().zip(distances) {
            *points_histogram.entry(t.points).or_default() += 1;
            if let Some(s) = shortest {
                *length_histogram.entry(s).or_default() += 1;
            }
            ticket_lengths.push(TicketLength {
                ticket: t.index,
                name: format!("{} - {}", net.place_name(t.from), net.place_name(t.to)),
                points: t.points,
                shortest,
            });
        }

        DesignStats {
            cities: net.cities().len(),
            countries: net.countries().len(),
            routes: routes.len(),
            double_pairs: groups.iter().filter(|g| g.len() > 1).count(),
            tunnels: routes.iter().filter(|r| r.tunnel).count(),
            ferries: routes.iter().filter(|r| r.ferry > 0).count(),
            car_spaces: routes.iter().map(|r| r.length).sum(),
            lengths,
            colors,
            routes_by_length,
            tickets: TicketStats {
                count: net.tickets().len(),
                long: net.tickets().iter().filter(|t| t.long).count(),
                points_histogram,
                length_histogram,
                lengths: ticket_lengths,
            },
            degrees,
            degree_histogram,
        }
    }

    /// The colour rows of the deck's colours (gray and unknown colours left out).
    pub fn deck_color_rows(&self, deck: &[String]) -> impl Iterator<Item = &ColorRow> {
        self.colors.iter().filter(move |c| deck.contains(&c.color))
    }

    /// The mean number of neighbours per city.
    pub fn mean_neighbours(&self) -> f64 {
        let total: usize = self.degrees.iter().map(|d| d.neighbours).sum();
        total as f64 / self.cities.max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundled(name: &str) -> GameFile {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps")
            .join(name);
        formats::load(&path).unwrap().design
    }

    #[test]
    fn usa_matches_the_reference_totals() {
        let s = DesignStats::from_file(&bundled("usa.yaml"));
        assert_eq!((s.cities, s.routes, s.double_pairs), (36, 100, 22));
        assert_eq!(s.car_spaces, 309);
        let by_len: Vec<(u32, usize)> = s.routes_by_length.clone().into_iter().collect();
        assert_eq!(by_len, [(1, 9), (2, 36), (3, 20), (4, 16), (5, 10), (6, 9)]);
        for row in &s.colors {
            let expected = if row.color == "gray" { 93 } else { 27 };
            assert_eq!(row.car_spaces, expected, "{}", row.color);
        }
        assert_eq!(s.colors.len(), 9, "8 deck colours and gray");
        let mut most: Vec<&str> = s.degrees[..3].iter().map(|d| d.city.as_str()).collect();
        most.sort_unstable();
        assert_eq!(most, ["Denver", "Helena", "Pittsburgh"]);
        assert_eq!(s.degrees[0].neighbours, 7);
        assert_eq!(s.tickets.count, 30);
        assert_eq!(s.tickets.points_range(), Some((4, 22)));
        assert!(s.tickets.lengths.iter().all(|t| t.shortest.is_some()));
    }

    #[test]
    fn europe_matches_the_reference_totals() {
        let s = DesignStats::from_file(&bundled("europe.yaml"));
        assert_eq!((s.routes, s.double_pairs, s.car_spaces), (101, 11, 300));
        assert_eq!((s.tunnels, s.ferries), (18, 13));
        assert_eq!(s.tickets.long, 6);
        let gray = s.colors.iter().find(|c| c.color == "gray").unwrap();
        assert_eq!(gray.car_spaces, 122);
        assert_eq!(
            (s.degrees[0].city.as_str(), s.degrees[0].neighbours),
            ("Paris", 7)
        );
    }

    #[test]
    fn board_and_file_agree() {
        let file = bundled("europe.yaml");
        let board = Board::build(&file).unwrap();
        assert_eq!(
            DesignStats::from_board(&board),
            DesignStats::from_file(&file)
        );
    }
}
