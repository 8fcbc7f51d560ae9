//! The card game as a [`Family`]: built from a card-game design, played by
//! the bots of [`super::bots`], measured by [`super::sim::CardMeasures`].

use std::sync::Arc;

use formats::GameFile;
use smallvec::smallvec;

use super::sim::CardMeasures;
use super::{Action, ActionKind, CardDesign, CardGame, Event, Events, State, bots};
use crate::bots::{Bot, BotNameError};
use crate::diagnostics::Diagnostics;
use crate::game::{Accounts, Family, PlayerCountError};
use crate::sim::skill::{self, SkillProbe};

/// Ticket to Ride: The Card Game.
#[derive(Debug, Clone, Copy)]
pub struct CardFamily;

impl Family for CardFamily {
    const KIND: formats::Family = formats::Family::CardGame;
    const BOT_NAMES: &'static [&'static str] = &bots::BOT_NAMES;
    const PERSONAS: &'static [&'static str] = &bots::PERSONAS;
    const SKILL_PROBE: SkillProbe = SkillProbe {
        strong: skill::STRONG,
        mid: "ticket-matcher",
    };
    const ACTION_KINDS: &'static [&'static str] =
        &["keep-tickets", "draw-card", "play", "draw-tickets", "pass"];
    const SCORE_COMPONENTS: &'static [&'static str] =
        &["tickets_completed", "tickets_failed", "big_cities"];
    const PENALTIES: &'static [&'static str] = &["tickets_failed"];

    type Design = CardDesign;
    type Game = CardGame;
    type State = State;
    type Measures = CardMeasures;
    type Balance = super::balance::CardBalance;

    fn check(file: &GameFile) -> (Option<CardDesign>, Diagnostics) {
        let mut diagnostics = Diagnostics::default();
        let built = super::build(file, &mut diagnostics);
        (built, diagnostics)
    }

    fn design_name(design: &CardDesign) -> &str {
        &design.name
    }

    fn players(design: &CardDesign) -> (usize, usize) {
        let p = design.rules.players;
        (usize::from(p.min), usize::from(p.max))
    }

    fn new_game(design: &Arc<CardDesign>, players: usize) -> Result<CardGame, PlayerCountError> {
        CardGame::new(design.clone(), players)
    }

    fn bot(spec: &str, seed: u64) -> Result<Box<dyn Bot<State>>, BotNameError> {
        bots::by_name(spec, seed)
    }

    fn action_kind(action: Action) -> usize {
        match action.kind() {
            ActionKind::KeepTickets => 0,
            ActionKind::DrawCard => 1,
            ActionKind::Play => 2,
            ActionKind::DrawTickets => 3,
            ActionKind::Pass => 4,
        }
    }

    fn describe_events(state: &State, events: &Events) -> Vec<String> {
        events.iter().map(|e| state.event_text(e)).collect()
    }

    fn passes(events: &Events) -> u32 {
        events
            .iter()
            .filter(|e| matches!(e, Event::Passed { .. }))
            .count() as u32
    }

    fn score_track(state: &State, out: &mut Vec<i32>) {
        out.extend(state.players().iter().map(|p| p.banked));
    }

    fn accounts(state: &State) -> Option<Vec<Accounts>> {
        let ending = state.ending()?;
        Some(
            ending
                .breakdowns
                .iter()
                .map(|b| Accounts {
                    total: b.total,
                    components: smallvec![b.tickets_completed, b.tickets_failed, b.big_cities],
                    goals: Some((b.completed + b.failed, b.completed)),
                })
                .collect(),
        )
    }

    fn component_totals(state: &State) -> Vec<(String, u64)> {
        let d = state.design();
        let totals = state.card_totals();
        let mut out: Vec<(String, u64)> = (0..d.kinds())
            .map(|k| (format!("{} cards", d.kind_name(k)), totals[k]))
            .collect();
        let tickets = state.ticket_deck().len()
            + state
                .players()
                .iter()
                .map(|p| p.tickets.len() + p.completed.len() + p.offer.len())
                .sum::<usize>();
        out.push(("tickets".into(), tickets as u64));
        out
    }

    fn recompute_scores(state: &State) -> Vec<i32> {
        let d = state.design();
        if state.ending().is_none() {
            return state.players().iter().map(|p| p.banked).collect();
        }
        state
            .players()
            .iter()
            .map(|p| {
                let done: i32 = p
                    .completed
                    .iter()
                    .map(|&t| d.tickets[usize::from(t)].points)
                    .sum();
                let failed: i32 = p
                    .tickets
                    .iter()
                    .map(|&t| d.tickets[usize::from(t)].points)
                    .sum();
                let bonus: i32 = d
                    .big_cities
                    .iter()
                    .enumerate()
                    .filter(|(b, _)| {
                        let count = |q: &super::Player| {
                            q.completed
                                .iter()
                                .filter(|&&t| d.ticket_cities[usize::from(t)] & (1 << b) != 0)
                                .count()
                        };
                        let mine = count(p);
                        mine > 0 && state.players().iter().all(|q| count(q) <= mine)
                    })
                    .map(|(_, c)| c.points)
                    .sum();
                done - failed + bonus
            })
            .collect()
    }
}
