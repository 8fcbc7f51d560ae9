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
//! The search ends ([`StopReason`]) when every target is met on the
//! search's games *and* on fresh seeds (a zero loss on few games is often
//! luck: unconfirmed, the search goes on with twice the games), after
//! [`BalanceConfig::patience`] generations without an accepted change,
//! after [`BalanceConfig::generations`], or when stopped. The candidates
//! are simulated by an [`Evaluator`]: in this process, or as shard jobs
//! elsewhere, with the same result.
//!
//! The result is checked on fresh seeds ([`Outcome::checks`]), never on
//! those searched on.

pub mod evaluate;
pub mod knob;
pub mod proposal;
pub mod target;

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use formats::GameFile;

pub use evaluate::{Candidate, Evaluator, InProcess, Trial};
pub use knob::{Knob, KnobError, Mutator};
pub use proposal::{Proposal, proposals};
pub use target::{Measure, Target, TargetError};

use crate::board_game::sim::BoardReport;
use crate::rng::{GameRng, mix};
use crate::sim::{SimError, SimReport};

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
    /// Give up after this many generations in a row without an accepted
    /// change (0: never).
    pub patience: u32,
}

/// What the search is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Simulating a generation's candidates.
    Searching,
    /// Checking on fresh seeds a design that met every target on the
    /// search's games (before stopping on it).
    Confirming,
    /// The before → after check of the final design on fresh seeds.
    Checking,
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
    /// Games simulated so far (search, confirmations and checks).
    pub games: u64,
    /// The changes of the best design so far, in the order accepted.
    pub best_changes: Vec<String>,
    /// What runs now.
    pub stage: Stage,
    /// Games of the current stage (a generation, a confirmation, the check)
    /// finished so far …
    pub stage_games: u64,
    /// … of about this many (halving may play fewer).
    pub stage_total: u64,
}

impl BalanceProgress {
    /// How far the search is, 0 to 1: generations done plus the share of
    /// the current one.
    pub fn fraction(&self) -> f32 {
        let within = if self.stage_total == 0 {
            0.0
        } else {
            (self.stage_games as f64 / self.stage_total as f64).min(1.0)
        };
        let done = match self.stage {
            Stage::Searching => f64::from(self.generation) + within,
            Stage::Confirming | Stage::Checking => f64::from(self.generation),
        };
        (done / f64::from(self.generations.max(1))).min(1.0) as f32
    }

    /// What runs now, in words: `generation 3/30: 1,200 of 4,400 games`.
    pub fn describe(&self) -> String {
        let games = format!(
            "{} of {} games",
            crate::sim::findings::thousands(self.stage_games),
            crate::sim::findings::thousands(self.stage_total)
        );
        match self.stage {
            Stage::Searching => format!(
                "generation {}/{}: {games}",
                (self.generation + 1).min(self.generations),
                self.generations
            ),
            Stage::Confirming => format!("confirming on fresh seeds: {games}"),
            Stage::Checking => format!("checking before -> after on fresh seeds: {games}"),
        }
    }
}

/// Why the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// Every target was met on the search's games and then on fresh seeds
    /// ([`BalanceConfig::check_games`] per player count).
    TargetsMet,
    /// No change was accepted in the last `generations` generations
    /// ([`BalanceConfig::patience`]).
    NoImprovement {
        /// How many.
        generations: u32,
    },
    /// Every allowed generation ran.
    Budget {
        /// How many.
        generations: u32,
    },
    /// The user stopped it; the best design so far is kept.
    Stopped,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StopReason::TargetsMet => {
                write!(f, "every target met, confirmed on fresh seeds")
            }
            StopReason::NoImprovement { generations } => write!(
                f,
                "no improvement in the last {generations} generation{}",
                if *generations == 1 { "" } else { "s" }
            ),
            StopReason::Budget { generations } => write!(
                f,
                "all {generations} generation{} ran",
                if *generations == 1 { "" } else { "s" }
            ),
            StopReason::Stopped => write!(f, "stopped by the user; the best so far is kept"),
        }
    }
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
    /// An evaluator outside this process failed (its launcher, its files).
    #[error("{0}")]
    Evaluate(String),
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
    /// Games simulated by the search (not counting confirmations and the
    /// check).
    pub games: u64,
    /// Why the search ended.
    pub stop: StopReason,
    /// Designs that met every target on the search's games but not on
    /// fresh seeds (the search then went on with twice the games).
    pub unconfirmed: u32,
    /// Every target, before and after, on fresh seeds.
    pub checks: Vec<TargetCheck>,
}

