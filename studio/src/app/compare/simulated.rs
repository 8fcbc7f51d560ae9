//! The Compare window's simulated side (`tracklayer diff --simulate`): both
//! designs played by bots from the same seeds on a worker thread, with
//! progress and Stop; then every report metric's change with its 95%
//! interval (the engine's [`report_diff`]), the changes beyond chance first,
//! and the routes' claim-rate and tickets' completion changes drawn on the
//! map of a board design (the engine's [`any_map_changes`]). Designs of
//! every family compare; the map's view is a board design's.

use std::sync::Arc;

use egui::{Color32, RichText, Ui};
use engine::board_game::map_diff::{MapChanges, any_map_changes};
use engine::diff::simulated::ReportDiffError;
use engine::diff::{MetricChange, report_diff, simulate_pair};
use engine::families::{AnyDesign, FamilyVisitor};
use engine::game::Family;
use engine::sim::{self, Progress, SimConfig};
use formats::GameFile;

use crate::app::canvas::paint::Overlay;
use crate::app::job::{Job, Worker};
use crate::app::panels::labelled;

/// A change beyond chance that raises the value (claimed more often,
/// completed more often).
pub const MORE: Color32 = Color32::from_rgb(215, 48, 39);
/// A change beyond chance that lowers it.
pub const LESS: Color32 = Color32::from_rgb(49, 104, 189);
/// No change beyond chance.
pub const SAME: Color32 = Color32::from_rgb(185, 185, 185);

/// How the simulation is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Fewest players simulated.
    pub players_from: usize,
    /// Most players simulated.
    pub players_to: usize,
    /// Games per player count and design.
    pub games: u32,
    /// The seed of both designs' games.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            players_from: 2,
            players_to: 5,
            games: 200,
            seed: 1,
        }
    }
}

/// What the map shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MapView {
    /// The data differences (changed and missing objects).
    #[default]
    Data,
    /// Each route's change in claim rate.
    ClaimRate,
    /// Each ticket's change in completion, on its two cities.
    TicketCompletion,
}

impl MapView {
    /// The switch's label.
    pub fn label(self) -> &'static str {
        match self {
            MapView::Data => "Data differences",
            MapView::ClaimRate => "Route claim rate",
            MapView::TicketCompletion => "Ticket completion",
        }
    }
}

/// A finished simulated comparison.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// Player counts simulated.
    pub players: Vec<usize>,
    /// Games per player count and design.
    pub games: u32,
    /// The seed.
    pub seed: u64,
    /// Every metric's change, in report order.
    pub metrics: Vec<MetricChange>,
    /// The map's changes per player count.
    pub map: Vec<MapChanges>,
    /// The open design's edit generation it was run on.
    pub generation: u64,
}

