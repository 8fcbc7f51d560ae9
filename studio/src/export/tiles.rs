//! The board at real size split across pages: which part of the board each
//! page shows (with an overlap to glue), the marks on a tile page, and the page
//! map that shows where each tile goes.

use svg::node::element::{Group, Rectangle};

use super::sheet::{Sheet, cut_marks, line, text};
use crate::drawing::components::rect;
use crate::drawing::paper::Paper;

/// The blank edge of a page, millimetres (most printers cannot print nearer).
pub const MARGIN: f32 = 10.0;
/// How much neighbouring tiles show of the same board, millimetres.
pub const OVERLAP: f32 = 10.0;

/// A box on the board, millimetres: something drawn there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

/// How a board is split into pages.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tiling {
    /// Page width, millimetres (turned as the tiles need).
    pub page_w: f32,
    /// Page height, millimetres.
    pub page_h: f32,
    /// Tiles across.
    pub cols: u32,
    /// Tiles down.
    pub rows: u32,
    /// The board's width, millimetres.
    pub board_w: f32,
    /// The board's height, millimetres.
    pub board_h: f32,
}

/// Pages of `avail` millimetres, overlapping by [`OVERLAP`], needed to cover `len`.
fn count(len: f32, avail: f32) -> u32 {
    if len <= avail {
        1
    } else {
        ((len - OVERLAP) / (avail - OVERLAP)).ceil() as u32
    }
}

impl Tiling {
    /// The tiling of a `board_w` × `board_h` mm board on `paper`, upright or
    /// turned, whichever needs fewer pages (upright on a tie).
    pub fn new(board_w: f32, board_h: f32, paper: Paper) -> Tiling {
        let (a, b) = paper.mm();
        let make = |page_w: f32, page_h: f32| Tiling {
            page_w,
            page_h,
            cols: count(board_w, page_w - 2.0 * MARGIN),
            rows: count(board_h, page_h - 2.0 * MARGIN),
            board_w,
            board_h,
        };
        let (upright, turned) = (make(a, b), make(b, a));
        if turned.pages() < upright.pages() {
            turned
        } else {
            upright
        }
    }

    /// Pages of tiles.
    pub fn pages(&self) -> u32 {
        self.cols * self.rows
    }

    /// The printed area of a page: width and height, millimetres.
    pub fn avail(&self) -> (f32, f32) {
        (self.page_w - 2.0 * MARGIN, self.page_h - 2.0 * MARGIN)
    }

    /// The part of the board tile (`col`, `row`) shows: x, y, width, height in
    /// board millimetres.
    pub fn window(&self, col: u32, row: u32) -> (f32, f32, f32, f32) {
        let (aw, ah) = self.avail();
        let x = col as f32 * (aw - OVERLAP);
        let y = row as f32 * (ah - OVERLAP);
        (x, y, aw.min(self.board_w - x), ah.min(self.board_h - y))
    }

