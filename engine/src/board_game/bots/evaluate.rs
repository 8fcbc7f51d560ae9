//! A static evaluation of a board-game position for every seat, in points:
//! what each player is likely to end with if the game went on from here.
//! The `expert` bot scores its cut-off playouts with it.
//!
//! A player's value is
//! - the route points scored so far;
//! - each ticket held, weighted by how feasible it still is: `+points` when
//!   connected, `−points` when no path is left within the trains, and in
//!   between `points · (2f − 1)`, where `f` is the chance of finishing it in
//!   time — the turns its plan still needs (a turn per route or station to
//!   build, plus the missing cards at about two a turn) against the turns the
//!   game probably has left (from the fewest trains anyone holds and how fast
//!   the trains go);
//! - the points of stations not built;
//! - the longest-path and globetrotter bonuses, shared out softly by how far
//!   each player leads;
//! - a little for every card in hand (cards are claims to come).
//!
//! It reads a full state (a determinization) and plans every player's own
//! tickets with [`Planner`]; nothing here is cached across states.

use std::sync::Arc;

use super::plan::{CostModel, Needs, Planner, TicketStatus};
use super::scale::Scale;
use crate::board_game::State;
use crate::board_game::board::Board;
use crate::board_game::longest::longest_path;
use crate::game::{GameState, Seat};

/// The evaluation's weights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Points per train card in hand (beyond what they add to the trains
    /// that can still be laid).
    pub card: f64,
    /// Average length of the routes still to claim (how many cards a claim
    /// turn spends).
    pub claim_length: f64,
    /// Scales the points each train still to lay is worth (the board's
    /// average points per train).
    pub train_value: f64,
    /// Cards a player collects per turn spent drawing.
    pub cards_per_turn: f64,
    /// Trains the fastest player lays per turn (how fast the game ends).
    pub trains_per_turn: f64,
    /// Turns of slack that make a ticket's chance go from ½ to about ¾.
    pub slack_scale: f64,
    /// Length difference that makes a longest-path lead count about ¾.
    pub longest_scale: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            card: 0.0,
            claim_length: 3.5,
            train_value: 1.0,
            cards_per_turn: 1.7,
            trains_per_turn: 1.25,
            slack_scale: 2.0,
            longest_scale: 2.5,
        }
    }
}

/// The evaluator: planning buffers reused from state to state.
#[derive(Clone, Debug)]
pub struct Evaluator {
    weights: Weights,
    design: Option<(Arc<Board>, CostModel)>,
    /// The board's points per train, over all its routes.
    per_train: f64,
    planner: Planner,
    longest: Vec<u32>,
    completed: Vec<f64>,
}

impl Default for Evaluator {
    fn default() -> Self {
        Evaluator::new(Weights::default())
    }
}

