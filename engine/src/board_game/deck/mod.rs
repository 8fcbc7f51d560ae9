//! Ticket decks built for a map (`tracklayer derive tickets`, the studio's
//! Tickets → Build a deck…), for any board design, including one with no
//! tickets at all.
//!
//! 1. [`Space`]: every pair of places a ticket may name, with the car spaces
//!    of its shortest path (countries are one place, as their tickets are).
//! 2. [`Plan`]: the designer's [`DeckOptions`] for this map, every default
//!    read off the official USA and Europe decks ([`Reference`]): tickets
//!    per place, the short / medium / long shares (thirds of the diameter),
//!    the limit per place, Europe's long tickets; a bad option is refused
//!    naming what the map cannot supply.
//! 3. A first deck from static scores (`construct`: greedy, then simulated
//!    annealing on band shares, coverage of places and routes, variety of
//!    lengths).
//! 4. The balance search of [`crate::balance`] — its (1+λ) evolution
//!    strategy, successive halving and common random numbers — with one
//!    knob, [`DeckKnob`] (swap a ticket for another pair of its band), and
//!    optionally `ticket-points`, toward simulated targets: every held
//!    ticket completed within a band (no ticket the bots never complete),
//!    first-player advantage, winning margin, every route claimed.
//! 5. The result in figures beside the design's own deck ([`DeckFigures`]),
//!    with each ticket's completion from a last simulation.
//!
//! Every random choice flows from [`DeckOptions::seed`].

mod construct;
pub mod figures;
mod knob;
pub mod options;
pub mod space;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use formats::{GameFile, TicketSpec};

pub use figures::{Completion, DeckFigures, compare_rows, compare_text};
pub use knob::DeckKnob;
pub use options::{BandEdges, DeckOptions, EDGES, Plan, PointsRule, Reference};
pub use space::Space;

use super::BoardFamily;
use crate::balance::{
    self, BalanceConfig, BalanceProgress, Finalist, Judgement, TargetCheck, parse_target,
};
use crate::board_game::knob::Knob;
use crate::game::Family;
use crate::rng::mix;
use crate::sim::{self, Progress, SimConfig};

/// The targets of the search when the designer names none: each held
/// ticket completed 40–98% of the time (the official USA deck measures
/// 46–98% with the default bots), the first seat within ±0.05 of a fair
/// share, a mean winning margin of 5 to 45 points, every route claimed.
pub const DEFAULT_TARGETS: [&str; 4] = [
    "ticket-completion=0.4..0.98",
    "first-player-advantage=0.05",
    "score-spread=5..45",
    "no-dead-routes",
];

/// Decks of the finals by default.
pub const FINALISTS: u32 = 6;
/// Games per player count of the finals by default: the first seat's win
/// rate then has a standard error of 0.008–0.011 at 2–5 players, against the
/// default tolerance of 0.05 (on the search's 40–80 games it is 0.05–0.08).
pub const FINAL_GAMES: u32 = 2000;

/// Why no deck was built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DeckError {
    /// Not a board design.
    #[error("only board designs have a ticket deck to build; this is a {0} design")]
    Family(formats::Family),
    /// The rules do not resolve.
    #[error("the rules do not resolve: {0}")]
    Rules(String),
    /// No two places are joined.
    #[error("no two places of the map are joined by routes: draw routes first")]
    NoPairs,
    /// Fewer tickets than the rules deal.
    #[error(
        "{} too few: the rules deal {needed} to a full table (tickets.setup × players.max)",
        tickets_are(*.count, .what)
    )]
    TooFew {
        /// Regular or long.
        what: &'static str,
        /// Asked for.
        count: usize,
        /// Dealt at setup to the most players.
        needed: usize,
    },
    /// Long tickets asked for where the rules deal none.
    #[error(
        "{} asked for, but the rules deal none (set rules.tickets.setup.long or draw.long, or ask for 0)",
        crate::words::count(*.0, "long ticket")
    )]
    NoLongRule(usize),
    /// More tickets than the map can supply.
    #[error("the map cannot supply {count} {what}: it has {available}")]
    Supply {
        /// Asked for.
        count: usize,
        /// What kind.
        what: String,
        /// What the map has.
        available: usize,
    },
    /// A band the plan needs tickets in has no pair of places.
    #[error("the {band} band ({range}) holds no pair of places: change the band edges or shares")]
    EmptyBand {
        /// Which band.
        band: &'static str,
        /// Its lengths.
        range: String,
    },
    /// A locked ticket the design does not have.
    #[error("the design has no ticket `{0}` to lock (write it `From - To`)")]
    Lock(String),
    /// Another bad option.
    #[error("{0}")]
    Option(String),
    /// A search target that does not read.
    #[error("{0}")]
    Target(String),
    /// The design with the deck does not play.
    #[error("the design cannot be played with the deck: {0}")]
    Design(String),
    /// The simulation failed.
    #[error("{0}")]
    Search(String),
}

