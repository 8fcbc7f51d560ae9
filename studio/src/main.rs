//! `tracklayer`: with no command, opens the studio; with a command, runs it.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = studio::cli::Cli::parse();
    studio::cli::run(cli)
}
