//! The dice game's bots (documented in `docs/bots.md`):
//!
//! - `random`: uniform over the legal actions;
//! - `builder` and `deliverer`: two heuristic styles sharing one set of
//!   decision rules, weighted differently — the builder chases sets of
//!   building faces and places trains toward its buildings; the deliverer
//!   keeps trains and fills the groups of track nearest to delivering; both
//!   draw among equally good actions from their seed, so that no track is
//!   preferred for coming first in the design file;
//! - `steady`: never re-rolls — it places, builds and cashes what the first
//!   roll gives (the deliverer's weights otherwise);
//! - `gambler`: re-rolls every building face whenever it can pay and no
//!   strike threatens, chasing sets (the builder's weights otherwise);
//! - `mcts`: the generic information-set search ([`crate::bots::mcts`])
//!   choosing between the two styles' choices, with deliverer rollouts.
//!
//! Every number they use comes from the design's rules (set size, strike
//! count, coin cap, re-roll cost, recall threshold).

use formats::dice::Face;

use super::action::Action;
use super::design::{Building, Special};
use super::game::DiceObservation;
use super::state::{Faces, Occupant, State, fi};
use crate::bots::mcts::{self, SearchPolicy};
use crate::bots::{Bot, BotNameError, BotSpec, RandomBot};
use crate::game::{GameState, Observation as _};
use crate::rng::GameRng;

/// The names of the dice game's bots.
pub const BOT_NAMES: [&str; 7] = [
    "random",
    "builder",
    "deliverer",
    "steady",
    "gambler",
    "mcts",
    "expert",
];

/// The personas among [`BOT_NAMES`] (left out of the default bots).
pub const PERSONAS: [&str; 2] = ["steady", "gambler"];

/// A heuristic style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Buildings first.
    Builder,
    /// Deliveries first.
    Deliverer,
    /// Never re-rolls; otherwise weighs like the deliverer.
    Steady,
    /// Re-rolls every building face whenever it may; otherwise weighs like
    /// the builder.
    Gambler,
}

impl Style {
    /// The style whose weights it places, builds and saves with.
    fn weights(self) -> Style {
        match self {
            Style::Builder | Style::Gambler => Style::Builder,
            Style::Deliverer | Style::Steady => Style::Deliverer,
        }
    }
}

/// Builds a dice bot from its spec (`mcts:2000`, `mcts:50ms`).
pub fn by_name(spec: &str, seed: u64) -> Result<Box<dyn Bot<State>>, BotNameError> {
    let spec = BotSpec::parse(spec);
    let bot: Box<dyn Bot<State>> = match spec.name {
        "random" => spec.no_param(Box::new(RandomBot::<State>::uniform(seed, Action::Stop)))?,
        "builder" => spec.no_param(Box::new(HeuristicBot::new(Style::Builder, seed)))?,
        "deliverer" => spec.no_param(Box::new(HeuristicBot::new(Style::Deliverer, seed)))?,
        "steady" => spec.no_param(Box::new(HeuristicBot::new(Style::Steady, seed)))?,
        "gambler" => spec.no_param(Box::new(HeuristicBot::new(Style::Gambler, seed)))?,
        "mcts" => Box::new(mcts::SearchBot::new(
            spec.spec.to_owned(),
            spec.budget()?,
            seed,
            DicePolicy,
            HeuristicBot::new(Style::Deliverer, seed),
        )),
        "expert" => super::expert::by_spec(&spec, seed)?,
        _ => return Err(spec.unknown(&BOT_NAMES)),
    };
    Ok(bot)
}

/// A heuristic player of one style. Among equally good actions it draws
/// one from its seed, so that no track or station is preferred for coming
/// first in the design file.
#[derive(Clone, Debug)]
pub struct HeuristicBot {
    style: Style,
    legal: Vec<Action>,
    ties: GameRng,
    /// What the actions' values read of the position, kept for one decision.
    seen: Seen,
}

/// What several actions of one decision read of the position, worked out
/// once for the decision: the building face a re-roll aims at, each group's
/// pull and each station's reach.
#[derive(Clone, Debug, Default)]
struct Seen {
    target: Option<Option<Building>>,
    pulls: Vec<Option<f64>>,
    reach: Vec<Option<f64>>,
}

impl Seen {
    /// Forgets the last decision's position.
    fn clear(&mut self) {
        self.target = None;
        self.pulls.clear();
        self.reach.clear();
    }
}

