//! Planning helpers shared by the heuristic bots (and the MCTS rollouts): the
//! cheapest ways to complete a player's tickets over the routes they may still
//! use, what cards that plan wants, and a cache that replans only when the
//! board or the tickets changed. A replan prices again only the routes
//! claimed since the last one and searches again only the tickets whose last
//! path search a changed route cost could alter (see [`Search`]), so that it
//! finds exactly the plan a plan from scratch would; when only rivals claimed
//! routes off the plan's paths, the plan stands without a replan, and when
//! the player claimed routes of the plan, the plan is kept with those routes
//! taken out (see [`Planner::refresh`]). Costs are in tenths of a train.
//!
//! Everything here reads one player's [`Observation`]: their own tickets and
//! hand, and the public board.

use std::cmp::Reverse;
use std::sync::Arc;

use smallvec::SmallVec;

use crate::board_game::board::{Board, CityId, Place, RouteColor, RouteId, TicketId};
use crate::board_game::cards::CARD_KINDS;
use crate::board_game::tables::{NO_COUNTRY, RouteGraph};
use crate::board_game::{Card, Observation};
use crate::game::{Observation as _, Seat};

use super::kept_search::{Node, Open, Search, UNSETTLED};
use super::pay::Wanted;

/// No path.
pub const UNREACHABLE: u32 = u32::MAX;

/// Path searches kept per ticket: the one its plan was last made from and
/// the one before, so that a plan made with exactly the costs of the one
/// before (the trial plans of one offer's choices often alternate between two
/// ways of planning the tickets ranked before) finds its search again.
const SEARCHES_KEPT: usize = 2;

const NO_ROUTE: u32 = 0;
const SOURCE: u32 = u32::MAX;

/// How a style prices routes when it looks for paths (tenths of a train). The
/// bots take it from the design's [`super::scale::Scale`] plus their style's
/// `long_bias`; the default prices routes by their trains only.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CostModel {
    /// Added for a tunnel (the risk of extra cards).
    pub tunnel: u32,
    /// Added per ferry locomotive (locomotives are scarce).
    pub ferry: u32,
    /// Tenths taken off per route point: 0 prices routes by trains only; more
    /// prefers long, high-scoring routes.
    pub long_bias: u32,
    /// Using another player's route through a station still to build.
    pub new_station: u32,
    /// Using another player's route through a station already built.
    pub own_station: u32,
}

/// Where a ticket stands in the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TicketStatus {
    /// Already connected by the player's own routes (or their stations).
    Done,
    /// Planned at this cost.
    Planned(u32),
    /// Not reachable any more, or not within the trains budget: given up.
    Dropped,
}

/// The plan for a set of tickets.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    /// Open routes to claim, in the order they were planned (most valuable
    /// ticket first).
    pub routes: Vec<RouteId>,
    /// Other players' routes to use through a station: `(route, city)`, the
    /// city being where the station is or must be built.
    pub borrow: Vec<(RouteId, CityId)>,
    /// Each ticket's status, in the order given.
    pub status: Vec<(TicketId, TicketStatus)>,
    /// For each planned ticket, the range of [`Plan::routes`] planned for it
    /// (routes shared with a ticket planned earlier belong to that one).
    pub spans: Vec<(TicketId, std::ops::Range<usize>)>,
    /// Trains the planned routes take.
    pub trains: u32,
    /// Total cost of the planned routes and stations.
    pub cost: u32,
}

impl Plan {
    fn clear(&mut self) {
        self.routes.clear();
        self.borrow.clear();
        self.status.clear();
        self.spans.clear();
        self.trains = 0;
        self.cost = 0;
    }

    /// Takes route `r` (planned, and now claimed by the player at a price of
    /// `price`) out of the plan: its trains off the plan's, its price off
    /// its ticket's and the plan's cost, the spans after it moved down by
    /// one. Its ticket counts as done when `r` was the last route of its
    /// span and `owned` says the player owns its whole path. Does nothing
    /// when `r` is not planned.
    fn take_claimed(
        &mut self,
        board: &Board,
        r: RouteId,
        price: u32,
        owned: impl Fn(TicketId) -> bool,
    ) {
        let Some(at) = self.routes.iter().position(|&x| x == r) else {
            return;
        };
        self.routes.remove(at);
        self.trains = self.trains.saturating_sub(u32::from(board.route(r).length));
        self.cost = self.cost.saturating_sub(price);
        let mut finished = None;
        for (k, (t, span)) in self.spans.iter_mut().enumerate() {
            if span.contains(&at) {
                span.end -= 1;
                if let Some((_, status)) = self.status.iter_mut().find(|(x, _)| x == t) {
                    if let TicketStatus::Planned(c) = *status {
                        *status = TicketStatus::Planned(c.saturating_sub(price));
                    }
                    if std::ops::Range::is_empty(span) && owned(*t) {
                        *status = TicketStatus::Done;
                        finished = Some(k);
                    }
                }
            } else if span.start > at {
                span.start -= 1;
                span.end -= 1;
            }
        }
        if let Some(k) = finished {
            self.spans.remove(k);
        }
    }

    /// Points of the tickets done or planned, minus those dropped.
    pub fn ticket_value(&self, board: &Board) -> i32 {
        self.status
            .iter()
            .map(|&(t, s)| {
                let p = board.ticket(t).points;
                if s == TicketStatus::Dropped { -p } else { p }
            })
            .sum()
    }

    /// Is every ticket done or dropped (nothing left to build)?
    pub fn finished(&self) -> bool {
        self.routes.is_empty() && self.borrow.is_empty()
    }

