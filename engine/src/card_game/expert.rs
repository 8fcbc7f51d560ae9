//! The card game's `expert` (docs/bots.md): the generic determinized flat
//! search with common random numbers and sequential halving
//! ([`crate::bots::flat`]) over candidates taken from several heuristics at
//! once, with the ticket matcher playing every seat in the rollouts.
//!
//! - **Candidates**: the `ticket-matcher`'s and the `robber`'s choices; every
//!   distinct draw (blind, and one face-up slot per colour shown); drawing
//!   tickets; for every colour that may be played, the smallest legal row
//!   (fewest locomotives), the row of every card of that colour without
//!   locomotives (or with the fewest the rules need) and the row of every card
//!   of that colour and every locomotive; the three-colour plays covering most
//!   needed colours; every legal choice of tickets to keep. No single
//!   heuristic's blind spot (the matcher never robs, the robber robs whenever
//!   it may) decides what is searched.
//! - **Determinization**: [`crate::game::Observation::sample_state`] deals the
//!   unseen cards (the deck, the other hands, every On the Track pile) and the
//!   unseen tickets anew from the observation alone.
//! - **Rollouts and reward**: those of `mcts` ([`CardPolicy`]): the matcher at
//!   every seat to the end of the game; 0.75 × win share + 0.25 × squashed
//!   margin.

use super::bots::{CardPolicy, HeuristicBot, Style};
use super::cards::Counts;
use super::{Action, Phase, State};
use crate::bots::flat;
use crate::bots::mcts::{self, Budget, SearchPolicy};
use crate::bots::{Bot, BotNameError, BotSpec, push_unique};
use crate::game::GameState;
use crate::rng::GameRng;

/// Rollouts per decision when the spec gives no budget: about 20 ms a
/// decision on one core of the project's machine (docs/bots.md).
pub const DEFAULT_ITERATIONS: u32 = 1000;

/// Three-colour plays searched, those covering most needed colours.
const MIXED_PLAYS: usize = 3;

/// The search behind the expert.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Flat determinized search with common random numbers and halving.
    Flat,
    /// The tree search of `mcts` over the expert's candidates.
    Tree,
}

/// Builds the `expert` from its spec (`expert`, `expert:2000`, `expert:20ms`).
pub fn by_spec(spec: &BotSpec<'_>, seed: u64) -> Result<Box<dyn Bot<State>>, BotNameError> {
    let budget = spec.budget_or(Budget::Iterations(DEFAULT_ITERATIONS))?;
    Ok(expert(spec.spec.to_owned(), budget, seed, Algorithm::Flat))
}

/// An expert named `name` searching with `algorithm` and `budget`.
pub fn expert(
    name: String,
    budget: Budget,
    seed: u64,
    algorithm: Algorithm,
) -> Box<dyn Bot<State>> {
    let fallback = HeuristicBot::new(Style::TicketMatcher);
    match algorithm {
        Algorithm::Flat => Box::new(flat::flat_bot(
            name,
            budget,
            seed,
            ExpertPolicy::new(),
            fallback,
        )),
        Algorithm::Tree => Box::new(mcts::SearchBot::new(
            name,
            budget,
            seed,
            ExpertPolicy::new(),
            fallback,
        )),
    }
}

/// The expert's search policy: candidates from several heuristics, the
/// matcher's rollouts and `mcts`'s reward.
#[derive(Clone, Debug)]
pub struct ExpertPolicy {
    matcher: HeuristicBot,
    robber: HeuristicBot,
    rollouts: CardPolicy,
    legal: Vec<Action>,
}

impl ExpertPolicy {
    /// A policy.
    pub fn new() -> Self {
        ExpertPolicy {
            matcher: HeuristicBot::new(Style::TicketMatcher),
            robber: HeuristicBot::new(Style::Robber),
            rollouts: CardPolicy::new(),
            legal: Vec::new(),
        }
    }
}

impl Default for ExpertPolicy {
    fn default() -> Self {
        Self::new()
    }
}

