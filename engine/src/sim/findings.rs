//! Findings: the report's numbers turned into plain sentences a designer can
//! act on, each with its evidence and the objects it names. A game that jams
//! (a player can do nothing on its turn), stalemates or hits the turn cap is
//! always a finding, naming the bot most often at the table when it happens
//! ([`EndingTally`]) and a game to replay. The findings every family shares
//! are here; a family adds its own ([`super::Measures::findings`]), and each
//! finding's [`Topic`] places it in the list.

use serde::{Deserialize, Serialize};

use super::report::{Finding, Level, ObjectName, PlayerCountReport};
use super::stats::{Rate, pct};
use crate::game::EndReason;

/// A way a game goes wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trouble {
    /// A player could do nothing at the start of its turn and passed (the
    /// board game: no train card to draw, no ticket, no route it can pay).
    Jam,
    /// Nobody could act for a whole round: the game ended there.
    Stalemate,
    /// The game hit the turn cap.
    TurnCap,
}

impl Trouble {
    /// Every kind, in the order findings list them.
    pub const ALL: [Trouble; 3] = [Trouble::Jam, Trouble::Stalemate, Trouble::TurnCap];

    /// The finding code.
    pub fn code(self) -> &'static str {
        match self {
            Trouble::Jam => "jam",
            Trouble::Stalemate => "stalemate",
            Trouble::TurnCap => "turn-cap",
        }
    }

    /// Did a game with this end reason and these automatic passes go so?
    fn happened(self, reason: EndReason, passes: u32) -> bool {
        match self {
            Trouble::Jam => passes > 0,
            Trouble::Stalemate => reason == EndReason::Stalemate,
            Trouble::TurnCap => reason == EndReason::TurnCap,
        }
    }
}

/// How often one kind of trouble happened with one bot at the table, and a
/// game to replay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotTrouble {
    /// What happened.
    pub kind: Trouble,
    /// The bot (as configured).
    pub bot: String,
    /// Share of the games this bot sat in that went so.
    pub with: Rate,
    /// Share of the games without this bot that went so.
    pub without: Rate,
    /// The seed of the first such game with this bot (the seed `tracklayer
    /// play --seed` takes: it deals the game and seeds its bots).
    pub seed: u64,
    /// That game's bots, seat by seat (`tracklayer play --bots`).
    pub seats: Vec<String>,
}

impl BotTrouble {
    /// The command that replays the example game (`FILE`: the design; add
    /// `--max-turns N` when the simulation's `--turn-cap` was not the
    /// default).
    pub fn replay(&self) -> String {
        format!(
            "tracklayer play FILE --players {} --seed {} --bots {}",
            self.seats.len(),
            self.seed,
            self.seats.join(",")
        )
    }
}

/// Games of one kind of trouble with one bot at the table, and the first
/// such game: its seed and its bots by seat (indices into the configured list).
#[derive(Clone, Debug, Default)]
struct Hits {
    games: u64,
    first: Option<(u64, Vec<usize>)>,
}

/// Counts troubles per bot at the table, game by game.
#[derive(Debug)]
pub struct EndingTally {
    bots: Vec<String>,
    games: u64,
    /// Per kind: games with trouble overall.
    total: [u64; 3],
    /// Per bot: games played.
    played: Vec<u64>,
    /// Per kind and bot: games with trouble, and the first one's seed and seats.
    hits: [Vec<Hits>; 3],
}

impl EndingTally {
    /// An empty tally for the configured `bots`.
    pub fn new(bots: &[String]) -> Self {
        let b = bots.len();
        EndingTally {
            bots: bots.to_vec(),
            games: 0,
            total: [0; 3],
            played: vec![0; b],
            hits: std::array::from_fn(|_| vec![Hits::default(); b]),
        }
    }

    /// Adds a game dealt from `seed` with bot `seats[s]` at seat `s`.
    pub fn add(&mut self, seed: u64, seats: &[usize], reason: EndReason, passes: u32) {
        self.games += 1;
        let mut present = vec![false; self.bots.len()];
        for &b in seats {
            present[b] = true;
        }
        for (b, &p) in present.iter().enumerate() {
            if p {
                self.played[b] += 1;
            }
        }
        for (k, kind) in Trouble::ALL.into_iter().enumerate() {
            if !kind.happened(reason, passes) {
                continue;
            }
            self.total[k] += 1;
            for (b, &p) in present.iter().enumerate() {
                if p {
                    let hit = &mut self.hits[k][b];
                    hit.games += 1;
                    hit.first.get_or_insert_with(|| (seed, seats.to_vec()));
                }
            }
        }
    }

