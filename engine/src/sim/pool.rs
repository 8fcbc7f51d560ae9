//! The bots a simulation worker keeps from game to game: a game takes the
//! bots of its seating from the pool, renewed for the game's seeds
//! ([`Bot::renew`]), and gives them back when it ends. A bot's tables of the
//! design (its numbers, its route graph, its kept path searches) are then
//! built once per worker instead of once per game; the games are the same as
//! with new bots. The pool keeps the worker's last game's state too, so that
//! the next game is dealt into its storage.

use crate::bots::{Bot, BotNameError};
use crate::game::Family;
use crate::game::table::bot_seed;

/// Spare bots, by their entry in the configured list of names, and a
/// finished game's state to deal the next game into.
pub(super) struct BotPool<F: Family> {
    spare: Vec<Vec<Box<dyn Bot<F::State>>>>,
    /// The state of the worker's last game, kept for its storage (see
    /// [`crate::game::Game::renew_state`]).
    pub(super) state: Option<F::State>,
}

impl<F: Family> BotPool<F> {
    /// An empty pool for a list of `names` bots.
    pub(super) fn new(names: usize) -> Self {
        BotPool {
            spare: (0..names).map(|_| Vec::new()).collect(),
            state: None,
        }
    }

    /// The bots of a seating, bot `seats[s]` of `names` at seat `s`, each
    /// seeded by [`bot_seed`]: a spare one renewed for its seed when the pool
    /// has one that renews, else a new one ([`Family::bot`]).
    pub(super) fn take(
        &mut self,
        names: &[String],
        seats: &[usize],
        game_seed: u64,
    ) -> Result<Vec<Box<dyn Bot<F::State>>>, BotNameError> {
        seats
            .iter()
            .enumerate()
            .map(|(s, &b)| {
                let seed = bot_seed(game_seed, s);
                match self.spare[b].pop() {
                    Some(mut bot) => {
                        if bot.renew(seed) {
                            Ok(bot)
                        } else {
                            F::bot(&names[b], seed)
                        }
                    }
                    None => F::bot(&names[b], seed),
                }
            })
            .collect()
    }

    /// Gives back the bots of a game seated by `seats`.
    pub(super) fn give_back(&mut self, seats: &[usize], bots: Vec<Box<dyn Bot<F::State>>>) {
        for (&b, bot) in seats.iter().zip(bots) {
            self.spare[b].push(bot);
        }
    }
}
