//! Trains & Stations, the dice game (RULES.md §5, rulebook seed 004): a map
//! of stations with building slots and rows of track spaces; players roll
//! dice to place trains, build ranches, mines and hotels, and share the
//! points and goods of every delivery.
//!
//! - [`design`]: the validated design and its diagnostics;
//! - [`state`], [`action`]: positions and decisions; [`rules`]: playing an
//!   action, with each step of the rulebook in a file of its own (`setup`,
//!   `roll`, `placement`, `build`, `delivery`, `upgrade`, `speculation`,
//!   `scoring`) and the open actions in `legal`;
//! - [`game`]: the generic game interface and what a player sees;
//! - [`family`]: [`DiceFamily`], registered in [`crate::families`];
//! - [`bots`], [`sim`], [`scenario`]: bots, simulation measures, scenarios.

pub mod action;
pub mod balance;
pub mod bots;
mod build;
mod delivery;
pub mod design;
pub mod expert;
pub mod family;
mod fields;
pub mod game;
mod legal;
pub mod map_drawing;
mod placement;
mod roll;
pub mod rules;
pub mod scenario;
mod scoring;
mod setup;
pub mod sim;
mod speculation;
pub mod state;
mod text;
mod upgrade;

pub use action::{Action, Event, Events};
pub use design::{Building, DiceDesign};
pub use family::DiceFamily;
pub use game::{DiceGame, DiceObservation};
pub use scenario::DiceScenarioError;
pub use state::{Occupant, Phase, State};
pub use text::faces_text;
