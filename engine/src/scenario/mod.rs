//! The scenario runner: set up an exact position, play the steps, and report
//! every expectation that does not hold, as a readable difference.
//!
//! The runner is written once for every rule family. This module holds what
//! all families share: loading the design, the player count and seed, steps of
//! actions given as text, the legal, illegal and no-legal-action checks, whose
//! turn it is, the end reason, the winners, the final totals and the report. A
//! family brings the rest through [`ScenarioFamily`]: dealing and setting up
//! its own position (hands, decks, tickets…) and its own expectations. The
//! board family's part is `board_game::scenario`.

use std::fmt;
use std::path::Path;

use formats::GameFile;
use formats::scenario::{Expect, ExpectedEnd, FinalExpect, NoLegalAction, Scenario};

use crate::diagnostics::Diagnostic;
use crate::families::AnyScenarioError;
use crate::game::{EndReason, Family, GameState, RefusalKind};

/// Where in a scenario something is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    /// A step, 1-based.
    Step(usize),
    /// The `outcome:` (the final accounts).
    Outcome,
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Step(i) => write!(f, "step {i}"),
            At::Outcome => f.write_str("final"),
        }
    }
}

/// A family's error about one field of an expectation: which field
/// (`players[2].hand`) and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{field}`: {error}")]
pub struct FieldError<E> {
    /// The field's key path inside `expect:` or `outcome:`.
    pub field: String,
    /// What is wrong.
    pub error: E,
}

impl<E> FieldError<E> {
    /// An error about `field`.
    pub fn new(field: impl Into<String>, error: impl Into<E>) -> Self {
        FieldError {
            field: field.into(),
            error: error.into(),
        }
    }
}

/// The errors of a design that does not build.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("the design has errors: {}", list(.0))]
pub struct DesignErrors(pub Vec<Diagnostic>);

impl DesignErrors {
    /// The errors among a failed build's `diagnostics` (its warnings left
    /// out), as every family's scenario set-up reports them.
    pub fn of(diagnostics: &crate::diagnostics::Diagnostics) -> Self {
        DesignErrors(
            diagnostics
                .iter()
                .filter(|d| d.severity == crate::diagnostics::Severity::Error)
                .cloned()
                .collect(),
        )
    }
}

