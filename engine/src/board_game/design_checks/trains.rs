//! Trains per player against the track (TL112): the game ends when a player is
//! down to `end.trains_left` trains, so the track open at each player count
//! must hold what the players need to get there. Below
//! `doubles.both_tracks_from` players only one track of each double route opens.
//!
//! And against the tickets (TL131): a ticket whose shortest path has more car
//! spaces than a player has trains can never be completed.

use super::Context;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};
use crate::words::count;

/// Runs the checks (when the rules resolve).
pub(super) fn check(ctx: &Context, diags: &mut Diagnostics) {
    track(ctx, diags);
    tickets(ctx, diags);
}

/// TL131: tickets longer than a player's trains.
fn tickets(ctx: &Context, diags: &mut Diagnostics) {
    let Some((rules, _)) = &ctx.rules else {
        return;
    };
    let trains = u32::from(rules.trains);
    let connected: Vec<_> = ctx
        .stats
        .tickets
        .lengths
        .iter()
        .filter_map(|t| Some((t, t.shortest?)))
        .collect();
    let beyond: Vec<_> = connected.iter().filter(|(_, s)| *s > trains).collect();
    let none_left = !beyond.is_empty() && beyond.len() == connected.len();
    for (t, shortest) in beyond {
        let all = if none_left {
            "; no ticket of the design can be completed with them"
        } else {
            ""
        };
        diags.push(
            Diagnostic::new(
                Code::TicketBeyondTrains,
                format!(
                    "ticket {} needs at least {} (its shortest path), but each player has {trains}{all}",
                    t.name,
                    count(*shortest, "train")
                ),
            )
            .at(format!("tickets[{}]", t.ticket))
            .object(ObjectRef::Ticket(t.ticket))
            .fix(format!(
                "give each player at least {} (`rules.trains`), or join the ticket's cities by a shorter path",
                count(*shortest, "train")
            )),
        );
    }
}

/// TL112: too little track for the game to end.
fn track(ctx: &Context, diags: &mut Diagnostics) {
    let Some((rules, _)) = &ctx.rules else {
        return;
    };
    let routes = ctx.net.routes();
    let groups = ctx.net.parallel_groups();
    let usable = |players: u32| -> u32 {
        groups
            .iter()
            .map(|g| {
                let lengths = g.iter().map(|&r| routes[r].length);
                if players >= u32::from(rules.doubles.both_tracks_from) {
                    lengths.sum()
                } else {
                    lengths.max().unwrap_or(0)
                }
            })
            .sum()
    };
    let to_place = u32::from(rules.trains.saturating_sub(rules.end.trains_left));
    let (min, max) = (u32::from(rules.players.min), u32::from(rules.players.max));
    let short: Vec<(u32, u32)> = (min.max(1)..=max)
        .map(|n| (n, usable(n)))
        .filter(|&(n, track)| n * to_place > track)
        .collect();
    let Some(&(n, track)) = short.first() else {
        return;
    };
    let doubles =
        if n < u32::from(rules.doubles.both_tracks_from) && groups.iter().any(|g| g.len() > 1) {
            " (only one track of each double route opens)"
        } else {
            ""
        };
    let ends = if to_place > track {
        "no player can ever get there: the game never ends by trains"
    } else {
        "the track can run out before anyone gets there, and the game would not end"
    };
    let others: Vec<String> = short[1..].iter().map(|(n, _)| n.to_string()).collect();
    let also = if others.is_empty() {
        String::new()
    } else {
        format!(" (also with {} players)", others.join(", "))
    };
    let fitting = track / n + u32::from(rules.end.trains_left);
    diags.push(
        Diagnostic::new(
            Code::TrainsVsTrack,
            format!(
                "with {}{doubles} the map has {} of usable track, but each player places {to_place} of their {} before the last round starts ({} in all); {ends}{also}",
                count(n, "player"),
                count(track, "car space"),
                count(rules.trains, "train"),
                n * to_place
            ),
        )
        .at("rules.trains")
        .object(ObjectRef::Rule("trains".into()))
        .fix(format!(
            "give each player at most {}, raise `end.trains_left`, or add track",
            count(fitting, "train")
        )),
    );
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, silent_on_bundled_maps, with};
    use crate::diagnostics::{Code, ObjectRef};

    const MAP: &str = "cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 100, y: 0}
routes:
  - {from: A, to: B, length: 4, color: red}
  - {from: A, to: B, length: 4, color: blue}
";

    #[test]
    fn tl112_counts_one_track_of_a_double_below_the_threshold() {
        let v = check(&format!(
            "rules: {{players: {{min: 2, max: 3}}, trains: 4, end: {{trains_left: 1}}, tickets: {{setup: {{regular: 0, keep: 0}}}}}}\n{MAP}"
        ));
        let found = with(&v, Code::TrainsVsTrack);
        assert_eq!(found.len(), 1, "{found:#?}");
        let m = &found[0].message;
        assert!(
            m.starts_with("with 2 players (only one track of each double route opens) the map has 4 car spaces of usable track, but each player places 3 of their 4 trains"),
            "{m}"
        );
        assert!(m.contains("(also with 3 players)"), "{m}");
        assert_eq!(found[0].objects, [ObjectRef::Rule("trains".into())]);
        assert_eq!(found[0].path.as_deref(), Some("rules.trains"));
    }

    #[test]
    fn tl131_flags_a_ticket_longer_than_the_trains_and_says_when_none_is_left() {
        let rules = "rules: {players: {min: 2, max: 2}, trains: 6, end: {trains_left: 0}, tickets: {setup: {regular: 1, keep: 1}}}";
        let map = "cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 200, y: 0}
  - {name: C, x: 400, y: 0}
routes:
  - {from: A, to: B, length: 4, color: red}
  - {from: B, to: C, length: 4, color: blue}
";
        let v = check(&format!(
            "{rules}\n{map}tickets:\n  - {{from: A, to: C, points: 8}}\n  - {{from: A, to: B, points: 4}}\n"
        ));
        let found = with(&v, Code::TicketBeyondTrains);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(
            found[0].message,
            "ticket A - C needs at least 8 trains (its shortest path), but each player has 6"
        );
        assert_eq!(found[0].objects, [ObjectRef::Ticket(0)]);
        let v = check(&format!(
            "{rules}\n{map}tickets:\n  - {{from: A, to: C, points: 8}}\n  - {{from: C, to: A, points: 8}}\n"
        ));
        let found = with(&v, Code::TicketBeyondTrains);
        assert_eq!(found.len(), 2, "{found:#?}");
        assert!(
            found[0]
                .message
                .ends_with("no ticket of the design can be completed with them")
        );
        silent_on_bundled_maps(Code::TicketBeyondTrains);
    }

    #[test]
    fn tl112_is_silent_with_enough_track() {
        let v = check(&format!(
            "rules: {{players: {{min: 2, max: 2}}, trains: 3, end: {{trains_left: 1}}, tickets: {{setup: {{regular: 0, keep: 0}}}}}}\n{MAP}"
        ));
        assert!(with(&v, Code::TrainsVsTrack).is_empty());
        silent_on_bundled_maps(Code::TrainsVsTrack);
    }
}
