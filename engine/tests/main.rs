//! Every integration test of the engine, in one test binary (one link instead of
//! one per file). `tests/layout.rs` (workspace root) keeps the list complete.

mod bots;
mod bundled_maps;
mod conformance;
mod diagnostics_doc;
mod fourth_family;
mod invariants;
mod replays;
mod sim;
