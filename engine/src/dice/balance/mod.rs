//! The balance search for Trains & Stations designs: what it may change
//! (the knobs: track lengths, station slots and bonuses, the VP supply,
//! monopoly values, goods deck sizes, rule parameters; read, checked and
//! stepped in `knobs.rs`) and what it aims at beyond the shared targets
//! (each track's share of the deliveries, each good's monopoly share).

mod knobs;

pub use knobs::{DiceKnob, parse_knob};

use std::fmt;

use serde_yaml::Value;

use formats::GameFile;
use formats::dice::DiceRules;

use super::DiceFamily;
use crate::balance::family::{Help, Section};
use crate::balance::target::{
    Banded, Measure, Target, TargetError, band_measure, outside, range, rate_interval,
};
use crate::balance::{Balance, Report};
use crate::rng::GameRng;
use crate::sim::stats::Rate;

/// The dice game's balance knobs and targets.
#[derive(Debug, Clone, Copy)]
pub struct DiceBalance;

/// A Trains & Stations design's own targets.
#[derive(Clone, Debug, PartialEq)]
pub enum DiceTarget {
    /// Every track's deliveries per game, relative to the mean track (1:
    /// average), lie in `lo..=hi`.
    DeliveryShare {
        /// Lowest.
        lo: f64,
        /// Highest.
        hi: f64,
    },
    /// For every good, the share of games whose winner held (or shared) its
    /// monopoly lies in `lo..=hi`: no single monopoly decides the game.
    MonopolyShare {
        /// Lowest.
        lo: f64,
        /// Highest.
        hi: f64,
    },
}

impl fmt::Display for DiceTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceTarget::DeliveryShare { lo, hi } => {
                write!(f, "every track delivered {lo}..{hi} times the mean track")
            }
            DiceTarget::MonopolyShare { lo, hi } => {
                write!(
                    f,
                    "every good's monopoly held by the winner in {lo}..{hi} of games"
                )
            }
        }
    }
}

/// A design's dice rules as played.
fn rules(file: &GameFile) -> Option<DiceRules> {
    formats::dice::resolve(&file.rules).ok()
}

/// Rules as played, as YAML (for `rule:` knobs).
fn rules_value(file: &GameFile) -> Option<Value> {
    serde_yaml::to_value(rules(file)?).ok()
}

/// Each track's deliveries per game relative to the mean over tracks.
fn delivery_ratios(s: &Section<DiceFamily>) -> Vec<Banded> {
    let tracks = &s.family.tracks;
    let mean =
        tracks.iter().map(|t| t.deliveries_per_game).sum::<f64>() / tracks.len().max(1) as f64;
    tracks
        .iter()
        .map(|t| {
            let ratio = if mean > 0.0 {
                t.deliveries_per_game / mean
            } else {
                0.0
            };
            Banded {
                name: t.track.clone(),
                value: ratio,
                interval: None,
            }
        })
        .collect()
}

impl Balance<DiceFamily> for DiceBalance {
    type Knob = DiceKnob;
    type Target = DiceTarget;
    /// Tracks, then goods numbered after the tracks, with a signed distance, worst first.
    type Hints = Vec<(usize, f64)>;

