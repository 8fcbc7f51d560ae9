//! A saved replay opened for viewing: the engine plays it back (checking its
//! result), and the viewer steps through it forwards and backwards, the map
//! and the scoreboard following.

use std::collections::HashMap;
use std::path::Path;

use egui::{Color32, RichText, Ui};
use engine::board_game::State;
use engine::game::{GameState, Seat};
use engine::replay::Playback;
use formats::replay::Replay;

use super::map;
use super::score;
use super::session::seat_name;
use super::turn::capitalized;
use crate::app::canvas::paint::Overlay;

/// A replay being viewed.
pub struct ReplayView {
    /// The replay as read.
    pub replay: Replay,
    playback: Playback<State>,
    /// The log lines of each action, in order.
    lines: Vec<Vec<String>>,
    /// Actions shown as played (0: the deal).
    pub index: usize,
    /// The open routes' faded colours.
    faded: HashMap<usize, Color32>,
}

impl ReplayView {
    /// Reads and plays back a replay, or says why it cannot be shown.
    pub fn open(path: &Path) -> Result<ReplayView, String> {
        let replay = formats::replay::load_replay(path).map_err(|e| e.to_string())?;
        ReplayView::new(replay).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Plays back a replay already read.
    pub fn new(replay: Replay) -> Result<ReplayView, String> {
        let playback = engine::replay::play_back::<engine::board_game::BoardFamily>(&replay)
            .map_err(|e| e.to_string())?;
        let lines = playback
            .actions
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                let seat = playback.states[i].current();
                let mut probe = playback.states[i].clone();
                let after = &playback.states[i + 1];
                match probe.apply(a) {
                    Ok(events) => events.iter().map(|e| after.event_text(e, None)).collect(),
                    Err(e) => vec![format!("{}: {e}", seat_name(seat))],
                }
            })
            .collect();
        Ok(ReplayView {
            faded: map::faded_routes(&replay.design),
            replay,
            playback,
            lines,
            index: 0,
        })
    }

    /// Actions in the replay.
    pub fn len(&self) -> usize {
        self.playback.actions.len()
    }

    /// Does the replay hold no action?
    pub fn is_empty(&self) -> bool {
        self.playback.actions.is_empty()
    }

    /// The game after `index` actions.
    pub fn state(&self) -> &State {
        let i = self.index.min(self.playback.states.len() - 1);
        &self.playback.states[i]
    }

    /// Moves to a step, kept within the replay.
    pub fn go(&mut self, index: usize) {
        self.index = index.min(self.len());
    }

    /// The board at this step (a replay hides nothing).
    pub fn overlay(&self) -> Overlay {
        map::board_overlay(self.state(), &self.faded)
    }

    /// Seat titles from the replay's seat list.
    fn titles(&self) -> Vec<String> {
        (0..self.replay.players)
            .map(|i| {
                let seat = Seat(i as u8);
                match self.replay.seats.get(i) {
                    Some(s) => format!("{} ({s})", seat_name(seat)),
                    None => seat_name(seat),
                }
            })
            .collect()
    }

    /// The step controls, the scoreboard, the final accounts at the end,
    /// and the log up to this step. Returns whether "Close replay" was clicked.
    pub fn ui(&mut self, ui: &mut Ui) -> bool {
        let mut close = false;
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(format!(
                    "Replay of {} (seed {})",
                    self.replay.design.name, self.replay.seed
                ))
                .strong(),
            );
            close = ui.button("Close replay").clicked();
        });
        let n = self.len();
        ui.horizontal(|ui| {
            if ui.button("First").clicked() {
                self.go(0);
            }
            if ui.button("Previous").clicked() {
                self.go(self.index.saturating_sub(1));
            }
            if ui.button("Next").clicked() {
                self.go(self.index + 1);
            }
            if ui.button("Last").clicked() {
                self.go(n);
            }
        });
        let mut i = self.index;
        crate::app::panels::labelled(ui, "Replay step", |ui| {
            ui.spacing_mut().slider_width = 220.0;
            ui.add(egui::Slider::new(&mut i, 0..=n))
        });
        self.go(i);
        ui.label(format!("Step {} of {n}", self.index));
        match self.playback.actions.get(self.index) {
            Some(&a) => {
                let before = &self.playback.states[self.index];
                ui.label(format!(
                    "Next: {} — {}",
                    seat_name(before.current()),
                    capitalized(&before.describe(a))
                ));
            }
            None => {
                ui.label("The end of the replay.");
            }
        }
        ui.separator();
        let titles = self.titles();
        score::scoreboard(ui, self.state(), &titles);
        score::final_scores(ui, self.state(), &titles);
        ui.separator();
        let lines: Vec<&str> = self.lines[..self.index]
            .iter()
            .flatten()
            .map(String::as_str)
            .collect();
        score::log_view(ui, "replay-log", &lines);
        close
    }
}
