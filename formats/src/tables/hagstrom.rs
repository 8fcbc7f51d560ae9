//! The dialect of the browser map editor
//! bjornhagstrom/ticket-to-ride-map-editor: its board units, colour names,
//! column aliases and stop types, for writing and for reading.

use super::HAGSTROM_FILES;
use super::cells::{flag, write};
use crate::board_game::map::CitySpec;
use crate::design::GameFile;

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
pub(super) fn colour_name(text: &str) -> String {
    match text.trim().to_lowercase().as_str() {
        "grey" | "gray" | "" => "gray".to_owned(),
        "purple" | "violet" => "pink".to_owned(),
        other => other.to_owned(),
    }
}

/// The tables as bjornhagstrom/ticket-to-ride-map-editor reads them: stops
/// with their type (a city the design marks `type: Junction` stays one) and
/// position in its board units, routes with `Colour` names it knows, `Boat`
/// for a ferry with its `Locomotives`, `Tunnel` as a wagon style, tickets
/// with their deck and `Long deck`.
pub(super) fn export_hagstrom(design: &GameFile) -> [(&'static str, String); 3] {
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
pub(super) const STOP_TYPE: &str = "type";
/// The key a ticket keeps that editor's deck name under.
pub(super) const TICKET_DECK: &str = "deck";

/// A table header as import reads it: lower case, single spaces, and that
/// editor's aliases turned into Tracklayer's names (`Colour` → `color`,
/// `Long deck` → `long`, `Locomotives` → `ferry`, `a`/`b` → `from`/`to`).
pub(super) fn column_name(table: Table, header: &str) -> String {
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
pub(super) enum Table {
    Cities,
    Routes,
    Tickets,
}

/// Positions of `stops.csv` in millimetres of `design`'s board: that
/// editor's units scaled by the board's width over its 1,100; positions
/// from elsewhere (beyond 1,100 units) are scaled to fit the board, shape
/// kept.
pub(super) fn scale_stops(cities: &mut [CitySpec], design: &GameFile) {
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
