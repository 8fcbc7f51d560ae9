//! Auto-balance of board designs by simulation (`tracklayer balance`).
//!
//! The search is a (1+λ) evolution strategy with successive halving and
//! common random numbers:
//!
//! - each generation makes λ children of the incumbent design, each with one
//!   or two changes within the allowed [`Knob`]s (tickets the targets find
//!   unfair are changed first, against their unfairness: a cheap, directed
//!   step that keeps the search small);
//! - the incumbent and its children are simulated on the **same games**
//!   (the same seed: common random numbers, so the comparison measures the
//!   change, not the luck of the deal), first with few games; the better
//!   half survive to the next rung with twice the games, until two remain
//!   (successive halving: most of the budget goes to the promising ones);
//! - a child replaces the incumbent only if it beats it at the last rung;
//!   each generation uses new seeds, so no design is tuned to one set of
//!   games.
//!
//! Why this and not annealing: the loss is noisy and evaluations are
//! expensive; (1+λ) with an elitist incumbent never accepts a change that
//! looked worse, CRN make small differences visible with few games, and
//! successive halving spends the games where they decide something. Every
//! random choice flows from the seed, so a run is deterministic for a seed
//! (whatever the thread count: simulations are).
//!
//! The result is checked on fresh seeds ([`Outcome::before`],
//! [`Outcome::after`]), never on those searched on.

pub mod knob;
pub mod proposal;
pub mod target;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use formats::GameFile;

pub use knob::{Knob, KnobError, Mutator};
pub use proposal::{Proposal, proposals};
pub use target::{Measure, Target, TargetError};

use crate::board_game::BoardFamily;
use crate::board_game::sim::BoardReport;
use crate::rng::{GameRng, mix};
use crate::sim::{self, SimConfig, SimError, SimReport};

/// How the search runs.
#[derive(Clone, Debug)]
pub struct BalanceConfig {
    /// Player counts simulated.
    pub players: Vec<usize>,
    /// Bots seated.
    pub bots: Vec<String>,
    /// The seed of every choice and game.
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// The turn cap.
    pub turn_cap: u32,
    /// Games per player count at the first rung.
    pub games: u32,
    /// Generations at most.
    pub generations: u32,
    /// Children per generation (λ).
    pub children: u32,
    /// Games per player count of the before → after check on fresh seeds.
    pub check_games: u32,
}

/// Where the search is.
#[derive(Clone, Debug, PartialEq)]
pub struct BalanceProgress {
    /// Generations done.
    pub generation: u32,
    /// Of at most.
    pub generations: u32,
    /// The incumbent's loss at its last evaluation (0: every target met).
    pub best_loss: f64,
    /// Changes accepted so far.
    pub changes: usize,
    /// Games simulated so far.
    pub games: u64,
    /// The changes of the best design so far, in the order accepted.
    pub best_changes: Vec<String>,
}

/// Why balancing could not run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BalanceError {
    /// The design is not a playable board design.
    #[error("the design cannot be played: {0}")]
    Design(String),
    /// Nothing to aim at or nothing to change.
    #[error("{0}")]
    Empty(String),
    /// A simulation could not run.
    #[error(transparent)]
    Sim(#[from] SimError),
}

/// One target before and after, measured on fresh seeds.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetCheck {
    /// The target.
    pub target: Target,
    /// Measures of the original design, per player count.
    pub before: Vec<Measure>,
    /// Measures of the balanced design.
    pub after: Vec<Measure>,
}

/// What a balance run found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The best design found (the original when nothing helped).
    pub best: GameFile,
    /// The changes accepted, in order.
    pub changes: Vec<String>,
    /// Generations run.
    pub generations: u32,
    /// Games simulated by the search.
    pub games: u64,
    /// Stopped early (the best so far is kept).
    pub cancelled: bool,
    /// Every target, before and after, on fresh seeds.
    pub checks: Vec<TargetCheck>,
}

/// One design, simulated.
struct Scored {
    file: GameFile,
    change: Vec<String>,
    loss: f64,
    report: Option<SimReport<BoardReport>>,
}

