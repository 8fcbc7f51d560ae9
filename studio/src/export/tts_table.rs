//! Where a Tabletop Simulator set's objects lie and how large they are, and
//! the saved objects of the playing pieces: the kit's groups of pieces
//! ([`super::kit`]) as tiles, bags of tiles and custom dice, each drawn as
//! the print-and-play kit prints it.
//!
//! The JSON follows saved objects of real sets (`docs/export.md` names the
//! files compared): `Custom_Tile` with `CustomImage.CustomTile` (`Type`,
//! `Thickness`, `Stackable`, `Stretch`), `Bag` with `Bag.Order` and
//! `ContainedObjects`, `Custom_Dice` with `CustomImage.CustomDice.Type` (1:
//! a six-sided die) and `RotationValues`.
//!
//! Sizes: a card at scale 1 is taken as 2.5 × 3.5 table units (a poker card,
//! the unit "about an inch" as Tabletop Simulator's knowledge base says), so
//! a unit is [`MM_PER_UNIT`] millimetres of the printed kit; a stretched
//! `Custom_Tile` at scale 1 is 2 units square (real saves lay tiles of scale
//! 38 side by side 76 units apart). The board and every piece are scaled
//! from their printed millimetres with these, so board and cards match.

use serde_json::{Value, json};

use super::ExportError;
use super::cards::{CARD_H, CARD_W};
use super::kit::PieceGroup;
use crate::drawing::components::{self, Piece, Seat, face_word};

/// Width of a card at scale 1, table units.
pub const CARD_UNITS: f32 = 2.5;
/// Millimetres of the printed kit per table unit: the printed card's width
/// over its width on the table.
pub const MM_PER_UNIT: f32 = CARD_W / CARD_UNITS;
/// Side of a stretched `Custom_Tile` at scale 1, table units.
pub const TILE_UNITS: f32 = 2.0;
/// Room between groups of objects on the table, units.
const GAP: f32 = 1.0;
/// Resolution of the pieces' images, dots per inch.
const PIECE_DPI: f32 = 300.0;

/// Table units of `mm` printed millimetres.
pub fn units(mm: f32) -> f32 {
    mm / MM_PER_UNIT
}

/// The card's size on the table, units.
pub fn card_units() -> (f32, f32) {
    (units(CARD_W), units(CARD_H))
}

/// Where a rectangle lies on the table: its centre and size, units (`x`
/// to the right, `z` away from the player).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    /// Centre, across.
    pub x: f32,
    /// Centre, away.
    pub z: f32,
}

/// The table's layout around a board of `board` units (zero for the card
/// game): decks in a row below the board, each player's pieces in a column
/// right of the board (or of the decks, without a board) and the pieces
/// nobody owns in the next, the score track in rows above the board.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// The board's width and depth, units.
    pub board: (f32, f32),
    /// How many decks lie below it.
    pub decks: usize,
}

/// Room between the columns and rows of pieces, units.
const PIECE_PITCH: f32 = 2.5;

impl Layout {
    /// Deck `k`'s place: below the board, from its left edge.
    pub fn deck(&self, k: usize) -> Spot {
        let (cw, ch) = card_units();
        Spot {
            x: -self.board.0 / 2.0 + cw / 2.0 + k as f32 * (cw + GAP),
            z: -self.board.1 / 2.0 - GAP - ch / 2.0,
        }
    }

    /// Column `k` of pieces, row `row` of it: right of the board and of the
    /// decks, from the board's far edge down.
    pub fn pieces(&self, k: usize, row: usize) -> Spot {
        let (cw, _) = card_units();
        let decks_end = -self.board.0 / 2.0 + self.decks as f32 * (cw + GAP);
        let right = (self.board.0 / 2.0).max(decks_end);
        Spot {
            x: right + GAP + PIECE_PITCH / 2.0 + k as f32 * PIECE_PITCH,
            z: self.board.1 / 2.0 - PIECE_PITCH / 2.0 - row as f32 * PIECE_PITCH,
        }
    }

    /// The left end of score-track row `row`: above the board.
    pub fn track(&self, row: usize) -> Spot {
        Spot {
            x: -self.board.0 / 2.0,
            z: self.board.1 / 2.0 + GAP + units(components::TRACK_SPACE) * (row as f32 + 0.5),
        }
    }
}

