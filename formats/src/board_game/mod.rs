//! The board game's file layer (`family: board`, RULES.md §1–3): its rule
//! parameters and presets.

pub mod rules;
