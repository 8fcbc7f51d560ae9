//! What the balance search may change in a card-game design (ticket points,
//! the cards a ticket needs, Big City values, deck counts, rule parameters)
//! and what it aims at beyond the shared targets (ticket completion bands,
//! tickets paying for how hard they are).

use serde_yaml::Value;

use formats::GameFile;
use formats::rules::Deck;

use super::CardFamily;
use super::sim::{CardReport, TicketRow};
use crate::balance::family::{Help, Section, names};
use crate::balance::knob::{
    KnobError, check_deck, check_rule, check_ticket_points, int_bounds, parse_rule, pick, split,
    step_deck, step_rule, step_ticket_points, step_within, ticket_locked, unknown, value_at,
};
use crate::balance::target::{Measure, Target, TargetError};
use crate::balance::tickets::{self, TICKET_POINTS_KNOB, TICKET_TARGETS, TicketStat, TicketTarget};
use crate::balance::{Balance, Report};
use crate::rng::GameRng;
use crate::sim::PlayerCountReport;

/// The card game's balance knobs and targets.
#[derive(Debug, Clone, Copy)]
pub struct CardBalance;

/// A kind of change allowed in a card-game design.
#[derive(Clone, Debug, PartialEq)]
pub enum CardKnob {
    /// Ticket points, each within `lo..=hi`, 1–2 at a time.
    TicketPoints {
        /// Fewest points.
        lo: u32,
        /// Most points.
        hi: u32,
    },
    /// The cards a ticket needs: one card more or less (of a deck colour),
    /// each ticket keeping `lo..=hi` cards in all.
    TicketCards {
        /// Fewest cards of a ticket.
        lo: u32,
        /// Most cards of a ticket.
        hi: u32,
    },
    /// Big City bonus points, each within `lo..=hi`, 1–2 at a time.
    BigCities {
        /// Fewest points.
        lo: u32,
        /// Most points.
        hi: u32,
    },
    /// Deck counts: a colour's cards or the locomotives, within `lo..=hi`.
    DeckCounts {
        /// Fewest cards of a kind.
        lo: u8,
        /// Most cards of a kind.
        hi: u8,
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

/// A card-game design's rules as played, and its deck.
fn resolved(file: &GameFile) -> Option<(Value, Deck)> {
    let (rules, deck) = formats::card_game::resolve(&file.rules, &file.cards).ok()?;
    Some((serde_yaml::to_value(rules).ok()?, deck))
}

tickets::ticket_tally!(TicketRow);

/// A player count's tickets as the ticket targets read them.
fn ticket_stats(s: &PlayerCountReport<CardReport>) -> Vec<TicketStat<'_>> {
    tickets::ticket_stats(&s.family.cards.tickets)
}

/// Cards ticket `i` needs in all.
fn ticket_size(file: &GameFile, i: usize) -> u32 {
    file.tickets[i].cards.values().map(|&n| u32::from(n)).sum()
}

/// The Big Cities as played, and whether `city:NAME` locks each.
fn big_cities(file: &GameFile) -> Vec<formats::card_game::BigCity> {
    formats::card_game::resolve(&file.rules, &file.cards)
        .map(|(r, _)| r.big_cities)
        .unwrap_or_default()
}

/// One card more or less for a ticket (hinted ones — completed too often —
/// gain a card three times in four), within `lo..=hi` cards in all.
fn step_ticket_cards(
    file: &mut GameFile,
    locked: &[String],
    (lo, hi): (u32, u32),
    rng: &mut GameRng,
    hints: &[(usize, f64)],
) -> Option<String> {
    let colours: Vec<String> = resolved(file)?.1.colors.into_keys().collect();
    // Hints say "too easy" (positive): a card more; `pick` reads positive
    // as down, so the sign is turned.
    let turned: Vec<(usize, f64)> = hints.iter().map(|&(i, r)| (i, -r)).collect();
    let (i, fewer) = pick(
        file.tickets.len(),
        |i| !ticket_locked(file, locked, i) && (lo..=hi).contains(&ticket_size(file, i)),
        &turned,
        rng,
    )?;
    let old = ticket_size(file, i);
    let t = &mut file.tickets[i];
    let name = t.display_name();
    if fewer {
        if old <= lo {
            return None;
        }
        let held: Vec<String> = t.cards.keys().cloned().collect();
        let c = held.get(rng.index(held.len().max(1)))?.clone();
        let n = t.cards.get_mut(&c)?;
        *n -= 1;
        if *n == 0 {
            t.cards.shift_remove(&c);
        }
        Some(format!(
            "ticket {name}: one {c} card fewer ({old} → {})",
            old - 1
        ))
    } else {
        if old >= hi || colours.is_empty() {
            return None;
        }
        let c = colours[rng.index(colours.len())].clone();
        *t.cards.entry(c.clone()).or_insert(0) += 1;
        Some(format!(
            "ticket {name}: one {c} card more ({old} → {})",
            old + 1
        ))
    }
}

/// A Big City's points moved 1–2 within `lo..=hi`, the whole list written
/// under `rules.big_cities`.
fn step_big_city(
    file: &mut GameFile,
    locked: &[String],
    (lo, hi): (u32, u32),
    rng: &mut GameRng,
) -> Option<String> {
    let mut cities = big_cities(file);
    let free = |c: &formats::card_game::BigCity| {
        !locked.contains(&format!("city:{}", c.city))
            && u32::try_from(c.points).is_ok_and(|p| (lo..=hi).contains(&p))
    };
    let (i, down) = pick(cities.len(), |i| free(&cities[i]), &[], rng)?;
    let old = u32::try_from(cities[i].points).ok()?;
    let new = step_within(old, down, (lo, hi), rng);
    if new == old {
        return None;
    }
    cities[i].points = i32::try_from(new).ok()?;
    file.rules
        .insert("big_cities".into(), serde_yaml::to_value(&cities).ok()?);
    Some(format!("Big City {}: {old} → {new} points", cities[i].city))
}

impl Balance<CardFamily> for CardBalance {
    type Knob = CardKnob;
    type Target = TicketTarget;
    /// Tickets by index, with a signed distance, worst first.
    type Hints = Vec<(usize, f64)>;

