//! The printed playing pieces of the print-and-play kit, as SVG drawings in
//! millimetres: counters in the player colours (each with the colour's
//! symbol too, for colour-blind players), score-track strips, die-face
//! labels to stick on blank dice, coins, building tokens and the conductor
//! token. What each piece is and how many are printed is decided by the
//! export ([`crate::export::kit`]); this only draws one.

use egui::Color32;
use formats::dice::Face;
use svg::node::element::{Circle, Group, Polygon, Rectangle, Text};

use super::svg::hex;

/// A symbol printed beside a player colour, so that pieces can be told apart
/// without seeing colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbol {
    /// A filled circle.
    Circle,
    /// A filled square.
    Square,
    /// A triangle, point up.
    Triangle,
    /// A diamond.
    Diamond,
    /// A five-pointed star.
    Star,
    /// A plus sign.
    Cross,
    /// A hexagon.
    Hexagon,
    /// A ring.
    Ring,
}

/// One player's pieces: the colour's name, its fill and its symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The colour's name, as the contents page lists it.
    pub name: &'static str,
    /// The fill.
    pub fill: Color32,
    /// The symbol.
    pub symbol: Symbol,
}

/// The player colours in seat order (the board game's five, then three
/// more for designs seating more players).
pub const SEATS: [Seat; 8] = [
    Seat {
        name: "red",
        fill: Color32::from_rgb(206, 44, 40),
        symbol: Symbol::Circle,
    },
    Seat {
        name: "blue",
        fill: Color32::from_rgb(38, 98, 200),
        symbol: Symbol::Square,
    },
    Seat {
        name: "green",
        fill: Color32::from_rgb(36, 140, 64),
        symbol: Symbol::Triangle,
    },
    Seat {
        name: "yellow",
        fill: Color32::from_rgb(240, 196, 20),
        symbol: Symbol::Diamond,
    },
    Seat {
        name: "black",
        fill: Color32::from_rgb(40, 40, 44),
        symbol: Symbol::Star,
    },
    Seat {
        name: "purple",
        fill: Color32::from_rgb(130, 64, 180),
        symbol: Symbol::Cross,
    },
    Seat {
        name: "orange",
        fill: Color32::from_rgb(236, 116, 20),
        symbol: Symbol::Hexagon,
    },
    Seat {
        name: "teal",
        fill: Color32::from_rgb(0, 150, 150),
        symbol: Symbol::Ring,
    },
];

/// The seat colours of a game of `players` players (at most [`SEATS`]).
pub fn seats(players: usize) -> &'static [Seat] {
    &SEATS[..players.min(SEATS.len())]
}

/// Black or white, whichever reads better on `fill`.
pub fn ink(fill: Color32) -> &'static str {
    let l = 0.299 * f32::from(fill.r()) + 0.587 * f32::from(fill.g()) + 0.114 * f32::from(fill.b());
    if l > 150.0 { "#000000" } else { "#ffffff" }
}

/// A player's piece of one kind: a train car, a station, a score marker, a
/// building.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A train car (a rectangle laid on a route's space).
    Train,
    /// A station (Europe).
    Station,
    /// The marker moved along the score track.
    Score,
    /// A building of the dice game.
    Building(Face),
}

/// What one printed piece is.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    /// A player's counter.
    Counter {
        /// Whose.
        seat: Seat,
        /// What it stands for.
        mark: Mark,
    },
    /// Spaces `from..=to` of the score track, one strip.
    Track {
        /// The first space.
        from: i32,
        /// The last space.
        to: i32,
    },
    /// A label for one face of a die, in a player's colour or white.
    DieFace {
        /// The player's colour (`None`: a white bonus die).
        seat: Option<Seat>,
        /// The face.
        face: Face,
    },
    /// A coin.
    Coin,
    /// The conductor token (the first player).
    Conductor,
}

