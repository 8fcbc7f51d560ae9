//! Two personas that are not in the literature's four styles, each with its
//! own turn rule:
//!
//! - `blocker` claims the routes its rivals most likely need ([`RivalNeeds`]:
//!   inferred from their claims and ticket counts only), otherwise plays
//!   `route-focus`'s rules while also collecting cards for the next block;
//! - `hoarder` takes tickets and cards before it claims, like a greedy
//!   human: it draws tickets while its plan leaves room, then draws cards
//!   (any face-up locomotive first) until its hand covers its whole plan, and
//!   only then claims. Seated together, hoarders empty the deck and the
//!   display into their hands: the bot that exposes designs that can jam.
//!
//! [`RivalNeeds`]: super::rivals::RivalNeeds

use super::heuristic::{HeuristicBot, claim_action};
use super::pay::HandReach;
use super::plan::Needs;
use crate::board_game::board::RouteId;
use crate::board_game::{Action, Observation};
use crate::game::Observation as _;

/// A route is blocked when the rivals' need of it reaches this: a rival
/// holding two tickets would have to detour four trains or more without it.
const BLOCK_THREAT: f32 = 1.0;

impl HeuristicBot {
    // ----- blocker ---------------------------------------------------------------

    /// The routes the rivals need with at least [`BLOCK_THREAT`] that it may
    /// take — open, and within the trains beyond its own plan or on its plan
    /// — most needed first.
    fn block_candidates(&mut self, obs: &Observation<'_>) -> Vec<(f32, RouteId)> {
        self.rivals.refresh(obs);
        let board = obs.board();
        let plan = &self.planner.plan;
        let spare = u32::from(obs.player(obs.seat()).trains).saturating_sub(plan.trains);
        let mut out: Vec<(f32, RouteId)> = self
            .rivals
            .threat
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t >= BLOCK_THREAT)
            .map(|(i, &t)| (t, RouteId::from_index(i)))
            .filter(|&(_, id)| {
                obs.route_open(id)
                    && (u32::from(board.route(id).length) <= spare || plan.routes.contains(&id))
            })
            .collect();
        out.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        out
    }

    /// `blocker`: 1. claim the affordable route its rivals need most (at
    /// least [`BLOCK_THREAT`]) outside the last turns; 2. otherwise
    /// `route-focus`'s rules, drawing cards for its plan and its next block.
    pub(super) fn blocker_turn(&mut self, obs: &Observation<'_>) -> Option<Action> {
        let (ending, _) = self.begin_turn(obs);
        let needs = self.blocker_needs(obs);
        if !ending {
            let reach = HandReach::of(obs);
            let block = self
                .block_candidates(obs)
                .into_iter()
                .find_map(|(_, id)| claim_action(obs, &reach, id, &needs.colored, false));
            if block.is_some() {
                return block;
            }
        }
        self.route_focus_rules(obs, &needs)
    }

    /// What `blocker` draws for: its plan plus its next block.
    pub(super) fn blocker_needs(&mut self, obs: &Observation<'_>) -> Needs {
        let plan = self.plan_needs(obs);
        match self.block_candidates(obs).first() {
            Some(&(_, r)) if !self.planner.plan.routes.contains(&r) => {
                let mut routes = self.planner.plan.routes.clone();
                routes.push(r);
                Needs::of(obs.board(), &routes)
            }
            _ => plan,
        }
    }

    // ----- hoarder ----------------------------------------------------------------

    /// Can a train card be drawn at all (deck, discards or display)?
    fn cards_left(obs: &Observation<'_>) -> bool {
        obs.deck_size() > 0
            || obs.discards().total() > 0
            || obs.display().iter().any(Option::is_some)
    }

    /// `hoarder`: 1. draw tickets while its plan leaves room
    /// ([`HeuristicBot::hungry_for_tickets`]); 2. draw cards while any can be
    /// drawn and the hand does not yet cover the whole plan (outside the last
    /// turns and its endgame); 3. claim the longest affordable route of the
    /// plan; 4. a station; 5. tickets once the plan is finished; 6. the best
    /// affordable route; 7. draw.
    pub(super) fn hoarder_turn(&mut self, obs: &Observation<'_>) -> Option<Action> {
        let (ending, needs) = self.begin_turn(obs);
        if !ending && self.hungry_for_tickets(obs) {
            return Some(Action::DrawTickets);
        }
        let wanted = needs.colored;
        let me = obs.player(obs.seat());
        let colors = obs.board().colors().len();
        let lacking: u16 = needs.usefulness(obs.hand(), colors).iter().sum();
        let can_draw = Self::cards_left(obs);
        if !ending && me.trains >= self.scale().endgame && lacking > 0 && can_draw {
            return self.hoard_draw(obs, false);
        }
        if let Some(a) = self.build_plan(obs, &wanted, ending) {
            return Some(a);
        }
        if !ending && self.wants_tickets(obs) {
            return Some(Action::DrawTickets);
        }
        if let Some(a) = self.best_free_claim(obs, &wanted, ending || !can_draw) {
            return Some(a);
        }
        self.hoard_draw(obs, false)
    }

    /// A hoarder's draw: any face-up locomotive it may take, else the card
    /// its plan lacks most, else blind.
    pub(super) fn hoard_draw(&mut self, obs: &Observation<'_>, second: bool) -> Option<Action> {
        let loco_double = obs.board().rules().display.locomotive_counts_double;
        if !(second && loco_double)
            && let Some(slot) = obs
                .display()
                .iter()
                .position(|c| c.is_some_and(|c| c.is_locomotive()))
        {
            return Some(Action::DrawFaceUp(slot as u8));
        }
        let needs = self.plan_needs(obs);
        self.draw(obs, &needs, second)
    }
}
