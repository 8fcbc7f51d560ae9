//! CSV export of a report's tables (routes, tickets, cities), one row per
//! object and player count, keyed by index and name so spreadsheets and the
//! studio's heatmaps can join them to the design.

use std::fmt::Write as _;

use super::report::BoardReport;
use crate::sim::SimReport;
use crate::sim::csv::{by_players, field};

/// The routes table.
pub fn routes(report: &SimReport<BoardReport>) -> String {
    by_players(
        report,
        "players,index,key,name,length,color,claimed,claim_rate,mean_turn,tunnel_attempts,tunnel_withdrawals,doubled,borrowed\n",
        |f| &f.map.routes,
        |out, players, r| {
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{},{:.4},{},{},{},{},{}",
                players,
                r.index,
                field(&r.key),
                field(&r.name),
                r.length,
                field(&r.color),
                r.claimed,
                r.claim_rate,
                r.mean_turn.map(|t| format!("{t:.1}")).unwrap_or_default(),
                r.tunnel_attempts,
                r.tunnel_withdrawals,
                r.doubled,
                r.borrowed
            );
        },
    )
}

/// The tickets table.
pub fn tickets(report: &SimReport<BoardReport>) -> String {
    by_players(
        report,
        "players,index,name,points,long,offered,kept,held,completed,completion,completion_low,completion_high,mean_points\n",
        |f| &f.map.tickets,
        |out, players, t| {
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{:.4},{:.4},{:.4},{:.2}",
                players,
                t.index,
                field(&t.name),
                t.points,
                t.long,
                t.offered,
                t.kept,
                t.held,
                t.completed,
                t.completion.value,
                t.completion.low,
                t.completion.high,
                t.mean_points
            );
        },
    )
}

/// The cities table.
pub fn cities(report: &SimReport<BoardReport>) -> String {
    by_players(
        report,
        "players,index,name,completed_tickets,completed_per_game,stations\n",
        |f| &f.map.cities,
        |out, players, c| {
            let _ = writeln!(
                out,
                "{},{},{},{},{:.4},{}",
                players,
                c.index,
                field(&c.name),
                c.completed_tickets,
                c.completed_per_game,
                c.stations
            );
        },
    )
}
