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

/// The height of a one-line label in text style `style`, as the label lays
/// itself out: the font's row height rounded to the screen's pixels, which
/// [`egui::Ui::text_style_height`] is not. A list that lays out only the rows
/// in view (`ScrollArea::show_rows`) places its rows by this height; with the
/// font's row height its rows drift from their places down the list.
pub fn line_height(ui: &egui::Ui, style: egui::TextStyle) -> f32 {
    egui::WidgetText::from("Ag")
        .into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, style)
        .size()
        .y
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
