//! The generic game interface, after OpenSpiel: an immutable game, a cheap-to-clone
//! state, every decision an action, chance drawn from one seeded generator, and
//! per-player observations. Bots, the simulation harness, replays and the
//! scenario runner are written once against these traits, so every rule family
//! (the board game, Ticket to Ride: The Card Game and Trains & Stations) works with them unchanged.

pub mod conformance;
pub mod family;
pub mod keep;
pub mod table;

use std::fmt;
use std::hash::Hash;

use serde::{Deserialize, Serialize};

use crate::rng::GameRng;

pub use family::{Accounts, Family, PlayerCountError, check_bot, checked};
pub use keep::{Keep, KeepsTickets};
pub use table::{BotError, DEFAULT_TURN_CAP, Step, Table};

/// A seat at the table, 0-based in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0 + 1)
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// The normal end (the board game: a player ran low on trains and everyone
    /// had a last turn).
    Normal,
    /// No player could act for a whole round.
    Stalemate,
    /// The harness's turn limit was reached (a finding, never a normal end).
    TurnCap,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Normal => "normal end",
            EndReason::Stalemate => "stalemate",
            EndReason::TurnCap => "turn cap",
        })
    }
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Final score of each seat.
    pub scores: Vec<i32>,
    /// Rank of each seat after tie-breaks (0 = first; equal ranks are true ties).
    pub ranks: Vec<u8>,
    /// The seats ranked first.
    pub winners: Vec<Seat>,
    /// Why it ended.
    pub reason: EndReason,
}

/// What kind of refusal an [`IllegalAction`] is, so that callers (scenario
/// files, the studio) can tell refusals apart without reading their words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefusalKind {
    /// The game is over: nothing more can be played.
    GameOver,
    /// Not now: another decision is pending (a different phase of the turn,
    /// or another player's choice).
    NotNow,
    /// The player lacks what it costs (cards, coins, trains, stations).
    CannotAfford,
    /// What the action takes is not on offer (an empty slot or deck, a
    /// ticket not dealt, a route or city already taken).
    NotOffered,
    /// The action names something the design does not have (a route, city,
    /// colour or slot number).
    NoSuchThing,
    /// A rule forbids it as given (too few tickets kept, a colour already in
    /// the Rail Yard, a face-up locomotive as the second draw, …).
    AgainstTheRules,
}

impl RefusalKind {
    /// Every kind, in declaration order.
    pub const ALL: [RefusalKind; 6] = [
        RefusalKind::GameOver,
        RefusalKind::NotNow,
        RefusalKind::CannotAfford,
        RefusalKind::NotOffered,
        RefusalKind::NoSuchThing,
        RefusalKind::AgainstTheRules,
    ];

    /// The kind's name in scenario files (`reason: cannot-afford`).
    pub fn name(self) -> &'static str {
        match self {
            RefusalKind::GameOver => "game-over",
            RefusalKind::NotNow => "not-now",
            RefusalKind::CannotAfford => "cannot-afford",
            RefusalKind::NotOffered => "not-offered",
            RefusalKind::NoSuchThing => "no-such-thing",
            RefusalKind::AgainstTheRules => "against-the-rules",
        }
    }
}

impl fmt::Display for RefusalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An action the rules refused: its kind, and the reason in a designer's
/// words (what is shown).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct IllegalAction {
    /// What kind of refusal it is.
    pub kind: RefusalKind,
    /// Why, e.g. "Route Madrid - Pamplona (black) needs 3 black cards or
    /// locomotives; you offered 2 red".
    pub reason: String,
}

impl IllegalAction {
    /// An illegal action of a kind, with a reason.
    pub fn new(kind: RefusalKind, reason: impl Into<String>) -> Self {
        IllegalAction {
            kind,
            reason: reason.into(),
        }
    }

    /// Whether a scenario's `reason:` matches this refusal: the kind's name
    /// (`not-offered`), or a fragment of the reason.
    pub fn matches(&self, fragment: &str) -> bool {
        self.kind.name() == fragment || self.reason.contains(fragment)
    }
}

/// A text that does not name an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not an action: {reason}")]
pub struct ActionParseError {
    /// The text given.
    pub text: String,
    /// What was wrong, with the expected forms.
    pub reason: String,
}

