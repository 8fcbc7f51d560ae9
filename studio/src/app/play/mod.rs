//! The Play window: a hot-seat game on the design as it is now, humans and
//! bots at one table, played through the engine's rules.

use egui::Context;

use super::canvas::paint::Overlay;
use super::studio::Studio;

/// The Play window's state.
#[derive(Default)]
pub struct PlayWindow {
    /// Whether the window is shown.
    pub open: bool,
}

impl PlayWindow {
    /// Is a game on the table? The map is then the game's board: editing
    /// shortcuts and tools are off.
    pub fn in_game(&self) -> bool {
        false
    }

    /// What the game draws over the map.
    pub fn overlay(&self) -> Option<Overlay> {
        None
    }
}

impl Studio {
    /// Shows the Play window when it is open.
    pub(crate) fn play_window(&mut self, ctx: &Context) {
        if !self.play.open {
            return;
        }
        let mut open = true;
        egui::Window::new("Play")
            .open(&mut open)
            .show(ctx, |ui| ui.label("Play a game on this design."));
        self.play.open = open;
    }
}