    const KNOBS: &'static [Help] = &[
        Help {
            syntax: "track-length[=LO..HI]",
            what: "track spaces, 1 at a time: each within ±1 of the original, or with \
                   bounds, the tracks of LO..HI spaces anywhere within them",
        },
        Help {
            syntax: "station-slots[=1..4]",
            what: "a station's building slots, 1 at a time",
        },
        Help {
            syntax: "station-bonus[=1..3]",
            what: "the amount of a station's city bonus, 1 at a time",
        },
        Help {
            syntax: "vp-supply[=30..150]",
            what: "the VP supply of one player count, 5 at a time",
        },
        Help {
            syntax: "monopoly[=1..15]",
            what: "a good's monopoly points, 1-2 at a time",
        },
        Help {
            syntax: "goods-cards[=5..15]",
            what: "a goods deck's cards, 1-2 at a time",
        },
        Help {
            syntax: "rule:PATH=LO..HI",
            what: "a numeric rule parameter in steps of 1 (e.g. rule:coins.start=2..4)",
        },
    ];
    const TARGETS: &'static [Help] = &[
        Help {
            syntax: "delivery-share[=0.5..2]",
            what: "every track's deliveries per game, relative to the mean track, in range",
        },
        Help {
            syntax: "monopoly-share[=0..0.6]",
            what: "for every good, the share of games whose winner held its monopoly, in range",
        },
    ];
    const LOCKS: &'static str = "a station by name, a track `From - To`, a good `good:gold`, \
         a VP supply `supply:4`";
    const DEFAULTS: (&'static str, &'static str) = (
        "monopoly-share=0..0.6, first-player-advantage=0.08",
        "monopoly, track-length",
    );

    fn played(file: &GameFile) -> Option<(Value, Value)> {
        Some((rules_value(file)?, Value::Mapping(file.cards.clone())))
    }

    fn knob(text: &str) -> Result<DiceKnob, String> {
        knobs::read(text)
    }

    fn target(
        text: &str,
        name: &str,
        value: Option<&str>,
    ) -> Option<Result<DiceTarget, TargetError>> {
        match name {
            "delivery-share" => Some(
                range(text, value, Some((0.5, 2.0)))
                    .map(|(lo, hi)| DiceTarget::DeliveryShare { lo, hi }),
            ),
            "monopoly-share" => Some(
                range(text, value, Some((0.0, 0.6)))
                    .map(|(lo, hi)| DiceTarget::MonopolyShare { lo, hi }),
            ),
            _ => None,
        }
    }

    fn check(original: &GameFile, knobs: &[DiceKnob], locked: &[String]) -> Result<(), String> {
        knobs::check(original, knobs, locked)
    }

    fn mutate(
        original: &GameFile,
        knobs: &[DiceKnob],
        locked: &[String],
        file: &mut GameFile,
        rng: &mut GameRng,
        hints: &Self::Hints,
    ) -> Option<String> {
        knobs::mutate(original, knobs, locked, file, rng, hints)
    }

    fn measure(target: &DiceTarget, s: &Section<DiceFamily>) -> Measure {
        match target {
            DiceTarget::DeliveryShare { lo, hi } => {
                band_measure(s.players, &delivery_ratios(s), *lo, *hi)
            }
            DiceTarget::MonopolyShare { lo, hi } => {
                let goods: Vec<Banded> = s
                    .family
                    .goods
                    .iter()
                    .map(|g| {
                        let r = Rate::new(g.winner_monopoly * s.games as f64, s.games);
                        Banded {
                            name: g.good.clone(),
                            value: g.winner_monopoly,
                            interval: rate_interval(&r),
                        }
                    })
                    .collect();
                band_measure(s.players, &goods, *lo, *hi)
            }
        }
    }

    /// Tracks delivered outside a `delivery-share` band (too rarely:
    /// positive, so they get shorter), then goods whose monopoly the winner
    /// holds too often (positive, so they pay less), numbered after the
    /// tracks.
    fn hints(targets: &[Target<DiceTarget>], report: &Report<DiceFamily>) -> Vec<(usize, f64)> {
        let mut out: Vec<(usize, f64)> = Vec::new();
        let mut add = |i: usize, off: f64| match out.iter_mut().find(|(j, _)| *j == i) {
            Some(e) => e.1 += off,
            None => out.push((i, off)),
        };
        for t in targets {
            for s in &report.by_players {
                match t {
                    Target::Own(DiceTarget::DeliveryShare { lo, hi }) => {
                        for (i, b) in delivery_ratios(s).iter().enumerate() {
                            let off = outside(b.value, *lo, *hi);
                            if off > 0.0 {
                                add(i, if b.value < *lo { off } else { -off });
                            }
                        }
                    }
                    Target::Own(DiceTarget::MonopolyShare { lo, hi }) => {
                        let tracks = s.family.tracks.len();
                        for (g, row) in s.family.goods.iter().enumerate() {
                            let off = outside(row.winner_monopoly, *lo, *hi);
                            if off > 0.0 {
                                add(
                                    tracks + g,
                                    if row.winner_monopoly > *hi { off } else { -off },
                                );
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        out.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
        out
    }
}
