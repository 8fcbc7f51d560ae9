//! Tracklayer's file formats.
//!
//! A designer's design file ([`GameFile`]) is one YAML document: rules, cards,
//! cities, routes, tickets, terrain. This crate reads it exactly — every error
//! names its file, line, column and key path — merges variants into their base,
//! keeps fields it does not know, and writes files atomically. It holds no game
//! logic: the `engine` crate validates designs and plays them.
//!
//! See `docs/format.md` for the format, field by field.

pub mod board_game;
pub mod card_game;
pub mod design;
pub mod dice;
pub mod error;
pub mod families;
pub mod limits;
pub mod load;
pub mod merge;
pub mod points;
pub mod replay;
pub mod rules;
pub mod save;
pub mod scenario;
pub mod source;
pub mod suggest;
pub mod tables;
pub mod words;

pub use board_game::map::{CitySpec, CountrySpec, RouteSpec, TicketSpec};
pub use board_game::rules::{Preset, Rules};
pub use design::{
    Allow, Background, BoardSize, Family, FormatVersion, GameFile, PrintNumber, Region, RegionKind,
    Terrain,
};
pub use error::{LoadError, LoadErrorKind, Location};
pub use load::{BaseDesign, LoadedDesign, Sources, load, load_str};
pub use points::{Point, Points};
pub use rules::Deck;
pub use save::{
    OutputError, SaveError, check_output, check_output_folder, save, to_yaml, write_atomic,
    write_files,
};
pub use source::Pos;
