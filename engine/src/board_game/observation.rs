//! What one player may see: a read-only view of the state that exposes their
//! own hand and tickets and everything public — never other hands, other
//! tickets, or the order of any deck. Bots and the studio's play window read
//! these; information-set search completes them into full states by sampling.

use super::cards::{Card, Cards, TerrainCards};
use super::events::Tickets;
use super::legal;
use super::state::{Phase, State};
use super::tables::RouteBits;
use super::{Action, BoardGame};
use crate::board_game::board::{Board, CityId, RouteId, TicketId};
use crate::game::{self, Seat};
use crate::rng::GameRng;

/// A player's view of the game.
#[derive(Clone, Copy)]
pub struct Observation<'a> {
    state: &'a State,
    seat: Seat,
}

/// What everyone knows about a player.
#[derive(Clone, Copy, Debug)]
pub struct PublicPlayer<'a> {
    /// Train cards in hand.
    pub hand_size: u32,
    /// Trains left.
    pub trains: u16,
    /// Stations left.
    pub stations_left: u8,
    /// Tickets held.
    pub tickets: usize,
    /// Terrain cards before the player.
    pub terrain: TerrainCards,
    /// Route points so far (the score track).
    pub route_points: i32,
    /// Routes owned.
    pub routes: &'a [RouteId],
    /// Station cities.
    pub stations: &'a [CityId],
}

/// What is visible of a pending decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PublicPhase {
    /// Players are choosing setup tickets.
    SetupTickets,
    /// A turn begins.
    Turn,
    /// The second draw of a turn.
    SecondDraw,
    /// The current player chooses tickets to keep.
    KeepTickets,
    /// A tunnel waits for extra cards.
    Tunnel {
        /// The tunnel.
        route: RouteId,
        /// Extra cards demanded.
        extra: u8,
    },
    /// The current player may double the route just claimed.
    Double(RouteId),
    /// The game is over.
    Over,
}

impl<'a> Observation<'a> {
    pub(crate) fn new(state: &'a State, seat: Seat) -> Self {
        Observation { state, seat }
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &'a Board {
        self.state.board()
    }

    /// The game (board, players).
    #[inline]
    pub fn game(&self) -> &'a BoardGame {
        self.state.game()
    }

    /// Players at the table.
    #[inline]
    pub fn num_players(&self) -> usize {
        self.state.players().len()
    }

    /// Whose decision it is.
    pub fn current(&self) -> Seat {
        self.state.current()
    }

    /// Is it this player's decision?
    pub fn is_my_turn(&self) -> bool {
        self.state.current() == self.seat && !matches!(self.state.phase(), Phase::Over)
    }

    /// The pending decision, as far as it is public.
    pub fn phase(&self) -> PublicPhase {
        match self.state.phase() {
            Phase::SetupTickets => PublicPhase::SetupTickets,
            Phase::Turn => PublicPhase::Turn,
            Phase::SecondDraw => PublicPhase::SecondDraw,
            Phase::KeepTickets => PublicPhase::KeepTickets,
            Phase::Tunnel(t) => PublicPhase::Tunnel {
                route: t.route,
                extra: t.extra,
            },
            Phase::Double(r) => PublicPhase::Double(r),
            Phase::Over => PublicPhase::Over,
        }
    }

    /// The revealed cards of a pending tunnel.
    pub fn tunnel_revealed(&self) -> Vec<Card> {
        match self.state.phase() {
            Phase::Tunnel(t) => t.revealed.iter().flatten().copied().collect(),
            _ => Vec::new(),
        }
    }

    /// This player's train cards.
    #[inline]
    pub fn hand(&self) -> &'a Cards {
        &self.state.player(self.seat).hand
    }

    /// This player's tickets.
    #[inline]
    pub fn tickets(&self) -> &'a [TicketId] {
        &self.state.player(self.seat).tickets
    }

    /// The tickets this player is choosing from, if any.
    pub fn offer(&self) -> &'a [TicketId] {
        if self.is_my_turn() {
            self.state.offer()
        } else {
            &[]
        }
    }

    /// A player's public belongings.
    #[inline]
    pub fn player(&self, seat: Seat) -> PublicPlayer<'a> {
        let p = self.state.player(seat);
        PublicPlayer {
            hand_size: p.hand.total(),
            trains: p.trains,
            stations_left: p.stations_left,
            tickets: p.tickets.len(),
            terrain: p.terrain,
            route_points: p.route_points,
            routes: &p.routes,
            stations: &p.stations,
        }
    }

    /// The face-up train cards.
    pub fn display(&self) -> &'a [Option<Card>] {
        self.state.display()
    }

    /// The face-up terrain cards.
    pub fn terrain_display(&self) -> &'a [Option<u8>] {
        self.state.terrain_display()
    }

    /// Cards left in the train deck.
    pub fn deck_size(&self) -> usize {
        self.state.deck().len()
    }

    /// The discarded train cards (a face-up pile).
    pub fn discards(&self) -> &'a Cards {
        self.state.discards()
    }

    /// Terrain cards left in their deck.
    pub fn terrain_deck_size(&self) -> usize {
        self.state.terrain_deck_len()
    }

    /// Regular tickets left to draw.
    pub fn ticket_deck_size(&self) -> usize {
        self.state.ticket_deck().len()
    }

    /// Long tickets left.
    pub fn long_ticket_deck_size(&self) -> usize {
        self.state.long_ticket_deck().len()
    }

    /// Who owns a route.
    #[inline]
    pub fn owner(&self, route: RouteId) -> Option<Seat> {
        self.state.owner(route)
    }

    /// Who has a station in a city.
    #[inline]
    pub fn station_owner(&self, city: CityId) -> Option<Seat> {
        self.state.station_owner(city)
    }

    /// May this player claim the route as far as ownership goes?
    #[inline]
    pub fn route_open(&self, route: RouteId) -> bool {
        self.state.route_open_for(self.seat, route)
    }

    /// The routes this player may claim as far as ownership goes (those
    /// [`Observation::route_open`] accepts), in route order, read from the
    /// claimable set the state keeps, so that a bot scanning for a claim
    /// never looks at a claimed route.
    pub fn open_routes(&self) -> impl Iterator<Item = RouteId> + 'a {
        RouteBits::new(self.state.claimable(self.seat).iter().copied())
    }

    /// Has the last round begun?
    pub fn last_round(&self) -> bool {
        self.state.last_round()
    }

    /// Turns completed.
    pub fn turn(&self) -> u32 {
        self.state.turns()
    }

    /// This player's legal actions (empty when it is not their decision).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        if self.is_my_turn() {
            self.state.legal(out);
        }
    }

    /// Ways this player could pay `total` cards of `color` (any colour when
    /// `None`) with at least `min_locos` locomotives.
    pub fn payments(
        &self,
        color: Option<Card>,
        total: u8,
        min_locos: u8,
        out: &mut Vec<super::Payment>,
    ) {
        legal::for_each_payment(
            self.hand(),
            self.board().colors().len(),
            color,
            total,
            min_locos,
            |p| out.push(p),
        );
    }

    /// The action in words.
    pub fn action_text(&self, a: Action) -> String {
        self.state.describe(a)
    }
}

