//! Paper sizes and the printed size of a board: real size, a chosen width, or
//! fitted to a named paper size.

use std::fmt;
use std::str::FromStr;

/// A named paper size (ISO A series and the US ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Paper {
    /// 841 × 1189 mm.
    A0,
    /// 594 × 841 mm.
    A1,
    /// 420 × 594 mm.
    A2,
    /// 297 × 420 mm.
    A3,
    /// 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in (215.9 × 279.4 mm).
    Letter,
    /// US Tabloid, 11 × 17 in (279.4 × 431.8 mm).
    Tabloid,
}

impl Paper {
    /// Width and height in millimetres, portrait.
    pub fn mm(self) -> (f32, f32) {
        match self {
            Paper::A0 => (841.0, 1189.0),
            Paper::A1 => (594.0, 841.0),
            Paper::A2 => (420.0, 594.0),
            Paper::A3 => (297.0, 420.0),
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
            Paper::Tabloid => (279.4, 431.8),
        }
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A0 => "a0",
            Paper::A1 => "a1",
            Paper::A2 => "a2",
            Paper::A3 => "a3",
            Paper::A4 => "a4",
            Paper::Letter => "letter",
            Paper::Tabloid => "tabloid",
        }
    }
}

/// How large a board is printed.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum PrintSize {
    /// The design's own millimetres.
    #[default]
    Real,
    /// Scaled to this width in millimetres.
    Width(f32),
    /// Scaled to fill this paper (turned to the board's orientation) without
    /// cropping.
    Fit(Paper),
}

impl PrintSize {
    /// The printed width and height of a board `width` × `height` mm.
    pub fn fit(self, width: f32, height: f32) -> (f32, f32) {
        let scale = match self {
            PrintSize::Real => 1.0,
            PrintSize::Width(w) => w / width,
            PrintSize::Fit(paper) => {
                let (a, b) = paper.mm();
                let (pw, ph) = if width >= height { (b, a) } else { (a, b) };
                (pw / width).min(ph / height)
            }
        };
        (width * scale, height * scale)
    }
}

/// A width that is not a printable number of millimetres.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadWidth(String);

impl fmt::Display for BadWidth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a width from 10 to 10000 millimetres",
            self.0
        )
    }
}

impl std::error::Error for BadWidth {}

/// A width in millimetres, 10 to 10,000.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WidthMm(pub f32);

impl FromStr for WidthMm {
    type Err = BadWidth;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().parse::<f32>() {
            Ok(w) if (10.0..=10_000.0).contains(&w) => Ok(WidthMm(w)),
            _ => Err(BadWidth(s.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wide_board_fits_a3_turned_landscape_and_keeps_its_proportions() {
        let (w, h) = PrintSize::Fit(Paper::A3).fit(820.0, 482.3);
        assert!((w - 420.0).abs() < 0.01, "{w}");
        assert!((h - 482.3 * 420.0 / 820.0).abs() < 0.01, "{h}");
        assert_eq!(PrintSize::Width(410.0).fit(820.0, 400.0), (410.0, 200.0));
        assert_eq!(PrintSize::Real.fit(820.0, 400.0), (820.0, 400.0));
    }

    #[test]
    fn widths_outside_the_range_are_refused_with_the_text_given() {
        assert_eq!("600".parse::<WidthMm>(), Ok(WidthMm(600.0)));
        let e = "huge".parse::<WidthMm>().unwrap_err();
        assert!(e.to_string().contains("`huge`"), "{e}");
        assert!("0".parse::<WidthMm>().is_err());
    }
}