    /// The planned routes in the order planned, each with the ticket it was
    /// planned for and how many routes of that ticket's span are planned in
    /// all (every planned route lies in exactly one span).
    pub fn routes_by_ticket(&self) -> impl Iterator<Item = (RouteId, TicketId, usize)> + '_ {
        self.spans.iter().flat_map(move |(t, span)| {
            self.routes[span.clone()]
                .iter()
                .map(move |&r| (r, *t, span.len()))
        })
    }
}

/// What the plan's routes ask of the hand.
#[derive(Clone, Debug, Default)]
pub struct Needs {
    /// Cards of each colour for coloured routes, and locomotives for ferries.
    pub colored: Wanted,
    /// Cards that gray routes need, longest route first (any one colour
    /// each): the plan's first gray routes, as many as the deck has colours
    /// (a hand cannot keep a colour apart for more), held inline.
    pub gray: SmallVec<[u8; CARD_KINDS]>,
}

impl Needs {
    /// The needs of a list of routes.
    pub fn of(board: &Board, routes: &[RouteId]) -> Needs {
        let colors = board.colors().len();
        let mut n = Needs::default();
        for &r in routes {
            let route = board.route(r);
            let body = u16::from(route.length - route.ferry);
            n.colored[Card::LOCOMOTIVE.index()] += u16::from(route.ferry);
            match route.color {
                RouteColor::Color(c) => n.colored[c.index()] += body,
                RouteColor::Gray if n.gray.len() < colors => n.gray.push(body as u8),
                RouteColor::Gray => {}
            }
        }
        n.gray.sort_unstable_by(|a, b| b.cmp(a));
        n
    }

    /// How much one more card of each kind would help, given the hand: the
    /// missing cards of coloured routes, and for each gray route the colour
    /// closest to paying for it.
    pub fn usefulness(&self, hand: &crate::board_game::Cards, colors: usize) -> [u16; CARD_KINDS] {
        let mut u = [0u16; CARD_KINDS];
        let mut surplus = [0i32; CARD_KINDS];
        for c in 0..colors {
            u[c] = self.colored[c].saturating_sub(hand.0[c]);
            surplus[c] = i32::from(hand.0[c]) - i32::from(self.colored[c]);
        }
        let loco = Card::LOCOMOTIVE.index();
        u[loco] = self.colored[loco].saturating_sub(hand.locomotives());
        for &g in &self.gray {
            let Some(best) = (0..colors).max_by_key(|&c| (surplus[c], Reverse(c))) else {
                break;
            };
            let missing = i32::from(g) - surplus[best].max(0);
            if missing > 0 {
                u[best] += missing as u16;
            }
            surplus[best] -= i32::from(g);
        }
        u
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    claimed: usize,
    stations: usize,
    tickets: usize,
    trains: u16,
}

/// Shortest-path planning with reusable buffers and a cached plan. Each
/// ticket's last path searches are kept ([`SEARCHES_KEPT`]), and the next
/// plan searches again only for the tickets whose search could turn out
/// differently.
#[derive(Clone, Debug)]
pub struct Planner {
    model: CostModel,
    /// The board the kept searches were made on.
    board: Option<Arc<Board>>,
    /// Its longest route's length (read once per board: a player with at
    /// least that many trains prices every route as with any more).
    longest: u8,
    /// Every route's price at a game's start (no route claimed, trains
    /// for the longest route), worked out at the first start priced on
    /// this board with this cost model and copied at every later one; empty
    /// until then.
    start_prices: Vec<u32>,
    edge: Vec<u32>,
    planned: Vec<bool>,
    /// The costs a search uses: `edge`, with 1 for routes already planned.
    costs: Vec<u32>,
    via: Vec<u32>,
    /// The cities a search reached but did not settle yet.
    open: Vec<u64>,
    /// The last [`SEARCHES_KEPT`] searches of each ticket, the ticket's
    /// index times [`SEARCHES_KEPT`] onwards.
    searches: Vec<Search>,
    /// Which of each ticket's kept searches its plan was last made from.
    current: Vec<u8>,
    /// The player's own claims since the last pricing, each with the price
    /// it had before (see [`Planner::refresh`]).
    own_claims: Vec<(RouteId, u32)>,
    /// Whether [`Planner::plan`] is the plan [`Planner::plan_into`] makes for
    /// the position, rather than one kept after the player's own claims.
    fresh: bool,
    /// Positions of the tickets being planned, most valuable first.
    order: Vec<usize>,
    /// Each city's representative in the player's own network (see
    /// [`own_network`]) as of the last pricing: joined with the player's
    /// new routes when the position extends the one priced before, else
    /// built anew.
    network: Vec<u16>,
    key: Option<Key>,
    /// The position the route costs were last worked out for.
    priced: Option<Priced>,
    /// The claim lists of a [`Priced`] forgotten, kept for the next one so
    /// that a new game or determinization does not allocate them again.
    spare_claims: Vec<Vec<RouteId>>,
    /// The routes on the paths [`Planner::plan`] was made from (every
    /// ticket's search, whether planned, done or dropped).
    on_path: Vec<bool>,
    /// The trains budgets [`Planner::plan`] would be the same with: the
    /// budget it was made with and every other that each ticket's "within
    /// the budget" test answers alike for.
    budgets: std::ops::Range<u32>,
    trial: Plan,
    /// The budgets [`Planner::trial`] would be the same with (as
    /// [`Planner::budgets`] for the plan).
    trial_budgets: std::ops::Range<u32>,
    /// The trial the player chose among an offer's (see
    /// [`Planner::choose_trial`]), until the next refresh.
    chosen: Chosen,
    /// What [`Planner::plan`]'s routes ask of the hand, once asked (see
    /// [`Planner::plan_needs`]); `None` after each replan.
    needs: Option<Needs>,
    /// The plan for the player's own tickets (see [`Planner::refresh`]).
    pub plan: Plan,
    /// How many chosen trials [`Planner::refresh`] took (for the tests).
    #[cfg(test)]
    pub(super) chosen_taken: usize,
}

/// A trial plan kept for the tickets it planned: when the player keeps
/// them, the next refresh takes this plan instead of planning again (see
/// [`Planner::choose_trial`]). Its buffers stay between offers.
#[derive(Clone, Debug, Default)]
struct Chosen {
    /// The position the trial was planned in, while it stands.
    key: Option<Key>,
    /// The tickets the trial planned, in the order the player holds them
    /// once they keep the offered ones: their tickets, then the kept.
    tickets: Vec<TicketId>,
    plan: Plan,
    /// The budgets it would be the same with.
    budgets: std::ops::Range<u32>,
    /// Where each ticket's search the plan was made from is kept, in
    /// [`Plan::status`]'s order: which of the ticket's kept searches, and
    /// that one's [`Search::made`] then (a later search in its place means
    /// the trial's is gone).
    searches: Vec<(u8, u32)>,
}

/// What route costs depend on, as of the last pricing: who prices, the
/// stations built, the trains left and each seat's claims in order.
#[derive(Clone, Debug)]
struct Priced {
    seat: Seat,
    stations: usize,
    trains: u16,
    routes: Vec<Vec<RouteId>>,
}

/// How the position differs from the one last priced, as far as keeping
/// the plan goes (see [`Planner::refresh`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    /// Priced from scratch: nothing is known of what changed.
    Unknown,
    /// Claims alone since the last pricing.
    Claims {
        /// Whether the player claimed any (kept in [`Planner::own_claims`]).
        own: bool,
        /// Whether every other route whose price the claims touched (rivals'
        /// claims and the twins of the player's own) is off the plan's paths
        /// and got no cheaper.
        rest_off_path: bool,
    },
}

