//! Setting up (RULES.md §5 and the rulebook): the supplies, the goods decks
//! and the special cards dealt, of which each player keeps some.

use std::sync::Arc;

use smallvec::SmallVec;

use super::action::Event;
use super::design::{Building, DiceDesign};
use super::rules::Sink;
use super::state::{Deck, DeckPlace, Occupant, Phase, Player, Roll, State};
use crate::rng::GameRng;

impl State {
    /// A new game of `players` on `design`, dealt from `seed`.
    pub fn new(design: Arc<DiceDesign>, players: usize, seed: u64) -> State {
        let mut rng = GameRng::seeded(seed);
        let r = &design.rules;
        let mut specials_deck: Vec<u16> = (0..design.specials.len() as u16).collect();
        rng.shuffle(&mut specials_deck);
        let supply = i32::from(design.supply(players).unwrap_or(0));
        let mut decks: Vec<Deck> = design
            .goods
            .iter()
            .map(|g| Deck {
                left: g.cards,
                place: DeckPlace::Unused,
            })
            .collect();
        let mut producing = [None; 3];
        for b in Building::ALL {
            if let Some(&g) = design.chains[b.index()].first().and_then(|s| s.first()) {
                producing[b.index()] = Some(g);
                decks[usize::from(g)].place = DeckPlace::On(b);
            }
        }
        let mut ps = Vec::with_capacity(players);
        let mut taken = 0;
        for _ in 0..players {
            let mut hand = SmallVec::new();
            for _ in 0..r.specials.dealt {
                if let Some(c) = specials_deck.pop() {
                    hand.push(c);
                }
            }
            taken += i32::from(r.points.start);
            ps.push(Player {
                coins: r.coins.start,
                points: i32::from(r.points.start),
                on_board: 0,
                saved: [0; 6],
                bonus_held: 0,
                goods: [0; 8],
                hand,
                revealed: SmallVec::new(),
                buildings_left: [r.buildings.hotel, r.buildings.mine, r.buildings.ranch],
                pledged: [0; 8],
                pledged_specials: SmallVec::new(),
                strikes: 0,
            });
        }
        let phase = if r.specials.dealt > r.specials.keep && !design.specials.is_empty() {
            Phase::Keep { seat: 0 }
        } else {
            Phase::Start
        };
        State {
            board: vec![Occupant::Empty; design.spaces.len()],
            buildings: vec![SmallVec::new(); design.stations.len()],
            decks,
            producing,
            stage: [0; 3],
            specials_deck,
            specials_out: 0,
            goods_out: [0; 8],
            bonus_supply: r.dice.bonus,
            bonus_on_board: 0,
            supply: supply - taken,
            current: 0,
            turn: 0,
            last_round: false,
            phase,
            roll: Roll::default(),
            due: SmallVec::new(),
            delivered: SmallVec::new(),
            shown: SmallVec::new(),
            paying: None,
            owed: [0; 8],
            rng,
            forced: Vec::new(),
            ending: None,
            stopped: None,
            players: ps,
            design,
        }
    }

    pub(super) fn return_special(&mut self, i: u8, sink: &mut Sink) {
        let Phase::Keep { seat } = self.phase else {
            return;
        };
        let p = &mut self.players[usize::from(seat)];
        let c = p.hand.remove(usize::from(i));
        self.specials_deck.push(c);
        if p.hand.len() > usize::from(self.design.rules.specials.keep) {
            return;
        }
        sink.push(Event::Kept { seat });
        if usize::from(seat) + 1 < self.players.len() {
            self.phase = Phase::Keep { seat: seat + 1 };
        } else {
            let mut deck = std::mem::take(&mut self.specials_deck);
            self.rng.shuffle(&mut deck);
            self.specials_deck = deck;
            self.phase = Phase::Start;
        }
    }
}
