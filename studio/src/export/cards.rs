//! The print-and-play cards: what is on each (destination tickets with a
//! mini-map, train cards and locomotives per the deck, terrain cards, the
//! rules summary; the card game's tickets with the train cards they need and
//! its Big City cards; the dice game's special and goods cards) and how they
//! are laid out on pages, with bleed and cut marks.

use egui::Color32;
use engine::Board;
use engine::card_game::CardDesign;
use engine::dice::DiceDesign;
use engine::dice::design::Special;
use formats::GameFile;
use svg::node::element::{Circle, Group, Polygon, Polyline, Rectangle};

use super::rules_card;
use super::sheet::{Sheet, cut_marks, line, text, wrap};
use super::tiles::Place;
use crate::drawing::colors::{self, Palette};
use crate::drawing::components::rect;
use crate::drawing::geometry::Geometry;
use crate::drawing::paper::Paper;
use crate::drawing::svg::hex;

/// A card's width, millimetres (the common 63 × 88 mm playing card).
pub const CARD_W: f32 = 63.0;
/// A card's height, millimetres.
pub const CARD_H: f32 = 88.0;
/// How far a card's background runs past its cut line, millimetres.
pub const BLEED: f32 = 3.0;
/// The least page edge around the cards (room for the cut marks), millimetres.
pub const PAGE_EDGE: f32 = 8.0;
/// The rules summary's section and card heading.
pub const RULES_SUMMARY: &str = "Rules summary";
/// Rules lines on one summary card.
const RULE_LINES: usize = 24;
/// Characters on a rules line.
const RULE_WIDTH: usize = 44;

/// What one card shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Card {
    /// A destination ticket: its two ends (city or country names) and points.
    Ticket {
        /// One end.
        from: String,
        /// The other end.
        to: String,
        /// Points.
        points: u32,
        /// A long ticket (dealt apart).
        long: bool,
    },
    /// A train card of one colour.
    Train {
        /// The colour's name.
        colour: String,
        /// How it is drawn.
        fill: Color32,
    },
    /// A locomotive (wild), striped in the deck's colours.
    Locomotive {
        /// The deck's colours.
        stripes: Vec<Color32>,
    },
    /// A terrain card.
    Terrain {
        /// The type's name.
        name: String,
        /// The route colours it doubles, with their drawing colours.
        colours: Vec<(String, Color32)>,
    },
    /// A card-game ticket: its two cities, points and the train cards it
    /// needs.
    Needs {
        /// One city.
        from: String,
        /// The other city.
        to: String,
        /// Points won when completed, lost when not.
        points: i32,
        /// The train cards it needs.
        chips: Vec<Chip>,
    },
    /// A Big City bonus card.
    BigCity {
        /// The city.
        city: String,
        /// Its points.
        points: i32,
    },
    /// A delivery ticket of the dice game: two stations and its points.
    Delivery {
        /// One station.
        from: String,
        /// The other station.
        to: String,
        /// Points when revealed.
        points: u8,
    },
    /// A special goods card of the dice game: one of each of two goods.
    Goods {
        /// One good.
        a: String,
        /// The other good.
        b: String,
    },
    /// A card of a goods deck of the dice game.
    Good {
        /// The good.
        name: String,
        /// Points for its monopoly.
        monopoly: u8,
    },
    /// Part of the rules summary.
    Rules {
        /// Its heading.
        title: String,
        /// Its lines.
        lines: Vec<String>,
    },
    /// A bonus card (the board game's longest path or most tickets).
    Bonus {
        /// Its name.
        title: String,
        /// Its points.
        points: i32,
        /// Who takes it.
        text: String,
    },
    /// A victory-point card of the dice game.
    Points {
        /// Its value.
        value: u16,
    },
}

