//! The simulation report: what happened, where, and how sure we are, per
//! player count. Field names are part of the documented JSON format
//! (`docs/simulation.md`, schema [`SCHEMA`]); add fields, never rename them.

use serde::{Deserialize, Serialize};

use indexmap::IndexMap;

use super::measures::Measures;
use super::record::GameRecord;
use super::stats::{Histogram, Rate, Summary};
use crate::game::{EndReason, Family};

/// The report format's version.
pub const SCHEMA: u32 = 1;

/// Histograms have at most about this many bins.
pub const HISTOGRAM_BINS: usize = 30;

/// A whole simulation; `R` is the family's section of each player count
/// ([`Measures::Report`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimReport<R> {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The design's name.
    pub design: String,
    /// The seed every game was derived from.
    pub seed: u64,
    /// The bots, as given.
    pub bots: Vec<String>,
    /// Games asked for per player count.
    pub games_requested: u32,
    /// The harness's turn limit.
    pub turn_cap: u32,
    /// Stopped early: the report covers the games finished.
    pub cancelled: bool,
    /// Every finding, most important first.
    pub findings: Vec<Finding>,
    /// One section per player count.
    pub by_players: Vec<PlayerCountReport<R>>,
    /// How often the stronger player wins ([`super::skill`]), when measured
    /// (absent otherwise, so reports without it are unchanged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skill: Option<super::skill::SkillReport>,
}

/// How much a finding matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A flaw to fix (stalemates, a dominant seat, dead routes).
    Warning,
    /// Worth knowing.
    Info,
}

/// An object a finding names, by its index in the design file's lists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectName {
    /// `route`, `ticket`, `city`, `seat` or `bot`.
    pub kind: String,
    /// Index in its list (seats and bots 0-based).
    pub index: usize,
    /// How messages name it.
    pub name: String,
}

/// A plain sentence with its evidence and the objects it names.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// How much it matters.
    pub level: Level,
    /// A stable code, e.g. `stalemate`, `seat-advantage`, `route-never-claimed`.
    pub code: String,
    /// The player count it is about.
    pub players: usize,
    /// The sentence.
    pub text: String,
    /// The numbers behind it.
    pub evidence: String,
    /// What it is about.
    pub objects: Vec<ObjectName>,
}

/// Everything about one player count: what every family shares, and the
/// family's own section `R` (the board game's `map`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerCountReport<R> {
    /// Players per game.
    pub players: usize,
    /// Games in this section.
    pub games: u64,
    /// Who won.
    pub outcome: OutcomeReport,
    /// Scores.
    pub scores: ScoreReport,
    /// How the games went.
    pub pace: PaceReport,
    /// The family's own section (its fields stand beside these in JSON).
    #[serde(flatten)]
    pub family: R,
    /// Design metrics in the Ludii tradition.
    pub metrics: DesignMetrics,
    /// Bot actions the rules refused (defects; empty in a healthy run).
    pub errors: Vec<String>,
}

/// Wins by seat and by bot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OutcomeReport {
    /// Per seat (0 = first player). Shared wins count as a share.
    pub seats: Vec<SeatOutcome>,
    /// Per bot of the configured list.
    pub bots: Vec<BotOutcome>,
    /// First seat's win rate minus the fair share `1/players`.
    pub first_player_advantage: f64,
    /// Games with more than one winner after the tie-breaks.
    pub shared_wins: Rate,
    /// Games whose top score was tied before the tie-breaks.
    pub top_score_ties: Rate,
}

/// One seat's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatOutcome {
    /// 0-based seat.
    pub seat: usize,
    /// Win rate with its 95% interval.
    pub win_rate: Rate,
    /// Mean final score.
    pub mean_score: f64,
}

/// One bot's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotOutcome {
    /// The bot, as given.
    pub bot: String,
    /// Seats it played.
    pub seats_played: u64,
    /// Win rate per seat played, with its 95% interval.
    pub win_rate: Rate,
    /// Mean final score.
    pub mean_score: f64,
    /// Mean rank (1 = first).
    pub mean_rank: f64,
    /// Mean share of its tickets completed (families with tickets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket_completion: Option<f64>,
}

