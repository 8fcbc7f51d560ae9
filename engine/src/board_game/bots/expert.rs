//! The `expert` bot: the board game's strongest player, a determinized
//! search built for small budgets: the generic flat search
//! ([`crate::bots::flat`]) with this family's policy.
//!
//! - **Candidates** are the union of what every heuristic style would do
//!   here (first the design's strongest style, by a fixed-seed round robin
//!   of the styles on this design, [`super::design_styles`]: the default),
//!   the claims of the route-focus plan, the best-scoring other claims, every distinct card draw and
//!   drawing tickets, so that no single style's blind spot decides. They
//!   depend only on what the bot sees and are computed once per decision.
//! - **Policy switching**: each style's choice is a candidate of its own,
//!   played on in the playouts by that same style for the searching player
//!   (two styles proposing the same move give two candidates); the other
//!   candidates are played on by the default style. The search thus also picks
//!   which style's plan to follow from here, not only its next move.
//! - Each pass samples a **determinization** from the observation (other
//!   hands and tickets dealt anew, every public count kept), re-deals the
//!   rivals' tickets in favour of those their routes explain
//!   ([`super::infer`]), and deals every rival a **playout style** from the
//!   four literature styles, each with a chance proportional to the square
//!   of its round-robin strength on this design ([`RivalModel::Strengths`]:
//!   the opponent model; a rival's style is not observable, so the playouts
//!   average over them, the styles that play the design well most). Every surviving candidate is played **from the same world**, so a
//!   lucky deal or an easy rival counts alike for all of them.
//! - The playouts run to the end of the game, and the real outcome is the
//!   reward (win plus a small margin term). With
//!   [`ExpertConfig::full_playout_trains`] set lower, playouts are instead
//!   **cut off** after a few turns while every player still holds more
//!   trains than that and scored by [`Evaluator`] (points, tickets weighted
//!   by how feasible they still are, trains still to lay, stations, longest
//!   path), the reward being the squashed margin over the best other player.
//! - **Sequential halving** drops the worse half of the candidates after
//!   each round; the default style's choice (played on by that style) is
//!   kept and replaced only by a candidate whose mean reward beats it by a margin.
//! - **The default budget follows the design** ([`design_iterations`]): as
//!   many playouts as cost the work of [`DEFAULT_ITERATIONS`] on the USA,
//!   a playout's work being the design's routes times its games' turns
//!   (both fixed by the game description, so a seed replays a game on any
//!   machine); `expert:N` is N playouts on every design.

use smallvec::SmallVec;

use super::design_styles::{self, DesignStyles};
use super::evaluate::Evaluator;
use super::heuristic::{HeuristicBot, Style};
use super::infer::{EndWeights, reweigh_tickets};
use super::mcts::push_search_candidates;
use crate::board_game::board::RouteId;
use crate::board_game::{Action, Observation, PublicPhase, State};
use crate::bots::flat::{FlatBot, FlatConfig};
use crate::bots::mcts::{self, Budget, SearchPolicy};
use crate::bots::push_unique;
use crate::game::{EndReason, GameState, Seat};
use crate::rng::GameRng;

/// The default budget's playouts per decision on the USA at 2 players, and
/// the fewest it gives any design: 350, whose playouts under the heuristics'
/// kept-plan rule cost about what 300 cost before it (`docs/bots.md`,
/// *Speed*).
pub const DEFAULT_ITERATIONS: u32 = 350;

/// The most playouts per decision the default budget gives any design: the
/// cap that keeps a design whose games are short or whose board is small
/// under 20 ms a decision even where the work estimate is off by a third.
pub const MAX_DEFAULT_ITERATIONS: u32 = 525;

/// The work of a playout on the USA at 2 players, in route-turns: its 100
/// routes times the mean turns of its styles' round robin
/// ([`design_styles::round_robin`]: 78.5, so 7,850), rounded down to the
/// hundred so that the USA keeps exactly [`DEFAULT_ITERATIONS`] even if the
/// heuristics' games get a little shorter.
pub const REFERENCE_ROUTE_TURNS: u64 = 7_800;

