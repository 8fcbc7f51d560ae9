//! The dice game behind the generic interface: [`DiceGame`] (a design and a
//! player count), the state's [`GameState`] implementation, and what one
//! player may see ([`DiceObservation`]).

use std::sync::Arc;

use super::action::{Action, Events};
use super::design::DiceDesign;
use super::rules::Sink;
use super::state::{Phase, State};
use crate::game::{
    self, ActionParseError, EndReason, GameState, IllegalAction, Outcome, PlayerCountError, Seat,
};
use crate::rng::GameRng;

/// A dice game: a design and a player count.
#[derive(Clone, Debug)]
pub struct DiceGame {
    design: Arc<DiceDesign>,
    players: usize,
}

impl DiceGame {
    /// A game of `players` on `design`, if the design seats them.
    pub fn new(design: Arc<DiceDesign>, players: usize) -> Result<DiceGame, PlayerCountError> {
        PlayerCountError::check(&design.name, design.rules.players, players)?;
        Ok(DiceGame { design, players })
    }
}

impl game::Game for DiceGame {
    type State = State;

    fn num_players(&self) -> usize {
        self.players
    }

    fn new_initial_state(&self, seed: u64) -> State {
        State::new(self.design.clone(), self.players, seed)
    }
}

impl GameState for State {
    type Action = Action;
    type Events = Events;
    type Observation<'a> = DiceObservation<'a>;

    fn num_players(&self) -> usize {
        self.players.len()
    }

    fn current_player(&self) -> Option<Seat> {
        self.decider().map(Seat)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal(out);
    }

    fn random_action(&self, rng: &mut GameRng) -> Option<Action> {
        // Drawn as from the list (the dice choices by index, the rest into
        // a buffer kept per thread: random play asks this millions of times).
        thread_local! {
            static LEGAL: std::cell::RefCell<Vec<Action>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        LEGAL.with_borrow_mut(|legal| self.random_legal(rng, legal))
    }

    fn apply(&mut self, action: Action) -> Result<Events, IllegalAction> {
        let mut sink = Sink {
            events: Vec::new(),
            on: true,
        };
        self.play(action, &mut sink)?;
        Ok(sink.events)
    }

    fn apply_quietly(&mut self, action: Action) -> Result<(), IllegalAction> {
        let mut sink = Sink {
            events: Vec::new(),
            on: false,
        };
        self.play(action, &mut sink)
    }

    fn is_terminal(&self) -> bool {
        self.phase == Phase::Over
    }

    fn scores(&self) -> Vec<i32> {
        match &self.ending {
            Some(e) => e.outcome.scores.clone(),
            None => self
                .players
                .iter()
                .map(|p| p.points + p.ticket_points(&self.design))
                .collect(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending.as_ref().map(|e| e.outcome.clone())
    }

    fn observation(&self, seat: Seat) -> DiceObservation<'_> {
        DiceObservation { state: self, seat }
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    fn stop(&mut self, reason: EndReason) {
        if !self.is_terminal() {
            self.finish_game(reason);
        }
    }

    fn action_text(&self, action: Action) -> String {
        self.text_of(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ActionParseError> {
        self.parse(text)
    }
}

/// What one player may see: everything on the table (dice, buildings, decks,
/// coins, points, goods taken, which are handed out face up and traded face
/// up), their own special cards and speculation — never another player's
/// special cards, the special deck's order, another player's pending
/// speculation, or the dice still to be rolled.
#[derive(Clone, Copy)]
pub struct DiceObservation<'a> {
    state: &'a State,
    seat: Seat,
}

impl<'a> DiceObservation<'a> {
    /// The position, for reading what is public. Bots must read hidden parts
    /// through the observation's own methods only.
    pub fn public(&self) -> &'a State {
        self.state
    }

    /// The observer's special cards (indexes into the design's specials).
    pub fn hand(&self) -> &'a [u16] {
        &self.state.players[self.seat.index()].hand
    }

    /// How many special cards a seat holds.
    pub fn hand_size(&self, seat: Seat) -> usize {
        self.state.players[seat.index()].hand.len()
    }

    /// The actions open to the observer (empty when it is not their decision).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.state.decider() == Some(self.seat.0) {
            self.state.legal(out);
        }
    }
}

