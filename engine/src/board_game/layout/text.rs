//! How wide a city's name is drawn, without a font: advance widths of a
//! humanist sans-serif (the studio draws and prints names in egui's Ubuntu
//! face) by character class, rounded up so that a box built from them holds
//! the printed name. `studio`'s tests compare them with the real font.

/// Ascent of the drawn letters above the baseline, in ems (capitals and
/// ascenders).
pub const ASCENT: f32 = 0.76;
/// Descent below the baseline, in ems.
pub const DESCENT: f32 = 0.22;

/// The advance width of `c`, in ems.
fn advance(c: char) -> f32 {
    match c {
        ' ' => 0.25,
        'i' | 'l' | 'j' | 'ì' | 'í' | 'î' | 'ï' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' => {
            0.26
        }
        'I' | 'f' | 't' | 'r' | '(' | ')' | '-' | '’' => 0.38,
        'm' | 'w' => 0.84,
        'M' | 'W' => 0.9,
        'ß' => 0.62,
        c if c.is_ascii_digit() => 0.58,
        c if c.is_uppercase() => 0.68,
        c if c.is_lowercase() => 0.56,
        _ => 0.68,
    }
}

/// The width of `text` drawn `font` millimetres high, in millimetres.
pub fn width(text: &str, font: f32) -> f32 {
    text.chars().map(advance).sum::<f32>() * font
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wider_names_measure_wider() {
        assert!(width("Washington", 4.5) > width("Miami", 4.5));
        assert!((width("ill", 10.0) - 7.8).abs() < 1e-4);
    }
}