/// The default budget on a design with `routes` routes whose styles' round
/// robin is `styles`: [`DEFAULT_ITERATIONS`] times the USA's playout work
/// ([`REFERENCE_ROUTE_TURNS`]) over this design's (its routes times the
/// round robin's mean turns), between [`DEFAULT_ITERATIONS`] and
/// [`MAX_DEFAULT_ITERATIONS`]. A playout's cost grows with the turns it
/// plays and, per turn, with the routes the heuristics scan when they plan
/// (the plan is kept between the draws of a turn). Integer arithmetic on
/// figures fixed by the game description: the same count on every machine.
pub fn design_iterations(routes: usize, styles: &DesignStyles) -> u32 {
    let work = routes as u64 * styles.turns;
    if work == 0 || styles.games == 0 {
        return DEFAULT_ITERATIONS;
    }
    let n = u64::from(DEFAULT_ITERATIONS) * REFERENCE_ROUTE_TURNS * styles.games / work;
    n.clamp(
        u64::from(DEFAULT_ITERATIONS),
        u64::from(MAX_DEFAULT_ITERATIONS),
    ) as u32
}

/// What the default `expert` settles on for a game description before its
/// first decision: the styles' round robin it reads, the default style it
/// protects, the chance of each style in its rivals' playouts and its
/// playouts per decision. `tracklayer styles` prints it, so that a designer
/// can see how the bots will play a design (and the figures docs/bots.md
/// quotes can be read again with a command).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DesignDefaults {
    /// The styles' round robin on the design ([`design_styles::of`]).
    pub styles: DesignStyles,
    /// The design's routes, the other factor of a playout's work.
    pub routes: usize,
    /// A playout's work, in route-turns: the routes times the round
    /// robin's mean turns, rounded down (to print; [`design_iterations`]
    /// divides by the same work unrounded).
    pub route_turns: u64,
    /// The protected default style: the round robin's strongest.
    pub default_style: Style,
    /// The chance of each style of [`Style::ALL`] to be dealt to a rival in
    /// the playouts ([`RivalModel::Strengths`]).
    pub rival_chances: [f64; 4],
    /// The default playouts per decision ([`design_iterations`]).
    pub iterations: u32,
}

/// What the default `expert` settles on for `game` ([`DesignDefaults`]),
/// by the rules its search uses: the round robin is played (or read from
/// its cache) once per game description.
pub fn design_defaults(game: &std::sync::Arc<crate::board_game::BoardGame>) -> DesignDefaults {
    let styles = design_styles::of(game);
    let routes = game.board.routes().len();
    DesignDefaults {
        styles,
        routes,
        route_turns: routes as u64 * styles.turns / styles.games.max(1),
        default_style: Style::ALL[design_styles::best(&styles.strengths)],
        rival_chances: rival_chances(&styles.strengths),
        iterations: design_iterations(routes, &styles),
    }
}

/// The settings of the expert's search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpertConfig {
    /// Whole turns a playout runs before it is cut off and evaluated.
    pub horizon: u32,
    /// Once the fewest trains any player holds is at most this many, the
    /// playouts run to the end of the game and are scored by the real
    /// outcome instead of being cut off at `horizon` (`u32::MAX`, the
    /// default: always; full playouts measured clearly stronger than the
    /// cut-off evaluation at the same number of playouts, see `docs/bots.md`).
    pub full_playout_trains: u32,
    /// The score margin (points) that counts as a clear lead in the reward.
    pub margin_scale: f64,
    /// How much better (in reward) another candidate must do than the
    /// route-focus choice to replace it.
    pub default_margin: f64,
    /// The style the searching player plays in the playouts after a
    /// candidate no style proposed (and, with [`RivalModel::Same`], the
    /// rivals' style); its choice is the protected default. `None` (the
    /// default): the design's strongest style, by a fixed-seed round robin
    /// of the four styles on this design and player count
    /// ([`design_styles`]).
    pub default_style: Option<Style>,
    /// How the rivals play in the playouts.
    pub rivals: RivalModel,
    /// Policy switching: each style's choice is searched with that style
    /// playing the searching player's later turns in its playouts.
    pub switching: bool,
    /// Off-plan claims searched at the root besides the heuristics' choices
    /// and the plan's claims, best-scoring first.
    pub other_claims: usize,
    /// Search every distinct face-up card on a turn (else only the styles'
    /// own draws, a blind draw and tickets; a second card always searches
    /// every distinct one).
    pub face_up_draws: bool,
    /// How rivals' hidden tickets are weighted by their routes (`None`:
    /// dealt uniformly).
    pub infer: Option<EndWeights>,
    /// Fit the budget to the design ([`design_iterations`]) instead of the
    /// one the bot was built with: the plain `expert`.
    pub design_budget: bool,
}