impl Planner {
    /// A planner pricing routes by `model`.
    pub fn new(model: CostModel) -> Self {
        Planner {
            model,
            board: None,
            longest: 0,
            start_prices: Vec::new(),
            edge: Vec::new(),
            planned: Vec::new(),
            costs: Vec::new(),
            via: Vec::new(),
            open: Vec::new(),
            searches: Vec::new(),
            current: Vec::new(),
            own_claims: Vec::new(),
            fresh: true,
            order: Vec::new(),
            network: Vec::new(),
            key: None,
            priced: None,
            spare_claims: Vec::new(),
            on_path: Vec::new(),
            budgets: 0..0,
            trial: Plan::default(),
            trial_budgets: 0..0,
            chosen: Chosen::default(),
            needs: None,
            plan: Plan::default(),
            #[cfg(test)]
            chosen_taken: 0,
        }
    }

    /// Prices routes by `model` from now on (replanning at the next refresh
    /// if it changed).
    pub fn set_model(&mut self, model: CostModel) {
        if self.model != model {
            self.model = model;
            self.start_prices.clear();
            self.key = None;
            self.forget_prices();
        }
    }

    /// Forgets the cached plan (the position changed in a way the cache key
    /// does not see, e.g. a new determinization). The kept path searches stay:
    /// each is checked against the route costs before it is used.
    pub fn invalidate(&mut self) {
        self.key = None;
        self.chosen.key = None;
        self.forget_prices();
    }

    /// Forgets the position the route costs were worked out for, keeping its
    /// buffers.
    fn forget_prices(&mut self) {
        if let Some(p) = self.priced.take() {
            self.spare_claims = p.routes;
        }
    }

    /// Starts a new game: as a new planner with the same cost model, but
    /// keeping the board's tables and the kept path searches.
    pub fn renew(&mut self) {
        self.invalidate();
        self.needs = None;
        self.plan.clear();
        self.trial.clear();
    }

    fn key(obs: &Observation<'_>) -> Key {
        let mut claimed = 0;
        let mut stations = 0;
        for s in 0..obs.num_players() {
            let p = obs.player(Seat(s as u8));
            claimed += p.routes.len();
            stations += p.stations.len();
        }
        let me = obs.player(obs.seat());
        Key {
            claimed,
            stations,
            tickets: obs.tickets().len(),
            trains: me.trains,
        }
    }

