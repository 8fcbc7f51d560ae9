//! Reading the three tables back into a design: rows by column name,
//! what the design's objects held beyond the tables kept with them, a bad
//! row named by file and line.

use std::collections::{HashMap, VecDeque};
use std::path::Path;

use super::cells::{quoted_fields, restore, separator};
use super::hagstrom::{STOP_TYPE, TICKET_DECK, Table, colour_name, column_name, scale_stops};
use super::{
    CARD_TICKET_COLUMNS, CITY_HEADER, HAGSTROM_FILES, PATH_SEPARATOR, TABLE_FILES, TICKET_HEADER,
    TableError, parse_cards,
};
use crate::board_game::map::{CitySpec, RouteSpec, TicketSpec};
use crate::design::GameFile;
use crate::points::Points;

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
            "these are a board design's tables ({}, {}{}), but the target is a card-game design, which has no cities or routes and whose tickets.csv has a `cards` column: import them into a board design, or derive a card game from one (`tracklayer derive card-game`)",
            crate::words::count(cities.len(), "city"),
            crate::words::count(routes.len(), "route"),
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
