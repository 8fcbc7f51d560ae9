//! The scoreboard during play, the final score breakdown with the winner,
//! and the log view, for any family: the family gives its scoreboard
//! columns ([`PlayView::scoreboard_columns`]), its final accounts
//! ([`engine::game::Family::accounts`]) and their parts' names
//! ([`engine::game::Family::SCORE_COMPONENTS`]); the tables are computed here
//! by pure functions and only drawn by the widgets.

use egui::{Color32, RichText, Ui};
use engine::game::{Accounts, GameState, Seat};

use super::family::PlayView;
use super::session::seat_name;

/// The colours of the seats' pieces, in seat order.
const PLAYER_COLORS: [Color32; 8] = [
    Color32::from_rgb(220, 50, 47),
    Color32::from_rgb(38, 110, 220),
    Color32::from_rgb(30, 160, 70),
    Color32::from_rgb(235, 180, 0),
    Color32::from_rgb(150, 70, 200),
    Color32::from_rgb(0, 170, 170),
    Color32::from_rgb(240, 110, 20),
    Color32::from_rgb(90, 90, 90),
];

/// The colour of a seat's pieces (on the map, in the tables).
pub fn player_color(seat: Seat) -> Color32 {
    PLAYER_COLORS[seat.index() % PLAYER_COLORS.len()]
}

