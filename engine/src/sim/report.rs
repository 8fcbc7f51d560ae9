//! The simulation report: what happened, where, and how sure we are, per
//! player count. Field names are part of the documented JSON format
//! (`docs/simulation.md`, schema [`SCHEMA`]); add fields, never rename them.

use serde::{Deserialize, Serialize};

use super::record::{GameRecord, TunnelResult};
use super::stats::{Histogram, Rate, Summary};
use crate::board::{Board, Place, RouteColor};
use crate::board_game::ActionKind;
use crate::game::EndReason;

/// The report format's version.
pub const SCHEMA: u32 = 1;

/// Histograms have at most about this many bins.
pub const HISTOGRAM_BINS: usize = 30;

/// A whole simulation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimReport {
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
    pub by_players: Vec<PlayerCountReport>,
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

/// Everything about one player count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerCountReport {
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
    /// The map's routes, cities and tickets.
    pub map: MapReport,
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
    /// Mean share of its tickets completed.
    pub ticket_completion: f64,
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
    /// Mean points per player by component.
    pub components: Components,
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

/// Mean points per player by component.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Components {
    /// Claimed routes (doubling included).
    pub routes: f64,
    /// The doubling part of `routes`.
    pub doubling: f64,
    /// Completed tickets.
    pub tickets_completed: f64,
    /// Failed tickets (subtracted).
    pub tickets_failed: f64,
    /// Longest-path bonus.
    pub longest_path_bonus: f64,
    /// Globetrotter bonus.
    pub globetrotter_bonus: f64,
    /// Unbuilt stations.
    pub stations: f64,
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
    /// `keep-tickets`, `draw-card`, `draw-terrain`, `draw-tickets`, `claim`,
    /// `tunnel`, `station` or `double`.
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
}

/// The map's objects.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapReport {
    /// Every route, in file order.
    pub routes: Vec<RouteRow>,
    /// Routes never claimed, by index.
    pub never_claimed: Vec<usize>,
    /// Every city, in file order.
    pub cities: Vec<CityRow>,
    /// Every ticket, in file order.
    pub tickets: Vec<TicketRow>,
    /// Each player's longest path (car spaces).
    pub longest_path: Summary,
    /// The longest path of each game.
    pub longest_path_per_game: Summary,
    /// Tunnel claims.
    pub tunnels: TunnelReport,
    /// Stations.
    pub stations: StationReport,
    /// Terrain doubling.
    pub doublings: DoublingReport,
}

/// One route's statistics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RouteRow {
    /// Index in the design's `routes`.
    pub index: usize,
    /// The route's key (file `id`, or its name).
    pub key: String,
    /// `From - To (colour)`.
    pub name: String,
    /// Car spaces.
    pub length: u8,
    /// Colour name or `gray`.
    pub color: String,
    /// Games in which it was claimed.
    pub claimed: u64,
    /// `claimed / games`.
    pub claim_rate: f64,
    /// Mean turn it was claimed (when claimed).
    pub mean_turn: Option<f64>,
    /// Claims by seat.
    pub by_seat: Vec<u64>,
    /// Claims by bot (configured order).
    pub by_bot: Vec<u64>,
    /// Tunnel claims tried.
    pub tunnel_attempts: u64,
    /// Tunnel claims withdrawn.
    pub tunnel_withdrawals: u64,
    /// Times its points were doubled.
    pub doubled: u64,
    /// Times a station borrowed it.
    pub borrowed: u64,
}

/// One city's statistics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CityRow {
    /// Index in the design's `cities`.
    pub index: usize,
    /// Its name.
    pub name: String,
    /// Completed tickets ending here (a country's ticket counts for each of
    /// its locations), in all games.
    pub completed_tickets: u64,
    /// Per game.
    pub completed_per_game: f64,
    /// Stations built here.
    pub stations: u64,
}

/// One ticket's statistics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TicketRow {
    /// Index in the design's `tickets`.
    pub index: usize,
    /// `From - To`.
    pub name: String,
    /// Its points.
    pub points: i32,
    /// A long ticket.
    pub long: bool,
    /// Times offered (setup and draws).
    pub offered: u64,
    /// Times kept.
    pub kept: u64,
    /// Times held at the end of a game.
    pub held: u64,
    /// Times completed.
    pub completed: u64,
    /// `completed / held`, with its 95% interval.
    pub completion: Rate,
    /// Mean points it gave its holder (negative when failed).
    pub mean_points: f64,
}

