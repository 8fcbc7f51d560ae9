//! The board game's findings: dead and rare routes, hard and unwanted
//! tickets, ticket completion and tunnel withdrawals.

use super::report::BoardReport;
use crate::board_game::board::Board;
use crate::sim::findings::{FindingList, Topic, object, thousands};
use crate::sim::report::{Finding, Level, PlayerCountReport};
use crate::sim::stats::pct;
use crate::words::{count, count_grouped};

/// Tickets held at least this often are judged on their completion rate.
const MIN_HELD: u64 = 20;
/// A ticket completed less often than this is hard to complete.
const HARD_TICKET: f64 = 0.25;
/// A route claimed in fewer games than this share is rarely used.
const RARE_ROUTE: f64 = 0.02;
/// At most this many findings of one kind are listed one by one.
const MAX_LISTED: usize = 12;

/// The board game's findings on one player count's section.
pub fn findings(board: &Board, r: &PlayerCountReport<BoardReport>) -> Vec<(Topic, Finding)> {
    let n = r.players;
    let games = r.games;
    let mut f = FindingList::new(n, Topic::Design);
    f.topic = Topic::Design;
    // Routes. Below the player count that opens both tracks of a double
    // route, a track whose twin was claimed is not a dead route (the report
    // carries the one definition, [`super::MapReport::dead_routes`]).
    let both_open = n >= usize::from(board.rules().doubles.both_tracks_from);
    let never = &r.family.map.dead_routes;
    for &i in never.iter().take(MAX_LISTED) {
        let route = &board.routes()[i];
        f.push(
            Level::Warning,
            "route-never-claimed",
            format!(
                "Route {} was never claimed in {}",
                route.name,
                count_grouped(games, &format!("{n}-player game"))
            ),
            format!("0 claims in {}", count_grouped(games, "game")),
            vec![object("route", i, &route.name)],
        );
    }
    if never.len() > MAX_LISTED {
        f.push(
            Level::Warning,
            "route-never-claimed",
            format!(
                "{} never claimed in {n}-player games",
                match never.len() - MAX_LISTED {
                    1 => "1 more route was".to_owned(),
                    more => format!("{more} more routes were"),
                }
            ),
            count(never.len(), "route") + " in all",
            never[MAX_LISTED..]
                .iter()
                .map(|&i| object("route", i, &board.routes()[i].name))
                .collect(),
        );
    }
    let mut rare: Vec<_> = r
        .family
        .map
        .routes
        .iter()
        .filter(|x| x.claimed > 0 && x.claim_rate < RARE_ROUTE)
        .filter(|x| {
            // A double route's track counts with its twin below `both_open`.
            both_open
                || board.routes()[x.index]
                    .siblings
                    .iter()
                    .all(|s| r.family.map.routes[s.index()].claim_rate < RARE_ROUTE)
        })
        .collect();
    rare.sort_by(|a, b| a.claim_rate.total_cmp(&b.claim_rate));
    for x in rare.iter().take(MAX_LISTED) {
        f.push(
            Level::Info,
            "route-rarely-claimed",
            format!(
                "Route {} is claimed in only {} of {n}-player games",
                x.name,
                pct(x.claim_rate)
            ),
            format!(
                "{} in {}",
                count_grouped(x.claimed, "claim"),
                count_grouped(games, "game")
            ),
            vec![object("route", x.index, &x.name)],
        );
    }

    // Tickets.
    let mut hard: Vec<_> = r
        .family
        .map
        .tickets
        .iter()
        .filter(|t| t.held >= MIN_HELD && t.completion.value < HARD_TICKET)
        .collect();
    hard.sort_by(|a, b| a.completion.value.total_cmp(&b.completion.value));
    for t in hard.iter().take(MAX_LISTED) {
        f.push(
            Level::Warning,
            "ticket-hard",
            format!(
                "Ticket {} is completed in {} of the {n}-player games where it is held (95% CI {}–{})",
                t.name,
                pct(t.completion.value),
                pct(t.completion.low),
                pct(t.completion.high)
            ),
            format!(
                "completed {} of {} held; mean {:+.1} points to its holder",
                thousands(t.completed),
                count_grouped(t.held, "time"),
                t.mean_points
            ),
            vec![object("ticket", t.index, &t.name)],
        );
    }
    for t in r
        .family
        .map
        .tickets
        .iter()
        .filter(|t| t.offered >= MIN_HELD && (t.kept as f64) < 0.05 * t.offered as f64)
        .take(MAX_LISTED)
    {
        f.push(
            Level::Info,
            "ticket-refused",
            format!(
                "Ticket {} is kept only {} of the times it is offered ({n} players)",
                t.name,
                pct(t.kept as f64 / t.offered as f64)
            ),
            format!(
                "kept {} of {}",
                thousands(t.kept),
                count_grouped(t.offered, "offer")
            ),
            vec![object("ticket", t.index, &t.name)],
        );
    }

    f.topic = Topic::Goals;
    let m = &r.metrics;
    let component = |name: &str| r.scores.components.get(name).copied().unwrap_or(0.0);
    f.push(
        Level::Info,
        "ticket-completion",
        format!(
            "Players complete {} of their tickets in {n}-player games",
            pct(m.ticket_completion.unwrap_or(0.0))
        ),
        format!(
            "{:.1} points won and {:.1} lost on tickets per player",
            component("tickets_completed"),
            component("tickets_failed")
        ),
        Vec::new(),
    );
    f.topic = Topic::Mechanisms;
    let t = &r.family.map.tunnels;
    if t.attempts >= MIN_HELD && t.withdrawal_rate.value >= 0.2 {
        f.push(
            Level::Info,
            "tunnel-withdrawals",
            format!(
                "{} of tunnel claims are withdrawn in {n}-player games",
                pct(t.withdrawal_rate.value)
            ),
            format!(
                "{} of {}",
                thousands(t.withdrawn),
                count_grouped(t.attempts, "attempt")
            ),
            Vec::new(),
        );
    }
    f.into_inner()
}
