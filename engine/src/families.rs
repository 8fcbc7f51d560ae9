//! Every rule family, registered in one place. A design file's `family:`
//! selects one here; code written once for all families (the CLI commands,
//! the studio's playtest windows) receives it as a type through
//! [`FamilyVisitor`], as egui's demo registers its windows in one list.
//!
//! Adding a family: implement [`Family`] in its module and add a variant to
//! [`AnyDesign`] with its line in [`AnyDesign::build`] and [`AnyDesign::visit`].

use std::sync::Arc;

use formats::GameFile;

use crate::board::Board;
use crate::board_game::BoardFamily;
use crate::game::Family;
use crate::validate::Diagnostics;

/// Code generic over the family, run with the family of a design.
pub trait FamilyVisitor {
    /// What it returns.
    type Output;
    /// Runs with family `F` and its design.
    fn visit<F: Family>(self, design: Arc<F::Design>) -> Self::Output;
}

/// A validated design of any family.
#[derive(Clone, Debug)]
pub enum AnyDesign {
    /// A board-game design.
    Board(Arc<Board>),
}

impl AnyDesign {
    /// Builds the design of the family its file names, or says everything that
    /// stops it (a family this version cannot play is an error diagnostic).
    pub fn build(file: &GameFile) -> Result<AnyDesign, Diagnostics> {
        match file.family {
            formats::Family::Board => Ok(AnyDesign::Board(Arc::new(BoardFamily::build(file)?))),
            formats::Family::CardGame | formats::Family::Dice => {
                Err(crate::validate(file).diagnostics)
            }
        }
    }

    /// Runs `visitor` with this design's family.
    pub fn visit<V: FamilyVisitor>(&self, visitor: V) -> V::Output {
        match self {
            AnyDesign::Board(board) => visitor.visit::<BoardFamily>(board.clone()),
        }
    }

    /// The design's family.
    pub fn family(&self) -> formats::Family {
        match self {
            AnyDesign::Board(_) => BoardFamily::KIND,
        }
    }

    /// The design's name.
    pub fn name(&self) -> &str {
        match self {
            AnyDesign::Board(board) => BoardFamily::design_name(board),
        }
    }
}
