//! Tickets: cities no ticket names (TL103), points far from the shortest path
//! (TL104), the same ticket twice (TL105).

use std::collections::HashMap;

use super::Context;
use crate::board_game::analysis::Place;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};
use crate::words::count;

/// Runs the ticket checks.
pub(super) fn check(ctx: &Context, diags: &mut Diagnostics) {
    cities_without_tickets(ctx, diags);
    points_off(ctx, diags);
    duplicates(ctx, diags);
}

fn cities_without_tickets(ctx: &Context, diags: &mut Diagnostics) {
    let net = &ctx.net;
    let mut named_city = vec![false; net.cities().len()];
    let mut named_country = vec![false; net.countries().len()];
    for t in net.tickets() {
        for p in [t.from, t.to] {
            match p {
                Place::City(c) => named_city[c] = true,
                Place::Country(k) => named_country[k] = true,
            }
        }
    }
    for (i, c) in net.cities().iter().enumerate() {
        if named_city[i] || c.country.is_some_and(|k| named_country[k]) {
            continue;
        }
        diags.push(
            Diagnostic::new(
                Code::CityWithoutTicket,
                format!("no ticket names {}", c.name),
            )
            .at(format!("cities[{i}]"))
            .object(ObjectRef::City(i))
            .fix(format!(
                "add a ticket to or from {}, or allow TL103 for it if it is a waypoint on purpose",
                c.name
            )),
        );
    }
}

/// Tickets whose points are not the car spaces of their shortest path.
///
/// There is no tolerance, by calibration on the official maps: 25 of the 30 USA
/// tickets and 44 of the 46 Europe tickets are worth exactly their shortest
/// path; the others differ by one or two points (docs/diagnostics.md lists
/// them as known quirks; the bundled maps record them in `allow:` with the
/// printed value). Any tolerance would hide exactly the slips this check is
/// for.
fn points_off(ctx: &Context, diags: &mut Diagnostics) {
    for t in &ctx.stats.tickets.lengths {
        let Some(shortest) = t.shortest else {
            continue;
        };
        if t.points == shortest {
            continue;
        }
        diags.push(
            Diagnostic::new(
                Code::TicketPointsOff,
                format!(
                    "ticket {} is worth {}, but its shortest path is {}",
                    t.name,
                    count(t.points, "point"),
                    count(shortest, "car space")
                ),
            )
            .at(format!("tickets[{}].points", t.ticket))
            .object(ObjectRef::Ticket(t.ticket))
            .fix(format!(
                "most official tickets are worth their shortest path (USA 25 of 30, Europe 44 of 46): set `points: {shortest}`, or allow TL104 for this ticket with the reason"
            )),
        );
    }
}

fn duplicates(ctx: &Context, diags: &mut Diagnostics) {
    let mut first: HashMap<(Place, Place), usize> = HashMap::new();
    for t in ctx.net.tickets() {
        let key = key_order((t.from, t.to));
        match first.get(&key) {
            None => {
                first.insert(key, t.index);
            }
            Some(&earlier) => diags.push(
                Diagnostic::new(
                    Code::DuplicateTicket,
                    format!(
                        "ticket {} joins the same places as ticket {} (number {} in the list)",
                        ctx.ticket_name(t.index),
                        ctx.ticket_name(earlier),
                        earlier + 1
                    ),
                )
                .at(format!("tickets[{}]", t.index))
                .object(ObjectRef::Ticket(earlier))
                .object(ObjectRef::Ticket(t.index))
                .fix("delete one, or change its ends"),
            ),
        }
    }
}

