//! The Compare window's simulated comparison as the worker thread runs it:
//! its settings, both designs played by bots from the same seeds (the
//! engine's [`simulate_pair`]) with progress and Stop, every report metric's
//! change (the engine's [`report_diff`]) and the map's changes (the engine's
//! [`any_map_changes`]), or why the designs were not compared.

use std::sync::Arc;

use engine::board_game::map_diff::{MapChanges, any_map_changes};
use engine::diff::simulated::ReportDiffError;
use engine::diff::{MetricChange, report_diff, simulate_pair};
use engine::families::{AnyDesign, FamilyVisitor};
use engine::game::Family;
use engine::sim::{self, Progress, SimConfig};
use formats::GameFile;

use crate::app::job::{Job, Worker};

/// How the simulation is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Fewest players simulated.
    pub players_from: usize,
    /// Most players simulated.
    pub players_to: usize,
    /// Games per player count and design.
    pub games: u32,
    /// The seed of both designs' games.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            players_from: 2,
            players_to: 5,
            games: 200,
            seed: 1,
        }
    }
}

/// A finished simulated comparison.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// Player counts simulated.
    pub players: Vec<usize>,
    /// Games per player count and design.
    pub games: u32,
    /// The seed.
    pub seed: u64,
    /// Every metric's change, in report order.
    pub metrics: Vec<MetricChange>,
    /// The map's changes per player count.
    pub map: Vec<MapChanges>,
    /// The open design's edit generation it was run on.
    pub generation: u64,
}

/// Why the designs were not played side by side (the window says so).
#[derive(Debug, thiserror::Error)]
pub enum NotCompared {
    /// The designs are of different families.
    #[error(
        "this is a {this} design and the other a {other} design: only designs of one family play side by side"
    )]
    OtherFamily {
        /// The open design's family.
        this: formats::Family,
        /// The other design's family.
        other: formats::Family,
    },
    /// The open design does not build.
    #[error("this design has errors: fix them first (see Diagnostics)")]
    ThisHasErrors,
    /// The other design does not build.
    #[error("the other design cannot be played (it has errors)")]
    OtherHasErrors,
    /// The chosen player counts are not ones both designs seat.
    #[error("both designs are played by {lo} to {hi} players: choose player counts within that")]
    Players {
        /// The fewest both seat.
        lo: usize,
        /// The most both seat.
        hi: usize,
    },
    /// A simulation failed.
    #[error("{0}")]
    Simulation(#[from] engine::sim::SimError),
    /// The two reports could not be set side by side.
    #[error("{0}")]
    Reports(#[from] ReportDiffError),
}

pub(super) type Outcome = Result<Option<Comparison>, NotCompared>;

/// A comparison under way; dropped while running (another file compared,
/// the window closed, the studio quitting), it stops.
pub(super) type Running = Job<Outcome>;

/// Plays both designs and compares them (on the worker thread).
fn compare<F: Family>(
    config: SimConfig<F>,
    other: Arc<F::Design>,
    generation: u64,
    worker: &Worker,
) -> Outcome {
    let total = 2 * u64::from(config.games) * config.players.len() as u64;
    let reports = simulate_pair(
        &config,
        other,
        &|p| {
            worker.advance(Progress {
                done: p.done,
                total,
            })
        },
        worker.cancel_flag(),
    )?;
    let Some([a, b]) = reports else {
        return Ok(None);
    };
    let metrics = report_diff(&a, &b)?;
    Ok(Some(Comparison {
        players: config.players.clone(),
        games: config.games,
        seed: config.seed,
        metrics,
        map: any_map_changes(&a, &b),
        generation,
    }))
}

/// Starts both simulations with the family of the open design.
struct Start<'a> {
    other: &'a GameFile,
    settings: &'a Settings,
    generation: u64,
    ctx: &'a egui::Context,
}

impl FamilyVisitor for Start<'_> {
    type Output = Result<Running, NotCompared>;

    fn visit<F: Family>(self, a: Arc<F::Design>) -> Self::Output {
        let b = F::build(self.other).map_err(|_| NotCompared::OtherHasErrors)?;
        let ((min_a, max_a), (min_b, max_b)) = (F::players(&a), F::players(&b));
        let (lo, hi) = (min_a.max(min_b), max_a.min(max_b));
        let s = self.settings;
        if s.players_from > s.players_to || s.players_from < lo || s.players_to > hi {
            return Err(NotCompared::Players { lo, hi });
        }
        let config = SimConfig::<F> {
            design: a,
            players: (s.players_from..=s.players_to).collect(),
            games: s.games.max(1),
            bots: F::default_bots().into_iter().map(str::to_owned).collect(),
            seed: s.seed,
            threads: 0,
            turn_cap: sim::DEFAULT_TURN_CAP,
        };
        let total = 2 * u64::from(config.games) * config.players.len() as u64;
        let other = Arc::new(b);
        let generation = self.generation;
        let ctx = self.ctx.clone();
        Ok(Job::start(
            "simulated comparison",
            total,
            move || ctx.request_repaint(),
            move |worker| compare(config, other, generation, worker),
        ))
    }
}

/// The fewest and most players `design` seats (the Compare window's first
/// choice), when it builds.
pub fn design_players(design: &GameFile) -> Option<(usize, usize)> {
    struct Players;
    impl FamilyVisitor for Players {
        type Output = (usize, usize);
        fn visit<F: Family>(self, d: Arc<F::Design>) -> (usize, usize) {
            F::players(&d)
        }
    }
    AnyDesign::build(design).ok().map(|d| d.visit(Players))
}

/// Starts both simulations of `design` and `other` on a worker thread.
pub(super) fn start(
    settings: &Settings,
    design: &GameFile,
    other: &GameFile,
    generation: u64,
    ctx: &egui::Context,
) -> Result<Running, NotCompared> {
    if design.family != other.family {
        return Err(NotCompared::OtherFamily {
            this: design.family,
            other: other.family,
        });
    }
    let a = AnyDesign::build(design).map_err(|_| NotCompared::ThisHasErrors)?;
    a.visit(Start {
        other,
        settings,
        generation,
        ctx,
    })
}
