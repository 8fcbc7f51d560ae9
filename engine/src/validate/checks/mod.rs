//! The checks that run on a built board (or on the file when the board could
//! not be built): connectivity, tickets, parallel routes, colour balance,
//! drawing problems, statistics.

use formats::GameFile;

use super::Diagnostics;
use crate::board::Board;

/// Runs every check that needs more than the structure of the file.
pub fn run(_file: &GameFile, _board: Option<&Board>, _diags: &mut Diagnostics) {}

/// Drops the warnings and infos the design silences in its `allow:` list.
pub fn apply_allow_list(_file: &GameFile, _board: Option<&Board>, _diags: &mut Diagnostics) {}
