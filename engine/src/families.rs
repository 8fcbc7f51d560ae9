//! Every rule family, registered in one place. A design file's `family:`
//! selects one here; code written once for all families (the CLI commands,
//! the studio's playtest windows) receives it as a type through
//! [`FamilyVisitor`], as egui's demo registers its windows in one list.
//!
//! Adding a family: implement [`Family`] and
//! [`crate::scenario::ScenarioFamily`] in its module, add a variant to
//! [`AnyDesign`] with its lines in [`AnyDesign::check`] and
//! [`AnyDesign::visit`], and a variant to [`AnyScenarioError`] with its line in
//! [`run_scenario`].

use std::sync::Arc;

use formats::GameFile;
use formats::scenario::Scenario;

use crate::board_game::board::Board;
use crate::board_game::{BoardFamily, BoardScenarioError};
use crate::card_game::{CardDesign, CardFamily, CardScenarioError};
use crate::diagnostics::Diagnostics;
use crate::dice::{DiceDesign, DiceFamily, DiceScenarioError};
use crate::game::Family;
use crate::game::checked;
use crate::scenario::{ScenarioError, ScenarioReport, run_family};

/// A layout fit's outcome ([`fit_layout`]): the design as the fit makes it,
/// its figures, and what the figures count, in the family's words, so the
/// studio and `tracklayer layout` show them without naming a family.
#[derive(Clone, Debug, PartialEq)]
pub struct LaidOut {
    /// The design with its places moved (and routes bent).
    pub design: GameFile,
    /// The figures before → after.
    pub report: crate::board_game::layout::FitReport,
    /// What the fit moves, as the family names it ("cities", "stations and
    /// junctions").
    pub places: &'static str,
    /// How many of them the design has.
    pub place_count: usize,
    /// Whether the map's routes have car counts to fit: the figures of routes
    /// off their length, locked places and bent routes apply.
    pub fits_lengths: bool,
}

/// Lays out the map a design draws (its family's
/// [`formats::families::FamilyFiles::drawn_map`]): the board game's cities
/// and routes, or a station map. The design with its places moved and the
/// figures, or `None` when `progress` cancels or the family draws no map
/// (the card game).
pub fn fit_layout(
    design: &GameFile,
    options: &crate::board_game::layout::FitOptions,
    progress: &mut dyn FnMut(f32) -> bool,
) -> Option<LaidOut> {
    let mut out = design.clone();
    let (report, places, place_count, fits_lengths) = match design.family {
        formats::Family::Board => {
            let fitted = crate::board_game::layout::fit(design, options, progress).ok()?;
            fitted.apply(&mut out);
            (fitted.report, "cities", design.cities.len(), true)
        }
        formats::Family::Dice => {
            let fitted = crate::dice::map_drawing::fit(design, options, progress).ok()?;
            fitted.apply(&mut out);
            let places = design.stations.len() + design.junctions.len();
            (fitted.report, "stations and junctions", places, false)
        }
        formats::Family::CardGame => return None,
    };
    Some(LaidOut {
        design: out,
        report,
        places,
        place_count,
        fits_lengths,
    })
}

/// Code generic over the family, run with the family of a design.
pub trait FamilyVisitor {
    /// What it returns.
    type Output;
    /// Runs with family `F` and its design.
    fn visit<F: Family>(self, design: Arc<F::Design>) -> Self::Output;
}

/// Code generic over the family that needs no design (help texts, the
/// family's defaults).
pub trait KindVisitor {
    /// What it returns.
    type Output;
    /// Runs with family `F`.
    fn visit<F: Family>(self) -> Self::Output;
}

/// Every family this version plays, in the order help texts list them.
pub const KINDS: [formats::Family; 3] = [
    formats::Family::Board,
    formats::Family::CardGame,
    formats::Family::Dice,
];

/// Runs `visitor` with the family `kind` names.
pub fn visit_kind<V: KindVisitor>(kind: formats::Family, visitor: V) -> V::Output {
    match kind {
        formats::Family::Board => visitor.visit::<BoardFamily>(),
        formats::Family::CardGame => visitor.visit::<CardFamily>(),
        formats::Family::Dice => visitor.visit::<DiceFamily>(),
    }
}

/// A validated design of any family.
#[derive(Clone, Debug)]
pub enum AnyDesign {
    /// A board-game design.
    Board(Arc<Board>),
    /// A dice-game design (Trains & Stations).
    Dice(Arc<DiceDesign>),
    /// A card-game design (Ticket to Ride: The Card Game).
    CardGame(Arc<CardDesign>),
}

impl AnyDesign {
    /// Checks a design with the family its file names: the design when it
    /// has no error, and every diagnostic, the design's `allow:` list applied
    /// once for every family (see [`crate::game::checked`]).
    pub fn check(file: &GameFile) -> (Option<AnyDesign>, Diagnostics) {
        fn with<F: Family>(
            file: &GameFile,
            wrap: fn(Arc<F::Design>) -> AnyDesign,
        ) -> (Option<AnyDesign>, Diagnostics) {
            let (design, diagnostics) = checked::<F>(file);
            (design.map(|d| wrap(Arc::new(d))), diagnostics)
        }
        match file.family {
            formats::Family::Board => with::<BoardFamily>(file, AnyDesign::Board),
            formats::Family::CardGame => with::<CardFamily>(file, AnyDesign::CardGame),
            formats::Family::Dice => with::<DiceFamily>(file, AnyDesign::Dice),
        }
    }

    /// Builds the design of the family its file names, or says everything that
    /// stops it (a family this version cannot play is an error diagnostic).
    pub fn build(file: &GameFile) -> Result<AnyDesign, Diagnostics> {
        match AnyDesign::check(file) {
            (Some(design), _) => Ok(design),
            (None, diagnostics) => Err(diagnostics),
        }
    }

    /// The board of a board-game design.
    pub fn board(&self) -> Option<&Arc<Board>> {
        match self {
            AnyDesign::Board(board) => Some(board),
            _ => None,
        }
    }

    /// Runs `visitor` with this design's family.
    pub fn visit<V: FamilyVisitor>(&self, visitor: V) -> V::Output {
        match self {
            AnyDesign::Board(board) => visitor.visit::<BoardFamily>(board.clone()),
            AnyDesign::Dice(design) => visitor.visit::<DiceFamily>(design.clone()),
            AnyDesign::CardGame(design) => visitor.visit::<CardFamily>(design.clone()),
        }
    }
}

/// A scenario error of a family's own (a setup it cannot make, an
/// expectation naming what its design lacks).
#[derive(Debug, thiserror::Error)]
pub enum AnyScenarioError {
    /// The board game's.
    #[error(transparent)]
    Board(#[from] BoardScenarioError),
    /// The dice game's.
    #[error(transparent)]
    Dice(#[from] DiceScenarioError),
    /// The card game's.
    #[error(transparent)]
    CardGame(#[from] CardScenarioError),
}

/// Runs a scenario on its loaded design with the family the design names.
pub fn run_scenario(
    s: &Scenario,
    design: &GameFile,
) -> Result<ScenarioReport, ScenarioError<AnyScenarioError>> {
    match design.family {
        formats::Family::Board => {
            run_family::<BoardFamily>(s, design).map_err(|e| e.map(AnyScenarioError::Board))
        }
        formats::Family::CardGame => {
            run_family::<CardFamily>(s, design).map_err(|e| e.map(AnyScenarioError::CardGame))
        }
        formats::Family::Dice => {
            run_family::<DiceFamily>(s, design).map_err(|e| e.map(AnyScenarioError::Dice))
        }
    }
}
