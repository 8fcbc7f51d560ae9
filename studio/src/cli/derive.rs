//! `tracklayer derive card-game FILE -o OUT`: a card-game design derived
//! from a board design (`docs/format.md`, "Deriving a card game from a map");
//! `tracklayer derive tickets FILE -o OUT`: a ticket deck built for a board
//! design's map (`docs/tickets.md`).

use std::path::PathBuf;
use std::process::ExitCode;

use engine::board_game::deck::{
    self, BandEdges, DeckOptions, Effort, PointsRule as TicketPoints, Reference,
};
use engine::card_game::derive::{DeriveOptions, GrayRule, PointsRule, derive};

use crate::app::card_editor::derive::source_name;

/// What to derive.
#[derive(Debug, clap::Subcommand)]
pub enum Target {
    /// Ticket to Ride: The Card Game: each ticket's cards are the colours of the
    /// routes along the shortest path between its cities.
    CardGame(CardGameArgs),
    /// A ticket deck built for the map (replacing the design's tickets but
    /// the locked ones), chosen by simulation with the bots.
    Tickets(Box<TicketsArgs>),
}

/// Arguments of `derive`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to derive.
    #[command(subcommand)]
    pub target: Target,
}

/// Arguments of `derive card-game`.
#[derive(Debug, clap::Args)]
pub struct CardGameArgs {
    /// The board design to derive from.
    pub file: PathBuf,
    /// The card-game design to write.
    #[arg(short, long)]
    pub out: PathBuf,
    /// A gray route's card: `least-used` (the colour the tickets derived so far use least) or a deck colour.
    #[arg(long, default_value = "least-used")]
    pub gray: String,
    /// Ticket points: `map` (the map ticket's points) or `per-card:N` (N points per card).
    #[arg(long, default_value = "map", value_parser = parse_points)]
    pub points: PointsRule,
    /// How many Big Cities to propose (the cities most tickets name); 0 keeps the preset's (the rulebook's six).
    #[arg(long, default_value_t = 6)]
    pub big_cities: usize,
}

/// Reads `map` or `per-card:N`.
fn parse_points(s: &str) -> Result<PointsRule, String> {
    let s = s.trim();
    if s == "map" {
        return Ok(PointsRule::Map);
    }
    match s.strip_prefix("per-card:").map(|n| n.trim().parse::<u32>()) {
        Some(Ok(n)) if n > 0 => Ok(PointsRule::PerCard(n)),
        _ => Err(format!(
            "`{s}` is not a points rule: give `map` or `per-card:N` with N at least 1"
        )),
    }
}

/// Runs `derive`.
pub fn run(args: Args) -> ExitCode {
    let args = match args.target {
        Target::CardGame(a) => a,
        Target::Tickets(a) => return run_tickets(*a),
    };
    let loaded = match super::common::load_file(&args.file) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let outputs = [super::common::Output::File(&args.out)];
    let inputs = super::common::design_inputs(&loaded);
    if let Err(code) = super::common::check_outputs(outputs, &inputs) {
        return code;
    }
    let opts = DeriveOptions {
        gray: match args.gray.trim() {
            "least-used" => GrayRule::LeastUsed,
            c => GrayRule::Color(c.to_owned()),
        },
        points: args.points,
        big_cities: args.big_cities,
    };
    let derived = match derive(&loaded.design, &source_name(&args.file, &args.out), &opts) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    if let Err(e) = formats::save(&derived.design, None, &args.out) {
        eprintln!("error: {}: {e}", args.out.display());
        return ExitCode::from(2);
    }
    for t in &derived.skipped {
        eprintln!("warning: ticket {t} has no path on the map and was left out");
    }
    let diags = engine::validate(&derived.design).diagnostics;
    println!(
        "Wrote {} with {} ({}, {}: `tracklayer validate {}`)",
        args.out.display(),
        engine::words::count(derived.design.tickets.len(), "ticket"),
        engine::words::count(diags.count(engine::Severity::Error), "error"),
        engine::words::count(diags.count(engine::Severity::Warning), "warning"),
        args.out.display()
    );
    ExitCode::SUCCESS
}

