//! The Simulate window: thousands of bot games on the design as it is now,
//! run in the background, their report drawn on the map, in tables and charts.

use egui::Context;

use super::canvas::paint::Overlay;
use super::studio::Studio;

/// The Simulate window's state.
#[derive(Default)]
pub struct SimulateWindow {
    /// Whether the window is shown.
    pub open: bool,
}

impl SimulateWindow {
    /// What the results draw over the map.
    pub fn overlay(&self) -> Option<Overlay> {
        None
    }
}

impl Studio {
    /// Shows the Simulate window when it is open.
    pub(crate) fn simulate_window(&mut self, ctx: &Context) {
        if !self.simulate.open {
            return;
        }
        let mut open = true;
        egui::Window::new("Simulate")
            .open(&mut open)
            .show(ctx, |ui| ui.label("Simulate games on this design."));
        self.simulate.open = open;
    }
}
