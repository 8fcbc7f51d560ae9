//! Routes drawn longer than the scoring table allows (TL132): a route's
//! length can be at most the longest length `rules.route_points` scores (6
//! in the USA rules), so a route drawn much longer than that many car spaces
//! prints with gaps between its cars, and raising its `length` cannot mend
//! it. Reported when the line is more than half as long again as that many
//! car spaces ([`SLACK`]); TL119 reports the milder cases. TL119 says a route is drawn off its car count; this says why its count
//! cannot follow the drawing.

use std::collections::HashMap;

use super::Context;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};

/// How much longer than the longest scored length a route's line may be
/// before its gaps are reported: half a car space of gap per car. The
/// bundled USA board's longest 6-space routes (Sault St. Marie – Winnipeg,
/// 217 mm of track, 1.45 times 6 spaces) stay under it.
const SLACK: f32 = 1.5;

/// The room kept at each end of a route for the city's marker, in
/// millimetres (as the drawing keeps it; see docs/diagnostics.md, TL119).
const CITY_ROOM: f32 = 6.5;

/// Runs the check (when the rules resolve).
pub(super) fn check(ctx: &Context, diags: &mut Diagnostics) {
    let Some((rules, _)) = &ctx.rules else {
        return;
    };
    let Some(&longest) = rules.route_points.keys().next_back() else {
        return;
    };
    let car = ctx.car_space();
    if car <= 0.0 {
        return;
    }
    let limit = f32::from(longest) * car * SLACK;
    let at: HashMap<&str, (f32, f32)> = ctx
        .file
        .cities
        .iter()
        .map(|c| (c.name.as_str(), (c.x, c.y)))
        .collect();
    for (i, r) in ctx.file.routes.iter().enumerate() {
        let (Some(&a), Some(&b)) = (at.get(r.from.as_str()), at.get(r.to.as_str())) else {
            continue;
        };
        let mut points = vec![a];
        points.extend(r.bends.0.iter().map(|p| (p.x, p.y)));
        points.push(b);
        let drawn = points
            .windows(2)
            .map(|w| (w[1].0 - w[0].0).hypot(w[1].1 - w[0].1))
            .sum::<f32>()
            - 2.0 * CITY_ROOM;
        if drawn <= limit {
            continue;
        }
        let room = (drawn / car).floor() as usize;
        diags.push(
            Diagnostic::new(
                Code::RouteBeyondScoring,
                format!(
                    "route {} is drawn {drawn:.0} mm long, room for {} at {car} mm, but the scoring table's longest route is {}: its cars print with gaps",
                    ctx.route_name(i),
                    crate::words::count(room, "car space"),
                    crate::words::count(usize::from(longest), "car space"),
                ),
            )
            .at(format!("routes[{i}]"))
            .object(ObjectRef::Route(i))
            .fix(format!(
                "move {} and {} closer (at most {:.0} mm of track between them), put a city between them, or score longer routes in `rules.route_points`",
                r.from,
                r.to,
                limit
            )),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, silent_on_bundled_maps, with};
    use crate::diagnostics::{Code, ObjectRef};

    #[test]
    fn tl132_names_a_route_longer_than_the_table_scores() {
        let v = check(
            "rules: {players: {min: 2, max: 2}, tickets: {setup: {regular: 0, keep: 0}}}
cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 265, y: 0}
  - {name: C, x: 265, y: 150}
routes:
  - {from: A, to: B, length: 6, color: red}
  - {from: B, to: C, length: 6, color: blue}
",
        );
        let found = with(&v, Code::RouteBeyondScoring);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].objects, [ObjectRef::Route(0)]);
        assert!(
            found[0]
                .message
                .contains("room for 10 car spaces at 25 mm, but the scoring table's longest route is 6 car spaces"),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn tl132_is_silent_on_the_bundled_maps() {
        silent_on_bundled_maps(Code::RouteBeyondScoring);
    }
}
