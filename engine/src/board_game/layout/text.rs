//! How wide a city's name is drawn, measured in the face that draws it:
//! the studio's canvas, its board images and the print-and-play PDF all
//! write names in egui's text face, Ubuntu Light (the studio loads
//! `epaint_default_fonts`' copy into usvg's font database), and usvg shapes
//! them with rustybuzz. The same face shaped by the same shaper here gives
//! the advance widths, kerning included, that the printed name has, so the
//! layout's collision checks are the printed board's.

use std::sync::OnceLock;

use rustybuzz::{Face, UnicodeBuffer};

/// Ascent of the drawn letters above the baseline, in ems (capitals and
/// ascenders).
pub const ASCENT: f32 = 0.76;
/// Descent below the baseline, in ems.
pub const DESCENT: f32 = 0.22;

/// The face names are drawn in, parsed once.
fn face() -> &'static Face<'static> {
    static FACE: OnceLock<Face<'static>> = OnceLock::new();
    FACE.get_or_init(|| {
        // The bytes are compiled in; the test below reads them.
        Face::from_slice(epaint_default_fonts::UBUNTU_LIGHT, 0)
            .expect("egui's bundled Ubuntu Light is a readable font")
    })
}

/// The width of `text` drawn `font` millimetres high, in millimetres: the
/// sum of the shaped glyphs' advances.
pub fn width(text: &str, font: f32) -> f32 {
    let face = face();
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(text);
    let glyphs = rustybuzz::shape(face, &[], buffer);
    let advance: i64 = glyphs
        .glyph_positions()
        .iter()
        .map(|p| i64::from(p.x_advance))
        .sum();
    advance as f32 / face.units_per_em().max(1) as f32 * font
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_measure_as_the_face_draws_them() {
        assert!(width("Washington", 4.5) > width("Miami", 4.5));
        // Narrow letters are narrow, wide ones wide: not one width per character class.
        let ill = width("ill", 10.0);
        assert!((6.0..7.5).contains(&ill), "{ill}");
        assert!(width("mmm", 10.0) > 3.0 * ill);
        // Kerning: "AV" is narrower than "A" and "V" apart.
        assert!(width("AV", 10.0) < width("A", 10.0) + width("V", 10.0));
        assert_eq!(width("", 4.5), 0.0);
    }
}