/// `cache[i]`, worked out by `f` the first time it is asked.
fn once(cache: &mut Vec<Option<f64>>, i: usize, f: impl FnOnce() -> f64) -> f64 {
    if cache.len() <= i {
        cache.resize(i + 1, None);
    }
    *cache[i].get_or_insert_with(f)
}

impl HeuristicBot {
    /// A bot of `style`, breaking ties with draws from `seed`.
    pub fn new(style: Style, seed: u64) -> Self {
        HeuristicBot {
            style,
            legal: Vec::new(),
            ties: GameRng::seeded(seed),
            seen: Seen::default(),
        }
    }

    /// Its decision (the best legal action by its rules; a tie drawn at
    /// random).
    pub fn decide(&mut self, obs: &DiceObservation<'_>) -> Action {
        obs.legal_actions(&mut self.legal);
        let s = obs.public();
        let me = obs.seat().index();
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        let mut tied = 0usize;
        self.seen.clear();
        for &a in &self.legal {
            let v = value(self.style, s, me, obs, a, &mut self.seen);
            if v > best_value {
                best_value = v;
                best = Some(a);
                tied = 1;
            } else if v == best_value {
                // Each of the tied actions is kept with equal chance.
                tied += 1;
                if self.ties.index(tied) == 0 {
                    best = Some(a);
                }
            }
        }
        best.unwrap_or(Action::Stop)
    }
}

impl Bot<State> for HeuristicBot {
    fn name(&self) -> &str {
        match self.style {
            Style::Builder => "builder",
            Style::Deliverer => "deliverer",
            Style::Steady => "steady",
            Style::Gambler => "gambler",
        }
    }

    fn act(&mut self, obs: &DiceObservation<'_>) -> Action {
        self.decide(obs)
    }
}

/// Dice of two kinds together, by face.
fn add(a: &Faces, b: &Faces) -> Faces {
    std::array::from_fn(|f| a[f] + b[f])
}

/// The building face this player can best complete now.
fn target(s: &State, me: usize, roll: &Faces) -> Option<Building> {
    let p = &s.players()[me];
    let open = (0..s.design().stations.len() as u16).any(|st| s.may_build_at(st));
    if !open {
        return None;
    }
    Building::ALL
        .into_iter()
        .filter(|b| p.buildings_left[b.index()] > 0)
        .max_by_key(|b| roll[fi(b.face())])
}

/// How near group `g` is to delivering after one more die: a higher value
/// is nearer.
fn group_pull(s: &State, g: u16, me: usize, style: Style) -> f64 {
    let d = s.design();
    let group = &d.groups[usize::from(g)];
    let empty = group
        .spaces
        .iter()
        .filter(|&&x| s.board()[usize::from(x)] == Occupant::Empty)
        .count() as f64;
    let mine_here = s.group_dice(g)[me] as f64;
    let my_buildings = group
        .stations
        .iter()
        .map(|&st| {
            s.buildings()[usize::from(st)]
                .iter()
                .filter(|&&(_, o)| usize::from(o) == me)
                .count()
        })
        .sum::<usize>() as f64;
    let cities = group.stations.len() as f64;
    let (w_build, w_near) = match style.weights() {
        Style::Builder => (2.0, 2.0),
        _ => (0.5, 2.0),
    };
    w_near * (cities - empty) + w_build * my_buildings + 0.5 * mine_here
}

