//! How the search simulates its candidates: a batch of designs played on
//! the same games (common random numbers), in this process
//! ([`InProcess`]) or elsewhere (the CLI's `--evaluate-with` runs the
//! batch as `simulate --shard` jobs through a scheduler and merges them).
//! Whatever evaluates, a design's report is the one `tracklayer simulate`
//! gives for the same settings, so the search's result does not depend on
//! where it ran.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use formats::GameFile;

use super::family::Report;
use super::{BalanceConfig, BalanceError};
use crate::game::Family;
use crate::sim::{self, SimConfig};

/// One batch: which games every design of it plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trial {
    /// A name for the batch, unique within a search and usable as a folder
    /// name: `generation-3-rung-2`, `check`.
    pub name: String,
    /// Games per player count.
    pub games: u32,
    /// The seed of the games.
    pub seed: u64,
}

impl Trial {
    /// The games one design of the batch plays: `games` at every player
    /// count of `config` (what progress counts per design).
    pub fn games_per_design(&self, config: &BalanceConfig) -> u64 {
        u64::from(self.games) * config.players.len() as u64
    }
}

/// A design of a batch, built (every design handed to an evaluator
/// builds).
pub struct Candidate<F: Family> {
    /// The design as a file.
    pub file: GameFile,
    /// The design built.
    pub design: Arc<F::Design>,
}

impl<F: Family> Clone for Candidate<F> {
    fn clone(&self) -> Self {
        Candidate {
            file: self.file.clone(),
            design: self.design.clone(),
        }
    }
}

/// Simulates batches of designs of any family.
pub trait Evaluator: Sync {
    /// The report of every design of `batch`, in order, each played on the
    /// games of `trial` with the search's players, bots and turn cap.
    /// `progress` is told the games finished in the batch so far (at least
    /// once per design). `None` when `cancel` was set before the batch was
    /// done.
    fn evaluate<F: Family>(
        &self,
        batch: &[Candidate<F>],
        trial: &Trial,
        config: &BalanceConfig,
        progress: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Report<F>>>, BalanceError>;
}

/// Simulates in this process, on the thread pool of `config.threads`.
#[derive(Clone, Copy, Debug, Default)]
pub struct InProcess;

impl Evaluator for InProcess {
    fn evaluate<F: Family>(
        &self,
        batch: &[Candidate<F>],
        trial: &Trial,
        config: &BalanceConfig,
        progress: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Report<F>>>, BalanceError> {
        let per_design = trial.games_per_design(config);
        let mut out = Vec::with_capacity(batch.len());
        for (i, c) in batch.iter().enumerate() {
            let before = per_design * i as u64;
            let report = sim::simulate::<F>(
                &sim_config::<F>(c.design.clone(), config, trial),
                &|p| progress(before + p.done),
                cancel,
            )?;
            if cancel.load(std::sync::atomic::Ordering::Relaxed) {
                return Ok(None);
            }
            out.push(report);
        }
        Ok(Some(out))
    }
}

/// The simulation of `design` on the games of `trial`.
pub fn sim_config<F: Family>(
    design: Arc<F::Design>,
    config: &BalanceConfig,
    trial: &Trial,
) -> SimConfig<F> {
    SimConfig {
        design,
        players: config.players.clone(),
        games: trial.games,
        bots: config.bots.clone(),
        seed: trial.seed,
        threads: config.threads,
        turn_cap: config.turn_cap,
    }
}
