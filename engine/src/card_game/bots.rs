//! The card game's bots (decision rules in `docs/bots.md`):
//!
//! - `random`: uniform over legal actions, keeping the fewest tickets allowed;
//! - `ticket-matcher`: keeps the tickets its cards can reach, plays to its
//!   Rail Yard the colours its tickets need, draws the colours it lacks;
//! - `robber`: the matcher, but first contests rows in the other players'
//!   Rail Yards (Train Robbery), the leader's first;
//! - `hoarder`: holds its cards and plays a row only when it lays down a
//!   colour's whole need at once (or the deck is out), so that its rows are
//!   long and hard to rob;
//! - `ticket-hungry`: keeps every ticket offered and draws tickets whenever
//!   its needs fit the card budget, then plays like the matcher;
//! - `mcts`: the generic information-set search ([`crate::bots::mcts`]) with
//!   the matcher's choices as candidates and rollouts.
//!
//! Every number a heuristic uses comes from the design's rules and deck.

use super::cards::{Counts, MAX_COLORS};
use super::{Action, Keep, Observation, Phase, State, YardPlays};
use crate::bots::mcts::{self, SearchPolicy};
use crate::bots::random::keep_fewest;
use crate::bots::{Bot, BotNameError, BotSpec};
use crate::game::{GameState, Seat};
use crate::rng::GameRng;

/// The names of the card game's bots ([`by_name`]).
pub const BOT_NAMES: [&str; 7] = [
    "random",
    "ticket-matcher",
    "robber",
    "hoarder",
    "ticket-hungry",
    "mcts",
    "expert",
];

/// The personas among [`BOT_NAMES`] (left out of the default bots).
pub const PERSONAS: [&str; 2] = ["hoarder", "ticket-hungry"];

/// Builds a card-game bot from its name (`mcts` takes a budget after a
/// colon: `mcts:2000`, `mcts:50ms`) and a seed.
pub fn by_name(spec: &str, seed: u64) -> Result<Box<dyn Bot<State>>, BotNameError> {
    let spec = BotSpec::parse(spec);
    let bot: Box<dyn Bot<State>> = match spec.name {
        "random" => spec.no_param(Box::new(random_bot(seed)))?,
        "ticket-matcher" => spec.no_param(Box::new(HeuristicBot::new(Style::TicketMatcher)))?,
        "robber" => spec.no_param(Box::new(HeuristicBot::new(Style::Robber)))?,
        "hoarder" => spec.no_param(Box::new(HeuristicBot::new(Style::Hoarder)))?,
        "ticket-hungry" => spec.no_param(Box::new(HeuristicBot::new(Style::TicketHungry)))?,
        "mcts" => Box::new(mcts::SearchBot::new(
            spec.spec.to_owned(),
            spec.budget()?,
            seed,
            CardPolicy::new(),
            HeuristicBot::new(Style::TicketMatcher),
        )),
        "expert" => super::expert::by_spec(&spec, seed)?,
        _ => return Err(spec.unknown(&BOT_NAMES)),
    };
    Ok(bot)
}

/// The `random` bot: uniform over legal actions, keeping the fewest tickets
/// the rules allow.
pub type RandomBot = crate::bots::RandomBot<State>;

/// A random bot drawing from `seed`.
pub fn random_bot(seed: u64) -> RandomBot {
    RandomBot::new(seed, fewest_tickets, Action::Pass)
}

/// At a ticket choice, only the choices keeping the fewest tickets.
fn fewest_tickets(obs: &Observation<'_>, legal: &mut Vec<Action>) {
    if matches!(obs.phase(), Phase::SetupTickets | Phase::KeepTickets) {
        keep_fewest(legal);
    }
}

/// A heuristic style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Plays the colours its tickets need.
    TicketMatcher,
    /// Robs the other players' rows first, then plays like the matcher.
    Robber,
    /// Plays a row only when it covers a colour's whole need at once.
    Hoarder,
    /// Keeps every ticket offered and draws tickets while they fit the budget.
    TicketHungry,
}

/// A deterministic heuristic player (its choices depend only on what it sees).
#[derive(Clone, Debug)]
pub struct HeuristicBot {
    style: Style,
    legal: Vec<Action>,
}

impl HeuristicBot {
    /// A bot of `style`.
    pub fn new(style: Style) -> Self {
        HeuristicBot {
            style,
            legal: Vec::new(),
        }
    }

