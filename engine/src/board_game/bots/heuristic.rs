//! The rule-based players: the four play styles named by the AI-playtesting
//! literature on this game (de Mesentier Silva et al., FDG 2017) and two
//! personas (`blocker`, `hoarder`). Each [`Style`] has its own turn rule (the
//! order in which it claims, draws tickets and draws cards, and what it draws
//! cards for); they share the tools: the ticket planner ([`super::plan`]),
//! payment ([`super::pay`]) and the design's numbers ([`super::scale`]).
//! `route-focus`'s rule is here, the other styles' in [`super::styles`] and
//! the personas' in [`super::personas`]; `docs/bots.md` states each rule in a
//! designer's words.
//!
//! Every number a style plays by is read from the design through a
//! [`Scale`] (built once per game) and the style's shares of it, not sized
//! for one map.
//!
//! The hot path allocates nothing after the first turns: the plan is cached
//! and replanned only when the board or the tickets change, and actions are
//! built directly rather than picked from the full list of legal actions.

use std::sync::Arc;

use super::pay::{self, HandReach, Wanted};
use super::plan::{CostModel, Needs, Planner};
use super::rivals::RivalNeeds;
use super::scale::{Scale, Share};
use crate::board_game::board::{Board, Route, RouteId};
use crate::board_game::{Action, Card, Keep, Observation, PublicPhase};
use crate::bots::Bot;
use crate::game::{KeepsTickets as _, Observation as _, Seat};

/// A play style.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// Builds the shortest paths of its tickets, then draws new ones.
    RouteFocus,
    /// Draws many tickets early, keeps every one its network can absorb.
    DestinationHungry,
    /// Prefers long routes, on and off its ticket paths, for their points.
    LongRoute,
    /// Takes the action with the best immediate gain.
    OneStep,
    /// Claims the routes its rivals most likely need (inferred from their
    /// claims and ticket counts), otherwise plays like `route-focus`.
    Blocker,
    /// Takes tickets and cards before it claims, like a greedy human.
    Hoarder,
}

impl Style {
    /// Every style.
    pub const ALL: [Style; 4] = [
        Style::RouteFocus,
        Style::DestinationHungry,
        Style::LongRoute,
        Style::OneStep,
    ];

    /// The personas: styles that are not from the literature.
    pub const PERSONAS: [Style; 2] = [Style::Blocker, Style::Hoarder];

    /// The style's bot name.
    pub fn name(self) -> &'static str {
        match self {
            Style::RouteFocus => "route-focus",
            Style::DestinationHungry => "destination-hungry",
            Style::LongRoute => "long-route",
            Style::OneStep => "one-step",
            Style::Blocker => "blocker",
            Style::Hoarder => "hoarder",
        }
    }

    /// The style with this bot name.
    pub fn from_name(name: &str) -> Option<Style> {
        Style::ALL
            .into_iter()
            .chain(Style::PERSONAS)
            .find(|s| s.name() == name)
    }

    fn params(self) -> Params {
        let base = Params {
            long_bias: 0,
            budget: 0.85,
            lambda: 0.35,
            ticket_trains: Share::new(14, 45),
            keep_bonus: 0,
        };
        match self {
            Style::RouteFocus | Style::Blocker => base,
            Style::DestinationHungry | Style::Hoarder => Params {
                budget: 1.0,
                lambda: 0.15,
                ticket_trains: Share::new(8, 45),
                keep_bonus: 2,
                ..base
            },
            Style::LongRoute => Params {
                long_bias: 2,
                budget: 0.8,
                ticket_trains: Share::new(22, 45),
                ..base
            },
            Style::OneStep => Params {
                budget: 0.75,
                lambda: 1.0,
                ticket_trains: Share::new(18, 45),
                ..base
            },
        }
    }

    /// The fewest trains the style must have left to draw new tickets, on a
    /// design of this scale: a share of the train supply (14, 8, 22 and 18
    /// of 45 trains for `route-focus`, `destination-hungry`, `long-route` and
    /// `one-step`).
    pub fn ticket_trains(self, scale: &Scale) -> u16 {
        self.params().ticket_trains.of(scale.trains)
    }
}

