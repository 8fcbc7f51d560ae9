//! The scoreboard during play, the final score breakdown with the winner,
//! and the log view.

use egui::{RichText, Ui};
use engine::board_game::State;
use engine::game::{GameState, Seat};

use super::map::player_color;
use super::session::seat_name;

/// `Player 1 12 · Player 2 30`: every seat's points in one line.
pub fn points_line(scores: &[i32]) -> String {
    scores
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{} {s}", seat_name(Seat(i as u8))))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The running scoreboard: trains, cards, tickets, stations and points per
/// seat, the current player marked. `titles` names the seats.
pub fn scoreboard(ui: &mut Ui, state: &State, titles: &[String]) {
    ui.label(RichText::new("Scoreboard").strong());
    ui.label(format!("Scores: {}", points_line(&state.scores())));
    let stations = state.board().rules().stations.count > 0;
    egui::Grid::new("scoreboard")
        .striped(true)
        .num_columns(6)
        .show(ui, |ui| {
            for h in ["Player", "Trains", "Cards", "Tickets", "Stations", "Points"] {
                if h != "Stations" || stations {
                    ui.label(RichText::new(h).weak());
                }
            }
            ui.end_row();
            let current = state.current_player();
            for (i, p) in state.players().iter().enumerate() {
                let seat = Seat(i as u8);
                let title = titles.get(i).cloned().unwrap_or_else(|| seat_name(seat));
                let mut text = RichText::new(title).color(player_color(seat));
                if current == Some(seat) {
                    text = text.strong().underline();
                }
                ui.label(text);
                ui.label(p.trains.to_string());
                ui.label(p.hand.total().to_string());
                ui.label(p.tickets.len().to_string());
                if stations {
                    let names: Vec<&str> = p
                        .stations
                        .iter()
                        .map(|&c| state.board().city(c).name.as_str())
                        .collect();
                    ui.label(if names.is_empty() {
                        "-".to_owned()
                    } else {
                        names.join(", ")
                    });
                }
                ui.label(state.scores().get(i).copied().unwrap_or(0).to_string());
                ui.end_row();
            }
        });
}

/// The final accounts: each seat's score part by part, the winner and why
/// the game ended. Nothing while the game runs.
pub fn final_scores(ui: &mut Ui, state: &State, titles: &[String]) {
    let Some(end) = state.ending() else {
        return;
    };
    ui.label(RichText::new(format!("Game over ({})", end.reason)).heading());
    ui.label(format!(
        "Final scores: {}",
        points_line(&end.outcome.scores)
    ));
    let title = |i: usize| {
        titles
            .get(i)
            .cloned()
            .unwrap_or_else(|| seat_name(Seat(i as u8)))
    };
    let winners: Vec<String> = end
        .outcome
        .winners
        .iter()
        .map(|s| title(s.index()))
        .collect();
    let best = end.outcome.scores.iter().max().copied().unwrap_or(0);
    ui.label(
        RichText::new(format!(
            "Winner: {} with {best} points",
            winners.join(" and ")
        ))
        .strong(),
    );
    let rules = state.board().rules();
    let stations = rules.stations.count > 0;
    let globetrotter = end.breakdowns.iter().any(|b| b.globetrotter_bonus != 0);
    egui::Grid::new("final-scores")
        .striped(true)
        .show(ui, |ui| {
            let mut heads = vec!["Player", "Routes", "Tickets", "Longest", "Bonus"];
            if globetrotter {
                heads.push("Globetrotter");
            }
            if stations {
                heads.push("Stations");
            }
            heads.push("Total");
            for h in heads {
                ui.label(RichText::new(h).weak());
            }
            ui.end_row();
            for (i, b) in end.breakdowns.iter().enumerate() {
                ui.label(RichText::new(title(i)).color(player_color(Seat(i as u8))));
                ui.label(b.routes.to_string())
                    .on_hover_text(format!("route points, {} of them by doubling", b.doubling));
                ui.label(format!("+{} -{}", b.tickets_completed, b.tickets_failed))
                    .on_hover_text(format!(
                        "{} completed, {} failed",
                        b.completed.len(),
                        b.failed.len()
                    ));
                ui.label(b.longest_path.to_string())
                    .on_hover_text("the longest continuous path, in cars");
                ui.label(b.longest_path_bonus.to_string());
                if globetrotter {
                    ui.label(b.globetrotter_bonus.to_string());
                }
                if stations {
                    ui.label(format!("+{}", b.stations_bonus))
                        .on_hover_text(format!("{} built", b.stations_built));
                }
                ui.label(RichText::new(b.total.to_string()).strong());
                ui.end_row();
            }
        });
    for (i, b) in end.breakdowns.iter().enumerate() {
        let names = |ids: &[engine::board::TicketId]| {
            ids.iter()
                .map(|&t| state.board().ticket(t).name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        ui.label(format!(
            "{}: completed {}; failed {}",
            title(i),
            if b.completed.is_empty() {
                "none".to_owned()
            } else {
                names(&b.completed)
            },
            if b.failed.is_empty() {
                "none".to_owned()
            } else {
                names(&b.failed)
            }
        ));
    }
}

/// The log, newest at the bottom; only the rows in view are laid out, so a
/// long game costs nothing more per frame.
pub fn log_view(ui: &mut Ui, id: &str, lines: &[&str]) {
    ui.label(RichText::new("Log").strong());
    let row = ui.text_style_height(&egui::TextStyle::Small) + ui.spacing().item_spacing.y;
    egui::ScrollArea::vertical()
        .id_salt(id)
        .max_height(160.0)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show_rows(ui, row, lines.len(), |ui, range| {
            for l in &lines[range] {
                ui.add(egui::Label::new(RichText::new(*l).small()).truncate());
            }
        });
}
