//! The result pages every family shares: win rates, scores and game
//! length of one player count's section, drawn from the report's shared
//! parts (the numbers come from [`charts`] and [`tables`]).

use egui::{Color32, RichText, Ui};
use engine::sim::report::PlayerCountReport;
use engine::sim::skill::SkillReport;

use super::{charts, tables};

/// Win rates by seat and by bot: charts with intervals and tables.
pub fn win_rates<R>(ui: &mut Ui, s: &PlayerCountReport<R>) {
    ui.label(RichText::new("Win rate by seat (bars: 95% intervals; green: fair share)").strong());
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

/// Skill versus luck: how often the family's strong bot finished ahead of a
/// mid-ladder bot and of `random`, with intervals (50%: a game of luck).
pub fn skill(ui: &mut Ui, s: &SkillReport) {
    ui.label(
        RichText::new(format!(
            "Skill versus luck ({}, {} in one seat)",
            engine::words::count(s.players, "player"),
            s.strong
        ))
        .strong(),
    );
    egui::Grid::new("sim-skill").striped(true).show(ui, |ui| {
        ui.label("Against");
        ui.label(format!("{} ahead", s.strong));
        ui.label("Games");
        ui.end_row();
        for m in &s.matches {
            ui.label(if m.role == "mid" {
                format!("{} (mid-ladder)", m.opponent)
            } else {
                m.opponent.clone()
            });
            ui.label(m.strong_wins.percent());
            ui.label(engine::sim::findings::thousands(m.strong_wins.of));
            ui.end_row();
        }
    });
    ui.weak(
        "50%: the better player wins no more often than chance allows (a game of luck); \
         near 100%: skill decides.",
    );
}

/// Final scores: box plots by seat and by bot, a histogram, the mean parts.
pub fn scores<R>(ui: &mut Ui, s: &PlayerCountReport<R>) {
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

/// Game length: turns per game and the end reasons (`normal`: the
/// family's name of its normal end).
pub fn game_length<R>(ui: &mut Ui, s: &PlayerCountReport<R>, normal: &'static str) {
    ui.label(RichText::new("Turns per game").strong());
    charts::histogram_chart(
        ui,
        "sim-turns-histogram",
        &s.pace.turns_histogram,
        "turns",
        Color32::from_rgb(110, 160, 110),
    );
    tables::pace_table(ui, s, normal);
}
