//! A Tabletop Simulator saved object: the board as a locked tile at the
//! cards' scale (a board game's board, a dice game's station map; the card
//! game has none), each card section of the print-and-play kit as a custom
//! deck whose faces are drawn on sheets of at most 10 × 7 cards (identical
//! cards share one face), with the deck counts as card lists, placed below
//! the board, and the kit's playing pieces ([`super::tts_table`]). The
//! images are PNG files beside the JSON, referenced by `file:///` URLs
//! (`docs/export.md` says how to load and share it).

use std::path::Path;

use engine::families::AnyDesign;
use formats::GameFile;
use resvg::{tiny_skia, usvg};
use serde_json::{Value, json};
use svg::node::element::{Group, SVG};

use super::ExportError;
use super::cards::{self, CARD_H, CARD_W, Card, MiniMap};
use super::kit::Kit;
use super::pdf::{svg_of, tree};
use super::tts_table::{Layout, Objects, transform, units};
use crate::drawing::geometry::Geometry;
use crate::drawing::paper::Paper;
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
/// atomically: a board game's board (drawn at `board_dpi`), a dice game's
/// station map (none for the card game), the kit's decks (the card game's
/// tickets with a mini-map of `source`, the board design it was derived
/// from, when given) and its playing pieces, counted from the rules as the
/// print-and-play kit counts them.
pub fn write_any(
    file: &GameFile,
    design: &AnyDesign,
    source: Option<&GameFile>,
    dir: &Path,
    stem: &str,
    board_dpi: f32,
) -> Result<(), ExportError> {
    save(dir, stem, |abs| {
        make_any(file, design, source, abs, board_dpi)
    })
}

/// The set of `file` of any family (built as `design`) whose images will
/// lie in `dir` (an absolute folder: the JSON refers to them by `file:///`
/// URLs).
pub fn make_any(
    file: &GameFile,
    design: &AnyDesign,
    source: Option<&GameFile>,
    dir: &Path,
    board_dpi: f32,
) -> Result<TtsSet, ExportError> {
    let kit = Kit::new(file, design, Paper::A4);
    match design {
        AnyDesign::Board(_) => {
            let style = BoardStyle {
                colors: Colors::Screen,
                ..BoardStyle::default()
            };
            let geometry = Geometry::build(file, 0);
            let (w, h) = crate::drawing::svg::extent(file, &geometry);
            let png = board_png(file, within_limit(w, h, board_dpi), &style)?;
            let map = MiniMap::of(file, &geometry);
            assemble(file, Some((png, w, h)), &kit, Some(&map), dir)
        }
        AnyDesign::CardGame(_) => match source {
            Some(source) => {
                let geometry = Geometry::build(source, 0);
                let map = MiniMap::of(source, &geometry);
                assemble(file, None, &kit, Some(&map), dir)
            }
            None => assemble(file, None, &kit, None, dir),
        },
        AnyDesign::Dice(d) => {
            let (map, w, h) = super::station_map::drawing(file, d);
            let dpi = within_limit(w, h, DPI);
            let px = |mm: f32| (mm / 25.4 * dpi).round() as u32;
            let png = render_px(&svg_of(map, w, h), px(w), px(h))?;
            assemble(file, Some((png, w, h)), &kit, None, dir)
        }
    }
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

/// The set of `design`: its board (an image of `w` × `h` mm) when it has
/// one, a deck per card section of `kit` (the tickets with `map`'s mini-map
/// when there is one) and `kit`'s pieces; the images will lie in `dir`.
fn assemble(
    design: &GameFile,
    board: Option<(Vec<u8>, f32, f32)>,
    kit: &Kit,
    map: Option<&MiniMap>,
    dir: &Path,
) -> Result<TtsSet, ExportError> {
    let url = |name: &str| {
        format!(
            "file:///{}",
            dir.join(name).display().to_string().trim_start_matches('/')
        )
    };
    let mut built = Objects::new(&url);
    let mut objects = Vec::new();
    let mut layout = Layout {
        board: (0.0, 0.0),
        decks: kit.sections.len(),
    };
    if let Some((png, w, h)) = board {
        layout.board = (units(w), units(h));
        let at = built.image("board.png", || Ok(png))?;
        objects.push(built.board(&design.name, &at, layout.board));
    }
    let network = map.map(MiniMap::network);
    for (k, section) in kit.sections.iter().enumerate() {
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
        let back = built.image(&format!("{slug}-back.png"), || {
            render_cards(&back_svg(&design.name, &section.title), 1, 1)
        })?;
        let mut custom = serde_json::Map::new();
        for (s, chunk) in faces.chunks(SHEET_COLS * SHEET_ROWS).enumerate() {
            let cols = chunk.len().min(SHEET_COLS);
            let rows = chunk.len().div_ceil(SHEET_COLS);
            let face = built.image(&format!("{slug}-{}.png", s + 1), || {
                render_cards(
                    &sheet_svg(chunk, cols, rows, map.zip(network.as_ref())),
                    cols,
                    rows,
                )
            })?;
            custom.insert(
                deck_key(k, s).to_string(),
                json!({
                    "FaceURL": face,
                    "BackURL": back,
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
        let at = layout.deck(k);
        // The rules are read, not dealt: they lie face up.
        let face_down = !section.title.starts_with("Rules") && section.title != "Designer's rules";
        let mut card = |n: usize, id: u32| {
            json!({
                "Name": "Card",
                "GUID": built.guid(),
                "Nickname": section.cards[n].name(),
                "CardID": id,
                "CustomDeck": custom.clone(),
                "Transform": transform(at, (1.0, 1.0, 1.0), face_down),
            })
        };
        if card_ids.len() == 1 {
            objects.push(card(0, card_ids[0]));
        } else {
            let contained: Vec<Value> = card_ids
                .iter()
                .enumerate()
                .map(|(n, id)| card(n, *id))
                .collect();
            objects.push(json!({
                "Name": "DeckCustom",
                "GUID": built.guid(),
                "Nickname": section.title,
                "Transform": transform(at, (1.0, 1.0, 1.0), face_down),
                "DeckIDs": card_ids,
                "CustomDeck": custom,
                "ContainedObjects": contained,
            }));
        }
    }
    objects.extend(built.pieces(&kit.pieces, kit.players, &layout)?);
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
    Ok(TtsSet {
        json,
        images: built.images,
    })
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
pub(crate) fn render_px(svg: &str, w: u32, h: u32) -> Result<Vec<u8>, ExportError> {
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
