//! Parallel routes (tracks between the same two cities): different lengths
//! (TL106), the same colour (TL107), more than two (TL108).

use super::{Context, name_list};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};

/// Runs the parallel-route checks.
pub(super) fn check(ctx: &Context, diags: &mut Diagnostics) {
    let routes = ctx.net.routes();
    for group in ctx.net.parallel_groups() {
        let group = group.as_slice();
        if group.len() < 2 {
            continue;
        }
        let indices: Vec<usize> = group.iter().map(|&r| routes[r].index).collect();
        let names: Vec<String> = indices.iter().map(|&i| ctx.route_name(i)).collect();
        let with_objects = |mut d: Diagnostic, which: &[usize]| {
            for &i in which {
                d = d.object(ObjectRef::Route(i));
            }
            d
        };
        let first = &routes[group[0]];
        let (a, b) = (ctx.city_name(first.from), ctx.city_name(first.to));

        if group.iter().any(|&r| routes[r].length != first.length) {
            let lengths: Vec<String> = group
                .iter()
                .map(|&r| routes[r].length.to_string())
                .collect();
            diags.push(with_objects(
                Diagnostic::new(
                    Code::ParallelLengths,
                    format!(
                        "parallel routes {} have different lengths ({}): printed double routes run side by side with equal lengths",
                        name_list(&names, 4),
                        lengths.join(" and ")
                    ),
                )
                .at(format!("routes[{}].length", indices[1]))
                .fix(format!("give every track between {a} and {b} the same length")),
                &indices,
            ));
        }

        for (k, &r) in group.iter().enumerate() {
            let color = &routes[r].color;
            if color == "gray" || group[..k].iter().any(|&s| routes[s].color == *color) {
                continue;
            }
            let same: Vec<usize> = group
                .iter()
                .filter(|&&s| routes[s].color == *color)
                .map(|&s| routes[s].index)
                .collect();
            if same.len() < 2 {
                continue;
            }
            let same_names: Vec<String> = same.iter().map(|&i| ctx.route_name(i)).collect();
            diags.push(with_objects(
                Diagnostic::new(
                    Code::ParallelSameColor,
                    format!(
                        "parallel routes {} are both {color}: one player holding {color} cards can take either, so the double route offers no choice",
                        name_list(&same_names, 4)
                    ),
                )
                .at(format!("routes[{}].color", same[1]))
                .fix(format!("give one of the tracks between {a} and {b} another colour")),
                &same,
            ));
        }

        if group.len() > 2 {
            diags.push(with_objects(
                Diagnostic::new(
                    Code::TooManyParallel,
                    format!(
                        "{} routes run between {a} and {b} ({}); the rules know double routes, not triple ones",
                        group.len(),
                        name_list(&names, 4)
                    ),
                )
                .at(format!("routes[{}]", indices[2]))
                .fix(format!("keep at most two tracks between {a} and {b}")),
                &indices,
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, silent_on_bundled_maps, with};
    use crate::diagnostics::{Code, ObjectRef};

    fn pair(routes: &str) -> crate::Validation {
        check(&format!(
            "cities:
  - {{name: A, x: 0, y: 0}}
  - {{name: B, x: 100, y: 0}}
routes:
{routes}"
        ))
    }

    #[test]
    fn tl106_names_both_routes_and_lengths() {
        let v = pair(
            "  - {from: A, to: B, length: 4, color: red}\n  - {from: B, to: A, length: 3, color: blue}",
        );
        let d = &with(&v, Code::ParallelLengths)[0];
        assert!(
            d.message.starts_with(
                "parallel routes A - B (red) and B - A (blue) have different lengths (4 and 3)"
            ),
            "{}",
            d.message
        );
        assert_eq!(d.path.as_deref(), Some("routes[1].length"));
        assert_eq!(d.objects, [ObjectRef::Route(0), ObjectRef::Route(1)]);
    }

    #[test]
    fn tl107_names_the_colour_and_ignores_gray() {
        let v = pair(
            "  - {id: north, from: A, to: B, length: 4, color: red}\n  - {id: south, from: A, to: B, length: 4, color: red}",
        );
        let d = &with(&v, Code::ParallelSameColor)[0];
        assert!(
            d.message.starts_with(
                "parallel routes A - B (red) [north] and A - B (red) [south] are both red"
            ),
            "ids tell same-named routes apart: {}",
            d.message
        );
        assert_eq!(d.path.as_deref(), Some("routes[1].color"));
        let v = pair(
            "  - {from: A, to: B, length: 4, color: gray}\n  - {from: A, to: B, length: 4, color: gray}",
        );
        assert!(with(&v, Code::ParallelSameColor).is_empty());
    }

    #[test]
    fn tl108_counts_the_tracks() {
        let v = pair(
            "  - {from: A, to: B, length: 4, color: red}
  - {from: A, to: B, length: 4, color: blue}
  - {id: third, from: A, to: B, length: 4, color: green}",
        );
        let d = &with(&v, Code::TooManyParallel)[0];
        assert!(
            d.message.starts_with("3 routes run between A and B"),
            "{}",
            d.message
        );
        assert_eq!(d.objects.len(), 3);
        assert_eq!(d.path.as_deref(), Some("routes[2]"));
    }

    #[test]
    fn tl106_tl107_tl108_are_silent_on_the_bundled_maps() {
        silent_on_bundled_maps(Code::ParallelLengths);
        silent_on_bundled_maps(Code::ParallelSameColor);
        silent_on_bundled_maps(Code::TooManyParallel);
    }
}
