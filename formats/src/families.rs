//! Every family's file layer, registered in one place: how a design of the
//! family resolves its rules, the player range they allow, its rule
//! parameters and a new file's defaults. Each family describes itself beside
//! its file types ([`crate::board_game::BOARD`], [`crate::card_game::FILES`],
//! [`crate::dice::FILES`]); code that works for every family (loading, the
//! studio's setup forms and new files) asks [`of`] instead of matching on
//! the family.

use serde_yaml::Mapping;

use crate::Family;
use crate::rules::{Deck, Parameter, PlayerRange, ResolveError};

/// What the file layer knows of one family.
#[derive(Debug)]
pub struct FamilyFiles {
    /// The family.
    pub family: Family,
    /// Its rule parameters, as the rules panel and the docs list them.
    pub parameters: &'static [Parameter],
    /// The preset a new design of the family starts from.
    pub new_file_preset: &'static str,
    /// Whether its map is the board game's: cities joined by routes
    /// ([`crate::board_game::map`]), whose ticket deck `tracklayer diff`
    /// puts in figures.
    pub city_map: bool,
    /// Whether its design draws a map of places on a board of its own
    /// (cities and routes, or stations and tracks): a new design gets a
    /// board, and `tracklayer layout` and the studio's Fit layout lay the map
    /// out. The card game has none (its map is its source design's).
    pub drawn_map: bool,
    /// Whether its tickets name the cards they need and their path (the card
    /// game's): its tables ([`crate::tables`]) carry those columns, and tables
    /// imported into one must be a card game's.
    pub ticket_cards: bool,
    /// Why its designs have no tables of cities, routes and tickets
    /// (`None`: they have): `tables` import refuses with this reason.
    pub no_tables: Option<&'static str>,
    /// Its presets, as (name in files, title: "Use USA preset").
    pub presets: &'static [(&'static str, &'static str)],
    /// Resolves a design's `rules:` (and `cards:`) to the player range they
    /// allow, or says what is wrong.
    pub resolve: fn(rules: &Mapping, cards: &Mapping) -> Result<PlayerRange, ResolveError>,
    /// The preset a design's `rules:` names (its family's default when they
    /// name none or one that does not resolve).
    pub preset_of: fn(rules: &Mapping) -> &'static str,
    /// The `rules:` of the preset a design's `rules:` name.
    pub preset_rules: fn(rules: &Mapping) -> Mapping,
    /// The train-card deck `cards:` give with a design's `rules:` (the board
    /// game's deck rules for a family with no deck of its own).
    pub deck: fn(rules: &Mapping, cards: &Mapping) -> Result<Deck, ResolveError>,
    /// A design's `rules:` with its preset filled in: what the design means,
    /// field by field (empty when they do not resolve).
    pub effective_rules: fn(rules: &Mapping, cards: &Mapping) -> Mapping,
}

/// The file layer of `family`: one registry line per family.
pub fn of(family: Family) -> &'static FamilyFiles {
    match family {
        Family::Board => &crate::board_game::BOARD,
        Family::CardGame => &crate::card_game::FILES,
        Family::Dice => &crate::dice::FILES,
    }
}

impl FamilyFiles {
    /// Do `rules` (and `cards`) resolve for this family?
    pub fn check_rules(&self, rules: &Mapping, cards: &Mapping) -> Result<(), ResolveError> {
        (self.resolve)(rules, cards).map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_is_registered_under_its_own_name() {
        for family in Family::ALL {
            assert_eq!(of(family).family, family);
        }
    }

    #[test]
    fn every_preset_a_new_file_names_resolves() {
        for family in Family::ALL {
            let files = of(family);
            let mut rules = Mapping::new();
            rules.insert("preset".into(), files.new_file_preset.into());
            let range = (files.resolve)(&rules, &Mapping::new())
                .unwrap_or_else(|e| panic!("{family}: {}: {}", e.path, e.message));
            assert!(range.min >= 2 && range.min <= range.max, "{family}");
            assert_eq!((files.preset_of)(&rules), files.new_file_preset);
            assert!(
                files
                    .presets
                    .iter()
                    .any(|(n, _)| *n == files.new_file_preset)
            );
            let effective = (files.effective_rules)(&rules, &Mapping::new());
            for (key, value) in (files.preset_rules)(&rules) {
                assert_eq!(effective.get(&key), Some(&value), "{family}: {key:?}");
            }
        }
    }
}