/// The style's own numbers: preferences, not sizes (those come from the
/// design's [`Scale`]).
#[derive(Clone, Copy, Debug)]
struct Params {
    /// Tenths of a train taken off a route's plan cost per point it scores.
    long_bias: u32,
    /// Share of the trains left that ticket plans may take.
    budget: f32,
    /// Points a ticket must be worth per train of new path (keeping tickets).
    lambda: f32,
    /// Share of the train supply the style must have left to draw tickets.
    ticket_trains: Share,
    /// Extra value per ticket kept.
    keep_bonus: i32,
}

/// How a style chooses among the ways to keep offered tickets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KeepRule {
    /// The best value, fewer tickets on ties.
    BestValue,
    /// The most tickets whose plan drops none, then the best value.
    MostKept,
    /// Only this many tickets (the fewest allowed), the best value among them.
    Fewest(u32),
}

/// The design a bot's numbers were read from.
#[derive(Clone, Debug)]
pub(super) struct Design {
    /// The board, kept to notice a new game on another design.
    board: Arc<Board>,
    /// Its numbers.
    pub(super) scale: Scale,
    /// The style's [`Style::ticket_trains`] on it.
    pub(super) ticket_trains: u16,
    /// Each route's [`free_value`] for the style by the cards still missing,
    /// `stride` values per route (0 to its length missing), worked out once
    /// so that [`HeuristicBot::free_target`] divides nothing per decision.
    free_values: Vec<i64>,
    /// Values per route in `free_values`: the longest route's length plus one.
    stride: usize,
    /// The routes by points, most first, in route order on ties: the order
    /// in which a claim valued by its points is looked for (see
    /// [`most_points_claim`]).
    pub(super) by_points: Vec<RouteId>,
    /// The long routes ([`Scale::long_route`] and longer), in route order:
    /// the only routes `long-route` aims at.
    pub(super) long_routes: Vec<RouteId>,
    /// The long routes in the order of `by_points`.
    pub(super) long_by_points: Vec<RouteId>,
}

/// A rule-based player of one style.
#[derive(Clone, Debug)]
pub struct HeuristicBot {
    pub(super) style: Style,
    params: Params,
    pub(super) design: Option<Design>,
    pub(super) planner: Planner,
    pub(super) legal: Vec<Action>,
    /// `blocker`: what the rivals most likely need (unused by the others).
    pub(super) rivals: RivalNeeds,
}

impl HeuristicBot {
    /// A bot of `style`. The rules are deterministic, so the seed is not used;
    /// it is accepted for a uniform constructor.
    pub fn new(style: Style, _seed: u64) -> Self {
        let params = style.params();
        HeuristicBot {
            style,
            params,
            design: None,
            planner: Planner::new(CostModel::default()),
            legal: Vec::new(),
            rivals: RivalNeeds::default(),
        }
    }

    /// Its style.
    pub fn style(&self) -> Style {
        self.style
    }

    /// The plan for the tickets held, as of the last decision.
    pub fn plan(&self) -> &super::plan::Plan {
        &self.planner.plan
    }

    /// Forgets cached plans (for reuse on an unrelated position).
    pub fn reset(&mut self) {
        self.planner.invalidate();
        self.rivals.invalidate();
    }

    /// Reads the design's numbers when the bot first sees its board.
    fn prepare(&mut self, obs: &Observation<'_>) {
        let board = obs.game().board();
        if self
            .design
            .as_ref()
            .is_some_and(|d| Arc::ptr_eq(&d.board, board))
        {
            return;
        }
        let scale = Scale::new(board);
        self.planner.set_model(CostModel {
            long_bias: self.params.long_bias,
            ..scale.costs
        });
        let stride = usize::from(board.routes().iter().map(|r| r.length).max().unwrap_or(0)) + 1;
        let free_values = board
            .routes()
            .iter()
            .flat_map(|r| {
                (0..stride as i64).map(|missing| free_value(self.style, r.points, missing))
            })
            .collect();
        let mut by_points: Vec<RouteId> =
            (0..board.routes().len()).map(RouteId::from_index).collect();
        by_points.sort_by_key(|&id| std::cmp::Reverse(board.route(id).points));
        let long = |id: &RouteId| board.route(*id).length >= scale.long_route;
        let long_routes = (0..board.routes().len())
            .map(RouteId::from_index)
            .filter(long)
            .collect();
        let long_by_points = by_points.iter().copied().filter(long).collect();
        self.design = Some(Design {
            board: board.clone(),
            scale,
            ticket_trains: self.style.ticket_trains(&scale),
            free_values,
            stride,
            by_points,
            long_routes,
            long_by_points,
        });
    }