/// The value of action `a` to player `me` (the greatest is chosen), `seen`
/// holding what other actions of this decision read of the position.
fn value(
    style: Style,
    s: &State,
    me: usize,
    obs: &DiceObservation<'_>,
    a: Action,
    seen: &mut Seen,
) -> f64 {
    let d = s.design();
    let r = &d.rules;
    let p = &s.players()[me];
    let roll = s.roll();
    let set = f64::from(r.dice.build_set);
    match a {
        Action::ReturnSpecial(i) => {
            // Return the least valuable card.
            let c = d.specials[usize::from(obs.hand()[usize::from(i)])];
            -match c {
                Special::Ticket { points, .. } => f64::from(points),
                Special::Goods { .. } => 3.0,
            }
        }
        Action::Recall => {
            let free = r.dice.per_player - p.on_board;
            if free < r.dice.build_set { 10.0 } else { -10.0 }
        }
        Action::Roll { bonus, keep } => {
            f64::from(bonus) + keep.iter().map(|&n| f64::from(n)).sum::<f64>()
        }
        Action::Stop => 0.0,
        Action::Reroll { own, bonus } => {
            let locked = roll.own[fi(Face::LockedTrain)] + roll.bonus[fi(Face::LockedTrain)];
            if locked + 1 >= r.strike.locked_trains {
                return -5.0;
            }
            let all = add(&roll.own, &roll.bonus);
            let rerolled = add(&own, &bonus);
            let n: u8 = rerolled.iter().sum();
            match style {
                Style::Steady => -1.0,
                Style::Gambler => {
                    // Every building face, nothing else, while it can pay.
                    if p.coins < r.coins.reroll_cost
                        || rerolled[fi(Face::Coin)] > 0
                        || rerolled[fi(Face::Train)] > 0
                    {
                        return -1.0;
                    }
                    let building: u8 = [Face::Hotel, Face::Mine, Face::Ranch]
                        .into_iter()
                        .map(|f| all[fi(f)])
                        .sum();
                    if building > 0 && n == building {
                        1.0
                    } else {
                        -1.0
                    }
                }
                Style::Builder => {
                    let Some(b) = *seen.target.get_or_insert_with(|| target(s, me, &all)) else {
                        return -1.0;
                    };
                    let bf = fi(b.face());
                    if f64::from(all[bf]) >= set || rerolled[bf] > 0 {
                        return -1.0;
                    }
                    // Re-roll the other building faces: the target, the
                    // coins and the trains stay.
                    if rerolled[fi(Face::Coin)] > 0 || rerolled[fi(Face::Train)] > 0 {
                        return -1.0;
                    }
                    let others: u8 = [Face::Hotel, Face::Mine, Face::Ranch]
                        .into_iter()
                        .map(fi)
                        .filter(|&f| f != bf)
                        .map(|f| all[f])
                        .sum();
                    if n == others { 1.0 } else { -1.0 }
                }
                Style::Deliverer => {
                    let trains = all[fi(Face::Train)];
                    if rerolled[fi(Face::Train)] > 0 || p.coins <= r.coins.reroll_cost {
                        return -1.0;
                    }
                    // Re-roll the building faces that make no set.
                    let loose: u8 = [Face::Hotel, Face::Mine, Face::Ranch]
                        .into_iter()
                        .filter(|&f| f64::from(all[fi(f)]) < set)
                        .map(|f| all[fi(f)])
                        .sum();
                    let ok = [Face::Hotel, Face::Mine, Face::Ranch]
                        .into_iter()
                        .all(|f| f64::from(all[fi(f)]) < set || rerolled[fi(f)] == 0)
                        && rerolled[fi(Face::Coin)] == 0;
                    if ok && n == loose && trains < 3 {
                        1.0
                    } else {
                        -1.0
                    }
                }
            }
        }
        Action::Place { space, bonus } => {
            let g = d.space_group[usize::from(space)];
            let pull = once(&mut seen.pulls, usize::from(g), || {
                group_pull(s, g, me, style)
            });
            pull + if bonus { 0.0 } else { 0.1 }
        }
        Action::Build { building, station } => {
            let st = &d.stations[usize::from(station)];
            let reach = once(&mut seen.reach, usize::from(station), || {
                d.groups
                    .iter()
                    .filter(|g| g.stations.contains(&station))
                    .map(|g| g.stations.len())
                    .sum::<usize>() as f64
            });
            let base = match style.weights() {
                Style::Builder => 100.0,
                _ => 50.0,
            };
            let good = s.producing(building).map_or(0.0, |g| {
                f64::from(d.goods[usize::from(g)].monopoly)
                    * f64::from(s.decks()[usize::from(g)].left.min(1))
            });
            base + reach + good + if st.bonus.is_some() { 0.5 } else { 0.0 }
        }
        Action::Finish { save } => {
            let coins_kept = save[fi(Face::Coin)];
            let cash = roll.own[fi(Face::Coin)] - coins_kept;
            let room = r.coins.max.saturating_sub(p.coins);
            let useful_cash = (f64::from(cash) * f64::from(r.coins.per_face)).min(f64::from(room));
            let mut v = useful_cash - 0.1 * f64::from(coins_kept);
            for b in Building::ALL {
                let f = fi(b.face());
                let pairs = roll.own[f];
                let weight = match style.weights() {
                    Style::Builder => 1.0,
                    _ => 0.2,
                };
                if p.buildings_left[b.index()] > 0 && pairs >= 2 {
                    v += weight * f64::from(save[f]);
                } else {
                    v -= 0.1 * f64::from(save[f]);
                }
            }
            v
        }
        Action::Deliver(_) => 0.0,
        Action::Majority(x) | Action::Supply(x) | Action::Award(x) => {
            if usize::from(x) == me {
                1.0
            } else {
                -f64::from(s.players()[usize::from(x)].points)
            }
        }
        Action::Upgrade { good, .. } => {
            good.map_or(0.0, |g| f64::from(d.goods[usize::from(g)].monopoly))
        }
        Action::Give(g) => {
            // Trade away goods whose monopoly another player holds more of.
            let mine = s.goods_with_specials(me)[usize::from(g)];
            let theirs = (0..s.players().len())
                .filter(|&o| o != me)
                .map(|o| s.players()[o].goods[usize::from(g)])
                .max()
                .unwrap_or(0);
            let pledged = p.pledged[usize::from(g)];
            if theirs > mine && pledged < p.goods[usize::from(g)] {
                1.0
            } else {
                -1.0
            }
        }
        Action::GiveSpecial(_) => -2.0,
        Action::Done => 0.0,
    }
}

