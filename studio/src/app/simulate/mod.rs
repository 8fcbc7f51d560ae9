//! The Simulate window: thousands of bot games on the design as it is now,
//! run in the background, their report drawn on the map, in tables and charts.
//!
//! One job per module: [`setup`] (the form and the engine configuration),
//! [`run`] (the background job, progress and ETA), [`heat`] (the map
//! overlay and its notes), [`charts`], [`tables`], [`findings`], [`compare`]
//! (before and after a baseline) and [`export`] (JSON and CSV). This module
//! holds the window's state and lays the pages out; the numbers shown come
//! from the pure functions of those modules.

pub mod charts;
pub mod compare;
pub mod export;
pub mod findings;
pub mod heat;
pub mod run;
pub mod setup;
pub mod tables;
#[cfg(test)]
mod testing;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use egui::{Color32, Context, ProgressBar, RichText, Ui, pos2, vec2};
use engine::board::Place;
use engine::board_game::sim::BoardReport;
use engine::sim::findings::thousands;
use engine::sim::report::PlayerCountReport;
use engine::sim::{Progress, SimReport};
use engine::{Board, sim::stats::pct};

use self::heat::HeatMode;
use self::run::Job;
use self::setup::Setup;
use self::tables::TicketTable;
use super::canvas::paint::Overlay;
use super::selection::Obj;
use super::studio::Studio;

/// A finished simulation.
#[derive(Clone)]
pub struct Results {
    /// The engine's report.
    pub report: SimReport<BoardReport>,
    /// The board it was played on (the design as it was then).
    pub board: Arc<Board>,
    /// The document version it was played on.
    pub generation: u64,
    /// Wall time from Run to the report.
    pub elapsed: Duration,
}

impl Results {
    /// The section of `players`, if simulated.
    pub fn section(&self, players: usize) -> Option<&PlayerCountReport<BoardReport>> {
        self.report.by_players.iter().find(|s| s.players == players)
    }
}

/// A page of the results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    /// The heatmap's switches and legend.
    #[default]
    Heatmap,
    /// Win rates by seat and by bot.
    WinRates,
    /// Score distributions.
    Scores,
    /// Game length and end reasons.
    GameLength,
    /// Ticket completion.
    Tickets,
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
        Page::Heatmap,
        Page::WinRates,
        Page::Scores,
        Page::GameLength,
        Page::Tickets,
        Page::Findings,
        Page::Compare,
        Page::Export,
    ];

    /// The tab's label.
    pub fn label(self) -> &'static str {
        match self {
            Page::Heatmap => "Heatmap",
            Page::WinRates => "Win rates",
            Page::Scores => "Scores",
            Page::GameLength => "Game length",
            Page::Tickets => "Ticket table",
            Page::Findings => "Findings",
            Page::Compare => "Compare",
            Page::Export => "Export",
        }
    }
}

/// What the window asks of the studio.
enum Action {
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
    /// The latest results.
    pub results: Option<Results>,
    /// Results kept to compare with.
    pub baseline: Option<Results>,
    /// The player count whose results are shown.
    pub players: Option<usize>,
    /// What the route colours show.
    pub mode: HeatMode,
    /// Hide the heatmap (the map shows the design's own colours).
    pub hide_heatmap: bool,
    /// The page shown.
    pub page: Page,
    /// The ticket table.
    pub tickets: TicketTable,
    /// The last message (done, cancelled, why not, where files went).
    pub message: String,
    job: Option<Job>,
    job_generation: u64,
    json_path: String,
    csv_path: String,
    overlay: Option<Overlay>,
}

impl SimulateWindow {
    /// What the results draw over the map (while the window is open).
    pub fn overlay(&self) -> Option<Overlay> {
        if !self.open || self.hide_heatmap {
            return None;
        }
        self.overlay.clone()
    }

    /// Is a simulation under way?
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Games done so far in the run under way.
    pub fn progress(&self) -> Option<Progress> {
        self.job.as_ref().map(Job::progress)
    }

    /// The section shown.
    pub fn section(&self) -> Option<&PlayerCountReport<BoardReport>> {
        let r = self.results.as_ref()?;
        self.players
            .and_then(|p| r.section(p))
            .or_else(|| r.report.by_players.first())
    }

    /// Rebuilds the map overlay from the section shown, the mode and the
    /// selected ticket.
    fn refresh_overlay(&mut self) {
        let Some(r) = &self.results else {
            self.overlay = None;
            return;
        };
        let Some(s) = self.section() else {
            self.overlay = None;
            return;
        };
        let mut o = heat::overlay(s, self.mode, &r.report.bots);
        if let Some(t) = self.tickets.selected {
            o.lit_cities.extend(ticket_cities(&r.board, t));
        }
        self.overlay = Some(o);
    }

