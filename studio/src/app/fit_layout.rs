//! View → Fit layout: the engine's layout fit (the one `tracklayer layout`
//! runs, [`engine::families::fit_layout`], which picks the board's or the
//! station map's fit by the family) on a worker thread,
//! with progress and cancel. The proposal is drawn on the canvas over the
//! current drawing (its car spaces outlined, an arrow from where each moved
//! city is to where it would go) with the figures before → after; Accept
//! applies its positions and bends as one undo step, Discard leaves the
//! design as it is.

use std::sync::Arc;

use egui::{Color32, Pos2, Ui, pos2};
use engine::board_game::layout::{self as board_layout, FitOptions};
use engine::families::LaidOut;
use engine::sim::Progress;
use formats::{GameFile, Point};

use super::canvas::paint::Overlay;
use super::job::Job;

/// Progress units of a fit (its share done, in thousandths).
const UNITS: u64 = 1000;

/// A fit's proposal: the design with the new positions and bends, and what
/// changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Proposal {
    /// The design as it would be (only positions and bends differ), the
    /// figures before → after and what they count.
    pub fitted: LaidOut,
    /// The generation of the document it was fitted from.
    generation: u64,
}

/// Where the window is.
#[derive(Default)]
enum State {
    /// Nothing running or proposed.
    #[default]
    Idle,
    /// The fit runs.
    Running(Job<Option<Proposal>>),
    /// A proposal to accept or discard.
    Review(Box<Proposal>),
}

/// What the window asks the studio to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// Write these positions and bends into the design, as one undo step.
    Accept(Box<Proposal>),
}

/// The Fit layout window.
#[derive(Default)]
pub struct FitLayoutWindow {
    /// Whether it is open.
    pub open: bool,
    /// How the fit runs (the anchor is what the designer sets).
    pub options: FitOptions,
    state: State,
    message: Option<String>,
    /// A fit was asked for; it starts at the next frame.
    pending: bool,
}

impl FitLayoutWindow {
    /// Whether a fit is running.
    pub fn running(&self) -> bool {
        matches!(self.state, State::Running(_))
    }

    /// The proposal shown, if any.
    pub fn proposal(&self) -> Option<&Proposal> {
        match &self.state {
            State::Review(p) => Some(p),
            _ => None,
        }
    }

    /// Opens the window; a fit of the design as it is starts at the next
    /// frame.
    pub fn request(&mut self) {
        self.open = true;
        self.pending = true;
    }

    /// Opens the window and starts a fit of `design` (at `generation`).
    pub fn start(&mut self, design: &GameFile, generation: u64, ctx: &egui::Context) {
        self.open = true;
        self.message = None;
        let (design, options, wake) = (design.clone(), self.options, ctx.clone());
        let job = Job::start(
            "layout",
            UNITS,
            move || wake.request_repaint(),
            move |worker| {
                let mut progress = |share: f32| {
                    worker.advance(Progress {
                        done: (share.clamp(0.0, 1.0) * UNITS as f32) as u64,
                        total: UNITS,
                    });
                    !worker
                        .cancel_flag()
                        .load(std::sync::atomic::Ordering::Relaxed)
                };
                engine::families::fit_layout(&design, &options, &mut progress)
                    .map(|fitted| Proposal { fitted, generation })
            },
        );
        self.state = State::Running(job);
    }

    /// Stops a running fit (the window closed).
    pub fn stop(&self) {
        if let State::Running(job) = &self.state {
            job.cancel();
        }
    }

    /// Collects a finished fit.
    fn poll(&mut self) {
        let State::Running(job) = &mut self.state else {
            return;
        };
        let Some(out) = job.poll() else {
            return;
        };
        self.state = State::Idle;
        match out {
            Ok(Some(p)) => self.state = State::Review(Box::new(p)),
            Ok(None) => self.message = Some("Cancelled: the design is unchanged.".into()),
            Err(failed) => self.message = Some(failed.to_string()),
        }
    }

    /// The proposal on the map, over the current drawing of `design`.
    pub fn overlay(&self, design: &GameFile) -> Option<Overlay> {
        let State::Review(p) = &self.state else {
            return None;
        };
        let drawing =
            super::families::editor(design.family).fit_proposal(design, &p.fitted.design)?;
        Some(Overlay {
            proposal: Some(Arc::new(drawing)),
            ..Overlay::default()
        })
    }

    /// The window's contents, for the design at `generation`: what the
    /// designer asked for.
    pub fn ui(&mut self, ui: &mut Ui, generation: u64) -> Action {
        self.poll();
        if let Some(m) = &self.message {
            ui.label(m);
        }
        match &self.state {
            State::Idle => {
                anchor_ui(ui, &mut self.options);
                if ui
                    .button("Fit again")
                    .on_hover_text("Run the layout fit on the design as it is now")
                    .clicked()
                {
                    return Action::Restart;
                }
                Action::None
            }
            State::Running(job) => {
                let p = job.progress();
                ui.add(
                    egui::ProgressBar::new(p.done as f32 / p.total.max(1) as f32)
                        .text(format!("fitting: {}%", p.done * 100 / p.total.max(1))),
                );
                if job.cancelling() {
                    ui.label("Stopping…");
                } else if ui
                    .button("Cancel")
                    .on_hover_text("Stop the fit; the design stays as it is")
                    .clicked()
                {
                    job.cancel();
                }
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_millis(200));
                Action::None
            }
            State::Review(p) => {
                figures_ui(ui, &p.fitted);
                let stale = p.generation != generation;
                if stale {
                    ui.colored_label(
                        Color32::from_rgb(200, 90, 0),
                        "The design changed since this fit: fit again to accept.",
                    );
                }
                let mut action = Action::None;
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(!stale, egui::Button::new("Accept layout"))
                        .on_hover_text("Move the cities and bends as proposed (one undo step)")
                        .clicked()
                    {
                        action = Action::Accept;
                    }
                    if ui
                        .button("Discard layout")
                        .on_hover_text("Leave the design as it is")
                        .clicked()
                    {
                        action = Action::Discard;
                    }
                });
                action
            }
        }
    }

    /// Takes the proposal out of the window (accepted or discarded).
    fn take(&mut self) -> Option<Box<Proposal>> {
        match std::mem::take(&mut self.state) {
            State::Review(p) => Some(p),
            other => {
                self.state = other;
                None
            }
        }
    }
}

