//! The board game's section of a simulation report: every route, city and
//! ticket of the map, tunnels, stations and terrain doubling. Field names are
//! part of the documented JSON format (`docs/simulation.md`); add fields,
//! never rename them.

use serde::{Deserialize, Serialize};

use super::record::{BoardRecord, TunnelResult};
use crate::board_game::board::{Board, Place, RouteColor};
use crate::sim::GameRecord;
use crate::sim::stats::{Rate, Summary};

/// The board game's section of a player count's report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardReport {
    /// The map's routes, cities and tickets.
    pub map: MapReport,
}

/// The map's objects.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapReport {
    /// Every route, in file order.
    pub routes: Vec<RouteRow>,
    /// Routes never claimed, by index.
    pub never_claimed: Vec<usize>,
    /// Dead routes, by index: never claimed, leaving out, below the player
    /// count that opens both tracks of a double route
    /// (`rules.doubles.both_tracks_from`), a track whose twin was claimed
    /// (the rules closed it). The findings' `route-never-claimed` and the
    /// balance target `no-dead-routes` both read this list. Missing in
    /// reports written before it was added (read as empty).
    #[serde(default)]
    pub dead_routes: Vec<usize>,
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

/// Accumulates the board game's part of one player count's games.
#[derive(Debug)]
pub struct BoardMeasures {
    players: usize,
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

/// The routes of `never` (never claimed in `players`-player games) that are
/// dead: all of them when both tracks of a double route open at this player
/// count, else those none of whose twins ([`crate::board_game::board::Route::siblings`])
/// was claimed either.
fn dead_routes(board: &Board, players: usize, rows: &[RouteRow], never: &[usize]) -> Vec<usize> {
    let both_open = players >= usize::from(board.rules().doubles.both_tracks_from);
    never
        .iter()
        .copied()
        .filter(|&i| {
            both_open
                || board.routes()[i]
                    .siblings
                    .iter()
                    .all(|s| rows[s.index()].claimed == 0)
        })
        .collect()
}

impl BoardMeasures {
    /// An empty accumulator for games of `players` on `board`.
    pub fn new(board: &Board, players: usize, bots: &[String]) -> Self {
        BoardMeasures {
            players,
            routes: vec![
                RouteAcc {
                    by_seat: vec![0; players],
                    by_bot: vec![0; bots.len()],
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
        }
    }

    /// Adds one game that reached an outcome.
    pub fn add(&mut self, board: &Board, g: &GameRecord<BoardRecord>) {
        let f = &g.family;
        for b in &f.breakdowns {
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
            f.breakdowns
                .iter()
                .map(|b| f64::from(b.longest_path))
                .fold(0.0, f64::max),
        );
        for &(r, seat, turn) in &f.claims {
            let acc = &mut self.routes[r.index()];
            acc.claimed += 1;
            acc.turn_sum += u64::from(turn);
            acc.by_seat[usize::from(seat)] += 1;
            acc.by_bot[g.seats[usize::from(seat)]] += 1;
        }
        for &(r, extra, result) in &f.tunnels {
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
        for &(c, _) in &f.stations {
            self.city_stations[c.index()] += 1;
            self.stations += 1;
        }
        for &(r, p) in &f.doublings {
            self.routes[r.index()].doubled += 1;
            self.doublings += 1;
            self.doubling_points += i64::from(p);
        }
        for &(t, kept) in &f.offers {
            let acc = &mut self.tickets[t.index()];
            acc.offered += 1;
            if kept {
                acc.kept += 1;
            }
        }
    }

    /// The finished section over `games` games.
    pub fn finish(mut self, board: &Board, games: u64) -> BoardReport {
        let gf = games.max(1) as f64;
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
        let never_claimed: Vec<usize> = routes
            .iter()
            .filter(|r| r.claimed == 0)
            .map(|r| r.index)
            .collect();
        let dead_routes = dead_routes(board, self.players, &routes, &never_claimed);
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
        BoardReport {
            map: MapReport {
                routes,
                never_claimed,
                dead_routes,
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
        }
    }
}
