//! The colours the board is drawn in: train-card colours by name (with the
//! deck's own palette for colours the studio does not know), and terrain.

use std::collections::HashMap;

use egui::Color32;
use formats::{GameFile, RegionKind};

/// Drawing colours of route colours, by name.
#[derive(Clone, Debug, Default)]
pub struct Palette {
    own: HashMap<String, Color32>,
}

impl Palette {
    /// The palette of `design`'s deck (its `palette:` entries).
    pub fn of(design: &GameFile) -> Self {
        let mut own = HashMap::new();
        if let Ok((_, deck)) = formats::board_game::rules::resolve(&design.rules, &design.cards) {
            for (name, hex) in &deck.palette {
                if let Ok(c) = Color32::from_hex(hex) {
                    own.insert(name.clone(), c);
                }
            }
        }
        Palette { own }
    }

    /// The fill of a route of colour `name`.
    pub fn route(&self, name: &str) -> Color32 {
        if let Some(c) = self.own.get(name) {
            return *c;
        }
        named(name).unwrap_or_else(|| hashed(name))
    }
}

/// The built-in colours of the rulebook decks.
pub fn named(name: &str) -> Option<Color32> {
    Some(match name {
        "red" => Color32::from_rgb(204, 45, 45),
        "blue" => Color32::from_rgb(45, 105, 200),
        "green" => Color32::from_rgb(60, 150, 70),
        "yellow" => Color32::from_rgb(245, 205, 40),
        "orange" => Color32::from_rgb(235, 135, 35),
        "black" => Color32::from_rgb(40, 40, 45),
        "white" => Color32::from_rgb(248, 248, 244),
        "pink" | "purple" => Color32::from_rgb(225, 125, 185),
        "gray" | "grey" => Color32::from_rgb(165, 165, 165),
        "brown" => Color32::from_rgb(140, 90, 50),
        _ => return None,
    })
}

/// A stable colour for a name the studio does not know.
fn hashed(name: &str) -> Color32 {
    let h = name.bytes().fold(2166136261u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(16777619)
    });
    Color32::from_rgb(
        80 + (h & 0x7f) as u8,
        80 + ((h >> 8) & 0x7f) as u8,
        80 + ((h >> 16) & 0x7f) as u8,
    )
}

/// The fill of a terrain region.
pub fn region(kind: RegionKind) -> Color32 {
    match kind {
        RegionKind::Sea => Color32::from_rgb(168, 203, 226),
        RegionKind::Lake => Color32::from_rgb(150, 192, 228),
        RegionKind::Land => Color32::from_rgb(236, 226, 196),
        RegionKind::Mountains => Color32::from_rgb(196, 178, 156),
        RegionKind::Hills => Color32::from_rgb(214, 204, 166),
        RegionKind::Desert => Color32::from_rgb(240, 218, 160),
        RegionKind::Forest => Color32::from_rgb(160, 196, 140),
        RegionKind::Jungle => Color32::from_rgb(110, 165, 110),
        RegionKind::Savanna => Color32::from_rgb(222, 210, 135),
        RegionKind::Plains => Color32::from_rgb(222, 230, 172),
        RegionKind::Ice => Color32::from_rgb(236, 244, 250),
    }
}

/// Selection highlight.
pub const SELECTED: Color32 = Color32::from_rgb(255, 200, 0);
/// Hover highlight.
pub const HOVER: Color32 = Color32::from_rgb(90, 170, 255);
/// Lit objects (ticket paths, overlays).
pub const LIT: Color32 = Color32::from_rgb(0, 220, 255);
/// Objects with errors.
pub const ERROR: Color32 = Color32::from_rgb(230, 30, 30);
/// Objects with warnings.
pub const WARNING: Color32 = Color32::from_rgb(245, 150, 0);
