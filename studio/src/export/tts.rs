//! A Tabletop Simulator saved object: the board as a custom board (a board
//! game's board, a dice game's station map; the card game has none), and each
//! card section as a custom deck whose faces are drawn on sheets of at most
//! 10 × 7 cards (identical cards share one face), with the deck counts as
//! card lists. The images are PNG files beside the JSON, referenced by
//! `file:///` URLs (`docs/export.md` says how to load and share it).

use std::path::Path;

use engine::Board;
use engine::families::AnyDesign;
use formats::GameFile;
use resvg::{tiny_skia, usvg};
use serde_json::{Value, json};
use svg::node::element::{Group, SVG};

use super::ExportError;
use super::cards::{self, CARD_H, CARD_W, Card, MiniMap, Section};
use super::pdf::{svg_of, tree};
use crate::drawing::geometry::Geometry;
use crate::drawing::svg::{BoardStyle, Colors, board_png};

/// Most cards across a Tabletop Simulator card sheet.
const SHEET_COLS: usize = 10;
/// Most cards down a sheet.
const SHEET_ROWS: usize = 7;
/// Resolution of the card faces, dots per inch.
const DPI: f32 = 150.0;
/// Resolution of the board image unless another is asked for (`--dpi`): a
/// large board is drawn at fewer dots per inch.
pub const BOARD_DPI: f32 = DPI;

/// A Tabletop Simulator set: the saved object's JSON and its images, by file
/// name.
pub struct TtsSet {
    /// The saved object (`<name>.json`).
    pub json: String,
    /// The images, named as the JSON refers to them.
    pub images: Vec<(String, Vec<u8>)>,
}

/// Writes the set of `file` of any family (built as `design`) into the
/// folder `dir` (created if missing): `<stem>.json` and its images, each file
/// atomically: a board game's board (drawn at `board_dpi`) and decks, a dice
/// game's station map and decks, the card game's decks (its tickets with a
/// mini-map of `source`, the board design it was derived from, when given).
pub fn write_any(
    file: &GameFile,
    design: &AnyDesign,
    source: Option<&GameFile>,
    dir: &Path,
    stem: &str,
    board_dpi: f32,
) -> Result<(), ExportError> {
    save(dir, stem, |abs| match design {
        AnyDesign::Board(board) => set(file, board, abs, board_dpi),
        AnyDesign::CardGame(d) => {
            let sections = cards::card_game_sections(file, d);
            match source {
                Some(source) => {
                    let geometry = Geometry::build(source, 0);
                    let map = MiniMap::of(source, &geometry);
                    assemble(file, None, &sections, Some(&map), abs)
                }
                None => assemble(file, None, &sections, None, abs),
            }
        }
        AnyDesign::Dice(d) => {
            let (map, w, h) = super::station_map::drawing(file, d);
            let dpi = within_limit(w, h, DPI);
            let px = |mm: f32| (mm / 25.4 * dpi).round() as u32;
            let png = render_px(&svg_of(map, w, h), px(w), px(h))?;
            assemble(file, Some(png), &cards::dice_sections(d), None, abs)
        }
    })
}

/// Makes the set with `make` (given the absolute folder its images will lie
/// in) and writes it into `dir` as `<stem>.json` and its images. The folder
/// is made only once the set is: a set that cannot be made leaves nothing.
fn save(
    dir: &Path,
    stem: &str,
    make: impl FnOnce(&Path) -> Result<TtsSet, ExportError>,
) -> Result<(), ExportError> {
    let abs = absolute_folder(dir).map_err(|reason| ExportError::Folder {
        folder: dir.to_owned(),
        reason,
    })?;
    let set = make(&abs)?;
    let json = format!("{stem}.json");
    let files = std::iter::once((json.as_str(), set.json.as_bytes()))
        .chain(set.images.iter().map(|(n, b)| (n.as_str(), b.as_slice())));
    Ok(formats::write_files(dir, files).map(drop)?)
}

/// The absolute, link-free path `dir` has (or will have once made).
fn absolute_folder(dir: &Path) -> std::io::Result<std::path::PathBuf> {
    if let Ok(found) = std::fs::canonicalize(dir) {
        return Ok(found);
    }
    let parent = dir.parent().filter(|p| !p.as_os_str().is_empty());
    match (parent, dir.file_name()) {
        (Some(parent), Some(name)) => Ok(absolute_folder(parent)?.join(name)),
        (None, Some(name)) => Ok(std::fs::canonicalize(".")?.join(name)),
        _ => std::path::absolute(dir),
    }
}

