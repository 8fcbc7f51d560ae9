//! The runs of one family: the job under way, the latest results, the
//! baseline, the family's page state and the overlay built from them, with
//! the result pages laid out once for every family. The window holds it as
//! a [`LabScreen`]; [`start`] picks the family from the design.

use std::any::Any;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use egui::{Color32, Context, RichText, Ui};
use engine::families::AnyDesign;
use engine::sim::{Measures, Progress};
use engine::words::{count, count_grouped};

use super::family::{PageOut, SectionOf, SimView};
use super::run::{self, Job, ReportOf};
use super::{Action, Page, compare, export, findings, pages, setup};
use crate::app::canvas::paint::Overlay;
use crate::app::families::{self, StudioFamily, StudioVisitor};

/// A finished simulation of family `F`.
pub struct Results<F: SimView> {
    /// The engine's report.
    pub report: ReportOf<F>,
    /// The design it was played on (as it was then).
    pub design: Arc<F::Design>,
    /// The document version it was played on.
    pub generation: u64,
    /// Wall time from Run to the report.
    pub elapsed: Duration,
}

impl<F: SimView> Clone for Results<F> {
    fn clone(&self) -> Self {
        Results {
            report: self.report.clone(),
            design: self.design.clone(),
            generation: self.generation,
            elapsed: self.elapsed,
        }
    }
}

impl<F: SimView> Results<F> {
    /// The section of `players`, if simulated.
    pub fn section(&self, players: usize) -> Option<&SectionOf<F>> {
        self.report.by_players.iter().find(|s| s.players == players)
    }
}

/// The window's choices the result pages share and change.
pub struct Shown<'a> {
    /// The player count shown.
    pub players: &'a mut Option<usize>,
    /// The page shown.
    pub page: &'a mut Page,
    /// The overlay is hidden.
    pub hide_overlay: &'a mut bool,
    /// The window's message line.
    pub message: &'a mut String,
    /// The JSON export path, as typed.
    pub json_path: &'a mut String,
    /// The CSV export folder, as typed.
    pub csv_path: &'a mut String,
}

/// The runs of some family, as the window sees them.
pub trait LabScreen: Any {
    /// The runs as [`Any`], to reach their [`Lab`] by family.
    fn as_any(&self) -> &dyn Any;
    /// The same, to change them.
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// Is a simulation under way?
    fn running(&self) -> bool;
    /// Games done so far, time so far and whether it is being cancelled.
    fn progress(&self) -> Option<(Progress, Duration, bool)>;
    /// Asks the run under way to stop.
    fn cancel(&self);
    /// Takes the report of a finished run; returns the message to show.
    fn poll(&mut self, players: &mut Option<usize>) -> Option<String>;
    /// Are there results to show?
    fn has_results(&self) -> bool;
    /// The overlay built from the results shown.
    fn overlay(&self) -> Option<Overlay>;
    /// The result pages; returns what the studio should do.
    fn results_ui(
        &mut self,
        ui: &mut Ui,
        shown: Shown<'_>,
        generation: u64,
        design_path: Option<&Path>,
    ) -> Vec<Action>;
}

/// The runs of family `F`.
pub struct Lab<F: SimView> {
    /// The latest results.
    pub results: Option<Results<F>>,
    /// Results kept to compare with.
    pub baseline: Option<Results<F>>,
    /// The state of the family's pages.
    pub pages: F::Pages,
    job: Option<Job<F>>,
    job_generation: u64,
    overlay: Option<Overlay>,
}

impl<F: SimView> Default for Lab<F> {
    fn default() -> Self {
        Lab {
            results: None,
            baseline: None,
            pages: F::Pages::default(),
            job: None,
            job_generation: 0,
            overlay: None,
        }
    }
}