    /// The bot's choice in this position.
    pub fn decide(&mut self, obs: &Observation<'_>) -> Action {
        if obs.phase() == Phase::Turn {
            return self.turn(obs);
        }
        self.legal.clear();
        obs.legal_actions(&mut self.legal);
        let Some(&first) = self.legal.first() else {
            return Action::Pass;
        };
        let choice = match obs.phase() {
            Phase::SetupTickets | Phase::KeepTickets if self.style == Style::TicketHungry => {
                Some(keep_all(obs))
            }
            Phase::SetupTickets | Phase::KeepTickets => Some(choose_tickets(obs)),
            Phase::Draw(_) => best_draw(obs, &self.legal),
            Phase::Turn | Phase::Over => None,
        };
        choice.filter(|a| self.legal.contains(a)).unwrap_or(first)
    }

    /// The choice at the start of a turn. The draws are listed but the Rail
    /// Yard plays (hundreds with a big hand) are read from their description
    /// ([`YardPlays`]): every choice is the one a scan of the listed legal
    /// actions would make, and the first legal action when none is made.
    fn turn(&mut self, obs: &Observation<'_>) -> Action {
        let plays = obs.yard_plays();
        self.legal.clear();
        obs.turn_draws(&mut self.legal);
        let tickets = obs.may_draw_tickets();
        self.turn_choice(obs, &plays, tickets).unwrap_or_else(|| {
            let first = self.legal.first().copied().or_else(|| plays.first());
            first
                .or(tickets.then_some(Action::DrawTickets))
                .unwrap_or(Action::Pass)
        })
    }

    /// [`HeuristicBot::turn`]'s rules, `tickets` saying whether tickets may
    /// be drawn and `self.legal` holding the draws.
    fn turn_choice(
        &self,
        obs: &Observation<'_>,
        plays: &YardPlays,
        tickets: bool,
    ) -> Option<Action> {
        if self.style == Style::Robber
            && let Some(a) = best_robbery(obs, plays)
        {
            return Some(a);
        }
        let need = open_needs(obs);
        let deck_out = obs.deck_len() == 0;
        if let Some((value, a)) = best_play(plays, &need) {
            // A play worth a full row, or any useful play once the deck is
            // out; the hoarder waits for a row covering a colour's whole need.
            let row = u32::from(obs.design().rules.rail_yard.same_color_min);
            let enough = if self.style == Style::Hoarder {
                whole_need(a, &need, row)
            } else {
                value >= row
            };
            if enough || (deck_out && value > 0) {
                return Some(a);
            }
        }
        if !deck_out {
            let hungry = self.style == Style::TicketHungry;
            if wants_tickets(obs, &need, hungry) && tickets {
                return Some(Action::DrawTickets);
            }
            return best_draw(obs, &self.legal);
        }
        // The deck is out: dump any play (the cards are worth nothing in hand).
        plays.first()
    }
}

impl Bot<State> for HeuristicBot {
    fn name(&self) -> &str {
        match self.style {
            Style::TicketMatcher => "ticket-matcher",
            Style::Robber => "robber",
            Style::Hoarder => "hoarder",
            Style::TicketHungry => "ticket-hungry",
        }
    }

    fn act(&mut self, obs: &Observation<'_>) -> Action {
        self.decide(obs)
    }
}

/// Cards one player may expect to put On the Track in a deal: an even share
/// of the deck, halved (about half of what a player holds reaches the track).
fn card_budget(obs: &Observation<'_>) -> u32 {
    let d = obs.design();
    d.deck.total() / obs.num_players().max(1) as u32 / 2
}

/// What my tickets still need, per colour, beyond what lies in my Rail Yard
/// (which goes On the Track turn by turn).
fn open_needs(obs: &Observation<'_>) -> Counts {
    let d = obs.design();
    let me = obs.player(obs.me());
    let mut need = Counts::default();
    for &t in obs.tickets() {
        need.add(&d.tickets[usize::from(t)].needs);
    }
    for c in 0..d.colors.len() {
        let yard = me.yard.0[c] + me.yard_locos.0[c];
        need.0[c] = need.0[c].saturating_sub(yard);
    }
    need
}

/// Keeps the offered tickets with the most points per card while their
/// cards fit the budget (and at least the rules' minimum).
fn choose_tickets(obs: &Observation<'_>) -> Action {
    let d = obs.design();
    let offer = obs.offer();
    let rules = &d.rules.tickets;
    let least = if obs.phase() == Phase::SetupTickets {
        rules.setup.keep
    } else {
        rules.draw.keep
    };
    let least = usize::from(least).min(offer.len());
    let mut order: Vec<usize> = (0..offer.len()).collect();
    let rate = |i: usize| {
        let t = &d.tickets[usize::from(offer[i])];
        f64::from(t.points) / f64::from(t.size.max(1))
    };
    order.sort_by(|&a, &b| rate(b).total_cmp(&rate(a)).then(a.cmp(&b)));
    let mut used: u32 = obs
        .tickets()
        .iter()
        .map(|&t| u32::from(d.tickets[usize::from(t)].size))
        .sum();
    let budget = card_budget(obs);
    let mut mask = 0u16;
    for (n, &i) in order.iter().enumerate() {
        let size = u32::from(d.tickets[usize::from(offer[i])].size);
        if n < least || used + size <= budget {
            mask |= 1 << i;
            used += size;
        }
    }
    Action::KeepTickets(Keep(mask))
}

