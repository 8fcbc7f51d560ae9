//! Simulations split across processes or machines: shard `K` of `N` plays a
//! contiguous block of each player count's games and keeps every game's
//! record ([`ShardFile`]); [`merge`] folds the records of all `N` shards, in
//! game order, into exactly the report one process gives for the whole run
//! (the same games, since game `i`'s seed depends only on the run's seed, the
//! player count and `i`; and the same order of aggregation).
//!
//! Shard `K` of `N` (0-based, as Slurm array task ids and Kubernetes
//! completion indices are) plays games `⌊G·K/N⌋ .. ⌊G·(K+1)/N⌋` of each
//! player count, `G` being the games per player count.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64};

use serde::{Deserialize, Serialize};

use super::measures::Measures;
use super::record::GameRecord;
use super::{Counter, FamilyReport, Progress, SimConfig, SimError, assemble, deal, with_pool};
use crate::game::Family;
use crate::words::count;

/// The shard file format's name and version, the first field of every shard file.
pub const FORMAT: &str = "tracklayer-shard/1";

/// Which part of a run one process plays: shard `index` of `count` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard, `0 ≤ index < count`.
    pub index: u32,
    /// How many shards the run is split into.
    pub count: u32,
}

/// Why a shard could not be named.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// The text is not `K/N`.
    #[error("`{0}` is not a shard: write K/N, e.g. 0/4 (shards are numbered from 0)")]
    Syntax(String),
    /// `N` is 0 or `K` is not below `N`.
    #[error("shard {index}/{count} does not exist: shards of {count} are numbered 0 to {last}", last = count.saturating_sub(1))]
    OutOfRange {
        /// `K`.
        index: u32,
        /// `N`.
        count: u32,
    },
}

impl Shard {
    /// The whole run as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`, if it exists.
    pub fn new(index: u32, count: u32) -> Result<Self, ShardError> {
        if index < count {
            Ok(Shard { index, count })
        } else {
            Err(ShardError::OutOfRange { index, count })
        }
    }

    /// The indices of the games this shard plays out of `games` per player
    /// count: a contiguous block, the blocks of all shards covering every
    /// game once, their sizes differing by at most one.
    pub fn games(self, games: u32) -> Range<u64> {
        let at = |k: u32| u64::from(games) * u64::from(k) / u64::from(self.count);
        at(self.index)..at(self.index + 1)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Self, ShardError> {
        let syntax = || ShardError::Syntax(s.to_owned());
        let (k, n) = s.split_once('/').ok_or_else(syntax)?;
        let k = k.trim().parse().map_err(|_| syntax())?;
        let n = n.trim().parse().map_err(|_| syntax())?;
        Shard::new(k, n)
    }
}

/// Everything that decides a run's games, as a shard file records it: shards
/// merge only when these are equal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunSpec {
    /// The design played, merged with its base (so that merging needs no
    /// other file).
    pub design: formats::GameFile,
    /// Player counts, in report order.
    pub players: Vec<usize>,
    /// Games per player count in the whole run.
    pub games: u32,
    /// Bot names, as given.
    pub bots: Vec<String>,
    /// The run's seed.
    pub seed: u64,
    /// The turn cap.
    pub turn_cap: u32,
}

impl RunSpec {
    /// The first setting in which `self` and `other` differ, by name.
    pub fn first_difference(&self, other: &RunSpec) -> Option<&'static str> {
        if self.design != other.design {
            Some("design")
        } else if self.players != other.players {
            Some("players")
        } else if self.games != other.games {
            Some("games")
        } else if self.bots != other.bots {
            Some("bots")
        } else if self.seed != other.seed {
            Some("seed")
        } else if self.turn_cap != other.turn_cap {
            Some("turn cap")
        } else {
            None
        }
    }
}

/// One player count's games in a shard.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ShardSection<G> {
    /// Players per game.
    pub players: usize,
    /// The index of the first game in `records`.
    pub first: u64,
    /// Every game the shard played at this count, in index order.
    pub records: Vec<GameRecord<G>>,
}

