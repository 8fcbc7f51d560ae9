//! The Simulate window: thousands of bot games on the design as it is now,
//! run in the background, their report drawn on the map, in tables and
//! charts, for any family.
//!
//! Written once for every family: [`setup`] (the form and the engine
//! configuration), [`run`] (the background job, progress and ETA),
//! [`lab`] (the runs of a family and the result pages, the one dispatch on
//! the design's family), [`pages`], [`charts`] and [`tables`] (win rates,
//! scores, game length), [`findings`], [`compare`] (before and after a
//! baseline) and [`export`] (JSON and the family's CSV tables). Owned by
//! each family, behind [`family::SimView`]: the map overlay and its page, a
//! table page and its side of a comparison (the board game's in [`board`]).

pub mod board;
pub mod card_game;
pub mod charts;
pub mod compare;
pub mod dice;
pub mod export;
pub mod family;
pub mod findings;
pub mod lab;
pub mod pages;
pub mod ratings;
pub mod run;
pub mod setup;
pub mod tables;
#[cfg(test)]
mod testing;

use egui::{Context, ProgressBar, Ui, pos2, vec2};
use engine::sim::Progress;
use std::time::Duration;

use self::family::SimView;
use self::lab::{Lab, LabScreen, Results, Shown};
use self::setup::Setup;
use super::canvas::paint::Overlay;
use super::families;
use super::selection::Obj;
use super::studio::Studio;

/// A page of the results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    /// The family's map page (the board game: the heatmap's switches and legend).
    #[default]
    Map,
    /// Win rates by seat and by bot.
    WinRates,
    /// Score distributions.
    Scores,
    /// Game length and end reasons.
    GameLength,
    /// The family's table page (the board game: ticket completion).
    Table,
    /// The findings.
    Findings,
    /// Before and after a baseline.
    Compare,
    /// JSON and CSV files.
    Export,
}

impl Page {
    /// Every page, in tab order.
    pub const ALL: [Page; 8] = [
        Page::Map,
        Page::WinRates,
        Page::Scores,
        Page::GameLength,
        Page::Table,
        Page::Findings,
        Page::Compare,
        Page::Export,
    ];

    /// The tab's label (the family names its own pages).
    pub fn label<F: SimView>(self) -> &'static str {
        match self {
            Page::Map => F::MAP_PAGE,
            Page::WinRates => "Win rates",
            Page::Scores => "Scores",
            Page::GameLength => "Game length",
            Page::Table => F::TABLE_PAGE,
            Page::Findings => "Findings",
            Page::Compare => "Compare",
            Page::Export => "Export",
        }
    }
}

/// What the window asks of the studio.
pub enum Action {
    /// Select these objects and bring them into view.
    Select(Vec<Obj>),
}

/// The Simulate window's state.
#[derive(Default)]
pub struct SimulateWindow {
    /// Whether the window is shown.
    pub open: bool,
    /// The form.
    pub setup: Setup,
    /// The player count whose results are shown.
    pub players: Option<usize>,
    /// Hide the heatmap (the map shows the design's own colours).
    pub hide_heatmap: bool,
    /// The page shown.
    pub page: Page,
    /// The last message (done, cancelled, why not, where files went).
    pub message: String,
    /// The bots' ratings on the designs rated so far (the Play form lists
    /// its bots by them too).
    pub ratings: ratings::BotRatings,
    /// The runs of the design's family.
    lab: Option<Box<dyn LabScreen>>,
    json_path: String,
    csv_path: String,
}

impl SimulateWindow {
    /// Another design was opened: its run (cancelled if still going), its
    /// results, the form and the export paths belonged to the last one. The
    /// window stays open or closed as it was; the bots' ratings stay, as
    /// they are kept per design.
    pub fn follow_new_design(&mut self) {
        if let Some(l) = &self.lab {
            l.cancel();
        }
        *self = SimulateWindow {
            open: self.open,
            hide_heatmap: self.hide_heatmap,
            ratings: std::mem::take(&mut self.ratings),
            ..SimulateWindow::default()
        };
    }

    /// What the results draw over the map (while the window is open).
    pub fn overlay(&self) -> Option<Overlay> {
        if !self.open || self.hide_heatmap {
            return None;
        }
        self.lab.as_ref()?.overlay()
    }

