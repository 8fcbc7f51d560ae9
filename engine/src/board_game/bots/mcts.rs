//! The `mcts` bot: [`crate::bots::mcts`] on the board game. Candidate moves are the
//! route-focus heuristic's own choice first, then the claims of its plan, the
//! best-scoring other claims, every distinct card draw and drawing tickets;
//! rollouts play every seat with the heuristic; the reward mixes winning with
//! the score margin so that close games still teach the search something.

use smallvec::SmallVec;

use super::heuristic::{HeuristicBot, Style, claim_action};
use super::pay::{HandReach, Wanted};
use crate::board_game::board::RouteId;
use crate::board_game::cards::CARD_KINDS;
use crate::board_game::{Action, Card, Observation, PublicPhase, State};
use crate::bots::mcts::{self, Budget, SearchPolicy};
use crate::bots::push_unique;
use crate::game::GameState;
use crate::rng::GameRng;

/// The style that plays the rollouts and orders the candidates.
pub const ROLLOUT_STYLE: Style = Style::RouteFocus;

/// Off-plan claims searched besides the plan's, by points.
const OTHER_CLAIMS: usize = 3;

/// A rollout stops at this turn (the harness's usual cap is higher).
const ROLLOUT_TURN_CAP: u32 = 600;

/// A score margin (in points) that counts as a clear lead in the reward.
const MARGIN_SCALE: f64 = 25.0;

/// The board game's search policy.
#[derive(Clone, Debug)]
pub struct BoardPolicy {
    tree: Vec<HeuristicBot>,
    rollout: Vec<HeuristicBot>,
    legal: Vec<Action>,
}

impl BoardPolicy {
    /// A policy for up to `players` seats.
    pub fn new(players: usize) -> Self {
        BoardPolicy {
            tree: (0..players)
                .map(|_| HeuristicBot::new(ROLLOUT_STYLE, 0))
                .collect(),
            rollout: (0..players)
                .map(|_| HeuristicBot::new(ROLLOUT_STYLE, 0))
                .collect(),
            legal: Vec::new(),
        }
    }

    fn ensure(&mut self, players: usize) {
        while self.tree.len() < players {
            self.tree.push(HeuristicBot::new(ROLLOUT_STYLE, 0));
            self.rollout.push(HeuristicBot::new(ROLLOUT_STYLE, 0));
        }
    }
}

/// The search's candidates after the heuristics' own choices (which the
/// caller pushes first, its default first): a blind draw, drawing tickets
/// and (with `face_up`, and always for a second card) every distinct face-up
/// card; on a turn, the claims of `plan` and the `other_claims`
/// best-scoring other claims (stations the heuristics would not build are
/// left out); in the phases with few choices (tickets, tunnels, doubles),
/// every legal action. Used by `mcts` below the root and by `expert` at it.
pub(super) fn push_search_candidates(
    obs: &Observation<'_>,
    plan: &[RouteId],
    other_claims: usize,
    face_up: bool,
    legal: &mut Vec<Action>,
    out: &mut Vec<Action>,
) {
    let face_up = face_up || obs.phase() == PublicPhase::SecondDraw;
    legal.clear();
    obs.legal_actions(legal);
    match obs.phase() {
        PublicPhase::Turn | PublicPhase::SecondDraw => {
            let mut seen: SmallVec<[Card; 8]> = SmallVec::new();
            for &a in legal.iter() {
                match a {
                    Action::DrawFaceUp(slot) if face_up => {
                        if let Some(Some(c)) = obs.display().get(usize::from(slot))
                            && !seen.contains(c)
                        {
                            seen.push(*c);
                            push_unique(out, a);
                        }
                    }
                    Action::DrawBlind | Action::DrawTickets => push_unique(out, a),
                    _ => {}
                }
            }
            if obs.phase() == PublicPhase::Turn {
                let wanted: Wanted = [0; CARD_KINDS];
                let reach = HandReach::of(obs);
                for &r in plan {
                    if let Some(a) = claim_action(obs, &reach, r, &wanted, true) {
                        push_unique(out, a);
                    }
                }
                let mut others: SmallVec<[(i32, Action); 16]> = SmallVec::new();
                for (i, r) in obs.board().routes().iter().enumerate() {
                    if let Some(a) =
                        claim_action(obs, &reach, RouteId::from_index(i), &wanted, true)
                    {
                        others.push((r.points, a));
                    }
                }
                others.sort_by_key(|&(p, _)| std::cmp::Reverse(p));
                for &(_, a) in others.iter().take(other_claims) {
                    push_unique(out, a);
                }
            }
        }
        PublicPhase::SetupTickets
        | PublicPhase::KeepTickets
        | PublicPhase::Tunnel { .. }
        | PublicPhase::Double(_) => {
            for &a in legal.iter() {
                push_unique(out, a);
            }
        }
        PublicPhase::Over => {}
    }
}

impl SearchPolicy<State> for BoardPolicy {
    fn reset(&mut self) {
        self.tree.iter_mut().for_each(HeuristicBot::reset);
        self.rollout.iter_mut().for_each(HeuristicBot::reset);
    }

    fn candidates(&mut self, state: &State, out: &mut Vec<Action>) {
        let Some(seat) = state.current_player() else {
            return;
        };
        self.ensure(state.num_players());
        let obs = state.observation(seat);
        let bot = &mut self.tree[seat.index()];
        out.push(bot.decide(&obs));
        let plan: SmallVec<[RouteId; 16]> = bot.plan().routes.iter().copied().collect();
        push_search_candidates(&obs, &plan, OTHER_CLAIMS, true, &mut self.legal, out);
    }

    fn rollout(&mut self, state: &mut State, _rng: &mut GameRng) {
        self.ensure(state.num_players());
        let bots = &mut self.rollout;
        mcts::play_out(state, ROLLOUT_TURN_CAP, |state, seat| {
            bots[seat.index()].decide(&state.observation(seat))
        });
    }

    fn rewards(&self, state: &State, out: &mut Vec<f64>) {
        let outcome = state.ending().map(|e| &e.outcome);
        mcts::win_and_margin_rewards(outcome, state.num_players(), MARGIN_SCALE, out);
    }
}

/// The `mcts` bot: the search with the board game's policy, the
/// route-focus heuristic deciding when there is nothing to search.
pub type MctsBot = mcts::SearchBot<BoardPolicy, HeuristicBot>;

/// A searching bot named `name` with a budget per decision, drawing from `seed`.
pub fn mcts_bot(name: String, budget: Budget, seed: u64) -> MctsBot {
    mcts::SearchBot::new(
        name,
        budget,
        seed,
        BoardPolicy::new(2),
        HeuristicBot::new(ROLLOUT_STYLE, seed),
    )
}
