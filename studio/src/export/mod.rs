//! Print and share: the print-and-play PDF (`pdf`: board tiles, page map,
//! cards, rules summary), the Tabletop Simulator set (`tts`), and what they
//! share (paper sizes, the version stamp, page drawing). `docs/export.md`
//! describes the output.

pub mod cards;
pub mod paper;
pub mod pdf;
pub mod rules_card;
pub mod sheet;
pub mod stamp;
pub mod tiles;
pub mod tts;

use formats::{Family, GameFile};

/// Whether `design` can be exported: board designs can; other families say
/// so until their exports land.
pub fn exportable(design: &GameFile) -> Result<(), String> {
    match design.family {
        Family::Board => Ok(()),
        other => Err(format!(
            "cannot export {other} designs yet: only board designs can be exported"
        )),
    }
}
