//! The Build a deck window's widgets: the options, and the proposal beside
//! the current deck (figures, length histogram, the tickets with their
//! simulated completion and a tick box each). Every control is labelled.

use egui::{Color32, RichText, Ui};
use engine::board_game::deck::{DeckFigures, DeckResult, Reference, compare_rows};

use super::{PROPOSED, Settings};
use crate::app::panels::labelled;

/// The current deck's bars in the histogram.
const CURRENT: Color32 = Color32::from_gray(150);

/// The options, with the official decks they default to.
pub(super) fn settings_ui(ui: &mut Ui, s: &mut Settings) {
    ui.label(RichText::new("Defaults follow the official decks:").weak());
    for r in Reference::official() {
        ui.label(RichText::new(r.describe()).weak().small());
    }
    ui.checkbox(&mut s.set_count, "Set the number of tickets")
        .on_hover_text("Otherwise scaled to the map's places as the official deck is");
    ui.add_enabled_ui(s.set_count, |ui| {
        labelled(ui, "Number of tickets", |ui| {
            ui.add(egui::DragValue::new(&mut s.count).range(1..=5000))
        });
    });
    labelled(ui, "Short below (share of the diameter)", |ui| {
        ui.add(
            egui::DragValue::new(&mut s.short_below)
                .range(0.01..=1.0)
                .speed(0.01),
        )
    });
    labelled(ui, "Long from (share of the diameter)", |ui| {
        ui.add(
            egui::DragValue::new(&mut s.long_from)
                .range(0.01..=1.0)
                .speed(0.01),
        )
    });
    labelled(ui, "Most tickets per city", |ui| {
        ui.add(egui::DragValue::new(&mut s.max_per_city).range(0..=100))
    })
    .on_hover_text("0: scaled from the official decks");
    ui.checkbox(&mut s.hubs, "Hubs may be named more often")
        .on_hover_text("Cities with many routes get more tickets, as Los Angeles and New York do");
    ui.checkbox(&mut s.set_long, "Set the long tickets")
        .on_hover_text(
            "Otherwise one more than a full table is dealt, where the rules deal long tickets",
        );
    ui.add_enabled_ui(s.set_long, |ui| {
        labelled(ui, "Long tickets", |ui| {
            ui.add(egui::DragValue::new(&mut s.long_count).range(0..=500))
        });
        labelled(ui, "Long tickets from (share of the diameter)", |ui| {
            ui.add(
                egui::DragValue::new(&mut s.long_min)
                    .range(0.0..=1.0)
                    .speed(0.01),
            )
        });
        labelled(ui, "Long tickets up to (share of the diameter)", |ui| {
            ui.add(
                egui::DragValue::new(&mut s.long_max)
                    .range(0.0..=1.0)
                    .speed(0.01),
            )
        });
    });
    labelled(ui, "Locked tickets", |ui| {
        ui.text_edit_multiline(&mut s.locked)
    })
    .on_hover_text("Tickets of the design that stay, one `From - To` per line");
    labelled(ui, "Points", |ui| ui.text_edit_singleline(&mut s.points)).on_hover_text(
        "`shortest` (the shortest path's car spaces) or `linear:A,B` (A per car space plus B)",
    );
    ui.checkbox(&mut s.adjust_points, "Let the simulation adjust points");
    ui.checkbox(&mut s.simulate, "Choose by simulation")
        .on_hover_text("Off: the deck from static scores only, at once");
    ui.add_enabled_ui(s.simulate, |ui| {
        labelled(ui, "Generations", |ui| {
            ui.add(egui::DragValue::new(&mut s.generations).range(0..=1000))
        });
        labelled(ui, "Games per player count", |ui| {
            ui.add(egui::DragValue::new(&mut s.games).range(1..=100_000))
        });
        labelled(ui, "Games for the completion figures", |ui| {
            ui.add(egui::DragValue::new(&mut s.check_games).range(1..=100_000))
        })
        .on_hover_text("Games per player count of the final check and of each ticket's completion");
    });
    labelled(ui, "Seed", |ui| ui.add(egui::DragValue::new(&mut s.seed)));
}

