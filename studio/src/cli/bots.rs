//! Bots by name for the play command.

use engine::board_game::{Action, State};
use engine::game::{GameState, Seat};
use engine::rng::GameRng;

/// A player the CLI can seat.
pub trait CliBot {
    /// The action to play for `seat` now.
    fn choose(&mut self, state: &State, seat: Seat, rng: &mut GameRng) -> Action;
}

struct Random(Vec<Action>);

impl CliBot for Random {
    fn choose(&mut self, state: &State, seat: Seat, rng: &mut GameRng) -> Action {
        self.0.clear();
        state.observation(seat).legal_actions(&mut self.0);
        self.0[rng.index(self.0.len())]
    }
}

/// The bot called `name`.
pub fn bot(name: &str, _seed: u64) -> Result<Box<dyn CliBot>, String> {
    match name {
        "random" => Ok(Box::new(Random(Vec::new()))),
        other => Err(format!("there is no bot `{other}`; bots: random")),
    }
}
