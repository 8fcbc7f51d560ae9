//! The design validator: every problem of a design, with the objects it names,
//! where it is written and how to fix it. `docs/diagnostics.md` lists the codes.

pub(crate) mod checks;
mod diagnostic;
pub(crate) mod keys;
pub(crate) mod rules_check;

use formats::GameFile;

pub use diagnostic::{Code, Diagnostic, Diagnostics, ObjectRef, Severity};

use crate::board::{self, Board};
use crate::card_game::CardDesign;

/// A design's diagnostics, and its board when it has no errors.
#[derive(Debug, Clone)]
pub struct Validation {
    /// The playable board, present when there are no errors.
    pub board: Option<Board>,
    /// A card-game design (`family: card-game`), present when there are no errors.
    pub card_design: Option<CardDesign>,
    /// Everything found, errors first within each stage.
    pub diagnostics: Diagnostics,
}

/// Builds and checks a design. Warnings never block: a board is returned
/// whenever there is no error (never for a dice design, which has no board;
/// its diagnostics come from [`crate::dice::design::check`]).
pub fn validate(file: &GameFile) -> Validation {
    if file.family == formats::Family::Dice {
        // A dice design has no board: its own checks say everything, and
        // its `allow:` list silences its warnings as for every design.
        let (_, mut diagnostics) = crate::dice::design::check(file);
        checks::apply_allow_list(file, None, &mut diagnostics);
        return Validation {
            board: None,
            card_design: None,
            diagnostics,
        };
    }
    let mut diagnostics = Diagnostics::default();
    if file.family == formats::Family::CardGame {
        let built = crate::card_game::build(file, &mut diagnostics);
        checks::apply_allow_list(file, None, &mut diagnostics);
        let card_design = if diagnostics.has_errors() {
            None
        } else {
            built
        };
        return Validation {
            board: None,
            card_design,
            diagnostics,
        };
    }
    let built = board::build(file, &mut diagnostics);
    checks::run(file, built.as_ref(), &mut diagnostics);
    checks::apply_allow_list(file, built.as_ref(), &mut diagnostics);
    let board = if diagnostics.has_errors() {
        None
    } else {
        built
    };
    Validation {
        board,
        card_design: None,
        diagnostics,
    }
}

impl Board {
    /// Turns a design into a board, or says everything that stops it (a
    /// design of another family, which has no board, is refused with TL015).
    pub fn build(file: &GameFile) -> Result<Board, Diagnostics> {
        if file.family != formats::Family::Board {
            let mut diagnostics = Diagnostics::default();
            board::build(file, &mut diagnostics);
            return Err(diagnostics);
        }
        let v = validate(file);
        v.board.ok_or(v.diagnostics)
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
    let text = format!("format: tracklayer/1\nname: Test\n{rules}{body}\n");
    formats::load_str(&text, std::path::Path::new("test.yaml"))
        .unwrap_or_else(|e| panic!("{e}"))
        .design
}