impl Default for ExpertConfig {
    fn default() -> Self {
        ExpertConfig {
            horizon: 6,
            full_playout_trains: u32::MAX,
            margin_scale: 20.0,
            default_margin: 0.03,
            default_style: None,
            rivals: RivalModel::Strengths,
            switching: true,
            other_claims: 4,
            face_up_draws: true,
            infer: Some(EndWeights::default()),
            design_budget: false,
        }
    }
}

/// How the rivals play in the expert's playouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RivalModel {
    /// As [`ExpertConfig::default_style`].
    Same,
    /// This style.
    Style(Style),
    /// Each pass deals every rival a style from [`Style::ALL`] uniformly.
    Mixed,
    /// Each pass deals every rival a style from [`Style::ALL`] with a
    /// chance proportional to the square of its round-robin share on this
    /// design ([`design_styles::strengths`]): the styles that play the
    /// design well, the rivals that matter, are met most.
    Strengths,
}

/// The expert's search policy.
#[derive(Clone, Debug)]
pub struct ExpertPolicy {
    config: ExpertConfig,
    /// One bot per style, proposing candidates.
    proposers: Vec<HeuristicBot>,
    /// Per seat, a playout player of each style of [`Style::ALL`].
    players: Vec<Vec<HeuristicBot>>,
    /// Per seat, which of its playout players plays (an index into
    /// [`Style::ALL`]).
    seat_style: Vec<usize>,
    /// Per root candidate, the searching player's playout style after it.
    continuation: Vec<usize>,
    /// The searching player.
    me: usize,
    /// The protected default style (an index into [`Style::ALL`]), fixed
    /// for the game description at the first decision.
    default: Option<usize>,
    /// The chance of each style of [`Style::ALL`] to be dealt to a rival
    /// (cumulative).
    rival_odds: [f64; 4],
    /// The design's default playouts per decision ([`design_iterations`]),
    /// fixed with the default style.
    design_iterations: u32,
    evaluator: Evaluator,
    legal: Vec<Action>,
    values: Vec<f64>,
    rewards: Vec<f64>,
}

impl ExpertPolicy {
    /// A policy with these settings.
    pub fn new(config: ExpertConfig) -> Self {
        ExpertPolicy {
            config,
            proposers: Style::ALL
                .iter()
                .map(|&s| HeuristicBot::new(s, 0))
                .collect(),
            players: Vec::new(),
            seat_style: Vec::new(),
            continuation: Vec::new(),
            me: 0,
            default: None,
            rival_odds: [0.25, 0.5, 0.75, 1.0],
            design_iterations: DEFAULT_ITERATIONS,
            evaluator: Evaluator::default(),
            legal: Vec::new(),
            values: Vec::new(),
            rewards: Vec::new(),
        }
    }

    /// The protected default style's index, once [`Self::settle`]d.
    fn default(&self) -> usize {
        self.default.unwrap_or(style_index(
            self.config.default_style.unwrap_or(Style::RouteFocus),
        ))
    }

    /// Fixes the default style, the rivals' odds and the default budget
    /// for this game description, reading only the design
    /// ([`design_styles`]).
    fn settle(&mut self, state: &State) {
        if self.default.is_some() {
            return;
        }
        let needs_table = self.config.default_style.is_none()
            || self.config.rivals == RivalModel::Strengths
            || self.config.design_budget;
        let design = needs_table.then(|| design_defaults(state.game()));
        self.default = Some(match (self.config.default_style, &design) {
            (Some(style), _) => style_index(style),
            (None, Some(d)) => style_index(d.default_style),
            (None, None) => 0,
        });
        if let (RivalModel::Strengths, Some(d)) = (self.config.rivals, &design) {
            self.rival_odds = rival_odds(&d.rival_chances);
        }
        if let Some(d) = &design {
            self.design_iterations = d.iterations;
        }
    }

    fn ensure(&mut self, players: usize) {
        let default = self.default();
        while self.players.len() < players {
            self.players.push(
                Style::ALL
                    .iter()
                    .map(|&s| HeuristicBot::new(s, 0))
                    .collect(),
            );
            self.seat_style.push(default);
        }
    }