/// The column of a player's pieces (the seat's place in the seat order) or,
/// for pieces nobody owns, the column after `players` seats; each column
/// fills from the top.
struct Columns {
    players: usize,
    rows: Vec<usize>,
}

impl Columns {
    /// The next free place of the column of `seat`.
    fn next(&mut self, seat: Option<&Seat>) -> (usize, usize) {
        let column = seat
            .and_then(|s| components::SEATS.iter().position(|t| t.name == s.name))
            .map_or(self.players, |k| k.min(self.players));
        if self.rows.len() <= column {
            self.rows.resize(column + 1, 0);
        }
        let row = self.rows[column];
        self.rows[column] += 1;
        (column, row)
    }
}

/// Builds a set's objects: unique ids, the images they use (drawn once,
/// named by what they show) and their URLs.
pub struct Objects<'a> {
    next: usize,
    /// The images, by file name.
    pub images: Vec<(String, Vec<u8>)>,
    url: &'a dyn Fn(&str) -> String,
}

impl<'a> Objects<'a> {
    /// A builder whose images are found at `url(name)`.
    pub fn new(url: &'a dyn Fn(&str) -> String) -> Objects<'a> {
        Objects {
            next: 0,
            images: Vec::new(),
            url,
        }
    }

    /// A fresh six-hex-digit object id.
    pub fn guid(&mut self) -> String {
        self.next += 1;
        format!("{:06x}", 0x10_0000 + self.next)
    }

    /// The URL of image `name`, made with `make` the first time.
    pub fn image(
        &mut self,
        name: &str,
        make: impl FnOnce() -> Result<Vec<u8>, ExportError>,
    ) -> Result<String, ExportError> {
        if !self.images.iter().any(|(n, _)| n == name) {
            let png = make()?;
            self.images.push((name.to_owned(), png));
        }
        Ok((self.url)(name))
    }

    /// A flat tile showing `url`, `w` × `d` units, at `at`.
    pub fn tile(
        &mut self,
        name: &str,
        url: &str,
        (w, d): (f32, f32),
        at: Spot,
        round: bool,
    ) -> Value {
        json!({
            "Name": "Custom_Tile",
            "GUID": self.guid(),
            "Nickname": name,
            "Description": "",
            "Transform": transform(at, (w / TILE_UNITS, 1.0, d / TILE_UNITS), false),
            "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
            "Locked": false,
            "CustomImage": {
                "ImageURL": url,
                "ImageSecondaryURL": url,
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
                "CustomTile": {
                    "Type": if round { 2 } else { 0 },
                    "Thickness": 0.1,
                    "Stackable": true,
                    "Stretch": true
                }
            }
        })
    }

    /// The board: a locked tile `w` × `d` units showing `url`, centred.
    pub fn board(&mut self, name: &str, url: &str, (w, d): (f32, f32)) -> Value {
        let mut board = self.tile(name, url, (w, d), Spot { x: 0.0, z: 0.0 }, false);
        board["Locked"] = json!(true);
        board["Description"] = json!("Board exported by Tracklayer, at the cards' scale");
        board["CustomImage"]["CustomTile"]["Stackable"] = json!(false);
        board
    }

    /// A bag named `name` in `seat`'s colour holding `contents`, at `at`.
    pub fn bag(
        &mut self,
        name: &str,
        seat: Option<&Seat>,
        at: Spot,
        contents: Vec<Value>,
    ) -> Value {
        json!({
            "Name": "Bag",
            "GUID": self.guid(),
            "Nickname": name,
            "Description": engine::words::count(contents.len(), "piece"),
            "Transform": transform(at, (1.0, 1.0, 1.0), false),
            "ColorDiffuse": colour(seat),
            "Locked": false,
            "Bag": {"Order": 0},
            "ContainedObjects": contents
        })
    }

    /// The objects of the kit's `groups` of pieces for `players` seats: a
    /// row of one piece lies loose (a score marker, the conductor), a row of
    /// several goes into a bag (a player's trains, the coins), a die's row
    /// of face labels is a custom die (the dice of one colour in a bag), the
    /// score-track strips lie end to end above the board.
    pub fn pieces(
        &mut self,
        groups: &[PieceGroup],
        players: usize,
        layout: &Layout,
    ) -> Result<Vec<Value>, ExportError> {
        let mut out = Vec::new();
        let mut columns = Columns {
            players,
            rows: Vec::new(),
        };
        let mut place = |seat: Option<&Seat>| {
            let (column, row) = columns.next(seat);
            layout.pieces(column, row)
        };
        for group in groups {
            if group.title == "Score track" {
                out.extend(self.track(group, layout)?);
                continue;
            }
            if group.title.starts_with("Die labels") {
                let seat = match group.rows.first().and_then(|r| r.first()) {
                    Some(Piece::DieFace { seat, .. }) => *seat,
                    _ => None,
                };
                let name = match seat {
                    Some(s) => format!("{} dice", s.name),
                    None => "White bonus dice".to_owned(),
                };
                let at = place(seat.as_ref());
                let mut dice = Vec::new();
                for (k, row) in group.rows.iter().enumerate() {
                    dice.push(self.die(&format!("{name} {}", k + 1), row, seat.as_ref(), at)?);
                }
                out.push(self.bag(&name, seat.as_ref(), at, dice));
                continue;
            }
            let title = group.title.to_lowercase();
            for row in &group.rows {
                let seat = match row.first() {
                    Some(Piece::Counter { seat, .. }) => Some(*seat),
                    _ => None,
                };
                let name = match seat {
                    Some(s) => format!("{} {}", s.name, title.trim_end_matches('s')),
                    None => group.title.trim_end_matches('s').to_owned(),
                };
                let at = place(seat.as_ref());
                let mut tiles = Vec::new();
                for piece in row {
                    tiles.push(self.piece(&name, piece, at)?);
                }
                if tiles.len() == 1 {
                    out.extend(tiles);
                } else {
                    let bag_name = match seat {
                        Some(s) => format!("{} {title}", s.name),
                        None => group.title.clone(),
                    };
                    out.push(self.bag(&bag_name, seat.as_ref(), at, tiles));
                }
            }
        }
        Ok(out)
    }

    /// One piece as a tile of its printed size, at `at`.
    fn piece(&mut self, name: &str, piece: &Piece, at: Spot) -> Result<Value, ExportError> {
        let (w, h) = components::size(piece);
        let url = self.image(&piece_file(piece), || {
            render_mm(components::draw(piece, 0.0, 0.0), w, h)
        })?;
        let round = matches!(piece, Piece::Coin | Piece::Conductor)
            || matches!(
                piece,
                Piece::Counter {
                    mark: components::Mark::Score,
                    ..
                }
            );
        Ok(self.tile(name, &url, (units(w), units(h)), at, round))
    }

    /// The score track's strips, end to end in rows as wide as the board
    /// (or eight strips without one), locked in place.
    fn track(&mut self, group: &PieceGroup, layout: &Layout) -> Result<Vec<Value>, ExportError> {
        let mut out = Vec::new();
        let width = if layout.board.0 > 0.0 {
            layout.board.0
        } else {
            40.0
        };
        let (mut row, mut x) = (0, 0.0);
        for piece in group.rows.iter().flatten() {
            let (w, h) = components::size(piece);
            let (uw, uh) = (units(w), units(h));
            if x > 0.0 && x + uw > width {
                row += 1;
                x = 0.0;
            }
            let start = layout.track(row);
            let at = Spot {
                x: start.x + x + uw / 2.0,
                z: start.z,
            };
            let name = match piece {
                Piece::Track { from, to } => format!("Score track {from}–{to}"),
                _ => "Score track".to_owned(),
            };
            let url = self.image(&piece_file(piece), || {
                render_mm(components::draw(piece, 0.0, 0.0), w, h)
            })?;
            let mut tile = self.tile(&name, &url, (uw, uh), at, false);
            tile["Locked"] = json!(true);
            out.push(tile);
            x += uw;
        }
        Ok(out)
    }

    /// A die whose faces are `row`'s labels: a custom six-sided die whose
    /// image is Tabletop Simulator's d6 template ([`D6_CELLS`]), each face
    /// reporting its name when rolled. A die of another number of faces (a
    /// design may give any) lies as a tile of its labels in a row.
    fn die(
        &mut self,
        name: &str,
        row: &[Piece],
        seat: Option<&Seat>,
        at: Spot,
    ) -> Result<Value, ExportError> {
        let label = components::DIE_LABEL;
        let words: Vec<&str> = row
            .iter()
            .filter_map(|p| match p {
                Piece::DieFace { face, .. } => Some(face_value(*face)),
                _ => None,
            })
            .collect();
        let key = format!(
            "die-{}-{}.png",
            seat.map_or("white", |s| s.name),
            words.join("-").replace(' ', "_")
        );
        if row.len() != D6_CELLS.len() {
            let (w, h) = (label * row.len() as f32, label);
            let url = self.image(&key, || {
                let mut g = svg::node::element::Group::new();
                for (k, p) in row.iter().enumerate() {
                    g = g.add(components::draw(p, k as f32 * label, 0.0));
                }
                render_mm(g, w, h)
            })?;
            let mut tile = self.tile(name, &url, (units(w), units(h)), at, false);
            tile["Description"] = json!(format!(
                "a die of {} ({}): roll a d{} and read this strip",
                engine::words::count(row.len(), "face"),
                words.join(", "),
                row.len()
            ));
            return Ok(tile);
        }
        let side = label * 3.0;
        let url = self.image(&key, || {
            let mut g = svg::node::element::Group::new();
            for (p, cell) in row.iter().zip(D6_CELLS) {
                let (x, y) = (f32::from(cell.column) * label, f32::from(cell.row) * label);
                let face = components::draw(p, x, y);
                g = g.add(if cell.upside_down {
                    let (cx, cy) = (x + label / 2.0, y + label / 2.0);
                    svg::node::element::Group::new()
                        .set("transform", format!("rotate(180 {cx} {cy})"))
                        .add(face)
                } else {
                    face
                });
            }
            render_mm(g, side, side)
        })?;
        let rotations: Vec<Value> = words
            .iter()
            .zip(D6_ROTATIONS)
            .map(|(word, (x, y, z))| json!({"Value": word, "Rotation": {"x": x, "y": y, "z": z}}))
            .collect();
        Ok(json!({
            "Name": "Custom_Dice",
            "GUID": self.guid(),
            "Nickname": name,
            "Description": words.join(", "),
            "Transform": transform(at, (1.0, 1.0, 1.0), false),
            "ColorDiffuse": colour(seat),
            "Locked": false,
            "CustomImage": {
                "ImageURL": url,
                "ImageSecondaryURL": "",
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
                "CustomDice": {"Type": 1}
            },
            "RotationValues": rotations
        }))
    }
}

/// What a rolled die reports for `face` (the label's word; `locked train`
/// in full).
pub fn face_value(face: formats::dice::Face) -> &'static str {
    match face {
        formats::dice::Face::LockedTrain => "locked train",
        f => face_word(f),
    }
}

