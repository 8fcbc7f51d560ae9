//! The knobs of a Trains & Stations design: what the balance search may
//! change (track lengths, station slots and bonuses, the VP supply,
//! monopoly values, goods deck sizes, rule parameters), read from their
//! text, checked against the design and its locks, and each change made.

use serde_yaml::{Mapping, Value};

use formats::GameFile;

use super::{DiceBalance, rules, rules_value};
use crate::balance::Balance;
use crate::balance::family::names;
use crate::balance::knob::{
    KnobError, check_rule, int_bounds, parse_rule, pick, set_rule, split, step_rule, step_within,
    unknown, value_at,
};
use crate::dice::DiceFamily;
use crate::rng::GameRng;
use crate::words::{count, noun};

/// A kind of change allowed in a Trains & Stations design.
#[derive(Clone, Debug, PartialEq)]
pub enum DiceKnob {
    /// Track lengths (spaces), 1 at a time: each within ±1 of the original
    /// (at least 1), or with bounds, the tracks within `lo..=hi` anywhere
    /// within them.
    TrackLength {
        /// `lo..=hi` spaces, when given.
        bounds: Option<(u32, u32)>,
    },
    /// Building slots of a station, within `lo..=hi`, 1 at a time.
    StationSlots {
        /// Fewest.
        lo: u32,
        /// Most.
        hi: u32,
    },
    /// The amount of a station's city bonus, within `lo..=hi`, 1 at a time.
    StationBonus {
        /// Least.
        lo: u32,
        /// Most.
        hi: u32,
    },
    /// The VP supply of one player count, within `lo..=hi`, 5 at a time.
    VpSupply {
        /// Least.
        lo: u32,
        /// Most.
        hi: u32,
    },
    /// A good's monopoly points, within `lo..=hi`, 1–2 at a time.
    Monopoly {
        /// Least.
        lo: u32,
        /// Most.
        hi: u32,
    },
    /// A goods deck's cards, within `lo..=hi`, 1–2 at a time.
    GoodsCards {
        /// Fewest.
        lo: u32,
        /// Most.
        hi: u32,
    },
    /// A numeric rule parameter within `lo..=hi`, in steps of 1.
    Rule {
        /// Its path under `rules:`.
        path: String,
        /// Lowest.
        lo: f64,
        /// Highest.
        hi: f64,
    },
}

/// Whether `file`'s track `i` is locked (by `From - To`).
fn track_locked(file: &GameFile, locked: &[String], i: usize) -> bool {
    locked.contains(&file.tracks[i].display_name())
}

/// A track's spaces moved by one within ±1 of the original (at least 1):
/// hinted tracks (delivered too rarely: positive) get shorter three times
/// in four.
fn step_track(
    original: &GameFile,
    file: &mut GameFile,
    (locked, bounds): (&[String], Option<(u32, u32)>),
    rng: &mut GameRng,
    hints: &[(usize, f64)],
) -> Option<String> {
    let free = |i: usize| {
        !track_locked(file, locked, i)
            && bounds.is_none_or(|(lo, hi)| (lo..=hi).contains(&original_spaces(original, file, i)))
    };
    let (i, shorter) = pick(file.tracks.len(), free, hints, rng)?;
    let base = original_spaces(original, file, i);
    let (lo, hi) = bounds.unwrap_or((base.saturating_sub(1).max(1), base + 1));
    let t = &mut file.tracks[i];
    let old = t.spaces;
    let new = if shorter {
        old.saturating_sub(1)
    } else {
        old + 1
    }
    .clamp(lo.max(1), hi);
    if new == old {
        return None;
    }
    t.spaces = new;
    Some(format!(
        "track {}: {old} → {new} {}",
        t.display_name(),
        noun(new, "space")
    ))
}

/// Track `i`'s spaces in the original design.
fn original_spaces(original: &GameFile, file: &GameFile, i: usize) -> u32 {
    original
        .tracks
        .get(i)
        .map_or(file.tracks[i].spaces, |t| t.spaces)
}