/// What `tracklayer simulate --shard K/N` writes: the run, the shard, and
/// the record of every game it played.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ShardFile<G> {
    /// [`FORMAT`].
    pub format: String,
    /// Which shard.
    pub shard: Shard,
    /// The run it is part of.
    pub run: RunSpec,
    /// One section per player count, in the run's order.
    pub sections: Vec<ShardSection<G>>,
}

/// A shard file without its records: what is needed to check it and to pick
/// the family that reads the records.
#[derive(Clone, Debug, Deserialize)]
pub struct ShardHeader {
    /// [`FORMAT`].
    pub format: String,
    /// Which shard.
    pub shard: Shard,
    /// The run it is part of.
    pub run: RunSpec,
}

/// The record of one game of family `F`.
pub type FamilyGame<F> = <<F as Family>::Measures as Measures<F>>::Game;

/// Plays the games of `shard` of the configured run, in parallel, and
/// returns their records per player count. With `cancel` set the sections
/// stop at the first game not played (the caller knows from the flag).
pub fn simulate_shard<F: Family>(
    config: &SimConfig<F>,
    shard: Shard,
    progress: &(dyn Fn(Progress) + Sync),
    cancel: &AtomicBool,
) -> Result<Vec<ShardSection<FamilyGame<F>>>, SimError> {
    let games = deal(config)?;
    let range = shard.games(config.games);
    let counter = Counter {
        done: AtomicU64::new(0),
        total: (range.end - range.start) * games.len() as u64,
        progress,
    };
    with_pool(config.threads, || {
        games
            .iter()
            .map(|(players, game)| {
                let mut records = Vec::new();
                super::play_range(
                    config,
                    *players,
                    game,
                    range.clone(),
                    &counter,
                    cancel,
                    &mut |r| records.push(r),
                );
                ShardSection {
                    players: *players,
                    first: range.start,
                    records,
                }
            })
            .collect()
    })
}

/// Why shards could not be merged. `file` names the shard as the caller
/// labelled it (its path).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("give the shard files to merge")]
    Nothing,
    /// Not a shard file of this version.
    #[error("{file}: not a {FORMAT} file (its format is `{found}`)")]
    Format {
        /// The shard.
        file: String,
        /// Its `format`.
        found: String,
    },
    /// Shards of runs split differently.
    #[error(
        "{file} is shard {shard} but {first} is shard {first_shard}: shards of one run have the same count"
    )]
    Count {
        /// The shard that differs.
        file: String,
        /// Its shard.
        shard: Shard,
        /// The first shard given.
        first: String,
        /// The first shard's shard.
        first_shard: Shard,
    },
    /// Shards of different runs.
    #[error("{file} and {first} are shards of different runs: their {setting} differs")]
    DifferentRun {
        /// The shard that differs.
        file: String,
        /// The first shard given.
        first: String,
        /// The setting that differs (`design`, `seed`, …).
        setting: &'static str,
    },
    /// The same shard twice.
    #[error("{file} and {other} are both shard {shard}")]
    Duplicate {
        /// One file.
        file: String,
        /// The other.
        other: String,
        /// The shard.
        shard: Shard,
    },
    /// Shards missing.
    #[error("{shards} {list} of {count} missing", shards = crate::words::noun(missing.len(), "shard"), list = missing.iter().map(u32::to_string).collect::<Vec<_>>().join(", "), count = count)]
    Missing {
        /// The missing shard indices.
        missing: Vec<u32>,
        /// Shards in the run.
        count: u32,
    },
    /// A shard whose games are not those of its shard (incomplete or edited).
    #[error("{file}: {what}")]
    Games {
        /// The shard.
        file: String,
        /// What is wrong.
        what: String,
    },
    /// A game's record that does not fit the design or the run (a seat,
    /// route or ticket that does not exist, a bot in the wrong seat).
    #[error(
        "{file}: the record of game {game} at {} does not fit the run: {what} (a damaged or edited shard?)",
        crate::words::count(*players, "player")
    )]
    Record {
        /// The shard.
        file: String,
        /// The section's player count.
        players: usize,
        /// The game's index in the run.
        game: u64,
        /// What is wrong.
        what: String,
    },
    /// The run itself cannot be simulated (a bad bot name in the file).
    #[error("{0}")]
    Run(#[from] SimError),
}

