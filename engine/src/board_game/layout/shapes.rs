//! The shapes a board is drawn with (car spaces, city markers, name boxes)
//! and whether two of them overlap by more than a tolerance.

use super::vec::{Box2, V2, v2};

/// A drawn shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// A convex quadrilateral (a car space, a name box), corners in order.
    Quad([V2; 4]),
    /// A disc (a city marker).
    Disc {
        /// Its middle.
        center: V2,
        /// Its radius.
        radius: f32,
    },
}

impl Shape {
    /// An axis-aligned box as a shape.
    pub fn boxed(b: Box2) -> Shape {
        Shape::Quad(b.corners())
    }

    /// The box around it.
    pub fn bbox(&self) -> Box2 {
        match *self {
            Shape::Quad(q) => Box2::around(q),
            Shape::Disc { center, radius } => Box2 {
                min: center - v2(radius, radius),
                max: center + v2(radius, radius),
            },
        }
    }

    /// Whether `self` and `o` overlap by more than `tol` millimetres (shapes
    /// that only touch, or cross by a hair, do not).
    pub fn overlaps(&self, o: &Shape, tol: f32) -> bool {
        match (self, o) {
            (Shape::Quad(a), Shape::Quad(b)) => quads_overlap(a, b, tol),
            (Shape::Quad(q), Shape::Disc { center, radius })
            | (Shape::Disc { center, radius }, Shape::Quad(q)) => {
                quad_disc_overlap(q, *center, *radius, tol)
            }
            (
                Shape::Disc {
                    center: a,
                    radius: ra,
                },
                Shape::Disc {
                    center: b,
                    radius: rb,
                },
            ) => a.dist(*b) < ra + rb - tol,
        }
    }
}

/// Separating axes: the quads overlap unless some edge normal separates
/// them, or their projections on every normal overlap by at most `tol`.
fn quads_overlap(a: &[V2; 4], b: &[V2; 4], tol: f32) -> bool {
    for poly in [a, b] {
        for k in 0..4 {
            let Some(axis) = (poly[(k + 1) % 4] - poly[k]).perp().unit() else {
                continue;
            };
            let (amin, amax) = project(a, axis);
            let (bmin, bmax) = project(b, axis);
            if amax.min(bmax) - amin.max(bmin) <= tol {
                return false;
            }
        }
    }
    true
}

fn project(q: &[V2; 4], axis: V2) -> (f32, f32) {
    q.iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), p| {
            let d = p.dot(axis);
            (lo.min(d), hi.max(d))
        })
}

fn quad_disc_overlap(q: &[V2; 4], c: V2, r: f32, tol: f32) -> bool {
    if inside(q, c) {
        return true;
    }
    let d = (0..4)
        .map(|k| segment_distance(q[k], q[(k + 1) % 4], c))
        .fold(f32::INFINITY, f32::min);
    d < r - tol
}

/// Whether `p` is inside the convex quad `q` (either winding).
fn inside(q: &[V2; 4], p: V2) -> bool {
    let signs: Vec<f32> = (0..4)
        .map(|k| (q[(k + 1) % 4] - q[k]).cross(p - q[k]))
        .collect();
    signs.iter().all(|s| *s >= 0.0) || signs.iter().all(|s| *s <= 0.0)
}

/// The distance from `p` to the segment `a`–`b`.
pub fn segment_distance(a: V2, b: V2, p: V2) -> f32 {
    let ab = b - a;
    let t = if ab.len_sq() > 0.0 {
        ((p - a).dot(ab) / ab.len_sq()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a + ab * t).dist(p)
}

/// The point of the polyline `line` nearest `p`.
pub fn nearest_on(line: &[V2], p: V2) -> Option<V2> {
    line.windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            let ab = b - a;
            let t = if ab.len_sq() > 0.0 {
                ((p - a).dot(ab) / ab.len_sq()).clamp(0.0, 1.0)
            } else {
                0.0
            };
            a + ab * t
        })
        .min_by(|x, y| x.dist(p).total_cmp(&y.dist(p)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f32, y: f32, s: f32) -> Shape {
        Shape::boxed(Box2 {
            min: v2(x, y),
            max: v2(x + s, y + s),
        })
    }

    #[test]
    fn shapes_overlap_only_beyond_the_tolerance() {
        assert!(square(0.0, 0.0, 10.0).overlaps(&square(5.0, 5.0, 10.0), 0.3));
        assert!(!square(0.0, 0.0, 10.0).overlaps(&square(10.1, 0.0, 10.0), 0.3));
        assert!(!square(0.0, 0.0, 10.0).overlaps(&square(9.9, 0.0, 10.0), 0.3));
        let tilted = Shape::Quad([v2(12.0, 5.0), v2(17.0, 0.0), v2(22.0, 5.0), v2(17.0, 10.0)]);
        assert!(
            !square(0.0, 0.0, 10.0).overlaps(&tilted, 0.3),
            "the diamond clears it"
        );
        let disc = Shape::Disc {
            center: v2(15.0, 5.0),
            radius: 4.0,
        };
        assert!(!square(0.0, 0.0, 10.0).overlaps(&disc, 0.3));
        assert!(square(0.0, 0.0, 12.0).overlaps(&disc, 0.3));
        assert!(disc.overlaps(
            &Shape::Disc {
                center: v2(21.0, 5.0),
                radius: 3.0
            },
            0.3
        ));
    }
}
