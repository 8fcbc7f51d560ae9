//! `tracklayer derive card-game FILE -o OUT`: a card-game design derived
//! from a board design (`docs/format.md`, "Deriving a card game from a map").

use std::path::PathBuf;
use std::process::ExitCode;

use engine::card_game::derive::{DeriveOptions, GrayRule, PointsRule, derive};

use crate::app::card_editor::derive::source_name;

/// What to derive.
#[derive(Debug, clap::Subcommand)]
pub enum Target {
    /// Ticket to Ride: The Card Game: each ticket's cards are the colours of the
    /// routes along the shortest path between its cities.
    CardGame(CardGameArgs),
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
    let Target::CardGame(args) = args.target;
    let loaded = match formats::load(&args.file) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
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
        "Wrote {} with {} tickets ({} errors, {} warnings: `tracklayer validate {}`)",
        args.out.display(),
        derived.design.tickets.len(),
        diags.count(engine::Severity::Error),
        diags.count(engine::Severity::Warning),
        args.out.display()
    );
    ExitCode::SUCCESS
}