/// Draw tickets when the held ones use less than half the budget (`hungry`:
/// less than the whole budget), while enough of the deck is left to collect
/// them.
fn wants_tickets(obs: &Observation<'_>, need: &Counts, hungry: bool) -> bool {
    let budget = card_budget(obs);
    let per_turn = usize::from(obs.design().rules.draws_per_turn.max(1));
    let room = if hungry {
        need.total() < budget
    } else {
        need.total() * 2 < budget
    };
    room && obs.deck_len() > budget as usize * obs.num_players() / per_turn
}

/// Keeps every ticket offered (`ticket-hungry`).
fn keep_all(obs: &Observation<'_>) -> Action {
    let n = obs.offer().len().min(16);
    Action::KeepTickets(Keep(((1u32 << n) - 1) as u16))
}

/// Does a row play lay down the whole need of its colour (at least `row`
/// cards)? Mixed plays never do.
fn whole_need(a: Action, need: &Counts, row: u32) -> bool {
    row_play(a, need).is_some_and(|(n, cards, locos)| n > 0 && cards + locos >= n.max(row))
}

/// A row play's colour's need, its cards of the colour and its
/// locomotives; `None` for any other action.
fn row_play(a: Action, need: &Counts) -> Option<(u32, u32, u32)> {
    match a {
        Action::PlayRow {
            color,
            cards,
            locos,
        } => Some((
            u32::from(need.0[usize::from(color)]),
            u32::from(cards),
            u32::from(locos),
        )),
        _ => None,
    }
}

/// The draw of the card most needed: a face-up card of the colour with the
/// largest need not covered by the hand, else a blind draw (a face-up
/// locomotive when nothing face up is needed and locomotives help).
fn best_draw(obs: &Observation<'_>, legal: &[Action]) -> Option<Action> {
    let d = obs.design();
    let need = open_needs(obs);
    let hand = obs.hand();
    let mut best: Option<(u8, Action)> = None;
    for &a in legal {
        if let Action::DrawFaceUp(slot) = a {
            let c = usize::from(obs.display()[usize::from(slot)]);
            if c < d.colors.len() {
                let short = need.0[c].saturating_sub(hand.0[c]);
                if short > 0 && best.is_none_or(|(s, _)| short > s) {
                    best = Some((short, a));
                }
            }
        }
    }
    if let Some((_, a)) = best {
        return Some(a);
    }
    if legal.contains(&Action::DrawBlind) {
        return Some(Action::DrawBlind);
    }
    legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::DrawFaceUp(_)))
}

/// The Rail Yard play covering most needed cards (its value), using as few
/// locomotives as it can; the first of the plays' order on ties.
///
/// Each colour's best row, and the best mixed play, are found without
/// listing the plays ([`YardPlays::mixed_for_need`]). A row of `t`
/// cards, `k` of them of the colour, covers `min(t, need)` needed cards and
/// costs `2(t - k) + k`: the smallest total covering the most, with as many
/// cards of the colour as it can, beats every other row of the colour
/// strictly, so it is the one a scan of the rows keeps.
fn best_play(plays: &YardPlays, need: &Counts) -> Option<(u32, Action)> {
    let rows = (0..MAX_COLORS).filter_map(|c| plays.row_for_need(c, need.0[c]));
    let needed = (0..MAX_COLORS).fold(0u16, |m, c| m | u16::from(need.0[c] > 0) << c);
    let mixed = plays.mixed_for_need(needed).map(Action::PlayMixed);
    first_best(rows.chain(mixed), need)
}

/// How many needed cards a play covers, and minus what it costs (a
/// locomotive counting two cards); `None` for an action that is no play.
fn play_value(a: Action, need: &Counts) -> Option<(u32, i32)> {
    if let Some((n, cards, locos)) = row_play(a, need) {
        let useful = cards.min(n) + locos.min(n.saturating_sub(cards));
        return Some((useful, -(locos as i32) * 2 - cards as i32));
    }
    match a {
        Action::PlayMixed(mask) => {
            let useful = (0..16)
                .filter(|&c| mask & (1 << c) != 0 && need.0[c] > 0)
                .count() as u32;
            Some((useful, -(mask.count_ones() as i32)))
        }
        _ => None,
    }
}

