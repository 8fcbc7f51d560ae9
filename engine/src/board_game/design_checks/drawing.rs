//! How the map is drawn: routes too short for their cars (TL114) and cities on
//! top of each other (TL115), measured against `board.car_space`.

use std::collections::HashMap;

use super::Context;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};

/// A route drawn shorter than this share of `length × car_space` cannot show
/// its cars.
const SHORT_ROUTE_SHARE: f32 = 0.45;
/// Cities closer than this share of a car space overlap.
const OVERLAP_SHARE: f32 = 0.4;

/// Runs the drawing checks.
pub(super) fn check(ctx: &Context, diags: &mut Diagnostics) {
    short_routes(ctx, diags);
    overlapping_cities(ctx, diags);
}

fn short_routes(ctx: &Context, diags: &mut Diagnostics) {
    let space = ctx.car_space();
    if !space.is_finite() || space <= 0.0 {
        return;
    }
    let cities = ctx.net.cities();
    for r in ctx.net.routes() {
        let spec = &ctx.file.routes[r.index];
        let points: Vec<formats::Point> = std::iter::once(cities[r.from].pos)
            .chain(spec.bends.0.iter().copied())
            .chain(std::iter::once(cities[r.to].pos))
            .collect();
        let drawn: f32 = points
            .windows(2)
            .map(|w| (w[1].x - w[0].x).hypot(w[1].y - w[0].y))
            .sum();
        let needed = r.length as f32 * space;
        // A position out of range (`x: 1e40`) is not a drawing to measure.
        if !drawn.is_finite() || drawn >= needed * SHORT_ROUTE_SHARE {
            continue;
        }
        let fits = (drawn / space).floor().max(1.0);
        diags.push(
            Diagnostic::new(
                Code::RouteDrawnShort,
                format!(
                    "route {} has {} ({needed:.0} mm at {space} mm a space) but is drawn only {drawn:.0} mm long",
                    ctx.route_name(r.index),
                    crate::words::count(r.length, "car space")
                ),
            )
            .at(format!("routes[{}]", r.index))
            .object(ObjectRef::Route(r.index))
            .fix(format!(
                "move {} and {} apart, add `bends:` to lengthen the track, or shorten the route to {fits:.0}",
                cities[r.from].name, cities[r.to].name
            )),
        );
    }
}

fn overlapping_cities(ctx: &Context, diags: &mut Diagnostics) {
    let limit = ctx.car_space() * OVERLAP_SHARE;
    if !limit.is_finite() || limit <= 0.0 {
        return;
    }
    let cities = ctx.net.cities();
    let mut grid: HashMap<(i64, i64), Vec<usize>> = HashMap::with_capacity(cities.len());
    for j in 0..cities.len() {
        let p = cities[j].pos;
        // Positions out of range (`x: 1e40`) are left to the loader's bounds.
        if !(p.x.is_finite() && p.y.is_finite()) {
            continue;
        }
        let (cx, cy) = ((p.x / limit).floor() as i64, (p.y / limit).floor() as i64);
        let mut close: Vec<(usize, f32)> = Vec::new();
        for dx in -1..=1 {
            for dy in -1..=1 {
                let cell = (cx.saturating_add(dx), cy.saturating_add(dy));
                for &i in grid.get(&cell).into_iter().flatten() {
                    let (a, b) = (cities[i].pos, cities[j].pos);
                    let d = (a.x - b.x).hypot(a.y - b.y);
                    if d < limit {
                        close.push((i, d));
                    }
                }
            }
        }
        close.sort_by_key(|&(i, _)| i);
        for (i, d) in close {
            diags.push(
                Diagnostic::new(
                    Code::CitiesOverlap,
                    format!(
                        "cities {} and {} are drawn {d:.1} mm apart (under {limit:.0} mm): their markers overlap",
                        cities[i].name, cities[j].name
                    ),
                )
                .at(format!("cities[{j}]"))
                .object(ObjectRef::City(i))
                .object(ObjectRef::City(j))
                .fix(format!("move {} away from {}", cities[j].name, cities[i].name)),
            );
        }
        grid.entry((cx, cy)).or_default().push(j);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, silent_on_bundled_maps, with};
    use crate::diagnostics::{Code, ObjectRef};

    #[test]
    fn tl114_gives_both_lengths() {
        let v = check(
            "cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 40, y: 0}
routes:
  - {from: A, to: B, length: 4, color: red}
  - {from: A, to: B, length: 4, color: blue, bends: \"20,40\"}
",
        );
        let found = with(&v, Code::RouteDrawnShort);
        assert_eq!(found.len(), 1, "the bent track is long enough: {found:#?}");
        assert_eq!(
            found[0].message,
            "route A - B (red) has 4 car spaces (100 mm at 25 mm a space) but is drawn only 40 mm long"
        );
        assert!(
            found[0]
                .fix
                .as_deref()
                .unwrap()
                .ends_with("shorten the route to 1")
        );
        assert_eq!(found[0].objects, [ObjectRef::Route(0)]);
    }

    #[test]
    fn tl115_names_both_cities() {
        let v = check(
            "cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 60, y: 0}
  - {name: C, x: 3, y: 4}
",
        );
        let found = with(&v, Code::CitiesOverlap);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "cities A and C are drawn 5.0 mm apart (under 10 mm): their markers overlap"
        );
        assert_eq!(found[0].path.as_deref(), Some("cities[2]"));
        assert_eq!(found[0].objects, [ObjectRef::City(0), ObjectRef::City(2)]);
    }

    #[test]
    fn tl114_tl115_are_silent_on_the_bundled_maps() {
        silent_on_bundled_maps(Code::RouteDrawnShort);
        silent_on_bundled_maps(Code::CitiesOverlap);
    }
}
