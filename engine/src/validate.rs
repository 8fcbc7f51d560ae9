//! The design validator: every problem of a design, with the objects it names,
//! where it is written and how to fix it. `docs/diagnostics.md` lists the codes.

use formats::GameFile;

pub use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef, Severity};
use crate::families::AnyDesign;

/// A design's diagnostics, and its design when it has no errors.
#[derive(Debug, Clone)]
pub struct Validation {
    /// The playable design, present when there are no errors.
    pub design: Option<AnyDesign>,
    /// Everything found, errors first within each stage.
    pub diagnostics: Diagnostics,
}

/// Builds and checks a design with the family it names
/// ([`AnyDesign::check`]). Warnings never block: a design is returned
/// whenever there is no error.
pub fn validate(file: &GameFile) -> Validation {
    let (design, diagnostics) = AnyDesign::check(file);
    Validation {
        design,
        diagnostics,
    }
}

/// A small design for tests: `body` (cities, routes, tickets…) under a
/// `format:` line, with the USA rules for two players dealt no tickets (so a
/// handful of tickets is enough) unless it sets its own rules.
#[cfg(test)]
pub(crate) fn test_design(body: &str) -> GameFile {
    let rules = if body.contains("rules:") {
        ""
    } else {
        "rules: {players: {min: 2, max: 2}, tickets: {setup: {regular: 0, keep: 0}}}\n"
    };
    design_of(&format!(
        "format: tracklayer/1\nname: Test\n{rules}{body}\n"
    ))
}

/// A design read from a whole design file's `text`, for tests (it panics
/// with the load error when the text does not read).
#[cfg(test)]
pub(crate) fn design_of(text: &str) -> GameFile {
    formats::load_str(text, std::path::Path::new("test.yaml"))
        .unwrap_or_else(|e| panic!("{e}"))
        .design
}