/// Score statistics (per player unless said).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScoreReport {
    /// Final scores of every player.
    pub total: Summary,
    /// The winners' scores.
    pub winner: Summary,
    /// Winner minus runner-up.
    pub margin: Summary,
    /// Mean points per player by component, in the family's order (the
    /// board game: `routes`, `doubling`, `tickets_completed`,
    /// `tickets_failed`, `longest_path_bonus`, `globetrotter_bonus`,
    /// `stations`).
    pub components: IndexMap<String, f64>,
    /// Final scores by seat (0 = first player).
    #[serde(default)]
    pub by_seat: Vec<Summary>,
    /// Final scores by bot (configured order).
    #[serde(default)]
    pub by_bot: Vec<Summary>,
    /// Final scores of every player, binned.
    #[serde(default)]
    pub histogram: Histogram,
}

/// How the games went.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PaceReport {
    /// Turns per game.
    pub turns: Summary,
    /// Actions per game.
    pub actions: Summary,
    /// Share of each kind of action.
    pub action_shares: Vec<ActionShare>,
    /// Why games ended.
    pub end_reasons: EndReasons,
    /// Automatic passes (a player who could do nothing) per game.
    pub passes_per_game: f64,
    /// Turns per game, binned.
    #[serde(default)]
    pub turns_histogram: Histogram,
}

/// One kind of action's share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActionShare {
    /// The family's name of the kind (the board game: `keep-tickets`,
    /// `draw-card`, `draw-terrain`, `draw-tickets`, `claim`, `tunnel`,
    /// `station` or `double`).
    pub kind: String,
    /// Actions of this kind.
    pub count: u64,
    /// Their share of all actions.
    pub share: f64,
}

/// End reasons with 95% intervals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndReasons {
    /// A player ran low on trains and the last round was played.
    pub normal: Rate,
    /// Nobody could act for a whole round.
    pub stalemate: Rate,
    /// The turn cap was reached.
    pub turn_cap: Rate,
    /// A player could do nothing on its turn (an automatic pass), whatever
    /// the end.
    #[serde(default = "no_games")]
    pub jam: Rate,
    /// Jams, stalemates and turn caps by the bots at the table, with a game
    /// to replay ([`super::findings::EndingTally`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by_bot: Vec<super::findings::BotTrouble>,
}

/// A rate of nothing in no games (reports written before a field existed).
fn no_games() -> Rate {
    Rate::new(0.0, 0)
}

/// Design metrics in the Ludii tradition (Browne's game-quality measures).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DesignMetrics {
    /// 1 − the largest gap in win rate between two seats (1 = perfectly fair).
    pub balance: f64,
    /// First seat's win rate minus `1/players`.
    pub first_player_advantage: f64,
    /// Times the lead on the score track changes hands per game.
    pub lead_changes: f64,
    /// Mean share of the game played before the winner led for good (low:
    /// decided early; high: decided late).
    pub decided_at: f64,
    /// Games whose top score was tied before tie-breaks.
    pub drawishness: f64,
    /// Games that ended normally (not by stalemate or turn cap).
    pub completion: f64,
    /// Share of held tickets completed (families with tickets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket_completion: Option<f64>,
}

/// Accumulates game records of one player count, in game order: the shared
/// sections here, the family's in its [`Measures`].
#[derive(Debug)]
pub struct Accumulator<F: Family> {
    players: usize,
    bots: Vec<String>,
    games: u64,
    seat_wins: Vec<f64>,
    seat_score: Vec<f64>,
    bot_seats: Vec<u64>,
    bot_wins: Vec<f64>,
    bot_score: Vec<f64>,
    bot_rank: Vec<f64>,
    bot_goals: Vec<(u64, u64)>,
    has_goals: bool,
    shared: u64,
    top_ties: u64,
    totals: Vec<f64>,
    seat_totals: Vec<Vec<f64>>,
    bot_totals: Vec<Vec<f64>>,
    winners: Vec<f64>,
    margins: Vec<f64>,
    components: Vec<f64>,
    turns: Vec<f64>,
    actions: Vec<f64>,
    kinds: Vec<u64>,
    reasons: [u64; 3],
    passes: u64,
    lead_changes: u64,
    settled: f64,
    errors: Vec<String>,
    endings: super::findings::EndingTally,
    family: F::Measures,
}

