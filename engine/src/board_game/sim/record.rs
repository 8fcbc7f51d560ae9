//! What one board game contributes to a simulation report: claims, tunnels,
//! stations, doublings, ticket choices and the final accounts.

use serde::{Deserialize, Serialize};

use crate::board_game::board::{Board, CityId, RouteId, TicketId};
use crate::board_game::{Action, Event, Events, Phase, ScoreBreakdown, State};
use crate::game::GameState;
use crate::sim::check_index;

/// How a tunnel claim went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TunnelResult {
    /// No extra card was asked.
    Free,
    /// The extra cards were paid.
    Paid,
    /// The player withdrew.
    Withdrawn,
}

/// The board game's record of one game.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct BoardRecord {
    /// Each seat's final accounts (empty when the game reached no outcome).
    pub breakdowns: Vec<ScoreBreakdown>,
    /// Claims: route, seat, turn.
    pub claims: Vec<(RouteId, u8, u32)>,
    /// Tunnel attempts: route, extra cards asked, result.
    pub tunnels: Vec<(RouteId, u8, TunnelResult)>,
    /// Stations: city, seat.
    pub stations: Vec<(CityId, u8)>,
    /// Doublings: route, points added.
    pub doublings: Vec<(RouteId, i32)>,
    /// Tickets offered and whether they were kept.
    pub offers: Vec<(TicketId, bool)>,
    /// The route of the last claim, while its tunnel may be pending (only
    /// while the game is played: a shard file does not keep it).
    #[serde(skip)]
    pending_tunnel: Option<RouteId>,
    /// The extra cards the pending tunnel asks for (only while played).
    #[serde(skip)]
    pending_extra: u8,
}

impl BoardRecord {
    /// An empty record with room for a game on `board`: every route claimed
    /// and every ticket offered once, so that recording a move does not
    /// grow it.
    pub fn with_room(board: &Board) -> Self {
        BoardRecord {
            claims: Vec::with_capacity(board.routes().len()),
            offers: Vec::with_capacity(board.tickets().len()),
            ..BoardRecord::default()
        }
    }

    /// Records one move; `state` is the position after it.
    pub fn moved(&mut self, state: &State, action: Action, events: &Events) {
        if let Action::Claim { route, .. } = action {
            self.pending_tunnel = Some(route);
        }
        for e in events {
            match e {
                Event::RouteClaimed { seat, route, .. } => {
                    self.claims.push((*route, seat.0, state.turn()));
                }
                Event::TunnelRevealed { extra, .. } => {
                    if let Some(r) = self.pending_tunnel
                        && *extra == 0
                    {
                        self.tunnels.push((r, 0, TunnelResult::Free));
                    }
                }
                Event::TunnelPaid { extra, .. } => {
                    if let Some(r) = self.pending_tunnel {
                        self.tunnels.push((r, *extra, TunnelResult::Paid));
                    }
                }
                Event::TunnelWithdrawn { route, .. } => {
                    self.tunnels
                        .push((*route, self.pending_extra, TunnelResult::Withdrawn));
                }
                Event::StationBuilt { seat, city, .. } => self.stations.push((*city, seat.0)),
                Event::RouteDoubled { route, points, .. } => {
                    self.doublings.push((*route, *points));
                }
                Event::TicketsKept { kept, returned, .. } => {
                    self.offers.extend(kept.iter().map(|&t| (t, true)));
                    self.offers.extend(returned.iter().map(|&t| (t, false)));
                }
                _ => {}
            }
        }
        if let Phase::Tunnel(t) = state.phase() {
            // Remember the demand until it is paid or refused.
            self.pending_extra = t.extra;
        }
    }

    /// Records the final accounts.
    pub fn end(&mut self, state: &State) {
        if let Some(ending) = state.ending() {
            self.breakdowns = ending.breakdowns.clone();
        }
    }
}

impl BoardRecord {
    /// Checks a record read from a shard file: every route, city, ticket and
    /// seat it names exists on `board` in a `players`-player game.
    pub fn check(&self, board: &Board, players: usize) -> Result<(), String> {
        let routes = board.routes().len();
        let cities = board.cities().len();
        let tickets = board.tickets().len();
        if !self.breakdowns.is_empty() && self.breakdowns.len() != players {
            return Err(format!(
                "`breakdowns` has {} for {}",
                crate::words::count(self.breakdowns.len(), "entry"),
                crate::words::count(players, "player")
            ));
        }
        for b in &self.breakdowns {
            for t in b.completed.iter().chain(&b.failed) {
                check_index("breakdowns", "ticket", t.index(), tickets)?;
            }
            for (c, r) in &b.borrowed {
                check_index("breakdowns.borrowed", "city", c.index(), cities)?;
                check_index("breakdowns.borrowed", "route", r.index(), routes)?;
            }
        }
        for &(r, seat, _) in &self.claims {
            check_index("claims", "route", r.index(), routes)?;
            check_index("claims", "seat", usize::from(seat), players)?;
        }
        for &(r, ..) in &self.tunnels {
            check_index("tunnels", "route", r.index(), routes)?;
        }
        for &(c, seat) in &self.stations {
            check_index("stations", "city", c.index(), cities)?;
            check_index("stations", "seat", usize::from(seat), players)?;
        }
        for &(r, _) in &self.doublings {
            check_index("doublings", "route", r.index(), routes)?;
        }
        for &(t, _) in &self.offers {
            check_index("offers", "ticket", t.index(), tickets)?;
        }
        Ok(())
    }
}
