//! The families the studio can show, registered in one place.
//!
//! The engine's [`engine::families::FamilyVisitor`] hands code a type bound by
//! [`engine::game::Family`] only, and the studio's windows also need what a
//! family shows on screen ([`PlayView`], [`SimView`]: studio traits the engine
//! cannot name). So the studio keeps its own visitor, [`StudioVisitor`], with
//! the one match over [`AnyDesign`] in [`visit`]: the match is exhaustive, so a
//! family added to the engine's registry does not compile until it is listed
//! here (with its view and editor implementations), and the windows' shared
//! code, the layout, menus, toolbar and commands stay unchanged.

use std::sync::Arc;

use engine::board_game::BoardFamily;
use engine::card_game::CardFamily;
use engine::dice::DiceFamily;
use engine::families::AnyDesign;

use super::editor::{Editor, EditorOf};
use super::play::family::PlayView;
use super::simulate::family::SimView;
use crate::export::families::ExportFamily;

/// A family the studio can edit, play, simulate and export.
pub trait StudioFamily: PlayView + SimView + EditorOf + ExportFamily {}

impl<F: PlayView + SimView + EditorOf + ExportFamily> StudioFamily for F {}

/// Code generic over the family, run with the family of a design, as
/// [`engine::families::FamilyVisitor`] with the studio's views in reach.
pub trait StudioVisitor {
    /// What it returns.
    type Output;
    /// Runs with family `F` and its design.
    fn visit<F: StudioFamily>(self, design: Arc<F::Design>) -> Self::Output;
}

/// Runs `visitor` with the family of `design`.
pub fn visit<V: StudioVisitor>(design: &AnyDesign, visitor: V) -> V::Output {
    match design {
        AnyDesign::Board(board) => visitor.visit::<BoardFamily>(board.clone()),
        AnyDesign::CardGame(design) => visitor.visit::<CardFamily>(design.clone()),
        AnyDesign::Dice(dice) => visitor.visit::<DiceFamily>(dice.clone()),
    }
}

/// Code generic over the family, run with the family a design file names
/// (`family:`) before the design is built (a setup form's bot names).
pub trait KindVisitor {
    /// What it returns.
    type Output;
    /// Runs with family `F`.
    fn visit<F: StudioFamily>(self) -> Self::Output;
}

/// Runs `visitor` with the family `kind` names (the match lists every
/// family, so a new one is a compile error until listed).
pub fn visit_kind<V: KindVisitor>(kind: formats::Family, visitor: V) -> V::Output {
    match kind {
        formats::Family::Board => visitor.visit::<BoardFamily>(),
        formats::Family::CardGame => visitor.visit::<CardFamily>(),
        formats::Family::Dice => visitor.visit::<DiceFamily>(),
    }
}

/// The bot names of the family `kind` names, as the setup forms offer them.
pub fn bot_names(kind: formats::Family) -> &'static [&'static str] {
    /// Reads the family's bot names.
    struct Names;
    impl KindVisitor for Names {
        type Output = &'static [&'static str];
        fn visit<F: StudioFamily>(self) -> Self::Output {
            F::BOT_NAMES
        }
    }
    visit_kind(kind, Names)
}

/// The bots of the family `kind` names that play when none are chosen (its
/// heuristic styles; [`engine::game::Family::default_bots`]).
pub fn default_bots(kind: formats::Family) -> Vec<&'static str> {
    /// Reads the family's default bots.
    struct Defaults;
    impl KindVisitor for Defaults {
        type Output = Vec<&'static str>;
        fn visit<F: StudioFamily>(self) -> Self::Output {
            F::default_bots()
        }
    }
    visit_kind(kind, Defaults)
}

/// The editor of the family `kind` names.
pub fn editor(kind: formats::Family) -> &'static dyn Editor {
    /// Reads the family's editor.
    struct Of;
    impl KindVisitor for Of {
        type Output = &'static dyn Editor;
        fn visit<F: StudioFamily>(self) -> Self::Output {
            F::EDITOR
        }
    }
    visit_kind(kind, Of)
}

/// The design's errors in one sentence, as the windows show them when a
/// design cannot be played (`first`: how many to name; the rest are counted).
pub fn errors_text(diagnostics: &engine::Diagnostics, first: usize) -> String {
    let errors: Vec<&str> = diagnostics
        .iter()
        .filter(|d| d.severity == engine::Severity::Error)
        .map(|d| d.message.as_str())
        .collect();
    let more = errors.len().saturating_sub(first);
    let tail = if more > 0 {
        format!(" (and {more} more; see Diagnostics)")
    } else {
        String::new()
    };
    format!("{}{tail}", errors[..errors.len().min(first)].join("; "))
}
