//! A design's cities, routes and tickets as three CSV tables, so designers can
//! work on them in a spreadsheet, and back. The headers are documented in
//! `docs/export.md`; exporting and importing a design gives the same design.
//!
//! Importing replaces the design's three lists with the tables' rows. A row
//! that matches one of the design's objects (a city by name, a route by `id`
//! or else by its ends and colour, a ticket by its ends; the n-th match for
//! repeats) keeps what the tables do not hold (keys this version does not
//! know). A bad row is an error naming its file and line, and nothing is
//! changed.
//!
//! Import also reads the tables of the browser map editor
//! bjornhagstrom/ticket-to-ride-map-editor (its `docs/CSV.md`): headers in any
//! case and with its aliases (`Colour`, `Long deck`, `Locomotives`, `a`/`b`,
//! `Type` = `Junction` for a stop or `Boat` for a route, `Wagon style` =
//! `Tunnel`), `,`, `;` or tab separators, its colour names (`Grey`, `Purple`),
//! optional columns with defaults, and `stops.csv` beside or instead of
//! `cities.csv`, whose positions are in its board units and are scaled to
//! the design's board. [`export_as`] writes that dialect ([`Dialect::Hagstrom`]).

mod cells;
mod hagstrom;
mod read;
#[cfg(test)]
mod tests;
mod write;

use std::path::PathBuf;

pub use hagstrom::HAGSTROM_BOARD_WIDTH;
pub use read::import;
pub use write::{export, export_as};

/// The header of `cities.csv`.
pub const CITY_HEADER: [&str; 5] = ["name", "x", "y", "country", "locked"];
/// The header of `routes.csv`.
pub const ROUTE_HEADER: [&str; 8] = [
    "id", "from", "to", "length", "color", "tunnel", "ferry", "bends",
];
/// The header of `tickets.csv`.
pub const TICKET_HEADER: [&str; 4] = ["from", "to", "points", "long"];
/// The columns `tickets.csv` adds for a card-game design (`family:
/// card-game`, or any design whose tickets list cards or a path): the cards
/// a ticket needs (`yellow:1 red:2`) and its path on the source map
/// (`Denver > Oklahoma City > El Paso`).
pub const CARD_TICKET_COLUMNS: [&str; 2] = ["cards", "path"];

/// How a path's cities are joined in `tickets.csv`.
const PATH_SEPARATOR: &str = " > ";

/// A ticket's cards as `tickets.csv` writes them: `colour:count` pairs
/// separated by spaces, in the design's order.
pub fn cards_text(cards: &indexmap::IndexMap<String, u8>) -> String {
    cards
        .iter()
        .map(|(c, n)| format!("{c}:{n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads `cards_text`'s form back (`yellow:1 red:2`; empty: none).
pub fn parse_cards(text: &str) -> Result<indexmap::IndexMap<String, u8>, String> {
    let mut cards = indexmap::IndexMap::new();
    for pair in text.split_whitespace() {
        let (color, n) = pair
            .split_once(':')
            .ok_or_else(|| format!("`{pair}` is not colour:count"))?;
        let n: u8 = n
            .parse()
            .map_err(|_| format!("`{pair}`: `{n}` is not a count from 0 to 255"))?;
        if color.is_empty() || cards.insert(color.to_owned(), n).is_some() {
            return Err(format!("`{pair}`: each colour once, named"));
        }
    }
    Ok(cards)
}

/// The three tables' file names, in the order they are written and read.
pub const TABLE_FILES: [&str; 3] = ["cities.csv", "routes.csv", "tickets.csv"];

/// The file names of the tables [`Dialect::Hagstrom`] writes.
pub const HAGSTROM_FILES: [&str; 3] = ["stops.csv", "routes.csv", "tickets.csv"];

/// Whose columns the tables are written with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// Tracklayer's own (`cities.csv`, every field of the design).
    #[default]
    Tracklayer,
    /// The columns, names and units bjornhagstrom/ticket-to-ride-map-editor
    /// reads (`stops.csv`, `Colour`, `Grey`, `Boat`, …).
    Hagstrom,
}

impl Dialect {
    /// The file names this dialect writes.
    pub fn files(self) -> [&'static str; 3] {
        match self {
            Dialect::Tracklayer => TABLE_FILES,
            Dialect::Hagstrom => HAGSTROM_FILES,
        }
    }
}

/// A table that cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// A row (or the header) is wrong.
    #[error("{}:{line}: {reason}", file.display())]
    Row {
        /// The table.
        file: PathBuf,
        /// The 1-based line.
        line: u64,
        /// What is wrong, naming the column.
        reason: String,
    },
    /// The tables do not fit the target design's rule family.
    #[error("{}: {reason}", dir.display())]
    Family {
        /// The folder of the tables.
        dir: PathBuf,
        /// Why not, and what to do instead.
        reason: String,
    },
    /// The file could not be read.
    #[error("{}: {source}", file.display())]
    Io {
        /// The table.
        file: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
}