/// The proposal beside the current deck; returns the ticket hovered.
pub(super) fn review_ui(
    ui: &mut Ui,
    result: &DeckResult,
    keep: &mut [bool],
    summary: &str,
) -> Option<usize> {
    ui.label(summary);
    ui.label(RichText::new(result.plan.describe()).weak().small());
    ui.columns(2, |cols| {
        figures_ui(&mut cols[0], result);
        tickets_ui(&mut cols[1], result, keep)
    })
}

/// The two decks' figures and their length histogram.
fn figures_ui(ui: &mut Ui, result: &DeckResult) {
    egui::Grid::new("deck figures")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            ui.strong("");
            ui.strong("Current deck");
            ui.strong("Proposed deck");
            ui.end_row();
            for [what, a, b] in compare_rows(&result.before, &result.after) {
                ui.label(what);
                ui.label(a);
                ui.label(b);
                ui.end_row();
            }
        });
    ui.label("Length histogram (grey: current deck, purple: proposed)");
    histogram(ui, &result.before, &result.after);
}

/// The proposed tickets with a tick box each; returns the one hovered.
fn tickets_ui(ui: &mut Ui, result: &DeckResult, keep: &mut [bool]) -> Option<usize> {
    ui.label("Proposed tickets (hover one to see its path on the map)");
    let mut hovered = None;
    let completion = result.after.completion.as_ref();
    egui::ScrollArea::vertical()
        .max_height(420.0)
        .show(ui, |ui| {
            egui::Grid::new("proposed tickets")
                .striped(true)
                .num_columns(4)
                .show(ui, |ui| {
                    ui.strong("Keep");
                    ui.strong("Points");
                    ui.strong("Length");
                    ui.strong("Completed when held");
                    ui.end_row();
                    for (i, t) in result.design.tickets.iter().enumerate() {
                        let locked = i < result.plan.locked.len();
                        let name = format!(
                            "{}{}{}",
                            t.display_name(),
                            if t.long { " (long)" } else { "" },
                            if locked { " (locked)" } else { "" }
                        );
                        let mut r =
                            ui.add_enabled(!locked, egui::Checkbox::new(&mut keep[i], name));
                        r = r.union(ui.label(t.points.to_string()));
                        let length = result.after.lengths.get(i).copied().flatten();
                        r = r.union(ui.label(length.map_or_else(|| "-".into(), |l| l.to_string())));
                        let rate = completion.and_then(|c| c.per_ticket.get(i).copied().flatten());
                        r = r.union(ui.label(
                            rate.map_or_else(|| "-".into(), |v| format!("{:.0}%", 100.0 * v)),
                        ));
                        if r.hovered() {
                            hovered = Some(i);
                        }
                        ui.end_row();
                    }
                });
        });
    hovered
}

/// Both decks' lengths as bars, side by side per length.
fn histogram(ui: &mut Ui, before: &DeckFigures, after: &DeckFigures) {
    let bins_a = before.histogram(1);
    let bins_b = after.histogram(1);
    let bins = bins_a.len().max(bins_b.len()).max(1);
    let most = bins_a
        .iter()
        .chain(&bins_b)
        .copied()
        .max()
        .unwrap_or(0)
        .max(1);
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(ui.available_width().min(420.0), 90.0),
        egui::Sense::hover(),
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Length histogram"));
    let painter = ui.painter_at(rect);
    let w = rect.width() / bins as f32;
    let h = rect.height() - 14.0;
    for (i, (a, b)) in (0..bins)
        .map(|i| {
            (
                bins_a.get(i).copied().unwrap_or(0),
                bins_b.get(i).copied().unwrap_or(0),
            )
        })
        .enumerate()
    {
        let x = rect.left() + i as f32 * w;
        for (k, (n, colour)) in [(a, CURRENT), (b, PROPOSED)].into_iter().enumerate() {
            let top = rect.top() + h * (1.0 - n as f32 / most as f32);
            let left = x + k as f32 * w / 2.0;
            painter.rect_filled(
                egui::Rect::from_min_max(
                    egui::pos2(left, top),
                    egui::pos2(left + w / 2.0 - 1.0, rect.top() + h),
                ),
                0.0,
                colour,
            );
        }
        if (i + 1) % 5 == 0 {
            painter.text(
                egui::pos2(x + w / 2.0, rect.bottom()),
                egui::Align2::CENTER_BOTTOM,
                (i + 1).to_string(),
                egui::FontId::proportional(10.0),
                ui.visuals().text_color(),
            );
        }
    }
}