    const KNOBS: &'static [Help] = &[
        TICKET_POINTS_KNOB,
        Help {
            syntax: "ticket-cards[=1..8]",
            what: "the cards a ticket needs: one more or fewer, each ticket keeping LO..HI cards",
        },
        Help {
            syntax: "big-cities[=1..15]",
            what: "Big City bonus points, 1-2 at a time",
        },
        Help {
            syntax: "deck-counts[=6..20]",
            what: "one colour's cards or the locomotives, 1-2 at a time",
        },
        Help {
            syntax: "rule:PATH=LO..HI",
            what: "a numeric rule parameter in steps of 1 (e.g. rule:initial_hand=5..9)",
        },
    ];
    const TARGETS: &'static [Help] = &TICKET_TARGETS;
    const LOCKS: &'static str = "a ticket `From - To`, a Big City `city:NAME`, a deck count `deck:red` or `deck:locomotives`";
    const DEFAULTS: (&'static str, &'static str) = (
        "ticket-completion=0.35..0.95, first-player-advantage=0.08",
        "ticket-cards, ticket-points",
    );

    fn played(file: &GameFile) -> Option<(Value, Value)> {
        let (rules, deck) = resolved(file)?;
        Some((rules, serde_yaml::to_value(deck).ok()?))
    }

    fn knob(text: &str) -> Result<CardKnob, String> {
        let read = || -> Result<CardKnob, KnobError> {
            if let Some(rule) = parse_rule(text) {
                let (path, lo, hi) = rule?;
                return Ok(CardKnob::Rule { path, lo, hi });
            }
            let (name, v) = split(text);
            Ok(match name {
                "ticket-points" => {
                    let (lo, hi) = int_bounds(text, v, (1, 30), (1, 1000), "ticket points")?;
                    CardKnob::TicketPoints { lo, hi }
                }
                "ticket-cards" => {
                    let (lo, hi) = int_bounds(text, v, (1, 8), (1, 60), "ticket cards")?;
                    CardKnob::TicketCards { lo, hi }
                }
                "big-cities" => {
                    let (lo, hi) = int_bounds(text, v, (1, 15), (0, 1000), "Big City points")?;
                    CardKnob::BigCities { lo, hi }
                }
                "deck-counts" => {
                    let (lo, hi) = int_bounds(text, v, (6, 20), (0, 255), "deck counts")?;
                    CardKnob::DeckCounts {
                        lo: lo as u8,
                        hi: hi as u8,
                    }
                }
                _ => {
                    return Err(unknown(
                        text,
                        formats::Family::CardGame,
                        &names(Self::KNOBS),
                    ));
                }
            })
        };
        read().map_err(|e| e.to_string())
    }

    fn target(
        text: &str,
        name: &str,
        value: Option<&str>,
    ) -> Option<Result<TicketTarget, TargetError>> {
        TicketTarget::parse(text, name, value)
    }