impl Outcome {
    /// Stopped by the user.
    pub fn cancelled(&self) -> bool {
        self.stop == StopReason::Stopped
    }
}

/// One design, simulated.
struct Scored {
    file: GameFile,
    change: Vec<String>,
    loss: f64,
    report: Option<SimReport<BoardReport>>,
}

/// Balances `original` toward `targets` by changing it only through
/// `knobs`, never touching `locked` objects, simulating in this process.
pub fn balance(
    original: &GameFile,
    targets: &[Target],
    knobs: &[Knob],
    locked: &[String],
    config: &BalanceConfig,
    progress: &(dyn Fn(&BalanceProgress) + Sync),
    cancel: &AtomicBool,
) -> Result<Outcome, BalanceError> {
    balance_with(
        &InProcess, original, targets, knobs, locked, config, progress, cancel,
    )
}

/// [`balance`], simulating every batch of candidates through `evaluator`
/// (the result is the same whatever evaluates).
#[allow(
    clippy::too_many_arguments,
    reason = "the inputs of `balance`, and what evaluates"
)]
pub fn balance_with(
    evaluator: &dyn Evaluator,
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
    crate::Board::build(original).map_err(|d| {
        BalanceError::Design(
            d.iter()
                .next()
                .map_or_else(|| "it has errors".into(), |d| d.message.clone()),
        )
    })?;
    let search = Search {
        evaluator,
        targets,
        config,
        progress,
        cancel,
        fresh: Trial {
            name: "check".into(),
            games: config.check_games,
            seed: mix(config.seed ^ 0xF7E5_4C4E_C3ED),
        },
    };
    search.run(original, knobs, locked)
}

/// A search under way: what it evaluates with and reports to.
struct Search<'a> {
    evaluator: &'a dyn Evaluator,
    targets: &'a [Target],
    config: &'a BalanceConfig,
    progress: &'a (dyn Fn(&BalanceProgress) + Sync),
    cancel: &'a AtomicBool,
    /// The games of confirmations and of the final check.
    fresh: Trial,
}

/// Designs already played on the fresh seeds, with their reports.
type FreshCache = Vec<(GameFile, SimReport<BoardReport>)>;

