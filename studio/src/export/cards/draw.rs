//! One card's face drawn as SVG, whatever its kind.

use svg::node::element::{Circle, Group, Rectangle};

use super::*;
use crate::drawing::colors;
use crate::drawing::components::rect;
use crate::drawing::svg::hex;
use crate::export::sheet::{text, wrap};
use crate::export::tiles::Place;

/// A card whose cut line's top-left corner is (`x`, `y`), and for a ticket
/// (when there is a `map`) the place of its mini-map with the marks that go
/// over it.
pub fn draw(card: &Card, x: f32, y: f32, map: Option<&MiniMap>) -> (Group, Option<(Place, Group)>) {
    let bleed = |fill: &str| {
        rect(
            x - BLEED,
            y - BLEED,
            CARD_W + 2.0 * BLEED,
            CARD_H + 2.0 * BLEED,
            fill,
        )
    };
    let panel = || {
        rect(x + 5.0, y + 30.0, CARD_W - 10.0, 28.0, "#ffffff")
            .set("rx", 3.0)
            .set("stroke", "#303030")
            .set("stroke-width", 0.3)
    };
    let centred = |dy: f32, size: f32, s: &str| {
        text(x + CARD_W / 2.0, y + dy, size, s).set("text-anchor", "middle")
    };
    let g = Group::new();
    match card {
        Card::Ticket {
            from,
            to,
            points,
            long,
        } => {
            let (bg, label) = if *long {
                ("#dbe6f4", "LONG DESTINATION")
            } else {
                ("#f4ecd6", "DESTINATION")
            };
            let g = g
                .add(bleed(bg))
                .add(ticket_head(x, y, label, from, to, &points.to_string()));
            let on_map =
                map.map(|m| m.on_card(from, to, x + 4.0, y + 30.0, CARD_W - 8.0, CARD_H - 36.0));
            (g, on_map)
        }
        Card::Needs {
            from,
            to,
            points,
            chips,
        } => {
            let mut g = g.add(bleed("#f4ecd6")).add(ticket_head(
                x,
                y,
                "DESTINATION",
                from,
                to,
                &points.to_string(),
            ));
            g = g.add(text(x + 5.0, y + 35.0, 2.6, "needs").set("fill", "#705030"));
            // One row, narrower when a ticket needs many colours.
            let cell = (CARD_W - 10.0) / chips.len().max(4) as f32;
            for (k, chip) in chips.iter().enumerate() {
                g = g.add(draw_chip(
                    x + 5.0 + k as f32 * cell,
                    y + 39.0,
                    cell - 1.5,
                    chip,
                ));
            }
            let on_map = map.map(|m| m.on_card(from, to, x + 4.0, y + 62.0, CARD_W - 8.0, 23.0));
            (g, on_map)
        }
        Card::BigCity { city, points } => (
            g.add(bleed("#e8dcc0"))
                .add(text(x + 5.0, y + 8.0, 2.6, "BIG CITY BONUS").set("fill", "#705030"))
                .add(panel())
                .add(centred(44.0, 6.0, city).set("font-weight", "bold"))
                .add(centred(52.0, 2.6, "most completed tickets naming it"))
                .add(points_circle(
                    x + CARD_W / 2.0,
                    y + 72.0,
                    8.0,
                    &points.to_string(),
                )),
            None,
        ),
        Card::Delivery { from, to, points } => (
            g.add(bleed("#e4ecd8"))
                .add(ticket_head(
                    x,
                    y,
                    "DELIVERY TICKET",
                    from,
                    to,
                    &points.to_string(),
                ))
                .add(centred(50.0, 3.0, "connect both stations"))
                .add(centred(55.0, 3.0, "in one delivery")),
            None,
        ),
        Card::Goods { a, b } => (
            g.add(bleed("#efe2c8"))
                .add(text(x + 5.0, y + 8.0, 2.6, "GOODS CARD").set("fill", "#705030"))
                .add(panel())
                .add(centred(41.0, 5.0, a).set("font-weight", "bold"))
                .add(centred(46.5, 3.0, "and"))
                .add(centred(53.0, 5.0, b).set("font-weight", "bold"))
                .add(centred(66.0, 2.6, "one of each, or trade as two goods")),
            None,
        ),
        Card::Good { name, monopoly } => (
            g.add(bleed("#d9d2bf"))
                .add(text(x + 5.0, y + 8.0, 2.6, "GOODS").set("fill", "#705030"))
                .add(panel())
                .add(centred(46.0, 6.0, name).set("font-weight", "bold"))
                .add(centred(66.0, 2.8, &format!("monopoly: {monopoly} VP"))),
            None,
        ),
        Card::Train { colour, fill } => (
            g.add(bleed(&hex(*fill)))
                .add(panel())
                .add(centred(44.0, 6.0, colour).set("font-weight", "bold"))
                .add(centred(52.0, 3.0, "train card")),
            None,
        ),
        Card::Locomotive { stripes } => {
            let last = stripes
                .last()
                .map_or_else(|| "#e0e0e0".to_owned(), |c| hex(*c));
            let mut g = g.add(bleed(&last));
            let h = (CARD_H + 2.0 * BLEED) / stripes.len().max(1) as f32;
            for (k, c) in stripes.iter().enumerate() {
                g = g.add(rect(
                    x - BLEED,
                    y - BLEED + k as f32 * h,
                    CARD_W + 2.0 * BLEED,
                    h,
                    &hex(*c),
                ));
            }
            (
                g.add(panel())
                    .add(centred(44.0, 6.0, "Locomotive").set("font-weight", "bold"))
                    .add(centred(52.0, 3.0, "wild: any colour")),
                None,
            )
        }
        Card::Terrain { name, colours } => {
            let land = hex(colors::region(formats::RegionKind::Land));
            let mut g = g
                .add(bleed(&land))
                .add(text(x + 5.0, y + 8.0, 2.6, "TERRAIN").set("fill", "#705030"))
                .add(panel())
                .add(centred(42.0, 6.0, name).set("font-weight", "bold"))
                .add(centred(50.0, 2.6, "doubles the points of routes of"));
            for (k, (cname, fill)) in colours.iter().enumerate() {
                let yy = y + 64.0 + k as f32 * 6.0;
                g = g
                    .add(
                        rect(x + 8.0, yy - 3.5, 8.0, 4.5, &hex(*fill))
                            .set("stroke", "#303030")
                            .set("stroke-width", 0.2),
                    )
                    .add(text(x + 19.0, yy, 3.2, cname));
            }
            (g, None)
        }
        Card::Bonus {
            title,
            points,
            text: who,
        } => {
            let mut g = g
                .add(bleed("#e6d6f0"))
                .add(text(x + 5.0, y + 8.0, 2.6, "BONUS CARD").set("fill", "#705030"))
                .add(panel())
                .add(centred(42.0, 5.0, title).set("font-weight", "bold"));
            for (k, l) in wrap(who, 34).iter().enumerate() {
                g = g.add(centred(49.0 + k as f32 * 3.4, 2.6, l));
            }
            (
                g.add(points_circle(
                    x + CARD_W / 2.0,
                    y + 72.0,
                    8.0,
                    &points.to_string(),
                )),
                None,
            )
        }
        Card::Points { value } => (
            g.add(bleed("#dfe9f2"))
                .add(text(x + 5.0, y + 8.0, 2.6, "VICTORY POINTS").set("fill", "#705030"))
                .add(points_circle(
                    x + CARD_W / 2.0,
                    y + CARD_H / 2.0,
                    16.0,
                    &value.to_string(),
                ))
                .add(centred(CARD_H - 8.0, 3.0, "VP")),
            None,
        ),
        Card::Rules { title, lines } => {
            let mut g = g
                .add(bleed("#ffffff"))
                .add(
                    rect(x + 2.0, y + 2.0, CARD_W - 4.0, CARD_H - 4.0, "none")
                        .set("rx", 3.0)
                        .set("stroke", "#705030")
                        .set("stroke-width", 0.4),
                )
                .add(text(x + 4.0, y + 7.0, 3.6, title).set("font-weight", "bold"));
            for (k, l) in lines.iter().enumerate() {
                g = g.add(text(x + 4.0, y + 12.0 + k as f32 * 3.1, 2.3, l));
            }
            (g, None)
        }
    }
}

