//! The Compare window's simulated side (`tracklayer diff --simulate`): its
//! settings, then both designs played by bots from the same seeds on a
//! worker thread ([`run`]), with progress and Stop; then every report
//! metric's change with its 95% interval, the changes beyond chance first,
//! and the routes' claim-rate and tickets' completion changes drawn on the
//! map of a board design ([`map`]). Designs of every family compare; the
//! map's view is a board design's.

mod map;
mod run;

use egui::{Color32, RichText, Ui};
use engine::diff::MetricChange;
use engine::sim;
use engine::words::{count, noun};
use formats::GameFile;

use crate::app::canvas::paint::Overlay;
use crate::app::job::Job;
use crate::app::panels::labelled;
use run::Running;

pub use map::{LESS, MORE, MapView, SAME, busiest, change_color, map_overlay};
pub use run::{Comparison, NotCompared, Settings, design_players};

/// The simulated side's state.
#[derive(Debug, Default)]
pub struct Simulated {
    /// The settings.
    pub settings: Settings,
    running: Option<Running>,
    result: Option<Comparison>,
    error: Option<String>,
    /// List every metric, not only the changes beyond chance.
    pub show_all: bool,
    /// What the map shows.
    pub map_view: MapView,
    /// The player count drawn on the map.
    pub map_players: usize,
}

/// A metric's change in a line: `… / completion: 0.875 → 0.939  +0.064 [-0.091, +0.226]`.
pub fn metric_line(m: &MetricChange) -> String {
    let interval = m
        .interval
        .map(|(lo, hi)| format!(" [{lo:+.3}, {hi:+.3}]"))
        .unwrap_or_default();
    format!(
        "{}: {:.3} → {:.3}  {:+.3}{interval}",
        m.metric, m.before, m.after, m.change
    )
}

/// The metrics as listed: those that changed beyond chance first, then
/// (with `all`) the others, each group in report order.
pub fn listed(metrics: &[MetricChange], all: bool) -> Vec<&MetricChange> {
    let beyond = metrics.iter().filter(|m| m.significant());
    if all {
        beyond
            .chain(metrics.iter().filter(|m| !m.significant()))
            .collect()
    } else {
        beyond.collect()
    }
}

impl Simulated {
    /// The finished comparison.
    pub fn result(&self) -> Option<&Comparison> {
        self.result.as_ref()
    }

    /// Whether the simulations run.
    pub fn running(&self) -> bool {
        self.running.is_some()
    }

    /// Collects a finished comparison.
    fn poll(&mut self) {
        let Some(out) = self.running.as_mut().and_then(Job::poll) else {
            return;
        };
        self.running = None;
        match out {
            Ok(Ok(Some(result))) => {
                self.map_players = busiest(&result.map).unwrap_or(0);
                self.result = Some(result);
            }
            Ok(Ok(None)) => {}
            Ok(Err(e)) => self.error = Some(e.to_string()),
            Err(failed) => self.error = Some(failed.to_string()),
        }
    }

    /// Stops the simulations (the window closed).
    pub fn stop(&self) {
        if let Some(r) = &self.running {
            r.cancel();
        }
    }

    /// The map's changes as drawn, when the map shows them.
    pub fn overlay(&self, design: &GameFile) -> Option<Overlay> {
        let r = self.result.as_ref()?;
        if self.map_view == MapView::Data {
            return None;
        }
        let map = r.map.iter().find(|m| m.players == self.map_players)?;
        Some(map_overlay(map, self.map_view, design))
    }