/// Starts a run of `setup` on the design `file` as it is now (version
/// `generation`) with its family, in `lab` (replaced when it holds another
/// family's runs), or says why it cannot run.
pub fn start(
    lab: &mut Option<Box<dyn LabScreen>>,
    ctx: &Context,
    file: &formats::GameFile,
    setup: &setup::Setup,
    generation: u64,
) -> Result<(), setup::SetupError> {
    let design = AnyDesign::build(file)
        .map_err(|d| setup::SetupError::DesignErrors(families::errors_text(&d, 3)))?;
    families::visit(
        &design,
        Start {
            lab,
            ctx,
            setup,
            generation,
        },
    )
}

/// [`start`] with the family known.
struct Start<'a> {
    lab: &'a mut Option<Box<dyn LabScreen>>,
    ctx: &'a Context,
    setup: &'a setup::Setup,
    generation: u64,
}

impl StudioVisitor for Start<'_> {
    type Output = Result<(), setup::SetupError>;

    fn visit<F: StudioFamily>(self, design: Arc<F::Design>) -> Self::Output {
        let config = setup::config_for::<F>(design, self.setup)?;
        let same = self.lab.as_ref().is_some_and(|l| l.as_any().is::<Lab<F>>());
        if !same {
            *self.lab = Some(Box::new(Lab::<F>::default()));
        }
        let lab = self
            .lab
            .as_mut()
            .and_then(|l| l.as_any_mut().downcast_mut::<Lab<F>>())
            .expect("the runs of this family were just made");
        let wake = self.ctx.clone();
        lab.job = Some(Job::start(config, self.setup.skill, move || {
            wake.request_repaint()
        }));
        lab.job_generation = self.generation;
        Ok(())
    }
}

/// The section shown of `results`: `players`' if simulated, else the first.
fn section_in<F: SimView>(
    results: Option<&Results<F>>,
    players: Option<usize>,
) -> Option<&SectionOf<F>> {
    let r = results?;
    players
        .and_then(|p| r.section(p))
        .or_else(|| r.report.by_players.first())
}

impl<F: SimView> Lab<F> {
    /// The section shown: `players`' if simulated, else the first.
    pub fn section(&self, players: Option<usize>) -> Option<&SectionOf<F>> {
        section_in(self.results.as_ref(), players)
    }

    /// Rebuilds the map overlay from the section shown and the family's
    /// page state.
    fn refresh_overlay(&mut self, players: Option<usize>) {
        self.overlay = match (&self.results, self.section(players)) {
            (Some(r), Some(s)) => Some(F::overlay(&r.design, s, &r.report.bots, &self.pages)),
            _ => None,
        };
    }