/// Tunnel outcomes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TunnelReport {
    /// Tunnel claims tried.
    pub attempts: u64,
    /// Attempts by extra cards asked (index = extra cards).
    pub extra_cards: Vec<u64>,
    /// Attempts paid (with extra cards).
    pub paid: u64,
    /// Attempts withdrawn.
    pub withdrawn: u64,
    /// Withdrawn share of the attempts.
    pub withdrawal_rate: Rate,
}

/// Stations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StationReport {
    /// Stations built per game.
    pub built_per_game: f64,
    /// Routes borrowed through stations per game.
    pub borrowed_per_game: f64,
}

/// Terrain doubling.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DoublingReport {
    /// Doublings per game.
    pub per_game: f64,
    /// Points added per game.
    pub points_per_game: f64,
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
    /// Share of held tickets completed.
    pub ticket_completion: f64,
}

/// Accumulates game records of one player count, in game order.
#[derive(Debug)]
pub struct Accumulator {
    players: usize,
    bots: Vec<String>,
    games: u64,
    seat_wins: Vec<f64>,
    seat_score: Vec<f64>,
    bot_seats: Vec<u64>,
    bot_wins: Vec<f64>,
    bot_score: Vec<f64>,
    bot_rank: Vec<f64>,
    bot_held: Vec<u64>,
    bot_done: Vec<u64>,
    shared: u64,
    top_ties: u64,
    totals: Vec<f64>,
    seat_totals: Vec<Vec<f64>>,
    bot_totals: Vec<Vec<f64>>,
    winners: Vec<f64>,
    margins: Vec<f64>,
    comp: Components,
    turns: Vec<f64>,
    actions: Vec<f64>,
    kinds: [u64; 8],
    reasons: [u64; 3],
    passes: u64,
    routes: Vec<RouteAcc>,
    city_done: Vec<u64>,
    city_stations: Vec<u64>,
    tickets: Vec<TicketAcc>,
    longest: Vec<f64>,
    longest_game: Vec<f64>,
    tunnel_extra: Vec<u64>,
    tunnel_paid: u64,
    tunnel_withdrawn: u64,
    stations: u64,
    borrowed: u64,
    doublings: u64,
    doubling_points: i64,
    lead_changes: u64,
    settled: f64,
    errors: Vec<String>,
}

#[derive(Debug, Clone, Default)]
struct RouteAcc {
    claimed: u64,
    turn_sum: u64,
    by_seat: Vec<u64>,
    by_bot: Vec<u64>,
    tunnel: u64,
    withdrawn: u64,
    doubled: u64,
    borrowed: u64,
}

#[derive(Debug, Clone, Default)]
struct TicketAcc {
    offered: u64,
    kept: u64,
    held: u64,
    completed: u64,
    points: i64,
}

