//! Rule parameters: every number a rulebook fixes, as data.
//!
//! A file's `rules:` and `cards:` sections name a `preset` (the rulebook values of
//! USA, Europe or Heart of Africa) and override any field of it. [`resolve`] merges
//! the two and returns complete, typed [`Rules`] and [`Deck`]; whether the values
//! make sense together is the engine validator's job.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_yaml::{Mapping, Value};

use crate::merge::{deep_merge, merge_over_preset};
use crate::rules::{Deck, Parameter, PlayerRange, ResolveError, typed};

/// A rulebook whose values a design starts from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// Ticket to Ride, the base game (RULES.md §1).
    #[default]
    Usa,
    /// Ticket to Ride Europe (RULES.md §2).
    Europe,
    /// The Heart of Africa map (RULES.md §3).
    HeartOfAfrica,
}

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 3] = [Preset::Usa, Preset::Europe, Preset::HeartOfAfrica];

    /// The name used in files.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Usa => "usa",
            Preset::Europe => "europe",
            Preset::HeartOfAfrica => "heart-of-africa",
        }
    }

    /// The preset's text: its `rules:` and `cards:` sections.
    pub fn source(self) -> &'static str {
        match self {
            Preset::Usa => include_str!("../../presets/usa.yaml"),
            Preset::Europe => include_str!("../../presets/europe.yaml"),
            Preset::HeartOfAfrica => include_str!("../../presets/heart-of-africa.yaml"),
        }
    }

    /// The preset's `rules` and `cards` mappings.
    pub fn sections(self) -> (Mapping, Mapping) {
        // The presets are compiled in and covered by tests; a parse failure here
        // is a build defect, never user input.
        let doc: Mapping =
            serde_yaml::from_str(self.source()).expect("built-in preset is valid YAML");
        let get = |k: &str| match doc.get(k) {
            Some(Value::Mapping(m)) => m.clone(),
            _ => Mapping::new(),
        };
        (get("rules"), get("cards"))
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The face-up display of train cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayRules {
    /// Cards face up.
    pub size: u8,
    /// When this many locomotives lie face up, the display is discarded and
    /// dealt anew; 0 turns the rule off.
    pub locomotive_reset: u8,
    /// A face-up locomotive counts as both draws of a turn.
    pub locomotive_counts_double: bool,
}

/// How many tickets are offered and how many must be kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TicketDeal {
    /// Regular tickets offered.
    pub regular: u8,
    /// Long tickets offered.
    pub long: u8,
    /// The fewest the player must keep.
    pub keep: u8,
}

/// What happens to tickets a player gives back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Returned {
    /// To the bottom of the ticket deck (USA).
    Bottom,
    /// Out of the game (Europe).
    Out,
}

/// Ticket rules at setup and in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TicketRules {
    /// Dealt to each player before the first turn.
    pub setup: TicketDeal,
    /// Drawn by the "draw tickets" action.
    pub draw: TicketDeal,
    /// Where the tickets returned at the setup choice go (those returned after
    /// a draw in play always go to the bottom of the deck).
    pub returned: Returned,
}

/// Double routes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DoubleRules {
    /// From this many players on, both tracks of a double route can be claimed
    /// (by different players); below it only one.
    pub both_tracks_from: u8,
}

/// End-of-game bonuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bonuses {
    /// Points for the longest continuous path (every tied player); 0 for none.
    pub longest_path: i32,
    /// Points for the most completed tickets (every tied player); 0 for none.
    pub globetrotter: i32,
}

/// Train stations (Europe).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StationRules {
    /// Stations per player; 0 for none.
    pub count: u8,
    /// Cards paid for the 1st, 2nd, 3rd … station (one colour; locomotives wild).
    pub costs: Vec<u8>,
    /// Points for each station not built.
    pub unbuilt_points: i32,
}

/// Tunnels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TunnelRules {
    /// Cards revealed from the deck when a tunnel is claimed.
    pub reveal: u8,
}

/// One kind of terrain card and the route colours it doubles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainType {
    /// Its name, e.g. `desert`.
    pub name: String,
    /// Route colours it applies to (deck colours or `gray`).
    pub colors: Vec<String>,
    /// Cards of this type in the terrain deck.
    pub count: u8,
}