impl Card {
    /// What the card is, in a few words (a virtual table's name for it).
    pub fn name(&self) -> String {
        match self {
            Card::Ticket {
                from, to, points, ..
            } => format!("{from} – {to} ({points})"),
            Card::Train { colour, .. } => format!("{colour} train card"),
            Card::Locomotive { .. } => "Locomotive".to_owned(),
            Card::Terrain { name, .. } => format!("{name} terrain card"),
            Card::Needs {
                from, to, points, ..
            } => format!("{from} – {to} ({points})"),
            Card::BigCity { city, points } => format!("Big City {city} ({points})"),
            Card::Delivery { from, to, points } => {
                format!("Delivery ticket {from} – {to} ({points})")
            }
            Card::Goods { a, b } => format!("Goods card {a} + {b}"),
            Card::Good { name, .. } => format!("{name} goods card"),
            Card::Rules { title, .. } => title.clone(),
            Card::Bonus { title, points, .. } => format!("{title} bonus card ({points})"),
            Card::Points { value } => format!("{value} VP card"),
        }
    }
}

/// Train cards a card-game ticket needs of one colour, drawn as a small card
/// with the count under it. (A ticket names colours only: locomotives stand
/// in for any colour when it is completed.)
#[derive(Clone, Debug, PartialEq)]
pub struct Chip {
    /// The colour's name.
    pub kind: String,
    /// How it is drawn.
    pub fill: Color32,
    /// Cards needed.
    pub count: u8,
}

/// The sections in order, empty ones left out.
fn nonempty(sections: Vec<(&str, Vec<Card>)>) -> Vec<Section> {
    sections
        .into_iter()
        .filter(|(_, cards)| !cards.is_empty())
        .map(|(title, cards)| Section {
            title: title.to_owned(),
            cards,
        })
        .collect()
}

/// The train cards of a deck (`count` of each colour, then the locomotives,
/// striped in the deck's colours).
fn deck_cards(colours: &[(String, u8)], locomotives: u8, palette: &Palette) -> Vec<Card> {
    let mut trains = Vec::new();
    for (name, count) in colours {
        for _ in 0..*count {
            trains.push(Card::Train {
                colour: name.clone(),
                fill: palette.route(name),
            });
        }
    }
    let stripes: Vec<_> = colours.iter().map(|(c, _)| palette.route(c)).collect();
    trains.extend((0..locomotives).map(|_| Card::Locomotive {
        stripes: stripes.clone(),
    }));
    trains
}

/// The rules summary `lines` wrapped onto as many cards as they need, a
/// sentence never split between two cards (unless it alone is longer than a
/// card).
pub(crate) fn rules_cards(title: &str, lines: &[String]) -> Vec<Card> {
    let mut cards: Vec<Vec<String>> = vec![Vec::new()];
    for l in lines {
        let mut w = wrap(l, RULE_WIDTH);
        for more in w.iter_mut().skip(1) {
            more.insert_str(0, "  ");
        }
        for piece in w.chunks(RULE_LINES) {
            let card = cards
                .last_mut()
                .filter(|c| c.len() + piece.len() <= RULE_LINES);
            match card {
                Some(card) => card.extend_from_slice(piece),
                None => cards.push(piece.to_vec()),
            }
        }
    }
    cards
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(|lines| Card::Rules {
            title: title.to_owned(),
            lines,
        })
        .collect()
}

/// The card sections of a card-game design (`file` built as `design`): its
/// tickets with the cards they need, the train cards and locomotives per the
/// deck, the Big City bonus cards and the rules summary.
pub fn card_game_sections(file: &GameFile, design: &CardDesign) -> Vec<Section> {
    let palette = Palette::of(file);
    let colours: Vec<(String, u8)> = design
        .colors
        .iter()
        .enumerate()
        .map(|(i, c)| (c.clone(), design.deck.0[i]))
        .collect();
    let tickets = design
        .tickets
        .iter()
        .map(|t| Card::Needs {
            from: t.cities[0].clone(),
            to: t.cities[1].clone(),
            points: t.points,
            chips: design
                .colors
                .iter()
                .enumerate()
                .filter(|&(k, _)| t.needs.0[k] > 0)
                .map(|(k, name)| Chip {
                    kind: name.clone(),
                    fill: palette.route(name),
                    count: t.needs.0[k],
                })
                .collect(),
        })
        .collect();
    let big = design
        .big_cities
        .iter()
        .map(|b| Card::BigCity {
            city: b.name.clone(),
            points: b.points,
        })
        .collect();
    nonempty(vec![
        ("Destination tickets", tickets),
        (
            "Train cards and locomotives",
            deck_cards(&colours, design.deck.0[design.loco()], &palette),
        ),
        ("Big City bonus cards", big),
        (
            RULES_SUMMARY,
            rules_cards(RULES_SUMMARY, &rules_card::card_game_lines(design)),
        ),
    ])
}

