//! Findings: the report's numbers turned into plain sentences a designer can
//! act on, each with its evidence and the objects it names. A game that hits
//! the turn cap or a stalemate is always a finding.

use super::report::{Finding, Level, ObjectName, PlayerCountReport};
use super::stats::{Rate, pct};
use crate::board::Board;

/// Tickets held at least this often are judged on their completion rate.
const MIN_HELD: u64 = 20;
/// A ticket completed less often than this is hard to complete.
const HARD_TICKET: f64 = 0.25;
/// A route claimed in fewer games than this share is rarely used.
const RARE_ROUTE: f64 = 0.02;
/// At most this many findings of one kind are listed one by one.
const MAX_LISTED: usize = 12;

/// `5000` → `5,000`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn object(kind: &str, index: usize, name: &str) -> ObjectName {
    ObjectName {
        kind: kind.to_owned(),
        index,
        name: name.to_owned(),
    }
}

fn evidence(r: &Rate) -> String {
    format!(
        "{} of {} games; 95% CI {}–{}",
        fmt_count(r.count),
        thousands(r.of),
        pct(r.low),
        pct(r.high)
    )
}

fn fmt_count(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        thousands(x.round() as u64)
    } else {
        format!("{x:.1}")
    }
}

/// The findings of one player count's section.
pub fn findings(board: &Board, r: &PlayerCountReport) -> Vec<Finding> {
    let n = r.players;
    let games = r.games;
    let mut out = Vec::new();
    let mut push = |level, code: &str, text: String, evidence: String, objects| {
        out.push(Finding {
            level,
            code: code.to_owned(),
            players: n,
            text,
            evidence,
            objects,
        })
    };

    if !r.errors.is_empty() {
        push(
            Level::Warning,
            "bot-error",
            format!(
                "{} {n}-player games stopped because a bot chose an action the rules refused (a defect to report)",
                r.errors.len()
            ),
            r.errors.first().cloned().unwrap_or_default(),
            Vec::new(),
        );
    }
    if games == 0 {
        return out;
    }

    let ends = &r.pace.end_reasons;
    if ends.stalemate.count > 0.0 {
        push(
            Level::Warning,
            "stalemate",
            format!(
                "{} of {n}-player games end in a stalemate (nobody can act for a whole round)",
                pct(ends.stalemate.value)
            ),
            evidence(&ends.stalemate),
            Vec::new(),
        );
    }
    if ends.turn_cap.count > 0.0 {
        push(
            Level::Warning,
            "turn-cap",
            format!(
                "{} of {n}-player games never end: they hit the turn cap",
                pct(ends.turn_cap.value)
            ),
            evidence(&ends.turn_cap),
            Vec::new(),
        );
    }

    // Seats: a win rate whose interval excludes the fair share.
    let fair = 1.0 / n as f64;
    for s in &r.outcome.seats {
        let w = &s.win_rate;
        // With two players one seat's edge is the other's handicap: say it once.
        if n == 2 && w.value < fair {
            continue;
        }
        if w.low > fair || w.high < fair {
            let gap = (w.value - fair).abs();
            push(
                if gap >= 0.05 {
                    Level::Warning
                } else {
                    Level::Info
                },
                "seat-advantage",
                format!(
                    "Seat {} wins {} of {n}-player games (95% CI {}–{}); a fair share is {}",
                    s.seat + 1,
                    pct(w.value),
                    pct(w.low),
                    pct(w.high),
                    pct(fair)
                ),
                evidence(w),
                vec![object("seat", s.seat, &format!("seat {}", s.seat + 1))],
            );
        }
    }

    // Routes. Below the player count that opens both tracks of a double
    // route, a track whose twin was claimed is not a dead route.
    let both_open = n >= usize::from(board.rules().doubles.both_tracks_from);
    let never: Vec<usize> = r
        .map
        .never_claimed
        .iter()
        .copied()
        .filter(|&i| {
            both_open
                || board.routes()[i]
                    .siblings
                    .iter()
                    .all(|s| r.map.routes[s.index()].claimed == 0)
        })
        .collect();
    for &i in never.iter().take(MAX_LISTED) {
        let route = &board.routes()[i];
        push(
            Level::Warning,
            "route-never-claimed",
            format!(
                "Route {} was never claimed in {} {n}-player games",
                route.name,
                thousands(games)
            ),
            format!("0 claims in {} games", thousands(games)),
            vec![object("route", i, &route.name)],
        );
    }
    if never.len() > MAX_LISTED {
        push(
            Level::Warning,
            "route-never-claimed",
            format!(
                "{} more routes were never claimed in {n}-player games",
                never.len() - MAX_LISTED
            ),
            format!("{} routes in all", never.len()),
            never[MAX_LISTED..]
                .iter()
                .map(|&i| object("route", i, &board.routes()[i].name))
                .collect(),
        );
    }
    let mut rare: Vec<_> = r
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
                    .all(|s| r.map.routes[s.index()].claim_rate < RARE_ROUTE)
        })
        .collect();
    rare.sort_by(|a, b| a.claim_rate.total_cmp(&b.claim_rate));
    for x in rare.iter().take(MAX_LISTED) {
        push(
            Level::Info,
            "route-rarely-claimed",
            format!(
                "Route {} is claimed in only {} of {n}-player games",
                x.name,
                pct(x.claim_rate)
            ),
            format!(
                "{} claims in {} games",
                thousands(x.claimed),
                thousands(games)
            ),
            vec![object("route", x.index, &x.name)],
        );
    }

    // Tickets.
    let mut hard: Vec<_> = r
        .map
        .tickets
        .iter()
        .filter(|t| t.held >= MIN_HELD && t.completion.value < HARD_TICKET)
        .collect();
    hard.sort_by(|a, b| a.completion.value.total_cmp(&b.completion.value));
    for t in hard.iter().take(MAX_LISTED) {
        push(
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
                "completed {} of {} times held; mean {:+.1} points to its holder",
                thousands(t.completed),
                thousands(t.held),
                t.mean_points
            ),
            vec![object("ticket", t.index, &t.name)],
        );
    }
    for t in r
        .map
        .tickets
        .iter()
        .filter(|t| t.offered >= MIN_HELD && (t.kept as f64) < 0.05 * t.offered as f64)
        .take(MAX_LISTED)
    {
        push(
            Level::Info,
            "ticket-refused",
            format!(
                "Ticket {} is kept only {} of the times it is offered ({n} players)",
                t.name,
                pct(t.kept as f64 / t.offered as f64)
            ),
            format!(
                "kept {} of {} offers",
                thousands(t.kept),
                thousands(t.offered)
            ),
            vec![object("ticket", t.index, &t.name)],
        );
    }

    // Bots.
    if r.outcome.bots.len() > 1 {
        let best = r
            .outcome
            .bots
            .iter()
            .enumerate()
            .filter(|(_, b)| b.seats_played > 0)
            .max_by(|a, b| a.1.win_rate.value.total_cmp(&b.1.win_rate.value));
        if let Some((i, b)) = best {
            push(
                Level::Info,
                "best-bot",
                format!(
                    "{} wins {} of its {n}-player games (95% CI {}–{}), the best of the bots",
                    b.bot,
                    pct(b.win_rate.value),
                    pct(b.win_rate.low),
                    pct(b.win_rate.high)
                ),
                format!(
                    "{} wins in {} seats; mean score {:.1}",
                    fmt_count(b.win_rate.count),
                    thousands(b.seats_played),
                    b.mean_score
                ),
                vec![object("bot", i, &b.bot)],
            );
        }
    }

    // Pace and feel.
    let m = &r.metrics;
    push(
        Level::Info,
        "ticket-completion",
        format!(
            "Players complete {} of their tickets in {n}-player games",
            pct(m.ticket_completion)
        ),
        format!(
            "{:.1} points won and {:.1} lost on tickets per player",
            r.scores.components.tickets_completed, r.scores.components.tickets_failed
        ),
        Vec::new(),
    );
    if r.outcome.top_score_ties.value >= 0.05 {
        push(
            Level::Info,
            "ties",
            format!(
                "{} of {n}-player games end with the top score tied",
                pct(r.outcome.top_score_ties.value)
            ),
            evidence(&r.outcome.top_score_ties),
            Vec::new(),
        );
    }
    let t = &r.map.tunnels;
    if t.attempts >= MIN_HELD && t.withdrawal_rate.value >= 0.2 {
        push(
            Level::Info,
            "tunnel-withdrawals",
            format!(
                "{} of tunnel claims are withdrawn in {n}-player games",
                pct(t.withdrawal_rate.value)
            ),
            format!(
                "{} of {} attempts",
                thousands(t.withdrawn),
                thousands(t.attempts)
            ),
            Vec::new(),
        );
    }
    push(
        Level::Info,
        "pace",
        format!(
            "A {n}-player game lasts {:.0} turns on average ({:.0}–{:.0} for the middle half); the winner leads for good after {} of it",
            r.pace.turns.mean,
            r.pace.turns.p25,
            r.pace.turns.p75,
            pct(m.decided_at)
        ),
        format!(
            "{:.1} lead changes per game; mean winning margin {:.1} points",
            m.lead_changes, r.scores.margin.mean
        ),
        Vec::new(),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(5000), "5,000");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
