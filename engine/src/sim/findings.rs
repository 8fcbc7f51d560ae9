//! Findings: the report's numbers turned into plain sentences a designer can
//! act on, each with its evidence and the objects it names. A game that hits
//! the turn cap or a stalemate is always a finding. The findings every family
//! shares are here; a family adds its own ([`super::Measures::findings`]),
//! and each finding's [`Topic`] places it in the list.

use super::report::{Finding, Level, ObjectName, PlayerCountReport};
use super::stats::{Rate, pct};

/// What a finding is about. Findings of one level are listed in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Topic {
    /// Defects: bot actions the rules refused.
    Defects,
    /// Games that do not end normally.
    Endings,
    /// Seats that win more or less than their share.
    Seats,
    /// The design's objects (the board game: routes and tickets).
    Design,
    /// The bots.
    Bots,
    /// How players do on their goals (tickets).
    Goals,
    /// Tied top scores.
    Ties,
    /// The family's mechanisms (tunnels, …).
    Mechanisms,
    /// Length and feel of a game.
    Pace,
}

/// Findings as they are written: each gets the current topic and the
/// section's player count.
#[derive(Debug)]
pub struct FindingList {
    players: usize,
    /// The topic of the findings pushed next.
    pub topic: Topic,
    list: Vec<(Topic, Finding)>,
}

impl FindingList {
    /// An empty list for a section of `players`-player games.
    pub fn new(players: usize, topic: Topic) -> Self {
        FindingList {
            players,
            topic,
            list: Vec::new(),
        }
    }

    /// Adds a finding under the current topic.
    pub fn push(
        &mut self,
        level: Level,
        code: &str,
        text: String,
        evidence: String,
        objects: Vec<ObjectName>,
    ) {
        self.list.push((
            self.topic,
            Finding {
                level,
                code: code.to_owned(),
                players: self.players,
                text,
                evidence,
                objects,
            },
        ));
    }

    /// The findings with their topics.
    pub fn into_inner(self) -> Vec<(Topic, Finding)> {
        self.list
    }
}

/// The findings of one section, shared and the family's, in topic order
/// (stable: findings of one topic keep the order they were written in).
pub fn section_findings<R>(
    r: &PlayerCountReport<R>,
    family: impl FnOnce() -> Vec<(Topic, Finding)>,
) -> Vec<Finding> {
    let mut all = shared_findings(r);
    if r.games > 0 {
        all.extend(family());
    }
    all.sort_by_key(|(topic, _)| *topic);
    all.into_iter().map(|(_, f)| f).collect()
}

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

/// A named object of a finding.
pub fn object(kind: &str, index: usize, name: &str) -> ObjectName {
    ObjectName {
        kind: kind.to_owned(),
        index,
        name: name.to_owned(),
    }
}

/// "N of M games; 95% CI a–b".
pub fn evidence(r: &Rate) -> String {
    format!(
        "{} of {} games; 95% CI {}–{}",
        fmt_count(r.count),
        thousands(r.of),
        pct(r.low),
        pct(r.high)
    )
}

/// A count that may be a share (shared wins): whole numbers without decimals.
pub fn fmt_count(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        thousands(x.round() as u64)
    } else {
        format!("{x:.1}")
    }
}

/// The findings every family shares, on one player count's section.
fn shared_findings<R>(r: &PlayerCountReport<R>) -> Vec<(Topic, Finding)> {
    let n = r.players;
    let games = r.games;
    let mut f = FindingList::new(n, Topic::Defects);

    if !r.errors.is_empty() {
        f.push(
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
        return f.into_inner();
    }
    f.topic = Topic::Endings;

    let ends = &r.pace.end_reasons;
    if ends.stalemate.count > 0.0 {
        f.push(
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
        f.push(
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

    f.topic = Topic::Seats;
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
            f.push(
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

    f.topic = Topic::Bots;
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
            f.push(
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
    f.topic = Topic::Ties;
    if r.outcome.top_score_ties.value >= 0.05 {
        f.push(
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
    f.topic = Topic::Pace;
    f.push(
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
    f.into_inner()
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
