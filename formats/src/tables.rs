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

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};

use crate::board_game::map::{CitySpec, RouteSpec, TicketSpec};
use crate::design::GameFile;
use crate::points::Points;

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

/// The width of that editor's lying board in its units: a position of
/// `stops.csv` is scaled by the design's board width over this.
pub const HAGSTROM_BOARD_WIDTH: f32 = 1100.0;

/// The board width positions of `stops.csv` are scaled to when the design
/// has no `board:` (the USA board's 820 mm).
const DEFAULT_BOARD_WIDTH: f32 = 820.0;

/// Millimetres per unit of that editor's board, for `design`.
fn hagstrom_scale(design: &GameFile) -> f32 {
    design
        .board
        .as_ref()
        .map_or(DEFAULT_BOARD_WIDTH, |b| b.width)
        / HAGSTROM_BOARD_WIDTH
}

/// That editor's name of a Tracklayer colour (`gray` → `Grey`, `pink` →
/// `Purple`, `red` → `Red`).
fn hagstrom_colour(colour: &str) -> String {
    match colour {
        "gray" | "grey" => "Grey".to_owned(),
        "pink" => "Purple".to_owned(),
        c => {
            let mut chars = c.chars();
            chars.next().map_or_else(String::new, |f| {
                f.to_uppercase().collect::<String>() + chars.as_str()
            })
        }
    }
}

/// Tracklayer's name of a colour as a table may spell it (`Grey`, `GRAY` →
/// `gray`; `Purple` → `pink`; others lower-cased).
fn colour_name(text: &str) -> String {
    match text.trim().to_lowercase().as_str() {
        "grey" | "gray" | "" => "gray".to_owned(),
        "purple" | "violet" => "pink".to_owned(),
        other => other.to_owned(),
    }
}