impl game::Observation for Observation<'_> {
    type State = State;

    fn seat(&self) -> Seat {
        self.seat
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        Observation::legal_actions(self, out);
    }

    /// Keeps everything this player knows and deals everything else anew:
    /// the unseen train cards (other hands and the deck) and the unseen tickets
    /// (other players' tickets and offers, the decks, those out of the game),
    /// keeping every public count. The terrain deck's order is shuffled too.
    fn sample_state(&self, rng: &mut GameRng) -> State {
        let mut s = self.state.clone();
        let me = self.seat.index();
        let n = s.players.len();

        // Train cards: pool the deck and the other hands, deal back by count.
        let mut pool = std::mem::take(&mut s.deck);
        let mut sizes = vec![0usize; n];
        for (i, p) in s.players.iter_mut().enumerate() {
            if i != me {
                sizes[i] = p.hand.total() as usize;
                pool.extend(p.hand.to_vec());
                p.hand = Cards::EMPTY;
            }
        }
        // The pool's order must not leak the real deck order into the sample.
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        for (i, &k) in sizes.iter().enumerate() {
            for c in pool.drain(pool.len() - k..) {
                s.players[i].hand.add(c);
            }
        }
        s.deck = pool;

        // Tickets: everything not this player's (or offered to this player).
        let mine_offer = if s.current.index() == me {
            s.offer.clone()
        } else {
            Tickets::new()
        };
        let mut long_pool = Vec::new();
        let mut regular_pool = Vec::new();
        let mut other_counts = vec![0usize; n];
        let mut push = |t: TicketId, board: &Board| {
            if board.ticket(t).long {
                long_pool.push(t)
            } else {
                regular_pool.push(t)
            }
        };
        let board = self.state.board();
        for (i, p) in s.players.iter_mut().enumerate() {
            if i != me {
                other_counts[i] = p.tickets.len();
                for t in p.tickets.drain(..) {
                    push(t, board);
                }
            }
        }
        let offer_len = if s.current.index() == me {
            0
        } else {
            s.offer.len()
        };
        if s.current.index() == me {
            // Known to this player: kept as it is (restored below).
            s.offer.clear();
        } else {
            for t in s.offer.drain(..) {
                push(t, board);
            }
        }
        let setup_lens: Vec<usize> = s.setup_offers.iter().map(|o| o.len()).collect();
        for o in &mut s.setup_offers {
            for t in o.drain(..) {
                push(t, board);
            }
        }
        let (deck_len, long_len, out_len) =
            (s.tickets.len(), s.long_tickets.len(), s.tickets_out.len());
        for t in s
            .tickets
            .drain(..)
            .chain(s.long_tickets.drain(..))
            .chain(s.tickets_out.drain(..))
        {
            push(t, board);
        }
        long_pool.sort_unstable();
        regular_pool.sort_unstable();
        rng.shuffle(&mut long_pool);
        rng.shuffle(&mut regular_pool);
        let long_deck: Vec<TicketId> = long_pool.drain(..long_len.min(long_pool.len())).collect();
        let deck: Vec<TicketId> = regular_pool
            .drain(..deck_len.min(regular_pool.len()))
            .collect();
        let mut rest: Vec<TicketId> = long_pool.into_iter().chain(regular_pool).collect();
        rng.shuffle(&mut rest);
        let mut take = |k: usize| -> Vec<TicketId> { rest.drain(..k.min(rest.len())).collect() };
        for (i, &k) in other_counts.iter().enumerate() {
            if i != me {
                s.players[i].tickets = take(k);
            }
        }
        s.offer = if s.current.index() == me {
            mine_offer
        } else {
            take(offer_len).into()
        };
        for (o, &k) in s.setup_offers.iter_mut().zip(&setup_lens) {
            *o = take(k).into();
        }
        s.tickets_out = take(out_len);
        s.tickets = deck.into();
        s.long_tickets = long_deck.into();
        s.terrain_deck.sort_unstable();
        rng.shuffle(&mut s.terrain_deck);
        s.rng = GameRng::seeded(rng.next_u64());
        s
    }
}
