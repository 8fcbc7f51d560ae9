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

/// What a board design's targets found off in a simulation report, for the
/// knobs to aim at: the ticket-points knob moves unfair tickets' points, the
/// deck knob swaps out the tickets behind a missed figure for pairs that
/// mend it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardHints {
    /// Tickets a `ticket-value` target finds unfair (index, residual:
    /// positive overpaid), worst first.
    pub unfair: Vec<(usize, f64)>,
    /// Tickets held outside a `ticket-completion` band (index, distance
    /// summed over the player counts: positive too easy), worst first.
    pub off_band: Vec<(usize, f64)>,
    /// One weight per design route (empty when neither target below is
    /// missed). Positive: while a `first-player-advantage` target is missed,
    /// claims per game the advantaged seat (the first, or the others when
    /// it is a disadvantage) takes beyond its share — races the first seat
    /// wins. Negative: while `no-dead-routes` is missed, a dead route at
    /// some player count ([`crate::board_game::sim::MapReport::dead_routes`]:
    /// a double route's track closed by the rules excepted).
    pub routes: Vec<f64>,
}

/// How much a route never claimed at one player count weighs against
/// being named on a new ticket, in the units of [`BoardHints::routes`]
/// (claims per game): about a contested route's excess.
const DEAD_ROUTE: f64 = 0.25;

/// The route weights of [`BoardHints::routes`] from `report`: `fpa` the
/// first-player-advantage tolerance when that target is set, `dead`
/// whether no-dead-routes is.
fn route_hints(report: &SimReport<BoardReport>, fpa: Option<f64>, dead: bool) -> Vec<f64> {
    let routes = report
        .by_players
        .iter()
        .map(|s| s.family.map.routes.len())
        .max()
        .unwrap_or(0);
    let mut weights = vec![0.0; routes];
    let mut any = false;
    for s in report.by_players.iter().filter(|s| s.games > 0) {
        let rows = &s.family.map.routes;
        let games = s.games as f64;
        let fair = 1.0 / s.players as f64;
        let advantage = s.outcome.seats.first().map_or(0.0, |r| r.win_rate.value) - fair;
        if fpa.is_some_and(|tol| advantage.abs() > tol) {
            any = true;
            for r in rows {
                let first = r.by_seat.first().copied().unwrap_or(0) as f64;
                let excess = (first - r.claimed as f64 * fair) / games;
                weights[r.index] += advantage.signum() * excess;
            }
        }
        if dead {
            for &i in &s.family.map.dead_routes {
                any = true;
                weights[i] -= DEAD_ROUTE;
            }
        }
    }
    if any { weights } else { Vec::new() }
}

/// A board design's own targets.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardTarget {
    /// A target on the tickets.
    Tickets(TicketTarget),
    /// Every route is claimed in at least one game of each player count
    /// (below `rules.doubles.both_tracks_from` players, a double route's
    /// track counts as claimed when its other one is): no
    /// [`crate::board_game::sim::MapReport::dead_routes`].
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
    type Hints = BoardHints;

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
        hints: &BoardHints,
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
                let dead = s.family.map.dead_routes.len();
                Measure {
                    players: s.players,
                    what: "dead routes (never claimed; a closed double's other track aside)".into(),
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

    /// The tickets a `ticket-value` target finds unfair (the first such
    /// target's), the tickets outside a `ticket-completion` band, and the
    /// routes behind a missed first-player advantage or dead routes.
    fn hints(targets: &[Target<BoardTarget>], report: &SimReport<BoardReport>) -> BoardHints {
        let stats = || report.by_players.iter().map(ticket_stats);
        let mut hints = BoardHints::default();
        let (mut fpa, mut dead) = (None, false);
        for t in targets {
            match t {
                Target::Own(BoardTarget::Tickets(v @ TicketTarget::Value { .. }))
                    if hints.unfair.is_empty() =>
                {
                    hints.unfair = v.hints(stats(), false);
                }
                Target::Own(BoardTarget::Tickets(c @ TicketTarget::Completion { .. })) => {
                    hints.off_band = c.hints(stats(), true);
                }
                Target::Own(BoardTarget::NoDeadRoutes) => dead = true,
                Target::FirstPlayerAdvantage { tol } => fpa = Some(*tol),
                _ => {}
            }
        }
        hints.routes = route_hints(report, fpa, dead);
        hints
    }

    fn proposals(original: &GameFile, balanced: &GameFile) -> Vec<Proposal> {
        proposals(original, balanced)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::board_game::sim::BoardMeasures;
    use crate::game::Family;
    use crate::sim::{Measures, SimConfig};

    #[test]
    fn the_target_the_hints_and_the_findings_agree_on_dead_routes() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let file = formats::load(&path).unwrap().design;
        let board = Arc::new(BoardFamily::build(&file).unwrap());
        let report = crate::sim::simulate::<BoardFamily>(
            &SimConfig::<BoardFamily> {
                design: board.clone(),
                players: vec![2, 4],
                games: 6,
                bots: vec!["route-focus".into()],
                seed: 7,
                threads: 1,
                turn_cap: crate::sim::DEFAULT_TURN_CAP,
            },
            &|_| {},
            &AtomicBool::new(false),
        )
        .unwrap();
        let target = Target::Own(BoardTarget::NoDeadRoutes);
        let hints = BoardBalance::hints(std::slice::from_ref(&target), &report);
        for s in &report.by_players {
            let map = &s.family.map;
            let claimed = |i: usize| map.routes[i].claimed > 0;
            let twin_claimed = |i: usize| {
                board.routes()[i]
                    .siblings
                    .iter()
                    .any(|t| claimed(t.index()))
            };
            // USA opens both tracks of a double route from 4 players.
            let expected: Vec<usize> = map
                .never_claimed
                .iter()
                .copied()
                .filter(|&i| s.players >= 4 || !twin_claimed(i))
                .collect();
            assert_eq!(map.dead_routes, expected, "{} players", s.players);
            assert!(
                !map.dead_routes.is_empty(),
                "6 games leave routes unclaimed"
            );
            if s.players == 2 {
                assert!(
                    map.never_claimed.iter().any(|&i| twin_claimed(i)),
                    "a closed twin at 2 players"
                );
            }
            assert_eq!(
                BoardBalance::measure(&BoardTarget::NoDeadRoutes, s).value,
                map.dead_routes.len() as f64
            );
            let listed: usize = BoardMeasures::findings(&board, s)
                .iter()
                .filter(|(_, f)| f.code == "route-never-claimed")
                .map(|(_, f)| f.objects.len())
                .sum();
            assert_eq!(listed, map.dead_routes.len(), "{} players", s.players);
            for &i in &map.dead_routes {
                assert!(hints.routes[i] < 0.0, "dead route {i} weighs against");
            }
        }
    }
}