/// The design's tables in `dialect`: (file name, CSV text).
pub fn export_as(design: &GameFile, dialect: Dialect) -> [(&'static str, String); 3] {
    match dialect {
        Dialect::Tracklayer => export(design),
        Dialect::Hagstrom => export_hagstrom(design),
    }
}

/// The tables as bjornhagstrom/ticket-to-ride-map-editor reads them: stops
/// with their type (a city the design marks `type: Junction` stays one) and
/// position in its board units, routes with `Colour` names it knows, `Boat`
/// for a ferry with its `Locomotives`, `Tunnel` as a wagon style, tickets
/// with their deck and `Long deck`.
fn export_hagstrom(design: &GameFile) -> [(&'static str, String); 3] {
    let scale = hagstrom_scale(design);
    let unit = |mm: f32| {
        let u = (mm / scale * 100.0).round() / 100.0;
        u.to_string()
    };
    let extra_text = |extra: &serde_yaml::Mapping, key: &str| {
        extra
            .get(key)
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_owned()
    };
    let stops = write(
        &["Name", "Type", "X", "Y"],
        design.cities.iter().map(|c| {
            let kind = extra_text(&c.extra, STOP_TYPE);
            vec![
                c.name.clone(),
                if kind.is_empty() {
                    "Regular".to_owned()
                } else {
                    kind
                },
                unit(c.x),
                unit(c.y),
            ]
        }),
    );
    let routes = write(
        &[
            "From",
            "To",
            "Length",
            "Colour",
            "Type",
            "Wagon style",
            "Locomotives",
        ],
        design.routes.iter().map(|r| {
            vec![
                r.from.clone(),
                r.to.clone(),
                r.length.to_string(),
                hagstrom_colour(&r.color),
                if r.ferry > 0 { "Boat" } else { "Railway" }.to_owned(),
                if r.tunnel { "Tunnel" } else { "" }.to_owned(),
                if r.ferry > 0 {
                    r.ferry.to_string()
                } else {
                    String::new()
                },
            ]
        }),
    );
    let tickets = write(
        &["Deck", "From", "To", "Points", "Long deck"],
        design.tickets.iter().map(|t| {
            vec![
                extra_text(&t.extra, TICKET_DECK),
                t.from.clone(),
                t.to.clone(),
                t.points.to_string(),
                flag(t.long),
            ]
        }),
    );
    [
        (HAGSTROM_FILES[0], stops),
        (HAGSTROM_FILES[1], routes),
        (HAGSTROM_FILES[2], tickets),
    ]
}

/// The key a city keeps that editor's stop type under (`Junction`,
/// `Ferry port`), when it is not `Regular`.
const STOP_TYPE: &str = "type";
/// The key a ticket keeps that editor's deck name under.
const TICKET_DECK: &str = "deck";

/// A table header as import reads it: lower case, single spaces, and that
/// editor's aliases turned into Tracklayer's names (`Colour` → `color`,
/// `Long deck` → `long`, `Locomotives` → `ferry`, `a`/`b` → `from`/`to`).
fn column_name(table: Table, header: &str) -> String {
    let h = header
        .trim()
        .trim_start_matches('\u{feff}')
        .to_lowercase()
        .replace(['_', '-'], " ");
    let h = h.split_whitespace().collect::<Vec<_>>().join(" ");
    let alias = match (table, h.as_str()) {
        (Table::Routes | Table::Tickets, "a") => "from",
        (Table::Routes | Table::Tickets, "b") => "to",
        (Table::Routes, "colour") => "color",
        (Table::Routes, "locomotives" | "ferrylocomotives" | "ferry locomotives") => "ferry",
        (Table::Routes, "wagonstyle") => "wagon style",
        (Table::Routes | Table::Cities, "kind") => "type",
        (Table::Tickets, "long deck") => "long",
        (Table::Cities, "latitude" | "lat" | "longitude" | "lng" | "lon" | "long") => "lat/lon",
        _ => return h,
    };
    alias.to_owned()
}

/// Which table a header belongs to (aliases differ: `long` is a ticket's
/// long deck but a stop's longitude).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Table {
    Cities,
    Routes,
    Tickets,
}

/// The separator of a table: `,`, `;` or tab, whichever its header line
/// holds most of outside quotes (a comma on a tie).
fn separator(text: &str) -> u8 {
    let header = text.lines().next().unwrap_or_default();
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for b in header.bytes() {
        match b {
            b'"' => quoted = !quoted,
            b',' if !quoted => counts[0] += 1,
            b';' if !quoted => counts[1] += 1,
            b'\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let best = (0..3).max_by_key(|i| (counts[*i], 3 - i)).unwrap_or(0);
    [b',', b';', b'\t'][best]
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

/// The design's three tables: (file name, CSV text).
pub fn export(design: &GameFile) -> [(&'static str, String); 3] {
    let cities = write(
        &CITY_HEADER,
        design.cities.iter().map(|c| {
            vec![
                c.name.clone(),
                c.x.to_string(),
                c.y.to_string(),
                c.country.clone().unwrap_or_default(),
                flag(c.locked),
            ]
        }),
    );
    let routes = write(
        &ROUTE_HEADER,
        design.routes.iter().map(|r| {
            vec![
                r.id.clone().unwrap_or_default(),
                r.from.clone(),
                r.to.clone(),
                r.length.to_string(),
                r.color.clone(),
                flag(r.tunnel),
                r.ferry.to_string(),
                r.bends.to_string(),
            ]
        }),
    );
    let card_game = crate::families::of(design.family).ticket_cards
        || design
            .tickets
            .iter()
            .any(|t| !t.cards.is_empty() || !t.path.is_empty());
    let mut ticket_header = TICKET_HEADER.to_vec();
    if card_game {
        ticket_header.extend(CARD_TICKET_COLUMNS);
    }
    let tickets = write(
        &ticket_header,
        design.tickets.iter().map(|t| {
            let mut row = vec![
                t.from.clone(),
                t.to.clone(),
                t.points.to_string(),
                flag(t.long),
            ];
            if card_game {
                row.push(cards_text(&t.cards));
                row.push(t.path.join(PATH_SEPARATOR));
            }
            row
        }),
    );
    [
        (TABLE_FILES[0], cities),
        (TABLE_FILES[1], routes),
        (TABLE_FILES[2], tickets),
    ]
}

fn flag(b: bool) -> String {
    if b { "yes" } else { "no" }.to_owned()
}

fn write(header: &[&str], rows: impl Iterator<Item = Vec<String>>) -> String {
    let mut out = record(header.iter().map(|h| (*h).to_owned()).collect());
    for row in rows {
        out.push_str(&record(row.into_iter().map(neutralise).collect()));
    }
    out
}

/// One CSV line. A row with a cell that starts or ends with white space is
/// written with every cell quoted, so that import keeps the spaces (it trims
/// only cells that are not quoted).
fn record(cells: Vec<String>) -> String {
    let padded = cells.iter().any(|c| c.trim() != c);
    let mut w = csv::WriterBuilder::new()
        .quote_style(if padded {
            csv::QuoteStyle::Always
        } else {
            csv::QuoteStyle::Necessary
        })
        .buffer_capacity(256)
        .from_writer(Vec::new());
    // Writing to memory cannot fail.
    let _ = w.write_record(&cells);
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// What a spreadsheet takes for the start of a formula (OWASP, "CSV
/// Injection"): `=`, `+`, `-`, `@`, a tab or a carriage return.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A cell a spreadsheet would run as a formula (`=HYPERLINK(…)`), and one
/// that starts with the escaping quote itself, gets a leading `'`, as
/// spreadsheet-safe CSV writers do; a number (`-3.5`) stays as it is.
/// [`restore`] takes the quote off again on import.
fn neutralise(cell: String) -> String {
    let formula = cell.starts_with(FORMULA_STARTS) && cell.trim().parse::<f64>().is_err();
    if formula || cell.starts_with('\'') {
        format!("'{cell}")
    } else {
        cell
    }
}

/// Reads a cell [`neutralise`] wrote: one leading `'` before a formula
/// character or another `'` goes; anything else is as typed.
fn restore(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_STARTS) || rest.starts_with('\'') => rest,
        _ => cell,
    }
}

/// Which fields of one raw CSV line (cells split at `sep`) were quoted
/// (their first byte is `"`), so that import keeps their spaces.
fn quoted_fields(raw: &[u8], sep: u8) -> Vec<bool> {
    let raw = raw
        .iter()
        .position(|b| !matches!(b, b'\r' | b'\n'))
        .map_or(&[][..], |i| &raw[i..]);
    let mut out = Vec::new();
    let (mut at_start, mut in_quotes, mut quoted) = (true, false, false);
    for &b in raw {
        if in_quotes {
            in_quotes = b != b'"';
            continue;
        }
        match b {
            b'"' => {
                quoted |= at_start;
                in_quotes = true;
            }
            b if b == sep => {
                out.push(quoted);
                quoted = false;
                at_start = true;
                continue;
            }
            b'\r' | b'\n' => break,
            _ => {}
        }
        at_start = false;
    }
    out.push(quoted);
    out
}

/// Reads the three tables from `dir` into `design`, replacing its cities,
/// routes and tickets; on any bad row the design is left as it was. The
/// cities are read from `cities.csv`, or else from `stops.csv` (that
/// editor's stops, their positions scaled from its board units to the
/// design's board).
pub fn import(design: &mut GameFile, dir: &Path) -> Result<(), TableError> {
    let files = crate::families::of(design.family);
    if let Some(reason) = files.no_tables {
        return Err(TableError::Family {
            dir: dir.to_owned(),
            reason: reason.into(),
        });
    }
    let read = |name: &str| {
        let file = dir.join(name);
        crate::load::read_text(&file)
            .map(|text| (file.clone(), text))
            .map_err(|e| TableError::Io {
                file: file.clone(),
                source: std::io::Error::other(e.kind.to_string()),
            })
    };
    let stops = !dir.join(TABLE_FILES[0]).exists() && dir.join(HAGSTROM_FILES[0]).exists();
    let (cf, ct) = read(if stops {
        HAGSTROM_FILES[0]
    } else {
        TABLE_FILES[0]
    })?;
    let (rf, rt) = read(TABLE_FILES[1])?;
    let (tf, tt) = read(TABLE_FILES[2])?;
    let mut cities = parse_cities(&cf, &ct, &design.cities)?;
    if stops {
        scale_stops(&mut cities, design);
    }
    let routes = parse_routes(&rf, &rt, &design.routes)?;
    let tickets = parse_tickets(&tf, &tt, &design.tickets)?;
    if files.ticket_cards {
        fits_a_card_game(dir, &cities, &routes, &tt)?;
    }
    design.cities = cities;
    design.routes = routes;
    design.tickets = tickets;
    Ok(())
}

/// Positions of `stops.csv` in millimetres of `design`'s board: that
/// editor's units scaled by the board's width over its 1,100; positions
/// from elsewhere (beyond 1,100 units) are scaled to fit the board, shape
/// kept.
fn scale_stops(cities: &mut [CitySpec], design: &GameFile) {
    let reach = cities.iter().map(|c| c.x.max(c.y)).fold(0.0f32, f32::max);
    let scale = if reach > HAGSTROM_BOARD_WIDTH {
        design
            .board
            .as_ref()
            .map_or(DEFAULT_BOARD_WIDTH, |b| b.width)
            / reach
    } else {
        hagstrom_scale(design)
    };
    for c in cities {
        c.x *= scale;
        c.y *= scale;
    }
}

/// Refuses a board design's tables for a card-game design, which has no
/// cities or routes and whose tickets name their cards.
fn fits_a_card_game(
    dir: &Path,
    cities: &[CitySpec],
    routes: &[RouteSpec],
    tickets: &str,
) -> Result<(), TableError> {
    let has_cards = csv::Reader::from_reader(tickets.as_bytes())
        .headers()
        .is_ok_and(|h| {
            h.iter()
                .any(|c| column_name(Table::Tickets, c) == CARD_TICKET_COLUMNS[0])
        });
    if cities.is_empty() && routes.is_empty() && has_cards {
        return Ok(());
    }
    Err(TableError::Family {
        dir: dir.to_owned(),
        reason: format!(
            "these are a board design's tables ({} cities, {} routes{}), but the target is a card-game design, which has no cities or routes and whose tickets.csv has a `cards` column: import them into a board design, or derive a card game from one (`tracklayer derive card-game`)",
            cities.len(),
            routes.len(),
            if has_cards {
                ""
            } else {
                ", tickets without cards"
            }
        ),
    })
}

/// One row with its line, read by column name.
struct Row<'a> {
    file: &'a Path,
    line: u64,
    record: csv::StringRecord,
    /// Which fields were quoted (their spaces are kept).
    quoted: Vec<bool>,
    columns: &'a HashMap<String, usize>,
}

impl Row<'_> {
    fn error(&self, reason: String) -> TableError {
        TableError::Row {
            file: self.file.to_owned(),
            line: self.line,
            reason,
        }
    }

    /// A cell as written: trimmed unless it was quoted, a neutralised
    /// formula restored.
    fn text(&self, column: &str) -> String {
        let Some(&i) = self.columns.get(column) else {
            return String::new();
        };
        let cell = self.record.get(i).unwrap_or("");
        let cell = if self.quoted.get(i).copied().unwrap_or(false) {
            cell
        } else {
            cell.trim()
        };
        restore(cell).to_owned()
    }

    fn required(&self, column: &str) -> Result<String, TableError> {
        let t = self.text(column);
        if t.is_empty() {
            Err(self.error(format!("`{column}` is empty")))
        } else {
            Ok(t)
        }
    }

    fn number<T: std::str::FromStr>(&self, column: &str, empty: T) -> Result<T, TableError> {
        let t = self.text(column).trim().to_owned();
        if t.is_empty() {
            return Ok(empty);
        }
        t.parse()
            .map_err(|_| self.error(format!("`{column}`: `{t}` is not a number")))
    }

    fn coordinate(&self, column: &str) -> Result<f32, TableError> {
        let v: f32 = self.number(column, f32::NAN)?;
        if v.is_finite() {
            Ok(v)
        } else {
            Err(self.error(format!("`{column}` needs a number")))
        }
    }

    fn flag(&self, column: &str) -> Result<bool, TableError> {
        match self.text(column).trim().to_ascii_lowercase().as_str() {
            "" | "no" | "false" | "0" | "nej" => Ok(false),
            "yes" | "true" | "1" | "ja" => Ok(true),
            other => Err(self.error(format!("`{column}`: `{other}` is not yes or no"))),
        }
    }
}

/// Reads a table's rows, checking its header has the `required` columns
/// (headers in any case, with that editor's aliases; cells split at `,`,
/// `;` or tab, whichever the header uses).
fn rows<'a, T>(
    file: &'a Path,
    text: &str,
    table: Table,
    required: &[&str],
    columns: &'a mut HashMap<String, usize>,
    mut each: impl FnMut(&Row<'_>) -> Result<T, TableError>,
) -> Result<Vec<T>, TableError> {
    let sep = separator(text);
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .delimiter(sep)
        .from_reader(text.as_bytes());
    let head_error = |reason: String| TableError::Row {
        file: file.to_owned(),
        line: 1,
        reason,
    };
    let found = reader
        .headers()
        .map_err(|e| head_error(e.to_string()))?
        .clone();
    columns.clear();
    for (i, name) in found.iter().enumerate() {
        columns.insert(column_name(table, name), i);
    }
    if columns.contains_key("lat/lon") && !columns.contains_key("x") {
        return Err(head_error(
            "positions as latitude and longitude are not read: give `X` and `Y` columns".into(),
        ));
    }
    for want in required {
        if !columns.contains_key(*want) {
            return Err(head_error(format!(
                "the header lacks `{want}` (needed: {}; headers may be in any case)",
                required.join(",")
            )));
        }
    }
    let mut out = Vec::new();
    loop {
        let mut record = csv::StringRecord::new();
        match reader.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                return Err(TableError::Row {
                    file: file.to_owned(),
                    line: e.position().map_or(0, csv::Position::line),
                    reason: e.to_string(),
                });
            }
        }
        let start = record.position().map_or(0, csv::Position::byte) as usize;
        let end = reader.position().byte() as usize;
        let row = Row {
            file,
            line: record.position().map_or(0, csv::Position::line),
            quoted: quoted_fields(text.as_bytes().get(start..end).unwrap_or_default(), sep),
            record,
            columns,
        };
        out.push(each(&row)?);
    }
    Ok(out)
}