impl<F: Family> Accumulator<F> {
    /// An empty accumulator for games of `players` on `design`.
    pub fn new(design: &F::Design, players: usize, bots: &[String]) -> Self {
        let b = bots.len();
        Accumulator {
            players,
            bots: bots.to_vec(),
            games: 0,
            seat_wins: vec![0.0; players],
            seat_score: vec![0.0; players],
            bot_seats: vec![0; b],
            bot_wins: vec![0.0; b],
            bot_score: vec![0.0; b],
            bot_rank: vec![0.0; b],
            bot_goals: vec![(0, 0); b],
            has_goals: false,
            shared: 0,
            top_ties: 0,
            totals: Vec::new(),
            seat_totals: vec![Vec::new(); players],
            bot_totals: vec![Vec::new(); b],
            winners: Vec::new(),
            margins: Vec::new(),
            components: vec![0.0; F::SCORE_COMPONENTS.len()],
            turns: Vec::new(),
            actions: Vec::new(),
            kinds: vec![0; F::ACTION_KINDS.len()],
            reasons: [0; 3],
            passes: 0,
            lead_changes: 0,
            settled: 0.0,
            errors: Vec::new(),
            endings: super::findings::EndingTally::new(bots),
            family: F::Measures::new(design, players, bots),
        }
    }

    /// Adds one game.
    pub fn add(&mut self, design: &F::Design, g: &GameRecord<<F::Measures as Measures<F>>::Game>) {
        if let Some(e) = &g.error {
            self.errors.push(e.clone());
        }
        if g.accounts.len() != self.players || g.ranks.len() != self.players {
            return;
        }
        self.games += 1;
        let n = self.players;
        let winners = g.ranks.iter().filter(|&&r| r == 0).count().max(1);
        let share = 1.0 / winners as f64;
        if winners > 1 {
            self.shared += 1;
        }
        let mut totals: Vec<i32> = g.accounts.iter().map(|a| a.total).collect();
        totals.sort_unstable_by(|a, b| b.cmp(a));
        if n > 1 && totals[0] == totals[1] {
            self.top_ties += 1;
        }
        if n > 1 {
            self.margins.push(f64::from(totals[0] - totals[1]));
        }
        for (s, a) in g.accounts.iter().enumerate() {
            let won = g.ranks[s] == 0;
            let bot = g.seats[s];
            let total = f64::from(a.total);
            self.seat_score[s] += total;
            self.totals.push(total);
            self.seat_totals[s].push(total);
            self.bot_totals[bot].push(total);
            if won {
                self.seat_wins[s] += share;
                self.bot_wins[bot] += share;
                self.winners.push(total);
            }
            self.bot_seats[bot] += 1;
            self.bot_score[bot] += total;
            self.bot_rank[bot] += f64::from(g.ranks[s]) + 1.0;
            if let Some((held, done)) = a.goals {
                self.has_goals = true;
                self.bot_goals[bot].0 += u64::from(held);
                self.bot_goals[bot].1 += u64::from(done);
            }
            for (sum, &points) in self.components.iter_mut().zip(&a.components) {
                *sum += f64::from(points);
            }
        }
        self.turns.push(f64::from(g.turns));
        self.actions.push(f64::from(g.actions));
        for (k, &c) in g.kinds.iter().enumerate() {
            self.kinds[k] += u64::from(c);
        }
        self.reasons[match g.reason {
            EndReason::Normal => 0,
            EndReason::Stalemate => 1,
            EndReason::TurnCap => 2,
        }] += 1;
        self.passes += u64::from(g.passes);
        self.endings.add(g.seed, &g.seats, g.reason, g.passes);
        self.lead_changes += u64::from(g.lead_changes);
        self.settled += g.settled_at;
        self.family.add(design, g);
    }

