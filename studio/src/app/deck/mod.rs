//! Tickets → Build a deck…: the engine's deck builder
//! ([`engine::board_game::deck`]) on a worker thread. The designer sets the
//! options (each with the default the official decks give), watches the
//! progress and may cancel (keeping the best deck so far), then sees the
//! proposed deck on the map and beside the current one — figures, a length
//! histogram, each ticket's simulated completion — and accepts it all, the
//! ticked tickets only, or discards it. Accepting is one undo step.

mod view;

use std::sync::{Arc, Mutex};

use egui::{Color32, Ui};
use engine::board_game::deck::{
    self, BandEdges, DeckError, DeckOptions, DeckProgress, DeckResult, EDGES, Effort, PointsRule,
};
use formats::{GameFile, TicketSpec};

use super::canvas::paint::Overlay;
use super::job::Job;

/// The proposed deck on the map.
pub const PROPOSED: Color32 = Color32::from_rgb(150, 60, 200);

/// The options as the designer sets them.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Set the number of regular tickets (otherwise scaled to the map).
    pub set_count: bool,
    /// Regular tickets, when set.
    pub count: usize,
    /// Short tickets end here (fraction of the diameter).
    pub short_below: f64,
    /// Long tickets start here (fraction of the diameter).
    pub long_from: f64,
    /// Most tickets naming one place (0: the default for the map).
    pub max_per_city: usize,
    /// Hubs may be named more often.
    pub hubs: bool,
    /// Set the long tickets (otherwise as the rules deal them).
    pub set_long: bool,
    /// Long tickets, when set.
    pub long_count: usize,
    /// Shortest long ticket (fraction of the diameter), when set.
    pub long_min: f64,
    /// Longest long ticket (fraction of the diameter), when set.
    pub long_max: f64,
    /// Tickets that stay, one `From - To` per line.
    pub locked: String,
    /// `shortest` or `linear:A,B`.
    pub points: String,
    /// Let the simulation move points.
    pub adjust_points: bool,
    /// Choose among decks by simulation.
    pub simulate: bool,
    /// Generations of the search.
    pub generations: u32,
    /// Games per player count at the first rung.
    pub games: u32,
    /// Games per player count of the check and the completion figures.
    pub check_games: u32,
    /// The seed.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        let effort = Effort::default();
        Settings {
            set_count: false,
            count: 30,
            short_below: EDGES.short_below,
            long_from: EDGES.long_from,
            max_per_city: 0,
            hubs: true,
            set_long: false,
            long_count: 0,
            long_min: 0.7,
            long_max: 1.0,
            locked: String::new(),
            points: "shortest".into(),
            adjust_points: false,
            simulate: true,
            generations: effort.generations,
            games: effort.games,
            check_games: effort.check_games,
            seed: 1,
        }
    }
}

/// Why a deck build did not start (the window says so).
#[derive(Debug, thiserror::Error)]
pub enum NotStarted {
    /// The points rule does not read (the engine's words for it).
    #[error("{0}")]
    Points(String),
    /// The options ask for what the design cannot give.
    #[error("{0}")]
    Options(#[from] deck::DeckError),
}

impl Settings {
    /// The engine's options and effort, or what is wrong with them.
    pub fn options(&self) -> Result<(DeckOptions, Effort), NotStarted> {
        let points = PointsRule::parse(&self.points).map_err(NotStarted::Points)?;
        let options = DeckOptions {
            count: self.set_count.then_some(self.count),
            edges: BandEdges {
                short_below: self.short_below,
                long_from: self.long_from,
            },
            shares: None,
            max_per_city: (self.max_per_city > 0).then_some(self.max_per_city),
            hubs: self.hubs,
            long_count: self.set_long.then_some(self.long_count),
            long_min: self.set_long.then_some(self.long_min),
            long_max: self.set_long.then_some(self.long_max),
            locked: self
                .locked
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect(),
            points,
            adjust_points: self.adjust_points,
            seed: self.seed,
        };
        let effort = Effort {
            simulate: self.simulate,
            generations: self.generations,
            games: self.games.max(1),
            check_games: self.check_games.max(1),
            // The finals on ten times the check's games (2,000 by default).
            final_games: self.check_games.max(1).saturating_mul(10),
            ..Effort::default()
        };
        Ok((options, effort))
    }
}

/// Where the window is.
#[derive(Default)]
enum State {
    /// Options shown.
    #[default]
    Idle,
    /// The build runs.
    Running {
        progress: Arc<Mutex<Option<DeckProgress>>>,
        job: Job<Result<DeckResult, DeckError>>,
    },
    /// A deck to accept or discard.
    Review(Box<Review>),
}

/// A proposed deck.
struct Review {
    result: DeckResult,
    /// Which proposed tickets are ticked.
    keep: Vec<bool>,
    summary: String,
}

/// What the window asks the studio to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// Replace the design's tickets with these, as one undo step.
    Accept {
        /// The new deck.
        tickets: Vec<TicketSpec>,
        /// What the step is, for the undo history.
        what: String,
    },
}

