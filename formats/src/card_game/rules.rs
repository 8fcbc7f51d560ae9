//! The rule parameters of Ticket to Ride: The Card Game (`family: card-game`,
//! RULES.md §4): every number its rulebook fixes, as data. A card-game
//! design's `rules:` and `cards:` sections start from the `card-game` preset
//! and override any field of it; [`resolve`] returns them typed.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_yaml::{Mapping, Value};

use crate::merge::{deep_merge, merge_over_preset};
use crate::rules::{Deck, Parameter, PlayerRange, ResolveError};

/// The preset's name in files (`rules: {preset: card-game}`).
pub const PRESET: &str = "card-game";

/// The preset's text: its `rules:` and `cards:` sections.
pub const PRESET_SOURCE: &str = include_str!("../../presets/card-game.yaml");

/// The face-up display of train cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDisplay {
    /// Cards face up.
    pub size: u8,
    /// A face-up locomotive counts as both draws of a turn.
    pub locomotive_counts_double: bool,
}

/// A ticket deal: how many are dealt and how many must be kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardTicketDeal {
    /// Tickets dealt (or drawn).
    pub dealt: u8,
    /// The fewest the player must keep.
    pub keep: u8,
}

/// Tickets at setup and when drawn in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardTickets {
    /// Dealt to each player at setup (the rest are shuffled back).
    pub setup: CardTicketDeal,
    /// Drawn by the draw-tickets action (the rest go to the bottom).
    pub draw: CardTicketDeal,
}

/// What may be played to a Rail Yard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RailYardRules {
    /// A row of one colour has at least this many cards (locomotives allowed).
    pub same_color_min: u8,
    /// Or exactly this many cards of as many colours, no locomotives (0: never).
    pub mixed_colors: u8,
}

/// A Big City bonus card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BigCity {
    /// The city tickets must name.
    pub city: String,
    /// Points for the player(s) with most completed tickets naming it.
    pub points: i32,
}

/// One criterion that breaks a tie on points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardTieBreak {
    /// Most completed tickets wins.
    CompletedTickets,
    /// Most Big City bonus cards wins.
    BonusCards,
}

/// Every rule parameter of a card-game design, complete.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardRules {
    /// How many may play.
    pub players: PlayerRange,
    /// Locomotives taken from the deck and given to each player before the deal.
    pub locomotives_dealt: u8,
    /// Train cards dealt to each player at setup (after the locomotives).
    pub initial_hand: u8,
    /// The face-up display.
    pub display: CardDisplay,
    /// Train cards drawn by the draw action.
    pub draws_per_turn: u8,
    /// Destination tickets.
    pub tickets: CardTickets,
    /// Rail Yard plays.
    pub rail_yard: RailYardRules,
    /// Deals played, by player count (a count left out plays one deal).
    pub deals: BTreeMap<u8, u8>,
    /// Train cards dealt to each player at the start of every deal after the first.
    pub next_deal_hand: u8,
    /// The Big City bonus cards.
    pub big_cities: Vec<BigCity>,
    /// Tie-break order after points.
    pub tie_break: Vec<CardTieBreak>,
}

impl CardRules {
    /// Deals played by `players` players.
    pub fn deals_for(&self, players: usize) -> u8 {
        u8::try_from(players)
            .ok()
            .and_then(|p| self.deals.get(&p).copied())
            .unwrap_or(1)
    }
}

/// Every rule parameter of a card-game design, in the studio's Rules panel
/// order (the board game's list is [`crate::board_game::rules::PARAMETERS`]).
pub const PARAMETERS: &[Parameter] = &[
    Parameter {
        path: "players.min",
        doc: "Fewest players.",
    },
    Parameter {
        path: "players.max",
        doc: "Most players.",
    },
    Parameter {
        path: "locomotives_dealt",
        doc: "Locomotives taken from the deck and given to each player before the deal.",
    },
    Parameter {
        path: "initial_hand",
        doc: "Train cards dealt to each player at setup (after the locomotives).",
    },
    Parameter {
        path: "display.size",
        doc: "Train cards lying face up.",
    },
    Parameter {
        path: "display.locomotive_counts_double",
        doc: "Taking a face-up locomotive uses both draws of the turn.",
    },
    Parameter {
        path: "draws_per_turn",
        doc: "Train cards drawn by the draw action.",
    },
    Parameter {
        path: "tickets.setup.dealt",
        doc: "Tickets dealt to each player at setup.",
    },
    Parameter {
        path: "tickets.setup.keep",
        doc: "Tickets each player must keep at setup, at least.",
    },
    Parameter {
        path: "tickets.draw.dealt",
        doc: "Tickets drawn by the draw-tickets action (the rest go to the bottom).",
    },
    Parameter {
        path: "tickets.draw.keep",
        doc: "Drawn tickets a player must keep, at least.",
    },
    Parameter {
        path: "rail_yard.same_color_min",
        doc: "Fewest cards of a one-colour play to the Rail Yard (locomotives allowed).",
    },
    Parameter {
        path: "rail_yard.mixed_colors",
        doc: "A play of exactly this many different colours, no locomotives (0: never).",
    },
    Parameter {
        path: "deals",
        doc: "Deals played, by player count (a count left out plays one deal).",
    },
    Parameter {
        path: "next_deal_hand",
        doc: "Train cards dealt to each player at the start of every deal after the first.",
    },
    Parameter {
        path: "big_cities",
        doc: "Big City bonus cards: points for the player(s) with most completed tickets naming the city.",
    },
    Parameter {
        path: "tie_break",
        doc: "Tie-break order after points: completed-tickets, bonus-cards.",
    },
];

