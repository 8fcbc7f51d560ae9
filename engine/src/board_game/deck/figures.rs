//! A deck in figures, to compare two decks side by side (`tracklayer diff`,
//! `derive tickets`, the studio's Build a deck window): lengths (per band and
//! as a histogram), how many places and routes the tickets cover, points,
//! and, from a simulation, how often each ticket is completed when held.

use std::fmt::Write as _;

use formats::GameFile;
use serde::Serialize;

use super::options::{BANDS, EDGES};
use super::space::Space;
use crate::board_game::sim::BoardReport;
use crate::sim::SimReport;
use crate::words;

/// A deck's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeckFigures {
    /// Regular tickets.
    pub regular: usize,
    /// Long tickets.
    pub long: usize,
    /// The map's diameter (car spaces).
    pub diameter: u32,
    /// Each ticket's shortest path in car spaces (`None`: its ends are not
    /// joined or not places of the map), in file order.
    pub lengths: Vec<Option<u32>>,
    /// Regular tickets per band (short, medium, long thirds of the diameter).
    pub bands: [usize; 3],
    /// Mean length of the tickets with one.
    pub mean_length: f64,
    /// Places a ticket may name.
    pub places: usize,
    /// Places some ticket names.
    pub named_places: usize,
    /// The most-named places with their tickets, most first (up to 5).
    pub most_named: Vec<(String, usize)>,
    /// Routes of the map.
    pub routes: usize,
    /// Routes on some ticket's shortest path.
    pub routes_on_paths: usize,
    /// Points of all tickets.
    pub points_total: u64,
    /// Fewest and most points.
    pub points_range: (u32, u32),
    /// Tickets whose points differ from their shortest path.
    pub points_off_shortest: usize,
    /// Completion when held, from a simulation.
    pub completion: Option<Completion>,
}

/// How often the tickets are completed when held, over a simulation's
/// player counts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Completion {
    /// Completed over held, over all tickets.
    pub mean: f64,
    /// The least and most completed tickets' rates (tickets held at least once).
    pub range: (f64, f64),
    /// Each ticket's rate (`None`: never held), in file order.
    pub per_ticket: Vec<Option<f64>>,
    /// Tickets held but never completed.
    pub never_completed: usize,
    /// Mean first-player advantage over the player counts.
    pub first_player_advantage: f64,
    /// Mean winning margin over the player counts.
    pub margin: f64,
    /// Mean final score over the player counts.
    pub score: f64,
}

impl DeckFigures {
    /// The figures of `file`'s deck (no simulation).
    pub fn of(file: &GameFile) -> DeckFigures {
        Self::on(file, &Space::of(file, 1))
    }

    /// The figures of `file`'s deck on a space already measured.
    pub fn on(file: &GameFile, space: &Space) -> DeckFigures {
        let mut named = vec![0usize; space.spots.len()];
        let mut on_path = vec![false; space.routes];
        let mut bands = [0; 3];
        let mut lengths = Vec::with_capacity(file.tickets.len());
        let mut off = 0;
        for t in &file.tickets {
            let pair = space.pair_named(&t.from, &t.to).map(|p| &space.pairs[p]);
            lengths.push(pair.map(|p| p.length));
            let Some(p) = pair else { continue };
            named[p.a] += 1;
            named[p.b] += 1;
            for &r in &p.routes {
                on_path[r] = true;
            }
            if !t.long {
                bands[EDGES.band(p.length, space.diameter)] += 1;
            }
            if t.points != p.length {
                off += 1;
            }
        }
        let known: Vec<u32> = lengths.iter().flatten().copied().collect();
        let mut most: Vec<(String, usize)> = space
            .spots
            .iter()
            .zip(&named)
            .filter(|(_, n)| **n > 0)
            .map(|(s, n)| (s.name.clone(), *n))
            .collect();
        most.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        most.truncate(5);
        let points = file.tickets.iter().map(|t| t.points);
        DeckFigures {
            regular: file.tickets.iter().filter(|t| !t.long).count(),
            long: file.tickets.iter().filter(|t| t.long).count(),
            diameter: space.diameter,
            bands,
            mean_length: known.iter().map(|&l| f64::from(l)).sum::<f64>()
                / known.len().max(1) as f64,
            lengths,
            places: space.spots.len(),
            named_places: named.iter().filter(|n| **n > 0).count(),
            most_named: most,
            routes: space.routes,
            routes_on_paths: on_path.iter().filter(|c| **c).count(),
            points_total: points.clone().map(u64::from).sum(),
            points_range: (points.clone().min().unwrap_or(0), points.max().unwrap_or(0)),
            points_off_shortest: off,
            completion: None,
        }
    }

    /// Adds the completion of a simulation of this deck's design.
    pub fn with_completion(mut self, report: &SimReport<BoardReport>) -> Self {
        let n = self.lengths.len();
        let (mut held, mut done) = (vec![0u64; n], vec![0u64; n]);
        let sections = report.by_players.iter().filter(|s| s.games > 0);
        let (mut fpa, mut margin, mut score, mut counts) = (0.0, 0.0, 0.0, 0.0);
        for s in sections {
            for t in s.family.map.tickets.iter().filter(|t| t.index < n) {
                held[t.index] += t.held;
                done[t.index] += t.completed;
            }
            fpa += s.outcome.first_player_advantage;
            margin += s.scores.margin.mean;
            score += s.scores.total.mean;
            counts += 1.0;
        }
        let per_ticket: Vec<Option<f64>> = held
            .iter()
            .zip(&done)
            .map(|(&h, &d)| (h > 0).then(|| d as f64 / h as f64))
            .collect();
        let rates: Vec<f64> = per_ticket.iter().flatten().copied().collect();
        let counts = f64::max(counts, 1.0);
        self.completion = Some(Completion {
            mean: done.iter().sum::<u64>() as f64 / held.iter().sum::<u64>().max(1) as f64,
            range: (
                rates.iter().copied().fold(f64::INFINITY, f64::min).min(1.0),
                rates.iter().copied().fold(0.0, f64::max),
            ),
            never_completed: held
                .iter()
                .zip(&done)
                .filter(|(h, d)| **h > 0 && **d == 0)
                .count(),
            per_ticket,
            first_player_advantage: fpa / counts,
            margin: margin / counts,
            score: score / counts,
        });
        self
    }

