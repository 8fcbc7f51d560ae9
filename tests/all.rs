//! The workspace-level tests (the rulebook scenarios and the validator fuzz test),
//! in one test binary.

mod layout;
mod scenarios;
mod validator_fuzz;
