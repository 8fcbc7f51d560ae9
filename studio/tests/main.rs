//! Every integration test of the studio and the command line, in one test binary
//! (one link instead of one per file). Each module is one file beside this one;
//! `tests/layout.rs` (workspace root) keeps the list complete.

mod balance_ui;
mod card_game_ui;
mod cli_balance;
mod cli_derive;
mod cli_diff;
mod cli_export;
mod cli_shard;
mod cli_validate;
mod common;
mod compare_ui;
mod deck_ui;
mod dice_ui;
mod fit_layout_ui;
mod play_ui;
mod simulate_ui;
mod snapshots;
mod station_editor_ui;
mod studio_ui;