/// A ticket's top: its kind, its two ends and its points in a circle.
fn ticket_head(x: f32, y: f32, label: &str, from: &str, to: &str, points: &str) -> Group {
    Group::new()
        .add(text(x + 5.0, y + 8.0, 2.6, label).set("fill", "#705030"))
        .add(text(x + 5.0, y + 16.0, 4.2, from).set("font-weight", "bold"))
        .add(text(x + 5.0, y + 21.0, 2.6, "to").set("fill", "#705030"))
        .add(text(x + 5.0, y + 26.5, 4.2, to).set("font-weight", "bold"))
        .add(points_circle(x + CARD_W - 9.0, y + 9.0, 5.5, points))
}

/// Points in a white circle of radius `r` centred at (`cx`, `cy`).
fn points_circle(cx: f32, cy: f32, r: f32, points: &str) -> Group {
    Group::new()
        .add(
            Circle::new()
                .set("cx", cx)
                .set("cy", cy)
                .set("r", r)
                .set("fill", "#ffffff")
                .set("stroke", "#705030")
                .set("stroke-width", 0.5),
        )
        .add(
            text(cx, cy + r * 0.36, r, points)
                .set("text-anchor", "middle")
                .set("font-weight", "bold"),
        )
}

/// A train card a ticket needs, at most 9 × 13 mm and at most `room` wide,
/// with its top-left at (`x`, `y`), and its count and colour under it.
fn draw_chip(x: f32, y: f32, room: f32, chip: &Chip) -> Group {
    let (w, h) = (room.min(9.0), 13.0);
    let card = Rectangle::new()
        .set("x", x)
        .set("y", y)
        .set("width", w)
        .set("height", h)
        .set("rx", 1.2)
        .set("fill", hex(chip.fill))
        .set("stroke", "#303030")
        .set("stroke-width", 0.3);
    Group::new()
        .add(card)
        .add(
            text(x + w / 2.0, y + h + 4.5, 3.6, &format!("×{}", chip.count))
                .set("text-anchor", "middle")
                .set("font-weight", "bold"),
        )
        .add(text(x + w / 2.0, y + h + 8.0, 2.0, &chip.kind).set("text-anchor", "middle"))
}