    /// Brings [`Planner::plan`] up to date for the observing player's tickets,
    /// replanning only when routes, stations or tickets changed. `budget`
    /// caps the trains the plan may take. Two kinds of change keep the plan
    /// instead of replanning, when the tickets and the stations are as they
    /// were and every other route whose price the claims touched is off the
    /// plan's paths and got no cheaper:
    ///
    /// - **Only rivals claimed**, the player's trains are as they were, and
    ///   the budget is one each ticket's budget test answers alike for (see
    ///   [`Planner::plan_into`]): the plan stands, and it is exactly the plan
    ///   a replan would make. Every ticket's search would find its path again
    ///   (see [`Search::still_holds`]: a route off the path that got dearer
    ///   cannot change it), the routes planned before each ticket are the
    ///   same, and so is everything the plan reads of the paths.
    /// - **The player claimed routes of the plan** (the kept-plan rule): the
    ///   plan is kept with those routes taken out, each one's trains off the
    ///   plan's and its price off its ticket's and the plan's cost, and a
    ///   ticket whose last route it was and whose path the player now owns
    ///   counts as done (see [`Plan::take_claimed`]). This is a decision
    ///   rule of the bots, not an exact shortcut: a replan could price the
    ///   later tickets a little lower (the claimed route was theirs at the
    ///   price of a planned one), or find paths of the same cost through
    ///   other routes. It spares the replan after almost every claim of a
    ///   heuristic's game (docs/bots.md, *Speed*).
    ///
    /// After the player kept tickets, the trial plan of the choice they
    /// made stands for the position it was planned in (see
    /// [`Planner::choose_trial`]), and the rules above apply from there.
    pub fn refresh(&mut self, obs: &Observation<'_>, budget: u32) {
        let key = Self::key(obs);
        if self.key == Some(key) {
            return;
        }
        // After the player kept the chosen trial's tickets, its plan stands
        // for the position it was planned in; what changed since (rivals'
        // claims) is seen below, as after any plan.
        if let Some(at) = self.chosen.key.take()
            && self.key == Some(at)
            && obs.tickets() == self.chosen.tickets.as_slice()
            && self.take_chosen(at)
            && self.key == Some(key)
        {
            #[cfg(test)]
            {
                let mut again = Plan::default();
                let budgets = self.plan_into(obs, obs.tickets(), &[], budget, &mut again);
                assert_eq!(
                    (&self.plan, &self.budgets),
                    (&again, &budgets),
                    "a chosen trial"
                );
            }
            return;
        }
        let last = self.key.replace(key);
        let change = self.prepare(obs);
        let same_tickets =
            last.is_some_and(|k| (k.tickets, k.stations) == (key.tickets, key.stations));
        match change {
            Change::Claims {
                own: false,
                rest_off_path: true,
            } if same_tickets
                && self.budgets.contains(&budget)
                && last.is_some_and(|k| k.trains == key.trains) =>
            {
                #[cfg(test)]
                if self.fresh {
                    let mut again = Plan::default();
                    self.plan_into(obs, obs.tickets(), &[], budget, &mut again);
                    assert_eq!(self.plan, again, "a plan kept after rivals' claims");
                }
                return;
            }
            Change::Claims {
                own: true,
                rest_off_path: true,
            } if same_tickets
                && self
                    .own_claims
                    .iter()
                    .all(|(r, _)| self.plan.routes.contains(r)) =>
            {
                self.keep_after_own_claims(obs);
                return;
            }
            _ => {}
        }
        self.needs = None;
        self.fresh = true;
        let mut plan = std::mem::take(&mut self.plan);
        self.budgets = self.plan_into(obs, obs.tickets(), &[], budget, &mut plan);
        self.plan = plan;
        self.mark_paths();
    }

    /// Marks [`Planner::on_path`]: the routes of every ticket's current
    /// search, for the plan just made or taken.
    fn mark_paths(&mut self) {
        self.on_path.iter_mut().for_each(|p| *p = false);
        for (t, _) in &self.plan.status {
            let s = &self.searches[self.kept(*t)];
            if s.done {
                for r in &s.path {
                    self.on_path[r.index()] = true;
                }
            }
        }
    }

    /// Makes the chosen trial the plan of the position it was planned in
    /// with its tickets kept (`at` with their number), the plan a replan
    /// there would make, with each ticket's current search the one the
    /// trial's plan was made from. Returns false, changing nothing, when one
    /// of those searches is gone (later trials searched in its place).
    fn take_chosen(&mut self, at: Key) -> bool {
        let chosen = &mut self.chosen;
        let gone = chosen
            .plan
            .status
            .iter()
            .zip(&chosen.searches)
            .any(|((t, _), &(i, made))| self.searches[slot(*t, i)].made != made);
        if gone {
            return false;
        }
        std::mem::swap(&mut self.plan, &mut chosen.plan);
        self.budgets = chosen.budgets.clone();
        for ((t, _), &(i, _)) in self.plan.status.iter().zip(&chosen.searches) {
            self.current[t.index()] = i;
        }
        self.key = Some(Key {
            tickets: chosen.tickets.len(),
            ..at
        });
        self.mark_paths();
        self.needs = None;
        self.fresh = true;
        #[cfg(test)]
        {
            self.chosen_taken += 1;
        }
        true
    }

    /// The kept-plan rule (see [`Planner::refresh`]): takes the player's
    /// own claims, each a route of the plan, out of it.
    fn keep_after_own_claims(&mut self, obs: &Observation<'_>) {
        let me = obs.seat();
        let board = obs.board();
        for &(r, price) in &self.own_claims {
            let searches = &self.searches;
            let current = &self.current;
            self.plan.take_claimed(board, r, price, |t| {
                let kept = slot(t, current[t.index()]);
                searches[kept]
                    .path
                    .iter()
                    .all(|&p| obs.owner(p) == Some(me))
            });
        }
        self.needs = None;
        self.fresh = false;
        #[cfg(test)]
        {
            let trains: u32 = self
                .plan
                .routes
                .iter()
                .map(|&r| u32::from(board.route(r).length))
                .sum();
            assert_eq!(self.plan.trains, trains, "a kept plan's trains");
            let spans: usize = self.plan.spans.iter().map(|(_, s)| s.len()).sum();
            assert_eq!(spans, self.plan.routes.len(), "a kept plan's spans");
        }
    }

    /// [`Needs::of`] the plan's routes, worked out once per plan.
    pub fn plan_needs(&mut self, board: &Board) -> Needs {
        self.needs
            .get_or_insert_with(|| Needs::of(board, &self.plan.routes))
            .clone()
    }

    /// Plans the player's tickets plus `extra` ones (an offer being
    /// considered) without touching the cached plan. Call after
    /// [`Planner::refresh`].
    pub fn trial(&mut self, obs: &Observation<'_>, extra: &[TicketId], budget: u32) -> &Plan {
        let mut plan = std::mem::take(&mut self.trial);
        self.trial_budgets = self.plan_into(obs, obs.tickets(), extra, budget, &mut plan);
        self.trial = plan;
        &self.trial
    }

