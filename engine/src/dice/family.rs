//! The dice game as a [`Family`]: built from a dice design, played by the
//! bots of [`super::bots`], measured by [`super::sim::DiceMeasures`].

use std::sync::Arc;

use formats::GameFile;
use smallvec::smallvec;

use super::action::{ACTION_KINDS, Action, Event, Events};
use super::bots;
use super::design::{Building, DiceDesign};
use super::game::DiceGame;
use super::sim::DiceMeasures;
use super::state::{Occupant, State};
use crate::bots::{Bot, BotNameError};
use crate::diagnostics::Diagnostics;
use crate::game::{Accounts, Family, PlayerCountError};
use crate::sim::skill::{self, SkillProbe};

/// Trains & Stations, the dice game.
#[derive(Debug, Clone, Copy)]
pub struct DiceFamily;

impl Family for DiceFamily {
    const KIND: formats::Family = formats::Family::Dice;
    const BOT_NAMES: &'static [&'static str] = &bots::BOT_NAMES;
    const PERSONAS: &'static [&'static str] = &bots::PERSONAS;
    const SKILL_PROBE: SkillProbe = SkillProbe {
        strong: skill::STRONG,
        mid: "builder",
    };
    const ACTION_KINDS: &'static [&'static str] = &ACTION_KINDS;
    const SCORE_COMPONENTS: &'static [&'static str] = &["points", "tickets", "monopolies"];
    const PENALTIES: &'static [&'static str] = &[];

    type Design = DiceDesign;
    type Game = DiceGame;
    type State = State;
    type Measures = DiceMeasures;
    type Balance = super::balance::DiceBalance;

    fn check(file: &GameFile) -> (Option<DiceDesign>, Diagnostics) {
        super::design::check(file)
    }

    fn design_name(design: &DiceDesign) -> &str {
        &design.name
    }

    fn players(design: &DiceDesign) -> (usize, usize) {
        let r = design.rules.players;
        (usize::from(r.min), usize::from(r.max))
    }

    fn new_game(design: &Arc<DiceDesign>, players: usize) -> Result<DiceGame, PlayerCountError> {
        DiceGame::new(design.clone(), players)
    }

    fn bot(spec: &str, seed: u64) -> Result<Box<dyn Bot<State>>, BotNameError> {
        bots::by_name(spec, seed)
    }

    fn action_kind(action: Action) -> usize {
        action.kind()
    }

    fn describe_events(state: &State, events: &Events) -> Vec<String> {
        events.iter().map(|e| state.event_words(e)).collect()
    }

    fn passes(events: &Events) -> u32 {
        events
            .iter()
            .filter(|e| matches!(e, Event::Unplaced { .. }))
            .count() as u32
    }

    fn score_track(state: &State, out: &mut Vec<i32>) {
        let d = state.design();
        out.extend(
            state
                .players()
                .iter()
                .map(|p| p.points + p.ticket_points(d)),
        );
    }

    fn accounts(state: &State) -> Option<Vec<Accounts>> {
        let ending = state.ending()?;
        let d = state.design();
        Some(
            ending
                .breakdowns
                .iter()
                .zip(state.players())
                .map(|(b, p)| Accounts {
                    total: b.iter().sum(),
                    components: smallvec![b[0], b[1], b[2]],
                    goals: Some((
                        (p.revealed.len()
                            + p.hand
                                .iter()
                                .filter(|&&c| {
                                    matches!(
                                        d.specials[usize::from(c)],
                                        super::design::Special::Ticket { .. }
                                    )
                                })
                                .count()) as u32,
                        p.revealed.len() as u32,
                    )),
                })
                .collect(),
        )
    }

    fn component_totals(state: &State) -> Vec<(String, u64)> {
        let d = state.design();
        let mut out = Vec::new();
        let roll = state.roll();
        for (s, p) in state.players().iter().enumerate() {
            let held = u64::from(d.rules.dice.per_player - p.on_board);
            let on_board = state
                .board()
                .iter()
                .filter(|o| **o == Occupant::Player(s as u8))
                .count() as u64;
            out.push((format!("player {} dice", s + 1), held + on_board));
            for b in Building::ALL {
                let built = state
                    .buildings()
                    .iter()
                    .flatten()
                    .filter(|&&(k, o)| k == b && usize::from(o) == s)
                    .count() as u64;
                out.push((
                    format!("player {} {}s", s + 1, b.name()),
                    built + u64::from(p.buildings_left[b.index()]),
                ));
            }
        }
        let white_on_board = state
            .board()
            .iter()
            .filter(|o| **o == Occupant::Bonus)
            .count() as u64;
        let held: u64 = state
            .players()
            .iter()
            .map(|p| u64::from(p.bonus_held))
            .sum();
        let rolled: u64 = roll.bonus.iter().map(|&n| u64::from(n)).sum();
        out.push((
            "bonus dice".into(),
            white_on_board + held + rolled + u64::from(state.bonus_supply()),
        ));
        for (g, good) in d.goods.iter().enumerate() {
            let held: u64 = state.players().iter().map(|p| u64::from(p.goods[g])).sum();
            out.push((
                format!("{} cards", good.name),
                held + u64::from(state.decks()[g].left) + u64::from(state.goods_out[g]),
            ));
        }
        let specials: u64 = state
            .players()
            .iter()
            .map(|p| (p.hand.len() + p.revealed.len()) as u64)
            .sum::<u64>()
            + state.specials_left() as u64
            + u64::from(state.specials_out);
        out.push(("special cards".into(), specials));
        out
    }

    fn recompute_scores(state: &State) -> Vec<i32> {
        state
            .final_breakdowns()
            .iter()
            .map(|b| b.iter().sum())
            .collect()
    }
}