    /// The design's numbers (read by [`HeuristicBot::decide`] before anything else).
    pub(super) fn scale(&self) -> &Scale {
        &self.design().scale
    }

    /// The design's numbers and tables (read by [`HeuristicBot::decide`]
    /// before anything else).
    pub(super) fn design(&self) -> &Design {
        self.design.as_ref().expect("the design is read first")
    }

    /// The trains the plan may take.
    pub(super) fn budget(&self, obs: &Observation<'_>) -> u32 {
        let me = obs.player(obs.seat());
        let own = f32::from(me.trains) * self.params.budget;
        // Late in the game the others' trains bound how much can still be built.
        let others = min_other_trains(obs);
        let time = f32::from(others) * 1.3 + f32::from(self.scale().endgame);
        own.min(time).max(0.0) as u32
    }

    /// The action for the observing player, whose decision it is.
    pub fn decide(&mut self, obs: &Observation<'_>) -> Action {
        self.prepare(obs);
        let chosen = match obs.phase() {
            PublicPhase::SetupTickets | PublicPhase::KeepTickets => self.keep(obs),
            PublicPhase::Turn => self.turn(obs),
            PublicPhase::SecondDraw if self.style == Style::Hoarder => self.hoard_draw(obs, true),
            PublicPhase::SecondDraw => {
                let needs = self.needs(obs);
                self.draw(obs, &needs, true)
            }
            PublicPhase::Tunnel { extra, .. } => Some(self.tunnel(obs, extra)),
            PublicPhase::Double(route) => self.double(obs, route),
            PublicPhase::Over => None,
        };
        chosen.unwrap_or_else(|| self.fallback(obs))
    }

    /// Something legal when the rules above found nothing to do.
    fn fallback(&mut self, obs: &Observation<'_>) -> Action {
        self.legal.clear();
        obs.legal_actions(&mut self.legal);
        let rank = |a: &Action| match a {
            Action::DrawBlind => 0,
            Action::DrawFaceUp(_) => 1,
            Action::Claim { .. } => 2,
            Action::DrawTerrainBlind | Action::DrawTerrainFaceUp(_) => 3,
            Action::NoDouble | Action::Withdraw => 4,
            _ => 5,
        };
        self.legal
            .iter()
            .copied()
            .min_by_key(rank)
            .unwrap_or(Action::DrawBlind)
    }

    /// What the style draws cards for at this moment.
    pub(super) fn needs(&mut self, obs: &Observation<'_>) -> Needs {
        match self.style {
            Style::LongRoute => self.long_route_needs(obs),
            Style::OneStep => self.one_step_needs(obs),
            Style::Blocker => self.blocker_needs(obs),
            _ => self.plan_needs(obs),
        }
    }

    /// The cards the whole plan needs (in free play: the free target's).
    pub(super) fn plan_needs(&mut self, obs: &Observation<'_>) -> Needs {
        let budget = self.budget(obs);
        self.planner.refresh(obs, budget);
        self.refreshed_plan_needs(obs)
    }

    /// [`HeuristicBot::plan_needs`] with the plan already refreshed.
    fn refreshed_plan_needs(&mut self, obs: &Observation<'_>) -> Needs {
        if self.planner.plan.routes.is_empty() {
            match self.free_target(obs) {
                Some(r) => Needs::of(obs.board(), &[r]),
                None => Needs::default(),
            }
        } else {
            self.planner.plan_needs(obs.board())
        }
    }

    // ----- keeping tickets -----------------------------------------------------