/// Why the designs were not played side by side (the window says so).
#[derive(Debug, thiserror::Error)]
pub enum NotCompared {
    /// The designs are of different families.
    #[error(
        "this is a {this} design and the other a {other} design: only designs of one family play side by side"
    )]
    OtherFamily {
        /// The open design's family.
        this: formats::Family,
        /// The other design's family.
        other: formats::Family,
    },
    /// The open design does not build.
    #[error("this design has errors: fix them first (see Diagnostics)")]
    ThisHasErrors,
    /// The other design does not build.
    #[error("the other design cannot be played (it has errors)")]
    OtherHasErrors,
    /// The chosen player counts are not ones both designs seat.
    #[error("both designs are played by {lo} to {hi} players: choose player counts within that")]
    Players {
        /// The fewest both seat.
        lo: usize,
        /// The most both seat.
        hi: usize,
    },
    /// A simulation failed.
    #[error("{0}")]
    Simulation(#[from] engine::sim::SimError),
    /// The two reports could not be set side by side.
    #[error("{0}")]
    Reports(#[from] ReportDiffError),
}

type Outcome = Result<Option<Comparison>, NotCompared>;

/// A comparison under way; dropped while running (another file compared,
/// the window closed, the studio quitting), it stops.
type Running = Job<Outcome>;

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

/// A metric's change in a line: `… / completion: 0.875 -> 0.939  +0.064 [-0.091, +0.226]`.
pub fn metric_line(m: &MetricChange) -> String {
    let interval = m
        .interval
        .map(|(lo, hi)| format!(" [{lo:+.3}, {hi:+.3}]"))
        .unwrap_or_default();
    format!(
        "{}: {:.3} -> {:.3}  {:+.3}{interval}",
        m.metric.replace('→', "->"),
        m.before,
        m.after,
        m.change
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

/// The colour of a change: red up, blue down, deeper as it nears the
/// largest change shown; grey within chance.
pub fn change_color(m: &MetricChange, largest: f64) -> Color32 {
    if !m.significant() {
        return SAME;
    }
    let t = if largest > 0.0 {
        (m.change.abs() / largest).clamp(0.0, 1.0) as f32
    } else {
        1.0
    };
    let hue = if m.change > 0.0 { MORE } else { LESS };
    let pale = Color32::from_rgb(235, 235, 235);
    let mix = |a: u8, b: u8| {
        (f32::from(a) + (f32::from(b) - f32::from(a)) * (0.35 + 0.65 * t)).round() as u8
    };
    Color32::from_rgb(
        mix(pale.r(), hue.r()),
        mix(pale.g(), hue.g()),
        mix(pale.b(), hue.b()),
    )
}

/// The map's changes at `players` drawn over `design` (the first design of
/// the comparison).
pub fn map_overlay(map: &MapChanges, view: MapView, design: &GameFile) -> Overlay {
    let mut o = Overlay::default();
    let largest = |changes: &mut dyn Iterator<Item = &MetricChange>| {
        changes
            .filter(|m| m.significant())
            .map(|m| m.change.abs())
            .fold(0.0, f64::max)
    };
    match view {
        MapView::Data => {}
        MapView::ClaimRate => {
            let top = largest(&mut map.routes.iter().map(|r| &r.claim_rate));
            for r in &map.routes {
                let m = &r.claim_rate;
                o.route_colors.insert(r.index, change_color(m, top));
                o.route_weights.insert(
                    r.index,
                    if m.significant() {
                        1.2 + (m.change.abs() / top.max(1e-9)) as f32
                    } else {
                        0.8
                    },
                );
                o.route_notes
                    .insert(r.index, format!("claim rate {}", value_text(m)));
            }
        }
        MapView::TicketCompletion => {
            let top = largest(&mut map.tickets.iter().map(|t| &t.completion));
            // A city shows the largest change among the tickets ending there.
            let mut strongest: std::collections::HashMap<usize, &MetricChange> =
                std::collections::HashMap::new();
            let mut notes: std::collections::HashMap<usize, Vec<String>> =
                std::collections::HashMap::new();
            for t in &map.tickets {
                let Some(ticket) = design.tickets.get(t.index) else {
                    continue;
                };
                for end in [&ticket.from, &ticket.to] {
                    let Some(c) = design.cities.iter().position(|c| c.name == *end) else {
                        continue;
                    };
                    let m = &t.completion;
                    if m.significant() {
                        notes.entry(c).or_default().push(format!(
                            "{}: completion {}",
                            t.name,
                            value_text(m)
                        ));
                        o.lit_cities.insert(c);
                    }
                    let slot = strongest.entry(c).or_insert(m);
                    // Beyond chance first, then the larger change.
                    let rank = |x: &MetricChange| (u8::from(x.significant()), x.change.abs());
                    if rank(m).partial_cmp(&rank(slot)) == Some(std::cmp::Ordering::Greater) {
                        *slot = m;
                    }
                }
            }
            for (c, m) in strongest {
                o.city_colors.insert(c, change_color(m, top));
            }
            for (c, n) in notes {
                o.city_notes.insert(c, n.join("; "));
            }
        }
    }
    o
}

/// `0.62 -> 0.71 (+0.09, 95%: +0.02 to +0.16)`.
fn value_text(m: &MetricChange) -> String {
    let interval = m
        .interval
        .map(|(lo, hi)| format!(", 95%: {lo:+.2} to {hi:+.2}"))
        .unwrap_or_default();
    format!(
        "{:.2} -> {:.2} ({:+.2}{interval})",
        m.before, m.after, m.change
    )
}

/// The player count whose map changed most beyond chance (the first on a
/// tie): the one the map shows first.
pub fn busiest(map: &[MapChanges]) -> Option<usize> {
    let beyond = |m: &MapChanges| {
        m.routes
            .iter()
            .filter(|r| r.claim_rate.significant())
            .count()
            + m.tickets
                .iter()
                .filter(|t| t.completion.significant())
                .count()
    };
    map.iter()
        .rev()
        .max_by_key(|m| beyond(m))
        .map(|m| m.players)
}

/// Plays both designs and compares them (on the worker thread).
fn compare<F: Family>(
    config: SimConfig<F>,
    other: Arc<F::Design>,
    generation: u64,
    worker: &Worker,
) -> Outcome {
    let total = 2 * u64::from(config.games) * config.players.len() as u64;
    let reports = simulate_pair(
        &config,
        other,
        &|p| {
            worker.advance(Progress {
                done: p.done,
                total,
            })
        },
        worker.cancel_flag(),
    )?;
    let Some([a, b]) = reports else {
        return Ok(None);
    };
    let metrics = report_diff(&a, &b)?;
    Ok(Some(Comparison {
        players: config.players.clone(),
        games: config.games,
        seed: config.seed,
        metrics,
        map: any_map_changes(&a, &b),
        generation,
    }))
}

/// Starts both simulations with the family of the open design.
struct Start<'a> {
    other: &'a GameFile,
    settings: &'a Settings,
    generation: u64,
    ctx: &'a egui::Context,
}

impl FamilyVisitor for Start<'_> {
    type Output = Result<Running, NotCompared>;

    fn visit<F: Family>(self, a: Arc<F::Design>) -> Self::Output {
        let b = F::build(self.other).map_err(|_| NotCompared::OtherHasErrors)?;
        let ((min_a, max_a), (min_b, max_b)) = (F::players(&a), F::players(&b));
        let (lo, hi) = (min_a.max(min_b), max_a.min(max_b));
        let s = self.settings;
        if s.players_from > s.players_to || s.players_from < lo || s.players_to > hi {
            return Err(NotCompared::Players { lo, hi });
        }
        let config = SimConfig::<F> {
            design: a,
            players: (s.players_from..=s.players_to).collect(),
            games: s.games.max(1),
            bots: F::default_bots().into_iter().map(str::to_owned).collect(),
            seed: s.seed,
            threads: 0,
            turn_cap: sim::DEFAULT_TURN_CAP,
        };
        let total = 2 * u64::from(config.games) * config.players.len() as u64;
        let other = Arc::new(b);
        let generation = self.generation;
        let ctx = self.ctx.clone();
        Ok(Job::start(
            "simulated comparison",
            total,
            move || ctx.request_repaint(),
            move |worker| compare(config, other, generation, worker),
        ))
    }
}

/// The fewest and most players `design` seats (the Compare window's first
/// choice), when it builds.
pub fn design_players(design: &GameFile) -> Option<(usize, usize)> {
    struct Players;
    impl FamilyVisitor for Players {
        type Output = (usize, usize);
        fn visit<F: Family>(self, d: Arc<F::Design>) -> (usize, usize) {
            F::players(&d)
        }
    }
    AnyDesign::build(design).ok().map(|d| d.visit(Players))
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

    /// Starts both simulations of `design` and `other` on a worker thread.
    fn start(
        &mut self,
        design: &GameFile,
        other: &GameFile,
        generation: u64,
        ctx: &egui::Context,
    ) -> Result<(), NotCompared> {
        if design.family != other.family {
            return Err(NotCompared::OtherFamily {
                this: design.family,
                other: other.family,
            });
        }
        let a = AnyDesign::build(design).map_err(|_| NotCompared::ThisHasErrors)?;
        let running = a.visit(Start {
            other,
            settings: &self.settings,
            generation,
            ctx,
        })?;
        self.running = Some(running);
        Ok(())
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
            ui.colored_label(Color32::from_rgb(220, 50, 50), e.replace('→', "->"));
        }
        if let Some(run) = &self.running {
            let p = run.progress();
            ui.add(
                egui::ProgressBar::new(p.done as f32 / p.total.max(1) as f32).text(format!(
                    "{} of {} games",
                    sim::findings::thousands(p.done),
                    sim::findings::thousands(p.total)
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
            self.error = self
                .start(design, other, generation, ui.ctx())
                .err()
                .map(|e| e.to_string());
        }
        self.result_ui(ui, other_name, generation);
    }

    fn result_ui(&mut self, ui: &mut Ui, other_name: &str, generation: u64) {
        let Some(r) = &self.result else {
            return;
        };
        ui.label(format!(
            "{} games per player count and design ({} players), seed {} for both.",
            r.games,
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
            "{beyond} of {with_interval} metrics with an interval changed beyond chance (the 95% interval of the change excludes 0)."
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
                .selected_text(format!("{} players", self.map_players))
                .show_ui(ui, |ui| {
                    for p in &r.players {
                        ui.selectable_value(&mut self.map_players, *p, format!("{p} players"));
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
        ui.checkbox(&mut self.show_all, "Show all metrics");
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
            let height = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
            egui::ScrollArea::vertical()
                .id_salt("compare metrics")
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

    fn change(change: f64, interval: Option<(f64, f64)>) -> MetricChange {
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
        assert!(!metric_line(&ms[1]).contains('→'));
    }

    #[test]
    fn the_map_first_shows_the_player_count_that_changed_most() {
        use engine::board_game::map_diff::TicketChange;
        let map = |players, significant: usize| MapChanges {
            players,
            routes: Vec::new(),
            tickets: (0..3)
                .map(|i| TicketChange {
                    index: i,
                    name: format!("t{i}"),
                    completion: if i < significant {
                        change(0.2, Some((0.1, 0.3)))
                    } else {
                        change(0.0, Some((-0.1, 0.1)))
                    },
                })
                .collect(),
        };
        assert_eq!(busiest(&[map(2, 0), map(3, 2), map(4, 1)]), Some(3));
        assert_eq!(busiest(&[map(2, 0), map(3, 0)]), Some(2));
        assert_eq!(busiest(&[]), None);
    }
}
