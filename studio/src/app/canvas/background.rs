//! The background image: loaded from the design's folder into a texture
//! once per path, and placed on the board as the design says.

use std::path::{Path, PathBuf};

use egui::{Rect, Vec2, pos2, vec2};

use super::super::document::Document;
use super::Canvas;
use super::paint::BackgroundImage;

/// A tracing image as uploaded.
pub(super) struct BackgroundCache {
    key: PathBuf,
    texture: Option<egui::TextureHandle>,
    size: Vec2,
    error: Option<String>,
}

impl Canvas {
    /// The background image to paint under the map, loading it when its path
    /// changed.
    pub(super) fn background_image(
        &mut self,
        ctx: &egui::Context,
        doc: &Document,
    ) -> Option<BackgroundImage> {
        let bg = doc.design.terrain.background.as_ref()?;
        let dir = doc
            .path
            .as_deref()
            .and_then(Path::parent)
            .unwrap_or(Path::new("."));
        let key = dir.join(&bg.image);
        if self.background.as_ref().is_none_or(|c| c.key != key) {
            self.background = Some(load_background(ctx, key));
        }
        let cache = self.background.as_ref()?;
        let texture = cache.texture.as_ref()?;
        let min = pos2(bg.x, bg.y);
        Some(BackgroundImage {
            texture: texture.id(),
            rect: Rect::from_min_size(min, cache.size * bg.scale.max(1e-4)),
            opacity: bg.opacity,
        })
    }

    /// Why the background image could not be shown, if it could not.
    pub fn background_error(&self) -> Option<&str> {
        self.background.as_ref()?.error.as_deref()
    }
}

/// Reads the image at `key` into a texture, or says why it cannot.
fn load_background(ctx: &egui::Context, key: PathBuf) -> BackgroundCache {
    match image::open(&key) {
        Ok(img) => {
            let rgba = img.to_rgba8();
            let size = [rgba.width() as usize, rgba.height() as usize];
            let color = egui::ColorImage::from_rgba_unmultiplied(size, rgba.as_raw());
            let texture = ctx.load_texture("background", color, egui::TextureOptions::LINEAR);
            BackgroundCache {
                key,
                texture: Some(texture),
                size: vec2(size[0] as f32, size[1] as f32),
                error: None,
            }
        }
        Err(e) => BackgroundCache {
            error: Some(format!("cannot show {}: {e}", key.display())),
            key,
            texture: None,
            size: Vec2::ZERO,
        },
    }
}
