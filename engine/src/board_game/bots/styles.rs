//! The turn rules of three literature styles (de Mesentier Silva et al., FDG
//! 2017) besides `route-focus` (in [`super::heuristic`]): each decides in its
//! own order and draws cards for its own target, over the shared planner.
//!
//! - `destination-hungry`: tickets first, then finishing them — before its
//!   first claim it draws tickets while its plan leaves room (more room the
//!   more rivals sit at the table, as they take a ticket's routes sooner) and
//!   keeps the most tickets its trains can cover; after its first claim it
//!   draws tickets again only once every ticket is done or dropped;
//! - `long-route`: route points first — it claims long routes whenever its
//!   trains cover them beside its ticket plan, and draws cards for the long
//!   route it is nearest to affording; tickets come second;
//! - `one-step`: no look-ahead — it claims whatever gives the most right now
//!   and draws cards for the single route nearest to being affordable.

use super::heuristic::{HeuristicBot, best_claim, most_points_claim};
use super::pay::HandReach;
use super::plan::Needs;
use crate::board_game::board::RouteId;
use crate::board_game::{Action, Observation};
use crate::game::Observation as _;

impl HeuristicBot {
    // ----- destination-hungry ---------------------------------------------------

    /// `destination-hungry`, tickets first and then finishing them: 1. before
    /// its first claim, draw tickets while the plan leaves room at this table
    /// ([`HeuristicBot::hungry_at_table`]: more room the more rivals); 2.
    /// claim the longest affordable route of the plan; 3. a station; 4. draw
    /// tickets again only once the plan is finished; 5. free play; 6. draw
    /// cards for the whole plan.
    pub(super) fn hungry_turn(&mut self, obs: &Observation<'_>) -> Option<Action> {
        let (ending, needs) = self.begin_turn(obs);
        let hungry = !ending && self.hungry_at_table(obs);
        if hungry && obs.player(obs.seat()).routes.is_empty() {
            return Some(Action::DrawTickets);
        }
        let wanted = needs.colored;
        if let Some(a) = self.build_plan(obs, &wanted, ending) {
            return Some(a);
        }
        if !ending && self.wants_tickets(obs) {
            return Some(Action::DrawTickets);
        }
        if let Some(a) = self.free_play(obs, &wanted, ending) {
            return Some(a);
        }
        self.draw(obs, &needs, false)
    }

    /// Room for more tickets at this table: besides
    /// [`HeuristicBot::hungry_for_tickets`] (fewer than
    /// [`super::scale::Scale::hungry_tickets`] held, the plan leaving
    /// [`super::scale::Scale::hungry_spare`] trains spare), a third more spare
    /// trains for every player beyond two: more rivals take a ticket's routes
    /// sooner.
    fn hungry_at_table(&self, obs: &Observation<'_>) -> bool {
        let spare = u32::from(self.scale().hungry_spare);
        let rivals = obs.num_players().saturating_sub(2) as u32;
        self.hungry_for_tickets(obs)
            && u32::from(obs.player(obs.seat()).trains)
                >= self.planner.plan.trains + spare + spare * rivals / 3
    }

    // ----- long-route ------------------------------------------------------------

    /// Trains left beyond what the ticket plan takes.
    fn spare_trains(&self, obs: &Observation<'_>) -> u32 {
        u32::from(obs.player(obs.seat()).trains).saturating_sub(self.planner.plan.trains)
    }

