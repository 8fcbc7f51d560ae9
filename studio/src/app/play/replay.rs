//! A saved replay opened for viewing, of any family: the engine plays it
//! back (checking its result), and the viewer steps through it forwards and
//! backwards, the map and the scoreboard following. [`open`] picks the
//! family from the replay's design.

use std::any::Any;
use std::path::Path;
use std::sync::Arc;

use egui::{RichText, Ui};
use engine::families::AnyDesign;
use engine::game::{GameState, Seat};
use engine::replay::Playback;
use formats::replay::Replay;

use super::error::ReplayError;
use super::family::PlayView;
use super::score;
use super::session::seat_name;
use crate::app::canvas::paint::Overlay;
use crate::app::families::{self, StudioFamily, StudioVisitor};

/// A replay being viewed, whatever its family.
pub trait ReplayScreen: Any {
    /// The viewer as [`Any`], to reach its [`ReplayView`] by family.
    fn as_any(&self) -> &dyn Any;
    /// The board at this step (a replay hides nothing).
    fn overlay(&self) -> Overlay;
    /// The viewer on screen; returns whether "Close replay" was clicked.
    fn ui(&mut self, ui: &mut Ui) -> bool;
}

/// Reads and plays back a replay with the family of its design, or says
/// why it cannot be shown.
pub fn open(path: &Path) -> Result<Box<dyn ReplayScreen>, ReplayError> {
    let replay =
        formats::replay::load_replay(path).map_err(|e| ReplayError::Read(e.to_string()))?;
    let design = AnyDesign::build(&replay.design).map_err(|d| ReplayError::DesignErrors {
        path: path.display().to_string(),
        errors: families::errors_text(&d, 3),
    })?;
    families::visit(&design, OpenReplay(replay)).map_err(|reason| ReplayError::PlayBack {
        path: path.display().to_string(),
        reason,
    })
}

/// [`open`] with the family known.
struct OpenReplay(Replay);

impl StudioVisitor for OpenReplay {
    type Output = Result<Box<dyn ReplayScreen>, engine::replay::ReplayError>;

    fn visit<F: StudioFamily>(self, design: Arc<F::Design>) -> Self::Output {
        Ok(Box::new(ReplayView::<F>::new(self.0, &design)?))
    }
}

/// A replay of family `F` being viewed.
pub struct ReplayView<F: PlayView> {
    /// The replay as read.
    pub replay: Replay,
    playback: Playback<F::State>,
    /// The log lines of each action, in order.
    lines: Vec<Vec<String>>,
    /// Actions shown as played (0: the deal).
    pub index: usize,
    /// What the family's view computed once for this game.
    table: F::Table,
}

impl<F: PlayView> ReplayView<F> {
    /// Plays back a replay already read, on `design` (built from its file).
    pub fn new(
        replay: Replay,
        design: &F::Design,
    ) -> Result<ReplayView<F>, engine::replay::ReplayError> {
        let playback = engine::replay::play_back::<F>(&replay)?;
        let lines = playback
            .actions
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                let mut probe = playback.states[i].clone();
                let after = &playback.states[i + 1];
                match probe.apply(a) {
                    Ok(events) => F::describe_events(after, &events),
                    Err(e) => vec![format!("{}: {e}", mover(&playback.states[i]))],
                }
            })
            .collect();
        Ok(ReplayView {
            table: F::table(&replay.design, design),
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
    pub fn state(&self) -> &F::State {
        let i = self.index.min(self.playback.states.len() - 1);
        &self.playback.states[i]
    }

    /// Moves to a step, kept within the replay.
    pub fn go(&mut self, index: usize) {
        self.index = index.min(self.len());
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
    fn draw(&mut self, ui: &mut Ui) -> bool {
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
                    mover(before),
                    super::capitalized(&before.action_text(a))
                ));
            }
            None => {
                ui.label("The end of the replay.");
            }
        }
        ui.separator();
        let titles = self.titles();
        score::scoreboard::<F>(ui, self.state(), &titles);
        score::final_scores::<F>(ui, self.state(), &titles);
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

/// Who moves in `state`, by name (`nobody` once the game is over).
fn mover<S: GameState>(state: &S) -> String {
    state
        .current_player()
        .map_or_else(|| "nobody".to_owned(), seat_name)
}

impl<F: PlayView> ReplayScreen for ReplayView<F> {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn overlay(&self) -> Overlay {
        F::overlay(&self.table, self.state(), None, None)
    }

    fn ui(&mut self, ui: &mut Ui) -> bool {
        self.draw(ui)
    }
}