/// Balances `original` toward `targets` by changing it only through
/// `knobs`, never touching `locked` objects.
pub fn balance(
    original: &GameFile,
    targets: &[Target],
    knobs: &[Knob],
    locked: &[String],
    config: &BalanceConfig,
    progress: &(dyn Fn(&BalanceProgress) + Sync),
    cancel: &AtomicBool,
) -> Result<Outcome, BalanceError> {
    if targets.is_empty() {
        return Err(BalanceError::Empty("give at least one --target".into()));
    }
    if knobs.is_empty() {
        return Err(BalanceError::Empty("give at least one --knob".into()));
    }
    let board = crate::Board::build(original).map_err(|d| {
        BalanceError::Design(
            d.iter()
                .next()
                .map_or_else(|| "it has errors".into(), |d| d.message.clone()),
        )
    })?;
    let never = AtomicBool::new(false);
    let games = std::cell::Cell::new(0u64);
    let evaluate = |file: GameFile, change: Vec<String>, n: u32, seed: u64| {
        let report = match crate::Board::build(&file) {
            Ok(b) => {
                let r = run(Arc::new(b), config, n, seed, &never)?;
                games.set(games.get() + u64::from(n) * config.players.len() as u64);
                Some(r)
            }
            // A change that breaks the design is never chosen.
            Err(_) => None,
        };
        let loss = report.as_ref().map_or(f64::INFINITY, |r| loss(targets, r));
        Ok::<_, BalanceError>(Scored {
            file,
            change,
            loss,
            report,
        })
    };
    let mutator = Mutator {
        original,
        knobs,
        locked,
    };
    let value_tol = targets.iter().find_map(|t| match t {
        Target::TicketValue { tol } => Some(*tol),
        _ => None,
    });
    let mut rng = GameRng::seeded(mix(config.seed ^ 0xBA1A_0CE5));
    let mut best = evaluate(original.clone(), Vec::new(), config.games, mix(config.seed))?;
    let mut changes: Vec<String> = Vec::new();
    let mut generation = 0;
    let report = |generation, best: &Scored, changes: &[String], games| {
        progress(&BalanceProgress {
            generation,
            generations: config.generations,
            best_loss: best.loss,
            changes: changes.len(),
            games,
            best_changes: changes.to_vec(),
        });
    };
    report(0, &best, &changes, games.get());
    while generation < config.generations && best.loss > 0.0 && !cancel.load(Ordering::Relaxed) {
        generation += 1;
        let seed = mix(config.seed ^ mix(u64::from(generation)));
        let hints = match (value_tol, &best.report) {
            (Some(tol), Some(r)) => target::unfair_tickets(r, tol),
            _ => Vec::new(),
        };
        let mut pool: Vec<(GameFile, Vec<String>)> = vec![(best.file.clone(), Vec::new())];
        for _ in 0..config.children {
            let mut child = best.file.clone();
            let mut what = Vec::new();
            for _ in 0..1 + rng.below(2) {
                what.extend(mutator.mutate(&mut child, &mut rng, &hints));
            }
            if !what.is_empty() {
                pool.push((child, what));
            }
        }
        // Successive halving on common random numbers; the incumbent runs
        // every rung.
        let mut n = config.games;
        let mut scored = loop {
            let mut scored: Vec<Scored> = pool
                .into_iter()
                .map(|(f, c)| evaluate(f, c, n, seed))
                .collect::<Result<_, _>>()?;
            let incumbent = scored.remove(0);
            scored.sort_by(|a, b| a.loss.total_cmp(&b.loss));
            if scored.len() <= 1 || cancel.load(Ordering::Relaxed) {
                scored.insert(0, incumbent);
                break scored;
            }
            scored.truncate(scored.len().div_ceil(2));
            pool = std::iter::once(&incumbent)
                .chain(&scored)
                .map(|s| (s.file.clone(), s.change.clone()))
                .collect();
            n = n.saturating_mul(2);
        };
        let incumbent = scored.remove(0);
        match scored.into_iter().next() {
            Some(c) if c.loss < incumbent.loss => {
                changes.extend(c.change.iter().cloned());
                best = c;
            }
            _ => best = incumbent,
        }
        report(generation, &best, &changes, games.get());
    }
    let cancelled = cancel.load(Ordering::Relaxed);
    // The check: fresh seeds, more games, both designs on the same games.
    let fresh = mix(config.seed ^ 0xF7E5_4C4E_C3ED);
    let before = run(Arc::new(board), config, config.check_games, fresh, &never)?;
    let after_board = crate::Board::build(&best.file)
        .map_err(|_| BalanceError::Design("the balanced design does not build".into()))?;
    let after = run(
        Arc::new(after_board),
        config,
        config.check_games,
        fresh,
        &never,
    )?;
    let checks = targets
        .iter()
        .map(|t| TargetCheck {
            target: t.clone(),
            before: t.measure(&before),
            after: t.measure(&after),
        })
        .collect();
    Ok(Outcome {
        best: best.file,
        changes,
        generations: generation,
        games: games.get(),
        cancelled,
        checks,
    })
}

