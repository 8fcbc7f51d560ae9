//! Scenario files: an exact position of a board game, the actions played from
//! it, and what must hold afterwards. Rulebook examples are written as
//! scenarios, and designers can write their own. See `docs/scenarios.md`.

use std::collections::BTreeMap;
use std::path::Path;

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::design::GameFile;
use crate::error::{LoadError, LoadErrorKind, describe_serde};
use crate::load::{parse_document, read_text};

/// The scenario schema tag.
pub const SCENARIO_FORMAT: &str = "tracklayer-scenario/1";

/// Card counts by name: a colour, `locomotive`, or a terrain type.
pub type CardCounts = BTreeMap<String, u16>;

/// An expected list or set of counts, checked exactly (`[A - B, C - D]`,
/// `{red: 2}`) or as a part of what is there (`{contains: [A - B]}`,
/// `{contains: {red: 2}}`: at least two red cards).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Match<T> {
    /// What is there must be exactly this.
    Exactly(T),
    /// What is there must include this.
    Contains(T),
}

impl<T> Match<T> {
    /// The expected value, however it is matched.
    pub fn value(&self) -> &T {
        match self {
            Match::Exactly(t) | Match::Contains(t) => t,
        }
    }

    /// Is it `contains`?
    pub fn is_contains(&self) -> bool {
        matches!(self, Match::Contains(_))
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Match<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_yaml::Value::deserialize(d)?;
        if let serde_yaml::Value::Mapping(m) = &v
            && m.len() == 1
            && let Some(inner) = m.get("contains")
        {
            return serde_yaml::from_value(inner.clone())
                .map(Match::Contains)
                .map_err(|e| D::Error::custom(format!("in `contains`: {e}")));
        }
        serde_yaml::from_value(v)
            .map(Match::Exactly)
            .map_err(D::Error::custom)
    }
}

impl<T: Serialize> Serialize for Match<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Match::Exactly(t) => t.serialize(s),
            Match::Contains(t) => BTreeMap::from([("contains", t)]).serialize(s),
        }
    }
}

/// Reads one action text or a list of them.
fn one_or_many<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    match OneOrMany::deserialize(d) {
        Ok(OneOrMany::One(a)) => Ok(vec![a]),
        Ok(OneOrMany::Many(v)) => Ok(v),
        Err(_) => Err(D::Error::custom(
            "expected an action, e.g. `draw blind`, or a list of actions",
        )),
    }
}

/// "No legal action", as a step checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoLegalAction {
    /// `true`: the decision pending offers no legal action at all.
    Any,
    /// An action's first words (`claim`, `draw blind`): no legal action reads
    /// like that.
    StartingWith(String),
}

impl<'de> Deserialize<'de> for NoLegalAction {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match serde_yaml::Value::deserialize(d)? {
            serde_yaml::Value::Bool(true) => Ok(NoLegalAction::Any),
            serde_yaml::Value::String(s) if !s.trim().is_empty() => {
                Ok(NoLegalAction::StartingWith(s))
            }
            _ => Err(D::Error::custom(
                "expected `true` (no legal action at all) or the first words of an action, e.g. `claim`",
            )),
        }
    }
}

impl Serialize for NoLegalAction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            NoLegalAction::Any => s.serialize_bool(true),
            NoLegalAction::StartingWith(w) => s.serialize_str(w),
        }
    }
}

