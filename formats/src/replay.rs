//! Replay files: a design, a player count, a seed and the actions played —
//! everything needed to play a game again exactly. The design is stored
//! inline so a replay survives later edits of the map (and games of unsaved
//! designs can be saved).

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::design::GameFile;
use crate::error::{LoadError, LoadErrorKind, describe_serde};
use crate::load::{parse_document, read_text};
use crate::save::{SaveError, write_atomic};

/// The replay schema tag.
pub const REPLAY_FORMAT: &str = "tracklayer-replay/1";

/// A recorded game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// `tracklayer-replay/1`.
    pub format: String,
    /// Where the design was read from, for people (the inline design is used).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Players at the table.
    pub players: usize,
    /// The seed of the deal.
    pub seed: u64,
    /// Who sat where: `human` or a bot's name, per seat.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<String>,
    /// The actions, in the CLI's words, in order.
    pub actions: Vec<String>,
    /// The result, checked when the replay is played again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ReplayResult>,
    /// The design played.
    pub design: Box<GameFile>,
}

/// What the recorded game ended with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayResult {
    /// Final scores by seat.
    pub scores: Vec<i32>,
    /// Winners (1-based).
    pub winners: Vec<u8>,
    /// `normal`, `stalemate` or `turn-cap`.
    pub reason: String,
}

/// Reads a replay file.
pub fn load_replay(path: &Path) -> Result<Replay, LoadError> {
    let text = read_text(path)?;
    let (doc, index) = parse_document(&text, path)?;
    let r: Replay =
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
    if r.format != REPLAY_FORMAT {
        return Err(LoadError::new(
            path,
            LoadErrorKind::Version(format!("found `{}`, expected `{REPLAY_FORMAT}`", r.format)),
        )
        .at(index.value("format"))
        .path("format"));
    }
    Ok(r)
}

/// Writes a replay atomically.
pub fn save_replay(replay: &Replay, path: &Path) -> Result<(), SaveError> {
    let text = serde_yaml::to_string(replay)?;
    write_atomic(path, text.as_bytes())
}