/// The sum of the targets' losses.
pub fn loss(targets: &[Target], report: &SimReport<BoardReport>) -> f64 {
    targets.iter().map(|t| t.loss(report)).sum()
}

fn run(
    design: Arc<crate::Board>,
    config: &BalanceConfig,
    games: u32,
    seed: u64,
    cancel: &AtomicBool,
) -> Result<SimReport<BoardReport>, SimError> {
    sim::simulate::<BoardFamily>(
        &SimConfig {
            design,
            players: config.players.clone(),
            games,
            bots: config.bots.clone(),
            seed,
            threads: config.threads,
            turn_cap: config.turn_cap,
        },
        &|_| {},
        cancel,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unbalanced() -> GameFile {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa-unbalanced.yaml");
        formats::load(&path).unwrap().design
    }

    fn small(seed: u64, threads: usize) -> BalanceConfig {
        BalanceConfig {
            players: vec![3],
            bots: vec!["route-focus".into(), "destination-hungry".into()],
            seed,
            threads,
            turn_cap: sim::DEFAULT_TURN_CAP,
            games: 30,
            generations: 2,
            children: 3,
            check_games: 30,
        }
    }

    #[test]
    fn a_run_is_deterministic_for_a_seed_whatever_the_threads_and_keeps_locks() {
        let file = unbalanced();
        let targets = [Target::TicketValue { tol: 0.05 }];
        let knobs = [Knob::TicketPoints { lo: 1, hi: 30 }];
        let locked = vec!["New York - Atlanta".to_owned()];
        let run = |threads| {
            balance(
                &file,
                &targets,
                &knobs,
                &locked,
                &small(4, threads),
                &|_| {},
                &AtomicBool::new(false),
            )
            .unwrap()
        };
        let (a, b) = (run(1), run(2));
        assert_eq!(a.changes, b.changes);
        assert_eq!(a.best, b.best);
        assert!(!a.changes.is_empty(), "two generations found nothing");
        let ny = |f: &GameFile| {
            f.tickets
                .iter()
                .find(|t| t.display_name() == "New York - Atlanta")
                .unwrap()
                .points
        };
        assert_eq!(ny(&a.best), 12);
        assert_eq!(a.checks.len(), 1);
        assert_eq!(a.checks[0].before.len(), 1);
    }

    #[test]
    fn a_stopped_run_keeps_the_design_and_still_checks_it() {
        let file = unbalanced();
        let out = balance(
            &file,
            &[Target::FirstPlayerAdvantage { tol: 0.0 }],
            &[Knob::RouteLength],
            &[],
            &small(1, 1),
            &|_| {},
            &AtomicBool::new(true),
        )
        .unwrap();
        assert!(out.cancelled && out.changes.is_empty());
        assert_eq!(out.best, file);
        assert_eq!(out.checks[0].before, out.checks[0].after);
    }

    #[test]
    fn nothing_to_aim_at_is_an_error() {
        let err = balance(
            &unbalanced(),
            &[],
            &[Knob::RouteLength],
            &[],
            &small(1, 1),
            &|_| {},
            &AtomicBool::new(false),
        )
        .unwrap_err();
        assert_eq!(err.to_string(), "give at least one --target");
    }
}
