//! The design file: one YAML document describing a playable map and its rules.
//!
//! These types are the file as written — names are plain strings, nothing is
//! cross-checked. The engine turns a [`GameFile`] into a validated `Board` and says
//! everything that is wrong with it. Every struct keeps the fields it does not know
//! in `extra`, so a file written by a newer Tracklayer survives a round trip.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_yaml::Mapping;

use crate::board_game::map::{CitySpec, CountrySpec, RouteSpec, TicketSpec};
use crate::points::{Points, short_f32};

/// The schema version this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// The `format:` tag, `tracklayer/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatVersion(pub u32);

impl Default for FormatVersion {
    fn default() -> Self {
        FormatVersion(FORMAT_VERSION)
    }
}

impl fmt::Display for FormatVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tracklayer/{}", self.0)
    }
}

impl FormatVersion {
    /// Parses `tracklayer/N`; `None` for anything else.
    pub fn parse(s: &str) -> Option<Self> {
        s.strip_prefix("tracklayer/")?
            .parse()
            .ok()
            .map(FormatVersion)
    }
}

impl Serialize for FormatVersion {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for FormatVersion {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        FormatVersion::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "invalid value: `{s}`, expected a schema version such as `tracklayer/{FORMAT_VERSION}`"
            ))
        })
    }
}

/// Which rule family a design belongs to (RULES.md §1–5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// The board game: USA, Europe, Heart of Africa and their variants.
    #[default]
    Board,
    /// Ticket to Ride: The Card Game (no map play).
    CardGame,
    /// Trains & Stations, the dice game.
    Dice,
}

impl Family {
    /// Every family, in the order the studio offers them (File → New).
    pub const ALL: [Family; 3] = [Family::Board, Family::CardGame, Family::Dice];
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Family::Board => "board",
            Family::CardGame => "card-game",
            Family::Dice => "dice",
        })
    }
}

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

pub(crate) fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A whole design: the document a designer edits.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameFile {
    /// Schema version, `tracklayer/1`.
    #[serde(default)]
    pub format: FormatVersion,
    /// The base design this variant builds on, relative to this file. Only set in
    /// a variant as written; a loaded design has its base merged in already.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// What the design is called.
    #[serde(default)]
    pub name: String,
    /// The rule family.
    #[serde(default)]
    pub family: Family,
    /// A free text for players and fellow designers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Who made it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub authors: Vec<String>,
    /// The designer's own working notes (the studio's Design panel); never
    /// printed or shown to players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// The card game: the board design its tickets were derived from,
    /// relative to this file (so tickets can be drawn on that map).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub derived_from: Option<String>,
    /// The size of the printed board and of one car space, in millimetres.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardSize>,
    /// Rule parameters as written: a `preset` plus the fields that override it.
    /// Resolve them with [`crate::board_game::rules::resolve`].
    #[serde(default, skip_serializing_if = "Mapping::is_empty")]
    pub rules: Mapping,
    /// The train-card deck as written (colours, counts, locomotives); the preset's
    /// deck fills in what is missing.
    #[serde(default, skip_serializing_if = "Mapping::is_empty")]
    pub cards: Mapping,
    /// Places on the map.
    #[serde(default)]
    pub cities: Vec<CitySpec>,
    /// Multi-location destinations (Heart of Africa's Madagascar).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub countries: Vec<CountrySpec>,
    /// Tracks between cities. Two routes between the same pair form a double route.
    #[serde(default)]
    pub routes: Vec<RouteSpec>,
    /// Destination tickets.
    #[serde(default)]
    pub tickets: Vec<TicketSpec>,
    /// Dice family: stations with building slots (see [`crate::dice`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stations: Vec<crate::dice::StationSpec>,
    /// Dice family: points where tracks meet without a station.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub junctions: Vec<crate::dice::JunctionSpec>,
    /// Dice family: rows of track spaces between stations and junctions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tracks: Vec<crate::dice::TrackSpec>,
    /// Dice family: the special cards (delivery tickets, goods cards).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub specials: Vec<crate::dice::SpecialSpec>,
    /// Scenery drawn behind the network.
    #[serde(default, skip_serializing_if = "Terrain::is_empty")]
    pub terrain: Terrain,
    /// Diagnostics the designer has silenced on purpose.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allow: Vec<Allow>,
    /// Variant directives (only in a variant as written): objects of the base to drop.
    #[serde(default, skip_serializing_if = "Removals::is_empty")]
    pub remove: Removals,
    /// The designer's own rules in Markdown, printed after the generated
    /// rules summary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_text: Option<String>,
    /// The print number of the last print-and-play export and the
    /// fingerprint of the design it printed: an export of a changed design
    /// counts it up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub print: Option<PrintNumber>,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

/// The print number of a design (`print: {number: 8, fingerprint: …}`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrintNumber {
    /// The last printing's number, shown as `v8` on every card and sheet.
    pub number: u32,
    /// CRC-32 of the design as printed then (without this field), eight hex
    /// digits.
    pub fingerprint: String,
}