/// The card sections of a dice design: the special cards (delivery tickets
/// and goods cards, as many of each as the deck holds), the goods decks and
/// the rules summary.
pub fn dice_sections(design: &DiceDesign) -> Vec<Section> {
    let station = |i: u16| {
        design
            .stations
            .get(usize::from(i))
            .map_or_else(String::new, |s| s.name.clone())
    };
    let good = |i: u8| {
        design
            .goods
            .get(usize::from(i))
            .map_or_else(String::new, |g| g.name.clone())
    };
    let specials = design
        .specials
        .iter()
        .map(|s| match *s {
            Special::Ticket { a, b, points } => Card::Delivery {
                from: station(a),
                to: station(b),
                points,
            },
            Special::Goods { a, b } => Card::Goods {
                a: good(a),
                b: good(b),
            },
        })
        .collect();
    let goods = design
        .goods
        .iter()
        .flat_map(|g| {
            (0..g.cards).map(|_| Card::Good {
                name: g.name.clone(),
                monopoly: g.monopoly,
            })
        })
        .collect();
    nonempty(vec![
        ("Special cards", specials),
        ("Goods cards", goods),
        (
            RULES_SUMMARY,
            rules_cards(RULES_SUMMARY, &rules_card::dice_lines(design)),
        ),
    ])
}

/// Cards printed together, starting a new page (so each can go on its own
/// card stock and back).
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// What the cards are, for the page heading.
    pub title: String,
    /// The cards.
    pub cards: Vec<Card>,
}

/// The card sections of `design`: tickets, long tickets, train cards and
/// locomotives, terrain cards (each as many as the deck holds) and the rules
/// summary. Empty sections are left out.
pub fn sections(design: &GameFile, board: &Board) -> Vec<Section> {
    let palette = Palette::of(design);
    let ticket = |t: &formats::TicketSpec| Card::Ticket {
        from: t.from.clone(),
        to: t.to.clone(),
        points: t.points,
        long: t.long,
    };
    let colours: Vec<(String, u8)> = board
        .colors()
        .iter()
        .map(|c| (c.name.clone(), c.count))
        .collect();
    let trains = deck_cards(&colours, board.locomotives(), &palette);
    let mut terrain = Vec::new();
    for t in &board.rules().terrain_cards.types {
        let colours: Vec<_> = t
            .colors
            .iter()
            .map(|c| (c.clone(), palette.route(c)))
            .collect();
        for _ in 0..t.count {
            terrain.push(Card::Terrain {
                name: t.name.clone(),
                colours: colours.clone(),
            });
        }
    }
    let rules = rules_cards(RULES_SUMMARY, &rules_card::lines(board));
    nonempty(vec![
        (
            "Destination tickets",
            design
                .tickets
                .iter()
                .filter(|t| !t.long)
                .map(ticket)
                .collect(),
        ),
        (
            "Long destination tickets",
            design
                .tickets
                .iter()
                .filter(|t| t.long)
                .map(ticket)
                .collect(),
        ),
        ("Train cards and locomotives", trains),
        ("Terrain cards", terrain),
        (RULES_SUMMARY, rules),
    ])
}

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

