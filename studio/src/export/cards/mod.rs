//! The print-and-play cards: what is on each (destination tickets with a
//! mini-map, train cards and locomotives per the deck, terrain cards, the
//! rules summary; the card game's tickets with the train cards they need and
//! its Big City cards; the dice game's special and goods cards) and how they
//! are laid out on pages, with bleed and cut marks.

mod draw;
mod mini_map;
mod pages;
mod sections;

use egui::Color32;

pub use draw::draw;
pub use mini_map::MiniMap;
pub use pages::{Back, Backs, CardGrid};
pub(crate) use sections::rules_cards;
pub use sections::{card_game_sections, dice_sections, sections};

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

/// Cards printed together, starting a new page (so each can go on its own
/// card stock and back).
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// What the cards are, for the page heading.
    pub title: String,
    /// The cards.
    pub cards: Vec<Card>,
}