    /// Games with each kind of trouble overall.
    pub fn totals(&self) -> [Rate; 3] {
        self.total.map(|n| Rate::new(n as f64, self.games))
    }

    /// Every (kind, bot) that had trouble, kinds in [`Trouble::ALL`]'s order
    /// and bots by their share, highest first.
    pub fn finish(self) -> Vec<BotTrouble> {
        let mut out = Vec::new();
        for (k, kind) in Trouble::ALL.into_iter().enumerate() {
            let mut of_kind: Vec<BotTrouble> = Vec::new();
            for (b, hit) in self.hits[k].iter().enumerate() {
                let Some((seed, seats)) = &hit.first else {
                    continue;
                };
                let n = &hit.games;
                let played = self.played[b];
                of_kind.push(BotTrouble {
                    kind,
                    bot: self.bots[b].clone(),
                    with: Rate::new(*n as f64, played),
                    without: Rate::new((self.total[k] - n) as f64, self.games - played),
                    seed: *seed,
                    seats: seats.iter().map(|&s| self.bots[s].clone()).collect(),
                });
            }
            of_kind.sort_by(|a, b| b.with.value.total_cmp(&a.with.value));
            out.extend(of_kind);
        }
        out
    }
}

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
pub use crate::words::thousands;

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
        "{} of {}; 95% CI {}–{}",
        fmt_count(r.count),
        crate::words::count_grouped(r.of, "game"),
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
    for (kind, rate, what) in [
        (
            Trouble::Jam,
            &ends.jam,
            "jam: a player can do nothing on its turn and passes",
        ),
        (
            Trouble::Stalemate,
            &ends.stalemate,
            "end in a stalemate (nobody can act for a whole round)",
        ),
        (
            Trouble::TurnCap,
            &ends.turn_cap,
            "never end: they hit the turn cap",
        ),
    ] {
        if rate.count <= 0.0 {
            continue;
        }
        let mut text = format!("{} of {n}-player games {what}", pct(rate.value));
        let mut evidence_text = evidence(rate);
        // The bot most often at the table when it happens (the list is
        // sorted by share), named when it sat in some games and not all.
        let mut of_kind = ends.by_bot.iter().filter(|b| b.kind == kind);
        if let Some(b) = of_kind.next() {
            if b.without.of > 0 {
                text.push_str(&format!(
                    "; most with {} at the table: {} of its games (95% CI {}–{}) against {} without it",
                    b.bot,
                    pct(b.with.value),
                    pct(b.with.low),
                    pct(b.with.high),
                    pct(b.without.value)
                ));
                if let Some(next) = of_kind.next() {
                    text.push_str(&format!(
                        " (next: {}, {} of its games)",
                        next.bot,
                        pct(next.with.value)
                    ));
                }
            } else {
                text.push_str(&format!("; {} sat in every game", b.bot));
            }
            evidence_text.push_str(&format!("; replay one: {}", b.replay()));
        }
        f.push(Level::Warning, kind.code(), text, evidence_text, Vec::new());
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
                    "{} wins in {}; mean score {:.1}",
                    fmt_count(b.win_rate.count),
                    crate::words::count_grouped(b.seats_played, "seat"),
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
    fn troubles_are_counted_by_the_bots_at_the_table_with_a_game_to_replay() {
        let bots: Vec<String> = ["a", "b", "hoarder"].map(String::from).to_vec();
        let mut t = EndingTally::new(&bots);
        t.add(11, &[0, 1], EndReason::Normal, 0);
        t.add(12, &[2, 0], EndReason::Normal, 3);
        t.add(13, &[1, 2], EndReason::Stalemate, 2);
        t.add(14, &[0, 1], EndReason::Normal, 0);
        let [jam, stalemate, cap] = t.totals();
        assert_eq!((jam.count, stalemate.count, cap.count), (2.0, 1.0, 0.0));
        let list = t.finish();
        // Jams: hoarder sat in both (100%), a in one of three, b in one of three.
        let first = &list[0];
        assert_eq!((first.kind, first.bot.as_str()), (Trouble::Jam, "hoarder"));
        assert_eq!((first.with.count, first.with.of), (2.0, 2));
        assert_eq!((first.without.count, first.without.of), (0.0, 2));
        assert_eq!(first.seed, 12);
        assert_eq!(
            first.replay(),
            "tracklayer play FILE --players 2 --seed 12 --bots hoarder,a"
        );
        assert!(list.iter().all(|b| b.kind != Trouble::TurnCap));
        assert_eq!(
            list.iter().filter(|b| b.kind == Trouble::Stalemate).count(),
            2
        );
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(5000), "5,000");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
