//! How a board is drawn and how it is laid out so that its drawing fits its
//! routes. [`geometry`] says where every car space, city marker and name
//! goes (the studio's canvas and printed boards draw it, so the validator's
//! [`overlaps`] are the printed board's); [`fit`] moves unlocked cities so
//! each route's drawn length matches its car count, nothing overlaps, and
//! the map stays recognisable.

mod bends;
pub mod crossings;
pub mod fit;
pub mod geometry;
mod grid;
pub mod overlaps;
mod polish;
pub mod shapes;
pub mod text;
pub mod vec;

pub use fit::{FitOptions, FitReport, Fitted, fit};
pub use geometry::{Anchor, BoardDrawing, Label, RouteDrawing, Space};
pub use overlaps::{Item, Overlap};
pub use vec::{Box2, V2, v2};
