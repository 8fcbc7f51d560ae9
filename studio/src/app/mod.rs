//! The studio: an egui editor over a design document.

use std::path::PathBuf;
use std::process::ExitCode;

/// Opens the studio on `file`.
pub fn run(_file: Option<PathBuf>) -> ExitCode {
    ExitCode::SUCCESS
}