/// `3 regular tickets are`, `1 long ticket is`.
fn tickets_are(count: usize, what: &str) -> String {
    format!(
        "{} {}",
        crate::words::count(count, &format!("{what} ticket")),
        if count == 1 { "is" } else { "are" }
    )
}

/// How much simulation the deck gets.
#[derive(Clone, Debug, PartialEq)]
pub struct Effort {
    /// Whether to simulate at all (without: the static deck).
    pub simulate: bool,
    /// Player counts (empty: every count the design allows).
    pub players: Vec<usize>,
    /// Bots (empty: the board family's heuristic bots).
    pub bots: Vec<String>,
    /// Games per player count at the search's first rung.
    pub games: u32,
    /// Generations at most.
    pub generations: u32,
    /// Candidate decks per generation.
    pub children: u32,
    /// Games per player count of the check and of the completion figures.
    pub check_games: u32,
    /// Decks of the finals: the search's best few decks played again on
    /// [`Self::final_games`] before one is chosen (0 or 1: none).
    pub finalists: u32,
    /// Games per player count of the finals (every finalist on the same games).
    pub final_games: u32,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Targets in `tracklayer balance` syntax (empty: [`DEFAULT_TARGETS`]).
    pub targets: Vec<String>,
}

impl Default for Effort {
    /// The default effort: USA's search plays about 50,000 games.
    fn default() -> Self {
        Effort {
            simulate: true,
            players: Vec::new(),
            bots: Vec::new(),
            games: 40,
            generations: 8,
            children: 6,
            check_games: 200,
            finalists: FINALISTS,
            final_games: FINAL_GAMES,
            threads: 0,
            targets: Vec::new(),
        }
    }
}

/// Where a build is.
#[derive(Clone, Debug, PartialEq)]
pub enum DeckProgress {
    /// Measuring the map and building the first deck.
    Building,
    /// The simulation search.
    Searching(BalanceProgress),
    /// Simulating the decks for their completion figures.
    Measuring(Progress),
}

impl DeckProgress {
    /// How far the build is, 0 to 1.
    pub fn fraction(&self) -> f32 {
        match self {
            DeckProgress::Building => 0.0,
            DeckProgress::Searching(p) => 0.9 * p.fraction(),
            DeckProgress::Measuring(p) => {
                0.9 + 0.1 * (p.done as f32 / p.total.max(1) as f32).min(1.0)
            }
        }
    }

    /// What runs now, in words.
    pub fn describe(&self) -> String {
        match self {
            DeckProgress::Building => "building the first deck".into(),
            DeckProgress::Searching(p) => format!("searching, {}", p.describe()),
            DeckProgress::Measuring(p) => format!(
                "measuring completion: {} of {} {}",
                sim::findings::thousands(p.done),
                sim::findings::thousands(p.total),
                crate::words::noun(p.total, "game")
            ),
        }
    }
}

/// What the search did.
#[derive(Clone, Debug)]
pub struct SearchSummary {
    /// Generations run.
    pub generations: u32,
    /// Games the search played.
    pub games: u64,
    /// Swaps (and point changes) accepted, in order.
    pub changes: Vec<String>,
    /// Why it ended, in words.
    pub stop: String,
    /// Stopped by the user (the best deck so far is kept).
    pub cancelled: bool,
    /// Each target on fresh seeds: the first deck before, the chosen after.
    pub checks: Vec<TargetCheck>,
    /// The finals (empty: none ran), the search's incumbent first.
    pub finals: Vec<Finalist>,
}