/// What the mover's tickets still need per colour beyond their Rail Yard.
fn needs(state: &State) -> Counts {
    let d = state.design();
    let me = &state.players()[state.current().index()];
    let mut need = Counts::default();
    for &t in &me.tickets {
        need.add(&d.tickets[usize::from(t)].needs);
    }
    for c in 0..d.colors.len() {
        need.0[c] = need.0[c].saturating_sub(me.row(c));
    }
    need
}

/// The draws worth telling apart: blind, and the first face-up slot of each
/// card kind shown.
fn distinct_draws(state: &State, legal: &[Action], out: &mut Vec<Action>) {
    let mut seen = 0u32;
    for &a in legal {
        match a {
            Action::DrawBlind => push_unique(out, a),
            Action::DrawFaceUp(slot) => {
                let kind = state.display()[usize::from(slot)];
                if seen & (1 << kind) == 0 {
                    seen |= 1 << kind;
                    out.push(a);
                }
            }
            _ => {}
        }
    }
}

/// The Rail Yard plays worth searching: per colour the smallest row, the row
/// of all its cards with the fewest locomotives, and the row of all its cards
/// and all locomotives; the three-colour plays covering most needed colours.
fn distinct_plays(state: &State, legal: &[Action], out: &mut Vec<Action>) {
    let colors = state.design().colors.len();
    for c in 0..colors as u8 {
        let rows = legal.iter().filter_map(|&a| match a {
            Action::PlayRow {
                color,
                cards,
                locos,
            } if color == c => Some((cards, locos)),
            _ => None,
        });
        let mut smallest: Option<(u8, u8)> = None;
        let mut all_cards: Option<(u8, u8)> = None;
        let mut everything: Option<(u8, u8)> = None;
        for (cards, locos) in rows {
            let total = cards + locos;
            if smallest.is_none_or(|(c0, l0)| (total, locos) < (c0 + l0, l0)) {
                smallest = Some((cards, locos));
            }
            if all_cards.is_none_or(|(c0, l0)| {
                (cards, std::cmp::Reverse(locos)) > (c0, std::cmp::Reverse(l0))
            }) {
                all_cards = Some((cards, locos));
            }
            if everything.is_none_or(|(c0, l0)| (cards + locos, cards) > (c0 + l0, c0)) {
                everything = Some((cards, locos));
            }
        }
        for (cards, locos) in [smallest, all_cards, everything].into_iter().flatten() {
            push_unique(
                out,
                Action::PlayRow {
                    color: c,
                    cards,
                    locos,
                },
            );
        }
    }
    let need = needs(state);
    let mut mixed: Vec<(u32, u16)> = legal
        .iter()
        .filter_map(|&a| match a {
            Action::PlayMixed(mask) => {
                let useful = (0..colors)
                    .filter(|&c| mask & (1 << c) != 0 && need.0[c] > 0)
                    .count() as u32;
                Some((useful, mask))
            }
            _ => None,
        })
        .collect();
    mixed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for &(_, mask) in mixed.iter().take(MIXED_PLAYS) {
        push_unique(out, Action::PlayMixed(mask));
    }
}

impl SearchPolicy<State> for ExpertPolicy {
    fn reset(&mut self) {}

    fn candidates(&mut self, state: &State, out: &mut Vec<Action>) {
        let Some(seat) = state.current_player() else {
            return;
        };
        let obs = state.observation(seat);
        self.legal.clear();
        state.legal_actions(&mut self.legal);
        match state.phase() {
            Phase::Over => {}
            Phase::SetupTickets | Phase::KeepTickets => {
                push_unique(out, self.matcher.decide(&obs));
                for &a in &self.legal {
                    push_unique(out, a);
                }
            }
            Phase::Draw(_) => {
                push_unique(out, self.matcher.decide(&obs));
                distinct_draws(state, &self.legal, out);
            }
            Phase::Turn => {
                push_unique(out, self.matcher.decide(&obs));
                push_unique(out, self.robber.decide(&obs));
                distinct_draws(state, &self.legal, out);
                if self.legal.contains(&Action::DrawTickets) {
                    push_unique(out, Action::DrawTickets);
                }
                distinct_plays(state, &self.legal, out);
                if out.is_empty() {
                    out.extend(self.legal.first());
                }
            }
        }
    }