/// The logistic function.
fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Evaluator {
    /// An evaluator with these weights.
    pub fn new(weights: Weights) -> Self {
        Evaluator {
            weights,
            design: None,
            per_train: 0.0,
            planner: Planner::new(CostModel::default()),
            longest: Vec::new(),
            completed: Vec::new(),
        }
    }

    fn prepare(&mut self, state: &State) {
        let board = state.game().board();
        if self
            .design
            .as_ref()
            .is_some_and(|(b, _)| Arc::ptr_eq(b, board))
        {
            return;
        }
        let costs = Scale::new(board).costs;
        self.planner.set_model(costs);
        let (points, trains) = board.routes().iter().fold((0.0, 0.0), |(p, t), r| {
            (p + f64::from(r.points), t + f64::from(r.length))
        });
        self.per_train = if trains > 0.0 { points / trains } else { 0.0 };
        self.design = Some((board.clone(), costs));
    }

    /// The turns each player probably has left: the last round comes when
    /// the fewest trains anyone holds reach the end trigger.
    fn turns_left(&self, state: &State) -> f64 {
        if let Some(t) = state.final_turns_left {
            return f64::from(t) / state.num_players() as f64;
        }
        let trigger = f64::from(state.board().rules().end.trains_left);
        let fewest = state
            .players()
            .iter()
            .map(|p| f64::from(p.trains))
            .fold(f64::INFINITY, f64::min);
        ((fewest - trigger).max(0.0) / self.weights.trains_per_turn + 1.0).max(1.0)
    }

    /// Each seat's value in points (see the module's documentation).
    pub fn values(&mut self, state: &State, out: &mut Vec<f64>) {
        self.prepare(state);
        let board = state.board();
        let rules = board.rules();
        let n = state.num_players();
        let turns = self.turns_left(state);
        let w = self.weights;
        out.clear();
        self.longest.clear();
        self.completed.clear();
        for s in 0..n {
            let seat = Seat(s as u8);
            let p = state.player(seat);
            let obs = state.observation(seat);
            self.planner.invalidate();
            self.planner.refresh(&obs, u32::from(p.trains));
            let plan = &self.planner.plan;
            let mut value = f64::from(p.route_points);
            value += f64::from(p.stations_left) * f64::from(rules.stations.unbuilt_points);
            value += w.card * f64::from(p.hand.total());
            // The trains still to lay turn into route points, as far as the
            // cards the turns left can bring allow.
            let cards = (f64::from(p.hand.total()) + w.cards_per_turn * turns)
                / (1.0 + w.cards_per_turn / w.claim_length);
            value += w.train_value * self.per_train * cards.min(f64::from(p.trains));
            let mut done = 0.0;
            // Tickets are planned in order: each one's turns include those
            // of the tickets planned before it.
            for &(t, status) in &plan.status {
                let points = f64::from(board.ticket(t).points);
                match status {
                    TicketStatus::Done => {
                        value += points;
                        done += 1.0;
                    }
                    TicketStatus::Dropped => value -= points,
                    TicketStatus::Planned(_) => {
                        let Some((_, span)) = plan.spans.iter().find(|(x, _)| *x == t) else {
                            continue;
                        };
                        let routes = &plan.routes[..span.end];
                        let needs = Needs::of(board, routes);
                        let missing = needs
                            .usefulness(&p.hand, board.colors().len())
                            .iter()
                            .sum::<u16>()
                            .saturating_sub(p.hand.locomotives());
                        let borrow = plan.borrow.len() as f64;
                        let need =
                            routes.len() as f64 + borrow + f64::from(missing) / w.cards_per_turn;
                        let f = logistic((turns - need) / w.slack_scale);
                        value += points * (2.0 * f - 1.0);
                        done += f;
                    }
                }
            }
            self.completed.push(done);
            if rules.bonuses.longest_path != 0 {
                self.longest.push(longest_path(board, &p.routes));
            }
            out.push(value);
        }
        if rules.bonuses.longest_path != 0 {
            soft_bonus(
                &self
                    .longest
                    .iter()
                    .map(|&l| f64::from(l))
                    .collect::<Vec<_>>(),
                f64::from(rules.bonuses.longest_path),
                // A lead means little while many routes are still to come.
                w.longest_scale * (1.0 + turns / 4.0),
                out,
            );
        }
        if rules.bonuses.globetrotter != 0 {
            let completed = std::mem::take(&mut self.completed);
            soft_bonus(&completed, f64::from(rules.bonuses.globetrotter), 1.0, out);
            self.completed = completed;
        }
    }
}

/// Shares a bonus that goes to the player with the most of something: each
/// player gets `bonus` times the chance of leading, read from the margin
/// over the best other player.
fn soft_bonus(amounts: &[f64], bonus: f64, scale: f64, out: &mut [f64]) {
    for (s, v) in out.iter_mut().enumerate() {
        let best_other = amounts
            .iter()
            .enumerate()
            .filter(|&(o, _)| o != s)
            .map(|(_, &a)| a)
            .fold(f64::NEG_INFINITY, f64::max);
        if best_other.is_finite() {
            *v += bonus * logistic((amounts[s] - best_other + 0.5) / scale);
        }
    }
}
