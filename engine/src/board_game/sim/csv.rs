//! CSV export of a report's tables (routes, tickets, cities), one row per
//! object and player count, keyed by index and name so spreadsheets and the
//! studio's heatmaps can join them to the design.

use std::fmt::Write as _;

use super::report::BoardReport;
use crate::sim::SimReport;

/// Quotes a field when it needs it.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// The routes table.
pub fn routes(report: &SimReport<BoardReport>) -> String {
    let mut out = String::from(
        "players,index,key,name,length,color,claimed,claim_rate,mean_turn,tunnel_attempts,tunnel_withdrawals,doubled,borrowed\n",
    );
    for s in &report.by_players {
        for r in &s.family.map.routes {
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{},{:.4},{},{},{},{},{}",
                s.players,
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
        }
    }
    out
}

/// The tickets table.
pub fn tickets(report: &SimReport<BoardReport>) -> String {
    let mut out = String::from(
        "players,index,name,points,long,offered,kept,held,completed,completion,completion_low,completion_high,mean_points\n",
    );
    for s in &report.by_players {
        for t in &s.family.map.tickets {
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{:.4},{:.4},{:.4},{:.2}",
                s.players,
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
        }
    }
    out
}

/// The cities table.
pub fn cities(report: &SimReport<BoardReport>) -> String {
    let mut out =
        String::from("players,index,name,completed_tickets,completed_per_game,stations\n");
    for s in &report.by_players {
        for c in &s.family.map.cities {
            let _ = writeln!(
                out,
                "{},{},{},{},{:.4},{}",
                s.players,
                c.index,
                field(&c.name),
                c.completed_tickets,
                c.completed_per_game,
                c.stations
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::field;

    #[test]
    fn fields_with_commas_or_quotes_are_quoted() {
        assert_eq!(field("Miami - Atlanta (blue)"), "Miami - Atlanta (blue)");
        assert_eq!(field("a, b"), "\"a, b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