    /// The tiles whose part of the board meets none of `content` (open sea,
    /// empty margins): they need not be printed. The part a tile shares with
    /// a neighbour counts as its own, so a tile is left out only when all
    /// it shows is background.
    pub fn empty_tiles(&self, content: &[Area]) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for row in 0..self.rows {
            for col in 0..self.cols {
                let (x, y, w, h) = self.window(col, row);
                let meets = content
                    .iter()
                    .any(|a| a.x < x + w && a.x + a.w > x && a.y < y + h && a.y + a.h > y);
                if !meets {
                    out.push((col, row));
                }
            }
        }
        out
    }

    /// The name of tile (`col`, `row`): a column letter and a row number, `B3`.
    pub fn name(col: u32, row: u32) -> String {
        let mut letters = String::new();
        let mut c = col + 1;
        while c > 0 {
            c -= 1;
            letters.insert(0, char::from(b'A' + (c % 26) as u8));
            c /= 26;
        }
        format!("{letters}{}", row + 1)
    }

    /// The marks of tile (`col`, `row`) over the board drawn at the margin:
    /// its name, cut marks at its edges, and the strips its right and bottom
    /// neighbours show again (shaded, with a dashed line where they start).
    pub fn tile_page(&self, col: u32, row: u32) -> Sheet {
        let (_, _, w, h) = self.window(col, row);
        let (l, t, r, b) = (MARGIN, MARGIN, MARGIN + w, MARGIN + h);
        let mut marks = Group::new().add(cut_marks(l, t, r, b, &[l, r], &[t, b]));
        let strip = |x: f32, y: f32, w: f32, h: f32| {
            Rectangle::new()
                .set("x", x)
                .set("y", y)
                .set("width", w)
                .set("height", h)
                .set("fill", "#000000")
                .set("fill-opacity", 0.08)
        };
        let dashed =
            |x1, y1, x2, y2| line(x1, y1, x2, y2, 0.3, "#404040").set("stroke-dasharray", "2 2");
        if col + 1 < self.cols {
            marks = marks.add(strip(r - OVERLAP, t, OVERLAP, h)).add(dashed(
                r - OVERLAP,
                t,
                r - OVERLAP,
                b,
            ));
        }
        if row + 1 < self.rows {
            marks = marks.add(strip(l, b - OVERLAP, w, OVERLAP)).add(dashed(
                l,
                b - OVERLAP,
                r,
                b - OVERLAP,
            ));
        }
        let label = format!(
            "Board tile {} (column {} of {}, row {} of {}) · cut the left and top margins where a neighbour is; the shaded strips go under the next tile",
            Tiling::name(col, row),
            col + 1,
            self.cols,
            row + 1,
            self.rows
        );
        Sheet::new(self.page_w, self.page_h).with(marks).with(text(
            MARGIN + 3.0,
            MARGIN - 3.0,
            3.0,
            &label,
        ))
    }

    /// The page map: each tile's outline and name over where the board is
    /// drawn small (the caller draws it at the returned place); the
    /// `skipped` tiles crossed out as not printed.
    pub fn map_page(&self, title: &str, skipped: &[(u32, u32)]) -> (Sheet, Place) {
        let (aw, ah) = self.avail();
        let ah = ah - 36.0;
        let scale = (aw / self.board_w).min(ah / self.board_h);
        let mw = self.board_w * scale;
        let (ox, oy) = (MARGIN + (aw - mw) / 2.0, MARGIN + 36.0);
        let mut grid = Group::new();
        let mut crosses = Group::new();
        for row in 0..self.rows {
            for col in 0..self.cols {
                let (x, y, w, h) = self.window(col, row);
                let (x, y, w, h) = (ox + x * scale, oy + y * scale, w * scale, h * scale);
                if skipped.contains(&(col, row)) {
                    crosses = crosses
                        .add(rect(x, y, w, h, "#ffffff").set("fill-opacity", 0.6))
                        .add(line(x, y, x + w, y + h, 0.3, "#808080"))
                        .add(line(x + w, y, x, y + h, 0.3, "#808080"))
                        .add(
                            text(x + 2.0, y + h - 2.0, 2.6, "not printed: empty")
                                .set("fill", "#606060"),
                        );
                }
                grid = grid
                    .add(
                        rect(x, y, w, h, "none")
                            .set("stroke", "#c02020")
                            .set("stroke-width", 0.4),
                    )
                    .add(
                        text(x + 2.0, y + 6.0, 5.0, &Tiling::name(col, row))
                            .set("fill", "#c02020")
                            .set("font-weight", "bold"),
                    );
            }
        }
        let printed = self.pages() as usize - skipped.len();
        let how = format!(
            "{} × {} tiles, {printed} printed{} ({:.0} × {:.0} mm at real size). Cut away the margin \
             on the left of every tile that has a neighbour to its left, and on top of every tile that \
             has one above it, at the cut marks; keep the right and bottom margins, which go under the \
             next tile. Lay each tile over the shaded strips of its left and upper neighbours, its cut \
             edge on their dashed line, and glue. Start with A1, row by row.",
            self.cols,
            self.rows,
            if skipped.is_empty() {
                String::new()
            } else {
                format!(
                    ", {} left out as empty (crossed out: {})",
                    skipped.len(),
                    skipped
                        .iter()
                        .map(|&(c, r)| Tiling::name(c, r))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            },
            self.board_w,
            self.board_h
        );
        let mut sheet = Sheet::new(self.page_w, self.page_h)
            .with(text(
                MARGIN,
                MARGIN + 6.0,
                6.0,
                &format!("{title}: page map"),
            ))
            .with(grid)
            .with(crosses);
        for (i, l) in super::sheet::wrap(&how, 110).iter().enumerate() {
            sheet = sheet.with(text(MARGIN, MARGIN + 12.0 + i as f32 * 4.0, 3.0, l));
        }
        (
            sheet,
            Place {
                x: ox,
                y: oy,
                scale,
            },
        )
    }
}

/// Where a drawing goes on a page: its top-left corner (millimetres) and the
/// scale from its millimetres to the page's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Place {
    /// Left edge, millimetres.
    pub x: f32,
    /// Top edge, millimetres.
    pub y: f32,
    /// Page millimetres per drawing millimetre.
    pub scale: f32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_usa_board_takes_ten_upright_a4_pages_and_the_tiles_cover_it() {
        let t = Tiling::new(820.0, 482.3, Paper::A4);
        // Upright 190 × 277: 5 × 2 = 10; turned 277 × 190: 4 × 3 = 12.
        assert_eq!((t.cols, t.rows, t.page_w), (5, 2, 210.0));
        let (x, _, w, _) = t.window(t.cols - 1, 0);
        assert!((x + w - 820.0).abs() < 0.01);
        let (_, y, _, h) = t.window(0, t.rows - 1);
        assert!((y + h - 482.3).abs() < 0.01);
        // Neighbours overlap by OVERLAP.
        let (x0, _, w0, _) = t.window(0, 0);
        let (x1, _, _, _) = t.window(1, 0);
        assert!((x0 + w0 - x1 - OVERLAP).abs() < 0.01);
    }

    #[test]
    fn a_board_smaller_than_the_page_is_one_tile_and_names_run_past_z() {
        assert_eq!(Tiling::new(150.0, 100.0, Paper::Letter).pages(), 1);
        assert_eq!(Tiling::name(0, 0), "A1");
        assert_eq!(Tiling::name(27, 2), "AB3");
    }
}
