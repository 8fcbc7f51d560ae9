//! The deals (RULES.md §4): the setup deal, the scoring at the end of a
//! deal, a further deal with four players, and the end of the game.

use std::collections::VecDeque;
use std::sync::Arc;

use super::action::Event;
use super::cards::Counts;
use super::design::CardDesign;
use super::scoring;
use super::state::{EMPTY, EventSink, Phase, Player, Quiet, State};
use crate::rng::GameRng;

impl State {
    /// Deals a game of `players` on `design` from `seed`.
    pub fn deal(design: Arc<CardDesign>, players: usize, seed: u64) -> State {
        let mut rng = GameRng::seeded(seed);
        let rules = &design.rules;
        let loco = design.loco();
        let mut ps: Vec<Player> = (0..players).map(|_| Player::new()).collect();
        let mut pool = Counts(design.deck.0);
        for p in &mut ps {
            let n = rules.locomotives_dealt.min(pool.0[loco]);
            p.hand.0[loco] += n;
            pool.0[loco] -= n;
        }
        let mut deck = Vec::with_capacity(pool.total() as usize);
        pool.to_cards(&mut deck);
        rng.shuffle(&mut deck);
        for p in &mut ps {
            for _ in 0..rules.initial_hand {
                if let Some(c) = deck.pop() {
                    p.hand.0[usize::from(c)] += 1;
                }
            }
        }
        let display = (0..rules.display.size)
            .map(|_| deck.pop().unwrap_or(EMPTY))
            .collect();
        let mut tickets: Vec<u16> = (0..design.tickets.len() as u16).collect();
        rng.shuffle(&mut tickets);
        let mut ticket_deck: VecDeque<u16> = tickets.into();
        for p in &mut ps {
            for _ in 0..rules.tickets.setup.dealt {
                if let Some(t) = ticket_deck.pop_front() {
                    p.offer.push(t);
                }
            }
        }
        let deals = rules.deals_for(players).max(1);
        let mut state = State {
            design,
            players: ps,
            current: 0,
            phase: Phase::SetupTickets,
            deck,
            display,
            discards: Counts::default(),
            ticket_deck,
            deal: 0,
            deals,
            final_turns: None,
            turn: 0,
            rng,
            ending: None,
        };
        if state.players[0].offer.is_empty() {
            state.begin_play(&mut Quiet);
        }
        state
    }

    /// Scores the deal; then the next deal or the end of the game.
    pub(super) fn end_deal(&mut self, ev: &mut impl EventSink) {
        let completed = scoring::score_deal(&self.design, &mut self.players);
        ev.push(Event::DealScored {
            deal: self.deal,
            completed,
        });
        if self.deal + 1 < self.deals {
            self.new_deal(ev);
        } else {
            self.finish(ev);
        }
    }

    /// A further deal: hands and unfinished tickets stay; every other train
    /// card is shuffled into a new deck, and each player is dealt anew.
    pub(super) fn new_deal(&mut self, ev: &mut impl EventSink) {
        self.deal += 1;
        let mut pool = self.discards;
        self.discards = Counts::default();
        for &c in self.display.iter().chain(&self.deck) {
            if c != EMPTY {
                pool.0[usize::from(c)] += 1;
            }
        }
        for p in &mut self.players {
            pool.add(&p.yard);
            pool.add(&p.on_track);
            let locos: u32 = p.yard_locos.0.iter().map(|&n| u32::from(n)).sum();
            pool.0[self.design.loco()] += locos as u8;
            p.yard = Counts::default();
            p.yard_locos = Counts::default();
            p.on_track = Counts::default();
        }
        self.deck.clear();
        pool.to_cards(&mut self.deck);
        self.rng.shuffle(&mut self.deck);
        let hand = self.design.rules.next_deal_hand;
        for p in &mut self.players {
            for _ in 0..hand {
                if let Some(c) = self.deck.pop() {
                    p.hand.0[usize::from(c)] += 1;
                }
            }
        }
        for slot in &mut self.display {
            *slot = self.deck.pop().unwrap_or(EMPTY);
        }
        ev.push(Event::NewDeal { deal: self.deal });
        self.final_turns = None;
        // Play resumes with the player after the one who played last.
        if self.deck.is_empty() {
            self.final_turns = Some(self.players.len() as u8 - 1);
        }
        self.next_player(ev);
    }

    pub(super) fn finish(&mut self, ev: &mut impl EventSink) {
        self.ending = Some(scoring::final_accounts(
            &self.design,
            &self.players,
            crate::game::EndReason::Normal,
        ));
        self.phase = Phase::Over;
        ev.push(Event::GameOver);
    }
}