/// The search policy: the candidates are the two heuristic styles' choices
/// (one when they agree: the search then has nothing to decide), rollouts
/// are played by the deliverer at every seat (its ties drawn anew in each
/// rollout, as an unseen opponent's would be), rewards by winning and
/// margin. Searching among the heuristics' own choices rather than among
/// every legal action keeps a few hundred rollouts on the moves that
/// matter: the dice leave too much noise to rank many (docs/bots.md).
#[derive(Clone, Debug, Default)]
pub struct DicePolicy;

/// Rollouts stop here (turns).
const ROLLOUT_TURN_CAP: u32 = 400;
/// A score margin (in points) that counts as a clear lead in the reward.
const MARGIN_SCALE: f64 = 20.0;
/// The seed of the heuristics proposing candidates: a candidate depends on
/// the position alone, so that every visit of a node sees the same ones.
const CANDIDATE_SEED: u64 = 0;

impl SearchPolicy<State> for DicePolicy {
    fn reset(&mut self) {}

    fn candidates(&mut self, state: &State, out: &mut Vec<Action>) {
        let Some(seat) = state.current_player() else {
            return;
        };
        let obs = state.observation(seat);
        for style in [Style::Deliverer, Style::Builder] {
            let a = HeuristicBot::new(style, CANDIDATE_SEED).decide(&obs);
            if !out.contains(&a) {
                out.push(a);
            }
        }
    }

    fn rollout(&mut self, state: &mut State, rng: &mut GameRng) {
        let mut bot = HeuristicBot::new(Style::Deliverer, rng.next_u64());
        mcts::play_out(state, ROLLOUT_TURN_CAP, |state, seat| {
            bot.decide(&state.observation(seat))
        });
    }

    fn rewards(&self, state: &State, out: &mut Vec<f64>) {
        mcts::win_and_margin_rewards(
            state.outcome().as_ref(),
            state.num_players(),
            MARGIN_SCALE,
            out,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_heuristic_draws_among_equal_places_by_its_seed() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/trains-and-stations-demo.yaml");
        let file = formats::load(&path).expect("the demo loads").design;
        let design = std::sync::Arc::new(
            super::super::design::DiceDesign::build(&file).expect("the demo builds"),
        );
        let game = super::super::game::DiceGame::new(design, 3).expect("3 players");
        // Play each game until its first train is placed on an empty board:
        // every track is then as near to delivering as any other.
        let first_place = |seed: u64| {
            let mut state = crate::game::Game::new_initial_state(&game, 1);
            let mut bot = HeuristicBot::new(Style::Deliverer, seed);
            for _ in 0..200 {
                let Some(seat) = state.current_player() else {
                    break;
                };
                let a = bot.decide(&state.observation(seat));
                if let Action::Place { space, .. } = a {
                    return Some(state.design().space_group[usize::from(space)]);
                }
                state.apply(a).expect("a legal action");
            }
            None
        };
        let groups: std::collections::BTreeSet<u16> = (0..20).filter_map(first_place).collect();
        assert!(
            groups.len() > 3,
            "the first train goes to many groups over seeds, not the first one listed: {groups:?}"
        );
        assert_eq!(
            first_place(7),
            first_place(7),
            "a seed decides the same way"
        );
    }

    #[test]
    fn bots_are_named_and_bad_names_listed() {
        for n in BOT_NAMES {
            assert!(by_name(n, 1).is_ok(), "{n}");
        }
        assert!(by_name("mcts:20", 1).is_ok());
        let e = by_name("greedy", 1).err().expect("unknown").to_string();
        assert!(e.contains("builder"), "{e}");
        assert!(by_name("builder:3", 1).is_err());
    }
}
