//! The board game's section of a simulation report in words: the most and
//! least claimed routes, the hardest tickets, busy cities, longest paths,
//! tunnels, stations and doubling.

use std::fmt::Write as _;

use super::report::BoardReport;
use crate::sim::PlayerCountReport;
use crate::sim::findings::thousands;
use crate::sim::stats::pct;

/// Writes the section for `tracklayer simulate`.
pub fn write_text(s: &PlayerCountReport<BoardReport>, o: &mut String) {
    let map = &s.family.map;
    let mut routes: Vec<_> = map.routes.iter().collect();
    routes.sort_by(|a, b| b.claim_rate.total_cmp(&a.claim_rate));
    let _ = writeln!(o, "\n  Most claimed routes:");
    for r in routes.iter().take(5) {
        let _ = writeln!(
            o,
            "    {:<44} {:>5} (turn {:.0})",
            r.name,
            pct(r.claim_rate),
            r.mean_turn.unwrap_or(0.0)
        );
    }
    let _ = writeln!(o, "  Least claimed routes:");
    for r in routes.iter().rev().take(5) {
        let _ = writeln!(o, "    {:<44} {:>5}", r.name, pct(r.claim_rate));
    }
    let mut tickets: Vec<_> = map.tickets.iter().filter(|t| t.held > 0).collect();
    tickets.sort_by(|a, b| a.completion.value.total_cmp(&b.completion.value));
    let _ = writeln!(o, "  Hardest tickets (completion when held, mean points):");
    for t in tickets.iter().take(5) {
        let _ = writeln!(
            o,
            "    {:<44} {:>5} of {:>6} held, {:+.1}",
            t.name,
            pct(t.completion.value),
            thousands(t.held),
            t.mean_points
        );
    }
    let mut cities: Vec<_> = map.cities.iter().collect();
    cities.sort_by_key(|c| std::cmp::Reverse(c.completed_tickets));
    let top: Vec<String> = cities
        .iter()
        .take(6)
        .map(|c| format!("{} {:.2}", c.name, c.completed_per_game))
        .collect();
    let _ = writeln!(
        o,
        "  Cities on completed tickets (per game): {}",
        top.join(", ")
    );
    let _ = writeln!(
        o,
        "  Longest path: {:.1} per player, {:.1} per game (max {:.0})",
        map.longest_path.mean, map.longest_path_per_game.mean, map.longest_path_per_game.max
    );
    let t = &map.tunnels;
    if t.attempts > 0 {
        let extras: Vec<String> = t
            .extra_cards
            .iter()
            .enumerate()
            .map(|(k, n)| format!("{k} extra: {}", thousands(*n)))
            .collect();
        let _ = writeln!(
            o,
            "  Tunnels: {} ({}), paid {}, withdrawn {}",
            crate::words::count_grouped(t.attempts, "attempt"),
            extras.join(", "),
            thousands(t.paid),
            t.withdrawal_rate.percent()
        );
    }
    if map.stations.built_per_game > 0.0 {
        let _ = writeln!(
            o,
            "  Stations: {:.2} built and {:.2} routes borrowed per game",
            map.stations.built_per_game, map.stations.borrowed_per_game
        );
    }
    if map.doublings.per_game > 0.0 {
        let _ = writeln!(
            o,
            "  Terrain doubling: {:.2} per game, {:.1} points per game",
            map.doublings.per_game, map.doublings.points_per_game
        );
    }
}