    /// Tickets per length bin of `width` car spaces, from length 1.
    pub fn histogram(&self, width: u32) -> Vec<usize> {
        let width = width.max(1);
        let mut bins = vec![0; (self.diameter.max(1)).div_ceil(width) as usize];
        for l in self.lengths.iter().flatten() {
            let last = bins.len() - 1;
            let b = ((l.max(&1) - 1) / width) as usize;
            if let Some(n) = bins.get_mut(b.min(last)) {
                *n += 1;
            }
        }
        bins
    }
}

/// Two decks side by side, one row per figure: what, the first deck's
/// value, the second's.
pub fn compare_rows(a: &DeckFigures, b: &DeckFigures) -> Vec<[String; 3]> {
    let mut rows = Vec::new();
    let mut both = |what: &str, f: &dyn Fn(&DeckFigures) -> String| {
        rows.push([what.to_owned(), f(a), f(b)]);
    };
    both("tickets (long)", &|d| format!("{} ({})", d.regular, d.long));
    both("mean length (car spaces)", &|d| {
        if d.lengths.iter().flatten().next().is_none() {
            "-".into()
        } else {
            format!("{:.1}", d.mean_length)
        }
    });
    both(
        &format!("{} (thirds of the diameter)", BANDS.join(" / ")),
        &|d| format!("{} / {} / {}", d.bands[0], d.bands[1], d.bands[2]),
    );
    let width = a.diameter.max(b.diameter).div_ceil(8).max(1);
    both(
        &format!("lengths, bins of {}", words::count(width, "car space")),
        &|d| {
            d.histogram(width)
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        },
    );
    both("places named", &|d| {
        format!("{} of {}", d.named_places, d.places)
    });
    both("most named", &|d| {
        d.most_named
            .first()
            .map_or_else(|| "-".into(), |(n, c)| format!("{n} {c}"))
    });
    both("routes on a ticket's shortest path", &|d| {
        format!("{} of {}", d.routes_on_paths, d.routes)
    });
    both("points total", &|d| d.points_total.to_string());
    both("points range", &|d| {
        format!("{}-{}", d.points_range.0, d.points_range.1)
    });
    both("points off the shortest path", &|d| {
        d.points_off_shortest.to_string()
    });
    if a.completion.is_some() || b.completion.is_some() {
        let sim = |what: &str, f: &dyn Fn(&Completion) -> String| {
            let cell = |d: &DeckFigures| d.completion.as_ref().map_or_else(|| "-".into(), f);
            [what.to_owned(), cell(a), cell(b)]
        };
        rows.push(sim("completion when held (mean)", &|c| {
            format!("{:.0}%", 100.0 * c.mean)
        }));
        rows.push(sim("completion, hardest-easiest", &|c| {
            format!("{:.0}%-{:.0}%", 100.0 * c.range.0, 100.0 * c.range.1)
        }));
        rows.push(sim("tickets held, never completed", &|c| {
            c.never_completed.to_string()
        }));
        rows.push(sim("first-player advantage (mean)", &|c| {
            format!("{:+.3}", c.first_player_advantage)
        }));
        rows.push(sim("mean final score", &|c| format!("{:.1}", c.score)));
        rows.push(sim("mean winning margin", &|c| format!("{:.1}", c.margin)));
    }
    rows
}

/// Two decks side by side as text: `names` head the columns.
pub fn compare_text(a: &DeckFigures, b: &DeckFigures, names: (&str, &str)) -> String {
    let mut o = String::new();
    let mut row = |[what, a, b]: [String; 3]| {
        let _ = writeln!(o, "  {what:<46} {a:>22} {b:>22}");
    };
    row([String::new(), names.0.to_owned(), names.1.to_owned()]);
    for r in compare_rows(a, b) {
        row(r);
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_usa_deck_in_figures() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let file = formats::load(&path).unwrap().design;
        let f = DeckFigures::of(&file);
        assert_eq!((f.regular, f.long), (30, 0));
        assert_eq!(f.bands.iter().sum::<usize>(), 30);
        assert_eq!(f.histogram(3).iter().sum::<usize>(), 30);
        // TL104's calibration: 25 of the 30 USA tickets are worth their shortest path.
        assert_eq!(f.points_off_shortest, 5);
        assert!(f.named_places <= f.places && f.routes_on_paths <= f.routes);
        let mut empty = file.clone();
        empty.tickets.clear();
        let e = DeckFigures::of(&empty);
        assert_eq!((e.regular, e.named_places, e.routes_on_paths), (0, 0, 0));
        let text = compare_text(&e, &f, ("none", "USA"));
        assert!(text.contains("30 (0)") && text.contains("0 (0)"), "{text}");
    }
}
