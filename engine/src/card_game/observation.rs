//! What one player may see: their hand, tickets and offer, and everything
//! public (the display, every Rail Yard, the sizes of hands, piles and
//! decks, the discards, tickets completed in earlier deals). The On the Track
//! piles are hidden from everyone, their owners included (RULES.md §4): an
//! observation gives only their sizes.

use super::action::Action;
use super::cards::Counts;
use super::design::CardDesign;
use super::plays::YardPlays;
use super::state::{EMPTY, Phase, State};
use crate::game::{self, Seat};
use crate::rng::GameRng;

/// One seat's view of a position.
#[derive(Clone, Copy, Debug)]
pub struct Observation<'a> {
    state: &'a State,
    seat: Seat,
}

/// What everyone sees of a player.
#[derive(Clone, Copy, Debug)]
pub struct PublicPlayer<'a> {
    /// Colour cards of each Rail Yard row.
    pub yard: &'a Counts,
    /// Locomotives on top of each row.
    pub yard_locos: &'a Counts,
    /// Cards in hand.
    pub hand_size: u32,
    /// Cards On the Track (their kinds are hidden).
    pub on_track_size: u32,
    /// Tickets held.
    pub tickets: usize,
    /// Tickets completed in earlier deals.
    pub completed: &'a [u16],
    /// Points banked from earlier deals.
    pub banked: i32,
}

impl<'a> Observation<'a> {
    pub(crate) fn new(state: &'a State, seat: Seat) -> Self {
        Observation { state, seat }
    }

