//! The rules summary printed on a card, written from the design's rule
//! parameters (so a variant's card shows the variant's numbers).

use engine::Board;
use formats::rules::{Returned, TieBreak};

/// The summary's lines, each a short sentence (tunnels, stations and terrain
/// cards only where the design has them).
pub fn lines(board: &Board) -> Vec<String> {
    let r = board.rules();
    let mut out = vec![
        format!(
            "{}–{} players, {} trains each.",
            r.players.min, r.players.max, r.trains
        ),
        format!(
            "Deck: {} train cards in {} colours and {} locomotives.",
            board
                .colors()
                .iter()
                .map(|c| u32::from(c.count))
                .sum::<u32>(),
            board.colors().len(),
            board.locomotives()
        ),
        format!(
            "Setup: {} cards each; {} tickets{}, keep at least {}.",
            r.initial_hand,
            r.tickets.setup.regular,
            if r.tickets.setup.long > 0 {
                format!(" and {} long", r.tickets.setup.long)
            } else {
                String::new()
            },
            r.tickets.setup.keep
        ),
        format!(
            "{} cards face up{}.",
            r.display.size,
            if r.display.locomotive_reset > 0 {
                format!(
                    "; {} locomotives face up: deal them anew",
                    r.display.locomotive_reset
                )
            } else {
                String::new()
            }
        ),
        format!(
            "A turn: draw train cards{}, claim a route, or draw {} tickets and keep at least {}.",
            if r.display.locomotive_counts_double {
                " (a face-up locomotive is both)"
            } else {
                ""
            },
            r.tickets.draw.regular,
            r.tickets.draw.keep
        ),
        format!(
            "Route points by length: {}.",
            r.route_points
                .iter()
                .map(|(len, pts)| format!("{len}={pts}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        format!(
            "Double routes: both tracks from {} players.",
            r.doubles.both_tracks_from
        ),
    ];
    if r.tunnels.reveal > 0 && board.routes().iter().any(|route| route.tunnel) {
        out.push(format!(
            "Tunnels: reveal {} cards; pay one more for each of the route's colour or a locomotive.",
            r.tunnels.reveal
        ));
    }
    if r.stations.count > 0 {
        out.push(format!(
            "{} stations each, costing {} cards; {} points for each unbuilt.",
            r.stations.count,
            r.stations
                .costs
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            r.stations.unbuilt_points
        ));
    }
    let t = &r.terrain_cards;
    if !t.types.is_empty() {
        out.push(format!(
            "Terrain cards: {} dealt, {} face up. Cards that double a route's points, by length: {}.",
            t.dealt,
            t.face_up,
            t.doubling_cost
                .iter()
                .map(|(len, n)| format!("{len}={n}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if r.tickets.returned == Returned::Out {
        out.push("Tickets returned at setup leave the game.".to_owned());
    }
    out.push(format!(
        "The last round starts when a player has {} trains or fewer.",
        r.end.trains_left
    ));
    if r.bonuses.longest_path != 0 {
        out.push(format!("Longest path: {} points.", r.bonuses.longest_path));
    }
    if r.bonuses.globetrotter != 0 {
        out.push(format!(
            "Most tickets completed: {} points.",
            r.bonuses.globetrotter
        ));
    }
    if !r.tie_break.is_empty() {
        out.push(format!(
            "Ties: {}.",
            r.tie_break
                .iter()
                .map(|t| match t {
                    TieBreak::CompletedTickets => "most tickets completed",
                    TieBreak::FewestStations => "fewest stations built",
                    TieBreak::LongestPath => "longest path",
                })
                .collect::<Vec<_>>()
                .join(", then ")
        ));
    }
    out
}
