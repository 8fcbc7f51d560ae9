//! The position of a board game: decks, display, hands, tickets, the network,
//! and whose decision it is. Setup and the flow of turns live here; what a
//! player may do is in `legal.rs`, what it does in `apply.rs`.

use std::collections::VecDeque;
use std::sync::Arc;

use super::cards::{Card, Cards, TerrainCards};
use super::events::{Event, EventSink, Tickets, Unreported};
use super::scoring::{self, ScoreBreakdown};
use super::{BoardGame, Payment};
use crate::board_game::board::{
    Board, CityId, MAX_DISPLAY, MAX_TERRAIN_FACE_UP, RouteId, TicketId,
};
use crate::game::{EndReason, Outcome, Seat};
use crate::rng::GameRng;

/// How many times in a row the display may be dealt anew before we accept it
/// as it is. The rulebook's reset can loop forever when the deck is full of
/// locomotives (the AI-playtesting literature hit this on the USA map).
pub const MAX_DISPLAY_RESETS: u32 = 16;

/// One player's belongings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Train cards in hand (secret).
    pub hand: Cards,
    /// Trains left.
    pub trains: u16,
    /// Stations not yet built.
    pub stations_left: u8,
    /// Tickets kept (secret).
    pub tickets: Vec<TicketId>,
    /// Terrain cards before the player (public).
    pub terrain: TerrainCards,
    /// Points scored by routes so far, doubling included (public).
    pub route_points: i32,
    /// The part of `route_points` that came from doubling.
    pub doubling_points: i32,
    /// Routes owned, in claim order.
    pub routes: Vec<RouteId>,
    /// Cities with this player's stations, in build order.
    pub stations: Vec<CityId>,
}

/// A tunnel claim waiting for its extra cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingTunnel {
    /// The tunnel.
    pub route: RouteId,
    /// The cards laid down.
    pub payment: Payment,
    /// The revealed cards (they go to the discards afterwards).
    pub revealed: [Option<Card>; 8],
    /// Extra cards demanded.
    pub extra: u8,
}

/// Whose decision it is, and of what kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Choosing which setup tickets to keep.
    SetupTickets,
    /// The start of a turn: draw, claim, build or draw tickets.
    Turn,
    /// One train or terrain card drawn; the second draw.
    SecondDraw,
    /// Choosing which drawn tickets to keep.
    KeepTickets,
    /// Paying or refusing a tunnel's extra cards.
    Tunnel(PendingTunnel),
    /// Deciding whether to double the route just claimed.
    Double(RouteId),
    /// The game is over.
    Over,
}

/// How the game ended and the final accounts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Why it ended.
    pub reason: EndReason,
    /// Each seat's score, component by component.
    pub breakdowns: Vec<ScoreBreakdown>,
    /// Ranks and winners.
    pub outcome: Outcome,
}

/// A position of the board game. Cheap to clone (a few small vectors).
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) game: Arc<BoardGame>,
    pub(crate) rng: GameRng,
    /// Train deck, top last.
    pub(crate) deck: Vec<Card>,
    pub(crate) discards: Cards,
    pub(crate) display: [Option<Card>; MAX_DISPLAY],
    /// Terrain deck, top last.
    pub(crate) terrain_deck: Vec<u8>,
    pub(crate) terrain_display: [Option<u8>; MAX_TERRAIN_FACE_UP],
    pub(crate) terrain_discards: TerrainCards,
    /// Regular tickets, top first.
    pub(crate) tickets: VecDeque<TicketId>,
    /// Long tickets, top first (empty after the deal unless draws in play
    /// offer long tickets).
    pub(crate) long_tickets: VecDeque<TicketId>,
    /// Tickets out of the game: returned at the setup choice in Europe, and
    /// the long tickets nobody was dealt.
    pub(crate) tickets_out: Vec<TicketId>,
    pub(crate) players: Vec<Player>,
    pub(crate) owner: Vec<Option<Seat>>,
    /// Per player, the routes they may claim as far as ownership goes
    /// (`tables.words` words each).
    pub(crate) claimable: Vec<u64>,
    /// How many routes of `claimable` each seat has per colour slot and
    /// class (see [`super::tables::ClaimTables::count_index`]), so legal
    /// claims can be counted without looking at routes.
    pub(crate) open_counts: Vec<u16>,
    pub(crate) station_owner: Vec<Option<Seat>>,
    pub(crate) current: Seat,
    pub(crate) phase: Phase,
    /// Tickets offered to the current player (setup or drawn).
    pub(crate) offer: Tickets,
    /// Setup offers of the players who have not chosen yet.
    pub(crate) setup_offers: Vec<Tickets>,
    pub(crate) turn: u32,
    pub(crate) passes_in_row: u8,
    /// Turns left in the last round, once it has begun.
    pub(crate) final_turns_left: Option<u8>,
    pub(crate) ending: Option<Box<Ending>>,
}