/// Checks that `shards` (each labelled by its file) are all the shards of
/// one run, exactly once each, and returns them in shard order.
pub fn check_shards<T>(
    shards: Vec<(String, ShardHeader, T)>,
) -> Result<Vec<(String, ShardHeader, T)>, MergeError> {
    let Some((first, head, _)) = shards.first() else {
        return Err(MergeError::Nothing);
    };
    let (first, first_shard, run) = (first.clone(), head.shard, head.run.clone());
    let mut slots: Vec<Option<(String, ShardHeader, T)>> =
        (0..first_shard.count).map(|_| None).collect();
    for (file, h, body) in shards {
        if h.format != FORMAT {
            return Err(MergeError::Format {
                file,
                found: h.format,
            });
        }
        if h.shard.count != first_shard.count || h.shard.index >= h.shard.count {
            return Err(MergeError::Count {
                file,
                shard: h.shard,
                first,
                first_shard,
            });
        }
        if let Some(setting) = run.first_difference(&h.run) {
            return Err(MergeError::DifferentRun {
                file,
                first,
                setting,
            });
        }
        let slot = &mut slots[h.shard.index as usize];
        if let Some((other, ..)) = slot {
            return Err(MergeError::Duplicate {
                file,
                other: other.clone(),
                shard: h.shard,
            });
        }
        *slot = Some((file, h, body));
    }
    let missing: Vec<u32> = (0..first_shard.count)
        .filter(|&k| slots[k as usize].is_none())
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing {
            missing,
            count: first_shard.count,
        });
    }
    Ok(slots.into_iter().flatten().collect())
}

/// Merges the shards of one run (checked by [`check_shards`], in shard
/// order) into the report the whole run gives in one process. `config` is
/// the run ([`RunSpec`]) with its design built.
pub fn merge<F: Family>(
    config: &SimConfig<F>,
    shards: Vec<(String, ShardFile<FamilyGame<F>>)>,
) -> Result<FamilyReport<F>, MergeError> {
    let games = deal(config)?;
    let mut accs: Vec<super::report::Accumulator<F>> = games
        .iter()
        .map(|(p, _)| super::report::Accumulator::new(&*config.design, *p, &config.bots))
        .collect();
    for (file, shard) in shards {
        let range = shard.shard.games(config.games);
        let counts: Vec<usize> = shard.sections.iter().map(|s| s.players).collect();
        if counts != config.players {
            return Err(MergeError::Games {
                file,
                what: format!(
                    "its sections are for {counts:?} players, the run's for {:?}",
                    config.players
                ),
            });
        }
        for (section, acc) in shard.sections.into_iter().zip(&mut accs) {
            let n = section.records.len() as u64;
            if section.first != range.start || n != range.end - range.start {
                return Err(MergeError::Games {
                    file,
                    what: format!(
                        "it holds games {}..{} at {}, shard {} plays games {}..{} (a cancelled or edited shard?)",
                        section.first,
                        section.first + n,
                        count(section.players, "player"),
                        shard.shard,
                        range.start,
                        range.end
                    ),
                });
            }
            for (i, r) in (section.first..).zip(&section.records) {
                if let Err(what) = check_record(config, section.players, i, r) {
                    return Err(MergeError::Record {
                        file,
                        players: section.players,
                        game: i,
                        what,
                    });
                }
                acc.add(&config.design, r);
            }
        }
    }
    let sections = accs.into_iter().map(|a| a.finish(&config.design)).collect();
    Ok(assemble(config, sections, false))
}

