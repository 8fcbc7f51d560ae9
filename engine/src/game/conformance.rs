//! What every rule family must satisfy, after OpenSpiel's random-simulation
//! test: play never panics and always ends, every offered action is accepted,
//! every component is conserved, the final score recomputes from the final
//! position, bots play only offered actions, and observations hide what they
//! must (two states behind the same observation get the same decision). The
//! conformance test (`engine/tests/conformance.rs`) runs these on every
//! bundled design of every family; a new family gets them with one line.

use std::fmt;

use crate::game::table::{self, Step, bot_seed};
use crate::game::{EndReason, Family, Game, GameState, Observation};
use crate::rng::GameRng;

/// A rule the family broke, in words, with where it happened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{context}: {problem}")]
pub struct Nonconformance {
    /// The game and position (design, players, seed, turn).
    pub context: String,
    /// What went wrong.
    pub problem: String,
}

/// The most actions a game may take before it counts as never ending.
const MAX_ACTIONS: usize = 50_000;

struct Where<'a> {
    design: &'a str,
    players: usize,
    seed: u64,
}

impl Where<'_> {
    fn at<S: GameState>(&self, state: &S, problem: impl fmt::Display) -> Nonconformance {
        Nonconformance {
            context: format!(
                "{}, {}, seed {}, turn {}",
                self.design,
                crate::words::count(self.players, "player"),
                self.seed,
                state.turn()
            ),
            problem: problem.to_string(),
        }
    }
}

/// Checks a state's component totals against the ones at the deal.
fn conserved<F: Family>(
    w: &Where<'_>,
    state: &F::State,
    at_deal: &[(String, u64)],
    what: &str,
) -> Result<(), Nonconformance> {
    let now = F::component_totals(state);
    if now != at_deal {
        let diff: Vec<String> = at_deal
            .iter()
            .zip(&now)
            .filter(|(a, b)| a != b)
            .map(|((name, was), (_, is))| format!("{name}: {was} at the deal, {is} now"))
            .collect();
        return Err(w.at(
            state,
            format!("{what} does not conserve components: {}", diff.join("; ")),
        ));
    }
    Ok(())
}

/// Checks the end of a game: an outcome whose scores are the state's and
/// recompute from the final position.
fn check_end<F: Family>(w: &Where<'_>, state: &F::State) -> Result<EndReason, Nonconformance> {
    let Some(outcome) = state.outcome() else {
        return Err(w.at(state, "a finished game has no outcome"));
    };
    if outcome.scores != state.scores() {
        return Err(w.at(
            state,
            format!(
                "the outcome's scores {:?} are not the state's {:?}",
                outcome.scores,
                state.scores()
            ),
        ));
    }
    let again = F::recompute_scores(state);
    if outcome.scores != again {
        return Err(w.at(
            state,
            format!("final scores {:?} recompute as {again:?}", outcome.scores),
        ));
    }
    Ok(outcome.reason)
}

