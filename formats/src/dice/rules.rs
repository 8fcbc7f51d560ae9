//! The dice rules of a design file (Trains & Stations, RULES.md §5): the
//! faces of the dice, every rule parameter, and the preset they start from.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_yaml::{Mapping, Value};

use crate::merge::merge_over_preset;
use crate::rules::{Parameter, PlayerRange, ResolveError};

/// A face of a die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Face {
    /// Two coins (or kept for the next turn).
    Coin,
    /// A third of a hotel.
    Hotel,
    /// A third of a mine.
    Mine,
    /// A third of a ranch.
    Ranch,
    /// A train placed on a track space.
    Train,
    /// A train that cannot be re-rolled; enough of them strike.
    LockedTrain,
}

impl Face {
    /// Every face, in the engine's order.
    pub const ALL: [Face; 6] = [
        Face::Coin,
        Face::Hotel,
        Face::Mine,
        Face::Ranch,
        Face::Train,
        Face::LockedTrain,
    ];

    /// The name used in files and actions.
    pub fn name(self) -> &'static str {
        match self {
            Face::Coin => "coin",
            Face::Hotel => "hotel",
            Face::Mine => "mine",
            Face::Ranch => "ranch",
            Face::Train => "train",
            Face::LockedTrain => "locked-train",
        }
    }
}

/// Dice rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceCounts {
    /// Dice of each player's colour.
    pub per_player: u8,
    /// The most of their own dice a player rolls in a turn.
    pub rolled: u8,
    /// With this many dice on the board a player may recall them all instead of rolling.
    pub recall_at: u8,
    /// White bonus dice in the game.
    pub bonus: u8,
    /// The faces of every die (one entry per face; a face may repeat).
    pub faces: Vec<Face>,
    /// Equal building faces that build one building.
    pub build_set: u8,
    /// Does a turn ended by recalling the dice still run step 5, the
    /// end-of-turn goods upgrade? The preset says no: the rulebook's recall
    /// skips "the rest of your turn" ("můžete všechny kostky své barvy z
    /// plánu stáhnout a přeskočit zbytek svého tahu").
    #[serde(default)]
    pub upgrade_after_recall: bool,
}

/// Coins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoinRules {
    /// Coins each player starts with.
    pub start: u8,
    /// The most coins a player may hold.
    pub max: u8,
    /// Coins for each coin face cashed in.
    pub per_face: u8,
    /// Coins paid for one re-roll.
    pub reroll_cost: u8,
    /// Does a rolled white bonus die showing a coin pay `per_face` coins as
    /// the player's own dice do? The preset says no: step 3 pays for "your
    /// dice" returned to your supply ("Vraťte kteroukoliv nebo všechny své
    /// kostky se symbolem Mince do své zásoby. Vezměte si 2 mince za každou
    /// takto vrácenou kostku"), and rolled bonus dice go back to the common
    /// supply instead.
    #[serde(default)]
    pub bonus_dice_pay: bool,
}

/// The strike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StrikeRules {
    /// Locked trains showing at once that start a strike.
    pub locked_trains: u8,
    /// Points lost (all of them when the player has fewer).
    pub points: u8,
}

/// Buildings each player has, by type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildingCounts {
    /// Ranches.
    pub ranch: u8,
    /// Mines.
    pub mine: u8,
    /// Hotels.
    pub hotel: u8,
}

/// One goods deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoodRules {
    /// Cards in the deck.
    pub cards: u8,
    /// Points for the most of this good at the end (every tied player).
    pub monopoly: u8,
}

/// Which goods each building type produces in turn: the first stage is the
/// deck it starts with; an exhausted deck is replaced by the next stage's
/// (the active player choosing when a stage has several), skipping a stage
/// whose decks have all been used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chains {
    /// The ranch's stages.
    pub ranch: Vec<Vec<String>>,
    /// The mine's stages.
    pub mine: Vec<Vec<String>>,
    /// The hotel's stages.
    pub hotel: Vec<Vec<String>>,
}

/// Trading when a new goods deck enters play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpeculationRules {
    /// Goods given for one card of the new good (0 turns speculation off).
    pub give: u8,
    /// Points for each card a player traded for and did not receive.
    pub points_when_short: u8,
}

/// Victory points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointRules {
    /// Points in the supply by player count; the last round starts when it runs out.
    pub supply: IndexMap<u8, u16>,
    /// Points each player takes from the supply at setup.
    pub start: u8,
    /// Points per connected city for every player with a die in a delivery.
    pub per_city: u8,
    /// Points for a building whose goods deck is empty.
    pub empty_deck: u8,
    /// The printed victory-point cards: how many of each value (they must
    /// make up the largest supply, with change).
    pub cards: IndexMap<u16, u16>,
}

