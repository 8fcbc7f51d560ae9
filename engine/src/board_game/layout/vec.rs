//! A point or vector in board millimetres and an axis-aligned box: the
//! little arithmetic the drawing and the layout need (the engine draws
//! nothing, so it has no graphics crate to borrow these from).

use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

/// A point or a vector, in millimetres (`y` grows downwards, as on the page).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct V2 {
    /// From the left edge.
    pub x: f32,
    /// From the top edge.
    pub y: f32,
}

/// `V2 { x, y }`.
pub const fn v2(x: f32, y: f32) -> V2 {
    V2 { x, y }
}

impl V2 {
    /// The zero vector.
    pub const ZERO: V2 = v2(0.0, 0.0);

    /// Its length.
    pub fn len(self) -> f32 {
        self.x.hypot(self.y)
    }

    /// Its length squared.
    pub fn len_sq(self) -> f32 {
        self.x * self.x + self.y * self.y
    }

    /// The distance to `o`.
    pub fn dist(self, o: V2) -> f32 {
        (self - o).len()
    }

    /// The dot product.
    pub fn dot(self, o: V2) -> f32 {
        self.x * o.x + self.y * o.y
    }

    /// The 2-D cross product (z of the 3-D one).
    pub fn cross(self, o: V2) -> f32 {
        self.x * o.y - self.y * o.x
    }

    /// Turned a quarter to the left of its direction (`(-y, x)`).
    pub fn perp(self) -> V2 {
        v2(-self.y, self.x)
    }

    /// The unit vector in its direction, or `None` for a (near) zero vector.
    pub fn unit(self) -> Option<V2> {
        let l = self.len();
        (l > 1e-6 && l.is_finite()).then(|| self / l)
    }

    /// Both coordinates finite.
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    /// Its angle from the x axis, in radians.
    pub fn angle(self) -> f32 {
        self.y.atan2(self.x)
    }
}

impl From<formats::Point> for V2 {
    fn from(p: formats::Point) -> V2 {
        v2(p.x, p.y)
    }
}

impl From<V2> for formats::Point {
    fn from(p: V2) -> formats::Point {
        formats::Point { x: p.x, y: p.y }
    }
}

impl Add for V2 {
    type Output = V2;
    fn add(self, o: V2) -> V2 {
        v2(self.x + o.x, self.y + o.y)
    }
}

impl AddAssign for V2 {
    fn add_assign(&mut self, o: V2) {
        *self = *self + o;
    }
}

impl Sub for V2 {
    type Output = V2;
    fn sub(self, o: V2) -> V2 {
        v2(self.x - o.x, self.y - o.y)
    }
}

impl SubAssign for V2 {
    fn sub_assign(&mut self, o: V2) {
        *self = *self - o;
    }
}

impl Mul<f32> for V2 {
    type Output = V2;
    fn mul(self, k: f32) -> V2 {
        v2(self.x * k, self.y * k)
    }
}

impl Div<f32> for V2 {
    type Output = V2;
    fn div(self, k: f32) -> V2 {
        v2(self.x / k, self.y / k)
    }
}

impl Neg for V2 {
    type Output = V2;
    fn neg(self) -> V2 {
        v2(-self.x, -self.y)
    }
}

/// An axis-aligned box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Box2 {
    /// The top-left corner.
    pub min: V2,
    /// The bottom-right corner.
    pub max: V2,
}

impl Box2 {
    /// The empty box (extending it with a point gives that point).
    pub const EMPTY: Box2 = Box2 {
        min: v2(f32::INFINITY, f32::INFINITY),
        max: v2(f32::NEG_INFINITY, f32::NEG_INFINITY),
    };

    /// The smallest box holding `points`.
    pub fn around(points: impl IntoIterator<Item = V2>) -> Box2 {
        let mut b = Box2::EMPTY;
        for p in points {
            b.min = v2(b.min.x.min(p.x), b.min.y.min(p.y));
            b.max = v2(b.max.x.max(p.x), b.max.y.max(p.y));
        }
        b
    }

    /// Grown by `d` on every side.
    pub fn expand(self, d: f32) -> Box2 {
        Box2 {
            min: self.min - v2(d, d),
            max: self.max + v2(d, d),
        }
    }

    /// Whether it holds anything (not [`Box2::EMPTY`]).
    pub fn is_empty(&self) -> bool {
        !(self.min.x <= self.max.x && self.min.y <= self.max.y)
    }

    /// Whether the two boxes share more than an edge.
    pub fn intersects(&self, o: &Box2) -> bool {
        self.min.x < o.max.x && o.min.x < self.max.x && self.min.y < o.max.y && o.min.y < self.max.y
    }

    /// The middle.
    pub fn center(&self) -> V2 {
        (self.min + self.max) * 0.5
    }

    /// Width and height.
    pub fn size(&self) -> V2 {
        self.max - self.min
    }

    /// Its four corners, clockwise from the top left.
    pub fn corners(&self) -> [V2; 4] {
        [
            self.min,
            v2(self.max.x, self.min.y),
            self.max,
            v2(self.min.x, self.max.y),
        ]
    }

    /// The smallest box holding both.
    pub fn union(self, o: Box2) -> Box2 {
        Box2 {
            min: v2(self.min.x.min(o.min.x), self.min.y.min(o.min.y)),
            max: v2(self.max.x.max(o.max.x), self.max.y.max(o.max.y)),
        }
    }
}
