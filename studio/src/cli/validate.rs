//! `tracklayer validate FILE...`: checks designs and prints their diagnostics,
//! rustc-style for people or as JSON for tools.

mod report;

use std::path::PathBuf;
use std::process::ExitCode;

use engine::{Diagnostics, Severity};
use formats::LoadError;

pub use report::{Sources, render_load_error};

/// How to print the findings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// rustc-style messages with the offending line.
    #[default]
    Human,
    /// One JSON document for all files.
    Json,
}

/// Arguments of `validate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Design files to check.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Exit with 1 when there are warnings, too.
    #[arg(long)]
    pub deny_warnings: bool,
}

/// What checking one file gave.
#[derive(Debug)]
pub enum Outcome {
    /// The file loaded; its diagnostics, located.
    Checked(Diagnostics),
    /// The file could not be read or parsed.
    Unreadable(LoadError),
}

/// Loads and validates one file, locating every diagnostic in its sources.
pub fn check_file(path: &std::path::Path) -> Outcome {
    match formats::load(path) {
        Err(e) => Outcome::Unreadable(e),
        Ok(loaded) => {
            let mut diags = engine::validate(&loaded.design).diagnostics;
            diags.locate(&loaded.sources);
            Outcome::Checked(diags)
        }
    }
}

/// The exit code for a set of outcomes: 2 if a file was unreadable, 1 for
/// errors (or warnings when they are denied), 0 otherwise.
pub fn exit_code(outcomes: &[Outcome], deny_warnings: bool) -> u8 {
    outcomes
        .iter()
        .map(|o| match o {
            Outcome::Unreadable(_) => 2,
            Outcome::Checked(d) if d.has_errors() => 1,
            Outcome::Checked(d) if deny_warnings && d.count(Severity::Warning) > 0 => 1,
            Outcome::Checked(_) => 0,
        })
        .max()
        .unwrap_or(0)
}

/// Runs `validate`.
pub fn run(args: Args) -> ExitCode {
    let outcomes: Vec<Outcome> = args.files.iter().map(|f| check_file(f)).collect();
    let text = match args.format {
        Format::Human => report::human(&args.files, &outcomes),
        Format::Json => report::json(&args.files, &outcomes),
    };
    print!("{text}");
    ExitCode::from(exit_code(&outcomes, args.deny_warnings))
}
