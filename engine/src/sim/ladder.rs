//! The ladder: every bot of a family against the others on one design,
//! rated strongest first. A thin layer over the [`arena`](super::arena)
//! (rotated seats, paired deals, Bradley–Terry ratings on the Elo scale with
//! bootstrap intervals) that picks the participants from the family's
//! registry, gives search bots a reproducible iteration budget, and arranges
//! the results as rungs with each bot's share against every other.

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::arena::{self, ArenaConfig, ArenaReport};
use super::stats::Rate;
use super::{Progress, SimError};
use crate::game::Family;

/// The format's version, written in every ladder file.
pub const SCHEMA: u32 = 1;

/// Iterations per decision a search bot gets on the ladder when none is
/// given: a budget, not a clock, so that a seed gives the same ladder on any
/// machine.
pub const DEFAULT_BUDGET: u32 = 200;

/// Does `name` take a search budget (both `name:N` iterations and `name:Nms`)?
/// Those are the search bots, which play the ladder with an iteration budget.
pub fn takes_budget<F: Family>(name: &str) -> bool {
    F::bot(&format!("{name}:1"), 0).is_ok() && F::bot(&format!("{name}:1ms"), 0).is_ok()
}

/// The ladder's participants: every bot the family registers
/// ([`Family::BOT_NAMES`]), in its order, search bots with `budget`
/// iterations per decision (`mcts:200`).
pub fn family_bots<F: Family>(budget: u32) -> Vec<String> {
    F::BOT_NAMES
        .iter()
        .map(|&name| {
            if takes_budget::<F>(name) {
                format!("{name}:{budget}")
            } else {
                name.to_owned()
            }
        })
        .collect()
}

/// What to play: an arena's configuration, whose bots (specs, see
/// [`family_bots`]) must each appear once.
pub type LadderConfig<F> = ArenaConfig<F>;

/// One bot's share of the games it played with another.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Share {
    /// The other bot.
    pub against: String,
    /// Games where this bot finished ahead of it (ties half), with the 95%
    /// interval.
    pub share: Rate,
}

/// One rung: a bot, its rating and how it did against each other bot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rung {
    /// The bot, as it played (with its budget).
    pub bot: String,
    /// Elo-scale Bradley–Terry rating, mean 0 over the ladder.
    pub elo: f64,
    /// Lower end of the 95% bootstrap interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// Games it played.
    pub games: u64,
    /// Its share against every other bot, in ladder order (strongest first).
    pub shares: Vec<Share>,
}

/// A ladder's results, as `tracklayer ladder --json` writes them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The design's name.
    pub design: String,
    /// Players per game.
    pub players: usize,
    /// Games asked for per group of bots.
    pub games_per_group: u32,
    /// The seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// The bots, strongest first.
    pub rungs: Vec<Rung>,
    /// Games that hit the turn cap or a stalemate.
    pub abnormal_endings: u64,
    /// Stopped early: the ladder covers the games finished.
    pub cancelled: bool,
    /// Bot actions the rules refused (defects).
    pub errors: Vec<String>,
}

impl LadderReport {
    /// The rung of `bot` (as it played, or by its name without the budget).
    pub fn rung(&self, bot: &str) -> Option<&Rung> {
        self.rungs
            .iter()
            .find(|r| r.bot == bot || r.bot.split(':').next() == Some(bot))
    }
}

/// Plays the ladder: a round robin of [`LadderConfig::bots`].
pub fn ladder<F: Family>(
    config: &LadderConfig<F>,
    progress: &(dyn Fn(Progress) + Sync),
    cancel: &AtomicBool,
) -> Result<LadderReport, SimError> {
    for (i, b) in config.bots.iter().enumerate() {
        if config.bots[..i].contains(b) {
            return Err(SimError::Empty(format!(
                "`{b}` is on the ladder twice: give every bot once"
            )));
        }
    }
    let report = arena::arena(config, progress, cancel)?;
    Ok(rungs(report, config.games, config.seed))
}

