//! How the printed board reads: car spaces over another route's car spaces, a
//! city or a name (TL118), routes drawn off their car count (TL119), and
//! names over names or cities (TL120). Measured on the drawing the studio
//! and the print-and-play export draw ([`BoardDrawing`]), so a warning here
//! is an overlap on the page and a clean design prints clean.

use formats::GameFile;

use super::Context;
use crate::board_game::layout::fit::{LENGTH_TOLERANCE, length_off};
use crate::board_game::layout::geometry::polyline_length;
use crate::board_game::layout::{BoardDrawing, Item, overlaps};
use crate::validate::{Code, Diagnostic, Diagnostics, ObjectRef};

/// Share of `length × car_space` under which TL114 already reports a route.
const TL114_SHARE: f32 = 0.45;

/// What the designer is told to do.
const FIX: &str = "run `tracklayer layout` (View → Fit layout in the studio), or move the cities apart or add `bends:`";

/// The board as drawn and what overlaps on it: the geometric half of the
/// checks, which needs only the file, so it is measured while the network
/// and its statistics are built.
pub(super) struct Drawn {
    drawing: BoardDrawing,
    overlaps: Vec<overlaps::Overlap>,
}

impl Drawn {
    /// Draws `file`'s board and finds its overlaps.
    pub(super) fn of(file: &GameFile) -> Self {
        let drawing = BoardDrawing::of(file);
        let overlaps = overlaps::find(&drawing);
        Drawn { drawing, overlaps }
    }
}

/// Runs the overlap and drawn-length checks on the board `drawn` from `ctx`'s file.
pub(super) fn check(ctx: &Context, drawn: &Drawn, diags: &mut Diagnostics) {
    overlapping(ctx, &drawn.overlaps, diags);
    lengths(ctx, &drawn.drawing, diags);
}

fn overlapping(ctx: &Context, found: &[overlaps::Overlap], diags: &mut Diagnostics) {
    for o in found {
        let d = match (o.a, o.b) {
            (Item::Route(r), Item::Route(s)) => Diagnostic::new(
                Code::CarSpacesOverlap,
                format!(
                    "the car spaces of route {} overlap those of route {}",
                    ctx.route_name(r),
                    ctx.route_name(s)
                ),
            )
            .at(format!("routes[{r}]"))
            .object(ObjectRef::Route(r))
            .object(ObjectRef::Route(s)),
            (Item::Route(r), Item::City(c)) => Diagnostic::new(
                Code::CarSpacesOverlap,
                format!(
                    "the car spaces of route {} are drawn over city {}",
                    ctx.route_name(r),
                    ctx.city_name(c)
                ),
            )
            .at(format!("routes[{r}]"))
            .object(ObjectRef::Route(r))
            .object(ObjectRef::City(c)),
            (Item::Route(r), Item::Name(c)) => Diagnostic::new(
                Code::CarSpacesOverlap,
                format!(
                    "the car spaces of route {} are drawn over the name of {}",
                    ctx.route_name(r),
                    ctx.city_name(c)
                ),
            )
            .at(format!("routes[{r}]"))
            .object(ObjectRef::Route(r))
            .object(ObjectRef::City(c)),
            (Item::City(a), Item::Name(b)) | (Item::Name(b), Item::City(a)) => Diagnostic::new(
                Code::NamesOverlap,
                format!(
                    "the name of {} is drawn over city {}",
                    ctx.city_name(b),
                    ctx.city_name(a)
                ),
            )
            .at(format!("cities[{b}]"))
            .object(ObjectRef::City(b))
            .object(ObjectRef::City(a)),
            (Item::Name(a), Item::Name(b)) => Diagnostic::new(
                Code::NamesOverlap,
                format!(
                    "the names of {} and {} are drawn over each other",
                    ctx.city_name(a),
                    ctx.city_name(b)
                ),
            )
            .at(format!("cities[{a}]"))
            .object(ObjectRef::City(a))
            .object(ObjectRef::City(b)),
            // Markers over markers are TL115's.
            _ => continue,
        };
        diags.push(d.fix(FIX));
    }
}