    /// The wide candidate set: every style's choice, then the plan's
    /// claims, the best other claims, distinct draws and tickets.
    fn wide(&mut self, obs: &Observation<'_>, out: &mut Vec<Action>) {
        let default = self.default();
        self.continuation.clear();
        let mut order: SmallVec<[usize; 4]> = SmallVec::new();
        order.push(default);
        order.extend((0..Style::ALL.len()).filter(|&i| i != default));
        for &i in &order {
            let bot = &mut self.proposers[i];
            bot.reset();
            let a = bot.decide(obs);
            if self.config.switching {
                out.push(a);
                self.continuation.push(i);
            } else {
                push_unique(out, a);
            }
        }
        // The proposers were reset and have planned for this position.
        let plan: SmallVec<[RouteId; 16]> = self.proposers[default]
            .plan()
            .routes
            .iter()
            .copied()
            .collect();
        push_search_candidates(
            obs,
            &plan,
            self.config.other_claims,
            self.config.face_up_draws,
            &mut self.legal,
            out,
        );
        self.continuation.resize(out.len(), default);
    }
}

/// The chance of dealing each style to a rival: proportional to the square
/// of its round-robin share (uniform when every share is 0).
fn rival_chances(strengths: &design_styles::Strengths) -> [f64; 4] {
    let total: f64 = strengths.iter().map(|s| s * s).sum();
    if total > 0.0 {
        strengths.map(|s| s * s / total)
    } else {
        [0.25; 4]
    }
}

/// The running sums of `chances` ([`rival_chances`]): the odds a uniform
/// draw is compared with to deal a rival's style.
fn rival_odds(chances: &[f64; 4]) -> [f64; 4] {
    let mut acc = 0.0;
    chances.map(|c| {
        acc += c;
        acc
    })
}

/// The place of `style` in [`Style::ALL`] (0 for a persona).
fn style_index(style: Style) -> usize {
    Style::ALL.iter().position(|&s| s == style).unwrap_or(0)
}

impl SearchPolicy<State> for ExpertPolicy {
    fn reset(&mut self) {
        self.players
            .iter_mut()
            .flatten()
            .for_each(HeuristicBot::reset);
    }

    fn begin_candidate(&mut self, index: usize) {
        let style = self
            .continuation
            .get(index)
            .copied()
            .unwrap_or(self.default());
        if let Some(s) = self.seat_style.get_mut(self.me) {
            *s = style;
        }
    }

    fn root_candidates(&mut self, state: &State, out: &mut Vec<Action>) -> bool {
        out.clear();
        let Some(seat) = state.current_player() else {
            return true;
        };
        // Everything here reads the searching player's own observation, the
        // same in every determinization.
        self.me = seat.index();
        self.settle(state);
        self.ensure(state.num_players());
        self.wide(&state.observation(seat), out);
        true
    }

    fn candidates(&mut self, state: &State, out: &mut Vec<Action>) {
        let Some(seat) = state.current_player() else {
            return;
        };
        self.ensure(state.num_players());
        let obs = state.observation(seat);
        // Below the root: the playout player's choice, then long-route's.
        let s = seat.index();
        out.push(self.players[s][self.seat_style[s]].decide(&obs));
        let long = &mut self.proposers[Style::ALL
            .iter()
            .position(|&s| s == Style::LongRoute)
            .unwrap_or(0)];
        long.reset();
        push_unique(out, long.decide(&obs));
    }

    fn rollout(&mut self, state: &mut State, _rng: &mut GameRng) {
        self.ensure(state.num_players());
        let fewest = state.players().iter().map(|p| p.trains).min().unwrap_or(0);
        let horizon = if u32::from(fewest) <= self.config.full_playout_trains {
            u32::MAX
        } else {
            self.config.horizon
        };
        let stop = state.turn().saturating_add(horizon);
        while let Some(seat) = state.current_player() {
            if state.turn() >= stop && state.observation(seat).phase() == PublicPhase::Turn {
                break;
            }
            let s = seat.index();
            let a = self.players[s][self.seat_style[s]].decide(&state.observation(seat));
            if state.apply_quietly(a).is_err() {
                state.stop(EndReason::TurnCap);
                break;
            }
        }
        let n = state.num_players();
        self.rewards.clear();
        if let Some(ending) = state.ending() {
            mcts::win_and_margin_rewards(
                Some(&ending.outcome),
                n,
                self.config.margin_scale,
                &mut self.rewards,
            );
            return;
        }
        self.evaluator.values(state, &mut self.values);
        for s in 0..n {
            let best_other = (0..n)
                .filter(|&o| o != s)
                .map(|o| self.values[o])
                .fold(f64::NEG_INFINITY, f64::max);
            let margin = self.values[s] - best_other;
            self.rewards
                .push(0.5 + 0.5 * (margin / self.config.margin_scale).tanh());
        }
    }