/// Where one face of a six-sided die lies on its image.
#[derive(Debug, Clone, Copy)]
struct D6Cell {
    /// Column of the image's 3 × 3 grid, from the left.
    column: u8,
    /// Row of the grid, from the top.
    row: u8,
    /// Whether the face is drawn turned half a turn, as the template draws it.
    upside_down: bool,
}

/// Where face `k` (0-based) of a six-sided die lies on its image: Tabletop
/// Simulator's own d6 template (`Modding/Dice Templates`, shown being edited
/// in its knowledge base, `docs/img/custom-dice/ps1.png`) is a square of
/// 3 × 3 cells whose top row is unused, faces 2, 4 and 5 in the middle row
/// and 1, 3 and 6 in the bottom row, 1 and 6 drawn upside down.
const D6_CELLS: [D6Cell; 6] = [
    D6Cell {
        column: 0,
        row: 2,
        upside_down: true,
    },
    D6Cell {
        column: 0,
        row: 1,
        upside_down: false,
    },
    D6Cell {
        column: 1,
        row: 2,
        upside_down: false,
    },
    D6Cell {
        column: 1,
        row: 1,
        upside_down: false,
    },
    D6Cell {
        column: 2,
        row: 1,
        upside_down: false,
    },
    D6Cell {
        column: 2,
        row: 2,
        upside_down: true,
    },
];

