//! The file layer of Trains & Stations (`family: dice`, RULES.md §5): its
//! map, its rules and preset, its scenario parts, and its entry in
//! [`crate::families`].

mod map;
mod rules;
mod scenario;

pub use map::*;
pub use rules::*;
pub use scenario::*;

/// Trains & Stations' file layer (see [`crate::families`]): its rules
/// have no `cards:` section.
pub const FILES: crate::families::FamilyFiles = crate::families::FamilyFiles {
    family: crate::Family::Dice,
    parameters: PARAMETERS,
    new_file_preset: PRESET_NAME,
    city_map: false,
    drawn_map: true,
    ticket_cards: false,
    no_tables: Some(
        "a Trains & Stations design has stations and tracks, which the tables do not hold: import them into a board design, and edit stations and tracks in the studio or the YAML",
    ),
    presets: &[(PRESET_NAME, "Trains & Stations")],
    resolve: |rules, _| resolve(rules).map(|r| r.players),
    preset_of: |_| PRESET_NAME,
    preset_rules: |_| preset_rules(),
    deck: |rules, cards| crate::board_game::rules::resolve(rules, cards).map(|(_, d)| d),
    effective_rules: |rules, _| effective_rules(rules),
};
