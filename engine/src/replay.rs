//! Recording games of any rule family as replays and playing replays back,
//! checking that they still give the recorded result. A replay stores the
//! design, the seed and the actions in words, so it plays back on any build
//! whose rules agree.

use std::sync::Arc;

use formats::GameFile;
use formats::replay::{REPLAY_FORMAT, Replay, ReplayResult};

use crate::game::{EndReason, Family, Game, GameState, Outcome, PlayerCountError};

/// Why a replay could not be played back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The stored design has errors.
    #[error("the replay's design has errors: {0}")]
    Design(String),
    /// The player count does not fit the design.
    #[error(transparent)]
    Players(#[from] PlayerCountError),
    /// An action could not be read or was refused.
    #[error("action {index} `{text}`: {reason}")]
    Action {
        /// 1-based position in the replay.
        index: usize,
        /// The action's text.
        text: String,
        /// What went wrong.
        reason: String,
    },
    /// The game played back ended differently from the recording.
    #[error("the replay ends with {found:?}, but it recorded {recorded:?}")]
    Mismatch {
        /// What the file says.
        recorded: Box<ReplayResult>,
        /// What playing it gave.
        found: Box<ReplayResult>,
    },
}

/// The recorded form of an outcome.
pub fn result_of(outcome: &Outcome) -> ReplayResult {
    ReplayResult {
        scores: outcome.scores.clone(),
        winners: outcome.winners.iter().map(|s| s.0 + 1).collect(),
        reason: match outcome.reason {
            EndReason::Normal => "normal",
            EndReason::Stalemate => "stalemate",
            EndReason::TurnCap => "turn-cap",
        }
        .to_owned(),
    }
}

/// Records a game as it is played.
#[derive(Debug, Clone)]
pub struct Recorder {
    replay: Replay,
}

impl Recorder {
    /// Starts a recording of a game of `design` dealt from `seed`.
    pub fn new(
        design: &GameFile,
        game_path: Option<String>,
        players: usize,
        seed: u64,
        seats: Vec<String>,
    ) -> Self {
        Recorder {
            replay: Replay {
                format: REPLAY_FORMAT.to_owned(),
                game: game_path,
                players,
                seed,
                seats,
                actions: Vec::new(),
                result: None,
                design: Box::new(design.clone()),
            },
        }
    }

    /// Records an action, described in `state` before it is applied.
    pub fn record<S: GameState>(&mut self, state: &S, action: S::Action) {
        self.replay.actions.push(state.action_text(action));
    }

    /// The replay so far, with the result once the game is over.
    pub fn finish<S: GameState>(&self, state: &S) -> Replay {
        let mut r = self.replay.clone();
        r.result = state.outcome().as_ref().map(result_of);
        r
    }
}

/// A replay played back: every state from the deal to the end, and every
/// action, so a viewer can step forwards and backwards.
#[derive(Debug, Clone)]
pub struct Playback<S: GameState> {
    /// States before each action, then the final state.
    pub states: Vec<S>,
    /// The actions, in order.
    pub actions: Vec<S::Action>,
}

impl<S: GameState> Playback<S> {
    /// The state at the end.
    pub fn last(&self) -> &S {
        self.states
            .last()
            .expect("a playback holds at least the deal")
    }
}

/// Plays a replay of a game of family `F` back, checking its recorded result
/// ([`crate::families`] picks the family from the replay's design).
pub fn play_back<F: Family>(replay: &Replay) -> Result<Playback<F::State>, ReplayError> {
    let design = F::build(&replay.design).map_err(|d| {
        ReplayError::Design(
            d.iter()
                .filter(|d| d.severity == crate::Severity::Error)
                .map(|d| d.message.clone())
                .collect::<Vec<_>>()
                .join("; "),
        )
    })?;
    let game = F::new_game(&Arc::new(design), replay.players)?;
    let mut state = game.new_initial_state(replay.seed);
    let mut states = Vec::with_capacity(replay.actions.len() + 1);
    let mut actions = Vec::with_capacity(replay.actions.len());
    for (i, text) in replay.actions.iter().enumerate() {
        let fail = |reason: String| ReplayError::Action {
            index: i + 1,
            text: text.clone(),
            reason,
        };
        let a = state.parse_action(text).map_err(|e| fail(e.reason))?;
        states.push(state.clone());
        state.apply(a).map_err(|e| fail(e.reason))?;
        actions.push(a);
    }
    if let Some(recorded) = &replay.result {
        if !state.is_terminal() && recorded.reason == "turn-cap" {
            state.stop(EndReason::TurnCap);
        }
        let found = state.outcome().as_ref().map(result_of);
        if found.as_ref() != Some(recorded) {
            return Err(ReplayError::Mismatch {
                recorded: Box::new(recorded.clone()),
                found: Box::new(found.unwrap_or(ReplayResult {
                    scores: state.scores(),
                    winners: Vec::new(),
                    reason: "not over".into(),
                })),
            });
        }
    }
    states.push(state);
    Ok(Playback { states, actions })
}
