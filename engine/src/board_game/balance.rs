//! What the balance search may change in a board design and what it aims at
//! beyond the shared targets: the knobs of [`crate::balance::knob`] (ticket
//! points, routes, deck counts, rule parameters) and the ticket and route
//! targets.

use std::fmt;

use formats::GameFile;
use serde_yaml::Value;

use super::BoardFamily;
use super::sim::BoardReport;
use crate::balance::family::{Help, Section};
use crate::balance::knob::{Knob, Mutator};
use crate::balance::target::{Measure, Target, TargetError, range, tolerance};
use crate::balance::tickets::{self, TicketStat};
use crate::balance::{Balance, Proposal, proposals};
use crate::rng::GameRng;
use crate::sim::{PlayerCountReport, SimReport};

/// The board game's balance knobs and targets.
#[derive(Debug, Clone, Copy)]
pub struct BoardBalance;

/// A board design's own targets.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardTarget {
    /// Every ticket's completion rate (of those held) is in `lo..=hi`.
    TicketCompletion {
        /// Lowest.
        lo: f64,
        /// Highest.
        hi: f64,
    },
    /// Every route is claimed in at least one game of each player count.
    NoDeadRoutes,
    /// Every ticket's completion rate is within `tol` of the rate its points
    /// predict (a least-squares line of completion on points over all the
    /// tickets): tickets pay for how hard they are.
    TicketValue {
        /// Largest allowed distance from the line.
        tol: f64,
    },
}

impl fmt::Display for BoardTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardTarget::TicketCompletion { lo, hi } => {
                write!(f, "every ticket completed {lo}..{hi}")
            }
            BoardTarget::NoDeadRoutes => write!(f, "every route claimed"),
            BoardTarget::TicketValue { tol } => write!(
                f,
                "every ticket's completion within {tol} of what its points predict"
            ),
        }
    }
}

/// A player count's tickets as the ticket targets read them.
fn ticket_stats(s: &PlayerCountReport<BoardReport>) -> Vec<TicketStat<'_>> {
    s.family
        .map
        .tickets
        .iter()
        .map(|t| TicketStat {
            index: t.index,
            name: &t.name,
            points: t.points,
            held: t.held,
            completion: &t.completion,
        })
        .collect()
}

/// The ticket targets, shared with the card game.
pub const TICKET_TARGETS: [Help; 2] = [
    Help {
        syntax: "ticket-completion[=0.5..0.95]",
        what: "every held ticket's completion rate is in the band",
    },
    Help {
        syntax: "ticket-value[=0.1]",
        what: "every ticket's completion is within TOL of what its points predict",
    },
];

impl Balance<BoardFamily> for BoardBalance {
    type Knob = Knob;
    type Target = BoardTarget;

    const KNOBS: &'static [Help] = &[
        Help {
            syntax: "ticket-points[=1..30]",
            what: "ticket points, 1-2 at a time, within the bounds",
        },
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
        let (rules, deck) = formats::rules::resolve(&file.rules, &file.cards).ok()?;
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
            "ticket-completion" => Some(
                range(text, value, Some((0.5, 0.95)))
                    .map(|(lo, hi)| BoardTarget::TicketCompletion { lo, hi }),
            ),
            "no-dead-routes" if value.is_none() => Some(Ok(BoardTarget::NoDeadRoutes)),
            "ticket-value" => {
                Some(tolerance(text, value, 0.1).map(|tol| BoardTarget::TicketValue { tol }))
            }
            _ => None,
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
        let players = s.players;
        match target {
            BoardTarget::TicketCompletion { lo, hi } => {
                tickets::completion_band(players, &ticket_stats(s), *lo, *hi)
            }
            BoardTarget::NoDeadRoutes => {
                let dead = s.family.map.never_claimed.len();
                Measure {
                    players,
                    what: "routes never claimed".into(),
                    value: dead as f64,
                    interval: None,
                    miss: dead as f64,
                }
            }
            BoardTarget::TicketValue { tol } => {
                tickets::ticket_value(players, &ticket_stats(s), *tol)
            }
        }
    }

    fn scale(target: &BoardTarget) -> f64 {
        match target {
            BoardTarget::NoDeadRoutes => 0.05,
            _ => 1.0,
        }
    }

    /// With a `ticket-value` target, the tickets it finds unfair.
    fn hints(
        targets: &[Target<BoardTarget>],
        report: &SimReport<BoardReport>,
    ) -> Vec<(usize, f64)> {
        match targets.iter().find_map(|t| match t {
            Target::Own(BoardTarget::TicketValue { tol }) => Some(*tol),
            _ => None,
        }) {
            Some(tol) => tickets::unfair_tickets(report.by_players.iter().map(ticket_stats), tol),
            None => Vec::new(),
        }
    }

    fn proposals(original: &GameFile, balanced: &GameFile) -> Vec<Proposal> {
        proposals(original, balanced)
    }
}