/// Terrain cards (Heart of Africa); no types means no terrain cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainCardRules {
    /// The types and their colours.
    pub types: Vec<TerrainType>,
    /// Dealt to each player at setup.
    pub dealt: u8,
    /// Lying face up.
    pub face_up: u8,
    /// Terrain cards needed to double a route's points, by route length.
    pub doubling_cost: BTreeMap<u8, u8>,
}

/// When the last round begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndRules {
    /// A player ending a turn with this many trains or fewer starts the last round.
    pub trains_left: u16,
}

/// One criterion that breaks a tie on points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieBreak {
    /// Most completed tickets wins.
    CompletedTickets,
    /// Fewest stations built wins.
    FewestStations,
    /// The holder of the longest path wins.
    LongestPath,
}

/// Every rule parameter of a board-game design, complete.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    /// How many may play.
    pub players: PlayerRange,
    /// Trains each player starts with.
    pub trains: u16,
    /// Train cards dealt to each player at setup.
    pub initial_hand: u8,
    /// The face-up display.
    pub display: DisplayRules,
    /// Destination tickets.
    pub tickets: TicketRules,
    /// Double routes.
    pub doubles: DoubleRules,
    /// Points for a claimed route, by its length.
    pub route_points: BTreeMap<u8, i32>,
    /// End-of-game bonuses.
    pub bonuses: Bonuses,
    /// Stations.
    pub stations: StationRules,
    /// Tunnels.
    pub tunnels: TunnelRules,
    /// Terrain cards.
    pub terrain_cards: TerrainCardRules,
    /// The end trigger.
    pub end: EndRules,
    /// Tie-break order after points.
    pub tie_break: Vec<TieBreak>,
}

/// The preset a `rules:` section names (`usa` when it names none).
pub fn preset_of(rules: &Mapping) -> Result<Preset, ResolveError> {
    match rules.get("preset") {
        None => Ok(Preset::Usa),
        Some(v) => serde_yaml::from_value(v.clone()).map_err(|e| ResolveError {
            path: "rules.preset".into(),
            message: crate::error::describe_serde(&e.to_string()),
        }),
    }
}

/// The rules and cards sections with the preset filled in: what the design
/// means, field by field.
pub fn effective_sections(
    rules: &Mapping,
    cards: &Mapping,
) -> Result<(Mapping, Mapping), ResolveError> {
    let preset = preset_of(rules)?;
    let (mut r, mut c) = preset.sections();
    merge_over_preset(&mut r, rules);
    deep_merge(&mut c, cards);
    Ok((r, c))
}

/// Resolves a file's `rules:` and `cards:` against their preset.
pub fn resolve(rules: &Mapping, cards: &Mapping) -> Result<(Rules, Deck), ResolveError> {
    let (r, c) = effective_sections(rules, cards)?;
    let rules = typed::<Rules>(r, "rules")?;
    let deck = typed::<Deck>(c, "cards")?;
    Ok((rules, deck))
}

