//! Objects outside the printed board (TL130): a city or a route's bend point
//! beyond `board.width × board.height` is cut off by Zoom to fit and by the
//! printed board alike. Checked only when the design sets its board size.

use super::Context;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};

/// Runs the check.
pub(super) fn check(ctx: &Context, diags: &mut Diagnostics) {
    let Some(board) = &ctx.file.board else {
        return;
    };
    let (w, h) = (board.width, board.height);
    let inside = |x: f32, y: f32| (0.0..=w).contains(&x) && (0.0..=h).contains(&y);
    let size = format!("{w} × {h} mm");
    for (i, c) in ctx.file.cities.iter().enumerate() {
        if inside(c.x, c.y) {
            continue;
        }
        diags.push(
            Diagnostic::new(
                Code::OutsideBoard,
                format!(
                    "city {} at x {}, y {} mm lies outside the {size} board",
                    c.name, c.x, c.y
                ),
            )
            .at(format!("cities[{i}]"))
            .object(ObjectRef::City(i))
            .fix(format!(
                "move {} onto the board, or enlarge the board (`board: {{width, height}}`)",
                c.name
            )),
        );
    }
    for (i, r) in ctx.file.routes.iter().enumerate() {
        let Some(p) = r.bends.0.iter().find(|p| !inside(p.x, p.y)) else {
            continue;
        };
        diags.push(
            Diagnostic::new(
                Code::OutsideBoard,
                format!(
                    "route {} bends at x {}, y {} mm, outside the {size} board",
                    ctx.route_name(i),
                    p.x,
                    p.y
                ),
            )
            .at(format!("routes[{i}].bends"))
            .object(ObjectRef::Route(i))
            .fix("move the bend onto the board, or enlarge the board"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, silent_on_bundled_maps, with};
    use crate::diagnostics::{Code, ObjectRef};

    const RULES: &str =
        "rules: {players: {min: 2, max: 2}, tickets: {setup: {regular: 0, keep: 0}}}\n";

    #[test]
    fn tl130_names_a_city_and_a_bend_off_the_board() {
        let v = check(&format!(
            "{RULES}board: {{width: 800, height: 540}}
cities:
  - {{name: A, x: 100, y: 100}}
  - {{name: B, x: -76, y: 568}}
  - {{name: C, x: 300, y: 100}}
routes:
  - {{from: A, to: C, length: 4, color: red, bends: \"200,600\"}}
  - {{from: A, to: B, length: 4, color: red}}
"
        ));
        let found = with(&v, Code::OutsideBoard);
        assert_eq!(found.len(), 2, "{found:#?}");
        assert_eq!(
            found[0].message,
            "city B at x -76, y 568 mm lies outside the 800 × 540 mm board"
        );
        assert_eq!(found[0].objects, [ObjectRef::City(1)]);
        assert!(
            found[1]
                .message
                .starts_with("route A - C (red) bends at x 200, y 600")
        );
        assert_eq!(found[1].objects, [ObjectRef::Route(0)]);
    }

    #[test]
    fn tl130_is_silent_without_a_board_size_and_on_the_bundled_maps() {
        let v = check(&format!(
            "{RULES}cities:\n  - {{name: A, x: -5, y: 0}}\n  - {{name: B, x: 90, y: 0}}\nroutes:\n  - {{from: A, to: B, length: 3, color: red}}\n"
        ));
        assert!(with(&v, Code::OutsideBoard).is_empty());
        silent_on_bundled_maps(Code::OutsideBoard);
    }
}
