//! `tracklayer validate FILE...`

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `validate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Design files to check.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// Runs `validate`.
pub fn run(_args: Args) -> ExitCode {
    ExitCode::from(2)
}