impl State {
    /// Deals a new game.
    pub(crate) fn new(game: Arc<BoardGame>, seed: u64) -> State {
        let mut s = State {
            game,
            rng: GameRng::seeded(seed),
            deck: Vec::new(),
            discards: Cards::EMPTY,
            display: [None; MAX_DISPLAY],
            terrain_deck: Vec::new(),
            terrain_display: [None; MAX_TERRAIN_FACE_UP],
            terrain_discards: TerrainCards::default(),
            tickets: VecDeque::new(),
            long_tickets: VecDeque::new(),
            tickets_out: Vec::new(),
            players: Vec::new(),
            owner: Vec::new(),
            claimable: Vec::new(),
            open_counts: Vec::new(),
            station_owner: Vec::new(),
            current: Seat(0),
            phase: Phase::SetupTickets,
            offer: Tickets::new(),
            setup_offers: Vec::new(),
            turn: 0,
            passes_in_row: 0,
            final_turns_left: None,
            ending: None,
        };
        s.make_room();
        s.deal(seed);
        s
    }

    /// Sizes a new state's piles for a whole deal at once, rather than
    /// growing them as the deal fills them (a renewed state keeps its room).
    fn make_room(&mut self) {
        let board = &self.game.board;
        let cards: usize = board.colors().iter().map(|c| usize::from(c.count)).sum();
        self.deck.reserve(cards + usize::from(board.locomotives()));
        let long = board.tickets().iter().filter(|t| t.long).count();
        self.tickets.reserve(board.tickets().len() - long);
        self.long_tickets.reserve(long);
        self.terrain_deck.reserve(
            board
                .terrain_types()
                .iter()
                .map(|t| usize::from(t.count))
                .sum(),
        );
        self.players.reserve_exact(self.game.players);
    }

    /// Deals a new game of `game` here, as [`State::new`] would, keeping
    /// this state's storage: random play and simulations deal game after
    /// game.
    pub(crate) fn renew(&mut self, game: &Arc<BoardGame>, seed: u64) {
        if !Arc::ptr_eq(&self.game, game) {
            self.game = game.clone();
        }
        self.deal(seed);
    }