/// What a ticket's mini-map needs: the board's extent and where its cities
/// and countries lie.
pub struct MiniMap<'a> {
    /// The design.
    pub design: &'a GameFile,
    /// Its layout.
    pub geometry: &'a Geometry,
    /// The board's width, millimetres.
    pub width: f32,
    /// The board's height, millimetres.
    pub height: f32,
}

impl<'a> MiniMap<'a> {
    /// The mini-map of the board design `design` laid out as `geometry`, at
    /// the board's size.
    pub fn of(design: &'a GameFile, geometry: &'a Geometry) -> MiniMap<'a> {
        let (width, height) = crate::drawing::svg::extent(design, geometry);
        MiniMap {
            design,
            geometry,
            width,
            height,
        }
    }

    /// The network drawn for a ticket's mini-map, in board millimetres: routes
    /// as lines, cities as dots, on a light background (thick enough to read
    /// at a card's scale).
    pub fn network(&self) -> Group {
        let (w, h) = (self.width, self.height);
        let unit = w.max(h) / 120.0;
        let g = self.geometry;
        let mut out = Group::new().add(
            Rectangle::new()
                .set("width", w)
                .set("height", h)
                .set("fill", "#fbf8f0"),
        );
        for c in &g.countries {
            out = out.add(
                Polygon::new()
                    .set("points", pts(&c.outline))
                    .set("fill", "#efe6d0")
                    .set("stroke", "#a09070")
                    .set("stroke-width", unit * 0.3),
            );
        }
        for r in &g.routes {
            out = out.add(
                Polyline::new()
                    .set("points", pts(&r.line))
                    .set("fill", "none")
                    .set("stroke", "#9a9a9a")
                    .set("stroke-width", unit * 0.5),
            );
        }
        for p in &g.cities {
            out = out.add(
                Circle::new()
                    .set("cx", p.x)
                    .set("cy", p.y)
                    .set("r", unit * 0.8)
                    .set("fill", "#505050"),
            );
        }
        out
    }

    /// Where the map goes in a box at (`x`, `y`), `w` × `h` millimetres.
    fn place(&self, x: f32, y: f32, w: f32, h: f32) -> Place {
        let scale = (w / self.width).min(h / self.height);
        Place {
            x: x + (w - self.width * scale) / 2.0,
            y: y + (h - self.height * scale) / 2.0,
            scale,
        }
    }

    /// The mini-map in the box at (`x`, `y`), `w` × `h` mm of a card: where
    /// it goes, and its frame with `from` and `to` marked, to go over it.
    fn on_card(&self, from: &str, to: &str, x: f32, y: f32, w: f32, h: f32) -> (Place, Group) {
        let at = self.place(x, y, w, h);
        let frame = Rectangle::new()
            .set("x", at.x)
            .set("y", at.y)
            .set("width", self.width * at.scale)
            .set("height", self.height * at.scale)
            .set("fill", "none")
            .set("stroke", "#806850")
            .set("stroke-width", 0.3);
        let marks = Group::new()
            .add(frame)
            .add(self.mark(from, at))
            .add(self.mark(to, at));
        (at, marks)
    }

    /// A mark on the place called `name` (a city, or every outline of a country).
    fn mark(&self, name: &str, at: Place) -> Group {
        let mut g = Group::new();
        let pos = |p: egui::Pos2| (at.x + p.x * at.scale, at.y + p.y * at.scale);
        if let Some(i) = self.design.cities.iter().position(|c| c.name == name) {
            let (cx, cy) = pos(self.geometry.cities[i]);
            g = g.add(
                Circle::new()
                    .set("cx", cx)
                    .set("cy", cy)
                    .set("r", 1.8)
                    .set("fill", "#d01818")
                    .set("stroke", "#ffffff")
                    .set("stroke-width", 0.5),
            );
        }
        for c in self.geometry.countries.iter().filter(|c| c.name == name) {
            let pts = c
                .outline
                .iter()
                .map(|p| {
                    let (x, y) = pos(*p);
                    format!("{x},{y}")
                })
                .collect::<Vec<_>>()
                .join(" ");
            g = g.add(
                Polygon::new()
                    .set("points", pts)
                    .set("fill", "#d01818")
                    .set("fill-opacity", 0.35)
                    .set("stroke", "#d01818")
                    .set("stroke-width", 0.5),
            );
        }
        g
    }
}

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