/// Points as an SVG `points` attribute (`x,y x,y …`).
pub(super) fn pts(p: &[egui::Pos2]) -> String {
    p.iter()
        .map(|p| format!("{},{}", p.x, p.y))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drawing::geometry::Geometry;

    #[test]
    fn a_card_game_ticket_carries_the_source_maps_mini_map_inside_the_card_only_when_given() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let usa = formats::load(&path).expect("usa loads").design;
        let geometry = Geometry::build(&usa, 0);
        let map = MiniMap::of(&usa, &geometry);
        let ticket = Card::Needs {
            from: "Denver".to_owned(),
            to: "El Paso".to_owned(),
            points: 4,
            chips: Vec::new(),
        };
        assert!(draw(&ticket, 10.0, 20.0, None).1.is_none());
        let (at, marks) = draw(&ticket, 10.0, 20.0, Some(&map))
            .1
            .expect("a mini-map with a source");
        // Below the chips, inside the card's cut line.
        assert!(at.x >= 10.0 && at.y >= 20.0 + 60.0, "{at:?}");
        assert!(at.x + map.width * at.scale <= 10.0 + CARD_W + 0.01);
        assert!(at.y + map.height * at.scale <= 20.0 + CARD_H);
        // Both cities are marked.
        assert_eq!(marks.to_string().matches("#d01818").count(), 2);
    }
}