impl Accumulator {
    /// An empty accumulator for games of `players` on `board`.
    pub fn new(board: &Board, players: usize, bots: &[String]) -> Self {
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
            bot_held: vec![0; b],
            bot_done: vec![0; b],
            shared: 0,
            top_ties: 0,
            totals: Vec::new(),
            seat_totals: vec![Vec::new(); players],
            bot_totals: vec![Vec::new(); b],
            winners: Vec::new(),
            margins: Vec::new(),
            comp: Components::default(),
            turns: Vec::new(),
            actions: Vec::new(),
            kinds: [0; 8],
            reasons: [0; 3],
            passes: 0,
            routes: vec![
                RouteAcc {
                    by_seat: vec![0; players],
                    by_bot: vec![0; b],
                    ..RouteAcc::default()
                };
                board.routes().len()
            ],
            city_done: vec![0; board.cities().len()],
            city_stations: vec![0; board.cities().len()],
            tickets: vec![TicketAcc::default(); board.tickets().len()],
            longest: Vec::new(),
            longest_game: Vec::new(),
            tunnel_extra: vec![0; usize::from(board.rules().tunnels.reveal) + 1],
            tunnel_paid: 0,
            tunnel_withdrawn: 0,
            stations: 0,
            borrowed: 0,
            doublings: 0,
            doubling_points: 0,
            lead_changes: 0,
            settled: 0.0,
            errors: Vec::new(),
        }
    }

    /// Adds one game.
    pub fn add(&mut self, board: &Board, g: &GameRecord) {
        if let Some(e) = &g.error {
            self.errors.push(e.clone());
        }
        if g.breakdowns.len() != self.players || g.ranks.len() != self.players {
            return;
        }
        self.games += 1;
        let n = self.players;
        let winners = g.ranks.iter().filter(|&&r| r == 0).count().max(1);
        let share = 1.0 / winners as f64;
        if winners > 1 {
            self.shared += 1;
        }
        let mut totals: Vec<i32> = g.breakdowns.iter().map(|b| b.total).collect();
        totals.sort_unstable_by(|a, b| b.cmp(a));
        if n > 1 && totals[0] == totals[1] {
            self.top_ties += 1;
        }
        if n > 1 {
            self.margins.push(f64::from(totals[0] - totals[1]));
        }
        for (s, b) in g.breakdowns.iter().enumerate() {
            let won = g.ranks[s] == 0;
            let bot = g.seats[s];
            let total = f64::from(b.total);
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
            let held = (b.completed.len() + b.failed.len()) as u64;
            self.bot_held[bot] += held;
            self.bot_done[bot] += b.completed.len() as u64;
            self.comp.routes += f64::from(b.routes);
            self.comp.doubling += f64::from(b.doubling);
            self.comp.tickets_completed += f64::from(b.tickets_completed);
            self.comp.tickets_failed += f64::from(b.tickets_failed);
            self.comp.longest_path_bonus += f64::from(b.longest_path_bonus);
            self.comp.globetrotter_bonus += f64::from(b.globetrotter_bonus);
            self.comp.stations += f64::from(b.stations_bonus);
            self.longest.push(f64::from(b.longest_path));
            for &t in &b.completed {
                let acc = &mut self.tickets[t.index()];
                acc.held += 1;
                acc.completed += 1;
                let ticket = board.ticket(t);
                acc.points += i64::from(ticket.points);
                for place in [ticket.from, ticket.to] {
                    match place {
                        Place::City(c) => self.city_done[c.index()] += 1,
                        Place::Country(k) => {
                            for &c in &board.countries()[k.index()].locations {
                                self.city_done[c.index()] += 1;
                            }
                        }
                    }
                }
            }
            for &t in &b.failed {
                let acc = &mut self.tickets[t.index()];
                acc.held += 1;
                acc.points -= i64::from(board.ticket(t).points);
            }
            for &(_, r) in &b.borrowed {
                self.routes[r.index()].borrowed += 1;
                self.borrowed += 1;
            }
        }
        self.longest_game.push(
            g.breakdowns
                .iter()
                .map(|b| f64::from(b.longest_path))
                .fold(0.0, f64::max),
        );
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
        for &(r, seat, turn) in &g.claims {
            let acc = &mut self.routes[r.index()];
            acc.claimed += 1;
            acc.turn_sum += u64::from(turn);
            acc.by_seat[usize::from(seat)] += 1;
            acc.by_bot[g.seats[usize::from(seat)]] += 1;
        }
        for &(r, extra, result) in &g.tunnels {
            let acc = &mut self.routes[r.index()];
            acc.tunnel += 1;
            let e = usize::from(extra).min(self.tunnel_extra.len() - 1);
            self.tunnel_extra[e] += 1;
            match result {
                TunnelResult::Free => {}
                TunnelResult::Paid => self.tunnel_paid += 1,
                TunnelResult::Withdrawn => {
                    acc.withdrawn += 1;
                    self.tunnel_withdrawn += 1;
                }
            }
        }
        for &(c, _) in &g.stations {
            self.city_stations[c.index()] += 1;
            self.stations += 1;
        }
        for &(r, p) in &g.doublings {
            self.routes[r.index()].doubled += 1;
            self.doublings += 1;
            self.doubling_points += i64::from(p);
        }
        for &(t, kept) in &g.offers {
            let acc = &mut self.tickets[t.index()];
            acc.offered += 1;
            if kept {
                acc.kept += 1;
            }
        }
        self.lead_changes += u64::from(g.lead_changes);
        self.settled += g.settled_at;
    }

    /// The finished section (findings are added by the caller).
    pub fn finish(mut self, board: &Board) -> PlayerCountReport {
        let games = self.games;
        let gf = games.max(1) as f64;
        let pf = (games * self.players as u64).max(1) as f64;
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
                BotOutcome {
                    bot: self.bots[b].clone(),
                    seats_played: n,
                    win_rate: Rate::new(self.bot_wins[b], n),
                    mean_score: self.bot_score[b] / nf,
                    mean_rank: self.bot_rank[b] / nf,
                    ticket_completion: self.bot_done[b] as f64 / self.bot_held[b].max(1) as f64,
                }
            })
            .collect();
        let fair = 1.0 / self.players as f64;
        let fpa = seats.first().map_or(0.0, |s| s.win_rate.value - fair);
        let (lo, hi) = seats.iter().fold((1.0f64, 0.0f64), |(lo, hi), s| {
            (lo.min(s.win_rate.value), hi.max(s.win_rate.value))
        });
        let c = &self.comp;
        let components = Components {
            routes: c.routes / pf,
            doubling: c.doubling / pf,
            tickets_completed: c.tickets_completed / pf,
            tickets_failed: c.tickets_failed / pf,
            longest_path_bonus: c.longest_path_bonus / pf,
            globetrotter_bonus: c.globetrotter_bonus / pf,
            stations: c.stations / pf,
        };
        let all_actions: u64 = self.kinds.iter().sum();
        let action_shares = ActionKind::ALL
            .iter()
            .zip(self.kinds)
            .map(|(k, count)| ActionShare {
                kind: kind_name(*k).to_owned(),
                count,
                share: count as f64 / all_actions.max(1) as f64,
            })
            .collect();
        let routes: Vec<RouteRow> = board
            .routes()
            .iter()
            .zip(&self.routes)
            .enumerate()
            .map(|(i, (r, a))| RouteRow {
                index: i,
                key: r.key.clone(),
                name: r.name.clone(),
                length: r.length,
                color: match r.color {
                    RouteColor::Gray => "gray".to_owned(),
                    RouteColor::Color(_) => board.route_color_name(r.color).to_owned(),
                },
                claimed: a.claimed,
                claim_rate: a.claimed as f64 / gf,
                mean_turn: (a.claimed > 0).then(|| a.turn_sum as f64 / a.claimed as f64),
                by_seat: a.by_seat.clone(),
                by_bot: a.by_bot.clone(),
                tunnel_attempts: a.tunnel,
                tunnel_withdrawals: a.withdrawn,
                doubled: a.doubled,
                borrowed: a.borrowed,
            })
            .collect();
        let never_claimed = routes
            .iter()
            .filter(|r| r.claimed == 0)
            .map(|r| r.index)
            .collect();
        let cities = board
            .cities()
            .iter()
            .enumerate()
            .map(|(i, c)| CityRow {
                index: i,
                name: c.name.clone(),
                completed_tickets: self.city_done[i],
                completed_per_game: self.city_done[i] as f64 / gf,
                stations: self.city_stations[i],
            })
            .collect();
        let tickets = board
            .tickets()
            .iter()
            .zip(&self.tickets)
            .enumerate()
            .map(|(i, (t, a))| TicketRow {
                index: i,
                name: t.name.clone(),
                points: t.points,
                long: t.long,
                offered: a.offered,
                kept: a.kept,
                held: a.held,
                completed: a.completed,
                completion: Rate::new(a.completed as f64, a.held),
                mean_points: if a.held > 0 {
                    a.points as f64 / a.held as f64
                } else {
                    0.0
                },
            })
            .collect();
        let attempts: u64 = self.tunnel_extra.iter().sum();
        let held: u64 = self.bot_held.iter().sum();
        let done: u64 = self.bot_done.iter().sum();
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
                },
                passes_per_game: self.passes as f64 / gf,
            },
            map: MapReport {
                routes,
                never_claimed,
                cities,
                tickets,
                longest_path: Summary::of(&mut self.longest),
                longest_path_per_game: Summary::of(&mut self.longest_game),
                tunnels: TunnelReport {
                    attempts,
                    extra_cards: self.tunnel_extra.clone(),
                    paid: self.tunnel_paid,
                    withdrawn: self.tunnel_withdrawn,
                    withdrawal_rate: Rate::new(self.tunnel_withdrawn as f64, attempts),
                },
                stations: StationReport {
                    built_per_game: self.stations as f64 / gf,
                    borrowed_per_game: self.borrowed as f64 / gf,
                },
                doublings: DoublingReport {
                    per_game: self.doublings as f64 / gf,
                    points_per_game: self.doubling_points as f64 / gf,
                },
            },
            metrics: DesignMetrics {
                balance: if games > 0 { 1.0 - (hi - lo) } else { 0.0 },
                first_player_advantage: fpa,
                lead_changes: self.lead_changes as f64 / gf,
                decided_at: self.settled / gf,
                drawishness: self.top_ties as f64 / gf,
                completion: self.reasons[0] as f64 / gf,
                ticket_completion: done as f64 / held.max(1) as f64,
            },
            errors: self.errors,
        }
    }
}

/// The report's name of an action kind.
pub fn kind_name(k: ActionKind) -> &'static str {
    match k {
        ActionKind::KeepTickets => "keep-tickets",
        ActionKind::DrawCard => "draw-card",
        ActionKind::DrawTerrain => "draw-terrain",
        ActionKind::DrawTickets => "draw-tickets",
        ActionKind::Claim => "claim",
        ActionKind::Tunnel => "tunnel",
        ActionKind::Station => "station",
        ActionKind::Double => "double",
    }
}