fn pts(p: &[egui::Pos2]) -> String {
    p.iter()
        .map(|p| format!("{},{}", p.x, p.y))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The USA card game with `cards:` and `rules:` of its own and its first
    /// ticket needing `needs`.
    fn card_game(rules: &str, cards: &str, needs: &str) -> (GameFile, CardDesign) {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml");
        let text = std::fs::read_to_string(path)
            .expect("the bundled design reads")
            .replace(
                "rules:\n  preset: card-game\n",
                &format!("rules:\n  preset: card-game\n{rules}cards:\n{cards}"),
            )
            .replacen("  cards:\n    yellow: 1\n    red: 1\n", needs, 1);
        let file = formats::load_str(&text, std::path::Path::new("cards.yaml"))
            .expect("the design loads")
            .design;
        let mut diags = engine::Diagnostics::default();
        let design = engine::card_game::build(&file, &mut diags).expect("the design builds");
        (file, design)
    }

    #[test]
    fn a_card_game_ticket_shows_the_cards_it_needs_and_the_deck_and_big_cities_are_counted() {
        let (file, design) = card_game(
            "  big_cities: [{city: Denver, points: 7}]\n",
            "  locomotives: 20\n",
            "  cards: {red: 2, blue: 1}\n",
        );
        let sections = card_game_sections(&file, &design);
        let titles: Vec<&str> = sections.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(
            titles,
            [
                "Destination tickets",
                "Train cards and locomotives",
                "Big City bonus cards",
                "Rules summary"
            ]
        );
        let Card::Needs { points, chips, .. } = &sections[0].cards[0] else {
            panic!("{:?}", sections[0].cards[0]);
        };
        assert_eq!(*points, 4);
        let needs: Vec<(&str, u8)> = chips.iter().map(|c| (c.kind.as_str(), c.count)).collect();
        // In the deck's order (blue before red in the preset).
        assert_eq!(needs, [("blue", 1), ("red", 2)]);
        assert_eq!(sections[1].cards.len(), 80 + 20);
        assert_eq!(
            sections[1]
                .cards
                .iter()
                .filter(|c| matches!(c, Card::Locomotive { .. }))
                .count(),
            20
        );
        assert_eq!(
            sections[2].cards,
            [Card::BigCity {
                city: "Denver".to_owned(),
                points: 7
            }]
        );
    }

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

    #[test]
    fn the_dice_demo_prints_its_specials_and_every_goods_card() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/trains-and-stations-demo.yaml");
        let file = formats::load(&path).expect("the demo loads").design;
        let design = DiceDesign::build(&file).expect("the demo builds");
        let sections = dice_sections(&design);
        assert_eq!(sections[0].title, "Special cards");
        assert_eq!(sections[0].cards.len(), design.specials.len());
        assert!(sections[0].cards.contains(&Card::Delivery {
            from: "Frankfurt".to_owned(),
            to: "Budapest".to_owned(),
            points: 10
        }));
        assert!(sections[0].cards.contains(&Card::Goods {
            a: "silver".to_owned(),
            b: "gold".to_owned()
        }));
        let goods: usize = design.goods.iter().map(|g| usize::from(g.cards)).sum();
        assert_eq!(sections[1].cards.len(), goods);
        assert_eq!(sections[2].title, "Rules summary");
        // Two cards, no sentence split between them.
        let Card::Rules { lines, .. } = &sections[2].cards[1] else {
            panic!("{:?}", sections[2].cards[1]);
        };
        assert_eq!(sections[2].cards.len(), 2);
        assert!(!lines[0].starts_with("  "), "{lines:?}");
    }
}
