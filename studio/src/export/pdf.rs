//! The print-and-play PDF: a page map, the board at real size tiled across
//! pages, then the cards section by section, each page stamped. Every page is
//! drawn as an SVG tree (usvg) and written by krilla; the board and the
//! tickets' mini-map are each written once and placed on the pages that show
//! them. A board game prints its board; a dice game its station map; the
//! card game has no board and prints its cards only.

use engine::Board;
use engine::families::AnyDesign;
use formats::GameFile;
use krilla::Document;
use krilla::geom::{PathBuilder, Rect, Size, Transform};
use krilla::graphic::Graphic;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::FillRule;
use krilla::surface::Surface;
use krilla_svg::{SurfaceExt, SvgSettings};
use resvg::usvg;
use svg::node::element::Group;

use super::ExportError;
use super::cards::{Back, Backs, CardGrid, MiniMap};
use super::kit::{BOARD, Kit};
use super::pieces::{self, PiecePage};
use super::sheet::Sheet;
use super::stamp::Stamp;
use super::tiles::{Area, MARGIN, Place, Tiling};
use crate::drawing::geometry::Geometry;
use crate::drawing::paper::Paper;
use crate::drawing::svg::{BoardStyle, Colors, drawing};

/// Points (PDF units) per millimetre.
const PT: f32 = 72.0 / 25.4;

/// How the kit is printed: the paper and how card backs are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The paper.
    pub paper: Paper,
    /// Card backs.
    pub backs: Backs,
}

impl Options {
    /// `paper` with duplex backs.
    pub fn on(paper: Paper) -> Options {
        Options {
            paper,
            backs: Backs::Duplex,
        }
    }
}

/// What the PDF of a design holds, page by page: the contents page, the page
/// map and the board's tiles (those not left out as empty), each card
/// section (with its backs), the pages of pieces.
pub struct Plan {
    /// The paper.
    pub paper: Paper,
    /// How the board is split (`None`: a design without a board).
    pub tiling: Option<Tiling>,
    /// The tiles left out for showing nothing but background.
    pub skipped: Vec<(u32, u32)>,
    /// How cards sit on a page.
    pub grid: CardGrid,
    /// The components, card sections and pieces.
    pub kit: Kit,
    /// The pages of pieces.
    pub piece_pages: Vec<PiecePage>,
}

impl Plan {
    /// The plan for `file` of any family (built as `design`), with its kit.
    pub fn of(file: &GameFile, design: &AnyDesign, options: Options) -> Plan {
        let kit = Kit::new(file, design, options.paper);
        Plan::with_kit(file, design, options, kit)
    }

    /// The plan for `file` (built as `design`) printing `kit`.
    pub fn with_kit(file: &GameFile, design: &AnyDesign, options: Options, kit: Kit) -> Plan {
        let paper = options.paper;
        let board = match design {
            AnyDesign::Board(_) => {
                let g = Geometry::build(file, 0);
                let (w, h) = crate::drawing::svg::extent(file, &g);
                Some((w, h, board_content(&g)))
            }
            AnyDesign::CardGame(_) => None,
            AnyDesign::Dice(d) => {
                let (_, w, h) = super::station_map::drawing(file, d);
                Some((w, h, super::station_map::content(file, d)))
            }
        };
        let (tiling, skipped) = match board {
            Some((w, h, content)) => {
                let t = Tiling::new(w, h, paper);
                let skipped = t.empty_tiles(&content);
                (Some(t), skipped)
            }
            None => (None, Vec::new()),
        };
        let piece_pages = pieces::flow(&kit.pieces, paper);
        Plan {
            paper,
            tiling,
            skipped,
            grid: CardGrid::new(paper, options.backs),
            kit,
            piece_pages,
        }
    }

    /// Board tiles printed.
    pub fn tile_pages(&self) -> usize {
        self.tiling
            .map_or(0, |t| t.pages() as usize - self.skipped.len())
    }