/// The Build a deck window.
#[derive(Default)]
pub struct DeckWindow {
    /// Whether it is open.
    pub open: bool,
    /// The options.
    pub settings: Settings,
    state: State,
    error: Option<String>,
    /// The proposed ticket shown on the map (hovered, else the first) and
    /// the routes of its shortest path.
    shown: Option<(usize, Vec<usize>)>,
}

impl DeckWindow {
    /// Whether a build is running.
    pub fn running(&self) -> bool {
        matches!(self.state, State::Running { .. })
    }

    /// Where the running build is, as last reported.
    pub fn progress(&self) -> Option<DeckProgress> {
        match &self.state {
            State::Running { progress, .. } => progress.lock().ok().and_then(|p| p.clone()),
            _ => None,
        }
    }

    /// The proposed deck, while one is shown.
    pub fn proposal(&self) -> Option<&DeckResult> {
        match &self.state {
            State::Review(r) => Some(&r.result),
            _ => None,
        }
    }

    /// The last error shown.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Starts a build on `design`.
    fn start(&mut self, design: &GameFile, ctx: &egui::Context) -> Result<(), NotStarted> {
        let (options, effort) = self.settings.options()?;
        // Bad options are named now, not after a search.
        let space = deck::Space::of(design, options.seed);
        deck::Plan::new(design, &space, &options)?;
        let progress = Arc::new(Mutex::new(None));
        let job = {
            let (progress, design, ctx) = (progress.clone(), design.clone(), ctx.clone());
            let wake = ctx.clone();
            Job::start(
                "deck",
                0,
                move || wake.request_repaint(),
                move |worker| {
                    deck::build(
                        &design,
                        &options,
                        &effort,
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
        self.state = State::Running { progress, job };
        self.shown = None;
        Ok(())
    }

    /// Collects a finished build.
    fn poll(&mut self) {
        let State::Running { job, .. } = &mut self.state else {
            return;
        };
        let Some(out) = job.poll() else {
            return;
        };
        self.state = State::Idle;
        match out {
            Ok(Ok(result)) => {
                let summary = match &result.search {
                    Some(s) => format!(
                        "{} after {} ({} games): {}; {} kept.",
                        if s.cancelled { "Stopped" } else { "Done" },
                        engine::words::count(s.generations, "generation"),
                        engine::sim::findings::thousands(s.games),
                        s.stop,
                        engine::words::count(s.changes.len(), "swap"),
                    ),
                    None => "Built from static scores (no simulation).".into(),
                };
                let keep = vec![true; result.design.tickets.len()];
                self.state = State::Review(Box::new(Review {
                    result,
                    keep,
                    summary,
                }));
            }
            Ok(Err(e)) => self.error = Some(e.to_string()),
            Err(failed) => self.error = Some(failed.to_string()),
        }
    }

    /// The proposed deck on the map: every city it names lit, the shown
    /// ticket's shortest path in purple.
    pub fn overlay(&self, design: &GameFile) -> Option<Overlay> {
        let State::Review(r) = &self.state else {
            return None;
        };
        let mut o = Overlay::default();
        let tickets = &r.result.design.tickets;
        for (i, c) in design.cities.iter().enumerate() {
            let named = |t: &TicketSpec| {
                [&t.from, &t.to]
                    .into_iter()
                    .any(|e| *e == c.name || c.country.as_ref() == Some(e))
            };
            if tickets.iter().any(named) {
                o.lit_cities.insert(i);
            }
        }
        if let Some((t, routes)) = &self.shown
            && let Some(ticket) = tickets.get(*t)
        {
            for &i in routes {
                o.route_colors.insert(i, PROPOSED);
                o.route_weights.insert(i, 2.0);
                o.route_notes.insert(
                    i,
                    format!(
                        "{} ({})",
                        ticket.display_name(),
                        engine::words::count(ticket.points, "point")
                    ),
                );
            }
        }
        Some(o)
    }

    /// Shows ticket `t` of the proposal on the map.
    fn show(&mut self, t: usize) {
        if self.shown.as_ref().is_some_and(|s| s.0 == t) {
            return;
        }
        let State::Review(r) = &self.state else {
            return;
        };
        let Some(ticket) = r.result.design.tickets.get(t) else {
            return;
        };
        let routes =
            engine::board_game::analysis::shortest_path(&r.result.design, &ticket.from, &ticket.to)
                .map(|p| p.routes)
                .unwrap_or_default();
        self.shown = Some((t, routes));
    }

    /// The window's contents; returns what to apply.
    pub fn ui(&mut self, ui: &mut Ui, design: &GameFile) -> Option<Request> {
        self.poll();
        if let Some(e) = &self.error {
            ui.colored_label(Color32::from_rgb(220, 50, 50), e.replace('≤', "<="));
        }
        match &self.state {
            State::Idle => {
                if ui.button("Build deck").clicked() {
                    self.error = self.start(design, ui.ctx()).err().map(|e| e.to_string());
                }
                view::settings_ui(ui, &mut self.settings);
                None
            }
            State::Running { progress, job } => {
                let p = progress.lock().ok().and_then(|p| p.clone());
                match p {
                    Some(p) => {
                        ui.add(egui::ProgressBar::new(p.fraction()).text(p.describe()));
                    }
                    None => {
                        ui.spinner();
                    }
                }
                if job.cancelling() {
                    ui.label("Stopping: keeping the best deck so far…");
                } else if ui
                    .button("Cancel")
                    .on_hover_text("Stop the search and keep the best deck so far")
                    .clicked()
                {
                    job.cancel();
                }
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_millis(200));
                None
            }
            State::Review(_) => self.review_ui(ui),
        }
    }

    fn review_ui(&mut self, ui: &mut Ui) -> Option<Request> {
        let State::Review(r) = &mut self.state else {
            return None;
        };
        let mut request = None;
        let mut discard = false;
        ui.horizontal(|ui| {
            if ui.button("Accept all").clicked() {
                request = Some(Request::Accept {
                    what: format!(
                        "Build a deck: {}",
                        engine::words::count(r.result.design.tickets.len(), "ticket")
                    ),
                    tickets: r.result.design.tickets.clone(),
                });
            }
            let ticked = r.keep.iter().filter(|k| **k).count();
            if ui
                .add_enabled(ticked > 0, egui::Button::new("Accept selected"))
                .on_hover_text("The deck becomes the ticked tickets (locked tickets stay)")
                .clicked()
            {
                let locked = r.result.plan.locked.len();
                let tickets: Vec<TicketSpec> = r
                    .result
                    .design
                    .tickets
                    .iter()
                    .zip(&r.keep)
                    .enumerate()
                    .filter(|(i, (_, k))| **k || *i < locked)
                    .map(|(_, (t, _))| t.clone())
                    .collect();
                request = Some(Request::Accept {
                    what: format!(
                        "Build a deck: {}",
                        engine::words::count(tickets.len(), "ticket")
                    ),
                    tickets,
                });
            }
            if ui.button("Discard").clicked() {
                discard = true;
            }
        });
        let hovered = view::review_ui(ui, &r.result, &mut r.keep, &r.summary);
        if request.is_some() || discard {
            self.state = State::Idle;
            self.shown = None;
        } else {
            self.show(hovered.unwrap_or(0));
        }
        request
    }

    /// Stops a running build (the window closed).
    pub fn stop(&self) {
        if let State::Running { job, .. } = &self.state {
            job.cancel();
        }
    }
}

impl super::studio::Studio {
    /// The Build a deck window; an accepted deck is one undoable edit.
    pub(crate) fn deck_window(&mut self, ctx: &egui::Context) {
        if !self.deck.open {
            return;
        }
        let mut open = true;
        let mut request = None;
        let design = &self.doc.design;
        let window = &mut self.deck;
        egui::Window::new("Build a deck")
            .open(&mut open)
            .default_width(980.0)
            .scroll(true)
            .show(ctx, |ui| request = window.ui(ui, design));
        if let Some(Request::Accept { tickets, what }) = request {
            self.doc.edit(&what, |d| {
                let before = d.clone();
                d.tickets = tickets;
                engine::diagnostics::allow::drop_made_stale(&before, d);
            });
            self.status = format!("Accepted: {what}");
        }
        if !open {
            self.deck.stop();
            self.deck.open = false;
        }
    }
}
