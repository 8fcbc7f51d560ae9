//! What differs between two designs (`tracklayer diff A B`, the studio's
//! Compare window): their objects added, removed and changed, by name
//! ([`data`]), and the change in every simulation report metric with its
//! 95% interval ([`simulated`]) (for board designs, the routes' and
//! tickets' changes as drawn on the map are in
//! [`crate::board_game::map_diff`]).

pub mod data;
pub mod simulated;

pub use data::{DesignDiff, FieldChange, ListDiff, ObjectChange, design_diff};
pub use simulated::{MetricChange, report_diff, simulate_pair};