    /// Keeps tickets by the style's rule. Every legal choice is planned with
    /// the tickets held and valued (ticket points done or planned − dropped,
    /// − λ × the plan's cost, + the style's bonuses); then:
    /// `route-focus`, `blocker`: the best value, fewer tickets on ties;
    /// `destination-hungry`, `hoarder`: the most tickets whose plan drops
    /// none, then the best value; `long-route`, `one-step`: only the fewest
    /// tickets the rules allow, the best value among them.
    fn keep(&mut self, obs: &Observation<'_>) -> Option<Action> {
        let board = obs.board();
        let budget = self.budget(obs);
        self.planner.refresh(obs, budget);
        self.legal.clear();
        obs.legal_actions(&mut self.legal);
        let offer = obs.offer();
        let fewest = obs.fewest_to_keep().unwrap_or(0);
        let rule = match self.style {
            Style::RouteFocus | Style::Blocker => KeepRule::BestValue,
            Style::DestinationHungry | Style::Hoarder => KeepRule::MostKept,
            Style::LongRoute | Style::OneStep => KeepRule::Fewest(fewest),
        };
        // (no ticket dropped, tickets kept, value) — compared per the rule.
        let mut best: Option<((bool, u32, i64), Action)> = None;
        let mut extra: smallvec::SmallVec<[crate::board_game::board::TicketId; 8]> =
            smallvec::SmallVec::new();
        if rule == KeepRule::MostKept {
            // The most tickets first (in the listed order among as many), so
            // that once a choice drops none, no choice of fewer tickets can
            // beat it and none is planned; ties are still won by the first
            // listed, as they only arise among choices of as many tickets.
            self.legal
                .sort_by_key(|a| std::cmp::Reverse(a.kept().map_or(0, |k| k.count())));
        }
        for i in 0..self.legal.len() {
            let Action::KeepTickets(keep) = self.legal[i] else {
                continue;
            };
            if let (KeepRule::MostKept, Some(((true, n, _), _))) = (rule, best)
                && keep.count() < n
            {
                break;
            }
            if let KeepRule::Fewest(n) = rule
                && keep.count() != n
            {
                continue;
            }
            extra.clear();
            extra.extend(
                offer
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| keep.keeps(*k))
                    .map(|(_, &t)| t),
            );
            let plan = self.planner.trial(obs, &extra, budget);
            let whole = plan
                .status
                .iter()
                .all(|(_, s)| *s != super::plan::TicketStatus::Dropped);
            let mut value = f64::from(plan.ticket_value(board) * 10);
            value -= f64::from(self.params.lambda) * f64::from(plan.cost);
            value += f64::from(self.params.keep_bonus * 10 * keep.count() as i32);
            if self.style == Style::LongRoute {
                for &t in &extra {
                    if board.ticket(t).long || board.ticket(t).points >= self.scale().big_ticket {
                        value += 40.0;
                    }
                }
            }
            let v = value.round() as i64;
            let n = keep.count();
            let better = match (rule, best) {
                (_, None) => true,
                (KeepRule::MostKept, Some(((bw, bn, bv), _))) => (whole, n, v) > (bw, bn, bv),
                (_, Some(((_, bn, bv), _))) => v > bv || (v == bv && n < bn),
            };
            if better {
                best = Some(((whole, n, v), Action::KeepTickets(keep)));
                self.planner.choose_trial(obs, &extra);
            }
        }
        best.map(|(_, a)| a).or_else(|| {
            // An empty offer: keep nothing.
            offer.is_empty().then_some(Action::KeepTickets(Keep(0)))
        })
    }

    // ----- the start of a turn ------------------------------------------------

    fn turn(&mut self, obs: &Observation<'_>) -> Option<Action> {
        match self.style {
            Style::RouteFocus => self.route_focus_turn(obs),
            Style::DestinationHungry => self.hungry_turn(obs),
            Style::LongRoute => self.long_route_turn(obs),
            Style::OneStep => self.one_step_turn(obs),
            Style::Blocker => self.blocker_turn(obs),
            Style::Hoarder => self.hoarder_turn(obs),
        }
    }

    /// Are the last turns here (the last round, or a rival within
    /// [`Scale::last_turns`] of the end)?
    pub(super) fn ending(&self, obs: &Observation<'_>) -> bool {
        obs.last_round() || min_other_trains(obs) <= self.scale().last_turns
    }

    /// The start of every turn rule: the plan brought up to date; whether
    /// the last turns are here; what the whole plan needs.
    pub(super) fn begin_turn(&mut self, obs: &Observation<'_>) -> (bool, Needs) {
        let budget = self.budget(obs);
        self.planner.refresh(obs, budget);
        (self.ending(obs), self.refreshed_plan_needs(obs))
    }

    /// `route-focus`: claim the longest affordable route of the plan, build a
    /// station the plan needs, draw tickets once the plan is finished, claim
    /// the best route in free play, else draw cards for the plan.
    pub(super) fn route_focus_turn(&mut self, obs: &Observation<'_>) -> Option<Action> {
        let (_, needs) = self.begin_turn(obs);
        self.route_focus_rules(obs, &needs)
    }

    /// `route-focus`'s rules (the plan refreshed), drawing cards for `needs`.
    pub(super) fn route_focus_rules(
        &mut self,
        obs: &Observation<'_>,
        needs: &Needs,
    ) -> Option<Action> {
        let ending = self.ending(obs);
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
        self.draw(obs, needs, false)
    }

    /// The longest affordable route of the plan, else a station it needs.
    pub(super) fn build_plan(
        &self,
        obs: &Observation<'_>,
        wanted: &Wanted,
        ending: bool,
    ) -> Option<Action> {
        self.claim_plan(obs, wanted, ending)
            .or_else(|| self.station(obs, wanted))
    }

    /// Nothing planned is affordable: in free play, in its endgame or in the
    /// last turns, the best affordable route rather than wait.
    pub(super) fn free_play(
        &self,
        obs: &Observation<'_>,
        wanted: &Wanted,
        ending: bool,
    ) -> Option<Action> {
        let me = obs.player(obs.seat());
        if self.planner.plan.finished() || ending || me.trains < self.scale().endgame {
            self.best_free_claim(obs, wanted, ending)
        } else {
            None
        }
    }

    /// May the style draw tickets at all now: tickets left, its own trains at
    /// least its ticket threshold, and every rival above
    /// [`Scale::rival_tickets`]?
    pub(super) fn may_draw_tickets(&self, obs: &Observation<'_>) -> bool {
        let board = obs.board();
        let draw = board.rules().tickets.draw;
        let can = (draw.regular > 0 && obs.ticket_deck_size() > 0)
            || (draw.long > 0 && obs.long_ticket_deck_size() > 0);
        if !can {
            return false;
        }
        let me = obs.player(obs.seat());
        let design = self.design();
        me.trains >= design.ticket_trains && min_other_trains(obs) >= design.scale.rival_tickets
    }

    /// Tickets once the plan is finished.
    pub(super) fn wants_tickets(&self, obs: &Observation<'_>) -> bool {
        self.may_draw_tickets(obs) && self.planner.plan.finished()
    }

    /// Room for more tickets: the plan leaves [`Scale::hungry_spare`] trains
    /// spare and fewer than [`Scale::hungry_tickets`] tickets are held.
    pub(super) fn hungry_for_tickets(&self, obs: &Observation<'_>) -> bool {
        let scale = self.scale();
        let me = obs.player(obs.seat());
        self.may_draw_tickets(obs)
            && u32::from(me.trains) >= self.planner.plan.trains + u32::from(scale.hungry_spare)
            && obs.tickets().len() < scale.hungry_tickets
    }

    /// The longest affordable route of the plan.
    pub(super) fn claim_plan(
        &self,
        obs: &Observation<'_>,
        wanted: &Wanted,
        ending: bool,
    ) -> Option<Action> {
        let board = obs.board();
        let valued = self.planner.plan.routes.iter().map(|&id| {
            let r = board.route(id);
            (id, i64::from(r.length) * 10 + i64::from(r.points))
        });
        best_claim(obs, valued, wanted, ending)
    }

    /// The highest-scoring affordable route (free play and the last turns).
    pub(super) fn best_free_claim(
        &self,
        obs: &Observation<'_>,
        wanted: &Wanted,
        ending: bool,
    ) -> Option<Action> {
        let short = self.scale().short_route;
        let all = &self.design().by_points;
        most_points_claim(obs, all, wanted, ending, |r| ending || r.length >= short)
    }

    pub(super) fn station(&self, obs: &Observation<'_>, wanted: &Wanted) -> Option<Action> {
        let &(_, city) = self.planner.plan.borrow.first()?;
        if obs.station_owner(city).is_some() {
            return None;
        }
        let board = obs.board();
        let me = obs.player(obs.seat());
        let rules = &board.rules().stations;
        let built = usize::from(rules.count.checked_sub(me.stations_left)?);
        let cost = *rules.costs.get(built)?;
        let payment = pay::choose(
            obs.hand(),
            board.colors().len(),
            None,
            cost,
            0,
            wanted,
            false,
        )?;
        Some(Action::BuildStation { city, payment })
    }

    /// In free play (no ticket left to build), the route to collect cards
    /// for: the open route within the trains left with the best
    /// [`free_value`], the first on ties.
    pub(super) fn free_target(&self, obs: &Observation<'_>) -> Option<RouteId> {
        let design = self.design();
        let board = obs.board();
        let reach = HandReach::of(obs);
        let mut best: Option<(i64, RouteId)> = None;
        for id in obs.open_routes() {
            let r = board.route(id);
            if reach.trains < u16::from(r.length) {
                continue;
            }
            let missing = usize::from(reach.missing(r));
            let value = design.free_values[id.index() * design.stride + missing];
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, id));
            }
        }
        best.map(|(_, r)| r)
    }

    // ----- drawing ---------------------------------------------------------------

    pub(super) fn draw(
        &self,
        obs: &Observation<'_>,
        needs: &Needs,
        second: bool,
    ) -> Option<Action> {
        let board = obs.board();
        let colors = board.colors().len();
        let hand = obs.hand();
        let u = needs.usefulness(hand, colors);
        let loco_double = board.rules().display.locomotive_counts_double;
        let display = obs.display();
        let mut best: Option<(u16, u8)> = None;
        let mut loco_slot = None;
        for (slot, c) in display.iter().enumerate() {
            let Some(c) = *c else { continue };
            if c.is_locomotive() {
                if !(second && loco_double) {
                    loco_slot = Some(slot as u8);
                }
                continue;
            }
            let v = u[c.index()];
            if v > 0 && best.is_none_or(|(bv, _)| v > bv) {
                best = Some((v, slot as u8));
            }
        }
        if let Some((_, slot)) = best {
            return Some(Action::DrawFaceUp(slot));
        }
        let deficit: u16 = u.iter().sum();
        if let Some(slot) = loco_slot
            && (u[Card::LOCOMOTIVE.index()] > 0
                || (!second && deficit >= self.scale().locomotive_deficit))
        {
            return Some(Action::DrawFaceUp(slot));
        }
        if let Some(a) = self.terrain_draw(obs) {
            return Some(a);
        }
        if obs.deck_size() > 0 || obs.discards().total() > 0 {
            return Some(Action::DrawBlind);
        }
        // No deck: any face-up card, else any terrain card.
        if let Some(slot) = display.iter().enumerate().find_map(|(i, c)| match c {
            Some(c) if !(second && loco_double && c.is_locomotive()) => Some(i as u8),
            _ => None,
        }) {
            return Some(Action::DrawFaceUp(slot));
        }
        if let Some(i) = obs.terrain_display().iter().position(Option::is_some) {
            return Some(Action::DrawTerrainFaceUp(i as u8));
        }
        (obs.terrain_deck_size() > 0).then_some(Action::DrawTerrainBlind)
    }

    /// A face-up terrain card of a type the plan could double with.
    fn terrain_draw(&self, obs: &Observation<'_>) -> Option<Action> {
        let board = obs.board();
        if board.terrain_types().is_empty() {
            return None;
        }
        let me = obs.seat();
        let mine = obs.player(me).terrain;
        let display = obs.terrain_display();
        let paying = self.scale().paying_points;
        for &r in &self.planner.plan.routes {
            let route = board.route(r);
            let (Some(t), cost) = (route.terrain, route.doubling_cost) else {
                continue;
            };
            if cost == 0 || route.points < paying {
                continue;
            }
            let t = t.index();
            let rival = (0..obs.num_players())
                .filter(|&s| s != me.index())
                .map(|s| obs.player(Seat(s as u8)).terrain.0[t])
                .max()
                .unwrap_or(0);
            if mine.0[t] >= u16::from(cost).max(rival) {
                continue;
            }
            if let Some(slot) = display.iter().position(|d| *d == Some(t as u8)) {
                return Some(Action::DrawTerrainFaceUp(slot as u8));
            }
        }
        None
    }

    // ----- tunnels and doubling ----------------------------------------------------

    fn tunnel(&self, obs: &Observation<'_>, extra: u8) -> Action {
        // The legal actions list exactly the ways to pay (the cards laid
        // down are not part of the public view): pay with the fewest
        // locomotives, or withdraw when nothing can pay.
        let mut legal = Vec::with_capacity(4);
        obs.legal_actions(&mut legal);
        legal
            .iter()
            .filter_map(|a| match *a {
                Action::PayTunnel { locomotives } => Some(locomotives),
                _ => None,
            })
            .min()
            .filter(|&l| l <= extra)
            .map_or(Action::Withdraw, |locomotives| Action::PayTunnel {
                locomotives,
            })
    }

    fn double(&mut self, obs: &Observation<'_>, route: RouteId) -> Option<Action> {
        self.legal.clear();
        obs.legal_actions(&mut self.legal);
        let points = obs.board().route(route).points;
        let paying = self.scale().paying_points;
        let lo = self
            .legal
            .iter()
            .filter_map(|a| match *a {
                Action::Double { locomotives } => Some(locomotives),
                _ => None,
            })
            .min();
        match lo {
            Some(l) if l == 0 || points >= paying * i32::from(l) => {
                Some(Action::Double { locomotives: l })
            }
            _ => Some(Action::NoDouble),
        }
    }
}