/// Why the game is expected to have ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExpectedEnd {
    /// The game ended by its rules (the last round was played).
    Normal,
    /// Nobody could act for a whole round.
    Stalemate,
    /// A turn limit ended it.
    TurnCap,
    /// The game had not ended after the last step, so the scenario ended it
    /// to score it.
    Stopped,
}

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
    /// Keep only this many cards in the terrain deck (the rest go to the
    /// terrain discards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain_deck_size: Option<usize>,
    /// The discarded terrain cards, by type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain_discards: Option<CardCounts>,
    /// Per player (in seat order), what they hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<PlayerSetup>,
    /// The dice family's setup (its position has nothing in common with the
    /// board game's fields above).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<crate::dice::DiceSetup>,
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
    /// The card game: the Rail Yard's colour cards, by colour (one row each).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rail_yard: Option<CardCounts>,
    /// The card game: locomotives on top of Rail Yard rows, by the row's colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rail_yard_locomotives: Option<CardCounts>,
    /// The card game: the On the Track pile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_track: Option<CardCounts>,
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
    /// Actions that must be refused (one, or a list).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "one_or_many"
    )]
    pub illegal: Vec<String>,
    /// What every refusal must say: a fragment of its reason, or the name of
    /// its kind (`not-now`, `cannot-afford`, `not-offered`, `no-such-thing`,
    /// `against-the-rules`, `game-over`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Actions that must be accepted (one, or a list); each is tried on a
    /// copy of the position and not played, so one step can show several ways
    /// to pay.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "one_or_many"
    )]
    pub legal: Vec<String>,
    /// The player on turn has no legal action at all (`true`), or none that
    /// starts with these words (`claim`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_legal_action: Option<NoLegalAction>,
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
    /// Has the last round begun (a player ended a turn with few trains; the
    /// card game: the train deck ran out)?
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_round: Option<bool>,
    /// The card game: the deal being played (1-based).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<u8>,
    /// Extra cards a pending tunnel demands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tunnel_extra: Option<u8>,
    /// The face-up train cards, slot by slot (or the cards among them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display: Option<Match<Vec<String>>>,
    /// Cards in the train deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_size: Option<usize>,
    /// The next cards of the train deck, top card first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_top: Option<Vec<String>>,
    /// The discards (kinds listed must match exactly).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discards: Option<Match<CardCounts>>,
    /// How many times the display was dealt anew during this step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_resets: Option<u32>,
    /// The tickets on offer to the player choosing (any order), by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<Match<Vec<String>>>,
    /// Regular tickets left in the deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket_deck_size: Option<usize>,
    /// The bottom of the regular ticket deck, bottom ticket last, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket_deck_bottom: Option<Vec<String>>,
    /// The tickets out of the game (any order), by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tickets_out: Option<Match<Vec<String>>>,
    /// The face-up terrain cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain_display: Option<Vec<String>>,
    /// Cards in the terrain deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain_deck_size: Option<usize>,
    /// The discarded terrain cards by type (types listed must match exactly).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain_discards: Option<Match<CardCounts>>,
    /// Per player (in seat order; leave a player out with `{}`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<PlayerExpect>,
    /// The dice family's checks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<crate::dice::DiceExpect>,
}

/// Checks on one player.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerExpect {
    /// Cards in hand (kinds listed must match exactly; `total` for the count).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Match<CardCounts>>,
    /// Trains left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trains: Option<u16>,
    /// Route points so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
    /// Routes owned, by id or name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routes: Option<Match<Vec<String>>>,
    /// Tickets held, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tickets: Option<Match<Vec<String>>>,
    /// Stations left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stations_left: Option<u8>,
    /// Terrain cards by type (types listed must match exactly).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<Match<CardCounts>>,
    /// The card game: cards in each Rail Yard row (locomotives on top
    /// included), by the row's colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rail_yard: Option<Match<CardCounts>>,
    /// The card game: the On the Track pile (`total` for its size).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_track: Option<Match<CardCounts>>,
}

/// The final accounts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinalExpect {
    /// Why the game ended: `normal`, `stalemate`, `turn-cap`, or `stopped`
    /// (the scenario ended it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<ExpectedEnd>,
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
    pub completed: Option<Match<Vec<String>>>,
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
    pub borrowed: Option<Match<Vec<String>>>,
    /// The card game: Big City bonus points won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub big_cities: Option<i32>,
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

#[cfg(test)]
mod tests {
    use super::{Match, NoLegalAction, Step};

    #[test]
    fn lists_and_counts_read_exactly_or_as_contains() {
        let exact: Match<Vec<String>> = serde_yaml::from_str("[A - B]").expect("a list");
        assert_eq!(exact, Match::Exactly(vec!["A - B".to_owned()]));
        let part: Match<Vec<String>> =
            serde_yaml::from_str("{contains: [A - B]}").expect("contains");
        assert_eq!(part, Match::Contains(vec!["A - B".to_owned()]));
        let counts: Match<super::CardCounts> =
            serde_yaml::from_str("{contains: {red: 2}}").expect("contains counts");
        assert!(counts.is_contains());
        assert_eq!(counts.value()["red"], 2);
        let back = serde_yaml::to_string(&part).expect("serializes");
        assert_eq!(back.trim(), "contains:\n- A - B");
    }

    #[test]
    fn a_step_holds_several_legal_and_illegal_actions() {
        let s: Step = serde_yaml::from_str(
            "{legal: [draw blind, draw tickets], illegal: claim x, no_legal_action: station}",
        )
        .expect("the step reads");
        assert_eq!(s.legal, ["draw blind", "draw tickets"]);
        assert_eq!(s.illegal, ["claim x"]);
        assert_eq!(
            s.no_legal_action,
            Some(NoLegalAction::StartingWith("station".into()))
        );
        let err = serde_yaml::from_str::<Step>("{no_legal_action: false}")
            .expect_err("false says nothing");
        assert!(err.to_string().contains("expected `true`"), "{err}");
    }
}
