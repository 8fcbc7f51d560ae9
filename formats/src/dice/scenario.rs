//! A scenario's dice parts: the changes `setup: dice:` makes to a dealt
//! game and the checks of `expect: dice:`.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use super::Face;

/// A scenario's changes to a dealt dice game (`setup: dice:`). Everything
/// left out stays as dealt.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceSetup {
    /// The faces the next dice rolled show, in order (then the seed's dice).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Face>,
    /// Dice on the board, by track name: one entry per space from the
    /// track's `from` end, a player number, `white`, or `-` for empty.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub board: IndexMap<String, Vec<String>>,
    /// Buildings, by station: `mine 1` (a building type and its owner).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub buildings: IndexMap<String, Vec<String>>,
    /// Cards left in goods decks.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub decks: IndexMap<String, u8>,
    /// The good on a building type's field (`ranch: food`), the replaced
    /// deck counting as used.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub producing: IndexMap<String, String>,
    /// Decks already used up and put away.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<String>,
    /// Points left in the supply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply: Option<i32>,
    /// White dice in the common supply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus_supply: Option<u8>,
    /// Per player, in seat order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<DicePlayerSetup>,
}

/// One player's belongings in a scenario's setup.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DicePlayerSetup {
    /// Coins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coins: Option<u8>,
    /// Victory points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i32>,
    /// Saved dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saved: Option<Vec<Face>>,
    /// Bonus dice held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus_held: Option<u8>,
    /// Goods cards held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goods: Option<IndexMap<String, u8>>,
    /// Special cards in hand, by name (`ticket Seattle - Detroit (8)`,
    /// `goods coal + cattle`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<String>>,
}

/// A scenario's dice checks after a step (`expect: dice:`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceExpect {
    /// The active player's own dice showing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<Vec<Face>>,
    /// The white dice showing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<Vec<Face>>,
    /// Points left in the supply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply: Option<i32>,
    /// Cards left in goods decks.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub decks: IndexMap<String, u8>,
    /// The good on a building type's field (`nothing` for an empty field).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub producing: IndexMap<String, String>,
    /// Dice on tracks, as in the setup.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub board: IndexMap<String, Vec<String>>,
    /// Per player, in seat order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<DicePlayerExpect>,
}

/// One player's checks.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DicePlayerExpect {
    /// Coins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coins: Option<u8>,
    /// Victory points taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i32>,
    /// Goods cards held (the decks named).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goods: Option<IndexMap<String, u8>>,
    /// Own dice on the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_board: Option<u8>,
    /// Saved dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saved: Option<Vec<Face>>,
    /// Bonus dice held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus_held: Option<u8>,
    /// Tickets revealed, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revealed: Option<Vec<String>>,
    /// Strikes suffered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strikes: Option<u32>,
}
