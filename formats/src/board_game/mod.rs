//! The board game's file layer (`family: board`, RULES.md §1–3): its map
//! (cities, countries, routes, tickets), its rule parameters and presets, and
//! its entry in [`crate::families`].

pub mod map;
pub mod rules;

use rules::{PARAMETERS, effective_sections, preset_of, resolve};

/// The board game's file layer (see [`crate::families`]).
pub const BOARD: crate::families::FamilyFiles = crate::families::FamilyFiles {
    family: crate::Family::Board,
    parameters: PARAMETERS,
    new_file_preset: "usa",
    city_map: true,
    drawn_map: true,
    ticket_cards: false,
    no_tables: None,
    presets: &[
        ("usa", "USA"),
        ("europe", "Europe"),
        ("heart-of-africa", "Heart of Africa"),
    ],
    resolve: |rules, cards| resolve(rules, cards).map(|(r, _)| r.players),
    preset_of: |rules| preset_of(rules).unwrap_or_default().name(),
    preset_rules: |rules| preset_of(rules).unwrap_or_default().sections().0,
    deck: |rules, cards| resolve(rules, cards).map(|(_, d)| d),
    effective_rules: |rules, cards| effective_sections(rules, cards).unwrap_or_default().0,
};