impl game::Observation for DiceObservation<'_> {
    type State = State;

    fn seat(&self) -> Seat {
        self.seat
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        DiceObservation::legal_actions(self, out);
    }

    fn sample_state(&self, rng: &mut GameRng) -> State {
        let mut s = self.state.clone();
        let me = self.seat.index();
        // Special cards not seen: the others' hands and the deck, pooled in a
        // fixed order and dealt again.
        let mut pool: Vec<u16> = s.specials_deck.clone();
        for (i, p) in s.players.iter().enumerate() {
            if i != me {
                pool.extend(p.hand.iter().copied());
            }
        }
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        let mut it = pool.into_iter();
        for (i, p) in s.players.iter_mut().enumerate() {
            if i != me {
                for c in p.hand.iter_mut() {
                    *c = it.next().unwrap_or(*c);
                }
                p.pledged = [0; 8];
                p.pledged_specials.clear();
            }
        }
        s.specials_deck = it.collect();
        s.rng = GameRng::seeded(rng.next_u64());
        s.forced.clear();
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Observation};

    fn demo() -> DiceGame {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/trains-and-stations-demo.yaml");
        let file = formats::load(&path).expect("the demo loads").design;
        let design = Arc::new(DiceDesign::build(&file).expect("the demo builds"));
        DiceGame::new(design, 3).expect("3 players")
    }

    #[test]
    fn a_determinization_keeps_what_the_seat_sees_and_redeals_the_rest() {
        let game = demo();
        let mut state = game.new_initial_state(5);
        // Player 2 pledges a good in secret (set by hand: the position is what matters).
        state.players[1].goods[0] = 2;
        state.players[1].pledged[0] = 2;
        let obs = state.observation(Seat(0));
        let mut changed = false;
        for seed in 0..20 {
            let s = obs.sample_state(&mut GameRng::seeded(seed));
            assert_eq!(s.players[0].hand, state.players[0].hand);
            assert_eq!(s.players[1].pledged, [0; 8]);
            assert_eq!(s.players[1].goods, state.players[1].goods);
            assert_eq!(s.players[1].hand.len(), state.players[1].hand.len());
            changed |= s.players[1].hand != state.players[1].hand;
        }
        assert!(changed, "the others' special cards are dealt anew");
    }

    #[test]
    fn the_direct_legality_check_agrees_with_the_list() {
        let game = demo();
        let mut rng = GameRng::seeded(3);
        let mut legal = Vec::new();
        for seed in 0..4 {
            let mut state = game.new_initial_state(seed);
            while !state.is_terminal() {
                state.legal(&mut legal);
                assert!(legal.iter().all(|&a| state.is_legal(a)));
                // Some actions of the wrong phase or out of range are refused.
                for wrong in [
                    Action::Stop,
                    Action::Recall,
                    Action::Done,
                    Action::Place {
                        space: 0,
                        bonus: true,
                    },
                    Action::Supply(7),
                    Action::Deliver(0),
                    Action::Finish {
                        save: [0, 0, 0, 0, 1, 0],
                    },
                ] {
                    assert_eq!(state.is_legal(wrong), legal.contains(&wrong), "{wrong:?}");
                }
                let a = legal[rng.index(legal.len())];
                state
                    .apply_quietly(a)
                    .expect("an offered action is accepted");
            }
        }
    }

    #[test]
    fn a_player_count_outside_the_rules_is_refused() {
        let game = demo();
        let design = game.design.clone();
        let e = DiceGame::new(design, 2).expect_err("2 players");
        assert!(e.to_string().contains("3 to 5"), "{e}");
    }
}
