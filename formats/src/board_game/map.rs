//! The board game's map in a design file: cities, countries, routes and
//! tickets (the card game derives its tickets and routes from one).

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_yaml::Mapping;

use crate::design::{is_false, is_zero};
use crate::points::{Point, Points, short_f32};

/// A city (or a location of a country).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CitySpec {
    /// Unique name, used by routes and tickets.
    pub name: String,
    /// Horizontal position in millimetres from the board's left edge.
    #[serde(default)]
    #[serde(serialize_with = "short_f32")]
    pub x: f32,
    /// Vertical position in millimetres from the board's top edge.
    #[serde(default)]
    #[serde(serialize_with = "short_f32")]
    pub y: f32,
    /// The country this city is a location of, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    /// The studio will not move a locked city.
    #[serde(default, skip_serializing_if = "is_false")]
    pub locked: bool,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

impl CitySpec {
    /// The city's position as a point.
    pub fn pos(&self) -> Point {
        Point {
            x: self.x,
            y: self.y,
        }
    }
}

/// A multi-location destination: a ticket to it is done by reaching any of its
/// locations, and routes into it do not connect through it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CountrySpec {
    /// Unique name (tickets may name it).
    pub name: String,
    /// An optional outline for drawing the country.
    #[serde(default, skip_serializing_if = "Points::is_empty")]
    pub outline: Points,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

/// One track between two cities.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RouteSpec {
    /// A stable identifier, unique in the file, used to refer to the route.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// One end (a city name).
    pub from: String,
    /// The other end (a city name).
    pub to: String,
    /// Number of car spaces.
    pub length: u32,
    /// A deck colour, or `gray` for any one colour.
    pub color: String,
    /// A tunnel: extra cards may be demanded when it is claimed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub tunnel: bool,
    /// A ferry: how many of its spaces need a locomotive.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ferry: u32,
    /// Points the track bends through when drawn, between `from` and `to`.
    #[serde(default, skip_serializing_if = "Points::is_empty")]
    pub bends: Points,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

impl RouteSpec {
    /// How designers and messages name the route: `Madrid - Pamplona (black)`.
    pub fn display_name(&self) -> String {
        format!("{} - {} ({})", self.from, self.to, self.color)
    }
}

/// A destination ticket.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TicketSpec {
    /// One end: a city or a country.
    pub from: String,
    /// The other end: a city or a country.
    pub to: String,
    /// Points won when completed, lost when not.
    pub points: u32,
    /// A long ticket (Europe's blue-backed deck).
    #[serde(default, skip_serializing_if = "is_false")]
    pub long: bool,
    /// The card game: the train cards that complete it, by colour
    /// (`{red: 2, blue: 1}`).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub cards: IndexMap<String, u8>,
    /// The card game: the cities along the path on the source map
    /// (`derived_from`) whose routes gave the cards, from `from` to `to`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<String>,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

impl TicketSpec {
    /// How designers and messages name the ticket: `Denver - El Paso`.
    pub fn display_name(&self) -> String {
        format!("{} - {}", self.from, self.to)
    }
}