/// What the design's objects held beyond the tables (keys this version does
/// not know; a card-game ticket's cards and path), handed in order to the
/// rows that match them.
struct Keep<T> {
    earlier: HashMap<String, VecDeque<T>>,
}

impl<T: Default> Keep<T> {
    fn new(earlier: impl Iterator<Item = (String, T)>) -> Self {
        let mut map: HashMap<String, VecDeque<T>> = HashMap::new();
        for (key, extra) in earlier {
            map.entry(key).or_default().push_back(extra);
        }
        Keep { earlier: map }
    }

    /// The next unmatched object's extra keys for `key`, or none.
    fn take(&mut self, key: String) -> T {
        self.earlier
            .get_mut(&key)
            .and_then(VecDeque::pop_front)
            .unwrap_or_default()
    }
}

fn parse_cities(file: &Path, text: &str, old: &[CitySpec]) -> Result<Vec<CitySpec>, TableError> {
    let mut keep = Keep::new(old.iter().map(|c| (c.name.clone(), c.extra.clone())));
    let mut columns = HashMap::new();
    rows(
        file,
        text,
        Table::Cities,
        &CITY_HEADER[..3],
        &mut columns,
        |r| {
            let name = r.required("name")?;
            let country = r.text("country");
            let mut extra = keep.take(name.clone());
            // That editor's stop type: a junction (or its own type) is kept.
            match r.text("type").trim() {
                "" => {}
                t if t.eq_ignore_ascii_case("regular") => {
                    extra.remove(STOP_TYPE);
                }
                t if t.eq_ignore_ascii_case("waypoint") => {
                    extra.insert(STOP_TYPE.into(), "Junction".into());
                }
                t => {
                    extra.insert(STOP_TYPE.into(), t.into());
                }
            }
            Ok(CitySpec {
                x: r.coordinate("x")?,
                y: r.coordinate("y")?,
                country: (!country.is_empty()).then_some(country),
                locked: r.flag("locked")?,
                extra,
                name,
            })
        },
    )
}