impl Bot<crate::board_game::State> for HeuristicBot {
    fn name(&self) -> &str {
        self.style.name()
    }

    fn act(&mut self, obs: &Observation<'_>) -> Action {
        self.decide(obs)
    }

    /// The rules are deterministic (the seed is not used); the design's
    /// numbers and the kept path searches stay (each search is checked
    /// against the route costs before it is used), the plans are forgotten.
    fn renew(&mut self, _seed: u64) -> bool {
        self.planner.renew();
        self.rivals.invalidate();
        true
    }
}

/// The affordable claim with the highest value of the `valued` routes, the
/// first listed on ties.
pub(super) fn best_claim(
    obs: &Observation<'_>,
    valued: impl Iterator<Item = (RouteId, i64)>,
    wanted: &Wanted,
    ending: bool,
) -> Option<Action> {
    let reach = HandReach::of(obs);
    let mut best: Option<(i64, Action)> = None;
    for (id, v) in valued {
        if best.is_some_and(|(b, _)| v <= b) {
            continue;
        }
        if let Some(a) = claim_action(obs, &reach, id, wanted, ending) {
            best = Some((v, a));
        }
    }
    best.map(|(_, a)| a)
}

/// The affordable claim of the routes `by_points` lists (most points first,
/// in route order on ties) that `candidate` accepts with the most points, the
/// first route on ties: what [`best_claim`] of the routes valued by their
/// points finds, looked for from the most points down, so that the search stops at
/// the first affordable route.
pub(super) fn most_points_claim(
    obs: &Observation<'_>,
    by_points: &[RouteId],
    wanted: &Wanted,
    ending: bool,
    candidate: impl Fn(&Route) -> bool,
) -> Option<Action> {
    let board = obs.board();
    let reach = HandReach::of(obs);
    by_points
        .iter()
        .filter(|&&id| obs.route_open(id) && candidate(board.route(id)))
        .find_map(|&id| claim_action(obs, &reach, id, wanted, ending))
}

