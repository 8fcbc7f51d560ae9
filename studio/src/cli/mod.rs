//! The command line: `tracklayer [FILE]` opens the studio; subcommands work
//! without a display.

mod arena;
mod balance;
mod bench;
mod common;
mod derive;
mod diff;
mod export;
mod ladder;
mod layout;
mod merge;
mod play;
mod replay;
mod scenario;
mod simulate;
mod skill;
mod stats;
mod styles;
mod validate;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Tracklayer: design, validate and playtest Ticket-to-Ride-style maps.
#[derive(Debug, Parser)]
#[command(name = "tracklayer", version, about, long_about = None)]
pub struct Cli {
    /// The design to open in the studio (default: the last one opened, or the bundled USA map).
    pub file: Option<PathBuf>,
    /// What to do instead of opening the studio.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check designs and print their diagnostics (exit 0: no errors, 1: errors, 2: unreadable).
    Validate(validate::Args),
    /// Print a design's statistics.
    Stats(stats::Args),
    /// Export a design for a spreadsheet: cities, routes and tickets as CSV tables.
    Export(export::Args),
    /// Update (or create) a design from CSV tables written by `export`.
    Import(export::ImportArgs),
    /// Play one game between bots and write its replay.
    Play(play::Args),
    /// Play a replay back, check it, and print its log and scores.
    Replay(replay::Args),
    /// Run scenario files and print what differs from their expectations.
    Scenario(scenario::Args),
    /// Measure the engine: uniform-random games per second on one thread.
    Bench(bench::Args),
    /// Play many bot games and report on the design (findings, win rates, routes, tickets).
    Simulate(simulate::Args),
    /// Play a round robin between bots and rate them.
    Arena(arena::Args),
    /// Show how the bots play a board design: each style's strength on it and the expert's defaults.
    Styles(styles::Args),
    /// Play every bot of the design's family against the others and rate them, strongest first.
    Ladder(ladder::Args),
    /// Combine the shard files of `simulate --shard K/N` into the whole run's report.
    Merge(merge::Args),
    /// Show what differs between two designs (`--simulate`: in every report metric).
    Diff(diff::Args),
    /// Search for small changes of a board design that meet balance targets in simulation.
    Balance(balance::Args),
    /// Derive a design of another family from a board design (`derive card-game FILE -o OUT`).
    Derive(derive::Args),
    /// Move a board design's cities so its routes' drawn lengths fit their car counts and nothing overlaps.
    Layout(layout::Args),
}

/// Lets a command's output be piped into `head` and the like: when the
/// reader goes away, the print macros panic ("failed printing to stdout:
/// Broken pipe"); this ends the process quietly instead, with the status a
/// shell gives a process killed by SIGPIPE (141), as Unix tools do. Every
/// other panic is reported as before.
fn quit_on_broken_pipe() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.starts_with("failed printing to std") && message.contains("Broken pipe") {
            std::process::exit(141);
        }
        report(info);
    }));
}

/// Runs the command line.
pub fn run(cli: Cli) -> ExitCode {
    if cli.command.is_some() {
        quit_on_broken_pipe();
    }
    match cli.command {
        None => crate::app::run(cli.file),
        Some(Command::Validate(args)) => validate::run(args),
        Some(Command::Stats(args)) => stats::run(args),
        Some(Command::Export(args)) => export::run(args),
        Some(Command::Import(args)) => export::import(args),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Replay(args)) => replay::run(args),
        Some(Command::Scenario(args)) => scenario::run(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Simulate(args)) => simulate::run(args),
        Some(Command::Arena(args)) => arena::run(args),
        Some(Command::Styles(args)) => styles::run(args),
        Some(Command::Ladder(args)) => ladder::run(args),
        Some(Command::Merge(args)) => merge::run(args),
        Some(Command::Diff(args)) => diff::run(args),
        Some(Command::Balance(args)) => balance::run(args),
        Some(Command::Derive(args)) => derive::run(args),
        Some(Command::Layout(args)) => layout::run(args),
    }
}