    /// Keeps the last [`Planner::trial`] as the plan for the player's
    /// tickets plus `extra` (the ones it planned), should they keep them:
    /// the next refresh then takes it instead of planning again, which would
    /// make the same plan (the same tickets in the same order, at the same
    /// route costs and budget). A later choice replaces it; any refresh
    /// drops it.
    pub fn choose_trial(&mut self, obs: &Observation<'_>, extra: &[TicketId]) {
        let chosen = &mut self.chosen;
        chosen.key = self.key;
        chosen.tickets.clear();
        chosen.tickets.extend_from_slice(obs.tickets());
        chosen.tickets.extend_from_slice(extra);
        std::mem::swap(&mut chosen.plan, &mut self.trial);
        chosen.budgets = self.trial_budgets.clone();
        chosen.searches.clear();
        chosen
            .searches
            .extend(chosen.plan.status.iter().map(|(t, _)| {
                let i = self.current[t.index()];
                (i, self.searches[slot(*t, i)].made)
            }));
    }

    /// Prices every route for the observing player: again only the routes
    /// claimed since the last pricing (and their twins, and when the
    /// player's trains changed, the routes they now reach or no longer
    /// reach) when the position extends the one last priced by claims
    /// alone, else all of them; the player's own network likewise (see
    /// [`Planner::network`]). Says what changed: the player's own claims go
    /// to [`Planner::own_claims`] with their prices before, and every other
    /// route priced again is checked against the last plan's paths
    /// ([`Planner::on_path`]).
    fn prepare(&mut self, obs: &Observation<'_>) -> Change {
        let board = obs.board();
        if !self
            .board
            .as_ref()
            .is_some_and(|b| Arc::ptr_eq(b, obs.game().board()))
        {
            self.board = Some(obs.game().board().clone());
            self.longest = board.routes().iter().map(|r| r.length).max().unwrap_or(0);
            self.start_prices.clear();
            self.searches.clear();
            self.searches
                .resize_with(SEARCHES_KEPT * board.tickets().len(), Search::default);
            self.current.clear();
            self.current.resize(board.tickets().len(), 0);
            self.forget_prices();
        }
        let n = board.routes().len();
        self.edge.resize(n, UNREACHABLE);
        self.planned.resize(n, false);
        self.on_path.resize(n, false);
        self.via.resize(board.cities().len(), NO_ROUTE);
        let me = obs.player(obs.seat());
        let stations: usize = (0..obs.num_players())
            .map(|s| obs.player(Seat(s as u8)).stations.len())
            .sum();
        let longest = self.longest;
        // Claims alone since the last pricing, with the player's trains
        // perhaps fewer.
        let claims = self.priced.as_ref().is_some_and(|p| {
            p.seat == obs.seat()
                && p.stations == stations
                && p.routes.len() == obs.num_players()
                && p.routes
                    .iter()
                    .enumerate()
                    .all(|(s, seen)| obs.player(Seat(s as u8)).routes.starts_with(seen))
        });
        // Trains bound only the routes longer than they are: with the trains
        // for the longest route before and after, no other route's price
        // changed.
        let before = self.priced.as_ref().map_or(me.trains, |p| p.trains);
        let extends =
            claims && (before == me.trains || before.min(me.trains) >= u16::from(longest));
        let mut priced = self.priced.take().unwrap_or_else(|| Priced {
            seat: obs.seat(),
            stations,
            trains: me.trains,
            routes: std::mem::take(&mut self.spare_claims),
        });
        self.own_claims.clear();
        let mut rest_off_path = true;
        let graph = &obs.game().tables.graph;
        if claims {
            let seen = priced.routes[obs.seat().index()].len();
            join_own(graph, &me.routes[seen..], &mut self.network);
            for (s, seen) in priced.routes.iter().enumerate() {
                let new = &obs.player(Seat(s as u8)).routes[seen.len()..];
                let mine = s == obs.seat().index();
                for &r in new {
                    for &x in std::iter::once(&r).chain(&board.route(r).siblings) {
                        let (old, cost) = (self.edge[x.index()], self.price(obs, x));
                        if mine && x == r {
                            self.own_claims.push((r, old));
                        } else {
                            rest_off_path &= cost >= old && !self.on_path[x.index()];
                        }
                        self.edge[x.index()] = cost;
                    }
                }
            }
            if !extends {
                // The routes the trains now reach or no longer reach
                // (a replan follows, as after any change of the trains).
                let (fewer, more) = (before.min(me.trains), before.max(me.trains));
                for (i, r) in board.routes().iter().enumerate() {
                    if (fewer + 1..=more).contains(&u16::from(r.length)) {
                        self.edge[i] = self.price(obs, RouteId::from_index(i));
                    }
                }
                #[cfg(test)]
                self.assert_priced(obs, "a price after the trains changed");
            }
        } else {
            self.price_all(obs);
            own_network(graph, me.routes, &mut self.network);
        }
        priced.seat = obs.seat();
        priced.stations = stations;
        priced.trains = me.trains;
        priced.routes.resize_with(obs.num_players(), Vec::new);
        for (s, seen) in priced.routes.iter_mut().enumerate() {
            seen.clear();
            seen.extend_from_slice(obs.player(Seat(s as u8)).routes);
        }
        self.priced = Some(priced);
        if extends {
            Change::Claims {
                own: !self.own_claims.is_empty(),
                rest_off_path,
            }
        } else {
            Change::Unknown
        }
    }

    /// Prices every route for the observing player. At a game's start (no
    /// route claimed by anyone, trains for the longest route) every route is
    /// open and priced by its length, tunnel, ferries and points alone, so
    /// the prices are the same at every start and are copied from
    /// [`Planner::start_prices`] after the first.
    fn price_all(&mut self, obs: &Observation<'_>) {
        let start = obs.player(obs.seat()).trains >= u16::from(self.longest)
            && (0..obs.num_players()).all(|s| obs.player(Seat(s as u8)).routes.is_empty());
        if start && !self.start_prices.is_empty() {
            self.edge.copy_from_slice(&self.start_prices);
            #[cfg(test)]
            self.assert_priced(obs, "a start price");
            return;
        }
        for i in 0..self.edge.len() {
            self.edge[i] = self.price(obs, RouteId::from_index(i));
        }
        if start {
            self.start_prices.clone_from(&self.edge);
        }
    }

