//! Tracklayer's engine: the one place where the rules live.
//!
//! - [`board`]: a validated, index-based, immutable model of a design;
//! - [`validate`]: the design validator and its diagnostics;
//! - [`analysis`]: shortest paths and the lenient network the validator, the
//!   studio and `tracklayer stats` share; [`stats`]: design statistics;
//! - [`game`]: the generic game interface (states, families, the one bot game
//!   loop); [`families`]: every family, registered in one place;
//!   [`board_game`]: the rules of the board family behind it;
//!   [`card_game`]: the rules of Ticket to Ride: The Card Game; [`dice`]: the
//!   dice family (Trains & Stations);
//!   [`scenario`], [`replay`]: scenario files and replays.
//! - [`bots`]: players that read observations only;
//! - [`sim`]: batch simulation and its statistics; [`diff`]: what differs
//!   between two designs, in data and in simulation.

pub mod analysis;
pub mod balance;
pub mod board;
pub mod board_game;
pub mod bots;
pub mod card_game;
pub mod dice;
pub mod diff;
pub mod families;
pub mod game;
pub mod replay;
pub mod rng;
pub mod scenario;
pub mod sim;
pub mod stats;
pub mod synth;
pub mod validate;

pub use board::Board;
pub use validate::{Code, Diagnostic, Diagnostics, ObjectRef, Severity, Validation, validate};