/// The set of the board design `design` (built as `board`) whose images will
/// lie in `dir` (an absolute folder: the JSON refers to them by `file:///`
/// URLs).
pub fn set(design: &GameFile, board: &Board, dir: &Path, dpi: f32) -> Result<TtsSet, ExportError> {
    let style = BoardStyle {
        colors: Colors::Screen,
        ..BoardStyle::default()
    };
    let geometry = Geometry::build(design, 0);
    let (w, h) = crate::drawing::svg::extent(design, &geometry);
    let png = board_png(design, within_limit(w, h, dpi), &style)?;
    let map = MiniMap::of(design, &geometry);
    assemble(
        design,
        Some(png),
        &cards::sections(design, board),
        Some(&map),
        dir,
    )
}

/// The set of `design`: its board image (when it has a board) and a deck per
/// card section, the tickets with `map`'s mini-map when there is one; the
/// images will lie in `dir`.
fn assemble(
    design: &GameFile,
    board: Option<Vec<u8>>,
    sections: &[Section],
    map: Option<&MiniMap>,
    dir: &Path,
) -> Result<TtsSet, ExportError> {
    let url = |name: &str| {
        format!(
            "file:///{}",
            dir.join(name).display().to_string().trim_start_matches('/')
        )
    };
    let mut images = Vec::new();
    let mut objects = Vec::new();
    if let Some(png) = board {
        images.push(("board.png".to_owned(), png));
        objects.push(json!({
            "Name": "Custom_Board",
            "GUID": guid(0),
            "Nickname": design.name,
            "Description": "Board exported by Tracklayer",
            "Transform": transform(0.0, 0.0, false),
            "Locked": true,
            "CustomImage": {
                "ImageURL": url("board.png"),
                "ImageSecondaryURL": "",
                "ImageScalar": 1.0,
                "WidthScale": 0.0
            }
        }));
    }
    let network = map.map(MiniMap::network);
    for (k, section) in sections.iter().enumerate() {
        let slug = slug(&section.title);
        // Identical cards share a face: the deck lists a face once per card.
        let mut faces: Vec<&Card> = Vec::new();
        let mut ids = Vec::new();
        for card in &section.cards {
            let i = faces.iter().position(|f| *f == card).unwrap_or_else(|| {
                faces.push(card);
                faces.len() - 1
            });
            ids.push(i);
        }
        let back = format!("{slug}-back.png");
        images.push((
            back.clone(),
            render_cards(&back_svg(&design.name, &section.title), 1, 1)?,
        ));
        let mut custom = serde_json::Map::new();
        for (s, chunk) in faces.chunks(SHEET_COLS * SHEET_ROWS).enumerate() {
            let cols = chunk.len().min(SHEET_COLS);
            let rows = chunk.len().div_ceil(SHEET_COLS);
            let name = format!("{slug}-{}.png", s + 1);
            images.push((
                name.clone(),
                render_cards(
                    &sheet_svg(chunk, cols, rows, map.zip(network.as_ref())),
                    cols,
                    rows,
                )?,
            ));
            custom.insert(
                deck_key(k, s).to_string(),
                json!({
                    "FaceURL": url(&name),
                    "BackURL": url(&back),
                    "NumWidth": cols,
                    "NumHeight": rows,
                    "BackIsHidden": true,
                    "UniqueBack": false,
                    "Type": 0
                }),
            );
        }
        let card_ids: Vec<u32> = ids
            .iter()
            .map(|i| {
                deck_key(k, i / (SHEET_COLS * SHEET_ROWS)) * 100
                    + (i % (SHEET_COLS * SHEET_ROWS)) as u32
            })
            .collect();
        let x = -20.0 + 8.0 * k as f32;
        // The rules are read, not dealt: they lie face up.
        let face_down = !section.title.starts_with("Rules") && section.title != "Designer's rules";
        let card = |n: usize, id: u32| {
            json!({
                "Name": "Card",
                "GUID": guid(1000 * (k + 1) + n),
                "Nickname": section.cards[n].name(),
                "CardID": id,
                "CustomDeck": custom.clone(),
                "Transform": transform(x, -18.0, face_down),
            })
        };
        if card_ids.len() == 1 {
            objects.push(card(0, card_ids[0]));
        } else {
            objects.push(json!({
                "Name": "DeckCustom",
                "GUID": guid(k + 1),
                "Nickname": section.title,
                "Transform": transform(x, -18.0, face_down),
                "DeckIDs": card_ids,
                "CustomDeck": custom,
                "ContainedObjects": card_ids.iter().enumerate().map(|(n, id)| card(n, *id)).collect::<Vec<_>>(),
            }));
        }
    }
    let save = json!({
        "SaveName": design.name,
        "GameMode": "",
        "Date": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": ""
    });
    let json = serde_json::to_string_pretty(&save)?;
    Ok(TtsSet { json, images })
}