    /// Pages in all: the contents, the page map and the tiles printed (when
    /// there is a board), the card pages (backs included), the pieces.
    pub fn pages(&self) -> usize {
        1 + self.tiling.map_or(0, |_| 1 + self.tile_pages())
            + self
                .kit
                .sections
                .iter()
                .map(|s| self.grid.pages(s.cards.len()) as usize)
                .sum::<usize>()
            + self.piece_pages.len()
    }

    /// The first and last page (from 1) of every part: the board (its page
    /// map and tiles), each card section and each group of pieces, by title.
    pub fn parts(&self) -> Vec<(String, usize, usize)> {
        let mut out = Vec::new();
        let mut next = 2;
        if self.tiling.is_some() {
            let n = 1 + self.tile_pages();
            out.push((BOARD.to_owned(), next, next + n - 1));
            next += n;
        }
        for s in &self.kit.sections {
            let n = self.grid.pages(s.cards.len()) as usize;
            out.push((s.title.clone(), next, next + n - 1));
            next += n;
        }
        for (gi, g) in self.kit.pieces.iter().enumerate() {
            let on: Vec<usize> = self
                .piece_pages
                .iter()
                .enumerate()
                .filter(|(_, p)| p.groups.contains(&gi))
                .map(|(k, _)| next + k)
                .collect();
            if let (Some(a), Some(b)) = (on.first(), on.last()) {
                out.push((g.title.clone(), *a, *b));
            }
        }
        out
    }
}

/// Where something is drawn on a board (cities with room for their names,
/// routes), in board millimetres: a tile meeting none of it is empty.
fn board_content(g: &Geometry) -> Vec<Area> {
    let city = |p: &egui::Pos2| egui::Rect::from_center_size(*p, egui::vec2(40.0, 20.0));
    g.cities
        .iter()
        .map(city)
        .chain(
            g.routes
                .iter()
                .filter(|r| !r.line.is_empty())
                .map(|r| r.bbox),
        )
        .map(|r| Area {
            x: r.min.x,
            y: r.min.y,
            w: r.width(),
            h: r.height(),
        })
        .collect()
}

/// The print-and-play PDF of the board design `design` (built as `board`) on
/// `paper`, every page stamped with `stamp`.
pub fn pdf(
    design: &GameFile,
    board: &Board,
    paper: Paper,
    stamp: &Stamp,
) -> Result<Vec<u8>, ExportError> {
    let built = AnyDesign::Board(std::sync::Arc::new(board.clone()));
    print_with(design, &built, None, Options::on(paper), stamp)
}

/// The print-and-play PDF of `file` of any family (built as `design`) on
/// `paper` with duplex backs, every page stamped with `stamp`.
pub fn print(
    file: &GameFile,
    design: &AnyDesign,
    source: Option<&GameFile>,
    paper: Paper,
    stamp: &Stamp,
) -> Result<Vec<u8>, ExportError> {
    print_with(file, design, source, Options::on(paper), stamp)
}

/// The print-and-play PDF of `file` of any family (built as `design`)
/// printed as `options` say, every page stamped with `stamp`. A card game's
/// tickets carry a mini-map of `source`, the board design it was derived
/// from, when given.
pub fn print_with(
    file: &GameFile,
    design: &AnyDesign,
    source: Option<&GameFile>,
    options: Options,
    stamp: &Stamp,
) -> Result<Vec<u8>, ExportError> {
    let plan = Plan::of(file, design, options);
    write_plan(file, design, source, plan, stamp)
}

/// Writes `plan` of `file` (built as `design`).
pub fn write_plan(
    file: &GameFile,
    design: &AnyDesign,
    source: Option<&GameFile>,
    plan: Plan,
    stamp: &Stamp,
) -> Result<Vec<u8>, ExportError> {
    match design {
        AnyDesign::Board(_) => {
            let style = BoardStyle {
                colors: Colors::Paper,
                ..BoardStyle::default()
            };
            let d = drawing(file, &style);
            let geometry = Geometry::build(file, 0);
            let map = MiniMap {
                design: file,
                geometry: &geometry,
                width: d.width,
                height: d.height,
            };
            write(
                file,
                plan,
                Some((d.content, d.width, d.height)),
                Some(&map),
                stamp,
            )
        }
        AnyDesign::CardGame(_) => match source {
            Some(source) => {
                let geometry = Geometry::build(source, 0);
                let map = MiniMap::of(source, &geometry);
                write(file, plan, None, Some(&map), stamp)
            }
            None => write(file, plan, None, None, stamp),
        },
        AnyDesign::Dice(d) => {
            let board = super::station_map::drawing(file, d);
            write(file, plan, Some(board), None, stamp)
        }
    }
}