/// The printed board's size and the length of one car space, in millimetres.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardSize {
    /// Board width.
    #[serde(serialize_with = "short_f32")]
    pub width: f32,
    /// Board height.
    #[serde(serialize_with = "short_f32")]
    pub height: f32,
    /// Length of one car space along a route.
    #[serde(default = "default_car_space")]
    #[serde(serialize_with = "short_f32")]
    pub car_space: f32,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

fn default_car_space() -> f32 {
    BoardSize::DEFAULT_CAR_SPACE
}

impl BoardSize {
    /// The car space of the printed Ticket to Ride boards, about 25 mm.
    pub const DEFAULT_CAR_SPACE: f32 = 25.0;
}

impl Default for BoardSize {
    fn default() -> Self {
        BoardSize {
            width: 800.0,
            height: 540.0,
            car_space: BoardSize::DEFAULT_CAR_SPACE,
            extra: Mapping::new(),
        }
    }
}

/// Scenery drawn behind the network: regions and a background image.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Terrain {
    /// Areas such as seas, lakes and mountains.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<Region>,
    /// An image to trace over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<Background>,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

impl Terrain {
    /// Nothing to draw and nothing unknown kept.
    pub fn is_empty(&self) -> bool {
        self.regions.is_empty() && self.background.is_none() && self.extra.is_empty()
    }
}

/// What a region depicts, which decides how it is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RegionKind {
    /// Open sea.
    #[default]
    Sea,
    /// A lake.
    Lake,
    /// Mountains.
    Mountains,
    /// Hills.
    Hills,
    /// Desert.
    Desert,
    /// Forest.
    Forest,
    /// Jungle.
    Jungle,
    /// Savanna.
    Savanna,
    /// Plains.
    Plains,
    /// Ice.
    Ice,
    /// Land (a plain landmass, drawn like a continent).
    Land,
}

impl RegionKind {
    /// Every kind, in menu order.
    pub const ALL: [RegionKind; 11] = [
        RegionKind::Sea,
        RegionKind::Lake,
        RegionKind::Mountains,
        RegionKind::Hills,
        RegionKind::Desert,
        RegionKind::Forest,
        RegionKind::Jungle,
        RegionKind::Savanna,
        RegionKind::Plains,
        RegionKind::Ice,
        RegionKind::Land,
    ];

    /// The name used in files.
    pub fn name(self) -> &'static str {
        match self {
            RegionKind::Sea => "sea",
            RegionKind::Lake => "lake",
            RegionKind::Mountains => "mountains",
            RegionKind::Hills => "hills",
            RegionKind::Desert => "desert",
            RegionKind::Forest => "forest",
            RegionKind::Jungle => "jungle",
            RegionKind::Savanna => "savanna",
            RegionKind::Plains => "plains",
            RegionKind::Ice => "ice",
            RegionKind::Land => "land",
        }
    }
}

/// A polygon of scenery.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Region {
    /// What the region depicts.
    pub kind: RegionKind,
    /// An optional label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The outline, at least three points.
    pub points: Points,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

/// An image drawn under everything, for tracing a board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Background {
    /// PNG or JPEG path, relative to the design file.
    pub image: String,
    /// Left edge in millimetres.
    #[serde(default)]
    #[serde(serialize_with = "short_f32")]
    pub x: f32,
    /// Top edge in millimetres.
    #[serde(default)]
    #[serde(serialize_with = "short_f32")]
    pub y: f32,
    /// Millimetres per image pixel.
    #[serde(default = "one")]
    #[serde(serialize_with = "short_f32")]
    pub scale: f32,
    /// 0 (invisible) to 1 (opaque).
    #[serde(default = "one")]
    #[serde(serialize_with = "short_f32")]
    pub opacity: f32,
    /// A locked background cannot be moved by accident.
    #[serde(default, skip_serializing_if = "is_false")]
    pub locked: bool,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

fn one() -> f32 {
    1.0
}

/// A diagnostic silenced on purpose: a code, and optionally the one object it
/// is silenced for.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Allow {
    /// The diagnostic code, e.g. `TL204`.
    pub code: String,
    /// The object's name (`Seattle`, `Denver - El Paso`, a route id or name); all
    /// objects when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object: Option<String>,
    /// Why it is fine, for the next designer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Mapping,
}

/// In a variant: objects of the base that the variant drops, by name (cities,
/// countries), route id or name, and ticket name.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Removals {
    /// City names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cities: Vec<String>,
    /// Country names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub countries: Vec<String>,
    /// Route ids or names (`Madrid - Pamplona (black)`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub routes: Vec<String>,
    /// Ticket names (`Denver - El Paso`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tickets: Vec<String>,
    /// Terrain region names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<String>,
}

impl Removals {
    /// Nothing is removed.
    pub fn is_empty(&self) -> bool {
        self.cities.is_empty()
            && self.countries.is_empty()
            && self.routes.is_empty()
            && self.tickets.is_empty()
            && self.regions.is_empty()
    }
}
