//! The dice game's pages of the Simulate window ([`SimView`] for
//! [`DiceFamily`]): deliveries per track with the strike rate and
//! buildings per game, the station map coloured by deliveries per track
//! beside the goods and monopoly shares, and the dice rows and tables of a
//! comparison. The shared canvas draws board maps only, so the heatmap is
//! drawn on the page that is given the design (the table page), and the
//! overlay carries it by track index to the station-map editor's canvas.

use egui::{Color32, RichText, Ui};
use engine::dice::sim::DiceReport;
use engine::dice::{DiceDesign, DiceFamily};
use engine::sim::report::PlayerCountReport;
use engine::sim::stats::pct;

use super::board::heat::ramp;
use super::compare::{Row, percent, points, row};
use super::family::{CompareTable, PageOut, SimView};
use crate::app::canvas::paint::Overlay;
use crate::app::play::dice::map::{self, MapLook};

/// The dice pages keep no state of their own.
#[derive(Clone, Debug, Default)]
pub struct DicePages;

/// A dice section.
type Section = PlayerCountReport<DiceReport>;

impl SimView for DiceFamily {
    type Pages = DicePages;

    const MAP_PAGE: &'static str = "Deliveries";
    const TABLE_PAGE: &'static str = "Heatmap & goods";
    const NORMAL_END: &'static str = "VP supply ran out (normal end)";

    /// Deliveries per track, by track index: the station-map editor draws
    /// them as coloured tracks with their figure.
    fn overlay(design: &DiceDesign, s: &Section, _: &[String], _: &DicePages) -> Overlay {
        let mut overlay = Overlay::default();
        for (i, (color, per)) in track_heat(design, s).into_iter().enumerate() {
            overlay.route_colors.insert(i, color);
            overlay.route_notes.insert(i, format!("{per:.1}"));
        }
        overlay
    }

    fn map_page(ui: &mut Ui, _: &mut DicePages, s: &Section) -> PageOut {
        ui.label(format!(
            "Strike rate {} of rolls · {:.1} buildings per game · mean game {:.1} turns.",
            pct(s.family.strike_rate),
            s.family.buildings_per_game,
            s.pace.turns.mean
        ));
        ui.label(RichText::new("Deliveries per game, by track").strong());
        let most = s
            .family
            .tracks
            .iter()
            .map(|t| t.deliveries_per_game)
            .fold(0.0, f64::max);
        let mut rows: Vec<_> = s.family.tracks.iter().collect();
        rows.sort_by(|a, b| b.deliveries_per_game.total_cmp(&a.deliveries_per_game));
        egui::Grid::new("dice-tracks").striped(true).show(ui, |ui| {
            ui.label("Track");
            ui.label("Delivers as");
            ui.label("Per game");
            ui.end_row();
            for t in rows {
                ui.label(&t.track);
                ui.label(&t.group);
                let share = if most > 0.0 {
                    (t.deliveries_per_game / most) as f32
                } else {
                    0.0
                };
                ui.add(
                    egui::ProgressBar::new(share)
                        .fill(ramp(share))
                        .desired_width(160.0)
                        .text(format!("{:.2}", t.deliveries_per_game)),
                );
                ui.end_row();
            }
        });
        PageOut::default()
    }

    fn table_page(ui: &mut Ui, _: &mut DicePages, design: &DiceDesign, s: &Section) -> PageOut {
        let most = most_deliveries(s);
        let heat: Vec<(Color32, String)> = track_heat(design, s)
            .into_iter()
            .map(|(c, per)| (c, format!("{per:.1}")))
            .collect();
        ui.label(format!(
            "Deliveries per game on each track: blue rarely, red most ({most:.1} per game)."
        ));
        let look = MapLook {
            track_heat: Some(heat),
            ..MapLook::default()
        };
        map::draw(ui, design, &look, 300.0);
        ui.label(RichText::new("Goods and monopolies").strong());
        egui::Grid::new("dice-goods").striped(true).show(ui, |ui| {
            for h in [
                "Good",
                "Taken per game",
                "Share",
                "Monopoly held",
                "Winner's monopoly",
            ] {
                ui.label(h);
            }
            ui.end_row();
            for g in &s.family.goods {
                ui.label(&g.good);
                ui.label(format!("{:.1}", g.taken_per_game));
                ui.label(pct(g.share));
                ui.label(pct(g.monopoly_held));
                ui.label(pct(g.winner_monopoly));
                ui.end_row();
            }
        });
        PageOut::default()
    }

    fn section_changed(_: &mut DicePages) {}

    fn compare_rows(before: &Section, after: &Section) -> Vec<Row> {
        vec![
            row(
                "Strike rate",
                before.family.strike_rate,
                after.family.strike_rate,
                percent,
                points,
            ),
            row(
                "Buildings per game",
                before.family.buildings_per_game,
                after.family.buildings_per_game,
                |x| format!("{x:.1}"),
                |x| format!("{x:+.1}"),
            ),
        ]
    }

    fn compare_tables(before: &Section, after: &Section) -> Vec<CompareTable> {
        let tracks = after
            .family
            .tracks
            .iter()
            .map(|a| {
                let b = before.family.tracks.iter().find(|b| b.track == a.track);
                row(
                    &a.track,
                    b.map_or(0.0, |b| b.deliveries_per_game),
                    a.deliveries_per_game,
                    |x| format!("{x:.2}"),
                    |x| format!("{x:+.2}"),
                )
            })
            .collect();
        let goods = after
            .family
            .goods
            .iter()
            .map(|a| {
                let b = before.family.goods.iter().find(|b| b.good == a.good);
                row(
                    &a.good,
                    b.map_or(0.0, |b| b.share),
                    a.share,
                    percent,
                    points,
                )
            })
            .collect();
        vec![
            CompareTable {
                title: "Deliveries per game by track",
                first: "Track",
                rows: tracks,
            },
            CompareTable {
                title: "Share of goods taken",
                first: "Good",
                rows: goods,
            },
        ]
    }
}

/// The most deliveries per game on one track.
fn most_deliveries(s: &Section) -> f64 {
    s.family
        .tracks
        .iter()
        .map(|t| t.deliveries_per_game)
        .fold(0.0, f64::max)
}

/// Each track's colour (blue rarely, red most) and deliveries per game, in
/// the design's track order.
fn track_heat(design: &DiceDesign, s: &Section) -> Vec<(Color32, f64)> {
    let most = most_deliveries(s);
    design
        .tracks
        .iter()
        .map(|t| {
            let per = s
                .family
                .tracks
                .iter()
                .find(|r| r.track == t.name)
                .map_or(0.0, |r| r.deliveries_per_game);
            let share = if most > 0.0 { per / most } else { 0.0 };
            (ramp(share as f32), per)
        })
        .collect()
}