fn parse_routes(file: &Path, text: &str, old: &[RouteSpec]) -> Result<Vec<RouteSpec>, TableError> {
    let key = |id: &Option<String>, from: &str, to: &str, color: &str| match id {
        Some(id) => format!("id {id}"),
        None => format!("{from}\u{0}{to}\u{0}{color}"),
    };
    let mut keep = Keep::new(
        old.iter()
            .map(|r| (key(&r.id, &r.from, &r.to, &r.color), r.extra.clone())),
    );
    let mut columns = HashMap::new();
    rows(
        file,
        text,
        Table::Routes,
        &["from", "to", "length"],
        &mut columns,
        |r| {
            let id = r.text("id");
            let id = (!id.is_empty()).then_some(id);
            let from = r.required("from")?;
            let to = r.required("to")?;
            let color = colour_name(&r.text("color"));
            let length: u32 = r.number("length", 0)?;
            if length == 0 {
                return Err(
                    r.error("`length` needs a whole number of car spaces, 1 or more".into())
                );
            }
            let bends =
                Points::parse(&r.text("bends")).map_err(|e| r.error(format!("`bends`: {e}")))?;
            let mut ferry: u32 = r.number("ferry", 0)?;
            let kind = r.text("type");
            match kind.trim().to_lowercase().as_str() {
                "" | "railway" | "rail" => {}
                // A boat route without a count needs one locomotive.
                "boat" | "ship" | "ferry" => ferry = ferry.max(1),
                _ => {
                    return Err(r.error(format!(
                        "`Type`: `{}` is not Railway or Boat (a tunnel is a `Wagon style`)",
                        kind.trim()
                    )));
                }
            }
            let style = r.text("wagon style");
            let tunnel = match style.trim().to_lowercase().as_str() {
                "" | "normal" | "regular" => r.flag("tunnel")?,
                "tunnel" => true,
                _ => {
                    return Err(r.error(format!(
                    "`Wagon style`: `{}` is not read (only `Tunnel` plays by a rule of its own)",
                    style.trim()
                )));
                }
            };
            Ok(RouteSpec {
                extra: keep.take(key(&id, &from, &to, &color)),
                id,
                from,
                to,
                length,
                color,
                tunnel,
                ferry,
                bends,
            })
        },
    )
}

