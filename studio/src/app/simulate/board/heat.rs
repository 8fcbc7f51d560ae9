//! The report drawn on the map: route heat by claim rate or mean claim turn
//! (colour) and claim rate (width), city heat by completed tickets,
//! never-claimed routes crossed out, and the notes shown on hover. Pure
//! functions from a report section to a canvas [`Overlay`].

use egui::Color32;
use engine::board_game::sim::{BoardReport, CityRow, RouteRow};
use engine::sim::report::PlayerCountReport;
use engine::sim::stats::pct;
use engine::words::{count, count_grouped};

use crate::app::canvas::paint::Overlay;

/// What the route colours show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HeatMode {
    /// How often a route is claimed (hot: in most games).
    #[default]
    ClaimRate,
    /// When a route is claimed (hot: early in the game).
    MeanTurn,
}

impl HeatMode {
    /// The switch's label.
    pub fn label(self) -> &'static str {
        match self {
            HeatMode::ClaimRate => "Claim rate",
            HeatMode::MeanTurn => "Mean claim turn",
        }
    }
}

/// The colour of never-claimed routes.
pub const NEVER: Color32 = Color32::from_rgb(150, 150, 150);

/// Colour stops of the ramp, cold to hot.
const RAMP: [[u8; 3]; 5] = [
    [49, 54, 149],
    [116, 173, 209],
    [254, 224, 144],
    [244, 109, 67],
    [165, 0, 38],
];

/// The heat colour of `t` in 0..=1 (cold blue, through pale yellow, to hot red).
pub fn ramp(t: f32) -> Color32 {
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let x = t * (RAMP.len() - 1) as f32;
    let k = (x.floor() as usize).min(RAMP.len() - 2);
    let f = x - k as f32;
    let mix = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * f).round() as u8;
    let (a, b) = (RAMP[k], RAMP[k + 1]);
    Color32::from_rgb(mix(a[0], b[0]), mix(a[1], b[1]), mix(a[2], b[2]))
}

/// A route's width factor: thin when rarely claimed, up to 2.2× when always.
pub fn route_weight(claim_rate: f64) -> f32 {
    0.5 + 1.7 * claim_rate.clamp(0.0, 1.0) as f32
}

/// The earliest and latest mean claim turns of the section.
pub fn turn_range(section: &PlayerCountReport<BoardReport>) -> Option<(f64, f64)> {
    let turns = section.family.map.routes.iter().filter_map(|r| r.mean_turn);
    let lo = turns.clone().reduce(f64::min)?;
    let hi = turns.reduce(f64::max)?;
    Some((lo, hi))
}

/// The heat value (0 cold, 1 hot) of a route; `None` when never claimed.
pub fn route_heat(row: &RouteRow, mode: HeatMode, turns: Option<(f64, f64)>) -> Option<f32> {
    if row.claimed == 0 {
        return None;
    }
    Some(match mode {
        HeatMode::ClaimRate => row.claim_rate as f32,
        HeatMode::MeanTurn => {
            let (lo, hi) = turns.unwrap_or((0.0, 0.0));
            let turn = row.mean_turn.unwrap_or(hi);
            if hi > lo {
                (1.0 - (turn - lo) / (hi - lo)) as f32
            } else {
                1.0
            }
        }
    })
}

/// The overlay of a report section: route colours and widths, city heat,
/// crossed never-claimed routes, and notes for the hovered route or city.
pub fn overlay(
    section: &PlayerCountReport<BoardReport>,
    mode: HeatMode,
    bots: &[String],
) -> Overlay {
    let mut o = Overlay::default();
    let turns = turn_range(section);
    for r in &section.family.map.routes {
        let color = route_heat(r, mode, turns).map_or(NEVER, ramp);
        o.route_colors.insert(r.index, color);
        o.route_weights.insert(r.index, route_weight(r.claim_rate));
        o.route_notes
            .insert(r.index, route_note(r, section.games, bots));
    }
    o.crossed_routes
        .extend(section.family.map.never_claimed.iter().copied());
    let most = section
        .family
        .map
        .cities
        .iter()
        .map(|c| c.completed_per_game)
        .fold(0.0, f64::max);
    for c in &section.family.map.cities {
        if most > 0.0 && c.completed_tickets > 0 {
            let t = (c.completed_per_game / most) as f32;
            o.city_colors
                .insert(c.index, ramp(t).gamma_multiply(0.45 + 0.5 * t));
        }
        o.city_notes.insert(c.index, city_note(c, section.games));
    }
    o
}

