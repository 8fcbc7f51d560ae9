//! Helpers shared by the commands: loading a design into a playable board
//! with errors printed the way `validate` prints them.

use std::path::Path;
use std::sync::Arc;

use engine::{Board, Severity};
use formats::LoadedDesign;

/// Loads and builds a design, printing why not on failure.
pub fn load_board(path: &Path) -> Result<(LoadedDesign, Arc<Board>), String> {
    let loaded = formats::load(path).map_err(|e| format!("error: {e}"))?;
    let mut v = engine::validate(&loaded.design);
    v.diagnostics.locate(&loaded.sources);
    match v.board {
        Some(b) => Ok((loaded, Arc::new(b))),
        None => {
            let lines: Vec<String> = v
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .map(|d| match &d.span {
                    Some(s) => format!("error[{}]: {}\n  --> {s}", d.code, d.message),
                    None => format!("error[{}]: {}", d.code, d.message),
                })
                .collect();
            Err(format!(
                "{}\n{} cannot be played: run `tracklayer validate {}` for details",
                lines.join("\n"),
                path.display(),
                path.display()
            ))
        }
    }
}
