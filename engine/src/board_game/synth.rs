//! Synthetic designs of any size, for benchmarks and stress tests: cities on a
//! jittered grid, routes to near neighbours (planar-ish, with some doubles),
//! tickets between random cities. Deterministic for a seed.

use formats::{BoardSize, CitySpec, GameFile, RouteSpec, TicketSpec};
use serde_yaml::{Mapping, Value};

use crate::rng::GameRng;

/// The size of a synthetic design.
#[derive(Clone, Copy, Debug)]
pub struct SynthSize {
    /// Cities.
    pub cities: usize,
    /// Routes (tracks).
    pub routes: usize,
    /// Tickets.
    pub tickets: usize,
}

const COLORS: [&str; 8] = [
    "pink", "white", "blue", "yellow", "orange", "black", "red", "green",
];

/// A synthetic board-game design of the given size.
pub fn design(size: SynthSize, seed: u64) -> GameFile {
    let mut rng = GameRng::seeded(seed);
    let n = size.cities.max(2);
    let cols = (n as f64).sqrt().ceil() as usize;
    let spacing = 40.0_f32;
    let cities: Vec<CitySpec> = (0..n)
        .map(|i| {
            let (gx, gy) = ((i % cols) as f32, (i / cols) as f32);
            CitySpec {
                name: format!("City {i}"),
                x: 20.0 + gx * spacing + (rng.unit() as f32 - 0.5) * spacing * 0.5,
                y: 20.0 + gy * spacing + (rng.unit() as f32 - 0.5) * spacing * 0.5,
                ..CitySpec::default()
            }
        })
        .collect();

    // Candidate edges: right, down and the two diagonals of each grid cell,
    // in a shuffled order, then doubled tracks on some of them.
    let mut edges = Vec::new();
    for i in 0..n {
        let (x, y) = (i % cols, i / cols);
        if x + 1 < cols && i + 1 < n {
            edges.push((i, i + 1));
        }
        if i + cols < n {
            edges.push((i, i + cols));
        }
        if x + 1 < cols && i + cols + 1 < n && (x + y) % 2 == 0 {
            edges.push((i, i + cols + 1));
        }
    }
    rng.shuffle(&mut edges);
    let mut routes = Vec::with_capacity(size.routes);
    let mut k = 0usize;
    while routes.len() < size.routes && !edges.is_empty() {
        let (a, b) = edges[k % edges.len()];
        let round = k / edges.len();
        k += 1;
        if round > 1 {
            break;
        }
        let (ca, cb) = (&cities[a], &cities[b]);
        let dist = ((ca.x - cb.x).powi(2) + (ca.y - cb.y).powi(2)).sqrt();
        let length = ((dist / BoardSize::DEFAULT_CAR_SPACE).round() as u32).clamp(1, 6);
        let color = if rng.below(3) == 0 {
            "gray".to_owned()
        } else {
            COLORS[rng.index(COLORS.len())].to_owned()
        };
        routes.push(RouteSpec {
            id: Some(format!("r{}", routes.len())),
            from: ca.name.clone(),
            to: cb.name.clone(),
            length,
            color,
            ..RouteSpec::default()
        });
    }

    let tickets = (0..size.tickets)
        .map(|_| {
            let a = rng.index(n);
            let mut b = rng.index(n);
            if a == b {
                b = (a + 1) % n;
            }
            let (ca, cb) = (&cities[a], &cities[b]);
            let dist = ((ca.x - cb.x).powi(2) + (ca.y - cb.y).powi(2)).sqrt();
            TicketSpec {
                from: ca.name.clone(),
                to: cb.name.clone(),
                points: ((dist / BoardSize::DEFAULT_CAR_SPACE).round() as u32).max(1),
                ..TicketSpec::default()
            }
        })
        .collect();

    let mut rules = Mapping::new();
    rules.insert("preset".into(), "usa".into());
    let mut cards = Mapping::new();
    let mut colors = Mapping::new();
    for c in COLORS {
        colors.insert(c.into(), Value::from(12));
    }
    cards.insert("colors".into(), Value::Mapping(colors));
    let width = 40.0 + cols as f32 * spacing;
    GameFile {
        name: format!("Synthetic {}×{}×{}", size.cities, size.routes, size.tickets),
        board: Some(BoardSize {
            width,
            height: 40.0 + n.div_ceil(cols) as f32 * spacing,
            ..BoardSize::default()
        }),
        rules,
        cards,
        cities,
        routes,
        tickets,
        ..GameFile::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn has_the_asked_size_and_builds() {
        let size = SynthSize {
            cities: 400,
            routes: 1200,
            tickets: 200,
        };
        let d = design(size, 3);
        assert_eq!(
            (d.cities.len(), d.routes.len(), d.tickets.len()),
            (400, 1200, 200)
        );
        assert_eq!(d, design(size, 3));
        crate::Board::build(&d).unwrap_or_else(|e| panic!("{e:#?}"));
    }
}