/// A station's slots or bonus amount moved within `lo..=hi`.
fn step_station(
    file: &mut GameFile,
    locked: &[String],
    bonus: bool,
    (lo, hi): (u32, u32),
    rng: &mut GameRng,
) -> Option<String> {
    let value = |s: &formats::dice::StationSpec| {
        if bonus {
            s.bonus.as_ref().map(|b| u32::from(b.amount))
        } else {
            Some(u32::from(s.slots))
        }
    };
    let free = |i: usize| {
        let s = &file.stations[i];
        !locked.contains(&s.name) && value(s).is_some_and(|v| (lo..=hi).contains(&v))
    };
    let (i, down) = pick(file.stations.len(), free, &[], rng)?;
    let old = value(&file.stations[i])?;
    let new = if down { old.saturating_sub(1) } else { old + 1 }.clamp(lo, hi);
    let n = u8::try_from(new).ok()?;
    if new == old {
        return None;
    }
    let s = &mut file.stations[i];
    if bonus {
        let b = s.bonus.as_mut()?;
        b.amount = n;
        Some(format!(
            "station {}: {} bonus {old} → {new}",
            s.name, b.kind
        ))
    } else {
        s.slots = n;
        Some(format!(
            "station {}: {old} → {new} {}",
            s.name,
            noun(new, "slot")
        ))
    }
}

/// One player count's VP supply moved by 5 within `lo..=hi` (the whole
/// supply written under `rules.points.supply`).
fn step_supply(
    file: &mut GameFile,
    locked: &[String],
    (lo, hi): (u32, u32),
    rng: &mut GameRng,
) -> Option<String> {
    let supply = rules(file)?.points.supply;
    let counts: Vec<(u8, u16)> = supply.into_iter().collect();
    let free = |i: usize| {
        let (p, v) = counts[i];
        !locked.contains(&format!("supply:{p}")) && (lo..=hi).contains(&u32::from(v))
    };
    let (i, down) = pick(counts.len(), free, &[], rng)?;
    let (players, old) = counts[i];
    let old = u32::from(old);
    let new = if down { old.saturating_sub(5) } else { old + 5 }.clamp(lo, hi);
    if new == old {
        return None;
    }
    let mut written = Mapping::new();
    for (j, (p, v)) in counts.iter().enumerate() {
        let v = if j == i { new } else { u32::from(*v) };
        written.insert(
            Value::Number(u64::from(*p).into()),
            Value::Number(u64::from(v).into()),
        );
    }
    let points = file
        .rules
        .entry("points".into())
        .or_insert_with(|| Value::Mapping(Mapping::new()));
    if !points.is_mapping() {
        *points = Value::Mapping(Mapping::new());
    }
    if let Value::Mapping(m) = points {
        m.insert("supply".into(), Value::Mapping(written));
    }
    Some(format!(
        "VP supply for {}: {old} → {new}",
        count(players, "player")
    ))
}

/// A good's monopoly points or deck size moved 1–2 within `lo..=hi`:
/// hinted goods (their monopoly decides too many games: positive) lose
/// monopoly points three times in four.
fn step_good(
    file: &mut GameFile,
    locked: &[String],
    monopoly: bool,
    (lo, hi): (u32, u32),
    rng: &mut GameRng,
    hints: &[(usize, f64)],
) -> Option<String> {
    let goods: Vec<(String, u32)> = rules(file)?
        .goods
        .into_iter()
        .map(|(name, g)| (name, u32::from(if monopoly { g.monopoly } else { g.cards })))
        .collect();
    let free = |i: usize| {
        !locked.contains(&format!("good:{}", goods[i].0)) && (lo..=hi).contains(&goods[i].1)
    };
    let hints: &[(usize, f64)] = if monopoly { hints } else { &[] };
    let (i, down) = pick(goods.len(), free, hints, rng)?;
    let (name, old) = &goods[i];
    let new = step_within(*old, down, (lo, hi), rng);
    if new == *old {
        return None;
    }
    let field = if monopoly { "monopoly" } else { "cards" };
    set_rule(
        &mut file.rules,
        &format!("goods.{name}.{field}"),
        f64::from(new),
    );
    Some(if monopoly {
        format!("{name} monopoly: {old} → {new} {}", noun(new, "point"))
    } else {
        format!("{name} deck: {old} → {new} {}", noun(new, "card"))
    })
}

