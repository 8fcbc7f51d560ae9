//! Keeping tickets: the fewest tickets a pending choice may keep (the
//! rules' `keep` at setup or after a draw, at most the offer, and at least
//! one whenever any is offered), so that a play view or a bot asks the
//! engine instead of counting the legal choices.

use super::observation::{Observation, PublicPhase};
use super::state::{Phase, State};
use crate::board_game::board::Board;

/// Which of the rules' `keep` applies: the setup's or a draw's.
fn fewest(board: &Board, setup: bool, offered: usize) -> u32 {
    let tickets = &board.rules().tickets;
    let keep = if setup {
        tickets.setup.keep
    } else {
        tickets.draw.keep
    };
    // The legal choices keep at least one ticket of a non-empty offer.
    match offered.min(16) as u32 {
        0 => 0,
        n => u32::from(keep).clamp(1, n),
    }
}

impl State {
    /// The fewest tickets the player choosing may keep of those on offer,
    /// or `None` when no ticket choice is pending. The legal choices are
    /// exactly those that keep at least this many.
    pub fn fewest_to_keep(&self) -> Option<u32> {
        let setup = match self.phase() {
            Phase::SetupTickets => true,
            Phase::KeepTickets => false,
            _ => return None,
        };
        Some(fewest(self.board(), setup, self.offer().len()))
    }
}

impl Observation<'_> {
    /// [`State::fewest_to_keep`] as the observer sees it: the fewest of the
    /// tickets offered to them they may keep (`None` when they have no
    /// ticket choice to make).
    pub fn fewest_to_keep(&self) -> Option<u32> {
        let setup = match self.phase() {
            PublicPhase::SetupTickets => true,
            PublicPhase::KeepTickets => false,
            _ => return None,
        };
        self.is_my_turn()
            .then(|| fewest(self.board(), setup, self.offer().len()))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::board_game::{Action, BoardGame};
    use crate::game::GameState;
    use crate::rng::GameRng;

    use super::*;
    use crate::bots::random::fewest_legal;

    #[test]
    fn the_fewest_to_keep_is_the_least_a_legal_choice_keeps() {
        let mut checked = 0;
        for map in ["usa.yaml", "europe.yaml"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../maps")
                .join(map);
            let design = formats::load(&path).unwrap().design;
            let board = Arc::new(Board::build(&design).unwrap());
            let game = BoardGame::new(board, 3).unwrap();
            let mut state = game.new_game(4);
            let mut rng = GameRng::seeded(8);
            while !state.is_terminal() {
                let fewest = state.fewest_to_keep();
                assert_eq!(fewest, fewest_legal(&state), "{map}");
                let seat = state.current();
                assert_eq!(state.observation(seat).fewest_to_keep(), fewest, "{map}");
                checked += usize::from(fewest.is_some());
                if fewest.is_some() {
                    // Playing a choice is allowed exactly when it is listed.
                    let mut legal = Vec::new();
                    state.legal(&mut legal);
                    for mask in 0..1u16 << state.offer().len() {
                        let keep = Action::KeepTickets(crate::board_game::Keep(mask));
                        let played = state.clone().apply_action(keep).is_ok();
                        assert_eq!(played, legal.contains(&keep), "{map}: {keep:?}");
                    }
                }
                let action = state.random_legal(&mut rng).unwrap();
                state.apply_action(action).unwrap();
            }
        }
        assert!(checked > 6, "only {checked} ticket choices");
    }
}