/// The key of sheet `sheet` of section `section` in `CustomDeck` (card ids
/// are the key × 100 plus the place on the sheet).
fn deck_key(section: usize, sheet: usize) -> u32 {
    (section * 100 + sheet + 1) as u32
}

/// The longest side Tabletop Simulator takes of an image, pixels.
pub const MAX_IMAGE: f32 = 4096.0;

/// `dpi`, or fewer dots per inch when a board `w` × `h` mm would be more
/// than [`MAX_IMAGE`] pixels a side at `dpi`.
pub fn within_limit(w: f32, h: f32, dpi: f32) -> f32 {
    dpi.min(MAX_IMAGE * 25.4 / w.max(h).max(1.0)).floor()
}

/// A six-hex-digit object id, unique within the set.
fn guid(n: usize) -> String {
    format!("{:06x}", 0x10_0000 + n)
}

/// Where an object lies on the table: `x`, `z` and face down or up.
fn transform(x: f32, z: f32, face_down: bool) -> Value {
    json!({
        "posX": x, "posY": 1.0, "posZ": z,
        "rotX": 0.0, "rotY": 180.0, "rotZ": if face_down { 180.0 } else { 0.0 },
        "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0
    })
}

/// A file-name part from a title: `Long destination tickets` → `long-destination-tickets`.
fn slug(title: &str) -> String {
    title
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// A sheet of card faces, `cols` × `rows`, each cut at its trim line; the
/// tickets carry the mini-map (its network drawn) when there is one.
fn sheet_svg(
    cards: &[&Card],
    cols: usize,
    rows: usize,
    mini: Option<(&MiniMap, &Group)>,
) -> String {
    let mut all = Group::new();
    for (i, card) in cards.iter().enumerate() {
        let (x, y) = ((i % cols) as f32 * CARD_W, (i / cols) as f32 * CARD_H);
        let (face, marks) = cards::draw(card, 0.0, 0.0, mini.map(|(m, _)| m));
        let mut cell = SVG::new()
            .set("x", x)
            .set("y", y)
            .set("width", CARD_W)
            .set("height", CARD_H)
            .set("viewBox", (0.0, 0.0, CARD_W, CARD_H))
            .add(face);
        if let (Some((at, marks)), Some((map, network))) = (marks, mini) {
            cell = cell
                .add(
                    SVG::new()
                        .set("x", at.x)
                        .set("y", at.y)
                        .set("width", map.width * at.scale)
                        .set("height", map.height * at.scale)
                        .set("viewBox", (0.0, 0.0, map.width, map.height))
                        .add(network.clone()),
                )
                .add(marks);
        }
        all = all.add(cell);
    }
    svg_of(all, cols as f32 * CARD_W, rows as f32 * CARD_H)
}

/// The back of a section's cards, as the print-and-play PDF draws it (the
/// deck's and the design's names wrapped to fit the card).
fn back_svg(design: &str, title: &str) -> String {
    let back = cards::Back {
        deck: title.to_owned(),
        design: design.to_owned(),
        version: String::new(),
    };
    svg_of(back.draw(0.0, 0.0), CARD_W, CARD_H)
}

/// Pixels of a card on a sheet, width and height: 63 × 88 mm at [`DPI`],
/// rounded to whole pixels, so a sheet is a whole number of cards each way.
fn card_px() -> (u32, u32) {
    let px = |mm: f32| (mm / 25.4 * DPI).round() as u32;
    (px(CARD_W), px(CARD_H))
}

/// A sheet of `cols` × `rows` cards (SVG text, `cols` × `rows` cards in
/// millimetres) as a PNG exactly `cols` × `rows` card sizes of [`card_px`].
fn render_cards(svg: &str, cols: usize, rows: usize) -> Result<Vec<u8>, ExportError> {
    let (cw, ch) = card_px();
    render_px(svg, cw * cols as u32, ch * rows as u32)
}

/// SVG text as a PNG of `w` × `h` pixels.
fn render_px(svg: &str, w: u32, h: u32) -> Result<Vec<u8>, ExportError> {
    let tree: usvg::Tree = tree(svg)?;
    let size = tree.size();
    let mut pixmap =
        tiny_skia::Pixmap::new(w.max(1), h.max(1)).ok_or(ExportError::SheetTooLarge {
            width: w,
            height: h,
        })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(w as f32 / size.width(), h as f32 / size.height()),
        &mut pixmap.as_mut(),
    );
    Ok(crate::drawing::svg::encode_png(&pixmap)?)
}