    /// Checks (in tests) that every route's kept price is its price now.
    #[cfg(test)]
    fn assert_priced(&self, obs: &Observation<'_>, what: &str) {
        for (i, &cost) in self.edge.iter().enumerate() {
            assert_eq!(cost, self.price(obs, RouteId::from_index(i)), "{what}");
        }
    }

    /// A route's cost to the observing player.
    fn price(&self, obs: &Observation<'_>, id: RouteId) -> u32 {
        let r = obs.board().route(id);
        let me = obs.seat();
        let m = self.model;
        match obs.owner(id) {
            Some(o) if o == me => 0,
            Some(_) => {
                let mine = |c: CityId| obs.station_owner(c) == Some(me);
                let free = |c: CityId| obs.station_owner(c).is_none();
                if mine(r.from) || mine(r.to) {
                    m.own_station
                } else if obs.player(me).stations_left > 0 && (free(r.from) || free(r.to)) {
                    m.new_station
                } else {
                    UNREACHABLE
                }
            }
            None if obs.route_open(id) && u16::from(r.length) <= obs.player(me).trains => {
                let base = 10 * u32::from(r.length)
                    + if r.tunnel { m.tunnel } else { 0 }
                    + m.ferry * u32::from(r.ferry);
                let bias = (m.long_bias * r.points.max(0) as u32).min(base.saturating_sub(3));
                base - bias
            }
            None => UNREACHABLE,
        }
    }

    /// Plans `tickets` and `extra` into `plan`, most valuable first, each
    /// within what `budget` leaves; returns the budgets the plan would be
    /// the same with (each ticket's budget test answering alike).
    fn plan_into(
        &mut self,
        obs: &Observation<'_>,
        tickets: &[TicketId],
        extra: &[TicketId],
        budget: u32,
        plan: &mut Plan,
    ) -> std::ops::Range<u32> {
        let board = obs.board();
        let graph = &obs.game().tables.graph;
        let me = obs.seat();
        plan.clear();
        self.planned.iter_mut().for_each(|p| *p = false);
        self.costs.clear();
        self.costs.extend_from_slice(&self.edge);
        // The statuses in the order given, each filled in when its ticket
        // is planned (most valuable first, by `order`'s positions).
        plan.status.extend(
            tickets
                .iter()
                .chain(extra)
                .map(|&t| (t, TicketStatus::Dropped)),
        );
        self.order.clear();
        self.order.extend(0..plan.status.len());
        let ticket_at = |i: usize| plan.status[i].0;
        self.order
            .sort_by_key(|&i| (Reverse(board.ticket(ticket_at(i)).points), ticket_at(i)));
        // The budgets every "within the budget" test below answers alike for.
        let mut budgets = 0..u32::MAX;
        #[cfg(test)]
        {
            // The network kept since the last pricing joins the cities a
            // network built anew from the player's routes joins.
            let mut fresh = Vec::new();
            own_network(graph, obs.player(me).routes, &mut fresh);
            let n = fresh.len();
            let (mut to_kept, mut to_fresh) = (vec![usize::MAX; n], vec![usize::MAX; n]);
            for c in 0..n {
                let (f, k) = (root(&mut fresh, c), root(&mut self.network, c));
                assert!(
                    to_kept[f] == usize::MAX || to_kept[f] == k,
                    "city {c}'s network"
                );
                assert!(
                    to_fresh[k] == usize::MAX || to_fresh[k] == f,
                    "city {c}'s network"
                );
                (to_kept[f], to_fresh[k]) = (k, f);
            }
        }
        let mut order = std::mem::take(&mut self.order);
        for &i in &order {
            let t = plan.status[i].0;
            // Joined by the player's own routes: the search would find a path
            // of cost 0, and only the player's own routes cost 0.
            if let (Place::City(a), Place::City(b)) = (board.ticket(t).from, board.ticket(t).to)
                && root(&mut self.network, a.index()) == root(&mut self.network, b.index())
            {
                plan.status[i].1 = TicketStatus::Done;
                continue;
            }
            let cost = self.shortest(board, graph, t);
            if cost == UNREACHABLE {
                continue;
            }
            let path = &self.searches[self.kept(t)].path;
            // Classify the path: what is still to claim or borrow.
            let mut new_trains = 0;
            let mut todo = false;
            for &r in path {
                let i = r.index();
                if self.planned[i] {
                    todo = true;
                    continue;
                }
                match obs.owner(r) {
                    Some(o) if o == me => {}
                    Some(_) => {
                        if self.edge[i] != self.model.own_station {
                            todo = true;
                        }
                    }
                    None => {
                        todo = true;
                        new_trains += u32::from(board.route(r).length);
                    }
                }
            }
            if !todo {
                plan.status[i].1 = TicketStatus::Done;
                continue;
            }
            if plan.trains + new_trains > budget {
                budgets.end = budgets.end.min(plan.trains + new_trains);
                continue;
            }
            budgets.start = budgets.start.max(plan.trains + new_trains);
            plan.trains += new_trains;
            plan.cost += cost;
            plan.status[i].1 = TicketStatus::Planned(cost);
            let start = plan.routes.len();
            for &r in path {
                let i = r.index();
                if self.planned[i] {
                    continue;
                }
                match obs.owner(r) {
                    Some(o) if o == me => {}
                    Some(_) => {
                        let route = board.route(r);
                        let city = if obs.station_owner(route.from) == Some(me)
                            || (obs.station_owner(route.to) != Some(me)
                                && obs.station_owner(route.from).is_none())
                        {
                            route.from
                        } else {
                            route.to
                        };
                        if obs.station_owner(city) != Some(me) {
                            plan.borrow.push((r, city));
                        }
                        self.planned[i] = true;
                        self.costs[i] = 1;
                    }
                    None => {
                        plan.routes.push(r);
                        self.planned[i] = true;
                        self.costs[i] = 1;
                    }
                }
            }
            plan.spans.push((t, start..plan.routes.len()));
        }
        order.clear();
        self.order = order;
        budgets
    }