/// Reads a knob (`track-length=1..5`).
pub(super) fn read(text: &str) -> Result<DiceKnob, String> {
    let read = || -> Result<DiceKnob, KnobError> {
        if let Some(rule) = parse_rule(text) {
            let (path, lo, hi) = rule?;
            return Ok(DiceKnob::Rule { path, lo, hi });
        }
        let (name, v) = split(text);
        let b = |default, max, what| int_bounds(text, v, default, max, what);
        Ok(match name {
            "track-length" => DiceKnob::TrackLength {
                bounds: match v {
                    Some(_) => Some(b((1, 1), (1, 255), "track lengths")?),
                    None => None,
                },
            },
            "station-slots" => {
                let (lo, hi) = b((1, 4), (1, 255), "station slots")?;
                DiceKnob::StationSlots { lo, hi }
            }
            "station-bonus" => {
                let (lo, hi) = b((1, 3), (1, 255), "bonus amounts")?;
                DiceKnob::StationBonus { lo, hi }
            }
            "vp-supply" => {
                let (lo, hi) = b((30, 150), (1, 65_535), "VP supplies")?;
                DiceKnob::VpSupply { lo, hi }
            }
            "monopoly" => {
                let (lo, hi) = b((1, 15), (0, 255), "monopoly points")?;
                DiceKnob::Monopoly { lo, hi }
            }
            "goods-cards" => {
                let (lo, hi) = b((5, 15), (1, 255), "goods decks")?;
                DiceKnob::GoodsCards { lo, hi }
            }
            _ => {
                return Err(unknown(
                    text,
                    formats::Family::Dice,
                    &names(<DiceBalance as Balance<DiceFamily>>::KNOBS),
                ));
            }
        })
    };
    read().map_err(|e| e.to_string())
}

/// Refuses locks that name nothing and knobs whose bounds hold no
/// unlocked value of `original`.
pub(super) fn check(
    original: &GameFile,
    knobs: &[DiceKnob],
    locked: &[String],
) -> Result<(), String> {
    let played = rules(original);
    for lock in locked {
        let known = original.stations.iter().any(|s| s.name == *lock)
            || original.tracks.iter().any(|t| t.display_name() == *lock)
            || lock
                .strip_prefix("good:")
                .is_some_and(|g| played.as_ref().is_some_and(|r| r.goods.contains_key(g)))
            || lock.strip_prefix("supply:").is_some_and(|p| {
                played.as_ref().is_some_and(|r| {
                    p.parse::<u8>()
                        .is_ok_and(|p| r.points.supply.contains_key(&p))
                })
            });
        if !known {
            return Err(format!(
                "--lock `{lock}`: the design has no station, track, good or VP supply of \
                 that name (write {})",
                <DiceBalance as Balance<DiceFamily>>::LOCKS
            ));
        }
    }
    let none = |knob: &str, lo: &u32, hi: &u32, what: &str| {
        Err(format!(
            "--knob {knob}={lo}..{hi}: no unlocked {what} is {lo} to {hi}, so it could \
             change nothing (a knob moves values only within its bounds)"
        ))
    };
    let goods = |monopoly: bool| -> Vec<(String, u32)> {
        played.as_ref().map_or_else(Vec::new, |r| {
            r.goods
                .iter()
                .map(|(n, g)| {
                    (
                        n.clone(),
                        u32::from(if monopoly { g.monopoly } else { g.cards }),
                    )
                })
                .collect()
        })
    };
    for k in knobs {
        match k {
            DiceKnob::TrackLength { bounds: None } => {}
            DiceKnob::TrackLength {
                bounds: Some((lo, hi)),
            } => {
                let free = original.tracks.iter().any(|t| {
                    !locked.contains(&t.display_name()) && (*lo..=*hi).contains(&t.spaces)
                });
                if !free {
                    return none("track-length", lo, hi, "track's length");
                }
            }
            DiceKnob::StationSlots { lo, hi } | DiceKnob::StationBonus { lo, hi } => {
                let bonus = matches!(k, DiceKnob::StationBonus { .. });
                let free = original.stations.iter().any(|s| {
                    let v = if bonus {
                        s.bonus.as_ref().map(|b| u32::from(b.amount))
                    } else {
                        Some(u32::from(s.slots))
                    };
                    !locked.contains(&s.name) && v.is_some_and(|v| (*lo..=*hi).contains(&v))
                });
                if !free {
                    let (knob, what) = if bonus {
                        ("station-bonus", "station's bonus")
                    } else {
                        ("station-slots", "station's slot count")
                    };
                    return none(knob, lo, hi, what);
                }
            }
            DiceKnob::VpSupply { lo, hi } => {
                let free = played.as_ref().is_some_and(|r| {
                    r.points.supply.iter().any(|(p, v)| {
                        !locked.contains(&format!("supply:{p}"))
                            && (*lo..=*hi).contains(&u32::from(*v))
                    })
                });
                if !free {
                    return none("vp-supply", lo, hi, "VP supply");
                }
            }
            DiceKnob::Monopoly { lo, hi } | DiceKnob::GoodsCards { lo, hi } => {
                let monopoly = matches!(k, DiceKnob::Monopoly { .. });
                let free = goods(monopoly).iter().any(|(n, v)| {
                    !locked.contains(&format!("good:{n}")) && (*lo..=*hi).contains(v)
                });
                if !free {
                    let (knob, what) = if monopoly {
                        ("monopoly", "good's monopoly value")
                    } else {
                        ("goods-cards", "goods deck")
                    };
                    return none(knob, lo, hi, what);
                }
            }
            DiceKnob::Rule { path, lo, hi } => check_rule(rules_value(original), path, *lo, *hi)?,
        }
    }
    Ok(())
}