/// The preset's `rules` and `cards` mappings.
pub fn preset_sections() -> (Mapping, Mapping) {
    // The preset is compiled in and covered by tests; a parse failure here is
    // a build defect, never user input.
    let doc: Mapping = serde_yaml::from_str(PRESET_SOURCE).expect("built-in preset is valid YAML");
    let get = |k: &str| match doc.get(k) {
        Some(Value::Mapping(m)) => m.clone(),
        _ => Mapping::new(),
    };
    (get("rules"), get("cards"))
}

/// The rules and cards sections with the preset filled in.
pub fn effective_sections(
    rules: &Mapping,
    cards: &Mapping,
) -> Result<(Mapping, Mapping), ResolveError> {
    if let Some(p) = rules.get("preset")
        && p.as_str() != Some(PRESET)
    {
        return Err(ResolveError {
            path: "rules.preset".into(),
            message: format!(
                "a card-game design takes the `{PRESET}` preset, not `{}`",
                serde_yaml::to_string(p).unwrap_or_default().trim()
            ),
        });
    }
    let (mut r, mut c) = preset_sections();
    merge_over_preset(&mut r, rules);
    deep_merge(&mut c, cards);
    Ok((r, c))
}

/// Resolves a card-game file's `rules:` and `cards:` against the preset.
pub fn resolve(rules: &Mapping, cards: &Mapping) -> Result<(CardRules, Deck), ResolveError> {
    let (r, c) = effective_sections(rules, cards)?;
    Ok((
        crate::rules::typed::<CardRules>(r, "rules")?,
        crate::rules::typed::<Deck>(c, "cards")?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_preset_gives_the_rulebook_values() {
        let (r, d) = resolve(&Mapping::new(), &Mapping::new()).expect("the preset resolves");
        assert_eq!(d.total(), 96);
        assert_eq!(d.locomotives, 16);
        assert_eq!(d.colors.len(), 8);
        assert_eq!((r.players.min, r.players.max), (2, 4));
        assert_eq!(r.locomotives_dealt, 1);
        assert_eq!(r.initial_hand, 7);
        assert_eq!(r.display.size, 5);
        assert_eq!((r.tickets.setup.dealt, r.tickets.setup.keep), (6, 1));
        assert_eq!((r.tickets.draw.dealt, r.tickets.draw.keep), (4, 0));
        assert_eq!(r.deals_for(4), 2);
        assert_eq!(r.deals_for(3), 1);
        let cities: Vec<&str> = r.big_cities.iter().map(|b| b.city.as_str()).collect();
        assert_eq!(
            cities,
            [
                "Seattle",
                "Los Angeles",
                "Chicago",
                "Dallas",
                "New York",
                "Miami"
            ]
        );
    }

    #[test]
    fn a_field_overrides_the_preset_and_a_bad_one_names_its_path() {
        let rules: Mapping = serde_yaml::from_str("preset: card-game\ninitial_hand: 5").unwrap();
        let (r, _) = resolve(&rules, &Mapping::new()).unwrap();
        assert_eq!(r.initial_hand, 5);
        assert_eq!(r.display.size, 5);
        let rules: Mapping = serde_yaml::from_str("rail_yard: {same_color_min: two}").unwrap();
        let err = resolve(&rules, &Mapping::new()).unwrap_err();
        assert_eq!(err.path, "rules.rail_yard.same_color_min");
        let rules: Mapping = serde_yaml::from_str("preset: usa").unwrap();
        let err = resolve(&rules, &Mapping::new()).unwrap_err();
        assert_eq!(err.path, "rules.preset");
    }

    #[test]
    fn the_parameter_list_names_every_rule_of_the_preset_once() {
        use crate::board_game::rules::PARAMETERS as BOARD;
        let (rules, _) = preset_sections();
        // Leaves of the preset: a mapping with string keys is walked into;
        // lists and number-keyed mappings (`deals`) are one parameter.
        fn leaves(m: &Mapping, prefix: &str, out: &mut Vec<String>) {
            for (k, v) in m {
                let key = k.as_str().unwrap_or_default();
                let path = if prefix.is_empty() {
                    key.to_owned()
                } else {
                    format!("{prefix}.{key}")
                };
                match v {
                    Value::Mapping(inner) if inner.keys().all(|k| k.is_string()) => {
                        leaves(inner, &path, out);
                    }
                    _ => out.push(path),
                }
            }
        }
        let mut want = Vec::new();
        leaves(&rules, "", &mut want);
        let mut have: Vec<String> = PARAMETERS.iter().map(|p| p.path.to_owned()).collect();
        want.sort();
        have.sort();
        assert_eq!(have, want);
        assert!(
            PARAMETERS
                .iter()
                .any(|p| !BOARD.iter().any(|b| b.path == p.path)),
            "the card game has parameters of its own"
        );
    }
}
