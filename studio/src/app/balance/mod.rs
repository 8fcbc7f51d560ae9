//! Playtest → Balance…: the engine's balance search ([`engine::balance`]) on
//! a worker thread. The designer sets targets, knobs and locks (the CLI's
//! syntax, read by the engine), watches the best design so far, may stop
//! the search keeping the best, then sees each proposed change on the map
//! and accepts (one undo step each) or rejects it.

use std::sync::{Arc, Mutex};

use egui::{Color32, RichText, Ui};
use engine::balance::{self, BalanceConfig, BalanceProgress, InProcess, Outcome, Proposal};
use formats::GameFile;

use super::canvas::paint::Overlay;
use super::job::Job;
use super::panels::labelled;

/// A proposed change drawn on the map.
pub const PROPOSED: Color32 = Color32::from_rgb(150, 60, 200);

/// The search's settings as the designer types them.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The family the targets and knobs were written for (a design of
    /// another family starts from its own defaults).
    pub family: formats::Family,
    /// Targets, comma-separated (`ticket-value=0.3, first-player-advantage`).
    pub targets: String,
    /// Knobs, comma-separated (`ticket-points, route-colour`).
    pub knobs: String,
    /// Locked objects, one per line.
    pub locks: String,
    /// Games per player count at the first rung.
    pub games: u32,
    /// Generations at most.
    pub generations: u32,
    /// The seed of the search.
    pub seed: u64,
    /// Give up after this many generations without an accepted change (0: never).
    pub patience: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings::for_family(formats::Family::default())
    }
}

impl Settings {
    /// The first settings for a design of `family`: its default targets
    /// and knobs.
    pub fn for_family(family: formats::Family) -> Self {
        let (targets, knobs) = balance::defaults(family);
        Settings {
            family,
            targets: targets.into(),
            knobs: knobs.into(),
            locks: String::new(),
            games: 100,
            generations: 30,
            seed: 1,
            patience: 10,
        }
    }
}

/// Where the window is.
#[derive(Default)]
enum State {
    /// Settings shown, nothing run.
    #[default]
    Idle,
    /// The search runs.
    Running {
        progress: Arc<Mutex<Option<BalanceProgress>>>,
        job: Job<Result<Outcome, balance::BalanceError>>,
        original: Box<GameFile>,
    },
    /// Proposals to accept or reject.
    Review {
        proposals: Vec<Proposal>,
        summary: String,
    },
}

/// What the window asks the studio to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// Apply this proposal as one undoable edit.
    Accept(Proposal),
}

/// The Balance window.
#[derive(Default)]
pub struct BalanceWindow {
    /// Whether it is open.
    pub open: bool,
    /// The settings.
    pub settings: Settings,
    state: State,
    error: Option<String>,
    /// A proposal shown on the map (hovered or the first).
    shown: Option<usize>,
}