/// Special cards dealt at setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecialDeal {
    /// Dealt to each player.
    pub dealt: u8,
    /// Kept by each player (the rest go back into the deck).
    pub keep: u8,
}

/// Every rule parameter of a dice design, complete.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceRules {
    /// How many may play.
    pub players: PlayerRange,
    /// The dice.
    pub dice: DiceCounts,
    /// Coins.
    pub coins: CoinRules,
    /// The strike.
    pub strike: StrikeRules,
    /// Buildings per player.
    pub buildings: BuildingCounts,
    /// The goods decks, by name, in order.
    pub goods: IndexMap<String, GoodRules>,
    /// What each building produces.
    pub chains: Chains,
    /// Speculation.
    pub speculation: SpeculationRules,
    /// Victory points.
    pub points: PointRules,
    /// Special cards at setup.
    pub specials: SpecialDeal,
    /// The good whose most cards win a tie on points.
    pub tie_break: String,
}

/// The rulebook a dice design starts from.
pub const PRESET_NAME: &str = "trains-and-stations";

/// The preset's text.
pub fn preset_source() -> &'static str {
    include_str!("../../presets/trains-and-stations.yaml")
}

/// The preset's `rules` mapping.
pub fn preset_rules() -> Mapping {
    // Compiled in and covered by a test; a failure is a build defect.
    let doc: Mapping =
        serde_yaml::from_str(preset_source()).expect("built-in preset is valid YAML");
    match doc.get("rules") {
        Some(Value::Mapping(m)) => m.clone(),
        _ => Mapping::new(),
    }
}

/// Resolves a dice design's `rules:` against the `trains-and-stations`
/// preset (the only one; a section naming another is an error).
pub fn resolve(rules: &Mapping) -> Result<DiceRules, ResolveError> {
    if let Some(p) = rules.get("preset")
        && p.as_str() != Some(PRESET_NAME)
    {
        return Err(ResolveError {
            path: "rules.preset".into(),
            message: format!(
                "a dice design's preset is `{PRESET_NAME}`, not `{}`",
                serde_yaml::to_string(p).unwrap_or_default().trim()
            ),
        });
    }
    let r = effective_rules(rules);
    serde_path_to_error::deserialize(Value::Mapping(r)).map_err(|e| {
        let inner = e.path().to_string();
        ResolveError {
            path: if inner == "." {
                "rules".to_owned()
            } else {
                format!("rules.{inner}")
            },
            message: crate::error::describe_serde(&e.inner().to_string()),
        }
    })
}

/// Every rule parameter of a dice design, in panel order: what the
/// studio's Rules panel lists (the goods decks and the VP supply are edited
/// whole, their keys being data).
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
        path: "dice.per_player",
        doc: "Dice of each player's colour.",
    },
    Parameter {
        path: "dice.rolled",
        doc: "The most of their own dice a player rolls in a turn.",
    },
    Parameter {
        path: "dice.recall_at",
        doc: "With this many dice on the board a player may recall them all instead of rolling.",
    },
    Parameter {
        path: "dice.bonus",
        doc: "White bonus dice in the game.",
    },
    Parameter {
        path: "dice.faces",
        doc: "The faces of every die (coin, hotel, mine, ranch, train, locked-train; a face may repeat).",
    },
    Parameter {
        path: "dice.build_set",
        doc: "Equal building faces that build one building.",
    },
    Parameter {
        path: "dice.upgrade_after_recall",
        doc: "A turn ended by recalling dice still runs the end-of-turn goods upgrade (the rulebook: no, a recall skips the rest of the turn).",
    },
    Parameter {
        path: "coins.start",
        doc: "Coins each player starts with.",
    },
    Parameter {
        path: "coins.max",
        doc: "The most coins a player may hold.",
    },
    Parameter {
        path: "coins.per_face",
        doc: "Coins for each coin face cashed in.",
    },
    Parameter {
        path: "coins.reroll_cost",
        doc: "Coins paid for one re-roll.",
    },
    Parameter {
        path: "coins.bonus_dice_pay",
        doc: "Rolled white bonus dice showing a coin pay coins too (the rulebook: no, only your own dice).",
    },
    Parameter {
        path: "strike.locked_trains",
        doc: "Locked trains showing at once that start a strike.",
    },
    Parameter {
        path: "strike.points",
        doc: "Points a strike costs (all of them when the player has fewer).",
    },
    Parameter {
        path: "buildings.ranch",
        doc: "Ranches per player.",
    },
    Parameter {
        path: "buildings.mine",
        doc: "Mines per player.",
    },
    Parameter {
        path: "buildings.hotel",
        doc: "Hotels per player.",
    },
    Parameter {
        path: "goods",
        doc: "The goods decks in order: cards in each and points for its monopoly.",
    },
    Parameter {
        path: "chains.ranch",
        doc: "The ranch's stages of goods (a stage may offer a choice).",
    },
    Parameter {
        path: "chains.mine",
        doc: "The mine's stages of goods.",
    },
    Parameter {
        path: "chains.hotel",
        doc: "The hotel's stages of goods.",
    },
    Parameter {
        path: "speculation.give",
        doc: "Goods given for one card of a new good (0 turns speculation off).",
    },
    Parameter {
        path: "speculation.points_when_short",
        doc: "Points for each card traded for and not received.",
    },
    Parameter {
        path: "points.supply",
        doc: "Victory points in the supply, by player count; the last round starts when it runs out.",
    },
    Parameter {
        path: "points.cards",
        doc: "The victory-point cards printed for the supply: how many of each value.",
    },
    Parameter {
        path: "points.start",
        doc: "Points each player takes from the supply at setup.",
    },
    Parameter {
        path: "points.per_city",
        doc: "Points per connected city for every player with a die in a delivery.",
    },
    Parameter {
        path: "points.empty_deck",
        doc: "Points for a building whose goods deck is empty.",
    },
    Parameter {
        path: "specials.dealt",
        doc: "Special cards dealt to each player at setup.",
    },
    Parameter {
        path: "specials.keep",
        doc: "Special cards each player keeps.",
    },
    Parameter {
        path: "tie_break",
        doc: "The good whose most cards win a tie on points.",
    },
];