/// Width and height of `piece` on paper, millimetres.
pub fn size(piece: &Piece) -> (f32, f32) {
    match piece {
        Piece::Counter {
            mark: Mark::Train, ..
        } => (16.0, 8.0),
        Piece::Counter {
            mark: Mark::Station,
            ..
        } => (12.0, 12.0),
        Piece::Counter {
            mark: Mark::Score, ..
        } => (12.0, 12.0),
        Piece::Counter {
            mark: Mark::Building(_),
            ..
        } => (11.0, 11.0),
        Piece::Track { from, to } => (TRACK_SPACE * (to - from + 1) as f32, TRACK_SPACE),
        Piece::DieFace { .. } => (DIE_LABEL, DIE_LABEL),
        Piece::Coin => (18.0, 18.0),
        Piece::Conductor => (30.0, 30.0),
    }
}

/// One space of a score-track strip, millimetres.
pub const TRACK_SPACE: f32 = 12.0;
/// A die-face label, millimetres: it fits a 16 mm blank die with a margin.
pub const DIE_LABEL: f32 = 13.0;

/// `piece` drawn with its top-left corner at (`x`, `y`).
pub fn draw(piece: &Piece, x: f32, y: f32) -> Group {
    let (w, h) = size(piece);
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    match piece {
        Piece::Counter { seat, mark } => {
            let fill = hex(seat.fill);
            let ink = ink(seat.fill);
            let body = match mark {
                Mark::Train => rect(x, y, w, h, &fill).set("rx", 1.0),
                Mark::Station | Mark::Building(_) => rect(x, y, w, h, &fill).set("rx", 2.0),
                Mark::Score => rect(x, y, w, h, &fill).set("rx", w / 2.0),
            };
            let g = Group::new().add(body.set("stroke", "#000000").set("stroke-width", 0.25));
            match mark {
                Mark::Train => g
                    .add(symbol(seat.symbol, x + h / 2.0, cy, h * 0.3, ink))
                    .add(label(x + w * 0.66, cy + 1.1, 3.0, "train", ink)),
                Mark::Station => g
                    .add(symbol(seat.symbol, cx, cy - 1.2, h * 0.25, ink))
                    .add(label(cx, y + h - 1.4, 2.4, "station", ink)),
                Mark::Score => g.add(symbol(seat.symbol, cx, cy, h * 0.3, ink)),
                Mark::Building(face) => g
                    .add(symbol(seat.symbol, x + 2.0, y + 2.0, 1.2, ink))
                    .add(face_icon(*face, cx, cy - 0.8, 2.8, ink))
                    .add(label(cx, y + h - 1.0, 2.2, face_word(*face), ink)),
            }
        }
        Piece::Track { from, to } => {
            let mut g = Group::new();
            for (k, n) in (*from..=*to).enumerate() {
                let sx = x + k as f32 * TRACK_SPACE;
                let fill = if n % 5 == 0 { "#f0dca0" } else { "#ffffff" };
                g = g
                    .add(
                        rect(sx, y, TRACK_SPACE, TRACK_SPACE, fill)
                            .set("stroke", "#303030")
                            .set("stroke-width", 0.3),
                    )
                    .add(
                        label(
                            sx + TRACK_SPACE / 2.0,
                            y + TRACK_SPACE / 2.0 + 1.6,
                            4.4,
                            &n.to_string(),
                            "#000000",
                        )
                        .set("font-weight", if n % 5 == 0 { "bold" } else { "normal" }),
                    );
            }
            g
        }
        Piece::DieFace { seat, face } => {
            let (fill, ink) = match seat {
                Some(s) => (hex(s.fill), ink(s.fill)),
                None => ("#ffffff".to_owned(), "#000000"),
            };
            let g = Group::new()
                .add(
                    rect(x, y, w, h, &fill)
                        .set("rx", 1.5)
                        .set("stroke", "#000000")
                        .set("stroke-width", 0.2),
                )
                .add(face_icon(*face, cx, cy - 1.2, 3.4, ink))
                .add(label(cx, y + h - 1.4, 2.2, face_word(*face), ink));
            match seat {
                Some(s) => g.add(symbol(s.symbol, x + 2.2, y + 2.2, 1.3, ink)),
                None => g,
            }
        }
        Piece::Coin => Group::new()
            .add(
                Circle::new()
                    .set("cx", cx)
                    .set("cy", cy)
                    .set("r", w / 2.0)
                    .set("fill", "#e8c44a")
                    .set("stroke", "#7a5a00")
                    .set("stroke-width", 0.4),
            )
            .add(label(cx, cy + 2.2, 6.0, "1", "#5a3e00").set("font-weight", "bold"))
            .add(label(cx, cy + 6.0, 2.2, "coin", "#5a3e00")),
        Piece::Conductor => Group::new()
            .add(
                Circle::new()
                    .set("cx", cx)
                    .set("cy", cy)
                    .set("r", w / 2.0)
                    .set("fill", "#2c3e6a")
                    .set("stroke", "#000000")
                    .set("stroke-width", 0.4),
            )
            .add(face_icon(Face::Train, cx, cy - 3.0, 6.0, "#ffffff"))
            .add(label(cx, cy + 7.0, 3.2, "CONDUCTOR", "#ffffff").set("font-weight", "bold")),
    }
}

