//! Graph analysis of a design, shared by the validator, `tracklayer stats` and
//! the studio: a lenient [`Network`] that can be built from any design (even
//! one with errors), shortest paths that respect countries, and the ticket
//! points they suggest.

mod landmarks;
mod network;
mod path;

pub use network::{NetCity, NetRoute, NetTicket, Network, Place};
pub use path::{PathFinder, PathInfo};

use formats::GameFile;

/// The shortest path between two places named in `file` (city or country
/// names), in car spaces; `None` when a name is unknown or no path exists.
///
/// Builds a [`Network`] first: for many queries, build it once and call
/// [`Network::shortest_path`].
pub fn shortest_path(file: &GameFile, from: &str, to: &str) -> Option<PathInfo> {
    Network::from_file(file).shortest_path(from, to)
}

/// The points a ticket between two places would have on the official maps: the
/// car spaces of the shortest path between them.
pub fn suggested_ticket_points(net: &Network, from: &str, to: &str) -> Option<u32> {
    net.shortest_path(from, to).map(|p| p.car_spaces)
}
