//! What every family's rule parameters share: the player range, the
//! train-card deck, an error naming the field of `rules:` or `cards:` that
//! does not resolve, and how a parameter is documented. Each family's own
//! parameters and presets are in its folder ([`crate::board_game::rules`],
//! [`crate::card_game`], [`crate::dice`]).

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_yaml::{Mapping, Value};

/// How many players may sit down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRange {
    /// Fewest players.
    pub min: u8,
    /// Most players.
    pub max: u8,
}

/// The train-card deck.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Deck {
    /// Colours in play, in order, and how many cards of each.
    pub colors: IndexMap<String, u8>,
    /// Locomotives (wild cards).
    pub locomotives: u8,
    /// Optional drawing colours (`#rrggbb`) for colours without a built-in one.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub palette: IndexMap<String, String>,
}

impl Deck {
    /// The colours in play, in order, with their counts: a colour with no
    /// cards is not in play (how a design drops a preset's colour).
    pub fn in_play(&self) -> impl Iterator<Item = (&String, &u8)> {
        self.colors.iter().filter(|(_, n)| **n > 0)
    }

    /// The names of the colours in play, in order.
    pub fn colors_in_play(&self) -> Vec<String> {
        self.in_play().map(|(c, _)| c.clone()).collect()
    }

    /// Cards in the deck, locomotives included.
    pub fn total(&self) -> u32 {
        self.colors.values().map(|&n| u32::from(n)).sum::<u32>() + u32::from(self.locomotives)
    }
}

/// A rule section that did not resolve: the path of the offending field and
/// serde's complaint about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolveError {
    /// Key path in the file, e.g. `rules.display.size`.
    pub path: String,
    /// What was wrong.
    pub message: String,
}

/// Deserializes a resolved section, naming the offending field's path.
pub(crate) fn typed<T: serde::de::DeserializeOwned>(
    m: Mapping,
    root: &str,
) -> Result<T, ResolveError> {
    serde_path_to_error::deserialize(Value::Mapping(m)).map_err(|e| {
        let inner = e.path().to_string();
        ResolveError {
            path: if inner == "." {
                root.to_owned()
            } else {
                format!("{root}.{inner}")
            },
            message: crate::error::describe_serde(&e.inner().to_string()),
        }
    })
}

/// One rule parameter, for documentation and the studio's Rules panel.
#[derive(Clone, Copy, Debug)]
pub struct Parameter {
    /// Key path below `rules:` (or `cards.` for the deck).
    pub path: &'static str,
    /// One line saying what it does.
    pub doc: &'static str,
}

/// The player range a design's rules allow, read with its family's rules
/// (`None` when they do not resolve): what setup forms offer before a game.
pub fn player_range(design: &crate::GameFile) -> Option<PlayerRange> {
    (crate::families::of(design.family).resolve)(&design.rules, &design.cards).ok()
}
