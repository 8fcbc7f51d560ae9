//! The studio's text faces: egui's own bundled fonts, with its monospace
//! face (Hack) as a fallback of the proportional one, so the arrows the
//! studio writes (→ ← ↑ ↓, in balance proposals, diffs and the shortcut
//! sheet) and the engine's `≤ ≥` are drawn instead of a missing-glyph box.
//! Ubuntu Light, egui's text face, has no arrows; Hack has the whole Arrows
//! block.

use egui::{FontDefinitions, FontFamily};

/// The font that follows the text face when it lacks a glyph.
const FALLBACK: &str = "Hack";

/// egui's default fonts with [`FALLBACK`] last in the proportional family:
/// it draws only what the faces before it (the text face, egui's icons)
/// lack.
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    if let Some(family) = fonts.families.get_mut(&FontFamily::Proportional)
        && !family.iter().any(|f| f == FALLBACK)
    {
        family.push(FALLBACK.to_owned());
    }
    fonts
}

/// Installs [`definitions`] in `ctx`.
pub fn install(ctx: &egui::Context) {
    ctx.set_fonts(definitions());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame, its texture changes dropped (there is no painter).
    fn frame(ctx: &egui::Context) {
        ctx.run_ui(Default::default(), |_| {})
            .textures_delta
            .clear();
    }

    #[test]
    fn the_text_face_draws_arrows() {
        let ctx = egui::Context::default();
        frame(&ctx);
        let font = egui::FontId::proportional(14.0);
        assert!(
            !ctx.fonts_mut(|f| f.has_glyphs(&font, "→←↑↓")),
            "egui's text face alone lacks the arrows"
        );
        install(&ctx);
        frame(&ctx);
        assert!(ctx.fonts_mut(|f| f.has_glyphs(&font, "→←↑↓≤≥")));
        assert!(ctx.fonts_mut(|f| f.has_glyphs(&font, "Tracklayer")));
    }
}