/// Arranges an arena's results as a ladder.
fn rungs(report: ArenaReport, games_per_group: u32, seed: u64) -> LadderReport {
    let index = |bot: &str| report.bots.iter().position(|b| b == bot);
    let share = |a: usize, b: usize| -> Option<Rate> {
        report.pairwise.iter().find_map(|p| {
            if (p.a, p.b) == (a, b) {
                Some(p.a_wins)
            } else if (p.a, p.b) == (b, a) {
                let r = p.a_wins;
                Some(Rate::new(r.of as f64 - r.count, r.of))
            } else {
                None
            }
        })
    };
    let rungs = report
        .ratings
        .iter()
        .map(|r| {
            let me = index(&r.bot);
            let shares = report
                .ratings
                .iter()
                .filter(|o| o.bot != r.bot)
                .filter_map(|o| {
                    let s = share(me?, index(&o.bot)?)?;
                    Some(Share {
                        against: o.bot.clone(),
                        share: s,
                    })
                })
                .collect();
            Rung {
                bot: r.bot.clone(),
                elo: r.elo,
                low: r.low,
                high: r.high,
                games: r.games,
                shares,
            }
        })
        .collect();
    LadderReport {
        schema: SCHEMA,
        design: report.design,
        players: report.players,
        games_per_group,
        seed,
        games: report.games,
        rungs,
        abnormal_endings: report.abnormal_endings,
        cancelled: report.cancelled,
        errors: report.errors,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::board_game::BoardFamily;
    use crate::dice::DiceFamily;

    fn design<F: Family>(file: &str) -> Arc<F::Design> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps")
            .join(file);
        Arc::new(F::build(&formats::load(&path).unwrap().design).unwrap())
    }

    #[test]
    fn every_registered_bot_joins_and_search_bots_get_an_iteration_budget() {
        let bots = family_bots::<BoardFamily>(50);
        assert_eq!(bots.len(), BoardFamily::BOT_NAMES.len());
        assert!(bots.contains(&"mcts:50".to_owned()), "{bots:?}");
        assert!(bots.contains(&"random".to_owned()), "{bots:?}");
        assert!(!takes_budget::<BoardFamily>("route-focus"));
    }

    #[test]
    fn the_ladder_is_strongest_first_deterministic_and_shares_are_complementary() {
        let config = LadderConfig::<DiceFamily> {
            design: design::<DiceFamily>("trains-and-stations-demo.yaml"),
            players: 3,
            bots: vec!["random".into(), "builder".into(), "deliverer".into()],
            games: 12,
            seed: 5,
            threads: 1,
            turn_cap: super::super::DEFAULT_TURN_CAP,
        };
        let run = || ladder(&config, &|_| {}, &AtomicBool::new(false)).unwrap();
        let report = run();
        assert_eq!(report, run(), "a seed gives the same ladder");
        assert_eq!(report.rungs.len(), 3);
        assert!(report.rungs.windows(2).all(|w| w[0].elo >= w[1].elo));
        assert_eq!(report.rungs[2].bot, "random", "{report:?}");
        let top = &report.rungs[0];
        let down = report.rungs[1]
            .shares
            .iter()
            .find(|s| s.against == top.bot)
            .unwrap();
        let up = top
            .shares
            .iter()
            .find(|s| s.against == report.rungs[1].bot)
            .unwrap();
        assert_eq!(up.share.of, down.share.of);
        assert!((up.share.count + down.share.count - up.share.of as f64).abs() < 1e-9);
    }

    #[test]
    fn a_bot_given_twice_is_refused() {
        let config = LadderConfig::<DiceFamily> {
            design: design::<DiceFamily>("trains-and-stations-demo.yaml"),
            players: 3,
            bots: vec!["random".into(), "builder".into(), "random".into()],
            games: 3,
            seed: 1,
            threads: 1,
            turn_cap: super::super::DEFAULT_TURN_CAP,
        };
        let e = ladder(&config, &|_| {}, &AtomicBool::new(false)).unwrap_err();
        assert!(
            e.to_string().contains("`random` is on the ladder twice"),
            "{e}"
        );
    }
}