    /// Starts a run on `design` (version `generation`), or says why not.
    fn start(&mut self, ctx: &Context, design: &formats::GameFile, generation: u64) {
        match setup::config(design, &self.setup) {
            Ok(config) => {
                let wake = ctx.clone();
                self.job = Some(Job::start(config, move || wake.request_repaint()));
                self.job_generation = generation;
                self.message.clear();
            }
            Err(e) => self.message = e,
        }
    }

    /// Takes the report of a finished run.
    fn poll(&mut self) {
        let Some(job) = &mut self.job else { return };
        let Some(out) = job.poll() else { return };
        let elapsed = job.elapsed();
        let board = job.config().design.clone();
        self.job = None;
        match out {
            Ok(report) => {
                let games: u64 = report.by_players.iter().map(|s| s.games).sum();
                self.message = if report.cancelled {
                    format!(
                        "Run cancelled after {} games; the report covers the games finished.",
                        thousands(games)
                    )
                } else {
                    format!(
                        "Done: {} games in {}.",
                        thousands(games),
                        run::duration(elapsed)
                    )
                };
                if report.cancelled && games == 0 {
                    self.message = "Run cancelled before any game finished; no report.".to_owned();
                    return;
                }
                if self
                    .players
                    .is_none_or(|p| !report.by_players.iter().any(|s| s.players == p))
                {
                    self.players = report.by_players.first().map(|s| s.players);
                }
                self.tickets.selected = None;
                self.results = Some(Results {
                    report,
                    board,
                    generation: self.job_generation,
                    elapsed,
                });
                self.refresh_overlay();
            }
            Err(e) => self.message = format!("The simulation could not run: {e}"),
        }
    }