    /// Deals a new game from `seed`: every part of the state is set anew,
    /// its storage reused.
    fn deal(&mut self, seed: u64) {
        let game = self.game.clone();
        let board = &game.board;
        let rules = board.rules();
        let n = game.players;
        self.rng = GameRng::seeded(seed);

        self.deck.clear();
        for (i, c) in board.colors().iter().enumerate() {
            self.deck
                .extend(std::iter::repeat_n(Card(i as u8), usize::from(c.count)));
        }
        self.deck.extend(std::iter::repeat_n(
            Card::LOCOMOTIVE,
            usize::from(board.locomotives()),
        ));
        self.rng.shuffle(&mut self.deck);

        self.tickets.clear();
        self.long_tickets.clear();
        for (i, t) in board.tickets().iter().enumerate() {
            if t.long {
                &mut self.long_tickets
            } else {
                &mut self.tickets
            }
            .push_back(TicketId::from_index(i));
        }
        self.rng.shuffle(self.tickets.make_contiguous());
        self.rng.shuffle(self.long_tickets.make_contiguous());

        self.terrain_deck.clear();
        for (i, t) in board.terrain_types().iter().enumerate() {
            self.terrain_deck
                .extend(std::iter::repeat_n(i as u8, usize::from(t.count)));
        }
        self.rng.shuffle(&mut self.terrain_deck);

        self.players.truncate(n);
        for p in &mut self.players {
            p.tickets.clear();
            p.routes.clear();
            p.stations.clear();
        }
        while self.players.len() < n {
            self.players.push(Player {
                hand: Cards::EMPTY,
                trains: 0,
                stations_left: 0,
                tickets: Vec::with_capacity(8),
                terrain: TerrainCards::default(),
                route_points: 0,
                doubling_points: 0,
                routes: Vec::with_capacity(32),
                stations: Vec::new(),
            });
        }
        for p in &mut self.players {
            p.hand = Cards::EMPTY;
            p.trains = rules.trains;
            p.stations_left = rules.stations.count;
            p.terrain = TerrainCards::default();
            p.route_points = 0;
            p.doubling_points = 0;
        }
        self.discards = Cards::EMPTY;
        self.display = [None; MAX_DISPLAY];
        self.terrain_display = [None; MAX_TERRAIN_FACE_UP];
        self.terrain_discards = TerrainCards::default();
        self.tickets_out.clear();
        self.owner.clear();
        self.owner.resize(board.routes().len(), None);
        self.station_owner.clear();
        self.station_owner.resize(board.cities().len(), None);
        self.current = Seat(0);
        self.phase = Phase::SetupTickets;
        self.setup_offers.clear();
        self.turn = 0;
        self.passes_in_row = 0;
        self.final_turns_left = None;
        self.ending = None;
        self.open_every_route();
        // The deal's reshuffles and resets are nobody's news.
        let mut sink = Unreported;
        for p in 0..n {
            for _ in 0..rules.initial_hand {
                if let Some(c) = self.pop_deck(&mut sink) {
                    self.players[p].hand.add(c);
                }
            }
        }
        self.refill_display(&mut sink);
        for p in 0..n {
            for _ in 0..rules.terrain_cards.dealt {
                if let Some(t) = self.pop_terrain() {
                    self.players[p].terrain.0[usize::from(t)] += 1;
                }
            }
        }
        self.refill_terrain_display();
        let setup = rules.tickets.setup;
        self.setup_offers.reserve_exact(n);
        for _ in 0..n {
            let offer = self.take_tickets(setup.long, setup.regular);
            self.setup_offers.push(offer);
        }
        self.setup_offers.reverse();
        self.offer = self.setup_offers.pop().unwrap_or_default();
        self.box_undealt_long_tickets();
    }

    /// Puts the long tickets nobody was dealt out of the game, unseen, when
    /// no draw in play offers long tickets (Europe: "the remaining long ones
    /// leave the game"). They join the tickets out of the game, which no
    /// observation shows and nothing draws from. A design whose draws offer
    /// long tickets keeps them in their deck.
    pub(crate) fn box_undealt_long_tickets(&mut self) {
        if self.board().rules().tickets.draw.long == 0 {
            self.tickets_out.extend(self.long_tickets.drain(..));
        }
    }

    /// The game this state belongs to.
    pub fn game(&self) -> &Arc<BoardGame> {
        &self.game
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.game.board
    }

    /// Whose decision it is (also while the game is over: the last player).
    pub fn current(&self) -> Seat {
        self.current
    }

    /// The kind of decision pending.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// A player's belongings (secrets included: use observations for players).
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    /// Every player.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Who owns a route.
    pub fn owner(&self, route: RouteId) -> Option<Seat> {
        self.owner[route.index()]
    }

    /// Who has a station in a city.
    pub fn station_owner(&self, city: CityId) -> Option<Seat> {
        self.station_owner[city.index()]
    }

    /// The face-up train cards.
    pub fn display(&self) -> &[Option<Card>] {
        &self.display[..usize::from(self.board().rules().display.size)]
    }

    /// The face-up terrain cards.
    pub fn terrain_display(&self) -> &[Option<u8>] {
        &self.terrain_display[..usize::from(self.board().rules().terrain_cards.face_up)]
    }

    /// The train deck, top last.
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// The discarded train cards.
    pub fn discards(&self) -> &Cards {
        &self.discards
    }

    /// Terrain deck size.
    pub fn terrain_deck_len(&self) -> usize {
        self.terrain_deck.len()
    }

    /// Discarded terrain cards.
    pub fn terrain_discards(&self) -> &TerrainCards {
        &self.terrain_discards
    }

    /// Regular tickets left to draw, top first.
    pub fn ticket_deck(&self) -> &VecDeque<TicketId> {
        &self.tickets
    }

    /// Long tickets left to draw, top first (empty once dealt when no draw
    /// in play offers long tickets: the undealt ones are out of the game).
    pub fn long_ticket_deck(&self) -> &VecDeque<TicketId> {
        &self.long_tickets
    }

    /// Tickets out of the game (returned, or long tickets nobody was dealt).
    pub fn tickets_out(&self) -> &[TicketId] {
        &self.tickets_out
    }