/// Arguments of `derive tickets`.
#[derive(Debug, clap::Args)]
pub struct TicketsArgs {
    /// The board design whose map gets a deck (it may have no tickets).
    pub file: PathBuf,
    /// The design to write: the input with the built deck.
    #[arg(short, long)]
    pub out: PathBuf,
    /// Regular tickets (default: scaled to the places as USA's, 30 for 36, or Europe's where the rules deal long tickets).
    #[arg(long)]
    pub count: Option<usize>,
    /// The seed of every choice and game: the same seed gives the same deck.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Band edges as fractions of the map's diameter, `SHORT,LONG`: shorter than SHORT is short, from LONG on is long.
    #[arg(long, value_name = "SHORT,LONG", value_parser = parse_edges, default_value = "0.333,0.667")]
    pub bands: BandEdges,
    /// Shares of the regular tickets per band, `S,M,L` (default: as USA's, or Europe's where the rules deal long tickets).
    #[arg(long, value_name = "S,M,L", value_parser = parse_shares)]
    pub shares: Option<[f64; 3]>,
    /// Tickets that may name one place (default: scaled from the official decks).
    #[arg(long)]
    pub max_per_city: Option<usize>,
    /// Name places evenly rather than letting hubs (many routes) be named more.
    #[arg(long)]
    pub no_hubs: bool,
    /// Long tickets (default: one more than a full table is dealt where the rules deal them, else 0).
    #[arg(long = "long")]
    pub long_count: Option<usize>,
    /// The shortest long ticket as a fraction of the diameter (default: as Europe's).
    #[arg(long)]
    pub long_min: Option<f64>,
    /// The longest long ticket as a fraction of the diameter (default: as Europe's longest).
    #[arg(long)]
    pub long_max: Option<f64>,
    /// A ticket of the design that stays (`From - To`), repeatable.
    #[arg(long = "lock")]
    pub locks: Vec<String>,
    /// Ticket points: `shortest` (the shortest path's car spaces) or `linear:A,B` (A per car space plus B).
    #[arg(long, default_value = "shortest", value_parser = TicketPoints::parse)]
    pub points: TicketPoints,
    /// Let the simulation also move ticket points (the balance knob ticket-points, target ticket-value=0.15).
    #[arg(long)]
    pub adjust_points: bool,
    /// Build the deck from static scores only, without simulation.
    #[arg(long)]
    pub no_simulate: bool,
    /// A search target in `tracklayer balance` syntax, repeatable (default: ticket-completion=0.4..0.98, first-player-advantage=0.05, score-spread=5..45, no-dead-routes).
    #[arg(long = "target")]
    pub targets: Vec<String>,
    /// Player counts simulated (default: every count the design allows).
    #[arg(long, value_parser = super::simulate::parse_players)]
    pub players: Option<super::simulate::PlayerCounts>,
    /// Bots, comma-separated (default: the board family's heuristic bots).
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// Games per player count for a candidate deck's first look (doubled at each halving).
    #[arg(long, default_value_t = Effort::default().games)]
    pub games: u32,
    /// Generations of the search at most.
    #[arg(long, default_value_t = Effort::default().generations)]
    pub generations: u32,
    /// Games per player count of the check on fresh seeds and of the completion figures.
    #[arg(long, default_value_t = Effort::default().check_games)]
    pub check_games: u32,
    /// Decks of the finals: the search's best few decks are played again on `--final-games` before one is chosen (0: none).
    #[arg(long, default_value_t = Effort::default().finalists)]
    pub finalists: u32,
    /// Games per player count of the finals (every finalist on the same games).
    #[arg(long, default_value_t = Effort::default().final_games, value_parser = clap::value_parser!(u32).range(1..))]
    pub final_games: u32,
    /// Worker threads (0: one per core). The deck does not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Print no progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Reads `SHORT,LONG` band edges.
fn parse_edges(s: &str) -> Result<BandEdges, String> {
    let bad =
        || format!("`{s}` is not SHORT,LONG: two fractions of the diameter, 0 < SHORT ≤ LONG ≤ 1");
    let (a, b) = s.split_once(',').ok_or_else(bad)?;
    match (a.trim().parse::<f64>(), b.trim().parse::<f64>()) {
        (Ok(a), Ok(b)) if a > 0.0 && a <= b && b <= 1.0 => Ok(BandEdges {
            short_below: a,
            long_from: b,
        }),
        _ => Err(bad()),
    }
}

/// Reads `S,M,L` band shares.
fn parse_shares(s: &str) -> Result<[f64; 3], String> {
    let v: Vec<f64> = s
        .split(',')
        .map(|x| x.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("`{s}` is not S,M,L: three numbers ≥ 0"))?;
    match v[..] {
        [a, b, c] if v.iter().all(|x| x.is_finite() && *x >= 0.0) && a + b + c > 0.0 => {
            Ok([a, b, c])
        }
        _ => Err(format!("`{s}` is not S,M,L: three numbers ≥ 0, not all 0")),
    }
}

/// Runs `derive tickets`.
fn run_tickets(args: TicketsArgs) -> ExitCode {
    let started = std::time::Instant::now();
    let loaded = match super::common::load_file(&args.file) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let inputs = super::common::design_inputs(&loaded);
    if let Err(code) =
        super::common::check_outputs([super::common::Output::File(&args.out)], &inputs)
    {
        return code;
    }
    let options = DeckOptions {
        count: args.count,
        edges: args.bands,
        shares: args.shares,
        max_per_city: args.max_per_city,
        hubs: !args.no_hubs,
        long_count: args.long_count,
        long_min: args.long_min,
        long_max: args.long_max,
        locked: args.locks.clone(),
        points: args.points,
        adjust_points: args.adjust_points,
        seed: args.seed,
    };
    let effort = Effort {
        simulate: !args.no_simulate,
        players: args
            .players
            .as_ref()
            .map(|p| p.0.clone())
            .unwrap_or_default(),
        bots: args.bots.clone(),
        games: args.games,
        generations: args.generations,
        check_games: args.check_games,
        finalists: args.finalists,
        final_games: args.final_games,
        threads: super::common::worker_threads(args.threads),
        targets: args.targets.clone(),
        ..Effort::default()
    };
    let (bar, cancel) = super::simulate::progress_and_cancel(args.quiet);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {percent:>3}%  {msg}  (Ctrl-C stops and keeps the best deck so far)",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_length(1000);
    let result = deck::build(
        &loaded.design,
        &options,
        &effort,
        &|p| {
            bar.set_position((p.fraction() * 1000.0) as u64);
            bar.set_message(p.describe());
        },
        &cancel,
    );
    bar.finish_and_clear();
    let result = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    print!("{}", tickets_text(&args, &result));
    if let Err(e) = formats::save(&result.design, None, &args.out) {
        eprintln!("error: {}: {e}", args.out.display());
        return ExitCode::from(2);
    }
    let diags = engine::validate(&result.design).diagnostics;
    println!(
        "Wrote {} with {} ({}, {}: `tracklayer validate {}`) in {:.1} s",
        args.out.display(),
        engine::words::count(result.design.tickets.len(), "ticket"),
        engine::words::count(diags.count(engine::Severity::Error), "error"),
        engine::words::count(diags.count(engine::Severity::Warning), "warning"),
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    let dropped = loaded.design.allow.len() - result.design.allow.len();
    if dropped > 0 {
        println!(
            "Dropped {} the new deck left silencing nothing",
            engine::words::count(dropped, "allow entry")
        );
    }
    if result.search.as_ref().is_some_and(|s| s.cancelled) {
        return ExitCode::from(130);
    }
    ExitCode::SUCCESS
}

/// What `derive tickets` found, in words.
fn tickets_text(args: &TicketsArgs, r: &deck::DeckResult) -> String {
    use std::fmt::Write as _;
    let mut o = String::new();
    let _ = writeln!(o, "Deck for {} (seed {})", args.file.display(), args.seed);
    let _ = writeln!(o, "  plan: {}", r.plan.describe());
    for reference in Reference::official() {
        let _ = writeln!(o, "  official {}", reference.describe());
    }
    if let Some(s) = &r.search {
        let _ = writeln!(
            o,
            "\nSearch: {}, {} games: {}; {} kept",
            engine::words::count(s.generations, "generation"),
            engine::sim::findings::thousands(s.games),
            s.stop,
            engine::words::count(s.changes.len(), "swap")
        );
        for c in &s.changes {
            let _ = writeln!(o, "  {c}");
        }
        if !s.finals.is_empty() {
            let _ = writeln!(
                o,
                "Finals: {} on {} per player count (loss; loss at half the tolerances):",
                engine::words::count(s.finals.len(), "deck"),
                engine::words::count(args.final_games, "game")
            );
            for f in &s.finals {
                let _ = writeln!(
                    o,
                    "  {} kept: search {:.3}, finals {:.3}; {:.3}{}",
                    engine::words::count(f.changes.len(), "swap"),
                    f.search_loss,
                    f.loss,
                    f.tight_loss,
                    if f.chosen { "  <- chosen" } else { "" }
                );
            }
        }
        if !s.checks.is_empty() {
            let _ = writeln!(
                o,
                "Targets on fresh seeds, first deck -> chosen deck (worst player count):"
            );
            for c in &s.checks {
                let worst =
                    |m: &[engine::balance::Measure]| m.iter().map(|m| m.miss).fold(0.0, f64::max);
                let _ = writeln!(
                    o,
                    "  {}: miss {:.3} -> {:.3}",
                    c.target.replace('→', "->"),
                    worst(&c.before),
                    worst(&c.after)
                );
            }
        }
    }
    let _ = writeln!(o, "\nDecks:");
    let own = if r.before.regular + r.before.long == 0 {
        "design (none)"
    } else {
        "design's deck"
    };
    o.push_str(&deck::compare_text(
        &r.before,
        &r.after,
        (own, "built deck"),
    ));
    o
}
