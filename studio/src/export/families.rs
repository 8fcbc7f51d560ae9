//! What each rule family exports, asked through the studio's family registry
//! ([`crate::app::families`]) instead of matching on the family: which
//! kinds of file it can be exported as (a board drawing, the tables) and
//! the line the command line prints about what it exported.

use engine::board_game::BoardFamily;
use engine::card_game::CardFamily;
use engine::dice::DiceFamily;
use formats::GameFile;

use super::ExportError;
use crate::app::families::{KindVisitor, StudioFamily, visit_kind};

/// A family's export components (every family prints a PDF and a Tabletop
/// Simulator set; the rest depends on what it has).
pub trait ExportFamily {
    /// Whether its board can be drawn as an SVG or PNG image, or why not
    /// (and what to export instead).
    fn board_drawing() -> Result<(), ExportError>;
    /// Whether its objects go to the spreadsheet tables, or why not.
    fn tables() -> Result<(), ExportError>;
    /// Whether a design of it names the board design it was derived from
    /// (`derived_from:`), whose map its tickets show.
    fn derived_from_a_board() -> bool {
        false
    }
    /// What a design of it holds, in a few words, as the command line says
    /// after an export (`36 cities, 78 routes, 30 tickets`).
    fn summary(file: &GameFile) -> String;
}

impl ExportFamily for BoardFamily {
    fn board_drawing() -> Result<(), ExportError> {
        Ok(())
    }

    fn tables() -> Result<(), ExportError> {
        Ok(())
    }

    fn summary(file: &GameFile) -> String {
        format!(
            "{}, {}, {}",
            engine::words::count(file.cities.len(), "city"),
            engine::words::count(file.routes.len(), "route"),
            engine::words::count(file.tickets.len(), "ticket")
        )
    }
}

impl ExportFamily for CardFamily {
    fn board_drawing() -> Result<(), ExportError> {
        Err(ExportError::CardGameHasNoBoard)
    }

    /// Its tickets, with their cards, go to `tickets.csv`.
    fn tables() -> Result<(), ExportError> {
        Ok(())
    }

    fn derived_from_a_board() -> bool {
        true
    }

    fn summary(file: &GameFile) -> String {
        engine::words::count(file.tickets.len(), "ticket")
    }
}

impl ExportFamily for DiceFamily {
    fn board_drawing() -> Result<(), ExportError> {
        Err(ExportError::DiceHasNoBoard)
    }

    fn tables() -> Result<(), ExportError> {
        Err(ExportError::DiceHasNoBoard)
    }

    fn summary(file: &GameFile) -> String {
        format!(
            "{}, {}, {}",
            engine::words::count(file.stations.len(), "station"),
            engine::words::count(file.tracks.len(), "track"),
            engine::words::count(
                file.specials
                    .iter()
                    .map(|s| usize::from(s.count))
                    .sum::<usize>(),
                "special card"
            )
        )
    }
}

/// Whether `design` can be drawn as an SVG or PNG image of its board.
pub fn board_drawing(design: &GameFile) -> Result<(), ExportError> {
    /// Asks the family.
    struct Ask;
    impl KindVisitor for Ask {
        type Output = Result<(), ExportError>;
        fn visit<F: StudioFamily>(self) -> Self::Output {
            F::board_drawing()
        }
    }
    visit_kind(design.family, Ask)
}

/// Whether `design` goes to the spreadsheet tables.
pub fn tables(design: &GameFile) -> Result<(), ExportError> {
    /// Asks the family.
    struct Ask;
    impl KindVisitor for Ask {
        type Output = Result<(), ExportError>;
        fn visit<F: StudioFamily>(self) -> Self::Output {
            F::tables()
        }
    }
    visit_kind(design.family, Ask)
}

/// Whether a design of `design`'s family names a board it was derived from.
pub fn derived_from_a_board(design: &GameFile) -> bool {
    /// Asks the family.
    struct Ask;
    impl KindVisitor for Ask {
        type Output = bool;
        fn visit<F: StudioFamily>(self) -> Self::Output {
            F::derived_from_a_board()
        }
    }
    visit_kind(design.family, Ask)
}

/// What `design` holds, in a few words.
pub fn summary(design: &GameFile) -> String {
    /// Asks the family.
    struct Ask<'a>(&'a GameFile);
    impl KindVisitor for Ask<'_> {
        type Output = String;
        fn visit<F: StudioFamily>(self) -> Self::Output {
            F::summary(self.0)
        }
    }
    visit_kind(design.family, Ask(design))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_board_design_is_drawn_and_a_dice_design_has_no_tables() {
        for family in formats::Family::ALL {
            let design = GameFile {
                family,
                ..GameFile::default()
            };
            assert_eq!(
                board_drawing(&design).is_ok(),
                family == formats::Family::Board
            );
            assert_eq!(tables(&design).is_ok(), family != formats::Family::Dice);
            assert!(!summary(&design).is_empty());
        }
    }
}