/// Orders a pair of places so that both directions give one key.
fn key_order((a, b): (Place, Place)) -> (Place, Place) {
    let rank = |p: Place| match p {
        Place::City(c) => (0, c),
        Place::Country(k) => (1, k),
    };
    if rank(a) <= rank(b) { (a, b) } else { (b, a) }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{bundled_file, check, silent_on_bundled_maps, with};
    use crate::diagnostics::{Code, ObjectRef};

    const LINE: &str = "cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 60, y: 0}
  - {name: C, x: 120, y: 0}
routes:
  - {from: A, to: B, length: 2, color: red}
  - {from: B, to: C, length: 2, color: blue}
tickets:
";

    #[test]
    fn tl103_names_the_city_no_ticket_names() {
        let v = check(&format!("{LINE}  - {{from: A, to: C, points: 4}}"));
        let found = with(&v, Code::CityWithoutTicket);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].message, "no ticket names B");
        assert_eq!(found[0].objects, [ObjectRef::City(1)]);
    }

    #[test]
    fn tl104_says_both_numbers() {
        let v = check(&format!(
            "{LINE}  - {{from: A, to: C, points: 9}}\n  - {{from: A, to: B, points: 2}}"
        ));
        let found = with(&v, Code::TicketPointsOff);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(
            found[0].message,
            "ticket A - C is worth 9 points, but its shortest path is 4 car spaces"
        );
        assert_eq!(found[0].path.as_deref(), Some("tickets[0].points"));
        assert!(found[0].fix.as_deref().unwrap().contains("`points: 4`"));
    }

    #[test]
    fn tl105_names_both_tickets_in_either_direction() {
        let v = check(&format!(
            "{LINE}  - {{from: A, to: C, points: 4}}\n  - {{from: C, to: A, points: 4}}\n  - {{from: A, to: B, points: 2}}"
        ));
        let found = with(&v, Code::DuplicateTicket);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .message
                .starts_with("ticket C - A joins the same places as ticket A - C")
        );
        assert_eq!(
            found[0].objects,
            [ObjectRef::Ticket(0), ObjectRef::Ticket(1)]
        );
    }

    #[test]
    fn tl105_is_silent_on_the_bundled_maps() {
        silent_on_bundled_maps(Code::DuplicateTicket);
    }

    /// The findings of `code` on a bundled map without its `allow:` list
    /// (where it records these quirks).
    fn names_in(map: &str, code: Code) -> Vec<String> {
        let mut file = bundled_file(map);
        file.allow.clear();
        with(&crate::validate(&file), code)
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    #[test]
    fn tl103_on_the_bundled_maps_are_the_official_waypoints() {
        let usa = names_in("usa.yaml", Code::CityWithoutTicket);
        let cities: Vec<&str> = usa
            .iter()
            .map(|m| m.trim_start_matches("no ticket names "))
            .collect();
        assert_eq!(
            cities,
            [
                "Charleston",
                "Las Vegas",
                "Omaha",
                "Raleigh",
                "Saint Louis",
                "Washington"
            ]
        );
        assert!(names_in("europe.yaml", Code::CityWithoutTicket).is_empty());
    }

    #[test]
    fn tl104_on_the_bundled_maps_are_the_official_quirks() {
        let tickets = |map| -> Vec<String> {
            names_in(map, Code::TicketPointsOff)
                .iter()
                .map(|m| {
                    let (name, rest) = m["ticket ".len()..].split_once(" is worth ").unwrap();
                    let points = rest.split(' ').next().unwrap();
                    let path = rest.split("shortest path is ").nth(1).unwrap();
                    format!(
                        "{name}: {points} vs {}",
                        path.trim_end_matches(" car spaces")
                    )
                })
                .collect()
        };
        assert_eq!(
            tickets("usa.yaml"),
            [
                "Sault St. Marie - Oklahoma City: 9 vs 8",
                "Los Angeles - Chicago: 16 vs 15",
                "Los Angeles - Miami: 20 vs 19",
                "Los Angeles - New York: 21 vs 20",
                "Seattle - New York: 22 vs 20",
            ]
        );
        assert_eq!(
            tickets("europe.yaml"),
            ["London - Wien: 10 vs 9", "Edinburgh - Athina: 21 vs 20"]
        );
    }
}