/// Checks game `index`'s record at `players` players against the run: the
/// bots in their seats as the run seats them, one account and one rank per
/// seat (or none, a game with no outcome), ranks within the table, the
/// family's counts of action kinds and score parts, and the family's own
/// record ([`Measures::check`]).
fn check_record<F: Family>(
    config: &SimConfig<F>,
    players: usize,
    index: u64,
    r: &GameRecord<FamilyGame<F>>,
) -> Result<(), String> {
    let seats = super::seating(
        super::game_seed(config.seed, players, index),
        players,
        config.bots.len(),
    );
    if r.seats != seats {
        return Err(format!(
            "its seats hold bots {:?}, the run seats bots {seats:?}",
            r.seats
        ));
    }
    if r.kinds.len() != F::ACTION_KINDS.len() {
        return Err(format!(
            "`kinds` has {}, the family has {} of action",
            count(r.kinds.len(), "entry"),
            count(F::ACTION_KINDS.len(), "kind")
        ));
    }
    let outcome = if r.accounts.is_empty() { 0 } else { players };
    if r.accounts.len() != outcome || r.ranks.len() != outcome {
        return Err(format!(
            "it has {} and {} for {}",
            count(r.accounts.len(), "account"),
            count(r.ranks.len(), "rank"),
            count(players, "player")
        ));
    }
    if let Some(rank) = r.ranks.iter().find(|&&k| usize::from(k) >= players) {
        return Err(format!(
            "a seat ranks {rank} of {players} (ranks count from 0)"
        ));
    }
    let parts = F::SCORE_COMPONENTS.len();
    if let Some(a) = r.accounts.iter().find(|a| a.components.len() != parts) {
        return Err(format!(
            "an account has {}, the family has {parts}",
            count(a.components.len(), "score part")
        ));
    }
    if !(0.0..=1.0).contains(&r.settled_at) {
        return Err(format!(
            "`settled_at` is {}, not a share of the game",
            r.settled_at
        ));
    }
    F::Measures::check(&config.design, players, &r.family)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_every_game_once_in_blocks_differing_by_at_most_one() {
        for games in [0u32, 1, 7, 300, 1001] {
            for count in 1..=9 {
                let mut next = 0;
                for index in 0..count {
                    let r = Shard::new(index, count).unwrap().games(games);
                    assert_eq!(r.start, next);
                    let len = r.end - r.start;
                    assert!(len == u64::from(games / count) || len == u64::from(games / count) + 1);
                    next = r.end;
                }
                assert_eq!(next, u64::from(games));
            }
        }
    }

    #[test]
    fn shards_are_read_as_k_of_n_from_zero() {
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(
            "4/4".parse::<Shard>(),
            Err(ShardError::OutOfRange { index: 4, count: 4 })
        );
        assert!(matches!(
            "0/0".parse::<Shard>(),
            Err(ShardError::OutOfRange { .. })
        ));
        assert!(matches!(
            "two/4".parse::<Shard>(),
            Err(ShardError::Syntax(_))
        ));
        assert!(matches!("3".parse::<Shard>(), Err(ShardError::Syntax(_))));
    }

    use std::sync::Arc;

    use crate::board_game::BoardFamily;
    use crate::board_game::sim::BoardRecord;

    fn usa() -> (formats::GameFile, SimConfig<BoardFamily>) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let file = formats::load(&path).unwrap().design;
        let config = SimConfig {
            design: Arc::new(crate::Board::build(&file).unwrap()),
            players: vec![2, 3],
            games: 13,
            bots: vec!["route-focus".into(), "one-step".into(), "random".into()],
            seed: 5,
            threads: 2,
            turn_cap: super::super::DEFAULT_TURN_CAP,
        };
        (file, config)
    }

    /// Plays shard `k` of `n` and reads it back from JSON, as a file would be.
    fn shard_file(
        file: &formats::GameFile,
        config: &SimConfig<BoardFamily>,
        k: u32,
        n: u32,
    ) -> (String, ShardHeader, ShardFile<BoardRecord>) {
        let shard = Shard::new(k, n).unwrap();
        let sections = simulate_shard(config, shard, &|_| {}, &AtomicBool::new(false)).unwrap();
        let written = ShardFile {
            format: FORMAT.to_owned(),
            shard,
            run: RunSpec {
                design: file.clone(),
                players: config.players.clone(),
                games: config.games,
                bots: config.bots.clone(),
                seed: config.seed,
                turn_cap: config.turn_cap,
            },
            sections,
        };
        let json = serde_json::to_string(&written).unwrap();
        let header: ShardHeader = serde_json::from_str(&json).unwrap();
        (
            format!("s{k}.json"),
            header,
            serde_json::from_str(&json).unwrap(),
        )
    }

    fn merged(
        config: &SimConfig<BoardFamily>,
        shards: Vec<(String, ShardHeader, ShardFile<BoardRecord>)>,
    ) -> Result<FamilyReport<BoardFamily>, MergeError> {
        let checked = check_shards(shards)?;
        merge(
            config,
            checked.into_iter().map(|(f, _, b)| (f, b)).collect(),
        )
    }

    #[test]
    fn merged_shards_give_the_whole_runs_report_in_any_order() {
        let (file, config) = usa();
        let whole = super::super::simulate(&config, &|_| {}, &AtomicBool::new(false)).unwrap();
        let shards: Vec<_> = [2, 0, 3, 1]
            .map(|k| shard_file(&file, &config, k, 4))
            .into();
        let report = merged(&config, shards).unwrap();
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            serde_json::to_string(&whole).unwrap()
        );
    }

    #[test]
    fn merging_refuses_missing_duplicate_and_foreign_shards() {
        let (file, config) = usa();
        let a = shard_file(&file, &config, 0, 3);
        let b = shard_file(&file, &config, 1, 3);
        let c = shard_file(&file, &config, 2, 3);
        let err = merged(&config, vec![a.clone(), c.clone()]).unwrap_err();
        assert_eq!(err.to_string(), "shard 1 of 3 missing");
        let err = merged(&config, vec![a.clone(), b.clone(), a.clone()]).unwrap_err();
        assert!(matches!(err, MergeError::Duplicate { .. }), "{err}");
        let other = SimConfig {
            seed: 6,
            ..config.clone()
        };
        let foreign = shard_file(&file, &other, 2, 3);
        let err = merged(&config, vec![a.clone(), b.clone(), foreign]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "s2.json and s0.json are shards of different runs: their seed differs"
        );
        let quarter = shard_file(&file, &config, 1, 4);
        let err = merged(&config, vec![a.clone(), quarter]).unwrap_err();
        assert!(matches!(err, MergeError::Count { .. }), "{err}");
        let mut cut = c;
        cut.2.sections[0].records.pop();
        let err = merged(&config, vec![a, b, cut]).unwrap_err();
        assert!(
            err.to_string().contains("a cancelled or edited shard"),
            "{err}"
        );
    }

    /// Shard `k` of `n` as the JSON text a file holds.
    fn shard_json(
        file: &formats::GameFile,
        config: &SimConfig<BoardFamily>,
        k: u32,
        n: u32,
    ) -> String {
        let (_, _, body) = shard_file(file, config, k, n);
        serde_json::to_string(&body).unwrap()
    }

    /// Merges shard files given as JSON texts, as `tracklayer merge` reads them.
    fn merge_texts(
        config: &SimConfig<BoardFamily>,
        texts: &[String],
    ) -> Result<FamilyReport<BoardFamily>, String> {
        let mut shards = Vec::new();
        for (k, t) in texts.iter().enumerate() {
            let header: ShardHeader = serde_json::from_str(t).map_err(|e| e.to_string())?;
            let body: ShardFile<BoardRecord> =
                serde_json::from_str(t).map_err(|e| e.to_string())?;
            shards.push((format!("s{k}.json"), header, body));
        }
        merged(config, shards).map_err(|e| e.to_string())
    }

    #[test]
    fn merging_refuses_records_naming_what_does_not_exist_or_sitting_wrong() {
        let (file, config) = usa();
        let good: Vec<String> = (0..2).map(|k| shard_json(&file, &config, k, 2)).collect();
        assert!(merge_texts(&config, &good).is_ok());
        let edit = |f: &dyn Fn(&mut serde_json::Value)| {
            let mut v: serde_json::Value = serde_json::from_str(&good[1]).unwrap();
            f(&mut v);
            merge_texts(&config, &[good[0].clone(), v.to_string()]).unwrap_err()
        };
        let game = |v: &mut serde_json::Value| v["sections"][0]["records"][0].clone();
        // A route that does not exist.
        let err = edit(&|v| {
            let mut g = game(v);
            g["family"]["claims"][0][0] = 5000.into();
            v["sections"][0]["records"][0] = g;
        });
        assert!(
            err.starts_with("s1.json: the record of game 6 at 2 players"),
            "{err}"
        );
        assert!(err.contains("`claims` names route 5000"), "{err}");
        // A ticket that does not exist.
        let err = edit(&|v| {
            let mut g = game(v);
            g["family"]["offers"][0][0] = 30.into();
            v["sections"][0]["records"][0] = g;
        });
        assert!(
            err.contains("`offers` names ticket 30, but the design has 30"),
            "{err}"
        );
        // A seat that does not exist, and bots swapped between seats (in range).
        let err = edit(&|v| {
            let mut g = game(v);
            g["family"]["claims"][0][1] = 7.into();
            v["sections"][0]["records"][0] = g;
        });
        assert!(err.contains("names seat 7"), "{err}");
        let err = edit(&|v| {
            let mut g = game(v);
            let seats = g["seats"].as_array_mut().unwrap();
            seats.swap(0, 1);
            v["sections"][0]["records"][0] = g;
        });
        assert!(err.contains("its seats hold bots"), "{err}");
        let err = edit(&|v| {
            v["sections"][1]["records"][2]["ranks"][0] = 9.into();
        });
        assert!(
            err.contains("game 8 at 3 players") && err.contains("ranks 9"),
            "{err}"
        );
    }

    /// Every number in `v`, as a path of keys and indices.
    fn number_paths(v: &serde_json::Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        match v {
            serde_json::Value::Number(_) => out.push(at.clone()),
            serde_json::Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    at.push(i.to_string());
                    number_paths(x, at, out);
                    at.pop();
                }
            }
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    at.push(k.clone());
                    number_paths(x, at, out);
                    at.pop();
                }
            }
            _ => {}
        }
    }

    fn at_path<'a>(v: &'a mut serde_json::Value, path: &[String]) -> &'a mut serde_json::Value {
        path.iter().fold(v, |v, k| match v {
            serde_json::Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
            other => &mut other[k.as_str()],
        })
    }

    /// The run, its two shard files as JSON, and the paths of every number
    /// in the second one's sections.
    type Fixture = (SimConfig<BoardFamily>, Vec<String>, Vec<Vec<String>>);

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 96, ..Default::default() })]
        /// Fuzzing the records of a shard file: any number replaced by any
        /// other, or any record dropped from a list, never panics the merge;
        /// a merge that succeeds has only read indices that exist.
        #[test]
        fn merging_edited_shards_never_panics(pick in 0usize..1_000_000, value in proptest::prop_oneof![0u64..12, 0u64..200, proptest::prelude::Just(u64::from(u32::MAX))]) {
            static SHARDS: std::sync::OnceLock<Fixture> = std::sync::OnceLock::new();
            let (config, texts, paths) = SHARDS.get_or_init(|| {
                let (file, mut config) = usa();
                config.games = 4;
                let texts: Vec<String> = (0..2).map(|k| shard_json(&file, &config, k, 2)).collect();
                let v: serde_json::Value = serde_json::from_str(&texts[1]).unwrap();
                let mut paths = Vec::new();
                number_paths(&v["sections"], &mut vec!["sections".to_owned()], &mut paths);
                (config, texts, paths)
            });
            let mut v: serde_json::Value = serde_json::from_str(&texts[1]).unwrap();
            *at_path(&mut v, &paths[pick % paths.len()]) = value.into();
            // Whatever the outcome, it is an answer, not a panic.
            let _ = merge_texts(config, &[texts[0].clone(), v.to_string()]);
        }
    }
}
