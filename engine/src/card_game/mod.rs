//! Ticket to Ride: The Card Game (`family: card-game`, RULES.md §4): its
//! rules behind the generic [`crate::game`] interface. Every number comes
//! from the design's rule parameters (`formats::card_game::CardRules`).

mod action;
pub mod balance;
pub mod bots;
pub mod cards;
mod deal;
pub mod derive;
mod design;
mod draw;
pub mod expert;
mod family;
mod legal;
mod observation;
mod plays;
mod rail_yard;
mod scenario;
pub mod scoring;
pub mod sim;
mod state;
mod text;
mod tickets;
mod turn;

use std::sync::Arc;

pub use action::{Action, ActionKind, Event, Events, Keep};
pub use cards::{Counts, KINDS, MAX_COLORS};
pub use design::{BigCity, CardDesign, MAX_OFFER, MAX_PLAYERS, Ticket, build};
pub use family::CardFamily;
pub use observation::{Observation, PublicPlayer};
pub use plays::{PlayCount, RowPlays, YardPlays};
pub use scenario::CardScenarioError;
pub use scoring::{Breakdown, Ending, best_matching};
pub use state::{EMPTY, Phase, Player, State};

use crate::game::{
    self, ActionParseError, EndReason, GameState, IllegalAction, Outcome, PlayerCountError, Seat,
};
use crate::rng::GameRng;

/// A card game: a design and a number of players. Immutable; shared by its states.
#[derive(Debug, Clone)]
pub struct CardGame {
    design: Arc<CardDesign>,
    players: usize,
}

impl CardGame {
    /// A game of `players` on `design`.
    pub fn new(design: Arc<CardDesign>, players: usize) -> Result<CardGame, PlayerCountError> {
        PlayerCountError::check(&design.name, design.rules.players, players)?;
        Ok(CardGame { design, players })
    }

    /// The design.
    pub fn design(&self) -> &Arc<CardDesign> {
        &self.design
    }
}

impl game::Game for CardGame {
    type State = State;

    fn num_players(&self) -> usize {
        self.players
    }

    fn new_initial_state(&self, seed: u64) -> State {
        State::deal(self.design.clone(), self.players, seed)
    }
}

impl GameState for State {
    type Action = Action;
    type Events = Events;
    type Observation<'a> = Observation<'a>;

    fn num_players(&self) -> usize {
        self.players.len()
    }

    fn current_player(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.current())
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal(out);
    }

    /// Draws as picking from the list does, counting a turn's Rail Yard
    /// plays instead of listing them (other decisions use a buffer kept per
    /// thread: no allocation per action).
    fn random_action(&self, rng: &mut GameRng) -> Option<Action> {
        thread_local! {
            static LEGAL: std::cell::RefCell<Vec<Action>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        LEGAL.with_borrow_mut(|legal| self.random_legal(rng, legal))
    }

    fn apply(&mut self, action: Action) -> Result<Events, IllegalAction> {
        let mut events = Events::new();
        self.play(action, &mut events)?;
        Ok(events)
    }

    fn apply_quietly(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.play(action, &mut state::Quiet)
    }

    fn is_terminal(&self) -> bool {
        self.phase == Phase::Over
    }

    fn scores(&self) -> Vec<i32> {
        match &self.ending {
            Some(e) => e.outcome.scores.clone(),
            None => self.players.iter().map(|p| p.banked).collect(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending.as_ref().map(|e| e.outcome.clone())
    }

    fn observation(&self, seat: Seat) -> Observation<'_> {
        Observation::new(self, seat)
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    fn stop(&mut self, reason: EndReason) {
        self.stop_now(reason);
    }

    fn action_text(&self, action: Action) -> String {
        self.describe(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ActionParseError> {
        self.parse(text)
    }
}
