//! What the balance search may change in a board design and what it aims at
//! beyond the shared targets: the knobs of [`crate::balance::knob`] (ticket
//! points, routes, deck counts, rule parameters) and the ticket and route
//! targets.

use std::fmt;

use formats::GameFile;
use serde_yaml::Value;

use super::BoardFamily;
use super::knob::{Knob, Mutator};
use super::sim::{BoardReport, TicketRow};
use crate::balance::family::{Help, Section};
use crate::balance::target::{Measure, Target, TargetError};
use crate::balance::tickets::{self, TICKET_POINTS_KNOB, TICKET_TARGETS, TicketStat, TicketTarget};
use crate::balance::{Balance, Proposal, proposals};
use crate::rng::GameRng;
use crate::sim::{PlayerCountReport, SimReport};

/// The board game's balance knobs and targets.
#[derive(Debug, Clone, Copy)]
pub struct BoardBalance;

/// A board design's own targets.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardTarget {
    /// A target on the tickets.
    Tickets(TicketTarget),
    /// Every route is claimed in at least one game of each player count.
    NoDeadRoutes,
}

impl fmt::Display for BoardTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardTarget::Tickets(t) => t.fmt(f),
            BoardTarget::NoDeadRoutes => write!(f, "every route claimed"),
        }
    }
}

tickets::ticket_tally!(TicketRow);

/// A player count's tickets as the ticket targets read them.
fn ticket_stats(s: &PlayerCountReport<BoardReport>) -> Vec<TicketStat<'_>> {
    tickets::ticket_stats(&s.family.map.tickets)
}

impl Balance<BoardFamily> for BoardBalance {
    type Knob = Knob;
    type Target = BoardTarget;

    const KNOBS: &'static [Help] = &[
        TICKET_POINTS_KNOB,
        Help {
            syntax: "route-length",
            what: "route lengths, each within ±1 of the original",
        },
        Help {
            syntax: "route-colour",
            what: "route colours (another deck colour or gray, never a twin's)",
        },
        Help {
            syntax: "double-routes",
            what: "a single route gains a twin, or a double route loses one",
        },
        Help {
            syntax: "deck-counts[=6..20]",
            what: "one colour's cards or the locomotives, 1-2 at a time",
        },
        Help {
            syntax: "rule:PATH=LO..HI",
            what: "a numeric rule parameter in steps of 1 (e.g. rule:trains=40..50)",
        },
    ];
    const TARGETS: &'static [Help] = &[
        TICKET_TARGETS[0],
        Help {
            syntax: "no-dead-routes",
            what: "every route is claimed in some game",
        },
        TICKET_TARGETS[1],
    ];
    const LOCKS: &'static str = "a ticket `From - To`, a route `From - To (colour)` or its id, \
         a deck count `deck:red` or `deck:locomotives`";
    const DEFAULTS: (&'static str, &'static str) = (
        "ticket-value=0.3, first-player-advantage=0.05",
        "ticket-points",
    );

    fn played(file: &GameFile) -> Option<(Value, Value)> {
        let (rules, deck) = formats::board_game::rules::resolve(&file.rules, &file.cards).ok()?;
        Some((
            serde_yaml::to_value(rules).ok()?,
            serde_yaml::to_value(deck).ok()?,
        ))
    }

    fn knob(text: &str) -> Result<Knob, String> {
        text.parse::<Knob>().map_err(|e| e.to_string())
    }

    fn target(
        text: &str,
        name: &str,
        value: Option<&str>,
    ) -> Option<Result<BoardTarget, TargetError>> {
        match name {
            "no-dead-routes" if value.is_none() => Some(Ok(BoardTarget::NoDeadRoutes)),
            _ => TicketTarget::parse(text, name, value).map(|r| r.map(BoardTarget::Tickets)),
        }
    }

    fn check(original: &GameFile, knobs: &[Knob], locked: &[String]) -> Result<(), String> {
        Mutator {
            original,
            knobs,
            locked,
        }
        .check()
    }

    fn mutate(
        original: &GameFile,
        knobs: &[Knob],
        locked: &[String],
        file: &mut GameFile,
        rng: &mut GameRng,
        hints: &[(usize, f64)],
    ) -> Option<String> {
        Mutator {
            original,
            knobs,
            locked,
        }
        .mutate(file, rng, hints)
    }

    fn measure(target: &BoardTarget, s: &Section<BoardFamily>) -> Measure {
        match target {
            BoardTarget::Tickets(t) => t.measure(s.players, &ticket_stats(s)),
            BoardTarget::NoDeadRoutes => {
                let dead = s.family.map.never_claimed.len();
                Measure {
                    players: s.players,
                    what: "routes never claimed".into(),
                    value: dead as f64,
                    interval: None,
                    miss: dead as f64,
                }
            }
        }
    }

    fn scale(target: &BoardTarget) -> f64 {
        match target {
            BoardTarget::NoDeadRoutes => 0.05,
            BoardTarget::Tickets(_) => 1.0,
        }
    }

    /// With a `ticket-value` target, the tickets it finds unfair (the first
    /// such target's).
    fn hints(
        targets: &[Target<BoardTarget>],
        report: &SimReport<BoardReport>,
    ) -> Vec<(usize, f64)> {
        targets
            .iter()
            .find_map(|t| match t {
                Target::Own(BoardTarget::Tickets(v @ TicketTarget::Value { .. })) => {
                    Some(v.hints(report.by_players.iter().map(ticket_stats), false))
                }
                _ => None,
            })
            .unwrap_or_default()
    }

    fn proposals(original: &GameFile, balanced: &GameFile) -> Vec<Proposal> {
        proposals(original, balanced)
    }
}
