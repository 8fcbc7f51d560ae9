//! Writing a design's three tables in Tracklayer's own columns, or in
//! another dialect.

use super::cells::{flag, write};
use super::hagstrom::export_hagstrom;
use super::{
    CARD_TICKET_COLUMNS, CITY_HEADER, Dialect, PATH_SEPARATOR, ROUTE_HEADER, TABLE_FILES,
    TICKET_HEADER, cards_text,
};
use crate::design::GameFile;

/// The design's tables in `dialect`: (file name, CSV text).
pub fn export_as(design: &GameFile, dialect: Dialect) -> [(&'static str, String); 3] {
    match dialect {
        Dialect::Tracklayer => export(design),
        Dialect::Hagstrom => export_hagstrom(design),
    }
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