    fn check(original: &GameFile, knobs: &[CardKnob], locked: &[String]) -> Result<(), String> {
        let (rules, deck) = resolved(original).unzip();
        let cities = big_cities(original);
        for lock in locked {
            let known = original.tickets.iter().any(|t| t.display_name() == *lock)
                || lock
                    .strip_prefix("city:")
                    .is_some_and(|c| cities.iter().any(|b| b.city == c))
                || lock.strip_prefix("deck:").is_some_and(|k| {
                    k == "locomotives" || deck.as_ref().is_some_and(|d| d.colors.contains_key(k))
                });
            if !known {
                return Err(format!(
                    "--lock `{lock}`: the design has no ticket, Big City or deck count of that \
                     name (write {})",
                    Self::LOCKS
                ));
            }
        }
        for k in knobs {
            match k {
                CardKnob::TicketPoints { lo, hi } => {
                    check_ticket_points(original, locked, *lo, *hi)?
                }
                CardKnob::TicketCards { lo, hi } => {
                    let free = (0..original.tickets.len()).any(|i| {
                        !ticket_locked(original, locked, i)
                            && (*lo..=*hi).contains(&ticket_size(original, i))
                    });
                    if !free {
                        return Err(format!(
                            "--knob ticket-cards={lo}..{hi}: no unlocked ticket needs {lo} to \
                             {hi} cards, so it could change nothing"
                        ));
                    }
                }
                CardKnob::BigCities { lo, hi } => {
                    let free = cities.iter().any(|c| {
                        !locked.contains(&format!("city:{}", c.city))
                            && u32::try_from(c.points).is_ok_and(|p| (*lo..=*hi).contains(&p))
                    });
                    if !free {
                        return Err(format!(
                            "--knob big-cities={lo}..{hi}: no unlocked Big City is worth {lo} to \
                             {hi} points, so it could change nothing"
                        ));
                    }
                }
                CardKnob::DeckCounts { lo, hi } => check_deck(deck.clone(), locked, *lo, *hi)?,
                CardKnob::Rule { path, lo, hi } => check_rule(rules.clone(), path, *lo, *hi)?,
            }
        }
        Ok(())
    }

    fn mutate(
        _original: &GameFile,
        knobs: &[CardKnob],
        locked: &[String],
        file: &mut GameFile,
        rng: &mut GameRng,
        hints: &Self::Hints,
    ) -> Option<String> {
        match &knobs[rng.index(knobs.len())] {
            CardKnob::TicketPoints { lo, hi } => {
                step_ticket_points(file, locked, (*lo, *hi), rng, hints)
            }
            CardKnob::TicketCards { lo, hi } => {
                step_ticket_cards(file, locked, (*lo, *hi), rng, hints)
            }
            CardKnob::BigCities { lo, hi } => step_big_city(file, locked, (*lo, *hi), rng),
            CardKnob::DeckCounts { lo, hi } => {
                let deck = resolved(file)?.1;
                step_deck(file, deck, locked, rng, (*lo, *hi))
            }
            CardKnob::Rule { path, lo, hi } => {
                let old = value_at(resolved(file).map(|r| r.0), path);
                step_rule(file, old, (path, *lo, *hi), rng)
            }
        }
    }

    fn measure(target: &TicketTarget, s: &Section<CardFamily>) -> Measure {
        target.measure(s.players, &ticket_stats(s))
    }

    /// Tickets outside a completion band (too easy: positive), and those a
    /// `ticket-value` target finds unfair (overpaid: positive), target by
    /// target.
    fn hints(targets: &[Target<TicketTarget>], report: &Report<CardFamily>) -> Vec<(usize, f64)> {
        targets
            .iter()
            .flat_map(|t| match t {
                Target::Own(t) => t.hints(report.by_players.iter().map(ticket_stats), true),
                _ => Vec::new(),
            })
            .collect()
    }
}

