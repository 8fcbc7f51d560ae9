//! `tracklayer scenario FILE...`: runs scenario files and prints a readable
//! difference for every expectation that fails (exit 1).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `scenario`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Scenario files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// Runs `scenario`.
pub fn run(args: Args) -> ExitCode {
    let (mut passed, mut failed, mut broken) = (0, 0, 0);
    for f in &args.files {
        let s = match formats::scenario::load_scenario(f) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: {e}");
                broken += 1;
                continue;
            }
        };
        match engine::scenario::run(&s, f.parent().unwrap_or(Path::new("."))) {
            Ok(r) if r.passed() => {
                passed += 1;
                println!("ok      {} — {}", f.display(), s.name);
            }
            Ok(r) => {
                failed += 1;
                println!("FAILED  {} — {}", f.display(), s.name);
                for line in &r.failures {
                    println!("        {line}");
                }
            }
            Err(e) => {
                broken += 1;
                eprintln!("error: {}: {e}", f.display());
            }
        }
    }
    println!("\n{passed} passed, {failed} failed, {broken} could not run");
    if broken > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
