//! Helpers shared by the commands: loading a design of any family into a
//! playable one, with errors printed the way `validate` prints them.

use std::path::Path;
use std::process::ExitCode;

use engine::families::{AnyDesign, FamilyVisitor};
use engine::{Diagnostics, Severity};
use formats::LoadedDesign;

/// Loads and builds a design of any family, or prints why not and gives the
/// exit code (2: unreadable, 1: it has errors).
pub fn load_design(path: &Path) -> Result<(LoadedDesign, AnyDesign), ExitCode> {
    let loaded = formats::load(path).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })?;
    match AnyDesign::build(&loaded.design) {
        Ok(design) => Ok((loaded, design)),
        Err(diagnostics) => {
            print_errors(diagnostics, &loaded);
            eprintln!(
                "{} cannot be played: run `tracklayer validate {}` for details",
                path.display(),
                path.display()
            );
            Err(ExitCode::from(1))
        }
    }
}

/// Prints the errors among `diagnostics` of `loaded`, each with its
/// file:line:column.
pub fn print_errors(mut diagnostics: Diagnostics, loaded: &LoadedDesign) {
    diagnostics.locate(&loaded.sources);
    for d in diagnostics.iter().filter(|d| d.severity == Severity::Error) {
        match &d.span {
            Some(s) => eprintln!("error[{}]: {}\n  --> {s}", d.code, d.message),
            None => eprintln!("error[{}]: {}", d.code, d.message),
        }
    }
}

/// Reads a comma-separated list of bots, one per seat, the last repeated
/// for the remaining seats.
pub fn seat_bots(list: &str, players: usize) -> Vec<String> {
    let names: Vec<String> = list.split(',').map(|s| s.trim().to_owned()).collect();
    (0..players)
        .map(|i| names.get(i).or(names.last()).cloned().unwrap_or_default())
        .collect()
}

/// Loads the design at `path` and runs a command generic over its family.
pub fn visit_file<V: FamilyVisitor<Output = ExitCode>>(path: &Path, command: V) -> ExitCode {
    match load_design(path) {
        Ok((_, design)) => design.visit(command),
        Err(code) => code,
    }
}