    /// The cost of the cheapest path between a ticket's places over
    /// `self.costs` (planned routes cost almost nothing), leaving its routes
    /// in the ticket's current [`Search`]: the last search when it still
    /// holds, else another kept search of the ticket made with exactly these
    /// costs (as when an offer's trial plans repeat what an earlier one
    /// planned before the ticket), else a new one in place of the ticket's
    /// least recent search.
    fn shortest(&mut self, board: &Board, graph: &RouteGraph, t: TicketId) -> u32 {
        let base = t.index() * SEARCHES_KEPT;
        let current = usize::from(self.current[t.index()]);
        let costs = &self.costs;
        let held = {
            let s = &mut self.searches[base + current];
            s.done && s.still_holds(graph, costs)
        };
        let found = if held {
            Some(current)
        } else {
            (1..SEARCHES_KEPT)
                .map(|k| (current + k) % SEARCHES_KEPT)
                .find(|&i| {
                    let s = &self.searches[base + i];
                    s.done && s.costs == *costs
                })
        };
        if let Some(i) = found {
            self.current[t.index()] = i as u8;
            #[cfg(test)]
            {
                let mut fresh = Search::default();
                self.search(board, graph, t, &mut fresh);
                let kept = &self.searches[base + i];
                assert_eq!(
                    (kept.cost, &kept.path),
                    (fresh.cost, &fresh.path),
                    "ticket {t:?}"
                );
            }
            return self.searches[base + i].cost;
        }
        let i = (current + 1) % SEARCHES_KEPT;
        self.current[t.index()] = i as u8;
        let mut s = std::mem::take(&mut self.searches[base + i]);
        let cost = self.search(board, graph, t, &mut s);
        self.searches[base + i] = s;
        cost
    }

    /// Where the ticket's kept search its plan was last made from is in
    /// [`Planner::searches`].
    fn kept(&self, t: TicketId) -> usize {
        slot(t, self.current[t.index()])
    }

    /// A new path search for ticket `t` over `self.costs`, into `s`.
    fn search(&mut self, board: &Board, graph: &RouteGraph, t: TicketId, s: &mut Search) -> u32 {
        let ticket = board.ticket(t);
        let cities = graph.country.len();
        s.done = true;
        s.made = s.made.wrapping_add(1);
        s.costs.clear();
        s.costs.extend_from_slice(&self.costs);
        s.nodes.clear();
        s.nodes.resize(cities, Node::UNSEEN);
        s.path.clear();
        s.end = UNREACHABLE;
        s.cost = UNREACHABLE;
        let one;
        let from: &[CityId] = match ticket.from {
            Place::City(c) => {
                one = [c];
                &one
            }
            Place::Country(k) => &board.countries()[k.index()].locations,
        };
        let to = match ticket.to {
            Place::City(c) => (c.0, NO_COUNTRY),
            Place::Country(k) => (UNSETTLED, k.index() as u16),
        };
        // The cities reached but not settled, as a bitset: in one word (kept
        // in a register) when the board has at most 64 cities.
        if cities <= 64 {
            settle(&mut 0u64, s, graph, &self.costs, &mut self.via, from, to)
        } else {
            let open = &mut self.open;
            open.clear();
            open.resize(cities.div_ceil(64), 0);
            settle(
                &mut open[..],
                s,
                graph,
                &self.costs,
                &mut self.via,
                from,
                to,
            )
        }
    }
}

/// Where kept search `i` of ticket `t` is in [`Planner::searches`].
fn slot(t: TicketId, i: u8) -> usize {
    t.index() * SEARCHES_KEPT + usize::from(i)
}

/// Dijkstra's search from the cities `from` to the city `to.0` or the first
/// city of country `to.1` over `costs`, into `s` (reset before), settling
/// next the nearest city reached, the lowest-numbered on ties (see
/// [`Open`]): its cost, with the path left in `s`. Every city the search
/// reaches gets its `via` before it is read.
fn settle<O: Open + ?Sized>(
    open: &mut O,
    s: &mut Search,
    graph: &RouteGraph,
    costs: &[u32],
    via: &mut [u32],
    from: &[CityId],
    to: (u16, u16),
) -> u32 {
    for &c in from {
        s.nodes[c.index()].dist = 0;
        via[c.index()] = SOURCE;
        open.add(c.index());
    }
    let mut settled = 0u16;
    while let Some(city) = open.take_nearest(&s.nodes) {
        let c = city as u16;
        let node = &mut s.nodes[city];
        let d = node.dist;
        node.rank = settled;
        settled += 1;
        if c == to.0 || (to.1 != NO_COUNTRY && graph.country[city] == to.1) {
            let mut at = city;
            loop {
                let v = via[at];
                if v == NO_ROUTE || v == SOURCE {
                    break;
                }
                let r = v as usize - 1;
                s.path.push(RouteId::from_index(r));
                let (a, b) = graph.ends[r];
                at = usize::from(if usize::from(a) == at { b } else { a });
            }
            s.end = d;
            s.cost = d;
            return d;
        }
        if graph.country[city] != NO_COUNTRY && via[city] != SOURCE {
            continue;
        }
        node.expanded = true;
        // A branch around the writes rather than branch-free selects, which
        // write every link's city whether it got nearer or not: 4% fewer
        // instructions in USA games of the heuristics and 1-3% less CPU time
        // on the project's AMD EPYC machine (docs/bots.md, *Speed*). An
        // unreachable route offers `UNREACHABLE`, which is never better.
        for link in graph.links(city) {
            let cost = costs[usize::from(link.route)];
            let w = usize::from(link.to);
            let nd = d.saturating_add(cost);
            let node = &mut s.nodes[w];
            if nd < node.dist {
                node.dist = nd;
                via[w] = u32::from(link.route) + 1;
                open.add(w);
            }
        }
    }
    UNREACHABLE
}