/// The fewest trains any other player has (the game's clock).
pub fn min_other_trains(obs: &Observation<'_>) -> u16 {
    let me = obs.seat().index();
    (0..obs.num_players())
        .filter(|&s| s != me)
        .map(|s| obs.player(Seat(s as u8)).trains)
        .min()
        .unwrap_or(u16::MAX)
}

/// A legal claim of `route` with the best payment, or `None` when it is not
/// open, too long for the trains left, or not affordable (tunnels want one
/// spare card unless the game is ending). `reach` is the observing player's
/// hand, read once per decision.
pub(super) fn claim_action(
    obs: &Observation<'_>,
    reach: &HandReach<'_>,
    route: RouteId,
    wanted: &Wanted,
    ending: bool,
) -> Option<Action> {
    let board = obs.board();
    let r = board.route(route);
    // Too few cards of any colour it takes, even with every locomotive, means
    // no payment (the common case in free play, answered before weighing them).
    if reach.trains < u16::from(r.length) || reach.missing(r) > 0 || !obs.route_open(route) {
        return None;
    }
    let hand = obs.hand();
    let colors = board.colors().len();
    let color = Card::paying(r.color);
    if r.tunnel && !ending && !reach.affords(color, r.length + 1, r.ferry) {
        return None;
    }
    let payment = pay::choose(hand, colors, color, r.length, r.ferry, wanted, ending)?;
    Some(Action::Claim { route, payment })
}