    /// Draws the window's contents; returns what the studio should do.
    fn ui(&mut self, ui: &mut Ui, doc: &super::document::Document) -> Vec<Action> {
        let mut actions = Vec::new();
        let running = self.job.is_some();
        ui.add_enabled_ui(!running, |ui| {
            setup::ui(ui, &mut self.setup, setup::allowed_players(&doc.design));
        });
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!running, egui::Button::new("Run"))
                .on_hover_text("Simulate the design as it is now")
                .clicked()
            {
                self.start(ui.ctx(), &doc.design, doc.generation());
            }
            if ui
                .add_enabled(running, egui::Button::new("Cancel"))
                .clicked()
                && let Some(j) = &self.job
            {
                j.cancel();
            }
        });
        if let Some(job) = &self.job {
            let p = job.progress();
            let frac = p.done as f32 / p.total.max(1) as f32;
            let text = if job.cancelling() {
                "Cancelling…".to_owned()
            } else {
                run::progress_text(p, job.elapsed())
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
        if self.results.is_none() {
            return actions;
        }
        ui.separator();
        self.header(ui, doc.generation());
        ui.horizontal_wrapped(|ui| {
            for p in Page::ALL {
                ui.selectable_value(&mut self.page, p, p.label());
            }
        });
        ui.separator();
        match self.page {
            Page::Heatmap => self.heatmap_page(ui),
            Page::WinRates => self.win_rates_page(ui),
            Page::Scores => self.scores_page(ui),
            Page::GameLength => self.game_length_page(ui),
            Page::Tickets => {
                let mut table = std::mem::take(&mut self.tickets);
                let clicked = self.section().and_then(|s| table.ui(ui, s));
                self.tickets = table;
                if let Some(t) = clicked {
                    self.refresh_overlay();
                    if let Some(r) = &self.results {
                        let cities = ticket_cities(&r.board, t)
                            .into_iter()
                            .map(Obj::City)
                            .collect();
                        actions.push(Action::Select(cities));
                    }
                }
            }
            Page::Findings => {
                if let Some(r) = &self.results
                    && let Some(objs) = findings::ui(ui, &r.report.findings, self.players)
                {
                    actions.push(Action::Select(objs));
                }
            }
            Page::Compare => self.compare_page(ui),
            Page::Export => self.export_page(ui, doc.path.as_deref()),
        }
        actions
    }

    /// What was simulated, and the player-count selector.
    fn header(&mut self, ui: &mut Ui, generation: u64) {
        let Some(r) = &self.results else { return };
        let rep = &r.report;
        ui.label(
            RichText::new(format!(
                "{} — {} games per player count, seed {}, bots {} ({})",
                rep.design,
                thousands(u64::from(rep.games_requested)),
                rep.seed,
                rep.bots.join(", "),
                run::duration(r.elapsed)
            ))
            .strong(),
        );
        if rep.cancelled {
            ui.label(
                RichText::new("This run was cancelled: the report covers the games finished.")
                    .color(Color32::from_rgb(200, 120, 0)),
            );
        }
        if r.generation != generation {
            ui.label(
                RichText::new("The design has changed since this run; Run again to update.").weak(),
            );
        }
        let counts: Vec<usize> = rep.by_players.iter().map(|s| s.players).collect();
        if counts.len() > 1 {
            let mut changed = false;
            ui.horizontal(|ui| {
                ui.label("Results for:");
                for p in counts {
                    let on = self.players == Some(p);
                    if ui.selectable_label(on, format!("{p} players")).clicked() && !on {
                        self.players = Some(p);
                        changed = true;
                    }
                }
            });
            if changed {
                self.tickets.selected = None;
                self.refresh_overlay();
            }
        }
        if let Some(s) = self.section() {
            ui.label(format!(
                "{} players: {} games.",
                s.players,
                thousands(s.games)
            ));
        }
    }

    fn heatmap_page(&mut self, ui: &mut Ui) {
        let mut show = !self.hide_heatmap;
        ui.checkbox(&mut show, "Show heatmap on the map");
        self.hide_heatmap = !show;
        let before = self.mode;
        ui.horizontal(|ui| {
            ui.label("Route colour:");
            for m in [HeatMode::ClaimRate, HeatMode::MeanTurn] {
                ui.radio_value(&mut self.mode, m, m.label());
            }
        });
        if self.mode != before {
            self.refresh_overlay();
        }
        let Some(s) = self.section() else { return };
        let (cold, hot, lines) = heat::legend(s, self.mode);
        ui.horizontal(|ui| {
            ui.label(cold);
            let (rect, _) = ui.allocate_exact_size(vec2(180.0, 14.0), egui::Sense::hover());
            let steps = 36;
            for k in 0..steps {
                let t0 = k as f32 / steps as f32;
                let x0 = rect.min.x + rect.width() * t0;
                let x1 = rect.min.x + rect.width() * (k + 1) as f32 / steps as f32;
                ui.painter().rect_filled(
                    egui::Rect::from_min_max(pos2(x0, rect.min.y), pos2(x1 + 0.5, rect.max.y)),
                    0.0,
                    heat::ramp(t0 + 0.5 / steps as f32),
                );
            }
            ui.label(hot);
        });
        for l in lines {
            ui.label(l);
        }
        let never = s.family.map.never_claimed.len();
        ui.label(format!(
            "{never} of {} routes never claimed; mean game {:.1} turns.",
            s.family.map.routes.len(),
            s.pace.turns.mean
        ));
        let mut routes: Vec<_> = s.family.map.routes.iter().collect();
        routes.sort_by(|a, b| b.claim_rate.total_cmp(&a.claim_rate));
        ui.label(RichText::new("Most claimed").strong());
        for r in routes.iter().take(5) {
            ui.label(format!("{} — {}", r.name, pct(r.claim_rate)));
        }
    }

    fn win_rates_page(&self, ui: &mut Ui) {
        let Some(s) = self.section() else { return };
        ui.label(
            RichText::new("Win rate by seat (bars: 95% intervals; green: fair share)").strong(),
        );
        charts::rate_chart(
            ui,
            "sim-seat-wins",
            &charts::seat_bars(s),
            Some(1.0 / s.players as f64),
            Color32::from_rgb(90, 140, 200),
        );
        tables::outcome_table(ui, "sim-seat-table", "Seat", "Games", &tables::seat_rows(s));
        ui.label(format!(
            "First-player advantage {:+.1} points; balance {:.3} (1 = every seat wins equally often).",
            s.metrics.first_player_advantage * 100.0,
            s.metrics.balance
        ));
        ui.separator();
        ui.label(RichText::new("Win rate by bot (per seat played)").strong());
        charts::rate_chart(
            ui,
            "sim-bot-wins",
            &charts::bot_bars(s),
            Some(1.0 / s.players as f64),
            Color32::from_rgb(200, 130, 70),
        );
        tables::outcome_table(
            ui,
            "sim-bot-table",
            "Bot",
            "Seats played",
            &tables::bot_rows(s),
        );
    }

    fn scores_page(&self, ui: &mut Ui) {
        let Some(s) = self.section() else { return };
        ui.label(
            RichText::new(
                "Final scores by seat and bot (boxes: quartiles; whiskers: 10th–90th percentile)",
            )
            .strong(),
        );
        let (seats, bots) = charts::score_boxes(s);
        let blue = Color32::from_rgb(90, 140, 200);
        charts::box_chart(ui, "sim-seat-scores", &seats, blue);
        charts::box_chart(ui, "sim-bot-scores", &bots, Color32::from_rgb(200, 130, 70));
        ui.label(RichText::new("All final scores").strong());
        charts::histogram_chart(
            ui,
            "sim-score-histogram",
            &s.scores.histogram,
            "score",
            Color32::from_rgb(90, 140, 200),
        );
        let t = &s.scores.total;
        let parts: Vec<String> = s
            .scores
            .components
            .iter()
            .filter(|(_, mean)| **mean != 0.0)
            .map(|(name, mean)| format!("{} {mean:.1}", name.replace('_', " ")))
            .collect();
        ui.label(format!(
            "Mean {:.1} (sd {:.1}), median {:.0}; winners {:.1}, margin {:.1}. Per player: {}.",
            t.mean,
            t.sd,
            t.median,
            s.scores.winner.mean,
            s.scores.margin.mean,
            parts.join(", ")
        ));
    }

    fn game_length_page(&self, ui: &mut Ui) {
        let Some(s) = self.section() else { return };
        ui.label(RichText::new("Turns per game").strong());
        charts::histogram_chart(
            ui,
            "sim-turns-histogram",
            &s.pace.turns_histogram,
            "turns",
            Color32::from_rgb(110, 160, 110),
        );
        tables::pace_table(ui, s);
    }

    fn compare_page(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            if ui
                .button("Keep as baseline")
                .on_hover_text("Keep these results; edit the design, Run again, and compare here.")
                .clicked()
            {
                self.baseline = self.results.clone();
            }
            if self.baseline.is_some() && ui.button("Forget baseline").clicked() {
                self.baseline = None;
            }
        });
        let (Some(base), Some(now)) = (&self.baseline, &self.results) else {
            ui.label("Keep these results as a baseline, edit the design and Run again to compare.");
            return;
        };
        let players = self.players.unwrap_or_default();
        let (Some(b), Some(a)) = (base.section(players), now.section(players)) else {
            ui.label(format!("The baseline has no {players}-player results."));
            return;
        };
        if base.generation == now.generation && base.report == now.report {
            ui.label(
                RichText::new(
                    "These are the baseline's own results; edit the design and Run again.",
                )
                .weak(),
            );
        }
        compare::table(ui, "sim-compare", "Measure", &compare::metrics(b, a));
        ui.separator();
        ui.label(RichText::new("Routes whose claim rate changed most").strong());
        compare::table(
            ui,
            "sim-compare-routes",
            "Route",
            &compare::route_changes(b, a, 10),
        );
    }

    fn export_page(&mut self, ui: &mut Ui, design: Option<&std::path::Path>) {
        if self.json_path.is_empty() || self.csv_path.is_empty() {
            let (json, csv) = export::default_paths(design);
            self.json_path = json.display().to_string();
            self.csv_path = csv.display().to_string();
        }
        let Some(r) = &self.results else { return };
        let mut json = None;
        let mut csv = None;
        let l = ui.label("JSON file");
        ui.add(egui::TextEdit::singleline(&mut self.json_path).desired_width(360.0))
            .labelled_by(l.id);
        if ui.button("Export JSON").clicked() {
            json = Some(export::write_json(
                &r.report,
                &PathBuf::from(&self.json_path),
            ));
        }
        ui.add_space(6.0);
        let l = ui.label("CSV folder");
        ui.add(egui::TextEdit::singleline(&mut self.csv_path).desired_width(360.0))
            .labelled_by(l.id);
        if ui.button("Export CSV").clicked() {
            csv = Some(export::write_csv(&r.report, &PathBuf::from(&self.csv_path)));
        }
        ui.add_space(6.0);
        ui.label(RichText::new("JSON: the report as documented in docs/simulation.md. CSV: routes, tickets and cities tables.").weak());
        if let Some(out) = json {
            self.message = match out {
                Ok(p) => format!("Wrote {}.", p.display()),
                Err(e) => format!("Export failed: {e}"),
            };
        }
        if let Some(out) = csv {
            self.message = match out {
                Ok(files) => format!(
                    "Wrote {}.",
                    files
                        .iter()
                        .map(|p| p.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                Err(e) => format!("Export failed: {e}"),
            };
        }
    }
}

/// The cities at the ends of ticket `t` (each location of a country).
pub fn ticket_cities(board: &Board, t: usize) -> Vec<usize> {
    let Some(ticket) = board.tickets().get(t) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for place in [ticket.from, ticket.to] {
        match place {
            Place::City(c) => out.push(c.index()),
            Place::Country(k) => out.extend(
                board.countries()[k.index()]
                    .locations
                    .iter()
                    .map(|c| c.index()),
            ),
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tickets_cities_are_its_ends() {
        let design = testing::usa();
        let board = Board::build(&design).unwrap();
        let cities = ticket_cities(&board, 0);
        let t = &design.tickets[0];
        let names: Vec<&str> = cities
            .iter()
            .map(|&c| design.cities[c].name.as_str())
            .collect();
        assert_eq!(names, vec![t.from.as_str(), t.to.as_str()]);
        assert!(ticket_cities(&board, 10_000).is_empty());
    }
}