/// The rotation that shows face `k` on top, as Tabletop Simulator's
/// six-sided dice record them (`RotationValues`).
const D6_ROTATIONS: [(f32, f32, f32); 6] = [
    (-90.0, 0.0, 0.0),
    (0.0, 0.0, 0.0),
    (0.0, 0.0, -90.0),
    (0.0, 0.0, 90.0),
    (0.0, 0.0, -180.0),
    (90.0, 0.0, 0.0),
];

/// The image file of a piece, named by what it shows.
fn piece_file(piece: &Piece) -> String {
    let name = match piece {
        Piece::Counter { seat, mark } => {
            let mark = match mark {
                components::Mark::Building(f) => face_word(*f).to_owned(),
                m => format!("{m:?}").to_lowercase(),
            };
            format!("{}-{mark}", seat.name)
        }
        Piece::Track { from, to } => format!("track-{from}-{to}"),
        Piece::DieFace { seat, face } => {
            format!("{}-{}", seat.map_or("white", |s| s.name), face_word(*face))
        }
        Piece::Coin => "coin".to_owned(),
        Piece::Conductor => "conductor".to_owned(),
    };
    format!("piece-{}.png", name.replace(' ', "_"))
}

/// A drawing `w` × `h` mm as a PNG at [`PIECE_DPI`].
fn render_mm(content: svg::node::element::Group, w: f32, h: f32) -> Result<Vec<u8>, ExportError> {
    let px = |mm: f32| (mm / 25.4 * PIECE_DPI).round() as u32;
    super::tts::render_px(&super::pdf::svg_of(content, w, h), px(w), px(h))
}