/// A route's value as a free-play target with `missing` cards still to
/// collect for it: the points per turn needed, or for `long-route` the points
/// first.
fn free_value(style: Style, points: i32, missing: i64) -> i64 {
    match style {
        Style::LongRoute => i64::from(points) * 100 - missing,
        _ => i64::from(points) * 100 / (missing * 5 + 10),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::board_game::BoardGame;
    use crate::board_game::cards::CARD_KINDS;
    use crate::board_game::design_checks::testing::bundled_file;
    use crate::game::GameState;

    /// At every turn of games between the four styles on USA: the claim
    /// with the most points looked for from the most points down is the one
    /// a scan of every route finds, and the free target read from the
    /// per-design table is the best value over every open route.
    #[test]
    fn claims_by_points_and_free_targets_are_what_a_scan_of_every_route_finds() {
        let design = bundled_file("usa.yaml");
        let game = BoardGame::new(Arc::new(Board::build(&design).unwrap()), 4).unwrap();
        let mut bots = Style::ALL.map(|s| HeuristicBot::new(s, 0));
        let mut turns = 0;
        for seed in 0..3 {
            let mut state = game.new_game(seed);
            while let Some(seat) = state.current_player() {
                let obs = state.observation(seat);
                let bot = &mut bots[seat.index()];
                let action = bot.decide(&obs);
                if obs.phase() == PublicPhase::Turn {
                    claims_match_a_scan(bot, &obs);
                    turns += 1;
                }
                state.apply(action).unwrap();
            }
        }
        assert!(turns > 100, "{turns} turns checked");
    }

    /// After a ticket choice, the plan is the chosen choice's trial plan,
    /// taken without planning again for almost every choice (and equal to
    /// a replan: `Planner::refresh` checks it in tests).
    #[test]
    fn the_plan_after_a_ticket_choice_is_the_chosen_trial() {
        let design = bundled_file("usa.yaml");
        let game = BoardGame::new(Arc::new(Board::build(&design).unwrap()), 2).unwrap();
        let mut bots = [Style::RouteFocus, Style::OneStep].map(|s| HeuristicBot::new(s, 0));
        let mut choices = 0;
        for seed in 0..4 {
            let mut state = game.new_game(seed);
            while let Some(seat) = state.current_player() {
                let obs = state.observation(seat);
                if matches!(
                    obs.phase(),
                    PublicPhase::KeepTickets | PublicPhase::SetupTickets
                ) {
                    choices += 1;
                }
                let action = bots[seat.index()].decide(&obs);
                state.apply(action).unwrap();
            }
        }
        let taken: usize = bots.iter().map(|b| b.planner.chosen_taken).sum();
        assert!(
            choices > 10 && taken * 10 >= choices * 9,
            "{taken} of {choices} choices taken"
        );
    }

    fn claims_match_a_scan(bot: &HeuristicBot, obs: &Observation<'_>) {
        let board = obs.board();
        let every = || (0..board.routes().len()).map(RouteId::from_index);
        let wanted = [1; CARD_KINDS];
        let scale = bot.scale();
        for ending in [false, true] {
            for (least, by_points) in [
                (0, &bot.design().by_points),
                (scale.short_route, &bot.design().by_points),
                (scale.long_route, &bot.design().long_by_points),
            ] {
                let valued = every().filter_map(|id| {
                    let r = board.route(id);
                    (r.length >= least).then_some((id, i64::from(r.points)))
                });
                let scanned = best_claim(obs, valued, &wanted, ending);
                let found =
                    most_points_claim(obs, by_points, &wanted, ending, |r| r.length >= least);
                assert_eq!(found, scanned, "routes of length {least} and more");
            }
        }
        let reach = HandReach::of(obs);
        let best = every()
            .filter(|&id| obs.route_open(id) && reach.trains >= u16::from(board.route(id).length))
            .map(|id| {
                let r = board.route(id);
                (
                    free_value(bot.style, r.points, i64::from(reach.missing(r))),
                    id,
                )
            })
            .fold(None, |best: Option<(i64, RouteId)>, (v, id)| match best {
                Some((b, _)) if v <= b => best,
                _ => Some((v, id)),
            });
        assert_eq!(bot.free_target(obs), best.map(|(_, id)| id));
    }
}