/// A built deck.
#[derive(Clone, Debug)]
pub struct DeckResult {
    /// The design with the built deck, everything else as given but the
    /// `allow:` entries the new deck left silencing nothing (an entry that
    /// excused a city no ticket named, once a ticket names it).
    pub design: GameFile,
    /// The numbers the deck was built to.
    pub plan: Plan,
    /// The design's own deck in figures (with completion when it could be simulated).
    pub before: DeckFigures,
    /// The static first deck in figures.
    pub first: DeckFigures,
    /// The built deck in figures (with completion when simulated).
    pub after: DeckFigures,
    /// The simulation search, when run.
    pub search: Option<SearchSummary>,
}

/// The tickets of a deck: the locked ones as they were, then the built ones
/// (regular, then long) by points and name.
fn tickets(file: &GameFile, space: &Space, plan: &Plan, deck: &construct::Deck) -> Vec<TicketSpec> {
    let mut built: Vec<TicketSpec> = deck
        .regular
        .iter()
        .map(|&p| (p, false))
        .chain(deck.long.iter().map(|&p| (p, true)))
        .map(|(p, long)| {
            let pair = &space.pairs[p];
            TicketSpec {
                from: space.spots[pair.a].name.clone(),
                to: space.spots[pair.b].name.clone(),
                points: plan.points.points(pair.length),
                long,
                ..TicketSpec::default()
            }
        })
        .collect();
    built.sort_by(|a, b| {
        (a.long, a.points, a.display_name()).cmp(&(b.long, b.points, b.display_name()))
    });
    plan.locked
        .iter()
        .map(|&i| file.tickets[i].clone())
        .chain(built)
        .collect()
}

/// The player counts and bots of `effort` for `design`.
fn seating(board: &crate::board_game::board::Board, effort: &Effort) -> (Vec<usize>, Vec<String>) {
    let (lo, hi) = BoardFamily::players(board);
    let players = if effort.players.is_empty() {
        (lo..=hi).collect()
    } else {
        effort.players.clone()
    };
    let bots = if effort.bots.is_empty() {
        BoardFamily::default_bots()
            .into_iter()
            .map(str::to_owned)
            .collect()
    } else {
        effort.bots.clone()
    };
    (players, bots)
}

