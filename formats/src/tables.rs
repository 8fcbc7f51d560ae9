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

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};

use crate::design::{CitySpec, GameFile, RouteSpec, TicketSpec};
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
    let card_game = design.family == crate::Family::CardGame
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
    let mut w = csv::Writer::from_writer(Vec::new());
    // Writing to memory cannot fail.
    let _ = w.write_record(header);
    for row in rows {
        let _ = w.write_record(&row);
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// Reads the three tables from `dir` into `design`, replacing its cities,
/// routes and tickets; on any bad row the design is left as it was.
pub fn import(design: &mut GameFile, dir: &Path) -> Result<(), TableError> {
    let read = |name: &str| {
        let file = dir.join(name);
        std::fs::read_to_string(&file)
            .map(|text| (file.clone(), text))
            .map_err(|source| TableError::Io { file, source })
    };
    let (cf, ct) = read(TABLE_FILES[0])?;
    let (rf, rt) = read(TABLE_FILES[1])?;
    let (tf, tt) = read(TABLE_FILES[2])?;
    let cities = parse_cities(&cf, &ct, &design.cities)?;
    let routes = parse_routes(&rf, &rt, &design.routes)?;
    let tickets = parse_tickets(&tf, &tt, &design.tickets)?;
    design.cities = cities;
    design.routes = routes;
    design.tickets = tickets;
    Ok(())
}

/// One row with its line, read by column name.
struct Row<'a> {
    file: &'a Path,
    line: u64,
    record: csv::StringRecord,
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

    fn text(&self, column: &str) -> String {
        self.columns
            .get(column)
            .and_then(|&i| self.record.get(i))
            .unwrap_or("")
            .trim()
            .to_owned()
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
        let t = self.text(column);
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
        match self.text(column).to_ascii_lowercase().as_str() {
            "" | "no" | "false" | "0" => Ok(false),
            "yes" | "true" | "1" => Ok(true),
            other => Err(self.error(format!("`{column}`: `{other}` is not yes or no"))),
        }
    }
}

/// Reads a table's rows, checking its header has `header`'s columns.
fn rows<'a, T>(
    file: &'a Path,
    text: &str,
    header: &[&str],
    columns: &'a mut HashMap<String, usize>,
    mut each: impl FnMut(&Row<'_>) -> Result<T, TableError>,
) -> Result<Vec<T>, TableError> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
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
        columns.insert(name.trim().to_owned(), i);
    }
    for want in header {
        if !columns.contains_key(*want) {
            return Err(head_error(format!(
                "the header lacks `{want}` (expected: {})",
                header.join(",")
            )));
        }
    }
    let mut out = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| TableError::Row {
            file: file.to_owned(),
            line: e.position().map_or(0, csv::Position::line),
            reason: e.to_string(),
        })?;
        let line = record.position().map_or(0, csv::Position::line);
        let row = Row {
            file,
            line,
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
    rows(file, text, &CITY_HEADER, &mut columns, |r| {
        let name = r.required("name")?;
        let country = r.text("country");
        Ok(CitySpec {
            x: r.coordinate("x")?,
            y: r.coordinate("y")?,
            country: (!country.is_empty()).then_some(country),
            locked: r.flag("locked")?,
            extra: keep.take(name.clone()),
            name,
        })
    })
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
    rows(file, text, &ROUTE_HEADER, &mut columns, |r| {
        let id = r.text("id");
        let id = (!id.is_empty()).then_some(id);
        let from = r.required("from")?;
        let to = r.required("to")?;
        let color = r.required("color")?;
        let length: u32 = r.number("length", 0)?;
        if length == 0 {
            return Err(r.error("`length` needs a whole number of car spaces, 1 or more".into()));
        }
        let bends =
            Points::parse(&r.text("bends")).map_err(|e| r.error(format!("`bends`: {e}")))?;
        Ok(RouteSpec {
            extra: keep.take(key(&id, &from, &to, &color)),
            id,
            from,
            to,
            length,
            color,
            tunnel: r.flag("tunnel")?,
            ferry: r.number("ferry", 0)?,
            bends,
        })
    })
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
    rows(file, text, &TICKET_HEADER, &mut columns, |r| {
        let from = r.required("from")?;
        let to = r.required("to")?;
        let points: u32 = r.number("points", u32::MAX)?;
        if points == u32::MAX {
            return Err(r.error("`points` needs a whole number".into()));
        }
        let (extra, mut cards, mut path) = keep.take(key(&from, &to));
        // A table with the card-game columns says what the ticket needs;
        // one without keeps what the design had.
        if r.columns.contains_key(CARD_TICKET_COLUMNS[0]) {
            cards = parse_cards(&r.text("cards")).map_err(|e| r.error(format!("`cards`: {e}")))?;
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
    })
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
            err.contains("routes.csv:1:") && err.contains("lacks `id`"),
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
}