/// Plays one game of `game` dealt from `seed` uniformly at random, checking
/// at every step that a running game offers an action, that random play draws
/// as the list does, that a sample of offered actions is accepted, that
/// components are conserved (also in determinizations of the mover's
/// observation), and at the end that the scores recompute.
pub fn random_play<F: Family>(
    design: &F::Design,
    game: &F::Game,
    seed: u64,
) -> Result<EndReason, Nonconformance> {
    let w = Where {
        design: F::design_name(design),
        players: game.num_players(),
        seed,
    };
    let mut state = game.new_initial_state(seed);
    let at_deal = F::component_totals(&state);
    let mut rng = GameRng::seeded(seed ^ 0x5eed);
    let mut legal = Vec::new();
    for step in 0.. {
        let Some(seat) = state.current_player() else {
            break;
        };
        if step >= MAX_ACTIONS {
            return Err(w.at(
                &state,
                format!("the game did not end after {MAX_ACTIONS} actions"),
            ));
        }
        legal.clear();
        state.legal_actions(&mut legal);
        if legal.is_empty() {
            return Err(w.at(&state, format!("a running game offers {seat} no action")));
        }
        let mut listed = rng.clone();
        let mut drawn = rng.clone();
        let expected = legal[listed.index(legal.len())];
        if state.random_action(&mut drawn) != Some(expected) {
            return Err(w.at(
                &state,
                "random_action draws otherwise than picking from the list",
            ));
        }
        for _ in 0..3 {
            let a = legal[rng.index(legal.len())];
            if let Err(e) = state.clone().apply(a) {
                return Err(w.at(
                    &state,
                    format!("offered `{}` is refused: {e}", state.action_text(a)),
                ));
            }
        }
        if step % 23 == 0 {
            let sampled = state.observation(seat).sample_state(&mut rng);
            conserved::<F>(&w, &sampled, &at_deal, "a determinization")?;
        }
        let a = legal[rng.index(legal.len())];
        if let Err(e) = state.apply(a) {
            return Err(w.at(
                &state,
                format!("offered `{}` is refused: {e}", state.action_text(a)),
            ));
        }
        conserved::<F>(&w, &state, &at_deal, "play")?;
    }
    check_end::<F>(&w, &state)
}

/// Plays one game with `specs[s]` at seat `s` through the one game loop,
/// checking that every bot move was offered, that components are conserved,
/// that the game ends within the default turn cap, and that the scores
/// recompute. Every `observe_every` moves, the mover's decision is also asked
/// of a fresh bot on a determinization of its observation: it must be the same
/// (bots must not see what the observation hides).
pub fn bot_play<F: Family>(
    design: &F::Design,
    game: &F::Game,
    seed: u64,
    specs: &[&str],
    observe_every: u32,
) -> Result<EndReason, Nonconformance> {
    let w = Where {
        design: F::design_name(design),
        players: game.num_players(),
        seed,
    };
    let mut bots = Vec::new();
    for (s, spec) in specs.iter().enumerate() {
        bots.push(F::bot(spec, bot_seed(seed, s)).map_err(|e| Nonconformance {
            context: w.design.to_owned(),
            problem: e.to_string(),
        })?);
    }
    let mut state = game.new_initial_state(seed);
    let at_deal = F::component_totals(&state);
    let mut rng = GameRng::seeded(seed ^ 0x0b5e);
    let mut legal = Vec::new();
    let mut moves = 0u32;
    loop {
        legal.clear();
        state.legal_actions(&mut legal);
        if let Some(seat) = state.current_player()
            && observe_every > 0
            && moves.is_multiple_of(observe_every)
        {
            let spec = specs[seat.index()];
            let decide =
                |s: &F::State| F::bot(spec, 7).map(|mut bot| bot.act(&s.observation(seat)));
            let sampled = state.observation(seat).sample_state(&mut rng);
            if let (Ok(real), Ok(other)) = (decide(&state), decide(&sampled))
                && real != other
            {
                return Err(w.at(&state, format!(
                    "{spec} decides `{}` on the real state and `{}` on another state behind the same observation",
                    state.action_text(real),
                    sampled.action_text(other)
                )));
            }
        }
        match table::step(&mut state, bots.as_mut_slice(), table::DEFAULT_TURN_CAP) {
            Ok(Step::Moved { seat, action, .. }) => {
                if !legal.contains(&action) {
                    return Err(w.at(
                        &state,
                        format!(
                            "{} at {seat} played `{}`, which was not offered",
                            specs[seat.index()],
                            state.action_text(action)
                        ),
                    ));
                }
                conserved::<F>(&w, &state, &at_deal, "bot play")?;
                moves += 1;
            }
            Ok(Step::Capped) => return Err(w.at(&state, "bots did not finish within the turn cap")),
            Ok(Step::Waiting(seat)) => return Err(w.at(&state, format!("no bot sits at {seat}"))),
            Ok(Step::Over) => break,
            Err(e) => return Err(w.at(&state, e)),
        }
    }
    check_end::<F>(&w, &state)
}
