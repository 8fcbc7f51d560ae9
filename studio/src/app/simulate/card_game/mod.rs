//! The card game's pages of the Simulate window ([`SimView`] for
//! [`CardFamily`]): the Big City bonuses and Train Robbery (the card game
//! has no map to draw on), the ticket table (completion when held), and
//! the tickets whose completion changed most in a comparison. Rows are
//! built by pure functions.

use egui::{Grid, RichText, Ui};
use engine::card_game::sim::CardReport;
use engine::card_game::{CardDesign, CardFamily};
use engine::sim::findings::thousands;
use engine::sim::report::PlayerCountReport;
use engine::sim::stats::pct;

use super::compare::{Row, percent, row};
use super::family::{CompareTable, PageOut, SimView};
use crate::app::canvas::paint::Overlay;

/// One row of the ticket table: name, points, held, completed, completion.
pub fn ticket_rows(s: &PlayerCountReport<CardReport>) -> Vec<[String; 5]> {
    let mut rows: Vec<_> = s.family.cards.tickets.iter().collect();
    rows.sort_by(|a, b| a.completion.value.total_cmp(&b.completion.value));
    rows.iter()
        .map(|t| {
            [
                t.name.clone(),
                t.points.to_string(),
                thousands(t.held),
                thousands(t.completed),
                if t.held == 0 {
                    "—".to_owned()
                } else {
                    t.completion.percent()
                },
            ]
        })
        .collect()
}

/// One row of the Big City table: city, points, won, shared, winners.
pub fn big_city_rows(s: &PlayerCountReport<CardReport>) -> Vec<[String; 5]> {
    s.family
        .cards
        .big_cities
        .iter()
        .map(|b| {
            [
                b.city.clone(),
                b.points.to_string(),
                pct(b.awarded.value),
                pct(b.shared.value),
                format!("{:.2}", b.mean_winners),
            ]
        })
        .collect()
}

fn grid(ui: &mut Ui, id: &str, header: [&str; 5], rows: &[[String; 5]]) {
    Grid::new(id).striped(true).show(ui, |ui| {
        for h in header {
            ui.label(RichText::new(h).strong());
        }
        ui.end_row();
        for r in rows {
            for cell in r {
                ui.label(cell);
            }
            ui.end_row();
        }
    });
}

/// Mean completion of the tickets held at least once.
fn mean_completion(s: &PlayerCountReport<CardReport>) -> f64 {
    let held: Vec<f64> = s
        .family
        .cards
        .tickets
        .iter()
        .filter(|t| t.held > 0)
        .map(|t| t.completion.value)
        .collect();
    if held.is_empty() {
        0.0
    } else {
        held.iter().sum::<f64>() / held.len() as f64
    }
}

fn per_game(x: f64) -> String {
    format!("{x:.2}")
}

fn per_game_delta(x: f64) -> String {
    format!("{x:+.2}")
}

impl SimView for CardFamily {
    type Pages = ();

    const MAP_PAGE: &'static str = "Big Cities & robbery";
    const TABLE_PAGE: &'static str = "Ticket table";
    const NORMAL_END: &'static str = "The deck ran out (normal end)";

    fn overlay(_: &CardDesign, _: &PlayerCountReport<CardReport>, _: &[String], _: &()) -> Overlay {
        Overlay::default()
    }

    fn map_page(ui: &mut Ui, _: &mut (), s: &PlayerCountReport<CardReport>) -> PageOut {
        let rob = &s.family.cards.train_robbery;
        ui.label(format!(
            "Train Robbery: {:.2} per game, {} of Rail Yard plays, {:.1} cards discarded each; in {} of games.",
            rob.per_game,
            pct(rob.per_play),
            rob.cards_per_robbery,
            rob.games_with_robbery.percent()
        ));
        ui.label(RichText::new("Big City bonuses").strong());
        grid(
            ui,
            "card-game-big-cities",
            ["City", "Points", "Won", "Shared", "Winners"],
            &big_city_rows(s),
        );
        PageOut::default()
    }

    fn table_page(
        ui: &mut Ui,
        _: &mut (),
        _: &CardDesign,
        s: &PlayerCountReport<CardReport>,
    ) -> PageOut {
        ui.label("Tickets, hardest first (completion when held at the end of a game).");
        grid(
            ui,
            "card-game-tickets",
            ["Ticket", "Points", "Held", "Completed", "Completion"],
            &ticket_rows(s),
        );
        PageOut::default()
    }

    fn section_changed(_: &mut ()) {}

    fn compare_rows(
        before: &PlayerCountReport<CardReport>,
        after: &PlayerCountReport<CardReport>,
    ) -> Vec<Row> {
        vec![
            row(
                "Ticket completion (mean)",
                mean_completion(before),
                mean_completion(after),
                percent,
                percent,
            ),
            row(
                "Train Robberies per game",
                before.family.cards.train_robbery.per_game,
                after.family.cards.train_robbery.per_game,
                per_game,
                per_game_delta,
            ),
        ]
    }

    fn compare_tables(
        before: &PlayerCountReport<CardReport>,
        after: &PlayerCountReport<CardReport>,
    ) -> Vec<CompareTable> {
        let mut rows: Vec<Row> = after
            .family
            .cards
            .tickets
            .iter()
            .filter_map(|a| {
                let b = before
                    .family
                    .cards
                    .tickets
                    .iter()
                    .find(|b| b.name == a.name)?;
                Some(row(
                    &a.name,
                    b.completion.value,
                    a.completion.value,
                    percent,
                    percent,
                ))
            })
            .collect();
        rows.sort_by(|a, b| b.change.abs().total_cmp(&a.change.abs()));
        rows.truncate(10);
        vec![CompareTable {
            title: "Tickets whose completion changed most",
            first: "Ticket",
            rows,
        }]
    }
}
