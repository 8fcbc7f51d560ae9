//! Balance for a design of any family, its knobs and targets given as text
//! (the CLI's `--knob`/`--target`, the studio's Balance window): the family
//! the file names reads them ([`Balance::knob`], [`parse_target`]) and the
//! search runs with it.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use formats::GameFile;

use super::family::{Balance, help_text};
use super::{
    BalanceConfig, BalanceError, BalanceProgress, Evaluator, FamilyKnob, FamilyTarget, Outcome,
    Proposal, balance_with, parse_target,
};
use crate::families::{AnyDesign, FamilyVisitor, KindVisitor, visit_kind};
use crate::game::Family;

/// A balance run as text: what the CLI and the studio hand over.
#[derive(Clone, Debug)]
pub struct Request {
    /// Targets as written (`ticket-value=0.3`).
    pub targets: Vec<String>,
    /// Knobs as written (`ticket-points=2..20`).
    pub knobs: Vec<String>,
    /// Objects that must not change.
    pub locked: Vec<String>,
    /// The search's settings: no player counts means every count the
    /// design allows, no bots the family's default bots.
    pub config: BalanceConfig,
}

/// Balances `file` (of any family) as `request` says, simulating through
/// `evaluator`. A knob or target the family lacks is refused naming it and
/// listing the family's.
pub fn balance_file<E: Evaluator>(
    evaluator: &E,
    file: &GameFile,
    request: &Request,
    progress: &(dyn Fn(&BalanceProgress) + Sync),
    cancel: &AtomicBool,
) -> Result<Outcome, BalanceError> {
    built(file)?.visit(Run {
        evaluator,
        file,
        request,
        progress,
        cancel,
    })
}

struct Run<'a, E> {
    evaluator: &'a E,
    file: &'a GameFile,
    request: &'a Request,
    progress: &'a (dyn Fn(&BalanceProgress) + Sync),
    cancel: &'a AtomicBool,
}

/// The targets and knobs of `r`, read by family `F`.
#[allow(
    clippy::type_complexity,
    reason = "the two lists the family's reader returns"
)]
fn read<F: Family>(
    r: &Request,
) -> Result<(Vec<FamilyTarget<F>>, Vec<FamilyKnob<F>>), BalanceError> {
    let targets = r
        .targets
        .iter()
        .map(|t| parse_target::<F>(t).map_err(|e| BalanceError::Setting(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    let knobs = r
        .knobs
        .iter()
        .map(|k| <F::Balance as Balance<F>>::knob(k).map_err(BalanceError::Setting))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((targets, knobs))
}

/// Checks `request` against `file` without simulating: the design plays,
/// its family knows every target and knob, the locks name its objects and
/// the knobs can change something (the studio says so before it starts).
pub fn check_request(file: &GameFile, request: &Request) -> Result<(), BalanceError> {
    struct Check<'a>(&'a GameFile, &'a Request);
    impl FamilyVisitor for Check<'_> {
        type Output = Result<(), BalanceError>;
        fn visit<F: Family>(self, _: Arc<F::Design>) -> Self::Output {
            let (_, knobs) = read::<F>(self.1)?;
            <F::Balance as Balance<F>>::check(self.0, &knobs, &self.1.locked)
                .map_err(BalanceError::Setting)
        }
    }
    built(file)?.visit(Check(file, request))
}

/// `file` built, or the first reason it cannot be played.
fn built(file: &GameFile) -> Result<AnyDesign, BalanceError> {
    AnyDesign::build(file).map_err(|d| {
        BalanceError::Design(
            d.iter()
                .next()
                .map_or_else(|| "it has errors".into(), |d| d.message.clone()),
        )
    })
}

impl<E: Evaluator> FamilyVisitor for Run<'_, E> {
    type Output = Result<Outcome, BalanceError>;

    fn visit<F: Family>(self, design: Arc<F::Design>) -> Self::Output {
        let r = self.request;
        let (targets, knobs) = read::<F>(r)?;
        let mut config = r.config.clone();
        if config.players.is_empty() {
            let (min, max) = F::players(&design);
            config.players = (min..=max).collect();
        }
        if config.bots.is_empty() {
            config.bots = F::default_bots().into_iter().map(str::to_owned).collect();
        }
        balance_with::<F, E>(
            self.evaluator,
            self.file,
            &targets,
            &knobs,
            &r.locked,
            &config,
            self.progress,
            self.cancel,
        )
    }
}

/// The changes from `original` to `balanced` as the family of `original`
/// splits them, each applicable on its own.
pub fn proposals_for(original: &GameFile, balanced: &GameFile) -> Vec<Proposal> {
    struct Split<'a>(&'a GameFile, &'a GameFile);
    impl KindVisitor for Split<'_> {
        type Output = Vec<Proposal>;
        fn visit<F: Family>(self) -> Vec<Proposal> {
            <F::Balance as Balance<F>>::proposals(self.0, self.1)
        }
    }
    visit_kind(original.family, Split(original, balanced))
}

/// Family `kind`'s knobs, targets and locks, as `--help` lists them.
pub fn help(kind: formats::Family) -> String {
    struct Text;
    impl KindVisitor for Text {
        type Output = String;
        fn visit<F: Family>(self) -> String {
            help_text::<F>()
        }
    }
    visit_kind(kind, Text)
}

/// Every family's knobs, targets and locks.
pub fn help_all() -> String {
    crate::families::KINDS
        .iter()
        .map(|k| help(*k))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The Balance window's first targets and knobs for a design of `kind`.
pub fn defaults(kind: formats::Family) -> (&'static str, &'static str) {
    struct Defaults;
    impl KindVisitor for Defaults {
        type Output = (&'static str, &'static str);
        fn visit<F: Family>(self) -> Self::Output {
            <F::Balance as Balance<F>>::DEFAULTS
        }
    }
    visit_kind(kind, Defaults)
}