/// Builds a deck for `file`'s map. Deterministic for `options.seed` (and
/// whatever the thread count); `cancel` stops the search keeping the best
/// deck so far (the result then says so).
pub fn build(
    file: &GameFile,
    options: &DeckOptions,
    effort: &Effort,
    progress: &(dyn Fn(&DeckProgress) + Sync),
    cancel: &AtomicBool,
) -> Result<DeckResult, DeckError> {
    progress(&DeckProgress::Building);
    let space = Space::of(file, options.seed);
    let plan = Plan::new(file, &space, options)?;
    let locked = construct::locked_pairs(file, &space, &plan);
    let deck =
        construct::build(&space, &plan, locked, options.seed).ok_or_else(|| DeckError::Supply {
            count: plan.count + plan.long_count,
            what: format!(
                "tickets with at most {} naming one place in these bands",
                plan.max_per_city
            ),
            available: 0,
        })?;
    let mut first = file.clone();
    first.tickets = tickets(file, &space, &plan, &deck);
    let board = BoardFamily::build(&first).map_err(|d| {
        DeckError::Design(
            d.iter()
                .next()
                .map_or_else(|| "it has errors".into(), |d| d.message.clone()),
        )
    })?;
    let before = DeckFigures::on(file, &space);
    let first_figures = DeckFigures::on(&first, &space);
    if !effort.simulate {
        let mut design = first;
        crate::diagnostics::allow::drop_made_stale(file, &mut design);
        return Ok(DeckResult {
            design,
            plan,
            before,
            after: first_figures.clone(),
            first: first_figures,
            search: None,
        });
    }
    let (players, bots) = seating(&board, effort);
    let mut targets = Vec::new();
    let texts: Vec<String> = if effort.targets.is_empty() {
        DEFAULT_TARGETS.map(str::to_owned).to_vec()
    } else {
        effort.targets.clone()
    };
    for t in texts
        .iter()
        .map(String::as_str)
        .chain(options.adjust_points.then_some("ticket-value=0.15"))
    {
        targets.push(parse_target::<BoardFamily>(t).map_err(|e| DeckError::Target(e.to_string()))?);
    }
    let mut knobs = vec![Knob::TicketDeck(DeckKnob::new(space.clone(), plan.clone()))];
    if options.adjust_points {
        let most = first.tickets.iter().map(|t| t.points).max().unwrap_or(1);
        knobs.push(Knob::TicketPoints {
            lo: 1,
            hi: most.saturating_mul(3).div_ceil(2).max(2),
        });
    }
    let config = BalanceConfig {
        players: players.clone(),
        bots: bots.clone(),
        seed: mix(options.seed ^ 0xDEC4),
        threads: effort.threads,
        turn_cap: sim::DEFAULT_TURN_CAP,
        games: effort.games.max(1),
        generations: effort.generations,
        children: effort.children.max(1),
        check_games: effort.check_games.max(1),
        patience: 0,
        finalists: effort.finalists,
        final_games: effort.final_games.max(1),
        // A deck chosen at the edge of a tolerance is over it on half of
        // the designer's checks: aim inside by the noise of the games.
        judgement: Judgement::Interval,
    };
    let locked_names: Vec<String> = plan
        .locked
        .iter()
        .filter_map(|&i| first.tickets.iter().position(|t| *t == file.tickets[i]))
        .map(|i| first.tickets[i].display_name())
        .collect();
    let outcome = balance::balance::<BoardFamily>(
        &first,
        &targets,
        &knobs,
        &locked_names,
        &config,
        &|p| progress(&DeckProgress::Searching(p.clone())),
        cancel,
    )
    .map_err(|e| DeckError::Search(e.to_string()))?;
    let summary = SearchSummary {
        generations: outcome.generations,
        games: outcome.games,
        changes: outcome.changes.clone(),
        stop: outcome.stop.to_string(),
        cancelled: outcome.cancelled(),
        checks: outcome.checks.clone(),
        finals: outcome.finals.clone(),
    };
    let chosen = outcome.best;
    let mut after = DeckFigures::on(&chosen, &space);
    let mut before = before;
    if !cancel.load(Ordering::Relaxed) {
        // Both decks on the same games, for their completion figures.
        let mut designs = vec![&chosen];
        let own = BoardFamily::build(file).ok().map(Arc::new);
        if own.is_some() {
            designs.push(file);
        }
        let per = u64::from(config.check_games) * players.len() as u64;
        let total = per * designs.len() as u64;
        for (k, d) in designs.iter().enumerate() {
            let design = match (k, &own) {
                (1, Some(b)) => b.clone(),
                _ => Arc::new(
                    BoardFamily::build(d)
                        .map_err(|_| DeckError::Design("the chosen deck does not build".into()))?,
                ),
            };
            let sim_config = SimConfig::<BoardFamily> {
                design,
                players: players.clone(),
                games: config.check_games,
                bots: bots.clone(),
                seed: mix(options.seed ^ 0xC0_4E7E),
                threads: effort.threads,
                turn_cap: sim::DEFAULT_TURN_CAP,
            };
            let base = per * k as u64;
            let report = sim::simulate::<BoardFamily>(
                &sim_config,
                &|p| {
                    progress(&DeckProgress::Measuring(Progress {
                        done: base + p.done,
                        total,
                    }))
                },
                cancel,
            )
            .map_err(|e| DeckError::Search(e.to_string()))?;
            if cancel.load(Ordering::Relaxed) {
                break;
            }
            if k == 0 {
                after = after.with_completion(&report);
            } else {
                before = before.with_completion(&report);
            }
        }
    }
    let mut design = chosen;
    crate::diagnostics::allow::drop_made_stale(file, &mut design);
    Ok(DeckResult {
        design,
        plan,
        before,
        first: first_figures,
        after,
        search: Some(summary),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stripped(map: &str) -> GameFile {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps")
            .join(map);
        let mut file = formats::load(&path).unwrap().design;
        file.tickets.clear();
        file
    }

    fn quick() -> Effort {
        Effort {
            players: vec![3],
            games: 10,
            generations: 2,
            children: 3,
            check_games: 20,
            final_games: 20,
            threads: 1,
            ..Effort::default()
        }
    }

    #[test]
    fn a_map_with_no_tickets_gets_a_playable_deck_of_every_variant() {
        let mut europe = None;
        for map in [
            "usa.yaml",
            "europe.yaml",
            "heart-of-africa-rules.yaml",
            "usa-globetrotter.yaml",
        ] {
            let file = stripped(map);
            let out = build(
                &file,
                &DeckOptions::default(),
                &Effort {
                    simulate: false,
                    ..Effort::default()
                },
                &|_| {},
                &AtomicBool::new(false),
            )
            .unwrap_or_else(|e| panic!("{map}: {e}"));
            assert!(BoardFamily::build(&out.design).is_ok(), "{map}");
            assert_eq!(out.after.regular, out.plan.count, "{map}");
            assert_eq!(out.after.long, out.plan.long_count, "{map}");
            assert_eq!(out.after.points_off_shortest, 0, "{map}");
            let v = crate::validate(&out.design);
            assert_eq!(v.diagnostics.count(crate::Severity::Error), 0, "{map}");
            if map == "europe.yaml" {
                europe = Some(out);
            }
        }
        let europe = europe.expect("Europe is one of the maps");
        assert_eq!(
            europe.plan.long_count, 6,
            "Europe's variant has long tickets: one more than five players are dealt"
        );
        // Long tickets run between the official deck's shortest and longest.
        let space = Space::of(&europe.design, 1);
        for t in europe.design.tickets.iter().filter(|t| t.long) {
            let length = space.pairs[space.pair_named(&t.from, &t.to).unwrap()].length;
            assert!(
                (europe.plan.long_min..=europe.plan.long_max).contains(&length),
                "{} is {length} long",
                t.display_name()
            );
        }
        assert!(europe.plan.long_max < 25, "{}", europe.plan.long_max);
    }

    #[test]
    fn bad_options_are_named() {
        let file = stripped("usa.yaml");
        let run = |o: DeckOptions| {
            build(
                &file,
                &o,
                &Effort {
                    simulate: false,
                    ..Effort::default()
                },
                &|_| {},
                &AtomicBool::new(false),
            )
            .unwrap_err()
            .to_string()
        };
        let e = run(DeckOptions {
            count: Some(5000),
            ..DeckOptions::default()
        });
        assert!(e.starts_with("the map cannot supply"), "{e}");
        let e = run(DeckOptions {
            count: Some(5),
            ..DeckOptions::default()
        });
        assert!(e.contains("too few: the rules deal 15"), "{e}");
        let e = run(DeckOptions {
            edges: BandEdges {
                short_below: 0.01,
                long_from: 0.5,
            },
            shares: Some([1.0, 1.0, 1.0]),
            ..DeckOptions::default()
        });
        assert!(e.contains("holds no pair of places"), "{e}");
        let e = run(DeckOptions {
            long_count: Some(3),
            ..DeckOptions::default()
        });
        assert!(e.contains("the rules deal none"), "{e}");
        let e = run(DeckOptions {
            locked: vec!["Nowhere - Here".into()],
            ..DeckOptions::default()
        });
        assert!(e.contains("`Nowhere - Here`"), "{e}");
        let e = run(DeckOptions {
            max_per_city: Some(1),
            ..DeckOptions::default()
        });
        assert!(e.contains("at most 1 naming one place"), "{e}");
    }

    #[test]
    fn the_search_is_deterministic_keeps_locked_tickets_and_reports_completion() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let file = formats::load(&path).unwrap().design;
        let options = DeckOptions {
            locked: vec!["Denver - El Paso".into()],
            seed: 3,
            ..DeckOptions::default()
        };
        let run = |threads| {
            build(
                &file,
                &options,
                &Effort { threads, ..quick() },
                &|_| {},
                &AtomicBool::new(false),
            )
            .unwrap()
        };
        let (a, b) = (run(1), run(2));
        assert_eq!(a.design.tickets, b.design.tickets);
        assert_eq!(
            a.design.tickets[0], file.tickets[0],
            "the locked ticket stays first"
        );
        let c = a.after.completion.as_ref().expect("completion measured");
        assert_eq!(c.per_ticket.len(), a.design.tickets.len());
        assert!(
            a.before.completion.is_some(),
            "the design's own deck is measured too"
        );
        let s = a.search.unwrap();
        assert_eq!(s.generations, 2);
        assert!(!s.checks.is_empty());
        // The finals chose one deck, made by the swaps the search reports.
        let chosen: Vec<_> = s.finals.iter().filter(|f| f.chosen).collect();
        assert!(s.finals.is_empty() || chosen.len() == 1, "{:?}", s.finals);
        if let Some(f) = chosen.first() {
            assert_eq!(f.changes, s.changes);
        }
    }
}
