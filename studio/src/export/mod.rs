//! Print and share: the print-and-play PDF (`pdf`: board tiles, page map,
//! cards, rules summary), the Tabletop Simulator set (`tts`), and what they
//! share (paper sizes, the version stamp, page drawing). `docs/export.md`
//! describes the output.

pub mod cards;
pub mod contents;
pub mod families;
pub mod kit;
pub mod pdf;
pub mod pieces;
pub mod rules_card;
pub mod sheet;
pub mod stamp;
pub mod station_map;
pub mod tiles;
pub mod tts;
pub mod tts_table;

use std::path::Path;

use formats::GameFile;

use crate::drawing::DrawError;

/// The board design a card-game design saved at `file` names as
/// `derived_from` (a path beside it), when it loads and is a board: its
/// network is the tickets' mini-map. A source that is missing or broken, or
/// a design never saved, only leaves the mini-maps out.
pub fn source_board(design: &GameFile, file: Option<&Path>) -> Option<GameFile> {
    if !families::derived_from_a_board(design) {
        return None;
    }
    let from = design.derived_from.as_ref()?;
    let path = file?.parent().unwrap_or(Path::new("")).join(from);
    formats::load(&path)
        .ok()
        .map(|l| l.design)
        .filter(|d| families::board_drawing(d).is_ok() && !d.cities.is_empty())
}

/// Whether `design` can be exported as a board (an SVG or PNG drawing, the
/// spreadsheet tables, and the studio's menu exports, which print boards):
/// board designs can; the others say what they can be exported as instead.
pub fn exportable(design: &GameFile) -> Result<(), ExportError> {
    families::board_drawing(design)
}

/// Why an export was not made (nothing is written then).
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The board could not be drawn as an image.
    #[error(transparent)]
    Draw(#[from] DrawError),
    /// A board drawing or table of a card-game design.
    #[error(
        "a card-game design has no board: export it --to pdf or --to tts (its cards) or --to csv (its tickets)"
    )]
    CardGameHasNoBoard,
    /// A board drawing or table of a Trains & Stations design.
    #[error(
        "a dice design exports --to pdf or --to tts (its station map and cards); svg, png and csv export board designs only"
    )]
    DiceHasNoBoard,
    /// A PDF page of a size the PDF writer refuses.
    #[error("a page of {width} × {height} mm cannot be made")]
    PageSize {
        /// Its width in millimetres.
        width: f32,
        /// Its height in millimetres.
        height: f32,
    },
    /// A page's drawing could not be read back (a bug in the drawing).
    #[error("a page could not be drawn: {0}")]
    Page(String),
    /// The PDF writer failed.
    #[error("the PDF could not be written: {0}")]
    Pdf(String),
    /// A card sheet too large to render.
    #[error("a card sheet of {width} × {height} pixels is too large")]
    SheetTooLarge {
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
    },
    /// The output folder's path cannot be resolved.
    #[error("cannot write {}: {reason}", folder.display())]
    Folder {
        /// The folder.
        folder: std::path::PathBuf,
        /// Why.
        reason: std::io::Error,
    },
    /// The Tabletop Simulator save could not be serialised.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// Writing the files failed (nothing was replaced).
    #[error(transparent)]
    Write(#[from] formats::SaveError),
}
