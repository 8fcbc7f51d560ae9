//! The board game as a [`Family`]: built from a board design, played by the
//! bots of [`crate::bots`], measured by [`super::sim::BoardMeasures`].

use std::sync::Arc;

use formats::GameFile;
use smallvec::smallvec;

use super::bots;
use super::sim::BoardMeasures;
use super::{Action, ActionKind, BoardGame, Event, Events, State, checks};
use crate::board_game::board::Board;
use crate::bots::{Bot, BotNameError};
use crate::diagnostics::Diagnostics;
use crate::game::{Accounts, Family, PlayerCountError};
use crate::sim::skill::{self, SkillProbe};

impl Board {
    /// Turns a design into a board, or says everything that stops it (a
    /// design of another family, which has no board, is refused with TL015).
    pub fn build(file: &GameFile) -> Result<Board, Diagnostics> {
        BoardFamily::build(file)
    }
}

/// The board family (USA, Europe, Heart of Africa and their variants).
#[derive(Debug, Clone, Copy)]
pub struct BoardFamily;

impl Family for BoardFamily {
    const KIND: formats::Family = formats::Family::Board;
    const BOT_NAMES: &'static [&'static str] = &bots::BOT_NAMES;
    const PERSONAS: &'static [&'static str] = &bots::PERSONAS;
    const SKILL_PROBE: SkillProbe = SkillProbe {
        strong: skill::STRONG,
        mid: "destination-hungry",
    };
    const ACTION_KINDS: &'static [&'static str] = &[
        "keep-tickets",
        "draw-card",
        "draw-terrain",
        "draw-tickets",
        "claim",
        "tunnel",
        "station",
        "double",
    ];
    const SCORE_COMPONENTS: &'static [&'static str] = &[
        "routes",
        "doubling",
        "tickets_completed",
        "tickets_failed",
        "longest_path_bonus",
        "globetrotter_bonus",
        "stations",
    ];
    const PENALTIES: &'static [&'static str] = &["tickets_failed"];

    type Design = Board;
    type Game = Arc<BoardGame>;
    type State = State;
    type Measures = BoardMeasures;
    type Balance = super::balance::BoardBalance;

    fn check(file: &GameFile) -> (Option<Board>, Diagnostics) {
        let mut diagnostics = Diagnostics::default();
        let built = crate::board_game::board::build(file, &mut diagnostics);
        if file.family == formats::Family::Board {
            crate::board_game::design_checks::run(file, &mut diagnostics);
        }
        (built, diagnostics)
    }

    fn design_name(board: &Board) -> &str {
        board.name()
    }

    fn players(board: &Board) -> (usize, usize) {
        let range = board.rules().players;
        (usize::from(range.min), usize::from(range.max))
    }

    fn new_game(board: &Arc<Board>, players: usize) -> Result<Arc<BoardGame>, PlayerCountError> {
        BoardGame::new(board.clone(), players)
    }

    fn bot(spec: &str, seed: u64) -> Result<Box<dyn Bot<State>>, BotNameError> {
        bots::by_name(spec, seed)
    }

    fn action_kind(action: Action) -> usize {
        match action.kind() {
            ActionKind::KeepTickets => 0,
            ActionKind::DrawCard => 1,
            ActionKind::DrawTerrain => 2,
            ActionKind::DrawTickets => 3,
            ActionKind::Claim => 4,
            ActionKind::Tunnel => 5,
            ActionKind::Station => 6,
            ActionKind::Double => 7,
        }
    }

    fn describe_events(state: &State, events: &Events) -> Vec<String> {
        events.iter().map(|e| state.event_text(e, None)).collect()
    }

    fn passes(events: &Events) -> u32 {
        events
            .iter()
            .filter(|e| matches!(e, Event::Passed { .. }))
            .count() as u32
    }

    fn score_track(state: &State, out: &mut Vec<i32>) {
        out.extend(state.players().iter().map(|p| p.route_points));
    }

    fn accounts(state: &State) -> Option<Vec<Accounts>> {
        let ending = state.ending()?;
        Some(
            ending
                .breakdowns
                .iter()
                .map(|b| Accounts {
                    total: b.total,
                    components: smallvec![
                        b.routes,
                        b.doubling,
                        b.tickets_completed,
                        b.tickets_failed,
                        b.longest_path_bonus,
                        b.globetrotter_bonus,
                        b.stations_bonus,
                    ],
                    goals: Some((
                        (b.completed.len() + b.failed.len()) as u32,
                        b.completed.len() as u32,
                    )),
                })
                .collect(),
        )
    }

    fn component_totals(state: &State) -> Vec<(String, u64)> {
        checks::component_totals(state)
    }

    fn recompute_scores(state: &State) -> Vec<i32> {
        checks::recompute_scores(state)
    }
}
