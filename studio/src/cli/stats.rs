//! `tracklayer stats FILE`

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `stats`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The design.
    pub file: PathBuf,
}

/// Runs `stats`.
pub fn run(_args: Args) -> ExitCode {
    ExitCode::from(2)
}