/// The word printed on a face's label.
pub fn face_word(face: Face) -> &'static str {
    match face {
        Face::Coin => "coin",
        Face::Hotel => "hotel",
        Face::Mine => "mine",
        Face::Ranch => "ranch",
        Face::Train => "train",
        Face::LockedTrain => "locked",
    }
}

/// A small picture of `face` centred at (`cx`, `cy`), `r` millimetres from
/// its centre to its edge, drawn in `ink`.
fn face_icon(face: Face, cx: f32, cy: f32, r: f32, ink: &str) -> Group {
    let g = Group::new();
    match face {
        Face::Coin => g
            .add(
                Circle::new()
                    .set("cx", cx)
                    .set("cy", cy)
                    .set("r", r)
                    .set("fill", "#e8c44a")
                    .set("stroke", ink)
                    .set("stroke-width", 0.3),
            )
            .add(label(cx, cy + r * 0.45, r * 1.2, "$", "#5a3e00")),
        Face::Hotel => g.add(poly(
            &[
                (cx - r, cy + r),
                (cx - r, cy - r * 0.2),
                (cx, cy - r),
                (cx + r, cy - r * 0.2),
                (cx + r, cy + r),
            ],
            ink,
        )),
        Face::Mine => g.add(poly(
            &[(cx - r, cy + r), (cx - r * 0.2, cy - r), (cx + r, cy + r)],
            ink,
        )),
        Face::Ranch => {
            let mut g = g;
            for k in 0..3 {
                let px = cx - r + k as f32 * r;
                g = g.add(rect(px - 0.3, cy - r, 0.6, 2.0 * r, ink));
            }
            g.add(rect(cx - r, cy - r * 0.4, 2.0 * r, 0.5, ink))
                .add(rect(cx - r, cy + r * 0.4, 2.0 * r, 0.5, ink))
        }
        Face::Train | Face::LockedTrain => {
            let g = g
                .add(rect(cx - r, cy - r * 0.6, 2.0 * r, r * 1.1, ink).set("rx", 0.4))
                .add(wheel(cx - r * 0.5, cy + r * 0.7, r * 0.3, ink))
                .add(wheel(cx + r * 0.5, cy + r * 0.7, r * 0.3, ink));
            if face == Face::LockedTrain {
                // A red bar edged in the label's ink, which contrasts with
                // the die's colour: it shows on a red die as on a white one.
                let bar = |colour: &str, width: f32| {
                    svg::node::element::Line::new()
                        .set("x1", cx - r * 1.1)
                        .set("y1", cy - r)
                        .set("x2", cx + r * 1.1)
                        .set("y2", cy + r)
                        .set("stroke", colour)
                        .set("stroke-width", width)
                        .set("stroke-linecap", "round")
                };
                g.add(bar(ink, r * 0.6)).add(bar("#d01010", r * 0.3))
            } else {
                g
            }
        }
    }
}