fn list(d: &[Diagnostic]) -> String {
    d.iter()
        .map(|d| format!("{}: {}", d.code, d.message))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Why a scenario could not run at all (as opposed to failing its checks).
/// `E` is the rule family's own error (by default any family's, as
/// [`run`] gives it).
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError<E = AnyScenarioError> {
    /// The design did not load.
    #[error(transparent)]
    Load(#[from] formats::LoadError),
    /// The design has errors.
    #[error(transparent)]
    Design(#[from] DesignErrors),
    /// Neither `game:` nor `design:` is given.
    #[error(
        "the scenario names no design: give `game: path/to/design.yaml` or an inline `design:`"
    )]
    NoDesign,
    /// The family cannot deal this game or make the setup (a player count
    /// the design does not allow, a card that is not free…).
    #[error("{0}")]
    Setup(E),
    /// An expectation names something that does not exist (a card, a
    /// terrain type, a phase, a ticket…).
    #[error("{at}: {error}")]
    Expect {
        /// The step or the outcome.
        at: At,
        /// The field and what is wrong with it.
        error: FieldError<E>,
    },
}

impl<E> ScenarioError<E> {
    /// The same error with the family's own error turned into another type
    /// (the registry's error of any family).
    pub fn map<T>(self, f: impl Fn(E) -> T) -> ScenarioError<T> {
        match self {
            ScenarioError::Load(e) => ScenarioError::Load(e),
            ScenarioError::Design(d) => ScenarioError::Design(d),
            ScenarioError::NoDesign => ScenarioError::NoDesign,
            ScenarioError::Setup(e) => ScenarioError::Setup(f(e)),
            ScenarioError::Expect { at, error } => ScenarioError::Expect {
                at,
                error: FieldError {
                    field: error.field,
                    error: f(error.error),
                },
            },
        }
    }
}

/// What a rule family adds to the scenario runner: its own position and its
/// own checks. Everything else is the runner's.
pub trait ScenarioFamily: Family {
    /// Why the family cannot set up a position or read an expectation.
    type Error: std::error::Error;
    /// The family's checks of one `expect:`, every name resolved.
    type Checks;
    /// The family's checks of the `outcome:`, every name resolved.
    type FinalChecks;

    /// Deals a game of `players` on `design` from `seed` and applies the
    /// scenario's `setup:`.
    fn set_up(
        design: &GameFile,
        scenario: &Scenario,
    ) -> Result<Self::State, ScenarioError<Self::Error>>;

    /// Reads the family's fields of an `expect:` against the position's
    /// design; a name it does not know is an error.
    fn checks(state: &Self::State, e: &Expect) -> Result<Self::Checks, FieldError<Self::Error>>;

    /// Checks them after a step; `events` are what the step's action did.
    fn check(
        state: &Self::State,
        checks: &Self::Checks,
        events: Option<&<Self::State as GameState>::Events>,
        out: &mut Findings<'_>,
    );

    /// Reads the family's fields of the `outcome:`.
    fn final_checks(
        state: &Self::State,
        f: &FinalExpect,
    ) -> Result<Self::FinalChecks, FieldError<Self::Error>>;

    /// Checks them once the game is over.
    fn check_final(state: &Self::State, checks: &Self::FinalChecks, out: &mut Findings<'_>);
}

/// What a scenario run found.
#[derive(Debug, Clone, Default)]
pub struct ScenarioReport {
    /// One line per expectation that failed: where, expected, found.
    pub failures: Vec<String>,
    /// Steps played.
    pub steps: usize,
}

impl ScenarioReport {
    /// Did every expectation hold?
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// The failures found at one place of a scenario, as readable lines.
pub struct Findings<'a> {
    at: At,
    out: &'a mut Vec<String>,
}

impl Findings<'_> {
    /// Records a failure in words.
    pub fn fail(&mut self, what: impl fmt::Display) {
        self.out.push(format!("{}: {what}", self.at));
    }

    /// Records `what` as a failure when `expected` and `found` differ.
    pub fn diff<T: PartialEq + fmt::Debug>(&mut self, what: &str, expected: &T, found: &T) {
        if expected != found {
            self.fail(format_args!(
                "{what}: expected {expected:?}, found {found:?}"
            ));
        }
    }
}

/// Loads a scenario's design: the inline `design:`, or the `game:` file
/// relative to `base_dir`.
pub fn scenario_design<E>(s: &Scenario, base_dir: &Path) -> Result<GameFile, ScenarioError<E>> {
    match (&s.design, &s.game) {
        (Some(d), _) => Ok((**d).clone()),
        (None, Some(g)) => Ok(formats::load(&base_dir.join(g))?.design),
        (None, None) => Err(ScenarioError::NoDesign),
    }
}

/// Runs a scenario whose `game:` path is relative to `base_dir`, with the
/// rule family its design names ([`crate::families::run_scenario`]).
pub fn run(s: &Scenario, base_dir: &Path) -> Result<ScenarioReport, ScenarioError> {
    crate::families::run_scenario(s, &scenario_design(s, base_dir)?)
}

/// Runs a scenario of the family `F` on its (loaded) design.
pub fn run_family<F: ScenarioFamily>(
    s: &Scenario,
    design: &GameFile,
) -> Result<ScenarioReport, ScenarioError<F::Error>> {
    let mut state = F::set_up(design, s)?;

    // Every expectation is read before anything is played, so a misspelt
    // name is an error that says where, never a silent mismatch.
    let mut checks = Vec::with_capacity(s.steps.len());
    for (i, step) in s.steps.iter().enumerate() {
        let c = match &step.expect {
            Some(e) => {
                Some(
                    read_checks::<F>(&state, e).map_err(|error| ScenarioError::Expect {
                        at: At::Step(i + 1),
                        error,
                    })?,
                )
            }
            None => None,
        };
        checks.push(c);
    }
    let final_checks = match &s.outcome {
        Some(f) => Some(
            F::final_checks(&state, f).map_err(|error| ScenarioError::Expect {
                at: At::Outcome,
                error,
            })?,
        ),
        None => None,
    };

    let mut report = ScenarioReport::default();
    for (i, (step, checks)) in s.steps.iter().zip(&checks).enumerate() {
        report.steps += 1;
        let mut out = Findings {
            at: At::Step(i + 1),
            out: &mut report.failures,
        };
        if let Some(p) = step.player {
            let found = state.current_player().map(|s| s.0 + 1);
            if found != Some(p) {
                out.fail(format_args!(
                    "expected player {p} to be on turn, found {}",
                    seat_words(found)
                ));
            }
        }
        let mut events = None;
        if let Some(text) = &step.action {
            match state.parse_action(text) {
                Err(e) => out.fail(e),
                Ok(a) => match state.apply(a) {
                    Ok(ev) => events = Some(ev),
                    Err(e) => out.fail(format_args!("`{text}` was refused: {e}")),
                },
            }
        }
        for text in &step.illegal {
            match refusal(&state, text) {
                None => out.fail(format_args!("`{text}` should be refused but was accepted")),
                Some(refused) => {
                    if let Some(fragment) = &step.reason
                        && !refused.matches(fragment)
                    {
                        out.fail(format_args!(
                            "`{text}` was refused, but the reason does not say \"{fragment}\": {}",
                            refused.words
                        ));
                    }
                }
            }
        }
        for text in &step.legal {
            if let Some(refused) = refusal(&state, text) {
                out.fail(format_args!(
                    "`{text}` should be accepted but was refused: {}",
                    refused.words
                ));
            }
        }
        if let Some(none) = &step.no_legal_action {
            check_no_legal_action(&state, none, &mut out);
        }
        if let Some((current, c)) = checks {
            if let Some(want) = current {
                let found = state.current_player().map(|s| s.0 + 1);
                if found != Some(*want) {
                    out.fail(format_args!(
                        "player on turn: expected {want}, found {}",
                        seat_words(found)
                    ));
                }
            }
            <F as ScenarioFamily>::check(&state, c, events.as_ref(), &mut out);
        }
    }
    if let (Some(f), Some(c)) = (&s.outcome, &final_checks) {
        let stopped = !state.is_terminal();
        if stopped {
            state.stop(EndReason::Normal);
        }
        let mut out = Findings {
            at: At::Outcome,
            out: &mut report.failures,
        };
        check_outcome(&state, f, stopped, &mut out);
        F::check_final(&state, c, &mut out);
    }
    Ok(report)
}

/// The common `current` and the family's checks of one `expect:`.
type StepChecks<C> = (Option<u8>, C);

fn read_checks<F: ScenarioFamily>(
    state: &F::State,
    e: &Expect,
) -> Result<StepChecks<F::Checks>, FieldError<F::Error>> {
    Ok((e.current, F::checks(state, e)?))
}

fn seat_words(seat: Option<u8>) -> String {
    seat.map_or_else(|| "nobody (the game is over)".to_owned(), |s| s.to_string())
}

/// Why `text` is refused in this position (tried on a copy), or `None` when
/// it is accepted. A text that cannot be read counts as refused.
/// Why an action text was refused: the words shown, and the refusal's kind
/// when the rules refused it (not when the text names no action).
struct Refused {
    words: String,
    kind: Option<RefusalKind>,
}

impl Refused {
    /// Whether a step's `reason:` matches: a fragment of the words, or the
    /// name of the refusal's kind (`cannot-afford`).
    fn matches(&self, fragment: &str) -> bool {
        self.words.contains(fragment) || self.kind.is_some_and(|k| k.name() == fragment)
    }
}

fn refusal<S: GameState>(state: &S, text: &str) -> Option<Refused> {
    match state.parse_action(text) {
        Err(e) => Some(Refused {
            words: e.to_string(),
            kind: None,
        }),
        Ok(a) => state.clone().apply(a).err().map(|e| Refused {
            words: e.to_string(),
            kind: Some(e.kind),
        }),
    }
}

fn check_no_legal_action<S: GameState>(state: &S, none: &NoLegalAction, out: &mut Findings<'_>) {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let words = |a: &S::Action| state.action_text(*a);
    match none {
        NoLegalAction::Any => {
            if let Some(a) = legal.first() {
                out.fail(format_args!(
                    "expected no legal action, found {} (e.g. `{}`)",
                    legal.len(),
                    words(a)
                ));
            }
        }
        NoLegalAction::StartingWith(prefix) => {
            let prefix = prefix.trim();
            let found: Vec<String> = legal
                .iter()
                .map(words)
                .filter(|t| {
                    t.strip_prefix(prefix)
                        .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
                })
                .collect();
            if let Some(first) = found.first() {
                out.fail(format_args!(
                    "expected no legal action starting with `{prefix}`, found {} (e.g. `{first}`)",
                    found.len()
                ));
            }
        }
    }
}

fn check_outcome<S: GameState>(state: &S, f: &FinalExpect, stopped: bool, out: &mut Findings<'_>) {
    let Some(outcome) = state.outcome() else {
        out.fail("the game did not end");
        return;
    };
    if let Some(want) = f.reason {
        let found = if stopped {
            ExpectedEnd::Stopped
        } else {
            match outcome.reason {
                EndReason::Normal => ExpectedEnd::Normal,
                EndReason::Stalemate => ExpectedEnd::Stalemate,
                EndReason::TurnCap => ExpectedEnd::TurnCap,
            }
        };
        out.diff("end reason", &end_words(want), &end_words(found));
    }
    if let Some(w) = &f.winners {
        let found: Vec<u8> = outcome.winners.iter().map(|s| s.0 + 1).collect();
        out.diff("winners", w, &found);
    }
    for (i, fp) in f.players.iter().enumerate() {
        let Some(total) = fp.total else { continue };
        match outcome.scores.get(i) {
            Some(&found) => out.diff(&format!("player {}'s total", i + 1), &total, &found),
            None => out.fail(format_args!("there is no player {}", i + 1)),
        }
    }
}

fn end_words(e: ExpectedEnd) -> &'static str {
    match e {
        ExpectedEnd::Normal => "normal",
        ExpectedEnd::Stalemate => "stalemate",
        ExpectedEnd::TurnCap => "turn-cap",
        ExpectedEnd::Stopped => "stopped (the scenario ended the game)",
    }
}

#[cfg(test)]
mod tests;