/// What a frame of the window asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Nothing.
    None,
    /// Apply the proposal.
    Accept,
    /// Drop the proposal.
    Discard,
    /// Fit the design again.
    Restart,
}

/// The one option a designer sets: how strongly cities hold their places.
fn anchor_ui(ui: &mut Ui, options: &mut FitOptions) {
    super::panels::labelled(ui, "Hold places", |ui| {
        ui.add(egui::Slider::new(&mut options.anchor, 0.0..=1.0))
            .on_hover_text(
                "How strongly places keep their positions against their routes' lengths (0: not at all)",
            )
    });
}

/// The proposal's figures, before → after, in the words of the family's
/// map; the figures of routes fitting their car counts where its routes have
/// them.
fn figures_ui(ui: &mut Ui, fitted: &LaidOut) {
    let r = &fitted.report;
    egui::Grid::new("fit figures").striped(true).show(ui, |ui| {
        ui.label("Overlaps");
        ui.label(format!("{} -> {}", r.overlaps.0, r.overlaps.1));
        ui.end_row();
        if fitted.fits_lengths {
            ui.label("Routes crossing");
            ui.label(format!("{} -> {}", r.crossings.0, r.crossings.1));
            ui.end_row();
            ui.label("Routes off their car count");
            ui.label(format!("{} -> {}", r.lengths_off.0, r.lengths_off.1));
            ui.end_row();
        }
        ui.label(format!("Moved {}", fitted.places));
        ui.label(format!(
            "{} (mean {:.1} mm, largest {:.1} mm)",
            r.moved, r.mean_move, r.max_move
        ));
        ui.end_row();
        if fitted.fits_lengths {
            ui.label("Locked");
            ui.label(r.locked.to_string());
            ui.end_row();
            ui.label("Bent");
            ui.label(r.bent.to_string());
            ui.end_row();
        }
    });
}

/// Millimetre points as the canvas takes them.
pub(crate) fn pt(v: board_layout::V2) -> Pos2 {
    pos2(v.x, v.y)
}

/// Each place that moves: (now, then).
pub(crate) fn moves(now: &[board_layout::V2], then: &[board_layout::V2]) -> Vec<(Pos2, Pos2)> {
    now.iter()
        .zip(then)
        .filter(|(a, b)| a.dist(**b) > 0.05)
        .map(|(a, b)| (pt(*a), pt(*b)))
        .collect()
}

/// Copies the positions and bends of `from` into `to` (same objects in the
/// same order; nothing else changes).
fn copy_positions(from: &GameFile, to: &mut GameFile) {
    let at = |p: &Point| Point { x: p.x, y: p.y };
    for (t, f) in to.cities.iter_mut().zip(&from.cities) {
        (t.x, t.y) = (f.x, f.y);
    }
    for (t, f) in to.routes.iter_mut().zip(&from.routes) {
        t.bends.0 = f.bends.0.iter().map(at).collect();
    }
    for (t, f) in to.stations.iter_mut().zip(&from.stations) {
        (t.x, t.y) = (f.x, f.y);
    }
    for (t, f) in to.junctions.iter_mut().zip(&from.junctions) {
        (t.x, t.y) = (f.x, f.y);
    }
    for (t, f) in to.tracks.iter_mut().zip(&from.tracks) {
        t.bends.0 = f.bends.0.iter().map(at).collect();
    }
}

impl super::studio::Studio {
    /// View → Fit layout: starts a fit of the design as it is.
    pub(crate) fn start_fit_layout(&mut self, ctx: &egui::Context) {
        let generation = self.doc.generation();
        self.fit_layout.start(&self.doc.design, generation, ctx);
    }

    /// The Fit layout window; an accepted proposal is one undoable edit.
    pub(crate) fn fit_layout_window(&mut self, ctx: &egui::Context) {
        if !self.fit_layout.open {
            return;
        }
        if std::mem::take(&mut self.fit_layout.pending) {
            self.fit_layout.stop();
            self.start_fit_layout(ctx);
        }
        let mut open = true;
        let mut action = Action::None;
        let generation = self.doc.generation();
        let window = &mut self.fit_layout;
        egui::Window::new("Fit layout")
            .open(&mut open)
            .default_width(360.0)
            .show(ctx, |ui| action = window.ui(ui, generation));
        match action {
            Action::Accept => {
                if let Some(p) = self.fit_layout.take() {
                    let (design, report) = (&p.fitted.design, &p.fitted.report);
                    let what = format!("Fit layout: {} moved", report.moved);
                    self.doc.edit(&what, |d| copy_positions(design, d));
                    self.status = format!(
                        "Accepted: {what}; overlaps {} -> {}",
                        report.overlaps.0, report.overlaps.1
                    );
                }
            }
            Action::Discard => {
                self.fit_layout.take();
                self.status = "Fit layout discarded: the design is unchanged".into();
            }
            Action::Restart => self.start_fit_layout(ctx),
            Action::None => {}
        }
        if !open {
            self.fit_layout.stop();
            self.fit_layout.take();
            self.fit_layout.open = false;
        }
    }
}
