//! A position of the card game (RULES.md §4): the players' hands, Rail Yards
//! and On the Track piles, the decks and the pending decision. Its rules live
//! beside it, one file a step of the rulebook: [`super::deal`], [`super::turn`],
//! [`super::draw`], [`super::rail_yard`] (with Train Robbery),
//! [`super::tickets`], and the legal moves in [`super::legal`]. Every number
//! comes from the design's rules.

use std::collections::VecDeque;
use std::sync::Arc;

use super::action::Event;
use super::cards::{Counts, KINDS};
use super::design::CardDesign;
use super::scoring::{self, Ending};
use crate::game::Seat;
use crate::rng::GameRng;

/// An empty display slot.
pub const EMPTY: u8 = u8::MAX;

/// Where a report of events goes: a list, or nowhere (random play).
pub trait EventSink {
    /// Reports one event.
    fn push(&mut self, e: Event);
}

impl EventSink for Vec<Event> {
    #[inline]
    fn push(&mut self, e: Event) {
        Vec::push(self, e);
    }
}

/// Drops every event.
pub struct Quiet;

impl EventSink for Quiet {
    #[inline]
    fn push(&mut self, _: Event) {}
}

/// The decision pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A player chooses among the tickets dealt at setup.
    SetupTickets,
    /// Phase 2 of a turn: draw, play or draw tickets.
    Turn,
    /// Drawing train cards: this many draws are left.
    Draw(u8),
    /// Choosing among drawn tickets.
    KeepTickets,
    /// The game is over.
    Over,
}

/// One player's cards and tickets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Train cards in hand.
    pub hand: Counts,
    /// Rail Yard rows: colour cards of each colour.
    pub yard: Counts,
    /// Rail Yard rows: locomotives on top of each colour's row.
    pub yard_locos: Counts,
    /// The face-down On the Track pile (hidden from every player).
    pub on_track: Counts,
    /// Tickets held, not yet completed.
    pub tickets: Vec<u16>,
    /// Tickets completed at the end of a deal.
    pub completed: Vec<u16>,
    /// Tickets on offer to this player.
    pub offer: Vec<u16>,
    /// Points of tickets completed in earlier deals.
    pub banked: i32,
}

impl Player {
    pub(super) fn new() -> Self {
        Player {
            hand: Counts::default(),
            yard: Counts::default(),
            yard_locos: Counts::default(),
            on_track: Counts::default(),
            tickets: Vec::new(),
            completed: Vec::new(),
            offer: Vec::new(),
            banked: 0,
        }
    }

    /// Cards in the row of colour `c` (locomotives included).
    #[inline]
    pub fn row(&self, c: usize) -> u8 {
        self.yard.0[c] + self.yard_locos.0[c]
    }
}

/// A position of the card game.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) design: Arc<CardDesign>,
    pub(crate) players: Vec<Player>,
    pub(crate) current: u8,
    pub(crate) phase: Phase,
    /// The train deck, top card last.
    pub(crate) deck: Vec<u8>,
    /// Face-up cards ([`EMPTY`] for an empty slot).
    pub(crate) display: Vec<u8>,
    /// Discarded train cards (robbed rows).
    pub(crate) discards: Counts,
    /// The ticket deck, top first.
    pub(crate) ticket_deck: VecDeque<u16>,
    /// The deal being played, 0-based.
    pub(crate) deal: u8,
    /// Deals this game plays.
    pub(crate) deals: u8,
    /// Once the deck ran out: turns still to be played after the current one.
    pub(crate) final_turns: Option<u8>,
    pub(crate) turn: u32,
    pub(crate) rng: GameRng,
    pub(crate) ending: Option<Ending>,
}

impl State {
    /// The design.
    pub fn design(&self) -> &Arc<CardDesign> {
        &self.design
    }

    /// Every player.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The pending decision.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose decision it is (also after the game, the last one).
    pub fn current(&self) -> Seat {
        Seat(self.current)
    }

    /// The face-up cards, [`EMPTY`] for an empty slot.
    pub fn display(&self) -> &[u8] {
        &self.display
    }

    /// Cards in the train deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The train deck, top card last.
    pub fn deck(&self) -> &[u8] {
        &self.deck
    }

    /// The discards.
    pub fn discards(&self) -> &Counts {
        &self.discards
    }

    /// The ticket deck, top first.
    pub fn ticket_deck(&self) -> &VecDeque<u16> {
        &self.ticket_deck
    }

    /// The deal being played (0-based) and how many the game plays.
    pub fn deal_number(&self) -> (u8, u8) {
        (self.deal, self.deals)
    }

    /// Once the deck ran out: turns still to be played after the current one.
    pub fn final_turns(&self) -> Option<u8> {
        self.final_turns
    }

    /// The final accounts, once the game is over.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// Turns completed.
    pub fn turns(&self) -> u32 {
        self.turn
    }

    pub(super) fn me(&self) -> &Player {
        &self.players[usize::from(self.current)]
    }

    pub(super) fn seat(&self) -> Seat {
        Seat(self.current)
    }

    /// Ends the game now (the harness's turn cap): scores what is there as
    /// at the end of a deal.
    pub(crate) fn stop_now(&mut self, reason: crate::game::EndReason) {
        if self.phase == Phase::Over {
            return;
        }
        for p in &mut self.players {
            self.ticket_deck.extend(p.offer.drain(..));
        }
        scoring::score_deal(&self.design, &mut self.players);
        self.ending = Some(scoring::final_accounts(&self.design, &self.players, reason));
        self.phase = Phase::Over;
    }

    /// Every train card of each kind, wherever it is.
    pub fn card_totals(&self) -> [u64; KINDS] {
        let mut t = [0u64; KINDS];
        let loco = self.design.loco();
        let mut add = |c: &Counts| {
            for (k, &n) in c.0.iter().enumerate() {
                t[k] += u64::from(n);
            }
        };
        add(&self.discards);
        for p in &self.players {
            add(&p.hand);
            add(&p.yard);
            add(&p.on_track);
            let mut locos = Counts::default();
            locos.0[loco] = p.yard_locos.0.iter().sum();
            add(&locos);
        }
        let mut shown = Counts::default();
        for &c in self.deck.iter().chain(&self.display) {
            if c != EMPTY {
                shown.0[usize::from(c)] += 1;
            }
        }
        add(&shown);
        t
    }
}