    /// The finished section (findings are added by the caller).
    pub fn finish(
        mut self,
        design: &F::Design,
    ) -> PlayerCountReport<<F::Measures as Measures<F>>::Report> {
        let games = self.games;
        let gf = games.max(1) as f64;
        let pf = (games * self.players as u64).max(1) as f64;
        let has_goals = self.has_goals;
        let seats: Vec<SeatOutcome> = (0..self.players)
            .map(|s| SeatOutcome {
                seat: s,
                win_rate: Rate::new(self.seat_wins[s], games),
                mean_score: self.seat_score[s] / gf,
            })
            .collect();
        let bots = (0..self.bots.len())
            .map(|b| {
                let n = self.bot_seats[b];
                let nf = n.max(1) as f64;
                let (held, done) = self.bot_goals[b];
                BotOutcome {
                    bot: self.bots[b].clone(),
                    seats_played: n,
                    win_rate: Rate::new(self.bot_wins[b], n),
                    mean_score: self.bot_score[b] / nf,
                    mean_rank: self.bot_rank[b] / nf,
                    ticket_completion: has_goals.then(|| done as f64 / held.max(1) as f64),
                }
            })
            .collect();
        let fair = 1.0 / self.players as f64;
        let fpa = seats.first().map_or(0.0, |s| s.win_rate.value - fair);
        let (lo, hi) = seats.iter().fold((1.0f64, 0.0f64), |(lo, hi), s| {
            (lo.min(s.win_rate.value), hi.max(s.win_rate.value))
        });
        let components = F::SCORE_COMPONENTS
            .iter()
            .zip(&self.components)
            .map(|(name, sum)| ((*name).to_owned(), sum / pf))
            .collect();
        let all_actions: u64 = self.kinds.iter().sum();
        let action_shares = F::ACTION_KINDS
            .iter()
            .zip(&self.kinds)
            .map(|(k, &count)| ActionShare {
                kind: (*k).to_owned(),
                count,
                share: count as f64 / all_actions.max(1) as f64,
            })
            .collect();
        let held: u64 = self.bot_goals.iter().map(|g| g.0).sum();
        let done: u64 = self.bot_goals.iter().map(|g| g.1).sum();
        PlayerCountReport {
            players: self.players,
            games,
            outcome: OutcomeReport {
                seats,
                bots,
                first_player_advantage: fpa,
                shared_wins: Rate::new(self.shared as f64, games),
                top_score_ties: Rate::new(self.top_ties as f64, games),
            },
            scores: ScoreReport {
                histogram: Histogram::of(&self.totals, HISTOGRAM_BINS),
                by_seat: self
                    .seat_totals
                    .iter_mut()
                    .map(|v| Summary::of(v))
                    .collect(),
                by_bot: self.bot_totals.iter_mut().map(|v| Summary::of(v)).collect(),
                total: Summary::of(&mut self.totals),
                winner: Summary::of(&mut self.winners),
                margin: Summary::of(&mut self.margins),
                components,
            },
            pace: PaceReport {
                turns_histogram: Histogram::of(&self.turns, HISTOGRAM_BINS),
                turns: Summary::of(&mut self.turns),
                actions: Summary::of(&mut self.actions),
                action_shares,
                end_reasons: EndReasons {
                    normal: Rate::new(self.reasons[0] as f64, games),
                    stalemate: Rate::new(self.reasons[1] as f64, games),
                    turn_cap: Rate::new(self.reasons[2] as f64, games),
                    jam: self.endings.totals()[0],
                    by_bot: self.endings.finish(),
                },
                passes_per_game: self.passes as f64 / gf,
            },
            family: self.family.finish(design, games),
            metrics: DesignMetrics {
                balance: if games > 0 { 1.0 - (hi - lo) } else { 0.0 },
                first_player_advantage: fpa,
                lead_changes: self.lead_changes as f64 / gf,
                decided_at: self.settled / gf,
                drawishness: self.top_ties as f64 / gf,
                completion: self.reasons[0] as f64 / gf,
                ticket_completion: has_goals.then(|| done as f64 / held.max(1) as f64),
            },
            errors: self.errors,
        }
    }
}
