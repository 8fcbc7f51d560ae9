//! Tracklayer's engine: the one place where the rules live.
//!
//! - [`board`]: a validated, index-based, immutable model of a design;
//! - [`validate`]: the design validator and its diagnostics;
//! - [`game`]: the rules of the board family behind a generic game interface;
//! - [`bots`]: players that read observations only;
//! - [`sim`]: batch simulation and its statistics.

pub mod board;
pub mod board_game;
pub mod bots;
pub mod game;
pub mod rng;
pub mod scenario;
pub mod sim;
pub mod synth;
pub mod validate;

pub use board::Board;
pub use validate::{Code, Diagnostic, Diagnostics, ObjectRef, Severity, Validation, validate};
