//! Batch simulation of any rule family: thousands of bot games in parallel,
//! aggregated into a report a designer can act on ([`SimReport`]: the
//! outcome, scores, pace and metrics every family shares, plus the family's
//! own section from its [`Measures`]), and round-robin arenas that rate bots
//! ([`arena`]).
//!
//! Game `i` at `p` players is dealt from a seed derived from (seed, `p`, `i`)
//! and its bots seated by a shuffle drawn from the same seed, so the same
//! configuration gives the same games and the same report whatever the number
//! of threads; games are aggregated in index order.

pub mod arena;
pub mod findings;
mod measures;
pub mod record;
pub mod report;
pub mod stats;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;

use crate::bots::{Bot, BotNameError};
use crate::game::{Family, PlayerCountError, check_bot};
use crate::rng::GameRng;

pub use crate::game::table::{DEFAULT_TURN_CAP, bot_seed};
pub use crate::rng::mix;
pub use measures::Measures;
pub use record::GameRecord;
pub use report::{Finding, Level, PlayerCountReport, SimReport};

/// The report of a simulation of family `F`.
pub type FamilyReport<F> = SimReport<<<F as Family>::Measures as Measures<F>>::Report>;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig<F: Family> {
    /// The design.
    pub design: Arc<F::Design>,
    /// Player counts, one report section each.
    pub players: Vec<usize>,
    /// Games per player count.
    pub games: u32,
    /// Bot names (see [`Family::bot`]); seats draw from this list.
    pub bots: Vec<String>,
    /// The seed every game is derived from.
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Games stop at this many turns ([`crate::game::EndReason::TurnCap`]).
    pub turn_cap: u32,
}

/// Games done so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Games finished.
    pub done: u64,
    /// Games in all.
    pub total: u64,
}

/// Why a simulation could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// A bot name is wrong.
    #[error(transparent)]
    Bot(#[from] BotNameError),
    /// The design does not allow a player count.
    #[error(transparent)]
    Players(#[from] PlayerCountError),
    /// Nothing to do.
    #[error("{0}")]
    Empty(String),
    /// The worker threads could not be started.
    #[error("could not start {threads} worker threads: {reason}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// The system's reason.
        reason: String,
    },
}

/// The seed of game `index` at `players` players.
pub fn game_seed(seed: u64, players: usize, index: u64) -> u64 {
    mix(mix(mix(seed) ^ players as u64) ^ index)
}

/// Which configured bot sits at each seat of the game dealt from `game_seed`:
/// a shuffle of the list, repeated when there are more seats than bots.
pub fn seating(game_seed: u64, players: usize, bots: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..bots).collect();
    GameRng::seeded(mix(game_seed ^ 0x5EA7)).shuffle(&mut order);
    (0..players).map(|s| order[s % bots]).collect()
}

/// Builds the bots of a seating, bot `seats[s]` of `names` at seat `s`, each
/// seeded by [`bot_seed`].
pub fn make_bots<F: Family>(
    names: &[String],
    seats: &[usize],
    game_seed: u64,
) -> Result<Vec<Box<dyn Bot<F::State>>>, BotNameError> {
    seats
        .iter()
        .enumerate()
        .map(|(s, &b)| F::bot(&names[b], bot_seed(game_seed, s)))
        .collect()
}

/// Runs `f` on a pool of `threads` workers (0: one per core).
pub(crate) fn with_pool<T: Send>(
    threads: usize,
    f: impl FnOnce() -> T + Send,
) -> Result<T, SimError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SimError::Threads {
            threads,
            reason: e.to_string(),
        })?;
    Ok(pool.install(f))
}

/// Games run between two looks at the cancel flag's effect on aggregation.
const CHUNK: u64 = 512;

/// Plays the configured games and reports on them. `progress` is called from
/// the workers as games finish; setting `cancel` stops the run soon after,
/// and the report then covers the games finished (`cancelled` is set).
pub fn simulate<F: Family>(
    config: &SimConfig<F>,
    progress: &(dyn Fn(Progress) + Sync),
    cancel: &AtomicBool,
) -> Result<FamilyReport<F>, SimError> {
    if config.bots.is_empty() {
        return Err(SimError::Empty("give at least one bot".into()));
    }
    if config.players.is_empty() || config.games == 0 {
        return Err(SimError::Empty(
            "give at least one player count and one game".into(),
        ));
    }
    for b in &config.bots {
        check_bot::<F>(b)?;
    }
    let games: Vec<(usize, F::Game)> = config
        .players
        .iter()
        .map(|&p| F::new_game(&config.design, p).map(|g| (p, g)))
        .collect::<Result<_, _>>()?;
    let total = config.games as u64 * games.len() as u64;
    let done = AtomicU64::new(0);
    let design = &config.design;
    let sections = with_pool(config.threads, || {
        let mut sections = Vec::new();
        for (players, game) in &games {
            let players = *players;
            let mut acc = report::Accumulator::<F>::new(design, players, &config.bots);
            let mut start = 0u64;
            while start < u64::from(config.games) && !cancel.load(Ordering::Relaxed) {
                let end = (start + CHUNK).min(u64::from(config.games));
                let records: Vec<Option<GameRecord<_>>> = (start..end)
                    .into_par_iter()
                    .map(|i| {
                        if cancel.load(Ordering::Relaxed) {
                            return None;
                        }
                        let seed = game_seed(config.seed, players, i);
                        let seats = seating(seed, players, config.bots.len());
                        // Names were checked before any game started.
                        let mut bots = make_bots::<F>(&config.bots, &seats, seed).ok()?;
                        let rec = record::play::<F>(
                            design,
                            game,
                            seed,
                            &mut bots,
                            seats,
                            config.turn_cap,
                        );
                        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                        progress(Progress { done: d, total });
                        Some(rec)
                    })
                    .collect();
                // Aggregate in order, up to the first game not played.
                for r in records.iter().map_while(Option::as_ref) {
                    acc.add(design, r);
                }
                start = end;
            }
            sections.push(acc.finish(design));
        }
        sections
    })?;
    let cancelled = cancel.load(Ordering::Relaxed);
    let mut all: Vec<Finding> = Vec::new();
    for s in &sections {
        all.extend(findings::section_findings(s, || {
            F::Measures::findings(design, s)
        }));
    }
    all.sort_by_key(|f| f.level);
    Ok(SimReport {
        schema: report::SCHEMA,
        design: F::design_name(design).to_owned(),
        seed: config.seed,
        bots: config.bots.clone(),
        games_requested: config.games,
        turn_cap: config.turn_cap,
        cancelled,
        findings: all,
        by_players: sections,
    })
}