/// What a player may see: their own secrets and everything public. An
/// observation can be completed into a full state by sampling what is hidden
/// (a determinization), which is all information-set search needs.
pub trait Observation {
    /// The state type this observes.
    type State: GameState;
    /// The observing seat.
    fn seat(&self) -> Seat;
    /// A full state consistent with this observation, hidden parts drawn at random.
    fn sample_state(&self, rng: &mut GameRng) -> Self::State;
    /// The observer's legal actions (empty when the decision is not theirs):
    /// what they may do depends only on what they see.
    fn legal_actions(&self, out: &mut Vec<<Self::State as GameState>::Action>);
}

/// A position of a game and everything needed to play on from it.
pub trait GameState: Clone + Send + Sync + 'static {
    /// A decision. Small and copyable.
    type Action: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;
    /// What happened when an action was applied (for logs).
    type Events;
    /// What one seat may see.
    type Observation<'a>: Observation<State = Self>
    where
        Self: 'a;

    /// Players in the game.
    fn num_players(&self) -> usize;
    /// Whose decision it is; `None` once the game is over.
    fn current_player(&self) -> Option<Seat>;
    /// Every action the current player may take (empty when the game is over).
    fn legal_actions(&self, out: &mut Vec<Self::Action>);
    /// A uniformly random legal action (`None` when there is none), drawn
    /// exactly as `legal[rng.index(legal.len())]` would be, so a seed plays the
    /// same game either way. Random play uses it; a family may override it to
    /// draw without listing every action.
    fn random_action(&self, rng: &mut GameRng) -> Option<Self::Action> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        let i = rng.index(legal.len());
        legal.get(i).copied()
    }
    /// Plays an action, or says why it is illegal (the state is then unchanged).
    fn apply(&mut self, action: Self::Action) -> Result<Self::Events, IllegalAction>;
    /// Plays an action like [`GameState::apply`] without reporting what
    /// happened: random play, rollouts and simulations that never read the
    /// events need not build them. A family may override it to skip them.
    fn apply_quietly(&mut self, action: Self::Action) -> Result<(), IllegalAction> {
        self.apply(action).map(drop)
    }
    /// Is the game over?
    fn is_terminal(&self) -> bool;
    /// The score of each seat: running scores during play, final ones at the end.
    fn scores(&self) -> Vec<i32>;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// What a seat may see.
    fn observation(&self, seat: Seat) -> Self::Observation<'_>;
    /// Turns completed so far.
    fn turn(&self) -> u32;
    /// Ends the game now (the harness's turn cap).
    fn stop(&mut self, reason: EndReason);
    /// The action in the words the CLI, replays and scenarios use.
    fn action_text(&self, action: Self::Action) -> String;
    /// Reads an action written in those words, in this position.
    fn parse_action(&self, text: &str) -> Result<Self::Action, ActionParseError>;
}

/// An immutable game: a design, its rules and a player count. States are
/// created from it with a seed.
pub trait Game: Send + Sync {
    /// Its states.
    type State: GameState;
    /// Players at the table.
    fn num_players(&self) -> usize;
    /// A new game, every shuffle drawn from `seed`.
    fn new_initial_state(&self, seed: u64) -> Self::State;
    /// Replaces `state` by [`Game::new_initial_state`]`(seed)`. A family
    /// may override it to keep the state's storage, so that playing game
    /// after game (`tracklayer bench`) does not allocate each one anew.
    fn renew_state(&self, state: &mut Self::State, seed: u64) {
        *state = self.new_initial_state(seed);
    }
}

/// Plays a state to its end choosing uniformly among legal actions, stopping
/// at `max_turns`. Returns the number of actions applied; an error means the
/// rules offered an action they then refused (an engine defect).
pub fn play_randomly<S: GameState>(
    state: &mut S,
    rng: &mut GameRng,
    max_turns: u32,
) -> Result<usize, IllegalAction> {
    let mut n = 0;
    while !state.is_terminal() {
        if state.turn() >= max_turns {
            state.stop(EndReason::TurnCap);
            break;
        }
        let Some(a) = state.random_action(rng) else {
            return Err(IllegalAction::new(
                RefusalKind::NotOffered,
                "a running game offered no legal action",
            ));
        };
        state.apply_quietly(a)?;
        n += 1;
    }
    Ok(n)
}
