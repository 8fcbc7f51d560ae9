//! The kit's first page, like a rulebook's components list: every component
//! with its count (from the rules), what the count is made of and the pages
//! that print it, then how to print and assemble the kit.

use super::cards::Backs;
use super::kit::BOARD;
use super::pdf::Plan;
use super::sheet::{Sheet, line, text, wrap};
use super::stamp::Stamp;
use crate::drawing::components::seats;

/// The page's edge, millimetres.
const EDGE: f32 = 14.0;
/// A table line's height, millimetres.
const LINE: f32 = 4.6;

/// The contents page of `plan` for the design `design`.
pub fn page(design: &formats::GameFile, plan: &Plan, stamp: &Stamp) -> Sheet {
    let (w, h) = plan.paper.mm();
    let parts = plan.parts();
    let pages_of = |part: &str| {
        parts
            .iter()
            .find(|(t, _, _)| t == part)
            .map_or_else(String::new, |(_, a, b)| {
                if a == b {
                    format!("p. {a}")
                } else {
                    format!("pp. {a}–{b}")
                }
            })
    };
    let mut sheet = Sheet::new(w, h)
        .with(text(EDGE, EDGE + 6.0, 7.0, &design.name).set("font-weight", "bold"))
        .with(text(
            EDGE,
            EDGE + 13.0,
            4.0,
            &format!(
                "Print-and-play kit {} · {} · {}",
                stamp.version(),
                engine::words::count(plan.pages(), "page"),
                stamp.date
            ),
        ))
        .with(text(EDGE, EDGE + 24.0, 4.4, "Contents").set("font-weight", "bold"));
    let (c_count, c_name, c_detail, c_pages) = (EDGE, EDGE + 14.0, EDGE + 62.0, w - EDGE);
    let detail_chars = ((c_pages - 20.0 - c_detail) / 1.45) as usize;
    let mut y = EDGE + 31.0;
    sheet = sheet
        .with(text(c_count, y, 2.8, "count").set("fill", "#606060"))
        .with(text(c_name, y, 2.8, "component").set("fill", "#606060"))
        .with(text(c_detail, y, 2.8, "from the rules").set("fill", "#606060"))
        .with(
            text(c_pages, y, 2.8, "pages")
                .set("fill", "#606060")
                .set("text-anchor", "end"),
        )
        .with(line(EDGE, y + 1.2, w - EDGE, y + 1.2, 0.2, "#808080"));
    y += LINE + 0.6;
    let mut rows: Vec<(String, String, String, String)> = Vec::new();
    if let Some(t) = &plan.tiling {
        rows.push((
            "1".to_owned(),
            "Board".to_owned(),
            format!(
                "{:.0} × {:.0} mm at real size on {}{} and a page map",
                t.board_w,
                t.board_h,
                engine::words::count(plan.tile_pages(), "tile"),
                if plan.skipped.is_empty() {
                    String::new()
                } else {
                    format!(
                        " ({} left out)",
                        engine::words::count(plan.skipped.len(), "empty tile")
                    )
                }
            ),
            pages_of(BOARD),
        ));
    }
    for item in &plan.kit.items {
        rows.push((
            item.count.to_string(),
            item.name.clone(),
            item.detail.clone(),
            pages_of(&item.part),
        ));
    }
    for (count, name, detail, pages) in rows {
        let lines = wrap(&detail, detail_chars.max(20));
        sheet = sheet
            .with(text(c_count, y, 3.2, &count).set("font-weight", "bold"))
            .with(text(c_name, y, 3.2, &name))
            .with(text(c_pages, y, 3.2, &pages).set("text-anchor", "end"));
        for (k, l) in lines.iter().enumerate() {
            sheet = sheet.with(text(c_detail, y + k as f32 * 3.4, 2.7, l).set("fill", "#303030"));
        }
        y += LINE.max(lines.len() as f32 * 3.4 + 1.2);
    }
    y += 4.0;
    let backs = match plan.grid.backs {
        Backs::Duplex => {
            "Card pages: each page of fronts is followed by its backs. Print double-sided, flipped on the long edge, on card stock if you can; cut at the marks (the 3 mm bleed is cut away)."
        }
        Backs::Fold => {
            "Card pages: fronts left of the fold, backs right of it. Fold each page along the middle, glue, and cut the pairs at the marks."
        }
        Backs::None => "Card pages: print single-sided and cut at the marks.",
    };
    let colours: Vec<String> = seats(plan.kit.players)
        .iter()
        .map(|s| format!("{} {:?}", s.name, s.symbol).to_lowercase())
        .collect();
    let notes = [
        "Print at 100% (actual size, no \"fit to page\"): cards are 63 × 88 mm and the board is at real size.".to_owned(),
        backs.to_owned(),
        format!(
            "Player pieces carry a symbol as well as a colour: {}.",
            colours.join(", ")
        ),
        format!(
            "Every card and sheet shows the print version ({}), so prototypes can be told apart.",
            stamp.version()
        ),
    ];
    for n in notes {
        for l in wrap(&n, ((w - 2.0 * EDGE) / 1.6) as usize) {
            if y > h - EDGE {
                break;
            }
            sheet = sheet.with(text(EDGE, y, 3.0, &l));
            y += 4.0;
        }
        y += 1.0;
    }
    sheet
}
