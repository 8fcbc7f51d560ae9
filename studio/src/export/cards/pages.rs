//! How cards sit on a page: the grid with bleed, cut marks and fold line,
//! and the card backs (duplex, folded or none).

use svg::node::element::{Group, Rectangle};

use super::*;
use crate::drawing::paper::Paper;
use crate::export::sheet::{Sheet, cut_marks, line, text, wrap};
use crate::export::tiles::Place;

/// How card backs are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Backs {
    /// A page of backs after every page of fronts, placed to line up when
    /// printed double-sided, flipped on the long edge.
    #[default]
    Duplex,
    /// Fronts and backs side by side on one page, to fold along the middle
    /// and cut as pairs (printers without duplex).
    Fold,
    /// No backs.
    None,
}

/// One card's cell: the card's cut line's width and height with its bleed.
const CELL_W: f32 = CARD_W + 2.0 * BLEED;
/// One card's cell height.
const CELL_H: f32 = CARD_H + 2.0 * BLEED;

/// How cards sit on a page: a grid of cards with their bleed, centred (and
/// for fold-over pages, the fronts left of the fold and the backs mirrored
/// right of it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardGrid {
    /// Page width, millimetres.
    pub page_w: f32,
    /// Page height, millimetres.
    pub page_h: f32,
    /// Cards across (fronts only, on a fold-over page).
    pub cols: u32,
    /// Cards down.
    pub rows: u32,
    /// How backs are printed.
    pub backs: Backs,
}

impl CardGrid {
    /// The grid holding the most cards on `paper`, upright or turned.
    pub fn new(paper: Paper, backs: Backs) -> CardGrid {
        let (a, b) = paper.mm();
        let fit = |len: f32, card: f32| ((len - 2.0 * PAGE_EDGE) / card).floor() as u32;
        let make = |w: f32, h: f32| CardGrid {
            page_w: w,
            page_h: h,
            cols: if backs == Backs::Fold {
                fit(w, CELL_W) / 2
            } else {
                fit(w, CELL_W)
            },
            rows: fit(h, CELL_H),
            backs,
        };
        let (upright, turned) = (make(a, b), make(b, a));
        if turned.per_page() > upright.per_page() {
            turned
        } else {
            upright
        }
    }

    /// Cards on a page.
    pub fn per_page(&self) -> u32 {
        self.cols * self.rows
    }

    /// Pages for `cards` cards, backs pages included.
    pub fn pages(&self, cards: usize) -> u32 {
        let fronts = (cards as u32).div_ceil(self.per_page().max(1));
        match self.backs {
            Backs::Duplex => 2 * fronts,
            Backs::Fold | Backs::None => fronts,
        }
    }

    /// The left edge of the grid's bleed and its top edge.
    fn origin(&self) -> (f32, f32) {
        let across = if self.backs == Backs::Fold {
            2 * self.cols
        } else {
            self.cols
        };
        let gw = across as f32 * CELL_W;
        let gh = self.rows as f32 * CELL_H;
        ((self.page_w - gw) / 2.0, (self.page_h - gh) / 2.0)
    }

    /// The top-left corner of the cut line of the card in cell `i`.
    fn cell(&self, i: u32) -> (f32, f32) {
        let (left, top) = self.origin();
        let (c, r) = (i % self.cols.max(1), i / self.cols.max(1));
        (
            left + BLEED + c as f32 * CELL_W,
            top + BLEED + r as f32 * CELL_H,
        )
    }

    /// Where the back of the card in cell `i` goes: across the fold on a
    /// fold-over page; on a duplex backs page, the cell behind it when the
    /// sheet is flipped on its long edge (mirrored left to right on an upright
    /// page; top to bottom on a turned page, which the printer turns onto the
    /// paper).
    fn back_cell(&self, i: u32) -> (f32, f32) {
        let (x, y) = self.cell(i);
        let fold = self.backs == Backs::Fold;
        if fold || self.page_w <= self.page_h {
            (self.page_w - x - CARD_W, y)
        } else {
            (x, self.page_h - y - CARD_H)
        }
    }