/// A seat's colour as Tabletop Simulator tints an object (white: none).
fn colour(seat: Option<&Seat>) -> Value {
    match seat {
        Some(s) => json!({
            "r": f32::from(s.fill.r()) / 255.0,
            "g": f32::from(s.fill.g()) / 255.0,
            "b": f32::from(s.fill.b()) / 255.0
        }),
        None => json!({"r": 1.0, "g": 1.0, "b": 1.0}),
    }
}

/// Where an object lies: at `at`, scaled, face down or up.
pub fn transform(at: Spot, (sx, sy, sz): (f32, f32, f32), face_down: bool) -> Value {
    json!({
        "posX": at.x, "posY": 1.0, "posZ": at.z,
        "rotX": 0.0, "rotY": 180.0, "rotZ": if face_down { 180.0 } else { 0.0 },
        "scaleX": sx, "scaleY": sy, "scaleZ": sz
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_is_the_cards_width_over_two_and_a_half_and_decks_clear_the_board() {
        assert!((MM_PER_UNIT - 25.2).abs() < 1e-4);
        let layout = Layout {
            board: (40.0, 24.0),
            decks: 3,
        };
        let (cw, ch) = card_units();
        let first = layout.deck(0);
        // Below the board's near edge, from its left edge, not overlapping.
        assert!(first.z + ch / 2.0 <= -12.0);
        assert!((first.x - cw / 2.0 + 20.0).abs() < 1e-4);
        assert!(layout.deck(1).x - layout.deck(0).x >= cw);
        assert!(layout.pieces(0, 0).x > 20.0);
        // Without a board the pieces start right of the decks.
        let cards_only = Layout {
            board: (0.0, 0.0),
            decks: 4,
        };
        assert!(cards_only.pieces(0, 0).x - 1.0 > cards_only.deck(3).x + cw / 2.0);
        assert!(layout.track(0).z > 12.0);
        // The six faces sit on six different cells of the template's lower
        // two rows, and only faces 1 and 6 are drawn upside down.
        let mut cells: Vec<(u8, u8)> = D6_CELLS.iter().map(|c| (c.column, c.row)).collect();
        cells.sort_unstable();
        cells.dedup();
        assert_eq!(cells.len(), 6);
        assert!(cells.iter().all(|&(c, r)| c < 3 && (1..3).contains(&r)));
        let turned: Vec<usize> = (0..6).filter(|&k| D6_CELLS[k].upside_down).collect();
        assert_eq!(turned, [0, 5]);
    }
}