/// The play of greatest [`play_value`] among `actions`, the first on ties,
/// with its value.
fn first_best(actions: impl Iterator<Item = Action>, need: &Counts) -> Option<(u32, Action)> {
    let mut best: Option<(u32, i32, Action)> = None;
    for a in actions {
        let Some((value, cost)) = play_value(a, need) else {
            continue;
        };
        if best.is_none_or(|(v, c, _)| (value, cost) > (v, c)) {
            best = Some((value, cost, a));
        }
    }
    best.map(|(v, _, a)| (v, a))
}

/// The robbery that discards most cards, the leader's rows counting double;
/// only robberies that cost no more cards than they discard plus one. A
/// colour's rows all discard the same, so its first row (the fewest cards)
/// is the one that counts.
fn best_robbery(obs: &Observation<'_>, plays: &YardPlays) -> Option<Action> {
    let n = obs.num_players();
    let me = obs.me();
    let leader = (0..n)
        .map(|s| Seat(s as u8))
        .filter(|&s| s != me)
        .max_by_key(|&s| {
            let p = obs.player(s);
            (p.banked, p.on_track_size)
        })?;
    let mut best: Option<(u32, Action)> = None;
    for (c, a) in plays.first_rows() {
        let Action::PlayRow { cards, locos, .. } = a else {
            continue;
        };
        let mut gain = 0u32;
        for s in (0..n).map(|s| Seat(s as u8)).filter(|&s| s != me) {
            let p = obs.player(s);
            let row = u32::from(p.yard.0[c] + p.yard_locos.0[c]);
            gain += if s == leader { row * 2 } else { row };
        }
        let cost = u32::from(cards) + u32::from(locos);
        if gain > 0 && cost <= gain + 1 && best.is_none_or(|(g, _)| gain > g) {
            best = Some((gain, a));
        }
    }
    best.map(|(_, a)| a)
}

/// A rollout stops at this turn.
const ROLLOUT_TURN_CAP: u32 = 600;

/// The search policy: the matcher's choice first, then every other legal
/// action; rollouts played by the matcher at every seat.
#[derive(Clone, Debug)]
pub struct CardPolicy {
    bot: HeuristicBot,
    legal: Vec<Action>,
}

impl CardPolicy {
    /// A policy.
    pub fn new() -> Self {
        CardPolicy {
            bot: HeuristicBot::new(Style::TicketMatcher),
            legal: Vec::new(),
        }
    }
}

impl Default for CardPolicy {
    fn default() -> Self {
        Self::new()
    }
}

impl SearchPolicy<State> for CardPolicy {
    fn reset(&mut self) {}

    fn candidates(&mut self, state: &State, out: &mut Vec<Action>) {
        let Some(seat) = state.current_player() else {
            return;
        };
        let obs = state.observation(seat);
        out.push(self.bot.decide(&obs));
        self.legal.clear();
        state.legal_actions(&mut self.legal);
        for &a in &self.legal {
            if !out.contains(&a) {
                out.push(a);
            }
        }
    }

    fn rollout(&mut self, state: &mut State, _: &mut GameRng) {
        let bot = &mut self.bot;
        mcts::play_out(state, ROLLOUT_TURN_CAP, |state, seat| {
            bot.decide(&state.observation(seat))
        });
    }

    fn rewards(&self, state: &State, out: &mut Vec<f64>) {
        // A margin of one average ticket's points is a clear lead.
        let d = state.design();
        let scale = f64::from(d.tickets.iter().map(|t| t.points).sum::<i32>().max(1))
            / d.tickets.len().max(1) as f64;
        mcts::win_and_margin_rewards(state.outcome().as_ref(), state.num_players(), scale, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_game::plays::walk;

    /// Over random games, the best play found from the plays' description
    /// is the one a scan of every listed legal action finds.
    #[test]
    fn the_best_play_is_the_one_a_scan_of_the_legal_actions_finds() {
        let (mut compared, mut legal) = (0, Vec::new());
        walk::at_each_turn(10, |state| {
            let obs = state.observation(state.current_player().unwrap());
            legal.clear();
            obs.legal_actions(&mut legal);
            let need = open_needs(&obs);
            let found = best_play(&obs.yard_plays(), &need);
            assert_eq!(found, first_best(legal.iter().copied(), &need));
            compared += usize::from(found.is_some());
        });
        assert!(compared > 500, "{compared}");
    }
}