fn parse_tickets(
    file: &Path,
    text: &str,
    old: &[TicketSpec],
) -> Result<Vec<TicketSpec>, TableError> {
    let key = |from: &str, to: &str| format!("{from}\u{0}{to}");
    let mut keep = Keep::new(old.iter().map(|t| {
        (
            key(&t.from, &t.to),
            (t.extra.clone(), t.cards.clone(), t.path.clone()),
        )
    }));
    let mut columns = HashMap::new();
    rows(
        file,
        text,
        Table::Tickets,
        &TICKET_HEADER[..3],
        &mut columns,
        |r| {
            let from = r.required("from")?;
            let to = r.required("to")?;
            let points: u32 = r.number("points", u32::MAX)?;
            if points == u32::MAX {
                return Err(r.error("`points` needs a whole number".into()));
            }
            let (mut extra, mut cards, mut path) = keep.take(key(&from, &to));
            if r.columns.contains_key(TICKET_DECK) {
                let deck = r.text(TICKET_DECK);
                if deck.is_empty() {
                    extra.remove(TICKET_DECK);
                } else {
                    extra.insert(TICKET_DECK.into(), deck.into());
                }
            }
            // A table with the card-game columns says what the ticket needs;
            // one without keeps what the design had.
            if r.columns.contains_key(CARD_TICKET_COLUMNS[0]) {
                cards =
                    parse_cards(&r.text("cards")).map_err(|e| r.error(format!("`cards`: {e}")))?;
            }
            if r.columns.contains_key(CARD_TICKET_COLUMNS[1]) {
                let text = r.text("path");
                path = text
                    .split(PATH_SEPARATOR.trim())
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .map(str::to_owned)
                    .collect();
            }
            Ok(TicketSpec {
                extra,
                cards,
                path,
                from,
                to,
                points,
                long: r.flag("long")?,
            })
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usa() -> GameFile {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        crate::load(&path).unwrap().design
    }

    fn write_tables(design: &GameFile) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in export(design) {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }

    #[test]
    fn every_bundled_design_comes_back_the_same_through_its_tables() {
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        for entry in std::fs::read_dir(&maps).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "yaml") {
                continue;
            }
            let design = crate::load(&path).unwrap().design;
            let dir = write_tables(&design);
            let mut back = design.clone();
            if crate::families::of(design.family).no_tables.is_some() {
                // Stations and tracks have no tables: the import is refused.
                assert!(import(&mut back, dir.path()).is_err());
                continue;
            }
            import(&mut back, dir.path()).unwrap();
            assert_eq!(back, design, "{}", path.display());
        }
    }

    #[test]
    fn a_bad_row_names_its_file_and_line_and_changes_nothing() {
        let design = usa();
        let dir = write_tables(&design);
        let routes = dir.path().join("routes.csv");
        let text = std::fs::read_to_string(&routes).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        lines[3] = ",Atlanta,Raleigh,two,gray,no,0,".to_owned();
        std::fs::write(&routes, lines.join("\n")).unwrap();
        let mut d = design.clone();
        let err = import(&mut d, dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("routes.csv:4:") && err.contains("`length`: `two`"),
            "{err}"
        );
        assert_eq!(d, design);
        std::fs::write(&routes, "from,to,color\nA,B,red\n").unwrap();
        let err = import(&mut d, dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("routes.csv:1:") && err.contains("lacks `length`"),
            "{err}"
        );
    }

    #[test]
    fn keys_the_tables_do_not_hold_stay_with_their_objects() {
        let mut design = usa();
        design.cities[2]
            .extra
            .insert("note".into(), "harbour town".into());
        let dir = write_tables(&design);
        let cities = dir.path().join("cities.csv");
        let text = std::fs::read_to_string(&cities).unwrap();
        // The spreadsheet moved a city and sorted the rows the other way.
        let mut lines: Vec<&str> = text.lines().collect();
        let header = lines.remove(0);
        lines.reverse();
        let moved = format!("{header}\n{}\n", lines.join("\n")).replace(
            &format!("{},{},", design.cities[2].name, design.cities[2].x),
            &format!("{},{},", design.cities[2].name, 99.5),
        );
        std::fs::write(&cities, moved).unwrap();
        let mut back = design.clone();
        import(&mut back, dir.path()).unwrap();
        let city = back
            .cities
            .iter()
            .find(|c| c.name == design.cities[2].name)
            .unwrap();
        assert_eq!(city.x, 99.5);
        assert_eq!(
            city.extra.get("note").and_then(|v| v.as_str()),
            Some("harbour town")
        );
        assert_eq!(
            back.cities.first().map(|c| &c.name),
            design.cities.last().map(|c| &c.name)
        );
    }

    #[test]
    fn card_game_tickets_come_back_with_their_cards_and_paths_and_edits_are_read() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml");
        let design = crate::load(&path).unwrap().design;
        let dir = write_tables(&design);
        let tickets = std::fs::read_to_string(dir.path().join("tickets.csv")).unwrap();
        let mut lines: Vec<String> = tickets.lines().map(str::to_owned).collect();
        assert_eq!(lines[0], "from,to,points,long,cards,path");
        assert_eq!(
            lines[1],
            "Denver,El Paso,4,no,yellow:1 red:1,Denver > Oklahoma City > El Paso"
        );
        // The spreadsheet gives the first ticket two blue cards more and a
        // new ticket with its own cards; its rows are not matched by name.
        lines[1] =
            "Denver,El Paso,4,no,yellow:1 red:1 blue:2,Denver > Oklahoma City > El Paso".into();
        lines.push("Boston,Miami,3,no,green:3,".into());
        std::fs::write(dir.path().join("tickets.csv"), lines.join("\n")).unwrap();
        let mut back = GameFile {
            tickets: Vec::new(),
            ..design.clone()
        };
        import(&mut back, dir.path()).unwrap();
        assert_eq!(back.tickets.len(), design.tickets.len() + 1);
        assert_eq!(back.tickets[1..design.tickets.len()], design.tickets[1..]);
        assert_eq!(cards_text(&back.tickets[0].cards), "yellow:1 red:1 blue:2");
        let added = back.tickets.last().unwrap();
        assert_eq!(
            (cards_text(&added.cards).as_str(), added.path.len()),
            ("green:3", 0)
        );

        lines[1] = "Denver,El Paso,4,no,yellow:one,".into();
        std::fs::write(dir.path().join("tickets.csv"), lines.join("\n")).unwrap();
        let err = import(&mut back, dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("tickets.csv:2:") && err.contains("`cards`: `yellow:one`"),
            "{err}"
        );
        assert!(parse_cards("red:1 red:2").is_err());
        assert_eq!(parse_cards("").unwrap().len(), 0);
    }

    #[test]
    fn formulas_are_neutralised_on_export_and_every_name_reads_back_exactly() {
        let mut design = usa();
        let names = [
            "=HYPERLINK(\"http://x\",\"y\")",
            "+1",
            "-Minus",
            "@SUM(A1)",
            "\tTab",
            "\rReturn",
            " padded ",
            "'quoted",
            "''=twice",
            "-12.5",
        ];
        let old: Vec<String> = design.cities[..names.len()]
            .iter()
            .map(|c| c.name.clone())
            .collect();
        for (city, name) in design.cities.iter_mut().zip(names) {
            city.name = name.to_owned();
        }
        for route in &mut design.routes {
            for end in [&mut route.from, &mut route.to] {
                if let Some(i) = old.iter().position(|o| o == end) {
                    *end = names[i].to_owned();
                }
            }
        }
        design.tickets[0].from = names[0].to_owned();
        let dir = write_tables(&design);
        let cities = std::fs::read_to_string(dir.path().join("cities.csv")).unwrap();
        let mut reader = csv::Reader::from_reader(cities.as_bytes());
        let cells: Vec<String> = reader.records().map(|r| r.unwrap()[0].to_owned()).collect();
        for (cell, name) in cells.iter().zip(names) {
            let risky = name.starts_with(FORMULA_STARTS) && name.parse::<f64>().is_err();
            assert!(
                !risky || cell.starts_with('\''),
                "{name:?} written as {cell:?}"
            );
        }
        let mut back = design.clone();
        back.cities.clear();
        import(&mut back, dir.path()).unwrap();
        assert_eq!(back.cities, design.cities);
        assert_eq!(back.routes, design.routes);
        assert_eq!(back.tickets, design.tickets);
    }

    #[test]
    fn unquoted_cells_are_trimmed_and_quoted_ones_keep_their_spaces() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("cities.csv"),
            "name,x,y,country,locked\n\" padded \", 1 ,2,,no\n  Trimmed  ,3,4,,\"no\"\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("routes.csv"), ROUTE_HEADER.join(",")).unwrap();
        std::fs::write(dir.path().join("tickets.csv"), TICKET_HEADER.join(",")).unwrap();
        let mut design = GameFile::default();
        import(&mut design, dir.path()).unwrap();
        let names: Vec<&str> = design.cities.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, [" padded ", "Trimmed"]);
        assert_eq!(design.cities[0].x, 1.0);
    }

    #[test]
    fn board_tables_are_refused_by_a_card_game_or_dice_design_which_stays_as_it_was() {
        let dir = write_tables(&usa());
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        for name in ["card-game-usa.yaml", "trains-and-stations-demo.yaml"] {
            let design = crate::load(&maps.join(name)).unwrap().design;
            let mut target = design.clone();
            let err = import(&mut target, dir.path()).unwrap_err().to_string();
            assert!(
                err.contains("import them into a board design"),
                "{name}: {err}"
            );
            assert_eq!(target, design, "{name}");
        }
    }
    /// Cells of a table by lower-case header, row by row, whatever its
    /// separator.
    fn cells(text: &str) -> Vec<HashMap<String, String>> {
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(separator(text))
            .from_reader(text.as_bytes());
        let head: Vec<String> = reader
            .headers()
            .unwrap()
            .iter()
            .map(|h| h.trim().to_lowercase())
            .collect();
        reader
            .records()
            .map(|r| {
                head.iter()
                    .cloned()
                    .zip(r.unwrap().iter().map(|c| c.trim().to_owned()))
                    .collect()
            })
            .collect()
    }

    // The templates of that editor's CSV guide, written from its column
    // descriptions: a stop file saved by a European Excel (semicolons), a
    // route file with tabs, a ticket file with commas, headers in its case.
    const STOPS: &str = "Name;Type;X;Y\nHarbour;Regular;100;200\nHill Town;Regular;550;120\nCrossing;Junction;300;400\nIsland;Ferry port;900;650\n";
    const ROUTES: &str = "From\tTo\tLength\tColour\tType\tWagon style\tLocomotives\nHarbour\tHill Town\t4\tGrey\tRailway\t\t\nHarbour\tHill Town\t4\tPurple\tRailway\t\t\nHarbour\tCrossing\t2\tRed\tRailway\tTunnel\t\nCrossing\tIsland\t3\tBlue\tBoat\t\t1\n";
    const TICKETS: &str = "Deck,From,To,Points,Long deck\nStarter,Harbour,Island,9,no\nStarter,Hill Town,Island,7,no\nGrand tour,Harbour,Island,20,yes\n";

    #[test]
    fn that_editors_templates_read_in_and_write_back_in_its_dialect() {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in [
            ("stops.csv", STOPS),
            ("routes.csv", ROUTES),
            ("tickets.csv", TICKETS),
        ] {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        let mut design = GameFile {
            board: usa().board,
            ..GameFile::default()
        };
        import(&mut design, dir.path()).unwrap();
        // Positions in its units (1,100 across) become millimetres of the
        // 820 mm board.
        let harbour = &design.cities[0];
        assert!(
            (harbour.x - 100.0 * 820.0 / 1100.0).abs() < 1e-3,
            "{}",
            harbour.x
        );
        assert_eq!(
            design.cities[2].extra.get("type").and_then(|v| v.as_str()),
            Some("Junction")
        );
        let colours: Vec<&str> = design.routes.iter().map(|r| r.color.as_str()).collect();
        assert_eq!(colours, ["gray", "pink", "red", "blue"]);
        assert!(design.routes[2].tunnel && !design.routes[0].tunnel);
        assert_eq!(design.routes[3].ferry, 1);
        assert_eq!(design.tickets.iter().filter(|t| t.long).count(), 1);

        // Written back in its dialect, every cell it wrote reads the same.
        let out = export_as(&design, Dialect::Hagstrom);
        for ((name, written), original) in out.iter().zip([STOPS, ROUTES, TICKETS]) {
            let (back, first) = (cells(written), cells(original));
            assert_eq!(back.len(), first.len(), "{name}");
            for (b, f) in back.iter().zip(&first) {
                for (column, value) in f {
                    let got = b.get(column).map(String::as_str).unwrap_or_default();
                    let same = match (got.parse::<f32>(), value.parse::<f32>()) {
                        (Ok(g), Ok(v)) => (g - v).abs() < 0.01,
                        _ => got.eq_ignore_ascii_case(value),
                    };
                    assert!(same, "{name}: {column}: wrote {got:?} for {value:?}");
                }
            }
        }
    }

    #[test]
    fn a_design_goes_to_that_editors_dialect_and_back_with_its_network() {
        let design = usa();
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in export_as(&design, Dialect::Hagstrom) {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        let mut back = GameFile {
            board: design.board.clone(),
            ..GameFile::default()
        };
        import(&mut back, dir.path()).unwrap();
        assert_eq!(back.cities.len(), design.cities.len());
        for (b, d) in back.cities.iter().zip(&design.cities) {
            assert_eq!(b.name, d.name);
            assert!(
                (b.x - d.x).abs() < 0.01 && (b.y - d.y).abs() < 0.01,
                "{}",
                d.name
            );
        }
        let route = |r: &RouteSpec| {
            (
                r.from.clone(),
                r.to.clone(),
                r.length,
                r.color.clone(),
                r.tunnel,
                r.ferry,
            )
        };
        let ticket = |t: &TicketSpec| (t.from.clone(), t.to.clone(), t.points, t.long);
        assert_eq!(
            back.routes.iter().map(route).collect::<Vec<_>>(),
            design.routes.iter().map(route).collect::<Vec<_>>()
        );
        assert_eq!(
            back.tickets.iter().map(ticket).collect::<Vec<_>>(),
            design.tickets.iter().map(ticket).collect::<Vec<_>>()
        );
        // A type or wagon style it does not know is named with its line.
        std::fs::write(
            dir.path().join("routes.csv"),
            "from;to;length;type\nA;B;2;Monorail\n",
        )
        .unwrap();
        let err = import(&mut back, dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("routes.csv:2:") && err.contains("`Monorail`"),
            "{err}"
        );
    }
}
