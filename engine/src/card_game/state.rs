//! A position of the card game and its rules (RULES.md §4): the deal, the
//! two phases of a turn, the end of a deal with one more turn each, further
//! deals, and the final scoring. Every number comes from the design's rules.

use std::collections::VecDeque;
use std::sync::Arc;

use super::action::{Action, Event, Keep};
use super::cards::{Counts, KINDS, MAX_COLORS};
use super::design::CardDesign;
use super::scoring::{self, Ending};
use crate::game::{IllegalAction, Seat};
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
    fn new() -> Self {
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

    fn me(&self) -> &Player {
        &self.players[usize::from(self.current)]
    }

    fn seat(&self) -> Seat {
        Seat(self.current)
    }

    /// The setup choices are over: the first turn begins (the deck may
    /// already be empty with a tiny design: then every player has one turn).
    fn begin_play(&mut self, ev: &mut impl EventSink) {
        self.current = 0;
        self.phase = Phase::Turn;
        if self.deck.is_empty() {
            self.final_turns = Some(self.players.len() as u8 - 1);
        }
        self.phase_one(ev);
    }

    /// Phase 1 of the current player's turn: one card of each Rail Yard row
    /// (locomotives first, they lie on top) goes On the Track.
    fn phase_one(&mut self, ev: &mut impl EventSink) {
        let colors = self.design.colors.len();
        let loco = self.design.loco();
        let seat = self.seat();
        let p = &mut self.players[usize::from(self.current)];
        let mut moved = 0u8;
        for c in 0..colors {
            if p.yard_locos.0[c] > 0 {
                p.yard_locos.0[c] -= 1;
                p.on_track.0[loco] += 1;
                moved += 1;
            } else if p.yard.0[c] > 0 {
                p.yard.0[c] -= 1;
                p.on_track.0[c] += 1;
                moved += 1;
            }
        }
        if moved > 0 {
            ev.push(Event::MovedToTrack { seat, cards: moved });
        }
    }

    /// Every action the current player may take.
    pub fn legal(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Over => {}
            Phase::SetupTickets | Phase::KeepTickets => {
                let n = self.me().offer.len();
                let keep = self.keep_at_least();
                for mask in 0..(1u32 << n) {
                    if mask.count_ones() >= keep {
                        out.push(Action::KeepTickets(Keep(mask as u16)));
                    }
                }
            }
            Phase::Draw(_) => {
                if !self.deck.is_empty() {
                    out.push(Action::DrawBlind);
                }
                for (i, &c) in self.display.iter().enumerate() {
                    if c != EMPTY && !self.is_double_locomotive(c) {
                        out.push(Action::DrawFaceUp(i as u8));
                    }
                }
            }
            Phase::Turn => {
                let before = out.len();
                if !self.deck.is_empty() {
                    out.push(Action::DrawBlind);
                    for (i, &c) in self.display.iter().enumerate() {
                        if c != EMPTY {
                            out.push(Action::DrawFaceUp(i as u8));
                        }
                    }
                }
                self.plays(out);
                if !self.ticket_deck.is_empty() && self.design.rules.tickets.draw.dealt > 0 {
                    out.push(Action::DrawTickets);
                }
                if out.len() == before {
                    out.push(Action::Pass);
                }
            }
        }
    }

    /// A uniformly random legal action, drawn exactly as picking from
    /// [`State::legal`]'s list would draw it; a turn's Rail Yard plays are
    /// counted, not listed (a big hand has hundreds).
    pub fn random_legal(&self, rng: &mut GameRng, buffer: &mut Vec<Action>) -> Option<Action> {
        if self.phase != Phase::Turn {
            buffer.clear();
            self.legal(buffer);
            let i = rng.index(buffer.len());
            return buffer.get(i).copied();
        }
        let me = self.me();
        let colors = self.design.colors.len();
        let locos = me.hand.0[self.design.loco()];
        let yard = &self.design.rules.rail_yard;
        let shown = self.display.iter().filter(|&&c| c != EMPTY).count();
        let draws = if self.deck.is_empty() { 0 } else { 1 + shown };
        let mut rival = [0u8; MAX_COLORS];
        for (i, p) in self.players.iter().enumerate() {
            if i != usize::from(self.current) {
                for (c, r) in rival.iter_mut().enumerate().take(colors) {
                    *r = (*r).max(p.row(c));
                }
            }
        }
        // Rows of colour c with `total` cards: one per split into colour
        // cards (at least 1) and locomotives.
        let splits = |have: u8, total: u8| -> usize {
            let fewest = total.saturating_sub(locos).max(1);
            usize::from((have.min(total) + 1).saturating_sub(fewest))
        };
        let mut rows = [0usize; MAX_COLORS];
        let mut open: u16 = 0;
        for c in 0..colors {
            let have = me.hand.0[c];
            if have == 0 || me.row(c) > 0 {
                continue;
            }
            if rival[c] == 0 {
                open |= 1 << c;
            }
            let least = yard.same_color_min.max(rival[c] + 1);
            rows[c] = (least..=have + locos).map(|t| splits(have, t)).sum();
        }
        let k = u32::from(yard.mixed_colors);
        let mixed = if k == 0 || open.count_ones() < k {
            0
        } else {
            binomial(open.count_ones(), k)
        };
        let tickets =
            usize::from(!self.ticket_deck.is_empty() && self.design.rules.tickets.draw.dealt > 0);
        let total = draws + rows.iter().sum::<usize>() + mixed + tickets;
        if total == 0 {
            return Some(Action::Pass);
        }
        let mut j = rng.index(total);
        if j < draws {
            if j == 0 {
                return Some(Action::DrawBlind);
            }
            let slot = self
                .display
                .iter()
                .enumerate()
                .filter(|(_, c)| **c != EMPTY)
                .nth(j - 1)
                .map(|(i, _)| i as u8)?;
            return Some(Action::DrawFaceUp(slot));
        }
        j -= draws;
        for c in 0..colors {
            if j >= rows[c] {
                j -= rows[c];
                continue;
            }
            let have = me.hand.0[c];
            let least = yard.same_color_min.max(rival[c] + 1);
            for total in least..=have + locos {
                let n = splits(have, total);
                if j < n {
                    let cards = total.saturating_sub(locos).max(1) + j as u8;
                    return Some(Action::PlayRow {
                        color: c as u8,
                        cards,
                        locos: total - cards,
                    });
                }
                j -= n;
            }
        }
        if j < mixed {
            let mut mask: u32 = (1 << k) - 1;
            while mask < 1 << colors {
                if mask as u16 & !open == 0 {
                    if j == 0 {
                        return Some(Action::PlayMixed(mask as u16));
                    }
                    j -= 1;
                }
                let low = mask & mask.wrapping_neg();
                let ripple = mask + low;
                mask = (((ripple ^ mask) >> 2) / low) | ripple;
            }
            return None;
        }
        Some(Action::DrawTickets)
    }

    /// Is `card` a face-up locomotive that counts as both draws?
    fn is_double_locomotive(&self, card: u8) -> bool {
        usize::from(card) == self.design.loco()
            && self.design.rules.display.locomotive_counts_double
    }

    /// The fewest tickets the pending choice must keep.
    fn keep_at_least(&self) -> u32 {
        let rules = &self.design.rules.tickets;
        let keep = if self.phase == Phase::SetupTickets {
            rules.setup.keep
        } else {
            rules.draw.keep
        };
        u32::from(keep).min(self.me().offer.len() as u32)
    }

    /// The most cards of colour `c` in another player's Rail Yard.
    fn rival_row(&self, c: usize) -> u8 {
        self.players
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != usize::from(self.current))
            .map(|(_, p)| p.row(c))
            .max()
            .unwrap_or(0)
    }

    /// Every legal Rail Yard play.
    fn plays(&self, out: &mut Vec<Action>) {
        let me = self.me();
        let colors = self.design.colors.len();
        let locos = me.hand.0[self.design.loco()];
        let yard = &self.design.rules.rail_yard;
        for c in 0..colors {
            let have = me.hand.0[c];
            if have == 0 || me.row(c) > 0 {
                continue;
            }
            let least = yard.same_color_min.max(self.rival_row(c) + 1);
            for total in least..=have + locos {
                let fewest = total.saturating_sub(locos).max(1);
                for cards in fewest..=have.min(total) {
                    out.push(Action::PlayRow {
                        color: c as u8,
                        cards,
                        locos: total - cards,
                    });
                }
            }
        }
        let k = u32::from(yard.mixed_colors);
        if k == 0 {
            return;
        }
        let mut open: u16 = 0;
        for c in 0..colors {
            if me.hand.0[c] > 0 && me.row(c) == 0 && self.rival_row(c) == 0 {
                open |= 1 << c;
            }
        }
        if open.count_ones() < k {
            return;
        }
        // Every subset of the open colours with k members, in increasing order.
        let mut mask: u32 = (1 << k) - 1;
        let limit = 1u32 << colors;
        while mask < limit {
            if mask as u16 & !open == 0 {
                out.push(Action::PlayMixed(mask as u16));
            }
            // Gosper's hack: the next number with the same count of ones.
            let low = mask & mask.wrapping_neg();
            let ripple = mask + low;
            mask = (((ripple ^ mask) >> 2) / low) | ripple;
        }
    }

    /// Plays an action, reporting what happened to `ev`.
    pub fn play(&mut self, a: Action, ev: &mut impl EventSink) -> Result<(), IllegalAction> {
        match (self.phase, a) {
            (Phase::Over, _) => Err(IllegalAction::new("the game is over")),
            (Phase::SetupTickets | Phase::KeepTickets, Action::KeepTickets(k)) => self.keep(k, ev),
            (Phase::SetupTickets | Phase::KeepTickets, _) => Err(IllegalAction::new(
                "choose which of the offered tickets to keep first",
            )),
            (_, Action::KeepTickets(_)) => Err(IllegalAction::new("no tickets are on offer")),
            (Phase::Draw(left), Action::DrawBlind) => self.draw_blind(left, ev),
            (Phase::Draw(left), Action::DrawFaceUp(s)) => self.draw_face_up(s, left, ev),
            (Phase::Draw(_), _) => Err(IllegalAction::new(
                "finish drawing train cards: draw blind or take a face-up card",
            )),
            (Phase::Turn, Action::DrawBlind) => {
                self.draw_blind(self.design.rules.draws_per_turn, ev)
            }
            (Phase::Turn, Action::DrawFaceUp(s)) => {
                self.draw_face_up(s, self.design.rules.draws_per_turn, ev)
            }
            (
                Phase::Turn,
                Action::PlayRow {
                    color,
                    cards,
                    locos,
                },
            ) => self.play_row(color, cards, locos, ev),
            (Phase::Turn, Action::PlayMixed(mask)) => self.play_mixed(mask, ev),
            (Phase::Turn, Action::DrawTickets) => self.draw_tickets(ev),
            (Phase::Turn, Action::Pass) => {
                let mut legal = Vec::new();
                self.legal(&mut legal);
                if legal != [Action::Pass] {
                    return Err(IllegalAction::new(
                        "you may pass only when nothing else is possible",
                    ));
                }
                ev.push(Event::Passed { seat: self.seat() });
                self.end_turn(ev);
                Ok(())
            }
        }
    }

    fn keep(&mut self, k: Keep, ev: &mut impl EventSink) -> Result<(), IllegalAction> {
        let n = self.me().offer.len();
        if n < 16 && k.0 >> n != 0 {
            return Err(IllegalAction::new(format!("only {n} tickets are on offer")));
        }
        let least = self.keep_at_least();
        if k.count() < least {
            return Err(IllegalAction::new(format!(
                "keep at least {least} of the {n} tickets offered"
            )));
        }
        let seat = self.seat();
        let setup = self.phase == Phase::SetupTickets;
        let p = &mut self.players[usize::from(self.current)];
        let offer = std::mem::take(&mut p.offer);
        let mut returned = 0u8;
        for (i, &t) in offer.iter().enumerate() {
            if k.keeps(i) {
                p.tickets.push(t);
            } else {
                self.ticket_deck.push_back(t);
                returned += 1;
            }
        }
        ev.push(Event::KeptTickets {
            seat,
            kept: k.count() as u8,
            returned,
        });
        if setup {
            // Returned setup tickets are shuffled back into the deck.
            if returned > 0 {
                self.ticket_deck.make_contiguous();
                let (deck, _) = self.ticket_deck.as_mut_slices();
                self.rng.shuffle(deck);
            }
            let next = usize::from(self.current) + 1;
            if next < self.players.len() && !self.players[next].offer.is_empty() {
                self.current = next as u8;
            } else {
                self.begin_play(ev);
            }
        } else {
            self.end_turn(ev);
        }
        Ok(())
    }

    /// The top card of the deck to the player; says when it was the last.
    fn take_from_deck(&mut self, ev: &mut impl EventSink) -> Option<u8> {
        let c = self.deck.pop()?;
        if self.deck.is_empty() {
            self.deck_ran_out(ev);
        }
        Some(c)
    }

    fn deck_ran_out(&mut self, ev: &mut impl EventSink) {
        if self.final_turns.is_none() {
            self.final_turns = Some(self.players.len() as u8);
            ev.push(Event::DeckRanOut { seat: self.seat() });
        }
    }

    fn draw_blind(&mut self, left: u8, ev: &mut impl EventSink) -> Result<(), IllegalAction> {
        let Some(c) = self.take_from_deck(ev) else {
            return Err(IllegalAction::new("the train deck is empty"));
        };
        self.players[usize::from(self.current)].hand.0[usize::from(c)] += 1;
        ev.push(Event::Drew {
            seat: self.seat(),
            face_up: None,
        });
        self.after_draw(left, ev);
        Ok(())
    }

    fn draw_face_up(
        &mut self,
        slot: u8,
        left: u8,
        ev: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        if self.deck.is_empty() {
            return Err(IllegalAction::new(
                "the train deck has run out: no more train cards may be drawn",
            ));
        }
        let Some(&c) = self.display.get(usize::from(slot)) else {
            return Err(IllegalAction::new(format!(
                "there is no face-up slot {}",
                u16::from(slot) + 1
            )));
        };
        if c == EMPTY {
            return Err(IllegalAction::new(format!(
                "face-up slot {} is empty",
                u16::from(slot) + 1
            )));
        }
        let first = left == self.design.rules.draws_per_turn;
        let double = self.is_double_locomotive(c);
        if double && !first {
            return Err(IllegalAction::new(
                "a face-up locomotive counts as both draws: it cannot be your second card",
            ));
        }
        self.players[usize::from(self.current)].hand.0[usize::from(c)] += 1;
        ev.push(Event::Drew {
            seat: self.seat(),
            face_up: Some(c),
        });
        let refill = self.take_from_deck(ev).unwrap_or(EMPTY);
        self.display[usize::from(slot)] = refill;
        if double {
            self.end_turn(ev);
        } else {
            self.after_draw(left, ev);
        }
        Ok(())
    }

    fn after_draw(&mut self, left: u8, ev: &mut impl EventSink) {
        let left = left.saturating_sub(1);
        if left == 0 || self.deck.is_empty() {
            self.end_turn(ev);
        } else {
            self.phase = Phase::Draw(left);
        }
    }

    fn check_own_and_rivals(&self, c: usize, count: u8) -> Result<(), IllegalAction> {
        let name = self.design.kind_name(c);
        if self.me().row(c) > 0 {
            return Err(IllegalAction::new(format!(
                "{name} is already in your Rail Yard"
            )));
        }
        let rival = self.rival_row(c);
        if rival > 0 && count <= rival {
            return Err(IllegalAction::new(format!(
                "another player has {rival} {name} in their Rail Yard: play more than {rival} to rob them"
            )));
        }
        Ok(())
    }

    /// Discards every other player's row of colour `c` (Train Robbery).
    fn rob(&mut self, c: usize, ev: &mut impl EventSink) {
        let thief = self.seat();
        let loco = self.design.loco();
        for (i, p) in self.players.iter_mut().enumerate() {
            if i == usize::from(self.current) || p.row(c) == 0 {
                continue;
            }
            let cards = p.row(c);
            self.discards.0[c] += p.yard.0[c];
            self.discards.0[loco] += p.yard_locos.0[c];
            p.yard.0[c] = 0;
            p.yard_locos.0[c] = 0;
            ev.push(Event::Robbed {
                thief,
                victim: Seat(i as u8),
                color: c as u8,
                cards,
            });
        }
    }

    fn play_row(
        &mut self,
        color: u8,
        cards: u8,
        locos: u8,
        ev: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        let c = usize::from(color);
        if c >= self.design.colors.len() {
            return Err(IllegalAction::new("there is no such colour"));
        }
        let name = self.design.kind_name(c).to_owned();
        if cards == 0 {
            return Err(IllegalAction::new(format!(
                "a row of {name} needs at least one {name} card"
            )));
        }
        let total = cards.saturating_add(locos);
        let least = self.design.rules.rail_yard.same_color_min;
        if total < least {
            return Err(IllegalAction::new(format!(
                "a row of one colour has at least {least} cards"
            )));
        }
        let loco = self.design.loco();
        let hand = &self.me().hand;
        if hand.0[c] < cards || hand.0[loco] < locos {
            return Err(IllegalAction::new(format!(
                "you hold {} {name} and {} locomotives",
                hand.0[c], hand.0[loco]
            )));
        }
        self.check_own_and_rivals(c, total)?;
        self.rob(c, ev);
        let p = &mut self.players[usize::from(self.current)];
        p.hand.0[c] -= cards;
        p.hand.0[loco] -= locos;
        p.yard.0[c] = cards;
        p.yard_locos.0[c] = locos;
        ev.push(Event::Played {
            seat: self.seat(),
            colors: 1 << c,
            cards: total,
        });
        self.end_turn(ev);
        Ok(())
    }

    fn play_mixed(&mut self, mask: u16, ev: &mut impl EventSink) -> Result<(), IllegalAction> {
        let k = self.design.rules.rail_yard.mixed_colors;
        let colors = self.design.colors.len();
        if k == 0 {
            return Err(IllegalAction::new(
                "these rules allow no play of different colours",
            ));
        }
        if mask.count_ones() != u32::from(k)
            || usize::from(16 - mask.leading_zeros() as u16) > colors
        {
            return Err(IllegalAction::new(format!(
                "play exactly {k} cards of {k} different colours"
            )));
        }
        for c in (0..colors).filter(|c| mask & (1 << c) != 0) {
            if self.me().hand.0[c] == 0 {
                return Err(IllegalAction::new(format!(
                    "you hold no {}",
                    self.design.kind_name(c)
                )));
            }
            self.check_own_and_rivals(c, 1)?;
        }
        for c in (0..colors).filter(|c| mask & (1 << c) != 0) {
            self.rob(c, ev);
            let p = &mut self.players[usize::from(self.current)];
            p.hand.0[c] -= 1;
            p.yard.0[c] = 1;
        }
        ev.push(Event::Played {
            seat: self.seat(),
            colors: mask,
            cards: k,
        });
        self.end_turn(ev);
        Ok(())
    }

    fn draw_tickets(&mut self, ev: &mut impl EventSink) -> Result<(), IllegalAction> {
        let n = usize::from(self.design.rules.tickets.draw.dealt).min(self.ticket_deck.len());
        if n == 0 {
            return Err(IllegalAction::new("the ticket deck is empty"));
        }
        let offer: Vec<u16> = self.ticket_deck.drain(..n).collect();
        self.players[usize::from(self.current)].offer = offer;
        ev.push(Event::DrewTickets {
            seat: self.seat(),
            offered: n as u8,
        });
        self.phase = Phase::KeepTickets;
        Ok(())
    }

    /// The current turn is over: the next player's turn, or the deal's end.
    fn end_turn(&mut self, ev: &mut impl EventSink) {
        self.turn += 1;
        match self.final_turns {
            Some(0) => self.end_deal(ev),
            Some(k) => {
                self.final_turns = Some(k - 1);
                self.next_player(ev);
            }
            None => self.next_player(ev),
        }
    }

    fn next_player(&mut self, ev: &mut impl EventSink) {
        self.current = ((usize::from(self.current) + 1) % self.players.len()) as u8;
        self.phase = Phase::Turn;
        self.phase_one(ev);
    }

    /// Scores the deal; then the next deal or the end of the game.
    fn end_deal(&mut self, ev: &mut impl EventSink) {
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
    fn new_deal(&mut self, ev: &mut impl EventSink) {
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

    fn finish(&mut self, ev: &mut impl EventSink) {
        self.ending = Some(scoring::final_accounts(
            &self.design,
            &self.players,
            crate::game::EndReason::Normal,
        ));
        self.phase = Phase::Over;
        ev.push(Event::GameOver);
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

/// `n` choose `k`.
fn binomial(n: u32, k: u32) -> usize {
    (0..k).fold(1usize, |acc, i| acc * (n - i) as usize / (i + 1) as usize)
}