    /// Is a simulation under way?
    pub fn running(&self) -> bool {
        self.lab.as_ref().is_some_and(|l| l.running())
    }

    /// Games done so far in the run under way.
    pub fn progress(&self) -> Option<Progress> {
        self.lab.as_ref()?.progress().map(|(p, _, _)| p)
    }

    /// The runs, if they are of family `F`.
    pub fn lab<F: SimView>(&self) -> Option<&Lab<F>> {
        self.lab.as_ref()?.as_any().downcast_ref()
    }

    /// The latest results, if they are of family `F`.
    pub fn results<F: SimView>(&self) -> Option<&Results<F>> {
        self.lab::<F>()?.results.as_ref()
    }

    /// Takes the report of a finished run.
    fn poll(&mut self) {
        if let Some(lab) = &mut self.lab
            && let Some(m) = lab.poll(&mut self.players)
        {
            self.message = m;
        }
    }

    /// Draws the window's contents; returns what the studio should do.
    fn ui(&mut self, ui: &mut Ui, doc: &super::document::Document) -> Vec<Action> {
        let running = self.running();
        ui.label(format!("Bot games on {} as it is now.", doc.design.name));
        let bots = families::bot_names(doc.design.family);
        setup::follow_family(&mut self.setup, doc.design.family);
        let listed = ratings::by_rating(bots, self.ratings.ladder(&doc.design, doc.generation()));
        ui.add_enabled_ui(!running, |ui| {
            setup::ui(
                ui,
                &mut self.setup,
                setup::allowed_players(&doc.design),
                &listed,
            );
        });
        self.ratings.ui(ui, &doc.design, doc.generation());
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!running, egui::Button::new("Run"))
                .on_hover_text("Simulate the design as it is now")
                .clicked()
            {
                self.message = match lab::start(
                    &mut self.lab,
                    ui.ctx(),
                    &doc.design,
                    &self.setup,
                    doc.generation(),
                ) {
                    Ok(()) => String::new(),
                    Err(e) => e.to_string(),
                };
            }
            if ui
                .add_enabled(running, egui::Button::new("Cancel"))
                .clicked()
                && let Some(l) = &self.lab
            {
                l.cancel();
            }
        });
        if let Some((p, elapsed, cancelling)) = self.lab.as_ref().and_then(|l| l.progress()) {
            let frac = p.done as f32 / p.total.max(1) as f32;
            let text = if cancelling {
                "Cancelling…".to_owned()
            } else {
                run::progress_text(p, elapsed)
            };
            ui.add(
                ProgressBar::new(frac)
                    .text(text)
                    .desired_width(ui.available_width()),
            );
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
        if !self.message.is_empty() {
            ui.label(&self.message);
        }
        let Some(lab) = self.lab.as_mut().filter(|l| l.has_results()) else {
            return Vec::new();
        };
        let shown = Shown {
            players: &mut self.players,
            page: &mut self.page,
            hide_overlay: &mut self.hide_heatmap,
            message: &mut self.message,
            json_path: &mut self.json_path,
            csv_path: &mut self.csv_path,
        };
        lab.results_ui(ui, shown, doc.generation(), doc.path.as_deref())
    }
}

impl Studio {
    /// Shows the Simulate window when it is open, and takes the report of a
    /// finished run even when it is not.
    pub(crate) fn simulate_window(&mut self, ctx: &Context) {
        self.simulate.poll();
        if !self.simulate.open {
            return;
        }
        let mut open = true;
        let screen = ctx.content_rect();
        let mut actions = Vec::new();
        egui::Window::new("Simulate")
            .open(&mut open)
            // Over the tables at the left, leaving the map in view.
            .default_pos(pos2(screen.min.x + 6.0, screen.min.y + 64.0))
            .default_size(vec2(392.0, (screen.height() - 150.0).max(300.0)))
            .resizable(true)
            .scroll(true)
            .show(ctx, |ui| actions = self.simulate.ui(ui, &self.doc));
        self.simulate.open = open;
        for a in actions {
            match a {
                Action::Select(objs) => self.select_and_reveal(objs, false),
            }
        }
    }
}
