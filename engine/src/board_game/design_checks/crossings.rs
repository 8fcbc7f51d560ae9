//! Routes drawn crossing each other (TL113). A route is drawn as straight
//! lines from its first city through its `bends` to the other; printed boards
//! never let two tracks cross. The test is the layout's
//! ([`crate::board_game::layout::crossings`]), so a fitted board is judged
//! by the same lines the fit counted.

use formats::Point;

use super::Context;
use crate::board_game::layout::crossings::{RouteLine, crossing_pairs};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};

/// The network's routes as drawn in the file, by their index in the network.
fn lines(ctx: &Context) -> Vec<RouteLine> {
    let cities = ctx.net.cities();
    let xy = |p: Point| (f64::from(p.x), f64::from(p.y));
    ctx.net
        .routes()
        .iter()
        .enumerate()
        .map(|(route, r)| RouteLine {
            route,
            pair: r.pair(),
            points: std::iter::once(cities[r.from].pos)
                .chain(ctx.file.routes[r.index].bends.0.iter().copied())
                .chain(std::iter::once(cities[r.to].pos))
                .map(xy)
                .collect(),
        })
        .collect()
}

/// Runs the check.
pub(super) fn check(ctx: &Context, diags: &mut Diagnostics) {
    let routes = ctx.net.routes();
    // Pairs of crossing routes (indices into the network's routes, smaller
    // first) with one crossing point each.
    for ((a, b), (x, y)) in crossing_pairs(&lines(ctx)) {
        let (ra, rb) = (routes[a].index, routes[b].index);
        diags.push(
            Diagnostic::new(
                Code::RoutesCross,
                format!(
                    "routes {} and {} cross at ({x:.0}, {y:.0})",
                    ctx.route_name(ra),
                    ctx.route_name(rb)
                ),
            )
            .at(format!("routes[{rb}]"))
            .object(ObjectRef::Route(ra))
            .object(ObjectRef::Route(rb))
            .fix("add `bends:` to one of them so the tracks pass each other, or move a city"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, silent_on_bundled_maps, with};
    use crate::diagnostics::{Code, ObjectRef};

    const X: &str = "cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 100, y: 100}
  - {name: C, x: 0, y: 100}
  - {name: D, x: 100, y: 0}
routes:
  - {from: A, to: B, length: 5, color: red}
  - {from: C, to: D, length: 5, color: blue}
  - {from: A, to: C, length: 4, color: green}
";

    #[test]
    fn tl113_names_both_routes_and_where() {
        let v = check(X);
        let found = with(&v, Code::RoutesCross);
        assert_eq!(
            found.len(),
            1,
            "routes meeting at a city do not cross: {found:#?}"
        );
        assert_eq!(
            found[0].message,
            "routes A - B (red) and C - D (blue) cross at (50, 50)"
        );
        assert_eq!(found[0].objects, [ObjectRef::Route(0), ObjectRef::Route(1)]);
        assert_eq!(found[0].path.as_deref(), Some("routes[1]"));
    }

    #[test]
    fn tl113_bends_take_a_track_round() {
        let v = check(&X.replace(
            "color: blue}",
            "color: blue, bends: \"0,140 140,140 140,0\"}",
        ));
        assert!(with(&v, Code::RoutesCross).is_empty());
        let v = check(&X.replace("color: green}", "color: green, bends: \"80,30\"}"));
        let found = with(&v, Code::RoutesCross);
        let pairs: Vec<&str> = found.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            pairs,
            [
                "routes A - B (red) and C - D (blue) cross at (50, 50)",
                "routes A - B (red) and A - C (green) cross at (53, 53)",
                "routes C - D (blue) and A - C (green) cross at (73, 27)",
            ]
        );
    }

    #[test]
    fn tl113_is_silent_on_the_bundled_maps() {
        silent_on_bundled_maps(Code::RoutesCross);
    }
}