    /// The tickets the current player is choosing from.
    pub fn offer(&self) -> &[TicketId] {
        &self.offer
    }

    /// Setup offers still waiting for their players (next player last).
    pub fn pending_setup_offers(&self) -> &[Tickets] {
        &self.setup_offers
    }

    /// Has the last round begun?
    pub fn last_round(&self) -> bool {
        self.final_turns_left.is_some()
    }

    /// The final accounts, once the game is over.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_deref()
    }

    /// Turns completed.
    pub fn turns(&self) -> u32 {
        self.turn
    }

    // ----- decks -------------------------------------------------------------

    /// Takes the top train card, shuffling the discards into a new deck when
    /// the deck is empty. `None` when both are empty.
    #[inline]
    pub(crate) fn pop_deck(&mut self, events: &mut impl EventSink) -> Option<Card> {
        match self.deck.pop() {
            Some(c) => Some(c),
            None => self.reshuffle_and_pop(events),
        }
    }

    /// [`Self::pop_deck`] on an empty deck: the discards, shuffled, become
    /// the deck. Kept out of line, as it is rare.
    #[inline(never)]
    fn reshuffle_and_pop(&mut self, events: &mut impl EventSink) -> Option<Card> {
        if self.discards.total() == 0 {
            return None;
        }
        self.deck.clear();
        self.discards.list_into(&mut self.deck);
        self.discards = Cards::EMPTY;
        self.rng.shuffle(&mut self.deck);
        events.push(Event::Reshuffled);
        self.deck.pop()
    }

    /// Can a train card be taken blind?
    pub(crate) fn can_draw_blind(&self) -> bool {
        !self.deck.is_empty() || self.discards.total() > 0
    }

    pub(crate) fn pop_terrain(&mut self) -> Option<u8> {
        if self.terrain_deck.is_empty() {
            if self.terrain_discards.total() == 0 {
                return None;
            }
            for (t, n) in self.terrain_discards.0.iter_mut().enumerate() {
                self.terrain_deck
                    .extend(std::iter::repeat_n(t as u8, usize::from(*n)));
                *n = 0;
            }
            self.rng.shuffle(&mut self.terrain_deck);
        }
        self.terrain_deck.pop()
    }

    pub(crate) fn can_draw_terrain_blind(&self) -> bool {
        !self.terrain_deck.is_empty() || self.terrain_discards.total() > 0
    }

    /// Fills the empty display slots, then applies the locomotive reset.
    pub(crate) fn refill_display(&mut self, events: &mut impl EventSink) {
        let size = usize::from(self.board().rules().display.size);
        let mut locos = 0;
        for i in 0..size {
            if self.display[i].is_none() {
                self.display[i] = self.pop_deck(events);
            }
            locos += usize::from(self.display[i] == Some(Card::LOCOMOTIVE));
        }
        self.apply_locomotive_reset(locos, events);
    }

    /// While the reset count of locomotives lies face up (`locos` of them
    /// now), discard the display and deal a new one — but only while a new
    /// deal could end it, and at most [`MAX_DISPLAY_RESETS`] times, so it
    /// always terminates.
    fn apply_locomotive_reset(&mut self, mut locos: usize, events: &mut impl EventSink) {
        let rules = &self.game.board.rules().display;
        let reset = usize::from(rules.locomotive_reset);
        let size = usize::from(rules.size);
        if reset == 0 {
            return;
        }
        let mut resets = 0;
        while locos >= reset && resets < MAX_DISPLAY_RESETS {
            // A display of `size` cards with fewer than `reset` locomotives
            // needs `size - reset + 1` other cards; the deck is searched
            // only for as many as the display and the discards lack.
            let needed = size + 1 - reset;
            let known = (self.discards.total() - u32::from(self.discards.locomotives())) as usize
                + self.display[..size]
                    .iter()
                    .filter(|c| matches!(c, Some(c) if !c.is_locomotive()))
                    .count();
            let lacking = needed.saturating_sub(known);
            let in_deck = self
                .deck
                .iter()
                .filter(|c| !c.is_locomotive())
                .take(lacking)
                .count();
            if in_deck < lacking {
                break;
            }
            for slot in &mut self.display[..size] {
                if let Some(c) = slot.take() {
                    self.discards.add(c);
                }
            }
            locos = 0;
            for i in 0..size {
                self.display[i] = self.pop_deck(events);
                locos += usize::from(self.display[i] == Some(Card::LOCOMOTIVE));
            }
            events.push(Event::DisplayReset);
            resets += 1;
        }
    }

    pub(crate) fn refill_terrain_display(&mut self) {
        let n = usize::from(self.board().rules().terrain_cards.face_up);
        for i in 0..n {
            if self.terrain_display[i].is_none() {
                self.terrain_display[i] = self.pop_terrain();
            }
        }
    }

    /// Takes up to `long` long and `regular` regular tickets from the decks.
    pub(crate) fn take_tickets(&mut self, long: u8, regular: u8) -> Tickets {
        let mut out = Tickets::new();
        for _ in 0..long {
            if let Some(t) = self.long_tickets.pop_front() {
                out.push(t);
            }
        }
        for _ in 0..regular {
            if let Some(t) = self.tickets.pop_front() {
                out.push(t);
            }
        }
        out
    }

    // ----- turn flow -----------------------------------------------------------

    /// Ends the current player's turn: the end trigger, the last round, the
    /// next player (who passes automatically if there is nothing they can do).
    pub(crate) fn end_turn(&mut self, events: &mut impl EventSink, acted: bool) {
        let n = self.players.len() as u8;
        if acted {
            self.passes_in_row = 0;
        }
        self.turn += 1;
        match self.final_turns_left {
            None => {
                if self.players[self.current.index()].trains <= self.board().rules().end.trains_left
                {
                    self.final_turns_left = Some(n);
                    events.push(Event::LastRound { seat: self.current });
                }
            }
            Some(k) => {
                let k = k.saturating_sub(1);
                self.final_turns_left = Some(k);
                if k == 0 {
                    self.finish(EndReason::Normal, events);
                    return;
                }
            }
        }
        // The next seat, wrapping without a division (a turn's end is
        // frequent enough in simulations for it to show).
        let next = self.current.0 + 1;
        self.current = Seat(if next == n { 0 } else { next });
        self.phase = Phase::Turn;
        if !self.can_act() {
            events.push(Event::Passed { seat: self.current });
            self.passes_in_row += 1;
            if self.passes_in_row >= n {
                self.finish(EndReason::Stalemate, events);
                return;
            }
            self.end_turn(events, false);
        }
    }

    /// Can the current player do anything at all at the start of a turn?
    fn can_act(&self) -> bool {
        if self.can_draw_blind()
            || self.display.iter().any(Option::is_some)
            || self.can_draw_terrain_blind()
            || self.terrain_display.iter().any(Option::is_some)
            || self.can_draw_tickets()
        {
            return true;
        }
        self.has_turn_action()
    }

    pub(crate) fn can_draw_tickets(&self) -> bool {
        let draw = self.board().rules().tickets.draw;
        (draw.regular > 0 && !self.tickets.is_empty())
            || (draw.long > 0 && !self.long_tickets.is_empty())
    }

    /// Ends the game and does the final accounts.
    pub(crate) fn finish(&mut self, reason: EndReason, events: &mut impl EventSink) {
        self.phase = Phase::Over;
        let breakdowns = scoring::final_scores(self);
        let outcome = scoring::outcome(self, &breakdowns, reason);
        self.ending = Some(Box::new(Ending {
            reason,
            breakdowns,
            outcome,
        }));
        events.push(Event::GameOver { reason });
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::Arc;

    use crate::board_game::BoardGame;
    use crate::board_game::board::Board;
    use crate::game::{Game, play_randomly};
    use crate::rng::GameRng;

    /// A state dealt again after a whole game is the new game of the seed,
    /// field for field: `tracklayer bench` deals every game into one state.
    #[test]
    fn a_state_dealt_again_is_the_new_game_of_its_seed() {
        for (map, players) in [
            ("usa.yaml", 4),
            ("europe.yaml", 3),
            ("usa-stations.yaml", 2),
        ] {
            let loaded = formats::load(
                &Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../maps")
                    .join(map),
            )
            .expect("the map loads");
            let game = Arc::new(
                BoardGame::new(Arc::new(Board::build(&loaded.design).unwrap()), players).unwrap(),
            );
            let mut state = game.new_initial_state(1);
            play_randomly(&mut state, &mut GameRng::seeded(2), 10_000).unwrap();
            game.renew_state(&mut state, 9);
            let fresh = game.new_initial_state(9);
            assert_eq!(format!("{state:?}"), format!("{fresh:?}"), "{map}");
        }
    }
}
