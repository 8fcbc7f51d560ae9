//! What a family shows of a simulation report, behind one trait: its map
//! page and overlay (the board game: the route and city heatmap), its table
//! page (the board game: tickets), and its side of a comparison. Setup,
//! running, win rates, scores, game length, findings, the shared comparison
//! and the exports are written once in [`super`].

use egui::Ui;
use engine::game::Family;
use engine::sim::{Measures, PlayerCountReport};

use super::compare::Row;
use crate::app::canvas::paint::Overlay;
use crate::app::selection::Obj;

/// One player count's section of a report of family `F`.
pub type SectionOf<F> = PlayerCountReport<<<F as Family>::Measures as Measures<F>>::Report>;

/// What a family page asks of the window after a frame.
#[derive(Debug, Default, PartialEq)]
pub struct PageOut {
    /// The map overlay must be built again (a switch or a selection changed).
    pub refresh: bool,
    /// Select these map objects and bring them into view.
    pub select: Option<Vec<Obj>>,
}

/// A comparison table of the family's own (before, after, change).
pub struct CompareTable {
    /// The heading above it.
    pub title: &'static str,
    /// The header of its first column.
    pub first: &'static str,
    /// Its rows.
    pub rows: Vec<Row>,
}

/// The Simulate window's family-owned parts.
pub trait SimView: Family {
    /// The state of the family's pages (the board game: the heat mode, the
    /// ticket table's sort and selection).
    type Pages: Default + Send + 'static;

    /// The map page's tab label (the board game: `Heatmap`).
    const MAP_PAGE: &'static str;
    /// The table page's tab label (the board game: `Ticket table`).
    const TABLE_PAGE: &'static str;
    /// The normal end in the end reasons table (the board game: `Trains ran
    /// low (normal end)`).
    const NORMAL_END: &'static str;

    /// The report drawn over the map (`bots`: the report's bot names).
    fn overlay(
        design: &Self::Design,
        section: &SectionOf<Self>,
        bots: &[String],
        pages: &Self::Pages,
    ) -> Overlay;
    /// The map page below the shared switch that hides the overlay: the
    /// family's switches and legend.
    fn map_page(ui: &mut Ui, pages: &mut Self::Pages, section: &SectionOf<Self>) -> PageOut;
    /// The table page.
    fn table_page(
        ui: &mut Ui,
        pages: &mut Self::Pages,
        design: &Self::Design,
        section: &SectionOf<Self>,
    ) -> PageOut;
    /// Another section (player count) or another report is shown: forget
    /// what was selected in it.
    fn section_changed(pages: &mut Self::Pages);
    /// The family's headline rows of a comparison, after the shared ones.
    fn compare_rows(before: &SectionOf<Self>, after: &SectionOf<Self>) -> Vec<Row>;
    /// The family's comparison tables, after the headline.
    fn compare_tables(before: &SectionOf<Self>, after: &SectionOf<Self>) -> Vec<CompareTable>;
}
