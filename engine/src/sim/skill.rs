//! Skill versus luck: how often the stronger player wins on a design. The
//! family's strong bot ([`Family::SKILL_PROBE`]) plays a mid-ladder bot and
//! the `random` baseline at the design's smallest table (two players, or
//! its minimum), seats rotated on paired deals as in the
//! [`arena`](super::arena). The figure is the strong bot's share of its
//! head-to-head results (finished ahead of an opponent: 1, tied: ½): its win
//! rate at two players, and 50% in a game of pure luck at any table; a design
//! where it is near 100% rewards skill.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};

use super::arena::{self, ArenaConfig};
use super::stats::Rate;
use super::{Progress, SimError};
use crate::game::Family;

/// The two bots a family's skill measure names: the strongest it has and
/// one from the middle of its ladder (a competent, ordinary player).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SkillProbe {
    /// The strong player (a search bot with an iteration budget, so that a
    /// seed gives the same figure on any machine).
    pub strong: &'static str,
    /// A mid-ladder heuristic.
    pub mid: &'static str,
}

/// The strong player of every family's probe: the family's `expert` at its
/// default budget, which counts iterations (reproducible for a seed).
pub const STRONG: &str = "expert";

/// The baseline every family has: uniform over legal actions.
pub const RANDOM: &str = "random";

/// What to measure.
#[derive(Clone, Debug)]
pub struct SkillConfig<F: Family> {
    /// The design.
    pub design: Arc<F::Design>,
    /// Games against each opponent (rounded up to whole rotations of the seats).
    pub games: u32,
    /// The seed of the deals.
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Turn cap per game.
    pub turn_cap: u32,
}

/// The strong bot against one opponent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SkillMatch {
    /// The opponent's bot (in every other seat).
    pub opponent: String,
    /// `mid` (the mid-ladder bot) or `random`.
    pub role: String,
    /// The strong bot's share of the games, with its 95% interval: per game,
    /// the share of the opponents' seats it finished ahead of (ties half) —
    /// at two players, simply its win rate.
    pub strong_wins: Rate,
}

/// The skill measure, as the report holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SkillReport {
    /// Players per game.
    pub players: usize,
    /// The strong bot.
    pub strong: String,
    /// Against the mid-ladder bot, then against `random`.
    pub matches: Vec<SkillMatch>,
    /// Stopped early: the figures cover the games finished.
    pub cancelled: bool,
}

/// The table the measure plays at: two players, or the design's minimum.
pub fn skill_players<F: Family>(design: &F::Design) -> usize {
    let (min, max) = F::players(design);
    2usize.clamp(min, max.max(min))
}

/// Games the measure plays in all for `games` per opponent at `players`.
fn games_per_match(games: u32, players: usize) -> u64 {
    u64::from(games).div_ceil(players as u64) * players as u64
}

/// Plays the strong bot against the mid-ladder bot and `random`.
pub fn skill<F: Family>(
    config: &SkillConfig<F>,
    progress: &(dyn Fn(Progress) + Sync),
    cancel: &AtomicBool,
) -> Result<SkillReport, SimError> {
    let probe = F::SKILL_PROBE;
    let players = skill_players::<F>(&config.design);
    let per = games_per_match(config.games, players);
    let mut matches = Vec::new();
    for (k, (role, opponent)) in [("mid", probe.mid), ("random", RANDOM)]
        .into_iter()
        .enumerate()
    {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        let mut bots = vec![probe.strong.to_owned()];
        bots.extend((1..players).map(|_| opponent.to_owned()));
        let offset = k as u64 * per;
        let report = arena::arena(
            &ArenaConfig::<F> {
                design: config.design.clone(),
                players,
                bots,
                games: config.games,
                seed: config.seed,
                threads: config.threads,
                turn_cap: config.turn_cap,
            },
            &|p| {
                progress(Progress {
                    done: offset + p.done,
                    total: 2 * per,
                })
            },
            cancel,
        )?;
        // The strong bot is participant 0; its pairs with each opponent seat
        // are the same games seen from each seat, so a game counts once.
        let (won, compared) = report
            .pairwise
            .iter()
            .filter(|p| p.a == 0)
            .fold((0.0, 0u64), |(w, n), p| {
                (w + p.a_wins.count, n + p.a_wins.of)
            });
        let seats = (players - 1) as u64;
        matches.push(SkillMatch {
            opponent: opponent.to_owned(),
            role: role.to_owned(),
            strong_wins: Rate::new(won / seats as f64, compared / seats),
        });
    }
    Ok(SkillReport {
        players,
        strong: probe.strong.to_owned(),
        matches,
        cancelled: cancel.load(Ordering::Relaxed),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::DiceFamily;

    #[test]
    fn the_strong_bot_beats_random_on_the_dice_demo_at_its_smallest_table() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/trains-and-stations-demo.yaml");
        let design = Arc::new(DiceFamily::build(&formats::load(&path).unwrap().design).unwrap());
        assert_eq!(skill_players::<DiceFamily>(&design), 3);
        let config = SkillConfig::<DiceFamily> {
            design,
            games: 6,
            seed: 2,
            threads: 1,
            turn_cap: super::super::DEFAULT_TURN_CAP,
        };
        let report = skill(&config, &|_| {}, &AtomicBool::new(false)).unwrap();
        assert_eq!(report.players, 3);
        assert_eq!(report.strong, DiceFamily::SKILL_PROBE.strong);
        let roles: Vec<&str> = report.matches.iter().map(|m| m.role.as_str()).collect();
        assert_eq!(roles, ["mid", "random"]);
        for m in &report.matches {
            assert_eq!(m.strong_wins.of, 6, "{m:?}");
        }
        assert!(
            report.matches[1].strong_wins.value > 0.5,
            "{:?}",
            report.matches[1]
        );
    }
}