/// One change by one of `knobs` chosen at random, steered by `hints`
/// (tracks, then goods numbered after the tracks); `None` when it changed
/// nothing.
pub(super) fn mutate(
    original: &GameFile,
    knobs: &[DiceKnob],
    locked: &[String],
    file: &mut GameFile,
    rng: &mut GameRng,
    hints: &[(usize, f64)],
) -> Option<String> {
    // Hints number the tracks first, then the goods.
    let tracks = file.tracks.len();
    let track_hints: Vec<(usize, f64)> =
        hints.iter().copied().filter(|(i, _)| *i < tracks).collect();
    let good_hints: Vec<(usize, f64)> = hints
        .iter()
        .filter(|(i, _)| *i >= tracks)
        .map(|&(i, r)| (i - tracks, r))
        .collect();
    match &knobs[rng.index(knobs.len())] {
        DiceKnob::TrackLength { bounds } => {
            step_track(original, file, (locked, *bounds), rng, &track_hints)
        }
        DiceKnob::StationSlots { lo, hi } => step_station(file, locked, false, (*lo, *hi), rng),
        DiceKnob::StationBonus { lo, hi } => step_station(file, locked, true, (*lo, *hi), rng),
        DiceKnob::VpSupply { lo, hi } => step_supply(file, locked, (*lo, *hi), rng),
        DiceKnob::Monopoly { lo, hi } => {
            step_good(file, locked, true, (*lo, *hi), rng, &good_hints)
        }
        DiceKnob::GoodsCards { lo, hi } => {
            step_good(file, locked, false, (*lo, *hi), rng, &good_hints)
        }
        DiceKnob::Rule { path, lo, hi } => {
            let old = value_at(rules_value(file), path);
            step_rule(file, old, (path, *lo, *hi), rng)
        }
    }
}

