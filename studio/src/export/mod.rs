//! Print and share: the print-and-play PDF (`pdf`: board tiles, page map,
//! cards, rules summary), the Tabletop Simulator set (`tts`), and what they
//! share (paper sizes, the version stamp, page drawing). `docs/export.md`
//! describes the output.

pub mod cards;
pub mod pdf;
pub mod rules_card;
pub mod sheet;
pub mod stamp;
pub mod station_map;
pub mod tiles;
pub mod tts;

use std::path::Path;

use formats::{Family, GameFile};

/// The board design a card-game design saved at `file` names as
/// `derived_from` (a path beside it), when it loads and is a board: its
/// network is the tickets' mini-map. A source that is missing or broken, or
/// a design never saved, only leaves the mini-maps out.
pub fn source_board(design: &GameFile, file: Option<&Path>) -> Option<GameFile> {
    if design.family != Family::CardGame {
        return None;
    }
    let from = design.derived_from.as_ref()?;
    let path = file?.parent().unwrap_or(Path::new("")).join(from);
    formats::load(&path)
        .ok()
        .map(|l| l.design)
        .filter(|d| d.family == Family::Board && !d.cities.is_empty())
}

/// Whether `design` can be exported as a board (an SVG or PNG drawing, the
/// spreadsheet tables, and the studio's menu exports, which print boards):
/// board designs can; the others say what they can be exported as instead.
pub fn exportable(design: &GameFile) -> Result<(), String> {
    match design.family {
        Family::Board => Ok(()),
        Family::CardGame => Err(
            "a card-game design has no board: export it --to pdf or --to tts (its cards) or --to csv (its tickets)"
                .to_owned(),
        ),
        Family::Dice => Err(
            "a dice design exports --to pdf or --to tts (its station map and cards); svg, png and csv export board designs only"
                .to_owned(),
        ),
    }
}
