//! The file layer of Ticket to Ride: The Card Game (`family: card-game`,
//! RULES.md §4): its rules and preset, and its entry in [`crate::families`].
//! Its map (routes and tickets) is the board game's
//! ([`crate::board_game::map`]), from which it is derived.

mod rules;

pub use rules::*;

/// The card game's file layer (see [`crate::families`]): a card game has no
/// board of its own.
pub const FILES: crate::families::FamilyFiles = crate::families::FamilyFiles {
    family: crate::Family::CardGame,
    parameters: PARAMETERS,
    new_file_preset: PRESET,
    city_map: false,
    drawn_map: false,
    ticket_cards: true,
    no_tables: None,
    presets: &[(PRESET, "the card-game")],
    resolve: |rules, cards| resolve(rules, cards).map(|(r, _)| r.players),
    preset_of: |_| PRESET,
    preset_rules: |_| preset_sections().0,
    deck: |rules, cards| resolve(rules, cards).map(|(_, d)| d),
    effective_rules: |rules, cards| effective_sections(rules, cards).unwrap_or_default().0,
};