    /// The design.
    pub fn design(&self) -> &'a CardDesign {
        &self.state.design
    }

    /// The observing seat.
    pub fn me(&self) -> Seat {
        self.seat
    }

    /// Players at the table.
    pub fn num_players(&self) -> usize {
        self.state.players.len()
    }

    /// Whose decision it is.
    pub fn current(&self) -> Seat {
        self.state.current()
    }

    /// The pending decision.
    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    /// My hand.
    pub fn hand(&self) -> &'a Counts {
        &self.state.players[self.seat.index()].hand
    }

    /// My tickets.
    pub fn tickets(&self) -> &'a [u16] {
        &self.state.players[self.seat.index()].tickets
    }

    /// The tickets on offer to me.
    pub fn offer(&self) -> &'a [u16] {
        &self.state.players[self.seat.index()].offer
    }

    /// What everyone sees of a seat.
    pub fn player(&self, seat: Seat) -> PublicPlayer<'a> {
        let p = &self.state.players[seat.index()];
        PublicPlayer {
            yard: &p.yard,
            yard_locos: &p.yard_locos,
            hand_size: p.hand.total(),
            on_track_size: p.on_track.total(),
            tickets: p.tickets.len(),
            completed: &p.completed,
            banked: p.banked,
        }
    }

    /// The face-up cards ([`EMPTY`] for an empty slot).
    pub fn display(&self) -> &'a [u8] {
        &self.state.display
    }

    /// Cards in the train deck.
    pub fn deck_len(&self) -> usize {
        self.state.deck.len()
    }

    /// Tickets in the ticket deck.
    pub fn ticket_deck_len(&self) -> usize {
        self.state.ticket_deck.len()
    }

    /// The discards.
    pub fn discards(&self) -> &'a Counts {
        &self.state.discards
    }

    /// The deal (0-based) and the deals of the game.
    pub fn deal(&self) -> (u8, u8) {
        self.state.deal_number()
    }

    /// Turns still to be played after this one, once the deck ran out.
    pub fn final_turns(&self) -> Option<u8> {
        self.state.final_turns
    }

    /// The actions the player on turn may take (they depend only on what
    /// the player on turn sees).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        self.state.legal(out);
    }

    /// The Rail Yard plays open to the player on turn, described colour by
    /// colour (like [`Observation::legal_actions`], they depend only on what
    /// the player on turn sees).
    pub fn yard_plays(&self) -> YardPlays {
        YardPlays::of(self.state)
    }

    /// The card draws that open the turn of the player on turn.
    pub fn turn_draws(&self, out: &mut Vec<Action>) {
        self.state.turn_draws(out);
    }

    /// May the player on turn draw tickets?
    pub fn may_draw_tickets(&self) -> bool {
        self.state.may_draw_tickets()
    }

    /// The action in words.
    pub fn describe(&self, a: Action) -> String {
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

    /// Deals what this seat cannot see at random: the train deck, the other
    /// hands and every On the Track pile (its own too) from the cards it
    /// cannot see; the ticket deck, the other players' tickets and offers
    /// from the tickets it cannot see.
    fn sample_state(&self, rng: &mut GameRng) -> State {
        let mut s = self.state.clone();
        let me = self.seat.index();
        // The unseen cards, in an order that depends only on what is seen.
        let mut unseen = Counts::default();
        for &c in &s.deck {
            unseen.0[usize::from(c)] += 1;
        }
        for (i, p) in s.players.iter().enumerate() {
            if i != me {
                unseen.add(&p.hand);
            }
            unseen.add(&p.on_track);
        }
        let mut cards = Vec::with_capacity(unseen.total() as usize);
        unseen.to_cards(&mut cards);
        rng.shuffle(&mut cards);
        let mut next = cards.into_iter();
        let mut take = |n: usize, into: &mut Counts| {
            *into = Counts::default();
            for c in next.by_ref().take(n) {
                into.0[usize::from(c)] += 1;
            }
        };
        for i in 0..s.players.len() {
            if i != me {
                let n = s.players[i].hand.total() as usize;
                take(n, &mut s.players[i].hand);
            }
            let n = s.players[i].on_track.total() as usize;
            take(n, &mut s.players[i].on_track);
        }
        let deck_len = s.deck.len();
        s.deck.clear();
        s.deck.extend(next.by_ref().take(deck_len));
        debug_assert!(s.deck.iter().all(|&c| c != EMPTY));

        let mut tickets: Vec<u16> = s.ticket_deck.iter().copied().collect();
        for (i, p) in s.players.iter().enumerate() {
            if i != me {
                tickets.extend(&p.tickets);
                tickets.extend(&p.offer);
            }
        }
        tickets.sort_unstable();
        rng.shuffle(&mut tickets);
        let mut next = tickets.into_iter();
        for i in 0..s.players.len() {
            if i != me {
                let p = &mut s.players[i];
                let (n, m) = (p.tickets.len(), p.offer.len());
                p.tickets = next.by_ref().take(n).collect();
                p.offer = next.by_ref().take(m).collect();
            }
        }
        s.ticket_deck = next.collect();
        s.rng = GameRng::seeded(rng.fork());
        s
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::{Game, GameState, Observation as _};

    fn usa() -> Arc<CardDesign> {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml");
        let file = formats::load(&path)
            .unwrap_or_else(|e| panic!("{e}"))
            .design;
        let mut diags = crate::Diagnostics::default();
        Arc::new(super::super::build(&file, &mut diags).unwrap_or_else(|| panic!("{diags:?}")))
    }

    #[test]
    fn the_observers_own_on_the_track_pile_is_sampled_like_the_others() {
        let game = super::super::CardGame::new(usa(), 2).unwrap();
        let mut state = game.new_initial_state(5);
        let mut rng = GameRng::seeded(9);
        // Play until seat 0 has cards On the Track.
        while state.players()[0].on_track.total() < 4 {
            let a = state.random_action(&mut rng).expect("the game runs");
            state.apply(a).unwrap();
            assert!(!state.is_terminal(), "no cards went On the Track");
        }
        let real = state.players()[0].on_track;
        let mut differs = false;
        for _ in 0..20 {
            let s = state.observation(Seat(0)).sample_state(&mut rng);
            let p = &s.players()[0];
            assert_eq!(p.on_track.total(), real.total());
            assert_eq!(
                p.hand,
                state.players()[0].hand,
                "the observer's hand is known"
            );
            differs |= p.on_track != real;
        }
        assert!(
            differs,
            "the observer's own pile is not revealed by its samples"
        );
    }
}