fn lengths(ctx: &Context, g: &BoardDrawing, diags: &mut Diagnostics) {
    for (i, r) in g.routes.iter().enumerate() {
        if r.ends.is_none() || r.needed <= 0.0 || !length_off(r.drawn, r.needed) {
            continue;
        }
        // A route TL114 reports is not reported twice.
        if polyline_length(&r.line) < r.needed * TL114_SHARE {
            continue;
        }
        let spaces = ctx.file.routes[i].length;
        let effect = if r.drawn < r.needed {
            "its car spaces are drawn shrunk"
        } else {
            "its car spaces are drawn with gaps"
        };
        diags.push(
            Diagnostic::new(
                Code::RouteLengthOff,
                format!(
                    "route {} has {} ({:.0} mm at {} mm a space) but {:.0} mm to draw them in, {:+.0}% (more than {:.0}% off): {effect}",
                    ctx.route_name(i),
                    crate::words::count(spaces, "car space"),
                    r.needed,
                    g.car,
                    r.drawn,
                    (r.drawn / r.needed - 1.0) * 100.0,
                    LENGTH_TOLERANCE * 100.0
                ),
            )
            .at(format!("routes[{i}]"))
            .object(ObjectRef::Route(i))
            .fix(FIX),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, silent_on_bundled_maps, with};
    use crate::validate::{Code, ObjectRef};

    #[test]
    fn tl118_names_the_routes_and_the_city_under_car_spaces() {
        let v = check(
            "cities:
  - {name: A, x: 0, y: 100}
  - {name: B, x: 200, y: 100}
  - {name: C, x: 100, y: 0}
  - {name: D, x: 100, y: 200}
  - {name: E, x: 150, y: 104}
routes:
  - {from: A, to: B, length: 7, color: red}
  - {from: C, to: D, length: 7, color: blue}
",
        );
        let found = with(&v, Code::CarSpacesOverlap);
        let messages: Vec<&str> = found.iter().map(|d| d.message.as_str()).collect();
        assert!(
            messages.contains(
                &"the car spaces of route A - B (red) overlap those of route C - D (blue)"
            ),
            "{messages:#?}"
        );
        assert!(messages.contains(&"the car spaces of route A - B (red) are drawn over city E"));
        let crossing = &found[0];
        assert_eq!(crossing.objects, [ObjectRef::Route(0), ObjectRef::Route(1)]);
    }

    #[test]
    fn tl118_tl120_are_silent_on_the_bundled_maps() {
        silent_on_bundled_maps(Code::CarSpacesOverlap);
        silent_on_bundled_maps(Code::NamesOverlap);
    }

    #[test]
    fn tl119_says_how_far_off() {
        let v = check(
            "cities:
  - {name: Alexandria, x: 0, y: 0}
  - {name: Bergamo, x: 300, y: 0}
routes:
  - {from: Alexandria, to: Bergamo, length: 2, color: red}
",
        );
        let off = with(&v, Code::RouteLengthOff);
        assert_eq!(off.len(), 1, "{off:#?}");
        assert_eq!(
            off[0].message,
            "route Alexandria - Bergamo (red) has 2 car spaces (50 mm at 25 mm a space) but 287 mm to draw them in, +474% (more than 20% off): its car spaces are drawn with gaps"
        );
        assert_eq!(off[0].objects, [ObjectRef::Route(0)]);
    }

    #[test]
    fn tl120_names_the_city_whose_name_has_no_room() {
        let mut cities = String::from("cities:\n  - {name: Middlesbrough, x: 100, y: 100}\n");
        for (k, (dx, dy)) in [
            (11, 0),
            (-11, 0),
            (0, 11),
            (0, -11),
            (11, 11),
            (-11, 11),
            (11, -11),
            (-11, -11),
        ]
        .into_iter()
        .enumerate()
        {
            cities.push_str(&format!(
                "  - {{name: N{k}, x: {}, y: {}}}\n",
                100 + dx,
                100 + dy
            ));
        }
        let v = check(&cities);
        let names = with(&v, Code::NamesOverlap);
        assert!(
            names.iter().any(|d| d
                .message
                .starts_with("the name of Middlesbrough is drawn over city N")
                && d.objects[0] == ObjectRef::City(0)),
            "{names:#?}"
        );
    }
}
