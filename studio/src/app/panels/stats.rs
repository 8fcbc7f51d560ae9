//! The Statistics panel: a colour × length table with car spaces per colour,
//! and charts of ticket points and city degrees. The numbers come from
//! [`crate::app::analysis::design_stats`].

use egui::{Grid, RichText, ScrollArea, Ui};
use egui_plot::{Bar, BarChart, Plot};

use engine::board_game::stats::DesignStats;
use engine::words::count;

use crate::app::analysis;
use crate::app::document::Document;
use crate::drawing::colors::Palette;

/// The Statistics panel.
#[derive(Default)]
pub struct StatsPanel {
    cache: Option<(u64, DesignStats)>,
}

impl StatsPanel {
    /// Shows the panel.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document) {
        if self
            .cache
            .as_ref()
            .is_none_or(|(g, _)| *g != doc.generation())
        {
            self.cache = Some((doc.generation(), analysis::design_stats(&doc.design)));
        }
        let Some((_, s)) = &self.cache else { return };
        let palette = Palette::of(&doc.design);
        ScrollArea::both()
            .id_salt("stats")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.label(RichText::new("Routes by colour and length").strong());
                Grid::new("color-length").striped(true).show(ui, |ui| {
                    ui.label("Colour");
                    for l in &s.lengths {
                        ui.label(l.to_string());
                    }
                    ui.label("Routes");
                    ui.label("Car spaces");
                    ui.end_row();
                    for c in &s.colors {
                        ui.horizontal(|ui| {
                            let (r, _) = ui
                                .allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                            ui.painter().rect_filled(r, 2.0, palette.route(&c.color));
                            ui.label(&c.color);
                        });
                        for &n in &c.by_length {
                            ui.label(if n == 0 { "·".into() } else { n.to_string() });
                        }
                        ui.label(c.routes.to_string());
                        ui.label(c.car_spaces.to_string());
                        ui.end_row();
                    }
                });
                ui.label(format!(
                    "{} in {} ({}, {}, {}).",
                    count(s.car_spaces, "car space"),
                    count(s.routes, "route"),
                    count(s.double_pairs, "double pair"),
                    count(s.tunnels, "tunnel"),
                    count(s.ferries, "ferry")
                ));
                ui.separator();
                ui.label(RichText::new("Tickets by points").strong());
                let bars = s
                    .tickets
                    .points_histogram
                    .iter()
                    .map(|(p, n)| Bar::new(f64::from(*p), *n as f64))
                    .collect();
                Plot::new("ticket-points")
                    .height(140.0)
                    .allow_scroll(false)
                    .allow_zoom(false)
                    .allow_drag(false)
                    .show(ui, |p| p.bar_chart(BarChart::new("tickets", bars)));
                ui.label(RichText::new("Tickets by shortest path (car spaces)").strong());
                let bars = s
                    .tickets
                    .length_histogram
                    .iter()
                    .map(|(p, n)| Bar::new(f64::from(*p), *n as f64))
                    .collect();
                Plot::new("ticket-lengths")
                    .height(140.0)
                    .allow_scroll(false)
                    .allow_zoom(false)
                    .allow_drag(false)
                    .show(ui, |p| p.bar_chart(BarChart::new("ticket lengths", bars)));
                ui.label(RichText::new("Cities by number of routes").strong());
                let bars = s
                    .degree_histogram
                    .iter()
                    .map(|(d, n)| Bar::new(*d as f64, *n as f64))
                    .collect();
                Plot::new("city-degree")
                    .height(140.0)
                    .allow_scroll(false)
                    .allow_zoom(false)
                    .allow_drag(false)
                    .show(ui, |p| p.bar_chart(BarChart::new("cities", bars)));
            });
    }
}
