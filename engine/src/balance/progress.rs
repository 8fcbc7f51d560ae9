//! What a running search reports ([`BalanceProgress`], its [`Stage`]) and
//! why it ended ([`StopReason`]).

use std::fmt;

/// What the search is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Simulating a generation's candidates.
    Searching,
    /// Checking on fresh seeds a design that met every target on the
    /// search's games (before stopping on it).
    Confirming,
    /// The finals: the best few designs played again on more games
    /// ([`super::BalanceConfig::finalists`]).
    Finals,
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
            Stage::Confirming | Stage::Finals | Stage::Checking => f64::from(self.generation),
        };
        (done / f64::from(self.generations.max(1))).min(1.0) as f32
    }

    /// What runs now, in words: `generation 3/30: 1,200 of 4,400 games`.
    pub fn describe(&self) -> String {
        let games = format!(
            "{} of {} {}",
            crate::sim::findings::thousands(self.stage_games),
            crate::sim::findings::thousands(self.stage_total),
            crate::words::noun(self.stage_total, "game")
        );
        match self.stage {
            Stage::Searching => format!(
                "generation {}/{}: {games}",
                (self.generation + 1).min(self.generations),
                self.generations
            ),
            Stage::Confirming => format!("confirming on fresh seeds: {games}"),
            Stage::Finals => format!("judging the finalists on more games: {games}"),
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
                "no improvement in the last {}",
                crate::words::count(*generations, "generation")
            ),
            StopReason::Budget { generations: 1 } => write!(f, "the one generation allowed ran"),
            StopReason::Budget { generations } => write!(f, "all {generations} generations ran"),
            StopReason::Stopped => write!(f, "stopped by the user; the best so far is kept"),
        }
    }
}