/// Why a balance search did not start (the window says so).
#[derive(Debug, thiserror::Error)]
pub enum NotStarted {
    /// A list (targets, knobs) is empty.
    #[error("give at least one {0}")]
    NoneGiven(&'static str),
    /// The design does not build.
    #[error("the design has errors: fix them first (see Diagnostics)")]
    DesignErrors,
    /// A knob, target or lock the design's family cannot honour.
    #[error("{0}")]
    Request(#[from] engine::balance::BalanceError),
}

/// The comma-separated items of `text` (the family reads each).
fn split(text: &str, what: &'static str) -> Result<Vec<String>, NotStarted> {
    let items: Vec<String> = text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    if items.is_empty() {
        return Err(NotStarted::NoneGiven(what));
    }
    Ok(items)
}

impl BalanceWindow {
    /// Whether the search is running.
    pub fn running(&self) -> bool {
        matches!(self.state, State::Running { .. })
    }

    /// Where the running search is, as last reported.
    pub fn progress(&self) -> Option<BalanceProgress> {
        match &self.state {
            State::Running { progress, .. } => progress.lock().ok().and_then(|p| p.clone()),
            _ => None,
        }
    }

    /// The proposals left to review.
    pub fn proposals(&self) -> &[Proposal] {
        match &self.state {
            State::Review { proposals, .. } => proposals,
            _ => &[],
        }
    }

    /// Starts the search on `design` on a worker thread.
    fn start(&mut self, design: &GameFile, ctx: &egui::Context) -> Result<(), NotStarted> {
        let targets = split(&self.settings.targets, "target")?;
        let knobs = split(&self.settings.knobs, "knob")?;
        let locks: Vec<String> = self
            .settings
            .locks
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect();
        engine::families::AnyDesign::build(design).map_err(|_| NotStarted::DesignErrors)?;
        let config = BalanceConfig {
            // Every player count the design allows, the family's default bots.
            players: Vec::new(),
            bots: Vec::new(),
            seed: self.settings.seed,
            threads: 0,
            turn_cap: engine::sim::DEFAULT_TURN_CAP,
            games: self.settings.games.max(1),
            generations: self.settings.generations,
            children: 6,
            check_games: self.settings.games.max(1) * 4,
            patience: self.settings.patience,
            // No finals: the incumbent is chosen.
            finalists: 0,
            final_games: 0,
            judgement: balance::Judgement::Value,
        };
        let request = balance::Request {
            targets,
            knobs,
            locked: locks,
            config,
        };
        // A knob, target or lock the design's family cannot honour is named
        // now, not after a search.
        balance::check_request(design, &request)?;
        let progress = Arc::new(Mutex::new(None));
        let original = Box::new(design.clone());
        let job = {
            let (progress, design, ctx) = (progress.clone(), design.clone(), ctx.clone());
            let wake = ctx.clone();
            Job::start(
                "balance",
                0,
                move || wake.request_repaint(),
                move |worker| {
                    balance::balance_file(
                        &InProcess,
                        &design,
                        &request,
                        &|p| {
                            if let Ok(mut slot) = progress.lock() {
                                *slot = Some(p.clone());
                            }
                            ctx.request_repaint();
                        },
                        worker.cancel_flag(),
                    )
                },
            )
        };
        self.state = State::Running {
            progress,
            job,
            original,
        };
        Ok(())
    }

    /// Collects a finished search.
    fn poll(&mut self) {
        let State::Running { job, .. } = &mut self.state else {
            return;
        };
        let Some(out) = job.poll() else {
            return;
        };
        let State::Running { original, .. } = std::mem::take(&mut self.state) else {
            return;
        };
        match out {
            Ok(Ok(outcome)) => {
                let proposals = balance::proposals_for(&original, &outcome.best);
                let met = outcome
                    .checks
                    .iter()
                    .filter(|c| c.after.iter().all(|m| m.miss == 0.0))
                    .count();
                // A stopped search skips the check on fresh seeds: say so
                // rather than "0 of 0 targets met".
                let checked = if outcome.checks.is_empty() {
                    "The best design so far is not checked on fresh seeds".to_owned()
                } else {
                    format!(
                        "{met} of {} met on fresh seeds",
                        engine::words::count(outcome.checks.len(), "target")
                    )
                };
                let summary = format!(
                    "{} after {} ({}): {}. {checked}{}.",
                    if outcome.cancelled() {
                        "Stopped"
                    } else {
                        "Done"
                    },
                    engine::words::count(outcome.generations, "generation"),
                    engine::words::count_grouped(outcome.games, "game"),
                    outcome.stop,
                    if proposals.is_empty() {
                        "; no change helped"
                    } else {
                        ""
                    }
                );
                self.shown = None;
                self.state = State::Review { proposals, summary };
            }
            Ok(Err(e)) => self.error = Some(e.to_string()),
            Err(failed) => self.error = Some(failed.to_string()),
        }
    }

    /// The proposal shown on the map.
    pub fn overlay(&self, design: &GameFile) -> Option<Overlay> {
        let proposals = self.proposals();
        let p = proposals.get(self.shown.unwrap_or(0))?;
        let mut o = Overlay::default();
        for i in p.routes(design) {
            o.route_colors.insert(i, PROPOSED);
            o.route_weights.insert(i, 2.0);
            o.route_notes.insert(i, p.describe());
        }
        if let Some((a, b)) = p.ticket_ends(design) {
            for (i, c) in design.cities.iter().enumerate() {
                if c.name == a || c.name == b {
                    o.lit_cities.insert(i);
                    o.city_notes.insert(i, p.describe());
                }
            }
        }
        Some(o)
    }

    /// The window's contents; returns a proposal to apply.
    pub fn ui(&mut self, ui: &mut Ui, design: &GameFile) -> Option<Request> {
        self.poll();
        if let Some(e) = &self.error {
            ui.colored_label(Color32::from_rgb(220, 50, 50), e);
        }
        match &self.state {
            State::Idle => {
                self.settings_ui(ui, design.family);
                if ui.button("Run balance").clicked() {
                    self.error = self.start(design, ui.ctx()).err().map(|e| e.to_string());
                }
                None
            }
            State::Running { progress, job, .. } => {
                let p = progress.lock().ok().and_then(|p| p.clone());
                match p {
                    Some(p) => {
                        ui.add(egui::ProgressBar::new(p.fraction()).text(p.describe()));
                        ui.label(format!(
                            "Best so far: loss {:.3} (0: every target met), {}",
                            p.best_loss,
                            engine::words::count_grouped(p.games, "game")
                        ));
                        for c in &p.best_changes {
                            ui.label(format!("• {c}"));
                        }
                    }
                    None => {
                        ui.spinner();
                    }
                }
                if job.cancelling() {
                    ui.label("Stopping: keeping the best design so far…");
                } else if ui
                    .button("Stop")
                    .on_hover_text("Stop the search and keep the best design so far")
                    .clicked()
                {
                    job.cancel();
                }
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_millis(200));
                None
            }
            State::Review { .. } => self.review_ui(ui, design),
        }
    }

    fn settings_ui(&mut self, ui: &mut Ui, family: formats::Family) {
        if self.settings.family != family {
            // Another family's knobs mean nothing here: start from this one's.
            self.settings = Settings {
                games: self.settings.games,
                generations: self.settings.generations,
                seed: self.settings.seed,
                patience: self.settings.patience,
                ..Settings::for_family(family)
            };
        }
        let help = balance::help(family);
        let s = &mut self.settings;
        labelled(ui, "Targets", |ui| ui.text_edit_singleline(&mut s.targets))
            .on_hover_text(format!("Comma-separated targets.\n\n{help}"));
        labelled(ui, "Knobs", |ui| ui.text_edit_singleline(&mut s.knobs))
            .on_hover_text(format!("Comma-separated knobs.\n\n{help}"));
        labelled(ui, "Locks", |ui| ui.text_edit_multiline(&mut s.locks))
            .on_hover_text(format!("One per line.\n\n{help}"));
        ui.collapsing(format!("Knobs and targets of {family} designs"), |ui| {
            ui.label(RichText::new(help.as_str()).monospace());
        });
        labelled(ui, "Games per player count", |ui| {
            ui.add(egui::DragValue::new(&mut s.games).range(1..=100_000))
        });
        labelled(ui, "Generations", |ui| {
            ui.add(egui::DragValue::new(&mut s.generations).range(1..=1000))
        });
        labelled(ui, "Give up after generations without improvement", |ui| {
            ui.add(egui::DragValue::new(&mut s.patience).range(0..=1000))
        })
        .on_hover_text("0: never give up before the last generation");
        labelled(ui, "Seed", |ui| ui.add(egui::DragValue::new(&mut s.seed)));
    }

    fn review_ui(&mut self, ui: &mut Ui, design: &GameFile) -> Option<Request> {
        let State::Review { proposals, summary } = &mut self.state else {
            return None;
        };
        ui.label(summary.as_str());
        // Only a board design's routes and tickets are drawn on its map.
        let on_map = proposals
            .iter()
            .any(|p| !p.routes(design).is_empty() || p.ticket_ends(design).is_some());
        if on_map {
            ui.label(
                RichText::new(
                    "The first (or hovered) change is shown on the map in purple; an accepted one can be undone.",
                )
                .weak(),
            );
        } else if !proposals.is_empty() {
            ui.label(RichText::new("An accepted change can be undone.").weak());
        }
        let mut accept = None;
        let mut reject = None;
        for (i, p) in proposals.iter().enumerate() {
            ui.horizontal(|ui| {
                let r = ui.label(p.describe());
                if r.hovered() {
                    self.shown = Some(i);
                }
                if ui.button("Accept").clicked() {
                    accept = Some(i);
                }
                if ui.button("Reject").clicked() {
                    reject = Some(i);
                }
            });
        }
        let request = accept.map(|i| Request::Accept(proposals.remove(i)));
        if let Some(i) = reject {
            proposals.remove(i);
        }
        if accept.is_some() || reject.is_some() {
            self.shown = None;
        }
        ui.separator();
        if ui.button("New balance run").clicked() {
            self.state = State::Idle;
        }
        request
    }

    /// Stops a running search (the window closed).
    pub fn stop(&self) {
        if let State::Running { job, .. } = &self.state {
            job.cancel();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proposed_route_change_is_drawn_purple_on_its_route() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let design = formats::load(&path).unwrap().design;
        let mut after = design.routes[5].clone();
        after.length += 1;
        let proposal = Proposal::Route {
            before: Box::new(design.routes[5].clone()),
            after: Box::new(after),
        };
        let window = BalanceWindow {
            state: State::Review {
                proposals: vec![proposal],
                summary: String::new(),
            },
            ..BalanceWindow::default()
        };
        let o = window.overlay(&design).unwrap();
        assert_eq!(o.route_colors.get(&5), Some(&PROPOSED));
        assert_eq!(o.route_colors.len(), 1);
        assert!(
            o.route_notes[&5].contains("length"),
            "{}",
            o.route_notes[&5]
        );
        // The engine's words as written: the fallback font draws the arrow.
        assert!(o.route_notes[&5].contains('→'), "{}", o.route_notes[&5]);
    }
}
