//! Batch simulation of any rule family: thousands of bot games in parallel,
//! aggregated into a report a designer can act on ([`SimReport`]: the
//! outcome, scores, pace and metrics every family shares, plus the family's
//! own section from its [`Measures`]), and round-robin arenas that rate bots
//! ([`arena`], [`ladder`]), and the skill-versus-luck measure ([`skill`]).
//!
//! Game `i` at `p` players is dealt from a seed derived from (seed, `p`, `i`)
//! and its bots seated by a shuffle drawn from the same seed, so the same
//! configuration gives the same games and the same report whatever the number
//! of threads; games are aggregated in index order.

pub mod arena;
pub mod csv;
pub mod findings;
pub mod ladder;
mod measures;
mod pool;
pub mod record;
pub mod report;
pub mod shard;
pub mod skill;
pub mod stats;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::bots::{Bot, BotNameError};
use crate::game::{Family, PlayerCountError, check_bot};
use crate::rng::GameRng;

pub use crate::game::table::{DEFAULT_TURN_CAP, bot_seed};
pub use crate::rng::mix;
pub use measures::Measures;
pub(crate) use measures::{check_index, check_len};
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
    pool::BotPool::<F>::new(names.len()).take(names, seats, game_seed)
}

/// The workers a pool asked for `requested` threads starts (0: one per
/// core): never more than the machine runs at once
/// ([`std::thread::available_parallelism`]), since more only cost memory and
/// switching (ten thousand threads took minutes to start). Reports do not
/// depend on the count.
pub fn worker_count(requested: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    if requested == 0 {
        cores
    } else {
        requested.min(cores)
    }
}

/// Runs `f` on a pool of `threads` workers (0: one per core; more than the
/// machine's cores: as many as it has, see [`worker_count`]).
pub(crate) fn with_pool<T: Send>(
    threads: usize,
    f: impl FnOnce() -> T + Send,
) -> Result<T, SimError> {
    let threads = worker_count(threads);
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
    let games = deal(config)?;
    let all = 0..u64::from(config.games);
    let counter = Counter {
        done: AtomicU64::new(0),
        total: all.end * games.len() as u64,
        progress,
    };
    let design = &config.design;
    let sections = with_pool(config.threads, || {
        games
            .iter()
            .map(|(players, game)| {
                let mut acc = report::Accumulator::<F>::new(design, *players, &config.bots);
                play_range(
                    config,
                    *players,
                    game,
                    all.clone(),
                    &counter,
                    cancel,
                    &mut |r| {
                        acc.add(design, &r);
                    },
                );
                acc.finish(design)
            })
            .collect()
    })?;
    Ok(assemble(config, sections, cancel.load(Ordering::Relaxed)))
}

/// Checks the configuration and deals the game of each player count.
fn deal<F: Family>(config: &SimConfig<F>) -> Result<Vec<(usize, F::Game)>, SimError> {
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
    Ok(config
        .players
        .iter()
        .map(|&p| F::new_game(&config.design, p).map(|g| (p, g)))
        .collect::<Result<_, _>>()?)
}

/// Counts finished games across a run and reports them.
struct Counter<'a> {
    done: AtomicU64,
    total: u64,
    progress: &'a (dyn Fn(Progress) + Sync),
}

/// Plays games `range` of `game` (`players` players) in parallel and hands
/// their records to `sink` in index order, up to the first game not played
/// when `cancel` is set. Each chunk's records are handed over while the next
/// chunk plays, so that the workers do not wait for `sink`.
fn play_range<F: Family>(
    config: &SimConfig<F>,
    players: usize,
    game: &F::Game,
    range: std::ops::Range<u64>,
    counter: &Counter<'_>,
    cancel: &AtomicBool,
    sink: &mut (dyn FnMut(GameRecord<<F::Measures as Measures<F>>::Game>) + Send),
) {
    // Each worker's bots and last game's state, kept from chunk to chunk: a
    // new bot builds its tables of the design again, a new state allocates
    // its storage again, and `map_init` would give a new pool to every piece
    // rayon splits a chunk into.
    let pools: Vec<Mutex<pool::BotPool<F>>> = (0..rayon::current_num_threads())
        .map(|_| Mutex::new(pool::BotPool::new(config.bots.len())))
        .collect();
    // The pool is locked only to take bots out and give them back, never
    // while a game plays: a game that waits on rayon work of its own may
    // meanwhile start another game on the same worker, which must not find
    // the pool locked.
    let pool = |worker: usize| {
        pools[worker]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    };
    let play = |i: u64| {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let worker = rayon::current_thread_index().unwrap_or(0) % pools.len();
        let seed = game_seed(config.seed, players, i);
        let seats = seating(seed, players, config.bots.len());
        // Names were checked before any game started.
        let (mut bots, state) = {
            let mut pool = pool(worker);
            (
                pool.take(&config.bots, &seats, seed).ok()?,
                pool.state.take(),
            )
        };
        let (rec, state) = record::play::<F>(
            &config.design,
            game,
            seed,
            &mut bots,
            seats.clone(),
            config.turn_cap,
            state,
        );
        let mut pool = pool(worker);
        pool.give_back(&seats, bots);
        pool.state = Some(state);
        let d = counter.done.fetch_add(1, Ordering::Relaxed) + 1;
        (counter.progress)(Progress {
            done: d,
            total: counter.total,
        });
        Some(rec)
    };
    // The last chunk's records, not handed over yet, and whether every game
    // before them was played.
    let mut played: Vec<Option<GameRecord<_>>> = Vec::new();
    let mut whole = true;
    let mut start = range.start;
    while start < range.end && !cancel.load(Ordering::Relaxed) {
        let end = (start + CHUNK).min(range.end);
        let (next, ()) = rayon::join(
            || (start..end).into_par_iter().map(play).collect(),
            || hand_over(&mut played, &mut whole, sink),
        );
        played = next;
        start = end;
    }
    hand_over(&mut played, &mut whole, sink);
}

/// Hands `records` to `sink` in order while `whole` (every game before them
/// was played), up to the first game not played, after which `whole` is
/// false.
fn hand_over<R>(records: &mut Vec<Option<R>>, whole: &mut bool, sink: &mut (dyn FnMut(R) + Send)) {
    for r in records.drain(..) {
        match r {
            Some(r) if *whole => sink(r),
            _ => *whole = false,
        }
    }
}

/// The report of a run from its finished sections: their findings, sorted,
/// and the run's settings.
fn assemble<F: Family>(
    config: &SimConfig<F>,
    sections: Vec<PlayerCountReport<<F::Measures as Measures<F>>::Report>>,
    cancelled: bool,
) -> FamilyReport<F> {
    let design = &config.design;
    let mut all: Vec<Finding> = Vec::new();
    for s in &sections {
        all.extend(findings::section_findings(s, || {
            F::Measures::findings(design, s)
        }));
    }
    all.sort_by_key(|f| f.level);
    SimReport {
        schema: report::SCHEMA,
        design: F::design_name(design).to_owned(),
        seed: config.seed,
        bots: config.bots.clone(),
        games_requested: config.games,
        turn_cap: config.turn_cap,
        cancelled,
        findings: all,
        by_players: sections,
        skill: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_never_starts_more_workers_than_the_machine_runs_at_once() {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let started = with_pool(10_000, rayon::current_num_threads).unwrap();
        assert_eq!(started, cores);
        assert_eq!(with_pool(0, rayon::current_num_threads).unwrap(), cores);
        assert_eq!(with_pool(1, rayon::current_num_threads).unwrap(), 1);
    }
}