/// `Player 1 12 · Player 2 30`: every seat's points in one line.
pub fn points_line(scores: &[i32]) -> String {
    scores
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{} {s}", seat_name(Seat(i as u8))))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A score part's name for a header: `tickets_completed` → `Tickets completed`.
pub fn component_header(name: &str) -> String {
    let words = name.replace('_', " ");
    let mut c = words.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The final scores table: headers, then a row of cells per seat (after
/// the seat's title). The parts no seat scored are left out, the
/// `penalties` (parts the total subtracts) are shown negative; goals (held
/// and completed) are shown when the family has them.
pub fn final_table(
    accounts: &[Accounts],
    components: &[&str],
    penalties: &[&str],
) -> (Vec<String>, Vec<Vec<String>>) {
    let shown: Vec<usize> = (0..components.len())
        .filter(|&k| {
            accounts
                .iter()
                .any(|a| a.components.get(k).is_some_and(|&v| v != 0))
        })
        .collect();
    let goals = accounts.iter().any(|a| a.goals.is_some());
    let mut heads: Vec<String> = shown
        .iter()
        .map(|&k| component_header(components[k]))
        .collect();
    if goals {
        heads.push("Goals met".into());
    }
    heads.push("Total".into());
    let rows = accounts
        .iter()
        .map(|a| {
            let mut cells: Vec<String> = shown
                .iter()
                .map(|&k| {
                    let v = a.components.get(k).copied().unwrap_or(0);
                    if v != 0 && penalties.contains(&components[k]) {
                        format!("-{v}")
                    } else {
                        v.to_string()
                    }
                })
                .collect();
            if goals {
                cells.push(
                    a.goals
                        .map_or("-".into(), |(held, met)| format!("{met} of {held}")),
                );
            }
            cells.push(a.total.to_string());
            cells
        })
        .collect();
    (heads, rows)
}

/// A seat's title (`titles`, else its name).
fn title(titles: &[String], i: usize) -> String {
    titles
        .get(i)
        .cloned()
        .unwrap_or_else(|| seat_name(Seat(i as u8)))
}

/// The running scoreboard: the family's columns and the points per seat,
/// the current player marked. `titles` names the seats.
pub fn scoreboard<F: PlayView>(ui: &mut Ui, state: &F::State, titles: &[String]) {
    let scores = state.scores();
    ui.label(RichText::new("Scoreboard").strong());
    ui.label(format!("Scores: {}", points_line(&scores)));
    let columns = F::scoreboard_columns(state);
    egui::Grid::new("scoreboard")
        .striped(true)
        .num_columns(columns.len() + 2)
        .show(ui, |ui| {
            ui.label(RichText::new("Player").weak());
            for c in &columns {
                ui.label(RichText::new(c.header).weak());
            }
            ui.label(RichText::new("Points").weak());
            ui.end_row();
            let current = state.current_player();
            for i in 0..state.num_players() {
                let seat = Seat(i as u8);
                let mut text = RichText::new(title(titles, i)).color(player_color(seat));
                if current == Some(seat) {
                    text = text.strong().underline();
                }
                ui.label(text);
                for c in &columns {
                    ui.label(c.cells.get(i).map_or("", String::as_str));
                }
                ui.label(scores.get(i).copied().unwrap_or(0).to_string());
                ui.end_row();
            }
        });
}

/// The final accounts: each seat's score part by part, the winner and why
/// the game ended, then the family's details. Nothing while the game runs.
pub fn final_scores<F: PlayView>(ui: &mut Ui, state: &F::State, titles: &[String]) {
    let Some(outcome) = state.outcome() else {
        return;
    };
    ui.label(RichText::new(format!("Game over ({})", outcome.reason)).heading());
    ui.label(format!("Final scores: {}", points_line(&outcome.scores)));
    let winners: Vec<String> = outcome
        .winners
        .iter()
        .map(|s| title(titles, s.index()))
        .collect();
    let best = outcome.scores.iter().max().copied().unwrap_or(0);
    ui.label(
        RichText::new(format!(
            "Winner: {} with {}",
            winners.join(" and "),
            engine::words::count(best, "point")
        ))
        .strong(),
    );
    if let Some(accounts) = F::accounts(state) {
        let (heads, rows) = final_table(&accounts, F::SCORE_COMPONENTS, F::PENALTIES);
        // Five seats make a wide table: it scrolls, the window keeps its width.
        egui::ScrollArea::horizontal()
            .id_salt("final-scores-scroll")
            .show(ui, |ui| {
                final_grid(ui, &heads, &rows);
            });
    }
    F::final_details(ui, state, titles);
}

/// Draws the final scores table (`heads` and `rows` from [`final_table`])
/// with a column per seat and a row per part, so it stays narrow whatever
/// the family's parts.
fn final_grid(ui: &mut Ui, heads: &[String], rows: &[Vec<String>]) {
    egui::Grid::new("final-scores")
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            for i in 0..rows.len() {
                let seat = Seat(i as u8);
                ui.label(RichText::new(seat_name(seat)).color(player_color(seat)));
            }
            ui.end_row();
            let last = heads.len().saturating_sub(1);
            for (j, head) in heads.iter().enumerate() {
                ui.label(RichText::new(head).weak());
                for row in rows {
                    let cell = RichText::new(row.get(j).map_or("", String::as_str));
                    ui.label(if j == last { cell.strong() } else { cell });
                }
                ui.end_row();
            }
        });
}

/// The log's height on screen, in points.
const LOG_HEIGHT: f32 = 160.0;

/// The log, newest at the bottom; only the rows in view are laid out, so a
/// long game costs nothing more per frame.
pub fn log_view(ui: &mut Ui, id: &str, lines: &[&str]) {
    ui.label(RichText::new("Log").strong());
    // `show_rows` adds the spacing between rows itself.
    let row = crate::app::fonts::line_height(ui, egui::TextStyle::Small);
    egui::ScrollArea::vertical()
        .id_salt(id)
        .max_height(LOG_HEIGHT)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show_rows(ui, row, lines.len(), |ui, range| {
            for l in &lines[range] {
                ui.add(egui::Label::new(RichText::new(*l).small()).truncate());
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_final_table_shows_the_parts_scored_and_the_goals() {
        let accounts = [
            Accounts {
                total: 20,
                components: vec![30, 0, 10].into(),
                goals: Some((3, 2)),
            },
            Accounts {
                total: 12,
                components: vec![12, 0, 0].into(),
                goals: Some((1, 0)),
            },
        ];
        let parts = ["routes", "doubling", "tickets_failed"];
        let (heads, rows) = final_table(&accounts, &parts, &["tickets_failed"]);
        assert_eq!(heads, ["Routes", "Tickets failed", "Goals met", "Total"]);
        assert_eq!(rows[0], ["30", "-10", "2 of 3", "20"]);
        assert_eq!(rows[1], ["12", "0", "0 of 1", "12"]);
        assert_eq!(points_line(&[12, 30]), "Player 1 12 · Player 2 30");
    }

    /// A long log, kept at its foot as moves are added, shows the newest
    /// line at the foot of its area, not a gap of empty rows below it.
    #[test]
    fn the_newest_line_of_a_long_log_sits_at_the_logs_foot() {
        use egui_kittest::kittest::Queryable as _;
        let lines: Vec<String> = (1..=60).map(|i| format!("Move {i}")).collect();
        let mut h = egui_kittest::Harness::new_ui(|ui| {
            let shown: Vec<&str> = lines.iter().map(String::as_str).collect();
            log_view(ui, "log", &shown);
        });
        h.run();
        let spacing = egui::Spacing::default().item_spacing.y;
        // The log's area begins below its title.
        let foot = h.get_by_label("Log").rect().bottom() + spacing + LOG_HEIGHT;
        let newest = h.get_by_label("Move 60").rect();
        assert!(
            (foot - newest.bottom()).abs() <= spacing,
            "the newest line ends at {}, the log at {foot}",
            newest.bottom()
        );
    }
}
