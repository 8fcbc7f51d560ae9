//! The Tracklayer studio (an egui editor) and the `tracklayer` command line.
//! Neither holds rules or validation of its own: both ask the engine.

pub mod app;
pub mod cli;
pub mod drawing;
pub mod export;
