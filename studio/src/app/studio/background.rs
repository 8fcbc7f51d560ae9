//! The background image editor: the image traced under the map, its place,
//! scale, opacity and lock.

use std::path::Path;

use egui::{Color32, RichText, Ui};

use super::super::panels::labelled;
use super::Studio;

impl Studio {
    /// Shows the background settings; returns whether to choose an image.
    pub(super) fn background_ui(&mut self, ui: &mut Ui) -> bool {
        let choose = ui.button("Choose image…").clicked();
        let Some(bg) = self.doc.design.terrain.background.clone() else {
            ui.label("No background image. A PNG or JPEG under the map helps to trace a board.");
            return choose;
        };
        ui.label(format!("Image: {}", bg.image));
        if let Some(e) = self.canvas.background_error() {
            ui.colored_label(Color32::from_rgb(220, 50, 50), e);
        }
        let mut b = bg.clone();
        ui.add_enabled_ui(!bg.locked, |ui| {
            labelled(ui, "Left (mm)", |ui| {
                ui.add(egui::DragValue::new(&mut b.x).speed(1.0))
            });
            labelled(ui, "Top (mm)", |ui| {
                ui.add(egui::DragValue::new(&mut b.y).speed(1.0))
            });
            labelled(ui, "Millimetres per pixel", |ui| {
                ui.add(
                    egui::DragValue::new(&mut b.scale)
                        .speed(0.005)
                        .range(0.001..=100.0),
                )
            });
            ui.label(RichText::new("Alt+drag on the map moves an unlocked image.").weak());
        });
        labelled(ui, "Opacity", |ui| {
            ui.add(egui::Slider::new(&mut b.opacity, 0.0..=1.0))
        });
        ui.checkbox(&mut b.locked, "Lock background");
        let remove = ui.button("Remove background").clicked();
        if remove {
            self.doc
                .edit("Remove background", |d| d.terrain.background = None);
        } else if b != bg {
            self.doc
                .edit_merging("Adjust background", "background", |d| {
                    d.terrain.background = Some(b)
                });
        }
        choose
    }

    /// Puts `image` under the map (relative to the design's folder when it
    /// is inside it), keeping the place, scale and opacity of the old one.
    pub(super) fn set_background(&mut self, image: &Path) {
        let rel = self
            .doc
            .path
            .as_deref()
            .and_then(Path::parent)
            .and_then(|dir| image.strip_prefix(dir).ok())
            .unwrap_or(image)
            .to_string_lossy()
            .into_owned();
        self.doc.edit("Set background", |d| {
            let old = d.terrain.background.take();
            d.terrain.background = Some(formats::Background {
                image: rel,
                x: old.as_ref().map_or(0.0, |b| b.x),
                y: old.as_ref().map_or(0.0, |b| b.y),
                scale: old.as_ref().map_or(1.0, |b| b.scale),
                opacity: old.as_ref().map_or(0.5, |b| b.opacity),
                locked: false,
                extra: Default::default(),
            });
        });
    }
}
