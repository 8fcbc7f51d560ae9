//! Points and point lists. A list is written like SVG's `points` attribute,
//! `"120,40 135.5,62 150,80"`, so outlines and bends stay one readable line.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Writes an `f32` as the shortest decimal that reads back as the same `f32`
/// (`554.6`, not `554.5999755859375`).
pub fn short_f32<S: Serializer>(v: &f32, s: S) -> Result<S::Ok, S::Error> {
    let shortest: f64 = v.to_string().parse().unwrap_or(f64::from(*v));
    s.serialize_f64(shortest)
}

/// A position on the board, in millimetres.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    /// From the left edge.
    pub x: f32,
    /// From the top edge.
    pub y: f32,
}

/// A list of points, written `"x,y x,y …"`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Points(pub Vec<Point>);

impl Points {
    /// No points.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Parses `"x,y x,y …"`, saying which pair is wrong.
    pub fn parse(s: &str) -> Result<Self, String> {
        let mut out = Vec::new();
        for (i, pair) in s.split_whitespace().enumerate() {
            let mut it = pair.split(',');
            let (Some(x), Some(y), None) = (it.next(), it.next(), it.next()) else {
                return Err(format!("point {} `{pair}` (not of the form x,y)", i + 1));
            };
            let num = |v: &str| {
                v.trim()
                    .parse::<f32>()
                    .ok()
                    .filter(|f| f.is_finite())
                    .ok_or_else(|| format!("point {} `{pair}` (`{v}` is not a number)", i + 1))
            };
            out.push(Point {
                x: num(x)?,
                y: num(y)?,
            });
        }
        Ok(Points(out))
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{},{}", p.x, p.y)?;
        }
        Ok(())
    }
}

impl Serialize for Points {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Points::parse(&s).map_err(|e| {
            serde::de::Error::custom(format!(
                "invalid value: {e}, expected points written \"x,y x,y ...\""
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_reports_bad_pairs() {
        let p = Points::parse("1,2  3.5,-4").unwrap();
        assert_eq!(p.0.len(), 2);
        assert_eq!(Points::parse(&p.to_string()).unwrap(), p);
        assert!(Points::parse("1,2 3").unwrap_err().contains("point 2"));
        assert_eq!(Points::parse("0.1,2").unwrap().to_string(), "0.1,2");
        assert!(Points::parse("1,x").unwrap_err().contains("`x`"));
        assert!(Points::parse("nan,1").is_err());
    }
}