/// Writes the pages of `plan`: the contents, the page map and tiles of
/// `board` (a drawing and its width and height, mm) when there is one, then
/// the cards, the tickets with `map`'s mini-map when there is one, then the
/// pieces.
fn write(
    design: &GameFile,
    plan: Plan,
    board: Option<(Group, f32, f32)>,
    map: Option<&MiniMap>,
    stamp: &Stamp,
) -> Result<Vec<u8>, ExportError> {
    let total = plan.pages();
    let mut trees = Vec::new();
    if let Some((content, w, h)) = board {
        trees.push((tree(&svg_of(content, w, h))?, w, h));
    }
    if let Some(map) = map {
        let (w, h) = (map.width, map.height);
        trees.push((tree(&svg_of(map.network(), w, h))?, w, h));
    }
    let mini = trees.len().saturating_sub(1);

    let mut doc = Document::new();
    doc.set_metadata(
        Metadata::new()
            .title(format!("{} — print and play", design.name))
            .creator("Tracklayer".to_owned()),
    );
    let mut w = Writer {
        doc,
        trees,
        graphics: None,
        number: 0,
        total,
        stamp,
    };

    let contents = super::contents::page(design, &plan, stamp);
    w.page(None, |_, _| {}, contents)?;
    if let Some(t) = plan.tiling {
        let (map_sheet, at) = t.map_page(&design.name, &plan.skipped);
        w.page(None, |s, g| place(s, g.first(), at, None), map_sheet)?;
        for row in 0..t.rows {
            for col in 0..t.cols {
                if plan.skipped.contains(&(col, row)) {
                    continue;
                }
                let (x, y, cw, ch) = t.window(col, row);
                let at = Place {
                    x: MARGIN - x,
                    y: MARGIN - y,
                    scale: 1.0,
                };
                let clip = (MARGIN, MARGIN, cw, ch);
                w.page(
                    None,
                    |s, g| place(s, g.first(), at, Some(clip)),
                    t.tile_page(col, row),
                )?;
            }
        }
    }
    let per = plan.grid.per_page().max(1) as usize;
    for section in &plan.kit.sections {
        let pages = section.cards.len().div_ceil(per);
        let back = Back {
            deck: section.title.clone(),
            design: design.name.clone(),
            version: stamp.version(),
        };
        for (k, chunk) in section.cards.chunks(per).enumerate() {
            let title = format!(
                "{} — {} (sheet {} of {pages})",
                design.name,
                section.title,
                k + 1
            );
            let (base, top, spots) = plan.grid.page(&title, chunk, map, &back);
            w.page(
                Some(base),
                |s, g| {
                    for at in &spots {
                        place(s, g.get(mini), *at, None);
                    }
                },
                top,
            )?;
            if plan.grid.backs == Backs::Duplex {
                w.page(None, |_, _| {}, plan.grid.backs_page(chunk.len(), &back))?;
            }
        }
    }
    let n = plan.piece_pages.len();
    for (k, page) in plan.piece_pages.iter().enumerate() {
        let title = format!(
            "{} — pieces to cut out (sheet {} of {n})",
            design.name,
            k + 1
        );
        w.page(None, |_, _| {}, pieces::draw(page, plan.paper, &title))?;
    }
    w.doc.finish().map_err(|e| ExportError::Pdf(e.to_string()))
}

