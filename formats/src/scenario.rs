//! Scenario files: an exact position of a board game, the actions played from
//! it, and what must hold afterwards. Rulebook examples are written as
//! scenarios, and designers can write their own. See `docs/scenarios.md`.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::design::GameFile;
use crate::error::{LoadError, LoadErrorKind, describe_serde};
use crate::load::{parse_document, read_text};

/// The scenario schema tag.
pub const SCENARIO_FORMAT: &str = "tracklayer-scenario/1";

/// Card counts by name: a colour, `locomotive`, or a terrain type.
pub type CardCounts = BTreeMap<String, u16>;

/// A scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// `tracklayer-scenario/1`.
    pub format: String,
    /// What it shows, e.g. "Tunnel: 2 red played, 1 red revealed".
    pub name: String,
    /// Where the rule comes from (a rulebook page, a design note).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The design file, relative to the scenario.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Or the design itself, inline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design: Option<Box<GameFile>>,
    /// Players at the table.
    pub players: usize,
    /// The seed of the deal.
    #[serde(default)]
    pub seed: u64,
    /// Changes to the dealt position.
    #[serde(default)]
    pub setup: Setup,
    /// What happens, in order.
    #[serde(default)]
    pub steps: Vec<Step>,
    /// The final accounts, after the last step (the game is ended if it has
    /// not ended by itself).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<FinalExpect>,
}

/// Overrides of the dealt position. Everything left out stays as dealt.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Skip the setup ticket choice and start at a normal turn (default when
    /// any player's tickets are given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skip_ticket_choice: Option<bool>,
    /// Whose turn it is (1-based).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<u8>,
    /// The face-up train cards, slot by slot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display: Option<Vec<String>>,
    /// The top of the train deck, top card first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deck_top: Vec<String>,
    /// Keep only this many cards in the train deck (the rest go to the discards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_size: Option<usize>,
    /// The discards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discards: Option<CardCounts>,
    /// The top of the ticket deck, top ticket first, by name (after the setup
    /// tickets are dealt; a long ticket goes on top of the long-ticket deck).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ticket_deck_top: Vec<String>,
    /// Keep only this many regular tickets in the deck (the rest, from the
    /// bottom, leave the game), e.g. to show a draw of fewer than usual.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket_deck_size: Option<usize>,
    /// The face-up terrain cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain_display: Option<Vec<String>>,
    /// The top of the terrain deck, top card first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain_deck_top: Vec<String>,
    /// Per player (in seat order), what they hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<PlayerSetup>,
}

/// One player's position.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// Train cards in hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<CardCounts>,
    /// Tickets held, by name (`Denver - El Paso`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tickets: Option<Vec<String>>,
    /// The setup tickets this player chooses from, by name (only while the
    /// setup ticket choice is played, so not together with `tickets`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<Vec<String>>,
    /// Routes owned, by id or name; trains and points follow unless given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub routes: Vec<String>,
    /// Trains left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trains: Option<u16>,
    /// Cities with this player's stations.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stations: Vec<String>,
    /// Stations left (default: the rules' count minus those built).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stations_left: Option<u8>,
    /// Terrain cards before the player, by type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<CardCounts>,
}

/// One step: an action to play, an action that must be refused, or checks.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The player who must be on turn (1-based), checked before acting.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<u8>,
    /// An action to play, in the CLI's words (`claim … with …`).
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "do")]
    pub action: Option<String>,
    /// An action that must be refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal: Option<String>,
    /// A fragment the refusal's reason must contain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// An action that must be accepted; it is tried on a copy of the position
    /// and not played, so one step can show one of several ways to pay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<String>,
    /// What must hold after this step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<Expect>,
}

/// Checks on the position.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The pending decision: `setup-tickets`, `turn`, `second-draw`,
    /// `keep-tickets`, `tunnel`, `double`, `over`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// Whose decision it is (1-based).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<u8>,
    /// Has the last round begun (a player ended a turn with few trains)?
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_round: Option<bool>,
    /// Extra cards a pending tunnel demands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tunnel_extra: Option<u8>,
    /// The face-up train cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display: Option<Vec<String>>,
    /// Cards in the train deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_size: Option<usize>,
    /// The discards (kinds listed must match exactly).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discards: Option<CardCounts>,
    /// How many times the display was dealt anew during this step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_resets: Option<u32>,
    /// The tickets on offer to the player choosing (any order), by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<Vec<String>>,
    /// Regular tickets left in the deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket_deck_size: Option<usize>,
    /// The bottom of the regular ticket deck, bottom ticket last, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket_deck_bottom: Option<Vec<String>>,
    /// The tickets out of the game (any order), by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tickets_out: Option<Vec<String>>,
    /// The face-up terrain cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain_display: Option<Vec<String>>,
    /// The discarded terrain cards by type (types listed must match exactly).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain_discards: Option<CardCounts>,
    /// Per player (in seat order; leave a player out with `{}`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<PlayerExpect>,
}

/// Checks on one player.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerExpect {
    /// Cards in hand (kinds listed must match exactly; `total` for the count).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<CardCounts>,
    /// Trains left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trains: Option<u16>,
    /// Route points so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
    /// Routes owned, by id or name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routes: Option<Vec<String>>,
    /// Tickets held, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tickets: Option<Vec<String>>,
    /// Stations left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stations_left: Option<u8>,
    /// Terrain cards by type (types listed must match exactly).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<CardCounts>,
}

/// The final accounts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinalExpect {
    /// Why the game ended: `normal`, `stalemate`, `turn-cap`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The winners (1-based).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winners: Option<Vec<u8>>,
    /// Per player, in seat order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<FinalPlayer>,
}

/// One player's final score, component by component (each optional).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinalPlayer {
    /// The total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<i32>,
    /// Route points (doubling included).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routes: Option<i32>,
    /// Points of completed tickets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tickets_completed: Option<i32>,
    /// Points lost for tickets not completed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tickets_failed: Option<i32>,
    /// Completed tickets, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completed: Option<Vec<String>>,
    /// Length of the longest continuous path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub longest_path: Option<u32>,
    /// Longest-path bonus won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub longest_path_bonus: Option<i32>,
    /// Globetrotter bonus won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub globetrotter_bonus: Option<i32>,
    /// Points for stations not built.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stations_bonus: Option<i32>,
    /// The routes the stations use, by id or name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub borrowed: Option<Vec<String>>,
}

/// Reads a scenario file, locating errors like design files.
pub fn load_scenario(path: &Path) -> Result<Scenario, LoadError> {
    let text = read_text(path)?;
    let (doc, index) = parse_document(&text, path)?;
    let s: Scenario =
        serde_path_to_error::deserialize(serde_yaml::Value::Mapping(doc)).map_err(|e| {
            let p = e.path().to_string();
            LoadError::new(
                path,
                LoadErrorKind::Field {
                    message: describe_serde(&e.inner().to_string()),
                },
            )
            .at(index.locate(&p))
            .path(p)
        })?;
    if s.format != SCENARIO_FORMAT {
        return Err(LoadError::new(
            path,
            LoadErrorKind::Version(format!(
                "found `{}`, expected `{SCENARIO_FORMAT}`",
                s.format
            )),
        )
        .at(index.value("format"))
        .path("format"));
    }
    Ok(s)
}
