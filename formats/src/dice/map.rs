//! The dice family's map in a design file: stations with building slots and
//! a city bonus, junctions where tracks meet, tracks made of spaces, and the
//! special cards. These are the file as written; the engine checks them.

use serde::{Deserialize, Serialize};
use serde_yaml::Mapping;

use crate::points::{Points, short_f32};

/// A station: a city on the map with building slots and a bonus for the
/// majority holder of a delivery that reaches it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StationSpec {
    /// Unique name, used by tracks and delivery tickets.
    pub name: String,
    /// Horizontal position in millimetres from the board's left edge.
    #[serde(default, serialize_with = "short_f32")]
    pub x: f32,
    /// Vertical position in millimetres from the board's top edge.
    #[serde(default, serialize_with = "short_f32")]
    pub y: f32,
    /// Building slots (the rulebook's stations have 2 or 3).
    pub slots: u8,
    /// What the majority holder of a delivery through this station gains.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<BonusSpec>,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

/// A city bonus: a kind (`points`, `special-card` or `bonus-die`) and how many.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BonusSpec {
    /// `points`, `special-card` or `bonus-die`.
    pub kind: String,
    /// How many points, cards or dice.
    #[serde(default = "one")]
    pub amount: u8,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

fn one() -> u8 {
    1
}

/// A point where tracks meet without a station: every track ending there
/// belongs to one group of spaces, which delivers once all of it is full.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct JunctionSpec {
    /// Unique name (among stations and junctions), used by tracks.
    pub name: String,
    /// Horizontal position in millimetres.
    #[serde(default, serialize_with = "short_f32")]
    pub x: f32,
    /// Vertical position in millimetres.
    #[serde(default, serialize_with = "short_f32")]
    pub y: f32,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

/// A row of track spaces between two stations (or junctions).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TrackSpec {
    /// One end: a station or a junction.
    pub from: String,
    /// The other end.
    pub to: String,
    /// Track spaces in the row.
    pub spaces: u32,
    /// Points the row bends through when drawn.
    #[serde(default, skip_serializing_if = "Points::is_empty")]
    pub bends: Points,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

impl TrackSpec {
    /// How messages name the track: `Seattle - Billings`.
    pub fn display_name(&self) -> String {
        format!("{} - {}", self.from, self.to)
    }
}

/// A special card: a delivery ticket (two stations and its points) or a
/// goods card (counts as one of each of two goods, or trades as two goods).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SpecialSpec {
    /// A delivery ticket's two stations.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ticket: Vec<String>,
    /// A delivery ticket's points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u8>,
    /// A goods card's two goods.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub goods: Vec<String>,
    /// Copies of this card in the deck.
    #[serde(default = "one")]
    pub count: u8,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}