/// The symbol `s` centred at (`cx`, `cy`), `r` millimetres from centre to
/// edge, filled with `ink`.
pub fn symbol(s: Symbol, cx: f32, cy: f32, r: f32, ink: &str) -> Group {
    let g = Group::new();
    let regular = |n: usize, start: f32, radius: &dyn Fn(usize) -> f32| {
        (0..n)
            .map(|k| {
                let a = start + k as f32 * std::f32::consts::TAU / n as f32;
                (cx + radius(k) * a.cos(), cy + radius(k) * a.sin())
            })
            .collect::<Vec<_>>()
    };
    let up = -std::f32::consts::FRAC_PI_2;
    match s {
        Symbol::Circle => g.add(
            Circle::new()
                .set("cx", cx)
                .set("cy", cy)
                .set("r", r)
                .set("fill", ink),
        ),
        Symbol::Ring => g.add(
            Circle::new()
                .set("cx", cx)
                .set("cy", cy)
                .set("r", r * 0.8)
                .set("fill", "none")
                .set("stroke", ink)
                .set("stroke-width", r * 0.35),
        ),
        Symbol::Square => g.add(rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, ink)),
        Symbol::Triangle => g.add(poly(&regular(3, up, &|_| r * 1.1), ink)),
        Symbol::Diamond => g.add(poly(&regular(4, up, &|_| r * 1.05), ink)),
        Symbol::Hexagon => g.add(poly(&regular(6, 0.0, &|_| r), ink)),
        Symbol::Star => g.add(poly(
            &regular(10, up, &|k| if k % 2 == 0 { r * 1.15 } else { r * 0.48 }),
            ink,
        )),
        Symbol::Cross => g
            .add(rect(cx - r, cy - r * 0.3, 2.0 * r, r * 0.6, ink))
            .add(rect(cx - r * 0.3, cy - r, r * 0.6, 2.0 * r, ink)),
    }
}

fn wheel(cx: f32, cy: f32, r: f32, ink: &str) -> Circle {
    Circle::new()
        .set("cx", cx)
        .set("cy", cy)
        .set("r", r)
        .set("fill", ink)
}

/// A rectangle at (`x`, `y`), `w` × `h`, filled with `fill`.
pub fn rect(x: f32, y: f32, w: f32, h: f32, fill: &str) -> Rectangle {
    Rectangle::new()
        .set("x", x)
        .set("y", y)
        .set("width", w)
        .set("height", h)
        .set("fill", fill.to_owned())
}

fn poly(points: &[(f32, f32)], fill: &str) -> Polygon {
    Polygon::new()
        .set(
            "points",
            points
                .iter()
                .map(|(x, y)| format!("{x},{y}"))
                .collect::<Vec<_>>()
                .join(" "),
        )
        .set("fill", fill.to_owned())
}

/// Centred text, its baseline at `y`.
fn label(x: f32, y: f32, size: f32, s: &str, ink: &str) -> Text {
    Text::new(s)
        .set("x", x)
        .set("y", y)
        .set("font-family", "sans-serif")
        .set("font-size", size)
        .set("text-anchor", "middle")
        .set("fill", ink.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seat_has_its_own_symbol_and_readable_ink() {
        for (i, a) in SEATS.iter().enumerate() {
            for b in &SEATS[i + 1..] {
                assert_ne!(a.symbol, b.symbol);
                assert_ne!(a.fill, b.fill);
            }
        }
        assert_eq!(ink(SEATS[3].fill), "#000000", "black on yellow");
        assert_eq!(ink(SEATS[4].fill), "#ffffff", "white on black");
        assert_eq!(seats(5).len(), 5);
        assert_eq!(seats(12).len(), SEATS.len());
    }

    #[test]
    fn a_track_strip_numbers_every_space_it_holds() {
        let strip = Piece::Track { from: 15, to: 29 };
        assert_eq!(size(&strip), (15.0 * TRACK_SPACE, TRACK_SPACE));
        let text = draw(&strip, 0.0, 0.0).to_string();
        let numbers: Vec<&str> = text
            .lines()
            .filter(|l| l.chars().all(|c| c.is_ascii_digit()) && !l.is_empty())
            .collect();
        assert_eq!(numbers.first(), Some(&"15"), "{text}");
        assert_eq!(numbers.last(), Some(&"29"), "{text}");
        assert_eq!(numbers.len(), 15);
    }
}
