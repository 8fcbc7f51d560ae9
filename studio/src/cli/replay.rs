//! `tracklayer replay FILE`: plays a replay of any family back, checks it,
//! and prints the turn-by-turn log and the final scores.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use engine::families::{AnyDesign, FamilyVisitor};
use engine::game::{Family, GameState, Seat};
use formats::replay::Replay;

/// Arguments of `replay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The replay file.
    pub file: PathBuf,
    /// Print only the final scores.
    #[arg(long)]
    pub quiet: bool,
}

/// Prints the final accounts of a finished game, component by component.
pub fn print_result<F: Family>(state: &F::State) {
    let (Some(outcome), Some(accounts)) = (state.outcome(), F::accounts(state)) else {
        println!("The game is not over.");
        return;
    };
    println!(
        "\nGame over ({}) after {}.",
        outcome.reason,
        engine::words::count(state.turn(), "turn")
    );
    let mut header = format!("{:<10}", "");
    for name in F::SCORE_COMPONENTS {
        header += &format!(" {:>w$}", name.replace('_', " "), w = name.len().max(6));
    }
    println!("{header} {:>6}", "total");
    for (i, a) in accounts.iter().enumerate() {
        let mut line = format!("{:<10}", format!("Player {}", i + 1));
        for (name, &points) in F::SCORE_COMPONENTS.iter().zip(&a.components) {
            let shown = if F::PENALTIES.contains(name) {
                -points
            } else {
                points
            };
            line += &format!(" {:>w$}", shown, w = name.len().max(6));
        }
        println!("{line} {:>6}", a.total);
    }
    let winners: Vec<String> = outcome.winners.iter().map(Seat::to_string).collect();
    println!("Winner: {}", winners.join(" and "));
}

/// Runs `replay`.
pub fn run(args: Args) -> ExitCode {
    let replay = match formats::replay::load_replay(&args.file) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let design = match AnyDesign::build(&replay.design) {
        Ok(d) => d,
        Err(d) => {
            let errors: Vec<String> = d
                .iter()
                .filter(|d| d.severity == engine::Severity::Error)
                .map(|d| d.message.clone())
                .collect();
            eprintln!(
                "error: {}: the replay's design has errors: {}",
                args.file.display(),
                errors.join("; ")
            );
            return ExitCode::from(1);
        }
    };
    design.visit(Check { args, replay })
}

struct Check {
    args: Args,
    replay: Replay,
}

impl FamilyVisitor for Check {
    type Output = ExitCode;

    fn visit<F: Family>(self, _: Arc<F::Design>) -> ExitCode {
        let playback = match engine::replay::play_back::<F>(&self.replay) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {}: {e}", self.args.file.display());
                return ExitCode::from(1);
            }
        };
        if !self.args.quiet {
            let mut turn = u32::MAX;
            for (i, &a) in playback.actions.iter().enumerate() {
                let before = &playback.states[i];
                let after = &playback.states[i + 1];
                if before.turn() != turn {
                    turn = before.turn();
                    println!("Turn {}:", turn + 1);
                }
                // Re-applying gives the events of this action for the log.
                if let Ok(events) = before.clone().apply(a) {
                    for line in F::describe_events(after, &events) {
                        println!("  {line}");
                    }
                }
            }
        }
        print_result::<F>(playback.last());
        println!("The replay checks out: same actions, same result.");
        ExitCode::SUCCESS
    }
}