    /// The simulated side of the window.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        design: &GameFile,
        other: &GameFile,
        other_name: &str,
        generation: u64,
    ) {
        self.poll();
        ui.label(RichText::new("Simulated").strong());
        if let Some(e) = &self.error {
            ui.colored_label(Color32::from_rgb(220, 50, 50), e);
        }
        if let Some(run) = &self.running {
            let p = run.progress();
            ui.add(
                egui::ProgressBar::new(p.done as f32 / p.total.max(1) as f32).text(format!(
                    "{} of {} {}",
                    sim::findings::thousands(p.done),
                    sim::findings::thousands(p.total),
                    noun(p.total, "game")
                )),
            );
            if run.cancelling() {
                ui.label("Stopping…");
            } else if ui.button("Stop simulations").clicked() {
                run.cancel();
            }
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(200));
            return;
        }
        let s = &mut self.settings;
        labelled(ui, "Players from", |ui| {
            ui.add(egui::DragValue::new(&mut s.players_from).range(1..=12))
        });
        labelled(ui, "Players to", |ui| {
            ui.add(egui::DragValue::new(&mut s.players_to).range(1..=12))
        });
        labelled(ui, "Games per player count", |ui| {
            ui.add(egui::DragValue::new(&mut s.games).range(1..=100_000))
        });
        labelled(ui, "Seed", |ui| ui.add(egui::DragValue::new(&mut s.seed)));
        if ui
            .button("Run simulated comparison")
            .on_hover_text("Play both designs with the same bots from the same seeds")
            .clicked()
        {
            match run::start(&self.settings, design, other, generation, ui.ctx()) {
                Ok(running) => {
                    self.running = Some(running);
                    self.error = None;
                }
                Err(e) => self.error = Some(e.to_string()),
            }
        }
        self.result_ui(ui, other_name, generation);
    }

    fn result_ui(&mut self, ui: &mut Ui, other_name: &str, generation: u64) {
        let Some(r) = &self.result else {
            return;
        };
        ui.label(format!(
            "{} per player count and design ({} players), seed {} for both.",
            count(r.games, "game"),
            r.players
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            r.seed
        ));
        if r.generation != generation {
            ui.colored_label(
                Color32::from_rgb(200, 120, 0),
                "The design changed since: run again to compare it as it is.",
            );
        }
        let beyond = r.metrics.iter().filter(|m| m.significant()).count();
        let with_interval = r.metrics.iter().filter(|m| m.interval.is_some()).count();
        ui.label(format!(
            "{beyond} of {} with an interval changed beyond chance (the 95% interval of the change excludes 0).",
            count(with_interval, "metric")
        ));
        // Only a board design's routes and tickets are drawn on a map.
        if r.map.is_empty() {
            self.map_view = MapView::Data;
        } else {
            ui.horizontal(|ui| {
                ui.label("Map shows");
                for v in [MapView::Data, MapView::ClaimRate, MapView::TicketCompletion] {
                    ui.radio_value(&mut self.map_view, v, v.label());
                }
            });
        }
        if self.map_view != MapView::Data {
            egui::ComboBox::from_label("Players on the map")
                .selected_text(count(self.map_players, "player"))
                .show_ui(ui, |ui| {
                    for p in &r.players {
                        ui.selectable_value(&mut self.map_players, *p, count(*p, "player"));
                    }
                });
            let what = if self.map_view == MapView::ClaimRate {
                "claimed"
            } else {
                "completed"
            };
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(MORE, format!("red: {what} more often in {other_name}"));
                ui.colored_label(LESS, "blue: less often");
                ui.colored_label(SAME, "grey: no change beyond chance");
            });
            ui.label(
                RichText::new(if self.map_view == MapView::ClaimRate {
                    "Deeper colours and wider routes: larger changes. Hover a route for its numbers."
                } else {
                    "A city shows the largest change among its tickets; deeper: larger. Hover a city for its tickets."
                })
                .weak(),
            );
        }
        let all = ui.checkbox(&mut self.show_all, "Show all metrics");
        if all.changed() && self.show_all {
            // The list opens below the checkbox, at the foot of a tall window:
            // bring it into view rather than leave it below the fold.
            all.scroll_to_me(Some(egui::Align::TOP));
        }
        let shown = listed(&r.metrics, self.show_all);
        let line = |ui: &mut Ui, m: &MetricChange| {
            let text = metric_line(m);
            if m.significant() {
                ui.label(RichText::new(text).strong());
            } else {
                ui.label(text);
            }
        };
        if self.show_all {
            // `show_rows` adds the spacing between rows itself.
            let height = crate::app::fonts::line_height(ui, egui::TextStyle::Body);
            // A list of its own height: the window scrolls around it rather
            // than squeezing it to the few lines left at the window's foot.
            egui::ScrollArea::vertical()
                .id_salt("compare metrics")
                .min_scrolled_height(320.0)
                .max_height(320.0)
                .show_rows(ui, height, shown.len(), |ui, rows| {
                    for m in &shown[rows] {
                        line(ui, m);
                    }
                });
        } else {
            for m in shown {
                line(ui, m);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A change of metric `m` from 0.5.
    pub(super) fn change(change: f64, interval: Option<(f64, f64)>) -> MetricChange {
        MetricChange {
            metric: "m".into(),
            before: 0.5,
            after: 0.5 + change,
            change,
            interval,
        }
    }

    #[test]
    fn changes_beyond_chance_are_listed_first_and_coloured_by_direction() {
        let ms = vec![
            change(0.01, Some((-0.02, 0.04))),
            change(0.2, Some((0.1, 0.3))),
            change(-0.1, Some((-0.2, -0.01))),
            change(1.0, None),
        ];
        let first: Vec<f64> = listed(&ms, false).iter().map(|m| m.change).collect();
        assert_eq!(first, [0.2, -0.1]);
        let all: Vec<f64> = listed(&ms, true).iter().map(|m| m.change).collect();
        assert_eq!(all, [0.2, -0.1, 0.01, 1.0]);
        assert_eq!(change_color(&ms[0], 0.2), SAME);
        assert_eq!(change_color(&ms[1], 0.2), MORE);
        let down = change_color(&ms[2], 0.2);
        assert!(down.b() > down.r(), "{down:?}");
        assert_eq!(
            metric_line(&ms[1]),
            "m: 0.500 → 0.700  +0.200 [+0.100, +0.300]"
        );
    }
}
