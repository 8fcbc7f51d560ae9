//! The one bot game loop: a state, a bot per seat, one turn cap. The CLI's
//! `play`, the simulation harness, the arena, the studio's Play window and the
//! tests all play bot moves through [`Table`], so they cannot drift apart.

use crate::bots::Bot;
use crate::game::{EndReason, GameState, Seat};
use crate::rng::mix;

/// The default turn cap: far beyond any normal game of any family, so
/// reaching it is a finding, never a normal end.
pub const DEFAULT_TURN_CAP: u32 = 500;

/// The seed of the bot at `seat` in the game dealt from `game_seed`: every
/// harness seats bots with it, so the same deal gets the same bots everywhere.
pub fn bot_seed(game_seed: u64, seat: usize) -> u64 {
    mix(game_seed ^ mix(0xB07 + seat as u64))
}

/// A bot chose an action the rules refused: an engine or bot defect, reported
/// with the bot, the seat and the rules' reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{bot} at {seat} chose `{action}`, which the rules refused: {reason}")]
pub struct BotError {
    /// The bot's name.
    pub bot: String,
    /// Its seat.
    pub seat: Seat,
    /// The action, in words.
    pub action: String,
    /// Why the rules refused it.
    pub reason: String,
}

/// What one step of a [`Table`] did.
#[derive(Debug)]
pub enum Step<S: GameState> {
    /// A bot moved.
    Moved {
        /// Who moved.
        seat: Seat,
        /// What it played.
        action: S::Action,
        /// What happened.
        events: S::Events,
    },
    /// The turn cap was reached and the game stopped.
    Capped,
    /// No bot sits at the seat whose decision it is (a human's turn).
    Waiting(Seat),
    /// The game is over (nothing was done).
    Over,
}

/// The players at a table as the loop sees them: a bot, or nobody the loop
/// may move for (a human, in the studio).
pub trait Seats<S: GameState> {
    /// The bot at `seat`, if a bot sits there.
    fn bot_at(&mut self, seat: Seat) -> Option<&mut dyn Bot<S>>;
}

impl<S: GameState> Seats<S> for [Box<dyn Bot<S>>] {
    fn bot_at(&mut self, seat: Seat) -> Option<&mut dyn Bot<S>> {
        self.get_mut(seat.index())
            .map(|b| &mut **b as &mut dyn Bot<S>)
    }
}

impl<S: GameState> Seats<S> for [Option<Box<dyn Bot<S>>>] {
    fn bot_at(&mut self, seat: Seat) -> Option<&mut dyn Bot<S>> {
        self.get_mut(seat.index())?
            .as_mut()
            .map(|b| &mut **b as &mut dyn Bot<S>)
    }
}

/// A game in progress with a bot at every seat.
pub struct Table<'b, S: GameState> {
    /// The game.
    pub state: S,
    /// The turn cap.
    pub turn_cap: u32,
    bots: &'b mut [Box<dyn Bot<S>>],
}

impl<'b, S: GameState> Table<'b, S> {
    /// A table for `state` with `bots[s]` at seat `s`, stopped at `turn_cap` turns.
    pub fn new(state: S, bots: &'b mut [Box<dyn Bot<S>>], turn_cap: u32) -> Self {
        Table {
            state,
            turn_cap,
            bots,
        }
    }

    /// Lets the bot whose decision it is move once, or stops the game at the
    /// turn cap.
    pub fn step(&mut self) -> Result<Step<S>, BotError> {
        step(&mut self.state, self.bots, self.turn_cap)
    }

    /// Plays to the end, telling `seen` of every move (the state is the one
    /// after the move).
    pub fn play(
        &mut self,
        mut seen: impl FnMut(&S, Seat, S::Action, &S::Events),
    ) -> Result<(), BotError> {
        loop {
            match self.step()? {
                Step::Moved {
                    seat,
                    action,
                    events,
                } => seen(&self.state, seat, action, &events),
                Step::Capped | Step::Over | Step::Waiting(_) => return Ok(()),
            }
        }
    }
}

/// One bot move on `state` (the bot at the current seat chooses), or the turn
/// cap. On a refused action the game is stopped ([`EndReason::TurnCap`]) and
/// the error says who chose what.
pub fn step<S: GameState, B: Seats<S> + ?Sized>(
    state: &mut S,
    bots: &mut B,
    turn_cap: u32,
) -> Result<Step<S>, BotError> {
    let Some(seat) = state.current_player() else {
        return Ok(Step::Over);
    };
    if state.turn() >= turn_cap {
        state.stop(EndReason::TurnCap);
        return Ok(Step::Capped);
    }
    let Some(bot) = bots.bot_at(seat) else {
        return Ok(Step::Waiting(seat));
    };
    let action = bot.act(&state.observation(seat));
    match state.apply(action) {
        Ok(events) => Ok(Step::Moved {
            seat,
            action,
            events,
        }),
        Err(e) => {
            let err = BotError {
                bot: bot.name().to_owned(),
                seat,
                action: state.action_text(action),
                reason: e.reason,
            };
            state.stop(EndReason::TurnCap);
            Err(err)
        }
    }
}