    /// A page of `cards` (at most [`Self::per_page`]) under `title`: the cards,
    /// the marks that go over the tickets' mini-maps, and where each mini-map
    /// goes (the caller draws the maps between the two). A fold-over page
    /// shows each card's `back` across the fold.
    pub fn page(
        &self,
        title: &str,
        cards: &[Card],
        map: Option<&MiniMap>,
        back: &Back,
    ) -> (Sheet, Sheet, Vec<Place>) {
        let (left, top) = self.origin();
        let (right, bottom) = (self.page_w - left, self.page_h - top);
        let fold = self.backs == Backs::Fold;
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        for c in 0..self.cols {
            let (x, _) = self.cell(c);
            xs.extend([x, x + CARD_W]);
            if fold {
                xs.extend([self.page_w - x - CARD_W, self.page_w - x]);
            }
        }
        for r in 0..self.rows {
            let y = top + BLEED + r as f32 * CELL_H;
            ys.extend([y, y + CARD_H]);
        }
        let used_rows = (cards.len() as u32).div_ceil(self.cols.max(1));
        ys.truncate(2 * used_rows as usize);
        let bottom = bottom.min(ys.last().copied().unwrap_or(top) + BLEED);
        let mut sheet = Sheet::new(self.page_w, self.page_h)
            .with(text(left, top - 7.5, 3.5, title))
            .with(cut_marks(left, top, right, bottom, &xs, &ys));
        if fold {
            let mid = self.page_w / 2.0;
            sheet = sheet
                .with(
                    line(mid, top - 6.0, mid, top - 1.0, 0.3, "#000000")
                        .set("stroke-dasharray", "1 1"),
                )
                .with(text(mid + 1.5, top - 2.5, 2.4, "fold").set("fill", "#606060"));
        }
        let mut over = Sheet::new(self.page_w, self.page_h);
        let mut places = Vec::new();
        for (i, card) in cards.iter().enumerate() {
            let (x, y) = self.cell(i as u32);
            let (g, marks) = draw(card, x, y, map);
            sheet = sheet.with(g).with(
                text(x + CARD_W - 3.0, y + CARD_H - 2.5, 2.0, &back.version)
                    .set("text-anchor", "end")
                    .set("fill", "#606060"),
            );
            if fold {
                let (bx, by) = self.back_cell(i as u32);
                sheet = sheet.with(back.draw(bx, by));
            }
            if let Some((at, marks)) = marks {
                over = over.with(marks);
                places.push(at);
            }
        }
        (sheet, over, places)
    }

    /// The duplex page of backs behind a page of `n` cards.
    pub fn backs_page(&self, n: usize, back: &Back) -> Sheet {
        let mut sheet = Sheet::new(self.page_w, self.page_h);
        for i in 0..n as u32 {
            let (x, y) = self.back_cell(i);
            sheet = sheet.with(back.draw(x, y));
        }
        sheet
    }
}

/// The back of every card of one deck: the deck's name and the design's, on
/// the deck's colour.
#[derive(Clone, Debug, PartialEq)]
pub struct Back {
    /// The deck (the section's title).
    pub deck: String,
    /// The design's name.
    pub design: String,
    /// The print version, `v8`.
    pub version: String,
}

impl Back {
    /// The back of a card whose cut line's top-left corner is (`x`, `y`).
    pub fn draw(&self, x: f32, y: f32) -> Group {
        let h = crc32fast::hash(self.deck.as_bytes());
        let fill = format!(
            "#{:02x}{:02x}{:02x}",
            60 + (h & 0x5f),
            60 + ((h >> 8) & 0x5f),
            60 + ((h >> 16) & 0x5f)
        );
        let mut g = Group::new()
            .add(
                Rectangle::new()
                    .set("x", x - BLEED)
                    .set("y", y - BLEED)
                    .set("width", CELL_W)
                    .set("height", CELL_H)
                    .set("fill", fill),
            )
            .add(
                Rectangle::new()
                    .set("x", x + 4.0)
                    .set("y", y + 4.0)
                    .set("width", CARD_W - 8.0)
                    .set("height", CARD_H - 8.0)
                    .set("rx", 3.0)
                    .set("fill", "none")
                    .set("stroke", "#ffffff")
                    .set("stroke-width", 0.8),
            );
        let centred = |dy: f32, size: f32, s: &str| {
            text(x + CARD_W / 2.0, y + dy, size, s)
                .set("text-anchor", "middle")
                .set("fill", "#ffffff")
        };
        for (k, l) in wrap(&self.deck, 16).iter().enumerate() {
            g = g.add(centred(36.0 + k as f32 * 6.5, 5.2, l).set("font-weight", "bold"));
        }
        for (k, l) in wrap(&self.design, 26).iter().enumerate() {
            g = g.add(centred(60.0 + k as f32 * 4.0, 3.2, l));
        }
        g.add(centred(CARD_H - 7.0, 2.6, &self.version))
    }
}