    fn refine(&mut self, state: &mut State, observer: Seat, rng: &mut GameRng) {
        if let Some(w) = self.config.infer {
            reweigh_tickets(state, observer, w, rng);
        }
        self.settle(state);
        self.ensure(state.num_players());
        let default = self.default();
        for s in 0..state.num_players() {
            self.seat_style[s] = if s == observer.index() {
                default
            } else {
                match self.config.rivals {
                    RivalModel::Same => default,
                    RivalModel::Style(style) => style_index(style),
                    RivalModel::Mixed => rng.below(Style::ALL.len() as u32) as usize,
                    RivalModel::Strengths => {
                        let x = f64::from(rng.below(1 << 30)) / f64::from(1u32 << 30);
                        self.rival_odds.iter().position(|&o| x < o).unwrap_or(0)
                    }
                }
            };
        }
    }

    fn rewards(&self, _state: &State, out: &mut Vec<f64>) {
        out.clear();
        out.extend_from_slice(&self.rewards);
    }

    fn budget(&self, configured: Budget) -> Budget {
        if self.config.design_budget {
            Budget::Iterations(self.design_iterations)
        } else {
            configured
        }
    }
}

/// The `expert` bot: the flat search ([`flat::search`]) with the expert's
/// policy, keeping the default style's choice unless another candidate beats it
/// by [`ExpertConfig::default_margin`]; the route-focus heuristic decides
/// when there is nothing to search.
pub type ExpertBot = FlatBot<ExpertPolicy, HeuristicBot>;

/// An expert named `name` with a budget per decision (`None`: the
/// design's default, [`design_iterations`]), drawing from `seed`.
pub fn expert_bot(name: String, budget: Option<Budget>, seed: u64) -> ExpertBot {
    let config = ExpertConfig {
        design_budget: budget.is_none(),
        ..ExpertConfig::default()
    };
    let budget = budget.unwrap_or(Budget::Iterations(DEFAULT_ITERATIONS));
    expert_with(name, budget, seed, config)
}