/// The document being written and what its pages share.
struct Writer<'a> {
    doc: Document,
    /// The board and the mini-map (those the design has), with their width
    /// and height in millimetres.
    trees: Vec<(usvg::Tree, f32, f32)>,
    /// The same as graphics, made on the first page.
    graphics: Option<Vec<Graphic>>,
    number: usize,
    total: usize,
    stamp: &'a Stamp,
}

impl Writer<'_> {
    /// Adds a page: `below`, then what `draw` places with the graphics, then
    /// `above` with the stamp.
    fn page(
        &mut self,
        below: Option<Sheet>,
        draw: impl Fn(&mut Surface, &[Graphic]),
        above: Sheet,
    ) -> Result<(), ExportError> {
        self.number += 1;
        let above = above.stamp(self.stamp, self.number, self.total);
        let (w, h) = (above.width, above.height);
        let settings = PageSettings::from_wh(w * PT, h * PT).ok_or(ExportError::PageSize {
            width: w,
            height: h,
        })?;
        let below = below.map(|s| tree(&s.svg())).transpose()?;
        let above = tree(&above.svg())?;
        let mut page = self.doc.start_page_with(settings);
        let mut surface = page.surface();
        let graphics = self.graphics.get_or_insert_with(|| {
            self.trees
                .iter()
                .map(|(t, w, h)| graphic(&mut surface, t, *w, *h))
                .collect()
        });
        if let Some(below) = &below {
            put(&mut surface, below, w, h);
        }
        draw(&mut surface, graphics);
        put(&mut surface, &above, w, h);
        surface.finish();
        page.finish();
        Ok(())
    }
}

/// `content` (drawn in millimetres) as an SVG document `w` × `h` mm.
pub(crate) fn svg_of(content: Group, w: f32, h: f32) -> String {
    svg::Document::new()
        .set("width", format!("{w}mm"))
        .set("height", format!("{h}mm"))
        .set("viewBox", (0.0, 0.0, w, h))
        .add(content)
        .to_string()
}

/// Parses SVG text in the studio's fonts.
pub(crate) fn tree(text: &str) -> Result<usvg::Tree, ExportError> {
    usvg::Tree::from_str(text, &crate::drawing::svg::svg_options())
        .map_err(|e| ExportError::Page(e.to_string()))
}

/// A drawing of `w` × `h` mm made once into a graphic (in points), to be
/// placed on many pages.
fn graphic(surface: &mut Surface, tree: &usvg::Tree, w: f32, h: f32) -> Graphic {
    let mut builder = surface.stream_builder();
    let mut inner = builder.surface();
    if let Some(size) = Size::from_wh(w * PT, h * PT) {
        inner.draw_svg(tree, size, SvgSettings::default());
    }
    inner.finish();
    Graphic::new(builder.finish(), false)
}

/// Draws a whole page's SVG, `w` × `h` mm.
fn put(surface: &mut Surface, tree: &usvg::Tree, w: f32, h: f32) {
    if let Some(size) = Size::from_wh(w * PT, h * PT) {
        surface.draw_svg(tree, size, SvgSettings::default());
    }
}

/// Draws `g` (when there is one) at `at`, cut to the box `clip` (x, y, w, h
/// in page millimetres).
fn place(
    surface: &mut Surface,
    g: Option<&Graphic>,
    at: Place,
    clip: Option<(f32, f32, f32, f32)>,
) {
    let Some(g) = g else { return };
    let clipped = clip
        .and_then(|(x, y, w, h)| Rect::from_xywh(x * PT, y * PT, w * PT, h * PT))
        .and_then(|r| {
            let mut p = PathBuilder::new();
            p.push_rect(r);
            p.finish()
        });
    if let Some(path) = &clipped {
        surface.push_clip_path(path, &FillRule::NonZero);
    }
    surface.push_transform(&Transform::from_row(
        at.scale,
        0.0,
        0.0,
        at.scale,
        at.x * PT,
        at.y * PT,
    ));
    surface.draw_graphic(g.clone());
    surface.pop();
    if clipped.is_some() {
        surface.pop();
    }
}