/// Reads a card-game knob, for tests and messages.
pub fn parse_knob(text: &str) -> Result<CardKnob, String> {
    <CardBalance as Balance<CardFamily>>::knob(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn design() -> GameFile {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml");
        formats::load(&path).unwrap().design
    }

    #[test]
    fn knobs_are_read_and_a_board_knob_is_refused_by_name() {
        assert_eq!(
            parse_knob("ticket-cards=2..6"),
            Ok(CardKnob::TicketCards { lo: 2, hi: 6 })
        );
        assert_eq!(
            parse_knob("big-cities"),
            Ok(CardKnob::BigCities { lo: 1, hi: 15 })
        );
        let e = parse_knob("route-length").unwrap_err();
        assert!(
            e.starts_with("`route-length`: card-game designs have no such knob"),
            "{e}"
        );
        assert!(
            e.contains("ticket-cards") && e.contains("big-cities"),
            "{e}"
        );
    }

    #[test]
    fn every_knob_stays_in_bounds_keeps_locks_and_the_design_builds() {
        let original = design();
        let first = original.tickets[0].display_name();
        let locked = vec![
            first.clone(),
            "city:Seattle".to_owned(),
            "deck:red".to_owned(),
        ];
        let knobs: Vec<CardKnob> = [
            "ticket-points=4..12",
            "ticket-cards=2..5",
            "big-cities=3..8",
            "deck-counts=8..12",
            "rule:initial_hand=6..8",
        ]
        .iter()
        .map(|k| parse_knob(k).unwrap())
        .collect();
        CardBalance::check(&original, &knobs, &locked).unwrap();
        let mut file = original.clone();
        let mut rng = GameRng::seeded(5);
        let hints: Vec<(usize, f64)> = (0..5).map(|i| (i, 0.2)).collect();
        let mut changes = 0;
        for _ in 0..300 {
            changes += usize::from(
                CardBalance::mutate(&original, &knobs, &locked, &mut file, &mut rng, &hints)
                    .is_some(),
            );
        }
        assert!(changes > 100, "{changes}");
        assert_eq!(file.tickets[0], original.tickets[0], "{first} changed");
        for (a, b) in original.tickets.iter().zip(&file.tickets) {
            let size =
                |t: &formats::TicketSpec| t.cards.values().map(|&n| u32::from(n)).sum::<u32>();
            if (2..=5).contains(&size(a)) {
                assert!((2..=5).contains(&size(b)), "{}", b.display_name());
            } else {
                assert_eq!(a.cards, b.cards);
            }
            if (4..=12).contains(&a.points) {
                assert!((4..=12).contains(&b.points));
            } else {
                assert_eq!(a.points, b.points);
            }
        }
        assert_ne!(original.tickets, file.tickets);
        let (rules, deck) = formats::card_game::resolve(&file.rules, &file.cards).unwrap();
        for c in &rules.big_cities {
            if c.city == "Seattle" {
                assert_eq!(c.points, 5);
            } else {
                assert!((3..=8).contains(&c.points), "{}: {}", c.city, c.points);
            }
        }
        assert_eq!(deck.colors["red"], 10);
        assert!((6..=8).contains(&rules.initial_hand));
        assert!(<CardFamily as crate::game::Family>::build(&file).is_ok());
    }

    #[test]
    fn a_changed_design_saves_as_a_variant_that_loads_back_as_it_was() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml");
        let original = design();
        let knobs: Vec<CardKnob> = ["ticket-cards=1..8", "big-cities", "deck-counts"]
            .iter()
            .map(|k| parse_knob(k).unwrap())
            .collect();
        let mut file = original.clone();
        let mut rng = GameRng::seeded(9);
        // Hints both ways: some tickets lose cards (a colour may go), others gain.
        let hints: Vec<(usize, f64)> = (0..12)
            .map(|i| (i, if i % 2 == 0 { 0.3 } else { -0.3 }))
            .collect();
        for _ in 0..80 {
            CardBalance::mutate(&original, &knobs, &[], &mut file, &mut rng, &hints);
        }
        assert_ne!(file.tickets, original.tickets);
        let base = formats::BaseDesign {
            extends: "card-game-usa.yaml".into(),
            mapping: match serde_yaml::to_value(&original).unwrap() {
                Value::Mapping(m) => m,
                _ => unreachable!(),
            },
            design: original,
        };
        let text = formats::to_yaml(&file, Some(&base)).unwrap();
        let back = formats::load_str(&text, &path.with_file_name("card-variant-test.yaml"))
            .unwrap()
            .design;
        assert_eq!(back.tickets, file.tickets, "{text}");
        assert_eq!(back.rules, file.rules, "{text}");
        assert_eq!(back.cards, file.cards, "{text}");
    }

    #[test]
    fn a_lock_naming_nothing_and_a_rule_the_game_lacks_are_refused() {
        let original = design();
        let e = CardBalance::check(&original, &[], &["city:Atlantis".to_owned()]).unwrap_err();
        assert!(e.contains("`city:Atlantis`"), "{e}");
        let e = CardBalance::check(&original, &[parse_knob("rule:trains=40..50").unwrap()], &[])
            .unwrap_err();
        assert!(
            e.contains("rule:trains") && e.contains("initial_hand"),
            "{e}"
        );
    }
}