    /// The open long route (see `Scale::long_route`) within the spare trains
    /// that the hand is nearest to affording, the most points on ties.
    fn long_target(&self, obs: &Observation<'_>) -> Option<RouteId> {
        let board = obs.board();
        let spare = self.spare_trains(obs);
        let reach = HandReach::of(obs);
        let mut best: Option<((u16, i32), RouteId)> = None;
        for &id in &self.design().long_routes {
            let r = board.route(id);
            if u32::from(r.length) > spare || !obs.route_open(id) {
                continue;
            }
            let key = (reach.missing(r), -r.points);
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, id));
            }
        }
        best.map(|(_, r)| r)
    }

    /// `long-route`: 1. claim the affordable long route with most points that
    /// the spare trains cover; 2. the longest affordable route of its ticket
    /// plan; 3. a station; 4. tickets only once the plan is finished and no
    /// long route is within reach; 5. free play; 6. draw cards for the long
    /// target, else for the plan.
    pub(super) fn long_route_turn(&mut self, obs: &Observation<'_>) -> Option<Action> {
        let (ending, plan_needs) = self.begin_turn(obs);
        let wanted = plan_needs.colored;
        let board = obs.board();
        let spare = self.spare_trains(obs);
        let long = most_points_claim(obs, &self.design().long_by_points, &wanted, ending, |r| {
            u32::from(r.length) <= spare || ending
        });
        if let Some(a) = long.or_else(|| self.build_plan(obs, &wanted, ending)) {
            return Some(a);
        }
        let target = self.long_target(obs);
        if !ending && target.is_none() && self.wants_tickets(obs) {
            return Some(Action::DrawTickets);
        }
        if let Some(a) = self.free_play(obs, &wanted, ending) {
            return Some(a);
        }
        let needs = match target {
            Some(r) => Needs::of(board, &[r]),
            None => plan_needs,
        };
        self.draw(obs, &needs, false)
    }

    /// What `long-route` draws for: its long target, else its plan.
    pub(super) fn long_route_needs(&mut self, obs: &Observation<'_>) -> Needs {
        let plan = self.plan_needs(obs);
        match self.long_target(obs) {
            Some(r) => Needs::of(obs.board(), &[r]),
            None => plan,
        }
    }

    // ----- one-step --------------------------------------------------------------

    /// `one-step`: 1. the affordable claim with the best immediate gain — a
    /// route of its plan scores its points plus its ticket's points shared
    /// among the routes that ticket still needs (twice the ticket's points
    /// when it completes it); routes off the plan count only once the plan
    /// is finished or the game ending; 2. a station; 3. tickets once the plan
    /// is finished; 4. free play in its endgame; 5. draw cards for the one
    /// route of the plan nearest to being affordable.
    pub(super) fn one_step_turn(&mut self, obs: &Observation<'_>) -> Option<Action> {
        let (ending, plan_needs) = self.begin_turn(obs);
        let wanted = plan_needs.colored;
        let board = obs.board();
        let plan = &self.planner.plan;
        let gains = plan.routes_by_ticket().map(|(id, t, left)| {
            let p = i64::from(board.ticket(t).points);
            let share = if left <= 1 {
                p * 20
            } else {
                p * 10 / left as i64
            };
            (id, i64::from(board.route(id).points) * 10 + share)
        });
        let gain = best_claim(obs, gains, &wanted, ending);
        if let Some(a) = gain.or_else(|| self.station(obs, &wanted)) {
            return Some(a);
        }
        if !ending && self.wants_tickets(obs) {
            return Some(Action::DrawTickets);
        }
        if let Some(a) = self.free_play(obs, &wanted, ending) {
            return Some(a);
        }
        // With no route planned, the plan's needs are already the free
        // target's, which `one_step_needs` would work out again.
        let needs = if self.planner.plan.routes.is_empty() {
            plan_needs
        } else {
            self.one_step_needs(obs)
        };
        self.draw(obs, &needs, false)
    }

    /// What `one-step` draws for: the plan's route nearest to being
    /// affordable (its ticket's points break ties), else the free target.
    pub(super) fn one_step_needs(&mut self, obs: &Observation<'_>) -> Needs {
        let budget = self.budget(obs);
        self.planner.refresh(obs, budget);
        let board = obs.board();
        let plan = &self.planner.plan;
        let reach = HandReach::of(obs);
        let nearest = plan
            .routes_by_ticket()
            .map(|(r, t, _)| {
                let points = board.ticket(t).points;
                ((reach.missing(board.route(r)), -points), r)
            })
            .min()
            .map(|(_, r)| r)
            .or_else(|| self.free_target(obs));
        match nearest {
            Some(r) => Needs::of(board, &[r]),
            None => Needs::default(),
        }
    }
}
