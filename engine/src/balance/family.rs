//! What a rule family brings to the balance search: its knobs (what may
//! change in a design file, and one random change within them), its own
//! targets beside the shared ones ([`super::Target`]), and how a balanced
//! design splits into proposals. Each family implements [`Balance`] in its
//! own folder and names it as [`crate::game::Family::Balance`]; the search
//! ([`super::balance`]) is written once against it.

use std::fmt;

use formats::GameFile;
use serde_yaml::Value;

use super::proposal::Proposal;
use super::target::{Measure, Target, TargetError};
use crate::game::Family;
use crate::rng::GameRng;
use crate::sim::{Measures, PlayerCountReport};

/// A family's simulation report, as the search reads it.
pub type Report<F> = crate::sim::FamilyReport<F>;

/// One player count's section of a family's report.
pub type Section<F> = PlayerCountReport<<<F as Family>::Measures as Measures<F>>::Report>;

/// A knob or target as help texts list it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Help {
    /// How it is written, with its default in brackets:
    /// `ticket-points[=1..30]`, `rule:PATH=LO..HI`.
    pub syntax: &'static str,
    /// What it changes, or when it is met.
    pub what: &'static str,
}

/// The names of `items`, comma-separated (for errors and short help).
pub fn names(items: &[Help]) -> String {
    items
        .iter()
        .map(|h| h.syntax)
        .collect::<Vec<_>>()
        .join(", ")
}

/// What family `F` lets the balance search change and aim at.
pub trait Balance<F: Family>: 'static {
    /// A kind of change the designer allows (`--knob`).
    type Knob: Clone + fmt::Debug + PartialEq + Send + Sync + 'static;
    /// A target of the family's own (`--target`), beside the shared ones.
    type Target: Clone + fmt::Debug + PartialEq + fmt::Display + Send + Sync + 'static;
    /// What the targets found off in a report, for [`Balance::mutate`] to
    /// aim its changes at (the default: nothing, every change random).
    type Hints: Default;

    /// Every knob, for help texts and refusals.
    const KNOBS: &'static [Help];
    /// The family's own targets (the shared ones are [`super::target::SHARED`]).
    const TARGETS: &'static [Help];
    /// What `--lock` may name, in words.
    const LOCKS: &'static str;
    /// The Balance window's first targets and knobs for a design of the family.
    const DEFAULTS: (&'static str, &'static str);

    /// The design's rule parameters and deck as played (the preset filled
    /// in), for `rule:` knobs and for comparing designs; `None` when they
    /// do not resolve.
    fn played(file: &GameFile) -> Option<(Value, Value)>;

    /// Reads a knob (`ticket-points=2..20`); an unknown name is refused
    /// naming it and listing [`Balance::KNOBS`].
    fn knob(text: &str) -> Result<Self::Knob, String>;
    /// Reads one of the family's own targets: `None` when `name` is none
    /// of them (the caller then lists every target).
    fn target(
        text: &str,
        name: &str,
        value: Option<&str>,
    ) -> Option<Result<Self::Target, TargetError>>;

    /// Checks before a search that every lock names something of `original`
    /// and every knob can change something within its bounds; the message
    /// names the lock or knob and what to do.
    fn check(original: &GameFile, knobs: &[Self::Knob], locked: &[String]) -> Result<(), String>;
    /// Makes one change to `file` through one of `knobs` (never touching a
    /// `locked` object; `original` gives ±1 bounds) and says what it was, or
    /// `None` when the chosen knob had nothing it may change. `hints` are
    /// what [`Balance::hints`] found off in the best design's report.
    fn mutate(
        original: &GameFile,
        knobs: &[Self::Knob],
        locked: &[String],
        file: &mut GameFile,
        rng: &mut GameRng,
        hints: &Self::Hints,
    ) -> Option<String>;

    /// One of the family's own targets on one player count's section.
    fn measure(target: &Self::Target, section: &Section<F>) -> Measure;
    /// The weight of a target's miss in the loss (ranges and counts are
    /// scaled to their width or to one, so targets compare).
    fn scale(_target: &Self::Target) -> f64 {
        1.0
    }
    /// Objects the targets find off in `report`, for [`Balance::mutate`]
    /// to look at first (empty: every change is random).
    fn hints(_targets: &[Target<Self::Target>], _report: &Report<F>) -> Self::Hints {
        Self::Hints::default()
    }
    /// The changes from `original` to `balanced`, each applicable on its
    /// own (the studio's Balance window).
    fn proposals(original: &GameFile, balanced: &GameFile) -> Vec<Proposal> {
        super::proposal::section_proposals(original, balanced)
    }
}

/// The help of family `F`'s knobs and targets, as `--help` lists them.
pub fn help_text<F: Family>() -> String {
    let mut out = format!("{} designs\n  knobs:\n", F::KIND);
    for h in <F::Balance as Balance<F>>::KNOBS {
        out.push_str(&format!("    {}: {}\n", h.syntax, h.what));
    }
    out.push_str("  targets:\n");
    for h in super::target::SHARED
        .iter()
        .chain(<F::Balance as Balance<F>>::TARGETS)
    {
        out.push_str(&format!("    {}: {}\n", h.syntax, h.what));
    }
    out.push_str(&format!("  locks: {}\n", <F::Balance as Balance<F>>::LOCKS));
    out
}
