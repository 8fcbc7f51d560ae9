//! Helpers shared by the commands: loading a design of any family into a
//! playable one, with errors printed the way `validate` prints them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use engine::families::{AnyDesign, FamilyVisitor};
use engine::{Diagnostics, Severity};
use formats::LoadedDesign;

/// Loads a design file as written, or prints why not and gives exit code 2.
pub fn load_file(path: &Path) -> Result<LoadedDesign, ExitCode> {
    formats::load(path).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })
}

/// Refuses a design whose family draws no map of places (the card game),
/// for a command made for maps: prints that `what` (e.g. "`layout` lays
/// out") board designs and station maps only and gives exit code 2.
pub fn drawn_map_only(what: &str, path: &Path, design: &formats::GameFile) -> Result<(), ExitCode> {
    if formats::families::of(design.family).drawn_map {
        return Ok(());
    }
    eprintln!(
        "error: {}: {what} board designs and station maps; this is a {} design",
        path.display(),
        design.family
    );
    Err(ExitCode::from(2))
}

/// Loads and builds a design of any family, or prints why not and gives the
/// exit code (2: unreadable, 1: it has errors).
pub fn load_design(path: &Path) -> Result<(LoadedDesign, AnyDesign), ExitCode> {
    let loaded = load_file(path)?;
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

/// The files a loaded design was read from: the file itself and every base
/// it `extends`. No command may write over one of them.
pub fn design_inputs(loaded: &LoadedDesign) -> Vec<PathBuf> {
    loaded
        .sources
        .files
        .iter()
        .map(|f| f.path.clone())
        .collect()
}

/// Where a command writes, checked before it does any work.
pub enum Output<'a> {
    /// A file.
    File(&'a Path),
    /// Files of these names in a folder (created when missing).
    Folder(&'a Path, &'a [&'a str]),
}

/// Checks every output before any game is played or any file is written:
/// none is one of `inputs` (also through a link or `./`), and each can be
/// written where it was asked. Prints why not, and that nothing was written,
/// and gives exit code 2.
pub fn check_outputs<'a>(
    outputs: impl IntoIterator<Item = Output<'a>>,
    inputs: &[PathBuf],
) -> Result<(), ExitCode> {
    for output in outputs {
        let checked = match output {
            Output::File(path) => formats::check_output(path, inputs),
            Output::Folder(dir, names) => formats::check_output_folder(dir, names, inputs),
        };
        if let Err(e) = checked {
            eprintln!("error: {e}");
            eprintln!("Nothing was written.");
            return Err(ExitCode::from(2));
        }
    }
    Ok(())
}

/// The worker threads to start for `--threads requested` (0: one per core):
/// never more than the machine runs at once, with a note when fewer than
/// asked.
pub fn worker_threads(requested: usize) -> usize {
    let workers = engine::sim::worker_count(requested);
    if requested > workers {
        eprintln!(
            "note: --threads {requested} is more than this machine runs at once; using {workers}"
        );
    }
    if requested == 0 { 0 } else { workers }
}

/// Reads a number from `lo` to `hi` for a command-line option, or says that
/// `s` is not `what` (a clap `value_parser`).
///
/// It and the other `parse_*` value parsers of `cli/` return `String` errors
/// on purpose: that is clap's value-parser convention (clap prints the text
/// after naming the option), so a typed error would only be turned back into
/// this text.
pub fn number_between(s: &str, lo: f32, hi: f32, what: &str) -> Result<f32, String> {
    match s.trim().parse::<f32>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(format!("`{s}` is not {what}")),
    }
}

/// How a command that prints figures prints them (`--format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum TableFormat {
    /// Tables to read.
    #[default]
    Human,
    /// The same figures as one JSON document.
    Json,
}