/// Reads a dice knob, for tests and messages.
pub fn parse_knob(text: &str) -> Result<DiceKnob, String> {
    <DiceBalance as Balance<DiceFamily>>::knob(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Family;

    fn design() -> GameFile {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/trains-and-stations-demo.yaml");
        formats::load(&path).unwrap().design
    }

    #[test]
    fn knobs_are_read_and_a_card_game_knob_is_refused_by_name() {
        assert_eq!(
            parse_knob("track-length"),
            Ok(DiceKnob::TrackLength { bounds: None })
        );
        assert_eq!(
            parse_knob("track-length=1..5"),
            Ok(DiceKnob::TrackLength {
                bounds: Some((1, 5))
            })
        );
        assert_eq!(
            parse_knob("monopoly=2..12"),
            Ok(DiceKnob::Monopoly { lo: 2, hi: 12 })
        );
        let e = parse_knob("ticket-cards").unwrap_err();
        assert!(
            e.starts_with("`ticket-cards`: dice designs have no such knob"),
            "{e}"
        );
        assert!(e.contains("track-length") && e.contains("vp-supply"), "{e}");
    }

    #[test]
    fn every_knob_stays_in_bounds_keeps_locks_and_the_design_builds() {
        let original = design();
        let locked = vec![
            "Hamburg - Berlin".to_owned(),
            "Berlin".to_owned(),
            "good:gold".to_owned(),
            "supply:3".to_owned(),
        ];
        let knobs: Vec<DiceKnob> = [
            "track-length",
            "station-slots=2..3",
            "station-bonus=1..2",
            "vp-supply=50..90",
            "monopoly=3..8",
            "goods-cards=8..12",
            "rule:coins.start=2..4",
        ]
        .iter()
        .map(|k| parse_knob(k).unwrap())
        .collect();
        DiceBalance::check(&original, &knobs, &locked).unwrap();
        let mut file = original.clone();
        let mut rng = GameRng::seeded(3);
        let hints = vec![(0, 0.5), (3, 0.4), (original.tracks.len() + 1, 0.3)];
        let mut changes = 0;
        for _ in 0..400 {
            changes += usize::from(
                DiceBalance::mutate(&original, &knobs, &locked, &mut file, &mut rng, &hints)
                    .is_some(),
            );
        }
        assert!(changes > 150, "{changes}");
        for (a, b) in original.tracks.iter().zip(&file.tracks) {
            if a.display_name() == "Hamburg - Berlin" {
                assert_eq!(a, b);
            }
            assert!(
                b.spaces >= 1 && b.spaces.abs_diff(a.spaces) <= 1,
                "{}",
                b.display_name()
            );
        }
        assert_ne!(original.tracks, file.tracks);
        for (a, b) in original.stations.iter().zip(&file.stations) {
            if a.name == "Berlin" {
                assert_eq!(a, b);
            }
            assert!((2..=3).contains(&b.slots), "{}", b.name);
        }
        let before = rules(&original).unwrap();
        let after = rules(&file).unwrap();
        assert_eq!(before.goods["gold"], after.goods["gold"]);
        assert_eq!(after.points.supply[&3], 60);
        for (name, g) in &after.goods {
            assert!(
                name == "gold" || (3..=8).contains(&g.monopoly),
                "{name}: {g:?}"
            );
            assert!(
                name == "gold" || (8..=12).contains(&g.cards),
                "{name}: {g:?}"
            );
        }
        assert!((50..=90).contains(&after.points.supply[&4]));
        assert!((2..=4).contains(&after.coins.start));
        assert_ne!(before, after);
        assert!(DiceFamily::build(&file).is_ok());
    }

    #[test]
    fn a_long_track_hinted_as_rarely_delivered_shortens_within_its_bounds() {
        let mut original = design();
        let long = original
            .tracks
            .iter()
            .position(|t| t.display_name() == "Vienna - Budapest")
            .unwrap();
        original.tracks[long].spaces = 5;
        let knobs = [parse_knob("track-length=2..5").unwrap()];
        let mut file = original.clone();
        let mut rng = GameRng::seeded(1);
        for _ in 0..40 {
            DiceBalance::mutate(
                &original,
                &knobs,
                &[],
                &mut file,
                &mut rng,
                &vec![(long, 1.0)],
            );
        }
        assert_eq!(file.tracks[long].spaces, 2);
        for (a, b) in original.tracks.iter().zip(&file.tracks) {
            assert!(
                (2..=5).contains(&b.spaces) || a == b,
                "{}",
                b.display_name()
            );
        }
    }

    #[test]
    fn locks_and_bounds_holding_nothing_are_refused() {
        let original = design();
        let e = DiceBalance::check(&original, &[], &["Atlantis".to_owned()]).unwrap_err();
        assert!(e.contains("`Atlantis`"), "{e}");
        let e = DiceBalance::check(&original, &[parse_knob("monopoly=40..50").unwrap()], &[])
            .unwrap_err();
        assert!(e.contains("monopoly=40..50"), "{e}");
        let e = DiceBalance::check(&original, &[parse_knob("rule:trains=1..2").unwrap()], &[])
            .unwrap_err();
        assert!(e.contains("coins.start"), "{e}");
    }
}