    fn rollout(&mut self, state: &mut State, rng: &mut GameRng) {
        self.rollouts.rollout(state, rng);
    }

    fn rewards(&self, state: &State, out: &mut Vec<f64>) {
        self.rollouts.rewards(state, out);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::card_game::{CardDesign, CardGame, bots::by_name};
    use crate::game::{Game, Outcome};

    fn usa() -> CardGame {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml");
        let file = formats::load(&path)
            .unwrap_or_else(|e| panic!("{e}"))
            .design;
        let mut diags = crate::Diagnostics::default();
        let design: CardDesign =
            crate::card_game::build(&file, &mut diags).unwrap_or_else(|| panic!("{diags:?}"));
        CardGame::new(Arc::new(design), 2).expect("2 players")
    }

    /// Plays one game with `specs[s]` at seat `s`: every action, and the outcome.
    fn play(game: &CardGame, seed: u64, specs: &[&str]) -> (Vec<Action>, Outcome) {
        let mut bots: Vec<_> = specs
            .iter()
            .enumerate()
            .map(|(s, spec)| by_name(spec, crate::sim::bot_seed(seed, s)).expect("a bot"))
            .collect();
        crate::bots::play_to_end(game.new_initial_state(seed), &mut bots)
    }

    #[test]
    fn the_expert_beats_the_ticket_matcher_it_builds_on() {
        let game = usa();
        let mut wins = 0.0;
        let mut games = 0.0;
        for deal in 0..4 {
            for first in 0..2 {
                let specs = if first == 0 {
                    ["expert:40", "ticket-matcher"]
                } else {
                    ["ticket-matcher", "expert:40"]
                };
                let (_, o) = play(&game, deal, &specs);
                let (me, other) = (o.ranks[first], o.ranks[1 - first]);
                wins += match me.cmp(&other) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
                games += 1.0;
            }
        }
        assert!(
            wins >= 7.0,
            "expert:40 won {wins} of {games} paired games against ticket-matcher"
        );
    }

    #[test]
    fn an_iteration_budget_replays_the_same_game_for_a_seed() {
        let game = usa();
        let specs = ["expert:20", "expert:20"];
        let (a, oa) = play(&game, 3, &specs);
        let (b, ob) = play(&game, 3, &specs);
        assert_eq!(a, b, "the same seed and budget play the same actions");
        assert_eq!(oa, ob);
    }

    #[test]
    fn the_spec_takes_iterations_or_milliseconds() {
        assert!(by_name("expert", 1).is_ok());
        assert!(by_name("expert:2000", 1).is_ok());
        assert!(by_name("expert:20ms", 1).is_ok());
        let e = by_name("expert:0", 1).err().expect("no budget").to_string();
        assert!(e.contains("expert:0"), "{e}");
    }

    #[test]
    fn candidates_cover_draws_tickets_and_plays_of_every_colour() {
        let game = usa();
        let mut state = game.new_initial_state(2);
        let mut policy = ExpertPolicy::new();
        let mut out = Vec::new();
        // Keep every setup offer whole, so a turn follows.
        while state.phase() != Phase::Turn {
            out.clear();
            policy.candidates(&state, &mut out);
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            assert_eq!(out.len(), legal.len(), "every ticket choice is searched");
            state
                .apply(*legal.last().expect("a choice"))
                .expect("legal");
        }
        out.clear();
        policy.candidates(&state, &mut out);
        assert!(out.contains(&Action::DrawBlind) && out.contains(&Action::DrawTickets));
        let hand = state.players()[state.current().index()].hand;
        let loco = state.design().loco();
        for c in 0..state.design().colors.len() {
            if hand.0[c] + hand.0[loco] >= 2 && hand.0[c] > 0 {
                assert!(
                    out.iter().any(
                        |a| matches!(a, Action::PlayRow { color, .. } if usize::from(*color) == c)
                    ),
                    "a row of colour {c} is searched: {out:?}"
                );
            }
        }
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        assert!(out.iter().all(|a| legal.contains(a)), "only legal actions");
    }
}