/// Every rule parameter a design can set, in panel order.
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
        path: "trains",
        doc: "Trains each player starts with.",
    },
    Parameter {
        path: "initial_hand",
        doc: "Train cards dealt to each player at setup.",
    },
    Parameter {
        path: "display.size",
        doc: "Train cards lying face up.",
    },
    Parameter {
        path: "display.locomotive_reset",
        doc: "This many face-up locomotives discard and redeal the display (0: never).",
    },
    Parameter {
        path: "display.locomotive_counts_double",
        doc: "Taking a face-up locomotive uses both draws of the turn.",
    },
    Parameter {
        path: "tickets.setup.regular",
        doc: "Regular tickets dealt to each player at setup.",
    },
    Parameter {
        path: "tickets.setup.long",
        doc: "Long tickets dealt to each player at setup.",
    },
    Parameter {
        path: "tickets.setup.keep",
        doc: "Tickets each player must keep at setup, at least.",
    },
    Parameter {
        path: "tickets.draw.regular",
        doc: "Regular tickets offered by the draw-tickets action.",
    },
    Parameter {
        path: "tickets.draw.long",
        doc: "Long tickets offered by the draw-tickets action.",
    },
    Parameter {
        path: "tickets.draw.keep",
        doc: "Tickets a player must keep when drawing, at least.",
    },
    Parameter {
        path: "tickets.returned",
        doc: "Tickets returned at setup go to the bottom of the deck or out of the game (returns after a draw in play always go to the bottom).",
    },
    Parameter {
        path: "doubles.both_tracks_from",
        doc: "From this many players on, both tracks of a double route open.",
    },
    Parameter {
        path: "route_points",
        doc: "Points for a claimed route, by length.",
    },
    Parameter {
        path: "bonuses.longest_path",
        doc: "Bonus for the longest continuous path (0: none).",
    },
    Parameter {
        path: "bonuses.globetrotter",
        doc: "Bonus for the most completed tickets (0: none).",
    },
    Parameter {
        path: "stations.count",
        doc: "Stations per player (0: none).",
    },
    Parameter {
        path: "stations.costs",
        doc: "Cards paid for the 1st, 2nd, 3rd station.",
    },
    Parameter {
        path: "stations.unbuilt_points",
        doc: "Points for each station not built.",
    },
    Parameter {
        path: "tunnels.reveal",
        doc: "Cards revealed when a tunnel is claimed.",
    },
    Parameter {
        path: "terrain_cards.types",
        doc: "Terrain card types, their route colours and counts (none: no terrain cards).",
    },
    Parameter {
        path: "terrain_cards.dealt",
        doc: "Terrain cards dealt to each player at setup.",
    },
    Parameter {
        path: "terrain_cards.face_up",
        doc: "Terrain cards lying face up.",
    },
    Parameter {
        path: "terrain_cards.doubling_cost",
        doc: "Terrain cards needed to double a route's points, by length.",
    },
    Parameter {
        path: "end.trains_left",
        doc: "Ending a turn with this many trains or fewer starts the last round.",
    },
    Parameter {
        path: "tie_break",
        doc: "Order of tie-breaks after points.",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    fn leaves(m: &Mapping, prefix: &str, out: &mut Vec<String>) {
        for (k, v) in m {
            let k = k.as_str().unwrap_or_default();
            let p = if prefix.is_empty() {
                k.to_owned()
            } else {
                format!("{prefix}.{k}")
            };
            match v {
                Value::Mapping(inner) if !matches!(k, "route_points" | "doubling_cost") => {
                    leaves(inner, &p, out)
                }
                _ => out.push(p),
            }
        }
    }

    #[test]
    fn every_preset_resolves_and_every_field_is_documented() {
        for preset in Preset::ALL {
            let mut rules = Mapping::new();
            rules.insert("preset".into(), preset.name().into());
            let (r, d) = resolve(&rules, &Mapping::new()).unwrap();
            assert_eq!(d.total(), 110, "{preset}");
            assert!(r.players.min >= 2);
            let (sections, _) = preset.sections();
            let mut paths = Vec::new();
            leaves(&sections, "", &mut paths);
            for p in &paths {
                assert!(PARAMETERS.iter().any(|x| x.path == p), "{p} undocumented");
            }
            assert_eq!(paths.len(), PARAMETERS.len());
        }
    }

    #[test]
    fn explicit_fields_override_the_preset() {
        let rules: Mapping =
            serde_yaml::from_str("preset: europe\ntrains: 30\ndisplay: {size: 6}").unwrap();
        let cards: Mapping = serde_yaml::from_str("locomotives: 20").unwrap();
        let (r, d) = resolve(&rules, &cards).unwrap();
        assert_eq!(r.trains, 30);
        assert_eq!(r.display.size, 6);
        assert_eq!(r.display.locomotive_reset, 3);
        assert_eq!(r.stations.count, 3);
        assert_eq!(d.locomotives, 20);
        assert_eq!(d.colors.len(), 8);
    }

    #[test]
    fn a_bad_field_names_its_path() {
        let rules: Mapping = serde_yaml::from_str("display: {size: many}").unwrap();
        let err = resolve(&rules, &Mapping::new()).unwrap_err();
        assert_eq!(err.path, "rules.display.size");
        let rules: Mapping = serde_yaml::from_str("preset: eurpe").unwrap();
        let err = resolve(&rules, &Mapping::new()).unwrap_err();
        assert!(
            err.message.contains("did you mean `europe`"),
            "{}",
            err.message
        );
    }
}
