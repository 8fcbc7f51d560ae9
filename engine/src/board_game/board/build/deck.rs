//! The deck's colours in play and the terrain types (`cards:` and
//! `rules.terrain_cards`): what the colours of routes resolve to.

use std::collections::HashMap;

use formats::{Deck, Rules};

use super::hint;
use crate::board_game::board::{
    CardColor, ColorId, MAX_COLORS, MAX_TERRAIN_TYPES, RouteColor, TerrainId, TerrainType,
};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};

fn parse_rgb(s: &str) -> Option<[u8; 3]> {
    let h = s.strip_prefix('#')?;
    if h.len() != 6 {
        return None;
    }
    let v = u32::from_str_radix(h, 16).ok()?;
    Some([(v >> 16) as u8, (v >> 8) as u8, v as u8])
}

/// The deck's colours in play, in order, each diagnosed (too many, or a
/// name that means any colour).
pub(super) fn colors(deck: &Deck, diags: &mut Diagnostics) -> Vec<CardColor> {
    // Colours: only those with cards count towards the limit, since a colour
    // with no cards is not in play.
    let in_play = deck.colors.values().filter(|&&n| n > 0).count();
    if in_play > MAX_COLORS {
        diags.push(
            Diagnostic::new(
                Code::EngineLimit,
                format!(
                    "the deck has {}; the engine plays at most {MAX_COLORS}",
                    crate::words::count(in_play, "colour")
                ),
            )
            .at("cards.colors")
            .object(ObjectRef::Cards)
            .fix(format!(
                "use at most {MAX_COLORS} colours (a colour set to 0 cards is not in play)"
            )),
        );
    }
    let mut colors = Vec::new();
    // A colour with no cards is not in play (how a design drops a preset's colour).
    for (name, &count) in deck.in_play() {
        if name == "gray" || name == "locomotive" {
            diags.push(
                Diagnostic::new(
                    Code::RuleContradiction,
                    format!(
                        "`{name}` cannot be a deck colour: it means any colour on routes and cards"
                    ),
                )
                .at(format!("cards.colors.{name}"))
                .object(ObjectRef::Cards),
            );
        }
        colors.push(CardColor {
            name: name.clone(),
            count,
            rgb: deck.palette.get(name).and_then(|s| parse_rgb(s)),
        });
    }
    colors
}

/// The names of the colours in play, which routes and terrain types name.
pub(super) struct Palette<'a> {
    /// In deck order.
    pub names: Vec<&'a str>,
}

impl<'a> Palette<'a> {
    /// The palette of `colors`.
    pub fn new(colors: &'a [CardColor]) -> Self {
        Palette {
            names: colors.iter().map(|c| c.name.as_str()).collect(),
        }
    }

    /// The route colour `name` means (`gray`, or a colour in play).
    pub fn color_of(&self, name: &str) -> Option<RouteColor> {
        if name == "gray" {
            Some(RouteColor::Gray)
        } else {
            self.names
                .iter()
                .position(|c| *c == name)
                .map(|i| RouteColor::Color(ColorId::from_index(i)))
        }
    }
}

/// The terrain types of `rules.terrain_cards` and the one each colour belongs to.
pub(super) struct Terrain {
    /// In file order.
    pub types: Vec<TerrainType>,
    /// The terrain type of a colour's name.
    pub of_color: HashMap<String, TerrainId>,
}

/// The terrain types, each colour they name checked against the palette.
pub(super) fn terrain(rules: &Rules, palette: &Palette<'_>, diags: &mut Diagnostics) -> Terrain {
    let terrain_rules = &rules.terrain_cards;
    let mut terrain_types = Vec::new();
    let mut terrain_of_color: HashMap<String, TerrainId> = HashMap::new();
    if terrain_rules.types.len() > MAX_TERRAIN_TYPES {
        diags.push(
            Diagnostic::new(
                Code::EngineLimit,
                format!(
                    "{} terrain types; the engine plays at most {MAX_TERRAIN_TYPES}",
                    terrain_rules.types.len()
                ),
            )
            .at("rules.terrain_cards.types")
            .object(ObjectRef::Rule("terrain_cards.types".into()))
            .fix(format!("use at most {MAX_TERRAIN_TYPES} terrain types")),
        );
    }
    for (t, ty) in terrain_rules.types.iter().enumerate() {
        for (k, col) in ty.colors.iter().enumerate() {
            let path = format!("rules.terrain_cards.types[{t}].colors[{k}]");
            if palette.color_of(col).is_none() {
                diags.push(
                    Diagnostic::new(
                        Code::UnknownColor,
                        format!(
                            "terrain type `{}` names colour `{col}`, which the deck does not have{}",
                            ty.name,
                            hint(col, palette.names.iter().copied().chain(["gray"]))
                        ),
                    )
                    .at(path)
                    .object(ObjectRef::Rule("terrain_cards.types".into())),
                );
            } else if terrain_of_color
                .insert(col.clone(), TerrainId::from_index(t))
                .is_some()
            {
                diags.push(
                    Diagnostic::new(
                        Code::RuleContradiction,
                        format!("colour `{col}` belongs to two terrain types"),
                    )
                    .at(path)
                    .object(ObjectRef::Rule("terrain_cards.types".into())),
                );
            }
        }
        terrain_types.push(TerrainType {
            name: ty.name.clone(),
            count: ty.count,
        });
    }
    Terrain {
        types: terrain_types,
        of_color: terrain_of_color,
    }
}