    /// What was simulated, and the player-count selector.
    fn header(&mut self, ui: &mut Ui, players: &mut Option<usize>, generation: u64) {
        let Some(r) = &self.results else { return };
        let rep = &r.report;
        ui.label(
            RichText::new(format!(
                "{} — {} per player count, seed {}, bots {} ({})",
                rep.design,
                count_grouped(u64::from(rep.games_requested), "game"),
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
                    let on = *players == Some(p);
                    if ui.selectable_label(on, count(p, "player")).clicked() && !on {
                        *players = Some(p);
                        changed = true;
                    }
                }
            });
            if changed {
                F::section_changed(&mut self.pages);
                self.refresh_overlay(*players);
            }
        }
        if let Some(s) = self.section(*players) {
            ui.label(format!(
                "{}: {}.",
                count(s.players, "player"),
                count_grouped(s.games, "game")
            ));
        }
    }

    /// Before and after a kept baseline: the shared metrics, then the
    /// family's rows and tables.
    fn compare_page(&mut self, ui: &mut Ui, players: Option<usize>) {
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
        let players = players.unwrap_or_default();
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
        let mut rows = compare::metrics(b, a);
        rows.extend(F::compare_rows(b, a));
        compare::table(ui, "sim-compare", "Measure", &rows);
        for (i, t) in F::compare_tables(b, a).into_iter().enumerate() {
            ui.separator();
            ui.label(RichText::new(t.title).strong());
            compare::table(ui, &format!("sim-compare-family-{i}"), t.first, &t.rows);
        }
    }

    /// JSON and the family's CSV tables to typed paths.
    fn export_page(&mut self, ui: &mut Ui, shown: &mut Shown<'_>, design: Option<&Path>) {
        if shown.json_path.is_empty() || shown.csv_path.is_empty() {
            let (json, csv) = export::default_paths(design);
            *shown.json_path = json.display().to_string();
            *shown.csv_path = csv.display().to_string();
        }
        let Some(r) = &self.results else { return };
        let l = ui.label("JSON file");
        ui.add(egui::TextEdit::singleline(&mut *shown.json_path).desired_width(360.0))
            .labelled_by(l.id);
        if ui.button("Export JSON").clicked() {
            *shown.message =
                match export::write_json(&r.report, &PathBuf::from(&*shown.json_path), design) {
                    Ok(p) => format!("Wrote {}.", p.display()),
                    Err(e) => format!("Export failed: {e}"),
                };
        }
        ui.add_space(6.0);
        let l = ui.label("CSV folder");
        ui.add(egui::TextEdit::singleline(&mut *shown.csv_path).desired_width(360.0))
            .labelled_by(l.id);
        let tables = F::Measures::csv_tables(&r.report);
        if ui.button("Export CSV").clicked() {
            *shown.message =
                match export::write_csv(&tables, &PathBuf::from(&*shown.csv_path), design) {
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
        ui.add_space(6.0);
        let names: Vec<&str> = tables.iter().map(|(name, _)| *name).collect();
        ui.label(
            RichText::new(format!(
                "JSON: the report as documented in docs/simulation.md. CSV: {}.",
                names.join(", ")
            ))
            .weak(),
        );
    }

    /// Takes what a family page asks for.
    fn page_out(&mut self, out: PageOut, players: Option<usize>, actions: &mut Vec<Action>) {
        if out.refresh {
            self.refresh_overlay(players);
        }
        if let Some(objs) = out.select {
            actions.push(Action::Select(objs));
        }
    }
}

impl<F: SimView> LabScreen for Lab<F> {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn running(&self) -> bool {
        self.job.is_some()
    }

    fn progress(&self) -> Option<(Progress, Duration, bool)> {
        self.job
            .as_ref()
            .map(|j| (j.progress(), j.elapsed(), j.cancelling()))
    }

    fn cancel(&self) {
        if let Some(j) = &self.job {
            j.cancel();
        }
    }

    fn poll(&mut self, players: &mut Option<usize>) -> Option<String> {
        let job = self.job.as_mut()?;
        let out = job.poll()?;
        let elapsed = job.elapsed();
        let design = job.config().design.clone();
        self.job = None;
        let report = match out {
            Ok(report) => report,
            Err(e) => return Some(format!("The simulation could not run: {e}")),
        };
        let games: u64 = report.by_players.iter().map(|s| s.games).sum();
        if report.cancelled && games == 0 {
            return Some("Run cancelled before any game finished; no report.".to_owned());
        }
        let message = if report.cancelled {
            format!(
                "Run cancelled after {}; the report covers the games finished.",
                count_grouped(games, "game")
            )
        } else {
            format!(
                "Done: {} in {}.",
                count_grouped(games, "game"),
                run::duration(elapsed)
            )
        };
        if players.is_none_or(|p| !report.by_players.iter().any(|s| s.players == p)) {
            *players = report.by_players.first().map(|s| s.players);
        }
        F::section_changed(&mut self.pages);
        self.results = Some(Results {
            report,
            design,
            generation: self.job_generation,
            elapsed,
        });
        self.refresh_overlay(*players);
        Some(message)
    }

    fn has_results(&self) -> bool {
        self.results.is_some()
    }

    fn overlay(&self) -> Option<Overlay> {
        self.overlay.clone()
    }

    fn results_ui(
        &mut self,
        ui: &mut Ui,
        mut shown: Shown<'_>,
        generation: u64,
        design_path: Option<&Path>,
    ) -> Vec<Action> {
        let mut actions = Vec::new();
        ui.separator();
        self.header(ui, shown.players, generation);
        ui.horizontal_wrapped(|ui| {
            for p in Page::ALL {
                ui.selectable_value(&mut *shown.page, p, p.label::<F>());
            }
        });
        ui.separator();
        let players = *shown.players;
        match *shown.page {
            Page::Map => {
                let mut show = !*shown.hide_overlay;
                ui.checkbox(&mut show, "Show heatmap on the map");
                *shown.hide_overlay = !show;
                if let Some(s) = section_in(self.results.as_ref(), players) {
                    let out = F::map_page(ui, &mut self.pages, s);
                    self.page_out(out, players, &mut actions);
                }
            }
            Page::WinRates => {
                if let Some(skill) = self.results.as_ref().and_then(|r| r.report.skill.as_ref()) {
                    pages::skill(ui, skill);
                    ui.separator();
                }
                if let Some(s) = self.section(players) {
                    pages::win_rates(ui, s);
                }
            }
            Page::Scores => {
                if let Some(s) = self.section(players) {
                    pages::scores(ui, s);
                }
            }
            Page::GameLength => {
                if let Some(s) = self.section(players) {
                    pages::game_length(ui, s, F::NORMAL_END);
                }
            }
            Page::Table => {
                if let (Some(r), Some(s)) =
                    (&self.results, section_in(self.results.as_ref(), players))
                {
                    let out = F::table_page(ui, &mut self.pages, &r.design, s);
                    self.page_out(out, players, &mut actions);
                }
            }
            Page::Findings => {
                if let Some(r) = &self.results
                    && let Some(objs) = findings::ui(ui, &r.report.findings, players)
                {
                    actions.push(Action::Select(objs));
                }
            }
            Page::Compare => self.compare_page(ui, players),
            Page::Export => self.export_page(ui, &mut shown, design_path),
        }
        actions
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use engine::board_game::BoardFamily;

    use super::*;
    use crate::app::simulate::testing;

    /// The window reaches runs only through [`LabScreen`]: the design's
    /// family is chosen once in [`start`], and the shared code (the job,
    /// the results, the overlay) runs without naming it.
    #[test]
    fn a_design_runs_with_its_family_behind_the_shared_interface() {
        let design = testing::usa();
        let setup = setup::Setup {
            players: [2].into(),
            games: 6,
            seed: 5,
            ..setup::Setup::default()
        };
        let mut lab: Option<Box<dyn LabScreen>> = None;
        start(&mut lab, &Context::default(), &design, &setup, 7).unwrap();
        let screen = lab.as_mut().unwrap();
        assert!(screen.as_any().is::<Lab<BoardFamily>>());
        let mut players = None;
        let t0 = std::time::Instant::now();
        let message = loop {
            if let Some(m) = screen.poll(&mut players) {
                break m;
            }
            assert!(t0.elapsed() < Duration::from_secs(60), "the run never ends");
            std::thread::sleep(Duration::from_millis(5));
        };
        assert!(message.starts_with("Done: 6 games"), "{message}");
        assert!(!screen.running() && screen.has_results());
        assert_eq!(players, Some(2));
        assert!(screen.overlay().is_some_and(|o| !o.route_colors.is_empty()));
        let results = screen
            .as_any()
            .downcast_ref::<Lab<BoardFamily>>()
            .and_then(|l| l.results.as_ref())
            .unwrap();
        let config = setup::config::<BoardFamily>(&design, &setup).unwrap();
        let direct = engine::sim::simulate(&config, &|_| {}, &AtomicBool::new(false)).unwrap();
        assert_eq!(results.report, direct, "the same report as the engine's");
        assert_eq!(results.generation, 7);

        let mut broken = design.clone();
        broken.routes[0].to = "Atlantis".into();
        let e = start(&mut lab, &Context::default(), &broken, &setup, 8).unwrap_err();
        assert!(matches!(e, setup::SetupError::DesignErrors(_)), "{e}");
    }
}
