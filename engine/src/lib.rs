//! Tracklayer's engine: the one place where the rules live.
//!
//! The shared framework, written once for every family:
//! - [`game`]: the generic game interface (states, families, the one bot game
//!   loop); [`families`]: every family, registered in one place;
//! - [`bots`]: players that read observations only;
//! - [`sim`]: batch simulation and its statistics; [`scenario`],
//!   [`replay`]: scenario files and replays;
//! - [`validate`]: the design validator, and [`diagnostics`]: what it says
//!   (codes, objects, rendering, the `allow:` list);
//! - [`balance`]: the balance search; [`diff`]: what differs between two
//!   designs, in data and in simulation.
//!
//! Each family in its own folder, with its design checks, rules, bots,
//! measures and scenario part:
//! - [`board_game`]: the board game (its map model, board checks, analysis,
//!   statistics and synthetic designs too);
//! - [`card_game`]: Ticket to Ride: The Card Game;
//! - [`dice`]: Trains & Stations.

pub mod balance;
pub mod board_game;
pub mod bots;
pub mod card_game;
pub mod diagnostics;
pub mod dice;
pub mod diff;
pub mod families;
pub mod game;
pub mod replay;
pub mod rng;
pub mod scenario;
pub mod sim;
pub mod validate;
/// Counted things in English, for every text that counts (defined in the
/// formats crate so that its messages count the same way).
pub use formats::words;

pub use board_game::board::Board;
pub use validate::{Code, Diagnostic, Diagnostics, ObjectRef, Severity, Validation, validate};