/// The shares of claims in `counts`, most first, as `name 40%`.
fn shares(counts: &[u64], name: impl Fn(usize) -> String) -> String {
    let all: u64 = counts.iter().sum();
    let mut order: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] > 0).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(counts[i]));
    order
        .iter()
        .map(|&i| format!("{} {}", name(i), pct(counts[i] as f64 / all.max(1) as f64)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Each seat's share of the claims, in seat order: `30%, 70%`.
fn seat_shares(counts: &[u64]) -> String {
    let all: u64 = counts.iter().sum();
    counts
        .iter()
        .map(|&n| pct(n as f64 / all.max(1) as f64))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The note of a route: its name, how often and when it is claimed, by whom.
pub fn route_note(r: &RouteRow, games: u64, bots: &[String]) -> String {
    if r.claimed == 0 {
        return format!(
            "{} · {}\nnever claimed in {}",
            r.name,
            count(r.length, "car"),
            count_grouped(games, "game")
        );
    }
    format!(
        "{} · {}\nclaimed in {} of games ({} of {}), on turn {:.1} on average\nby seat 1–{}: {}\nby bot: {}",
        r.name,
        count(r.length, "car"),
        pct(r.claim_rate),
        engine::sim::findings::thousands(r.claimed),
        engine::sim::findings::thousands(games),
        r.mean_turn.unwrap_or(0.0),
        r.by_seat.len(),
        seat_shares(&r.by_seat),
        shares(&r.by_bot, |b| bots
            .get(b)
            .cloned()
            .unwrap_or_else(|| format!("bot {}", b + 1))),
    )
}

/// The note of a city: completed tickets through it.
pub fn city_note(c: &CityRow, games: u64) -> String {
    let mut s = format!(
        "{}\n{:.2} completed tickets per game ({} in {})",
        c.name,
        c.completed_per_game,
        engine::sim::findings::thousands(c.completed_tickets),
        count_grouped(games, "game")
    );
    if c.stations > 0 {
        s.push_str(&format!("\n{} built", count(c.stations, "station")));
    }
    s
}

/// The legend's lines for a mode: what the colours, widths, crosses and city
/// discs mean, with the ends of the colour scale.
pub fn legend(
    section: &PlayerCountReport<BoardReport>,
    mode: HeatMode,
) -> (String, String, Vec<&'static str>) {
    let (cold, hot) = match mode {
        HeatMode::ClaimRate => ("never".to_owned(), "every game".to_owned()),
        HeatMode::MeanTurn => match turn_range(section) {
            Some((lo, hi)) => (
                format!("late (turn {hi:.0})"),
                format!("early (turn {lo:.0})"),
            ),
            None => ("late".to_owned(), "early".to_owned()),
        },
    };
    let lines = vec![
        "Width: how often the route is claimed.",
        "Grey with a red cross: never claimed.",
        "Disc behind a city: completed tickets ending there (hot = most).",
        "Hover a route or city for its numbers.",
    ];
    (cold, hot, lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::board_game::sim::MapReport;

    fn route(index: usize, claimed: u64, games: u64, turn: Option<f64>) -> RouteRow {
        RouteRow {
            index,
            key: format!("r{index}"),
            name: format!("A - B{index} (red)"),
            length: 3,
            color: "red".into(),
            claimed,
            claim_rate: claimed as f64 / games as f64,
            mean_turn: turn,
            by_seat: vec![claimed * 3 / 4, claimed - claimed * 3 / 4],
            by_bot: vec![claimed],
            tunnel_attempts: 0,
            tunnel_withdrawals: 0,
            doubled: 0,
            borrowed: 0,
        }
    }

    fn section() -> PlayerCountReport<BoardReport> {
        let mut s = crate::app::simulate::testing::report(2, 10).by_players[0].clone();
        s.games = 40;
        s.family.map = MapReport {
            routes: vec![
                route(0, 40, 40, Some(10.0)),
                route(1, 10, 40, Some(30.0)),
                route(2, 0, 40, None),
            ],
            never_claimed: vec![2],
            dead_routes: vec![2],
            cities: vec![
                CityRow {
                    index: 0,
                    name: "A".into(),
                    completed_tickets: 80,
                    completed_per_game: 2.0,
                    stations: 0,
                },
                CityRow {
                    index: 1,
                    name: "B".into(),
                    completed_tickets: 0,
                    completed_per_game: 0.0,
                    stations: 0,
                },
            ],
            ..s.family.map
        };
        s
    }

    #[test]
    fn the_ramp_runs_from_cold_to_hot() {
        assert_eq!(ramp(0.0), Color32::from_rgb(49, 54, 149));
        assert_eq!(ramp(1.0), Color32::from_rgb(165, 0, 38));
        assert_eq!(ramp(0.5), Color32::from_rgb(254, 224, 144));
        assert_eq!(ramp(f32::NAN), ramp(0.0));
        assert!(route_weight(1.0) > route_weight(0.25));
    }

    #[test]
    fn routes_are_coloured_by_claim_rate_or_by_turn() {
        let s = section();
        let bots = vec!["route-focus".to_owned()];
        let o = overlay(&s, HeatMode::ClaimRate, &bots);
        assert_eq!(o.route_colors[&0], ramp(1.0));
        assert_eq!(o.route_colors[&1], ramp(0.25));
        assert_eq!(o.route_colors[&2], NEVER);
        assert_eq!(o.route_weights[&0], route_weight(1.0));
        assert!(o.crossed_routes.contains(&2) && o.crossed_routes.len() == 1);
        let o = overlay(&s, HeatMode::MeanTurn, &bots);
        assert_eq!(o.route_colors[&0], ramp(1.0), "the earliest claim is hot");
        assert_eq!(o.route_colors[&1], ramp(0.0), "the latest claim is cold");
        // City heat: only cities on completed tickets, the busiest hottest.
        assert!(o.city_colors.contains_key(&0) && !o.city_colors.contains_key(&1));
        let (cold, hot, _) = legend(&s, HeatMode::MeanTurn);
        assert_eq!(
            (cold.as_str(), hot.as_str()),
            ("late (turn 30)", "early (turn 10)")
        );
    }

    #[test]
    fn notes_give_the_numbers_of_a_route_and_a_city() {
        let s = section();
        let bots = vec!["route-focus".to_owned()];
        let o = overlay(&s, HeatMode::ClaimRate, &bots);
        assert_eq!(
            o.route_notes[&1],
            "A - B1 (red) · 3 cars\nclaimed in 25% of games (10 of 40), on turn 30.0 on average\nby seat 1–2: 70%, 30%\nby bot: route-focus 100%"
        );
        assert!(o.route_notes[&2].contains("never claimed in 40 games"));
        assert_eq!(
            o.city_notes[&0],
            "A\n2.00 completed tickets per game (80 in 40 games)"
        );
    }
}
