//! `tracklayer replay FILE`: plays a replay back, checks it, and prints the
//! turn-by-turn log and the final scores.

use std::path::PathBuf;
use std::process::ExitCode;

use engine::board_game::State;
use engine::game::{GameState, Seat};

/// Arguments of `replay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The replay file.
    pub file: PathBuf,
    /// Print only the final scores.
    #[arg(long)]
    pub quiet: bool,
}

/// Prints the final accounts of a finished game.
pub fn print_result(state: &State) {
    let Some(end) = state.ending() else {
        println!("The game is not over.");
        return;
    };
    println!(
        "\nGame over ({}) after {} turns.",
        end.reason,
        state.turns()
    );
    println!(
        "{:<10} {:>6} {:>7} {:>7} {:>8} {:>7} {:>8} {:>6}",
        "", "routes", "tickets", "failed", "longest", "globe", "stations", "total"
    );
    for (i, b) in end.breakdowns.iter().enumerate() {
        println!(
            "{:<10} {:>6} {:>7} {:>7} {:>8} {:>7} {:>8} {:>6}",
            format!("Player {}", i + 1),
            b.routes,
            b.tickets_completed,
            -b.tickets_failed,
            b.longest_path_bonus,
            b.globetrotter_bonus,
            b.stations_bonus,
            b.total
        );
    }
    let winners: Vec<String> = end.outcome.winners.iter().map(Seat::to_string).collect();
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
    let playback = match engine::replay::play_back(&replay) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file.display());
            return ExitCode::from(1);
        }
    };
    if !args.quiet {
        let mut turn = u32::MAX;
        for (i, &a) in playback.actions.iter().enumerate() {
            let before = &playback.states[i];
            let after = &playback.states[i + 1];
            if before.turns() != turn {
                turn = before.turns();
                println!("Turn {}:", turn + 1);
            }
            let mut probe = before.clone();
            // Re-applying gives the events of this action for the log.
            if let Ok(events) = probe.apply(a) {
                for e in &events {
                    println!("  {}", after.event_text(e, None));
                }
            }
        }
    }
    print_result(playback.last());
    println!("The replay checks out: same actions, same result.");
    ExitCode::SUCCESS
}