impl Search<'_> {
    fn run(
        &self,
        original: &GameFile,
        knobs: &[Knob],
        locked: &[String],
    ) -> Result<Outcome, BalanceError> {
        let config = self.config;
        let players = config.players.len() as u64;
        let mutator = Mutator {
            original,
            knobs,
            locked,
        };
        let value_tol = self.targets.iter().find_map(|t| match t {
            Target::TicketValue { tol } => Some(*tol),
            _ => None,
        });
        let mut rng = GameRng::seeded(mix(config.seed ^ 0xBA1A_0CE5));
        let mut status = BalanceProgress {
            generation: 0,
            generations: config.generations,
            best_loss: f64::INFINITY,
            changes: 0,
            games: 0,
            best_changes: Vec::new(),
            stage: Stage::Searching,
            stage_games: 0,
            stage_total: u64::from(config.games) * players,
        };
        let mut searched = 0u64;
        let mut fresh: FreshCache = Vec::new();
        let mut unconfirmed = 0;
        // Games per player count at a generation's first rung: doubled when
        // a design that met every target on them fails on fresh seeds.
        let mut games = config.games;
        let mut since_accepted = 0;
        let first = Trial {
            name: "start".into(),
            games,
            seed: mix(config.seed),
        };
        let mut best =
            match self.score(vec![(original.clone(), Vec::new())], &first, &mut status)? {
                Some(mut s) => s.remove(0),
                None => Scored {
                    file: original.clone(),
                    change: Vec::new(),
                    loss: f64::INFINITY,
                    report: None,
                },
            };
        searched += status.stage_games;
        status.best_loss = best.loss;
        self.report(&status, Stage::Searching, 0, 0);
        let mut changes: Vec<String> = Vec::new();
        let mut generation = 0;
        let stop = 'search: loop {
            if self.cancel.load(Ordering::Relaxed) {
                break StopReason::Stopped;
            }
            if best.loss == 0.0 {
                // Met on the search's games: only fresh seeds say it is.
                match self.fresh_reports(
                    &mut fresh,
                    &[original, &best.file],
                    &mut status,
                    Stage::Confirming,
                    self.cancel,
                )? {
                    None => break StopReason::Stopped,
                    Some(reports) if loss(self.targets, &reports[1]) == 0.0 => {
                        break StopReason::TargetsMet;
                    }
                    Some(_) => {
                        unconfirmed += 1;
                        games = games.saturating_mul(2).min(config.check_games.max(games));
                    }
                }
            }
            if generation >= config.generations {
                break StopReason::Budget {
                    generations: generation,
                };
            }
            if config.patience > 0 && since_accepted >= config.patience {
                break StopReason::NoImprovement {
                    generations: since_accepted,
                };
            }
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
            let total = halving_games(pool.len(), games) * players;
            let mut done = 0;
            let mut n = games;
            let mut rung = 0;
            let mut scored = loop {
                rung += 1;
                let trial = Trial {
                    name: format!("generation-{generation}-rung-{rung}"),
                    games: n,
                    seed,
                };
                status.stage_total = total;
                status.stage_games = done;
                let Some(mut scored) = self.score(pool, &trial, &mut status)? else {
                    // A generation cut short decides nothing.
                    generation -= 1;
                    break 'search StopReason::Stopped;
                };
                done = status.stage_games;
                let incumbent = scored.remove(0);
                scored.sort_by(|a, b| a.loss.total_cmp(&b.loss));
                if scored.len() <= 1 {
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
            searched += done;
            let incumbent = scored.remove(0);
            match scored.into_iter().next() {
                Some(c) if c.loss < incumbent.loss => {
                    changes.extend(c.change.iter().cloned());
                    best = c;
                    since_accepted = 0;
                }
                _ => {
                    best = incumbent;
                    since_accepted += 1;
                }
            }
            status.generation = generation;
            status.best_loss = best.loss;
            status.changes = changes.len();
            status.best_changes.clone_from(&changes);
            self.report(&status, Stage::Searching, 0, 0);
        };
        // The check: fresh seeds, more games, both designs on the same games
        // (already played when the search stopped on a confirmation).
        let never = AtomicBool::new(false);
        let reports = self
            .fresh_reports(
                &mut fresh,
                &[original, &best.file],
                &mut status,
                Stage::Checking,
                &never,
            )?
            .ok_or_else(|| BalanceError::Evaluate("the check was cancelled".into()))?;
        let checks = self
            .targets
            .iter()
            .map(|t| TargetCheck {
                target: t.clone(),
                before: t.measure(&reports[0]),
                after: t.measure(&reports[1]),
            })
            .collect();
        Ok(Outcome {
            best: best.file,
            changes,
            generations: generation,
            games: searched,
            stop,
            unconfirmed,
            checks,
        })
    }

    /// Tells the caller where the search is.
    fn report(&self, status: &BalanceProgress, stage: Stage, done: u64, total: u64) {
        (self.progress)(&BalanceProgress {
            stage,
            stage_games: done,
            stage_total: total,
            ..status.clone()
        });
    }

    /// Plays a batch of `trial` through the evaluator, reporting as games
    /// finish (about a hundred times a stage) on top of `status`, whose
    /// stage and game counts it advances. `None` when cancelled.
    fn play(
        &self,
        batch: &[Candidate],
        trial: &Trial,
        status: &mut BalanceProgress,
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<SimReport<BoardReport>>>, BalanceError> {
        let per_batch =
            u64::from(trial.games) * self.config.players.len() as u64 * batch.len() as u64;
        let every = (status.stage_total / 100).max(1);
        let base = status.clone();
        let out = self.evaluator.evaluate(
            batch,
            trial,
            self.config,
            &|done| {
                let at = base.stage_games + done;
                if at.is_multiple_of(every) || done == per_batch {
                    (self.progress)(&BalanceProgress {
                        stage_games: at,
                        games: base.games + done,
                        ..base.clone()
                    });
                }
            },
            cancel,
        )?;
        if out.is_some() {
            status.stage_games += per_batch;
            status.games += per_batch;
        }
        Ok(out)
    }

    /// Simulates the designs of `pool` (with the changes that made them) on
    /// the games of `trial`; a design that does not build is never chosen.
    fn score(
        &self,
        pool: Vec<(GameFile, Vec<String>)>,
        trial: &Trial,
        status: &mut BalanceProgress,
    ) -> Result<Option<Vec<Scored>>, BalanceError> {
        let boards: Vec<Option<Arc<crate::Board>>> = pool
            .iter()
            .map(|(f, _)| crate::Board::build(f).ok().map(Arc::new))
            .collect();
        let batch: Vec<Candidate> = pool
            .iter()
            .zip(&boards)
            .filter_map(|((file, _), b)| {
                b.clone().map(|board| Candidate {
                    file: file.clone(),
                    board,
                })
            })
            .collect();
        let Some(reports) = self.play(&batch, trial, status, self.cancel)? else {
            return Ok(None);
        };
        let mut reports = reports.into_iter();
        Ok(Some(
            pool.into_iter()
                .zip(boards)
                .map(|((file, change), board)| {
                    let report = board.and_then(|_| reports.next());
                    let loss = report
                        .as_ref()
                        .map_or(f64::INFINITY, |r| loss(self.targets, r));
                    Scored {
                        file,
                        change,
                        loss,
                        report,
                    }
                })
                .collect(),
        ))
    }

    /// The reports of `designs` on the fresh seeds, playing those not played
    /// there yet in one batch. `None` when cancelled.
    fn fresh_reports(
        &self,
        cache: &mut FreshCache,
        designs: &[&GameFile],
        status: &mut BalanceProgress,
        stage: Stage,
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<SimReport<BoardReport>>>, BalanceError> {
        let mut missing: Vec<Candidate> = Vec::new();
        for d in designs {
            if !cache.iter().any(|(f, _)| f == *d) && !missing.iter().any(|c| c.file == **d) {
                let board = crate::Board::build(d)
                    .map_err(|_| BalanceError::Design("a searched design does not build".into()))?;
                missing.push(Candidate {
                    file: (*d).clone(),
                    board: Arc::new(board),
                });
            }
        }
        if !missing.is_empty() {
            status.stage = stage;
            status.stage_games = 0;
            status.stage_total = u64::from(self.fresh.games)
                * self.config.players.len() as u64
                * missing.len() as u64;
            self.report(status, stage, 0, status.stage_total);
            let played = self.play(&missing, &self.fresh, status, cancel)?;
            status.stage = Stage::Searching;
            let Some(reports) = played else {
                return Ok(None);
            };
            cache.extend(missing.into_iter().map(|c| c.file).zip(reports));
        }
        Ok(Some(
            designs
                .iter()
                .filter_map(|d| cache.iter().find(|(f, _)| f == *d).map(|(_, r)| r.clone()))
                .collect(),
        ))
    }
}

/// Games per player count a generation plays when `pool` designs (the
/// incumbent first) enter successive halving at `games`: every rung plays
/// the incumbent and the surviving half, at twice the games.
pub fn halving_games(pool: usize, games: u32) -> u64 {
    let mut children = pool.saturating_sub(1) as u64;
    let mut n = u64::from(games);
    let mut total = 0;
    loop {
        total += (1 + children) * n;
        if children <= 1 {
            return total;
        }
        children = children.div_ceil(2);
        n *= 2;
    }
}

/// The sum of the targets' losses.
pub fn loss(targets: &[Target], report: &SimReport<BoardReport>) -> f64 {
    targets.iter().map(|t| t.loss(report)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim;

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
            patience: 0,
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
        assert!(out.cancelled() && out.changes.is_empty());
        assert_eq!(out.stop, StopReason::Stopped);
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

    #[test]
    fn the_search_says_why_it_ended() {
        let file = unbalanced();
        let run = |target: Target, generations, patience| {
            let config = BalanceConfig {
                generations,
                patience,
                ..small(2, 0)
            };
            balance(
                &file,
                &[target],
                &[Knob::TicketPoints { lo: 1, hi: 30 }],
                &[],
                &config,
                &|_| {},
                &AtomicBool::new(false),
            )
            .unwrap()
        };
        // Games last about a hundred turns: ticket points cannot make them 1 or 2.
        let never = || Target::GameLength { lo: 1.0, hi: 2.0 };
        let out = run(never(), 3, 0);
        assert_eq!(out.stop, StopReason::Budget { generations: 3 });
        assert_eq!(out.generations, 3);
        let out = run(never(), 50, 2);
        assert_eq!(out.stop, StopReason::NoImprovement { generations: 2 });
        assert!(out.generations >= 2 && out.generations < 50);
        // Met from the start, and on fresh seeds: no generation runs.
        let out = run(Target::TicketValue { tol: 5.0 }, 50, 0);
        assert_eq!(out.stop, StopReason::TargetsMet);
        assert_eq!(out.generations, 0);
        assert!(out.checks[0].after.iter().all(|m| m.miss == 0.0));
    }

    #[test]
    fn a_target_met_by_luck_on_few_games_does_not_end_the_search() {
        // The studio's settings at 10 games: the search used to stop here
        // after 7 generations on a zero loss that 40 fresh games refuted.
        let config = BalanceConfig {
            players: vec![2, 3, 4, 5],
            bots: [
                "route-focus",
                "destination-hungry",
                "long-route",
                "one-step",
            ]
            .map(str::to_owned)
            .to_vec(),
            seed: 1,
            threads: 0,
            turn_cap: sim::DEFAULT_TURN_CAP,
            games: 10,
            generations: 8,
            children: 6,
            check_games: 40,
            patience: 0,
        };
        let out = balance(
            &unbalanced(),
            &[
                Target::TicketValue { tol: 0.3 },
                Target::FirstPlayerAdvantage { tol: 0.05 },
            ],
            &[Knob::TicketPoints { lo: 1, hi: 30 }],
            &[],
            &config,
            &|_| {},
            &AtomicBool::new(false),
        )
        .unwrap();
        assert!(
            out.unconfirmed > 0,
            "no lucky zero was refuted: {:?}",
            out.stop
        );
        let met = out
            .checks
            .iter()
            .all(|c| c.after.iter().all(|m| m.miss == 0.0));
        assert_eq!(out.stop == StopReason::TargetsMet, met, "{:?}", out.stop);
    }

    #[test]
    fn a_generation_plays_the_games_halving_plans() {
        // 1 + 6 children at 10, 1 + 3 at 20, 1 + 2 at 40, 1 + 1 at 80.
        assert_eq!(halving_games(7, 10), 70 + 80 + 120 + 160);
        assert_eq!(halving_games(1, 10), 10);
    }
}
