//! What a simulation measures of the board game: per route, city and ticket,
//! tunnels, stations and doubling ([`BoardReport`]), its findings and its CSV
//! tables.

pub mod csv;
mod findings;
mod record;
mod report;
mod text;

pub use record::{BoardRecord, TunnelResult};
pub use report::{
    BoardMeasures, BoardReport, CityRow, DoublingReport, MapReport, RouteRow, StationReport,
    TicketRow, TunnelReport,
};

use super::{Action, BoardFamily, Events, State};
use crate::board_game::board::Board;
use crate::sim::findings::Topic;
use crate::sim::{Finding, GameRecord, Measures, PlayerCountReport, SimReport};

impl Measures<BoardFamily> for BoardMeasures {
    type Game = BoardRecord;
    type Report = BoardReport;

    fn start(board: &Board) -> BoardRecord {
        BoardRecord::with_room(board)
    }

    fn moved(game: &mut BoardRecord, state: &State, action: Action, events: &Events) {
        game.moved(state, action, events);
    }

    fn end(game: &mut BoardRecord, state: &State) {
        game.end(state);
    }

    fn check(board: &Board, players: usize, game: &BoardRecord) -> Result<(), String> {
        game.check(board, players)
    }

    fn new(board: &Board, players: usize, bots: &[String]) -> Self {
        BoardMeasures::new(board, players, bots)
    }

    fn add(&mut self, board: &Board, record: &GameRecord<BoardRecord>) {
        BoardMeasures::add(self, board, record);
    }

    fn finish(self, board: &Board, games: u64) -> BoardReport {
        BoardMeasures::finish(self, board, games)
    }

    fn findings(board: &Board, report: &PlayerCountReport<BoardReport>) -> Vec<(Topic, Finding)> {
        findings::findings(board, report)
    }

    fn write_text(report: &PlayerCountReport<BoardReport>, out: &mut String) {
        text::write_text(report, out);
    }

    fn csv_tables(report: &SimReport<BoardReport>) -> Vec<(&'static str, String)> {
        vec![
            ("routes.csv", csv::routes(report)),
            ("tickets.csv", csv::tickets(report)),
            ("cities.csv", csv::cities(report)),
        ]
    }
}