/// A dice design's `rules:` with the preset filled in: what the design
/// means, field by field (the Rules panel's values).
pub fn effective_rules(rules: &Mapping) -> Mapping {
    let mut r = preset_rules();
    merge_over_preset(&mut r, rules);
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_preset_holds_the_rulebook_numbers() {
        let r = resolve(&Mapping::new()).expect("the preset resolves");
        assert_eq!((r.players.min, r.players.max), (3, 5));
        assert_eq!(
            (r.dice.per_player, r.dice.rolled, r.dice.recall_at),
            (8, 5, 5)
        );
        assert_eq!(r.dice.bonus, 10);
        assert_eq!((r.coins.start, r.coins.max, r.coins.per_face), (3, 5, 2));
        assert_eq!((r.strike.locked_trains, r.strike.points), (3, 3));
        assert_eq!(r.points.supply[&3], 60);
        assert_eq!(r.points.supply[&5], 80);
        assert_eq!(r.goods["gold"].monopoly, 9);
        assert_eq!(r.chains.hotel[1], ["silver", "food"]);
    }

    #[test]
    fn a_field_overrides_the_preset_and_a_bad_one_is_named() {
        let m: Mapping =
            serde_yaml::from_str("{preset: trains-and-stations, coins: {start: 1}}").expect("yaml");
        assert_eq!(resolve(&m).expect("resolves").coins.start, 1);
        let bad: Mapping = serde_yaml::from_str("{strike: {points: many}}").expect("yaml");
        assert_eq!(resolve(&bad).expect_err("bad").path, "rules.strike.points");
        let other: Mapping = serde_yaml::from_str("{preset: usa}").expect("yaml");
        assert_eq!(resolve(&other).expect_err("bad").path, "rules.preset");
    }

    #[test]
    fn every_preset_field_is_a_listed_parameter() {
        fn leaves(m: &Mapping, prefix: &str, out: &mut Vec<String>) {
            for (k, v) in m {
                let k = k.as_str().unwrap_or_default();
                let p = if prefix.is_empty() {
                    k.to_owned()
                } else {
                    format!("{prefix}.{k}")
                };
                match v {
                    // Decks and supplies are edited whole: their keys are data.
                    Value::Mapping(inner)
                        if !matches!(p.as_str(), "goods" | "points.supply" | "points.cards") =>
                    {
                        leaves(inner, &p, out)
                    }
                    _ => out.push(p),
                }
            }
        }
        let mut paths = Vec::new();
        leaves(&preset_rules(), "", &mut paths);
        for p in &paths {
            assert!(PARAMETERS.iter().any(|x| x.path == p), "{p} unlisted");
        }
        assert_eq!(paths.len(), PARAMETERS.len());
        let effective = effective_rules(&Mapping::new());
        assert!(effective.get("preset").is_none());
        assert_eq!(effective, preset_rules());
    }
}
