//! Pages of pieces to cut out: the kit's groups of pieces flowed onto
//! upright pages, each group under its heading, each of its rows starting a
//! new line, with a gap to cut along between pieces.

use super::kit::{PIECE_EDGE, PieceGroup};
use super::sheet::{Sheet, text};
use crate::drawing::components::{self, Piece};
use crate::drawing::paper::Paper;

/// The gap between pieces, millimetres.
const GAP: f32 = 3.0;
/// The height of a group's heading, millimetres.
const HEADING: f32 = 8.0;
/// Room left at the top of a page for its title and at the bottom for the
/// stamp, millimetres.
const TITLE: f32 = 8.0;

/// What goes on one page of pieces.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PiecePage {
    /// Headings: the text and its baseline's height.
    pub headings: Vec<(String, f32)>,
    /// Pieces and their top-left corners.
    pub pieces: Vec<(Piece, f32, f32)>,
    /// The groups (by index) this page shows part of.
    pub groups: Vec<usize>,
}

/// `groups` laid out on upright pages of `paper`.
pub fn flow(groups: &[PieceGroup], paper: Paper) -> Vec<PiecePage> {
    let (w, h) = paper.mm();
    let (left, right) = (PIECE_EDGE, w - PIECE_EDGE);
    let (top, bottom) = (PIECE_EDGE + TITLE, h - PIECE_EDGE);
    let mut pages = vec![PiecePage::default()];
    let mut y = top;
    for (gi, group) in groups.iter().enumerate() {
        let row_h = group
            .rows
            .iter()
            .flatten()
            .map(|p| components::size(p).1)
            .fold(0.0, f32::max);
        // A heading never ends a page: it needs a row under it.
        if y + HEADING + row_h > bottom && !pages.last().is_some_and(|p| p.pieces.is_empty()) {
            pages.push(PiecePage::default());
            y = top;
        }
        let heading = |pages: &mut Vec<PiecePage>, y: f32, more: bool| {
            let page = pages.last_mut().expect("a page");
            let t = if more {
                format!("{} (continued)", group.title)
            } else {
                group.title.clone()
            };
            page.headings.push((t, y + HEADING - 2.5));
            page.groups.push(gi);
        };
        heading(&mut pages, y, false);
        y += HEADING;
        for row in &group.rows {
            let mut x = left;
            let mut started = false;
            for piece in row {
                let (pw, ph) = components::size(piece);
                if started && x + pw > right {
                    x = left;
                    y += row_h + GAP;
                }
                if y + ph > bottom {
                    pages.push(PiecePage::default());
                    y = top;
                    heading(&mut pages, y, true);
                    y += HEADING;
                    x = left;
                }
                let page = pages.last_mut().expect("a page");
                page.pieces.push((piece.clone(), x, y));
                x += pw + GAP;
                started = true;
            }
            y += row_h + GAP;
        }
        y += GAP;
    }
    pages.retain(|p| !p.pieces.is_empty());
    pages
}

/// The drawing of `page` on `paper`, titled `title`.
pub fn draw(page: &PiecePage, paper: Paper, title: &str) -> Sheet {
    let (w, h) = paper.mm();
    let mut sheet = Sheet::new(w, h).with(text(PIECE_EDGE, PIECE_EDGE + 2.0, 3.5, title));
    for (t, y) in &page.headings {
        sheet = sheet.with(text(PIECE_EDGE, *y, 3.2, t).set("font-weight", "bold"));
    }
    for (piece, x, y) in &page.pieces {
        sheet = sheet.with(components::draw(piece, *x, *y));
    }
    sheet
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drawing::components::{Mark, SEATS};

    #[test]
    fn pieces_stay_on_the_page_and_none_is_lost() {
        let trains = |n: usize| PieceGroup {
            title: "Train cars".to_owned(),
            rows: SEATS[..5]
                .iter()
                .map(|s| {
                    (0..n)
                        .map(|_| Piece::Counter {
                            seat: *s,
                            mark: Mark::Train,
                        })
                        .collect()
                })
                .collect(),
        };
        for paper in [Paper::A4, Paper::Letter] {
            let pages = flow(&[trains(45), trains(3)], paper);
            let (w, h) = paper.mm();
            let placed: usize = pages.iter().map(|p| p.pieces.len()).sum();
            assert_eq!(placed, 5 * 45 + 5 * 3, "{paper:?}");
            for p in &pages {
                for (piece, x, y) in &p.pieces {
                    let (pw, ph) = components::size(piece);
                    assert!(*x >= PIECE_EDGE - 0.01 && x + pw <= w - PIECE_EDGE + 0.01);
                    assert!(*y >= PIECE_EDGE && y + ph <= h - PIECE_EDGE + 0.01);
                }
            }
        }
    }
}
