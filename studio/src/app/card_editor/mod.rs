//! The editor of a card-game design (`family: card-game`, Ticket to Ride:
//! The Card Game), shown instead of the board editor's tables and map: the
//! ticket table with card chips (`table`), the selected ticket's editor
//! (`ticket`, over the plain edits of `ticket_edit`), the card-game Rules
//! panel with its Big City list (`rules`), the shared Cards panel, and the source
//! map with the selected tickets lit (`source_map`). The studio's Derive
//! command, which makes a card-game design from a board design, is in
//! `derive`.

pub mod chips;
pub mod derive;
pub mod rules;
pub mod source_map;
pub mod table;
pub mod ticket;
pub mod ticket_edit;
pub mod view;

use egui::{Button, Ui};

use super::document::Document;
use super::selection::{Obj, Selection};
use super::studio::Tab;
use crate::app::panels::cards::{CardsPanel, deck_colors};
use crate::app::panels::inspector::read_only_in_game;
use rules::CardRulesPanel;
use source_map::SourceMap;
use table::{TableAction, TicketTable};
use ticket::TicketEditor;

/// The side panel tabs of a card-game design.
const TABS: [(Tab, &str); 3] = [
    (Tab::Tickets, "Tickets"),
    (Tab::Rules, "Rules"),
    (Tab::Cards, "Cards"),
];

/// The card-game editor's panels and their state.
#[derive(Default)]
pub struct CardEditor {
    /// The ticket table.
    pub table: TicketTable,
    /// The selected ticket's editor.
    pub ticket: TicketEditor,
    /// The card-game Rules panel.
    pub rules: CardRulesPanel,
    /// The deck.
    pub deck: CardsPanel,
    /// The source map with lit tickets.
    pub source: SourceMap,
}

impl CardEditor {
    /// The side panel: the Tickets, Rules and Cards tabs, read-only while
    /// `in_game`. Selection changes are made here; returns a status message.
    pub fn side_panel(
        &mut self,
        ui: &mut Ui,
        doc: &mut Document,
        selection: &mut Selection,
        tab: &mut Tab,
        in_game: bool,
    ) -> Option<String> {
        if !TABS.iter().any(|(t, _)| t == tab) {
            *tab = Tab::Tickets;
        }
        ui.horizontal_wrapped(|ui| {
            for (t, label) in TABS {
                if ui.add(Button::selectable(*tab == t, label)).clicked() {
                    *tab = t;
                }
            }
        });
        ui.separator();
        read_only_in_game(ui, in_game, |ui| self.tab_ui(ui, doc, selection, *tab))
    }

    /// The contents of the side panel's `tab`; returns a status message.
    fn tab_ui(
        &mut self,
        ui: &mut Ui,
        doc: &mut Document,
        selection: &mut Selection,
        tab: Tab,
    ) -> Option<String> {
        match tab {
            Tab::Rules => self.rules.ui(ui, doc),
            Tab::Cards => self.deck.ui(ui, doc),
            _ => {
                let generation = doc.generation();
                match self.table.ui(ui, &doc.design, generation, selection)? {
                    TableAction::Row(click) if click.add => selection.toggle(click.obj),
                    TableAction::Row(click) => selection.select_only(click.obj),
                    TableAction::Add => {
                        let first = deck_colors(&doc.design).into_iter().next();
                        let i = doc.edit("Add ticket", |d| {
                            ticket_edit::add_ticket(d, first.as_deref())
                        });
                        selection.select_only(Obj::Ticket(i));
                        return Some("Added a ticket: name its cities.".into());
                    }
                }
            }
        }
        None
    }

    /// The right panel: the selected ticket's editor.
    pub fn ticket_panel(
        &mut self,
        ui: &mut Ui,
        doc: &mut Document,
        selection: &mut Selection,
    ) -> Option<String> {
        let colors = deck_colors(&doc.design);
        egui::ScrollArea::vertical()
            .id_salt("card ticket editor")
            .show(ui, |ui| self.ticket.ui(ui, doc, selection, &colors))
            .inner
    }

    /// The centre: the source map with the selected tickets lit, or during
    /// a game (`playing`: the tickets of the player whose screen it is) those
    /// tickets instead of the editor's selection.
    pub fn map(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        selection: &mut Selection,
        playing: Option<Vec<usize>>,
    ) {
        match playing {
            Some(tickets) => {
                let mut lit = Selection::default();
                lit.set(tickets.into_iter().map(Obj::Ticket));
                self.source.ui(ui, doc, &lit);
            }
            None => {
                if let Some(tickets) = self.source.ui(ui, doc, selection) {
                    selection.set(tickets);
                }
            }
        }
    }
}
