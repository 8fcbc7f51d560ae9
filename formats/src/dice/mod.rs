//! The file layer of Trains & Stations (`family: dice`).

mod rules;

pub use rules::*;