/// An expert with its own settings (for tuning and tests).
pub fn expert_with(name: String, budget: Budget, seed: u64, config: ExpertConfig) -> ExpertBot {
    let search = FlatConfig {
        budget,
        keep_default: Some(config.default_margin),
    };
    FlatBot::with_config(
        name,
        search,
        seed,
        ExpertPolicy::new(config),
        HeuristicBot::new(Style::RouteFocus, seed),
    )
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::board_game::BoardGame;
    use crate::board_game::board::Board;

    /// A two-player USA game at its first regular turn.
    fn first_turn() -> State {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let design = formats::load(&path).unwrap().design;
        let game = BoardGame::new(Arc::new(Board::build(&design).unwrap()), 2).unwrap();
        let mut state = game.new_game(3);
        let mut keeper = HeuristicBot::new(Style::RouteFocus, 0);
        while let Some(seat) = state.current_player() {
            let obs = state.observation(seat);
            if obs.phase() == PublicPhase::Turn {
                break;
            }
            let a = keeper.decide(&obs);
            state.apply(a).unwrap();
        }
        state
    }

    /// Each style's own choice is a root candidate played on by that style
    /// (the route-focus one first, the default); the other candidates are
    /// played on by route-focus; every rival's playout style is dealt from
    /// all four styles, the searching player's is the candidate's.
    #[test]
    fn each_style_plays_on_its_own_choice_and_rivals_are_dealt_every_style() {
        let state = first_turn();
        let me = state.current_player().unwrap();
        let obs = state.observation(me);
        let mut policy = ExpertPolicy::new(ExpertConfig {
            default_style: Some(Style::RouteFocus),
            rivals: RivalModel::Mixed,
            ..ExpertConfig::default()
        });
        let mut cands = Vec::new();
        assert!(policy.root_candidates(&state, &mut cands));
        for (i, &style) in Style::ALL.iter().enumerate() {
            let mut bot = HeuristicBot::new(style, 0);
            assert_eq!(cands[i], bot.decide(&obs), "{}", style.name());
        }
        assert!(cands.len() > Style::ALL.len());
        assert_eq!(policy.continuation[..4], [0, 1, 2, 3]);
        assert!(policy.continuation[4..].iter().all(|&s| s == 0));
        let rival = 1 - me.index();
        let mut dealt = [false; 4];
        let mut rng = GameRng::seeded(11);
        for _ in 0..64 {
            let mut world = state.clone();
            policy.refine(&mut world, me, &mut rng);
            assert_eq!(policy.seat_style[me.index()], 0);
            dealt[policy.seat_style[rival]] = true;
            policy.reset();
            policy.begin_candidate(2);
            assert_eq!(policy.seat_style[me.index()], 2);
            policy.begin_candidate(cands.len() - 1);
            assert_eq!(policy.seat_style[me.index()], 0);
        }
        assert_eq!(dealt, [true; 4]);
    }

    /// The default budget spends the USA's 350 playouts' work: a design
    /// whose playouts cost as much (or more) keeps 350, one with 76 routes
    /// and 80-turn games (Heart of Africa's figures) gets more, a tiny one
    /// the cap; a named budget is kept as it is.
    #[test]
    fn the_default_budget_follows_the_designs_playout_work() {
        let rr = |turns_per_game: u64| DesignStyles {
            strengths: [0.5; 4],
            turns: 480 * turns_per_game,
            games: 480,
        };
        assert_eq!(design_iterations(100, &rr(78)), DEFAULT_ITERATIONS);
        assert_eq!(design_iterations(101, &rr(83)), DEFAULT_ITERATIONS);
        assert_eq!(design_iterations(76, &rr(80)), 449);
        assert_eq!(design_iterations(10, &rr(30)), MAX_DEFAULT_ITERATIONS);
        assert_eq!(design_iterations(0, &rr(30)), DEFAULT_ITERATIONS);
        let unplayed = DesignStyles {
            games: 0,
            turns: 0,
            ..rr(0)
        };
        assert_eq!(design_iterations(76, &unplayed), DEFAULT_ITERATIONS);

        let mut fitted = ExpertPolicy::new(ExpertConfig {
            design_budget: true,
            ..ExpertConfig::default()
        });
        fitted.design_iterations = 379;
        assert_eq!(
            fitted.budget(Budget::Iterations(5)),
            Budget::Iterations(379)
        );
        let named = ExpertPolicy::new(ExpertConfig::default());
        assert_eq!(named.budget(Budget::Iterations(5)), Budget::Iterations(5));
    }

    /// The defaults `tracklayer styles` prints are the ones the default
    /// `expert` settles on: its protected style, its rivals' odds and its
    /// budget (on the USA at 2 players: 350 playouts).
    #[test]
    fn the_printed_defaults_are_what_the_default_expert_settles_on() {
        let state = first_turn();
        let printed = design_defaults(state.game());
        let mut policy = ExpertPolicy::new(ExpertConfig {
            design_budget: true,
            ..ExpertConfig::default()
        });
        policy.settle(&state);
        assert_eq!(
            Style::ALL[policy.default()],
            printed.default_style,
            "default style"
        );
        assert_eq!(policy.design_iterations, printed.iterations);
        assert_eq!(printed.iterations, DEFAULT_ITERATIONS);
        assert_eq!(printed.routes, 100);
        let mut acc = 0.0;
        for (odd, chance) in policy.rival_odds.iter().zip(printed.rival_chances) {
            acc += chance;
            assert!((odd - acc).abs() < 1e-12, "{odd} against {acc}");
        }
        assert!((acc - 1.0).abs() < 1e-12);
    }

    /// A style twice as strong on the design is dealt to rivals four times
    /// as often; with no strengths every style is as likely.
    #[test]
    fn rivals_are_dealt_the_strong_styles_of_the_design_most() {
        let chance = rival_chances(&[0.2, 0.4, 0.2, 0.2]);
        assert!((chance[1] - 4.0 * chance[0]).abs() < 1e-12);
        assert!((rival_odds(&chance)[3] - 1.0).abs() < 1e-12);
        assert_eq!(
            rival_odds(&rival_chances(&[0.0; 4])),
            [0.25, 0.5, 0.75, 1.0]
        );
    }
}
