//! Trains & Stations, the dice game (RULES.md §5, rulebook seed 004): a map
//! of stations with building slots and rows of track spaces; players roll
//! dice to place trains, build ranches, mines and hotels, and share the
//! points and goods of every delivery.
//!
//! - [`design`]: the validated design and its diagnostics;
//! - [`state`], [`action`], [`rules`]: positions, decisions and the rules;
//! - [`game`]: the generic game interface and what a player sees;
//! - [`family`]: [`DiceFamily`], registered in [`crate::families`];
//! - [`bots`], [`sim`], [`scenario`]: bots, simulation measures, scenarios.

pub mod action;
pub mod balance;
pub mod bots;
pub mod design;
pub mod expert;
pub mod family;
mod fields;
pub mod game;
pub mod map_drawing;
pub mod rules;
pub mod scenario;
pub mod sim;
pub mod state;
mod text;

pub use action::{Action, Event, Events};
pub use design::{Building, DiceDesign};
pub use family::DiceFamily;
pub use game::{DiceGame, DiceObservation};
pub use scenario::DiceScenarioError;
pub use state::{Occupant, Phase, State};
pub use text::faces_text;
