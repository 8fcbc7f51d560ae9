//! The board game's pages of the Simulate window ([`SimView`] for
//! [`BoardFamily`]): the route and city heatmap on the map ([`heat`]), the
//! ticket table ([`tickets`], a ticket's cities lit and selected), and the
//! never-claimed and most-changed routes of a comparison ([`compare`]).

pub mod compare;
pub mod heat;
pub mod tickets;

use egui::{RichText, Ui, pos2, vec2};
use engine::board_game::BoardFamily;
use engine::board_game::board::Board;
use engine::board_game::sim::BoardReport;
use engine::sim::report::PlayerCountReport;
use engine::sim::stats::pct;

use self::heat::HeatMode;
use self::tickets::TicketTable;
use super::compare::Row;
use super::family::{CompareTable, PageOut, SimView};
use crate::app::canvas::paint::Overlay;
use crate::app::selection::Obj;

/// The state of the board game's pages.
#[derive(Clone, Debug, Default)]
pub struct BoardPages {
    /// What the route colours show.
    pub mode: HeatMode,
    /// The ticket table (sort and selected ticket).
    pub tickets: TicketTable,
}

impl SimView for BoardFamily {
    type Pages = BoardPages;

    const MAP_PAGE: &'static str = "Heatmap";
    const TABLE_PAGE: &'static str = "Ticket table";
    const NORMAL_END: &'static str = "Trains ran low (normal end)";

    fn overlay(
        board: &Board,
        section: &PlayerCountReport<BoardReport>,
        bots: &[String],
        pages: &BoardPages,
    ) -> Overlay {
        let mut o = heat::overlay(section, pages.mode, bots);
        if let Some(t) = pages.tickets.selected {
            o.lit_cities.extend(tickets::ticket_cities(board, t));
        }
        o
    }

    fn map_page(
        ui: &mut Ui,
        pages: &mut BoardPages,
        section: &PlayerCountReport<BoardReport>,
    ) -> PageOut {
        let before = pages.mode;
        ui.horizontal(|ui| {
            ui.label("Route colour:");
            for m in [HeatMode::ClaimRate, HeatMode::MeanTurn] {
                ui.radio_value(&mut pages.mode, m, m.label());
            }
        });
        legend(ui, section, pages.mode);
        PageOut {
            refresh: pages.mode != before,
            select: None,
        }
    }

    fn table_page(
        ui: &mut Ui,
        pages: &mut BoardPages,
        board: &Board,
        section: &PlayerCountReport<BoardReport>,
    ) -> PageOut {
        match pages.tickets.ui(ui, section) {
            Some(t) => PageOut {
                refresh: true,
                select: Some(
                    tickets::ticket_cities(board, t)
                        .into_iter()
                        .map(Obj::City)
                        .collect(),
                ),
            },
            None => PageOut::default(),
        }
    }

    fn section_changed(pages: &mut BoardPages) {
        pages.tickets.selected = None;
    }

    fn compare_rows(
        before: &PlayerCountReport<BoardReport>,
        after: &PlayerCountReport<BoardReport>,
    ) -> Vec<Row> {
        compare::metrics(before, after)
    }

    fn compare_tables(
        before: &PlayerCountReport<BoardReport>,
        after: &PlayerCountReport<BoardReport>,
    ) -> Vec<CompareTable> {
        vec![CompareTable {
            title: "Routes whose claim rate changed most",
            first: "Route",
            rows: compare::route_changes(before, after, 10),
        }]
    }
}

/// The heatmap's legend: the colour scale with its ends, what widths,
/// crosses and discs mean, and the most claimed routes.
fn legend(ui: &mut Ui, s: &PlayerCountReport<BoardReport>, mode: HeatMode) {
    let (cold, hot, lines) = heat::legend(s, mode);
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
        "{never} of {} never claimed; mean game {:.1} turns.",
        engine::words::count(s.family.map.routes.len(), "route"),
        s.pace.turns.mean
    ));
    let mut routes: Vec<_> = s.family.map.routes.iter().collect();
    routes.sort_by(|a, b| b.claim_rate.total_cmp(&a.claim_rate));
    ui.label(RichText::new("Most claimed").strong());
    for r in routes.iter().take(5) {
        ui.label(format!("{} — {}", r.name, pct(r.claim_rate)));
    }
}