/// Joins the cities of the player's own routes into networks (union-find
/// in `network`), leaving out routes at a country's city: a path search does
/// not pass through one, so a network through it would join what the search
/// cannot.
fn own_network(graph: &RouteGraph, own: &[RouteId], network: &mut Vec<u16>) {
    network.clear();
    network.extend(0..graph.country.len() as u16);
    join_own(graph, own, network);
}

/// Joins the cities of more of the player's own routes into `network` (see
/// [`own_network`]).
fn join_own(graph: &RouteGraph, own: &[RouteId], network: &mut [u16]) {
    for r in own {
        let (a, b) = graph.ends[r.index()];
        if graph.country[usize::from(a)] != NO_COUNTRY
            || graph.country[usize::from(b)] != NO_COUNTRY
        {
            continue;
        }
        let (ra, rb) = (root(network, usize::from(a)), root(network, usize::from(b)));
        network[ra] = rb as u16;
    }
}

/// The representative of city `c`'s network, halving the paths on the way.
fn root(network: &mut [u16], mut c: usize) -> usize {
    while usize::from(network[c]) != c {
        let up = usize::from(network[usize::from(network[c])]);
        network[c] = up as u16;
        c = up;
    }
    c
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::super::heuristic::{HeuristicBot, Style};
    use super::*;
    use crate::board_game::design_checks::testing::bundled_file;
    use crate::board_game::{Action, BoardFamily, BoardGame, PublicPhase};
    use crate::game::GameState;
    use crate::sim::{SimConfig, simulate};

    /// The kept-plan rule, on USA games between the four styles, seen by a
    /// planner of seat 0's tickets refreshed at each of its turns: after a
    /// turn whose claim was a planned route, the plan is either the one
    /// before with that route taken out (same order; its trains, its price
    /// and nothing else off, the price from its ticket) or a replan; a claim
    /// off the plan always replans.
    #[test]
    fn a_claim_of_a_planned_route_keeps_the_plan_without_it() {
        let design = bundled_file("usa.yaml");
        let game = BoardGame::new(Arc::new(Board::build(&design).unwrap()), 2).unwrap();
        let (mut kept, mut replanned) = (0, 0);
        for seed in 0..4 {
            let mut bots = [Style::RouteFocus, Style::OneStep].map(|s| HeuristicBot::new(s, seed));
            let mut planner = Planner::new(CostModel::default());
            let mut state = game.new_game(seed);
            let mut claimed = None;
            while let Some(seat) = state.current_player() {
                let obs = state.observation(seat);
                if seat == Seat(0) && obs.phase() == PublicPhase::Turn {
                    let before = planner.plan.clone();
                    planner.refresh(&obs, u32::from(obs.player(seat).trains));
                    if let Some(r) = claimed.take() {
                        let after = &planner.plan;
                        if planner.fresh {
                            replanned += 1;
                        } else {
                            assert!(before.routes.contains(&r), "kept after an off-plan claim");
                            kept += 1;
                            let mut routes = before.routes.clone();
                            routes.retain(|&x| x != r);
                            assert_eq!(after.routes, routes);
                            let length = u32::from(obs.board().route(r).length);
                            assert_eq!(after.trains, before.trains - length);
                            let price = before.cost - after.cost;
                            let changed: Vec<_> = before
                                .status
                                .iter()
                                .zip(&after.status)
                                .filter(|(b, a)| b != a)
                                .collect();
                            assert!(changed.len() <= 1, "{changed:?}");
                            for ((_, b), (_, a)) in changed {
                                let TicketStatus::Planned(c) = *b else {
                                    panic!("{b:?} became {a:?}");
                                };
                                assert!(
                                    *a == TicketStatus::Planned(c - price)
                                        || *a == TicketStatus::Done
                                );
                            }
                        }
                    }
                }
                let action = bots[seat.index()].decide(&obs);
                if let (Seat(0), Action::Claim { route, .. }) = (seat, &action) {
                    claimed = Some(*route);
                }
                state.apply(action).unwrap();
            }
        }
        assert!(
            kept > 20 && replanned > 5,
            "{kept} kept, {replanned} replanned"
        );
    }

    /// Every kept path search that is reused is the one a new search finds
    /// (checked inside [`super::Planner::shortest`] in tests).
    #[test]
    fn kept_searches_find_what_a_new_search_finds() {
        for map in ["usa", "europe", "heart-of-africa-rules", "usa-stations"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(format!("../maps/{map}.yaml"));
            let file = formats::load(&path).unwrap().design;
            let config = SimConfig::<BoardFamily> {
                design: Arc::new(crate::Board::build(&file).unwrap()),
                players: vec![2, 3, 4, 5],
                games: 60,
                bots: Style::ALL.map(|s| s.name().to_owned()).to_vec(),
                seed: 7,
                threads: 1,
                turn_cap: crate::sim::DEFAULT_TURN_CAP,
            };
            simulate(&config, &|_| {}, &AtomicBool::new(false)).unwrap();
        }
    }
}
