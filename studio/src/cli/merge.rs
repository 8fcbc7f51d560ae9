//! `tracklayer merge SHARDS... -o report.json`: combines the shard files of
//! one run (`tracklayer simulate --shard K/N`) into exactly the report the
//! whole run gives in one process, printed and written like `simulate`'s.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use engine::families::{AnyDesign, FamilyVisitor};
use engine::game::Family;
use engine::sim::shard::{self, ShardFile, ShardHeader};
use engine::sim::{Measures, SimConfig};

/// Arguments of `merge`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Every shard file of the run, in any order.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// Write the report as JSON (the format of `simulate --json`).
    #[arg(short = 'o', long = "json", value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Also write the family's tables as CSV files into this folder.
    #[arg(long)]
    pub csv: Option<PathBuf>,
}

/// Runs `merge`.
pub fn run(args: Args) -> ExitCode {
    let outputs = super::simulate::report_outputs(args.json.as_deref(), args.csv.as_deref());
    if let Err(code) = super::common::check_outputs(outputs, &args.shards) {
        return code;
    }
    let mut shards = Vec::new();
    for path in &args.shards {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: could not read {}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        let header: ShardHeader = match serde_json::from_str(&text) {
            Ok(h) => h,
            Err(e) => {
                eprintln!(
                    "error: {}: not a shard file of `tracklayer simulate --shard`: {e}",
                    path.display()
                );
                return ExitCode::from(2);
            }
        };
        shards.push((path.display().to_string(), header, text));
    }
    let shards = match shard::check_shards(shards) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let design = match AnyDesign::build(&shards[0].1.run.design) {
        Ok(d) => d,
        Err(diagnostics) => {
            for d in diagnostics
                .iter()
                .filter(|d| d.severity == engine::Severity::Error)
            {
                eprintln!("error[{}]: {}", d.code, d.message);
            }
            eprintln!("the design recorded in {} cannot be played", shards[0].0);
            return ExitCode::from(2);
        }
    };
    design.visit(Merge { args, shards })
}

/// The checked shards, in shard order, each with its file and text.
struct Merge {
    args: Args,
    shards: Vec<(String, ShardHeader, String)>,
}

impl FamilyVisitor for Merge {
    type Output = ExitCode;

    fn visit<F: Family>(self, design: Arc<F::Design>) -> ExitCode {
        let run = self.shards[0].1.run.clone();
        let mut files = Vec::with_capacity(self.shards.len());
        for (file, _, text) in self.shards {
            let parsed: Result<ShardFile<<F::Measures as Measures<F>>::Game>, _> =
                serde_json::from_str(&text);
            match parsed {
                Ok(s) => files.push((file, s)),
                Err(e) => {
                    eprintln!("error: {file}: its games cannot be read: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        let config = SimConfig::<F> {
            design,
            players: run.players,
            games: run.games,
            bots: run.bots,
            seed: run.seed,
            threads: 0,
            turn_cap: run.turn_cap,
        };
        let report = match shard::merge(&config, files) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        print!("{}", super::simulate::render::<F>(&report));
        if super::simulate::write_report::<F>(
            &report,
            self.args.json.as_deref(),
            self.args.csv.as_deref(),
        ) {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(2)
        }
    }
}
