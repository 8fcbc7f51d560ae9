//! A Rail Yard play as a human composes it, free of widgets: the colours
//! clicked in the hand and the counts chosen, turned into the engine's
//! [`Action`]. Whether it may be played, and whom it would rob, is the
//! engine's answer (the legal list, and the play tried on a copy of the
//! position); nothing here knows the Rail Yard's rules.

use engine::card_game::{Action, Event, State};
use engine::game::{GameState, IllegalAction, Seat};

/// The play being composed: the colours picked in the hand (in the order
/// clicked) and, for a row of one colour, its cards and locomotives.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Composer {
    /// The colours picked, by kind.
    pub colors: Vec<u8>,
    /// Cards of the one picked colour.
    pub cards: u8,
    /// Locomotives on top of the row.
    pub locos: u8,
}

/// Does any legal play use colour `c`?
pub fn playable(legal: &[Action], c: u8) -> bool {
    legal.iter().any(|a| match *a {
        Action::PlayRow { color, .. } => color == c,
        Action::PlayMixed(mask) => mask & (1 << c) != 0,
        _ => false,
    })
}

/// The smallest legal row of colour `c` (fewest cards, then fewest
/// locomotives): where the counts start when the colour is picked.
fn smallest_row(legal: &[Action], c: u8) -> Option<(u8, u8)> {
    legal
        .iter()
        .filter_map(|a| match *a {
            Action::PlayRow {
                color,
                cards,
                locos,
            } if color == c => Some((cards + locos, locos, cards)),
            _ => None,
        })
        .min()
        .map(|(_, locos, cards)| (cards, locos))
}

impl Composer {
    /// Picks colour `c`, or drops it when picked. With one colour left, its
    /// counts start at the smallest legal row.
    pub fn toggle(&mut self, c: u8, legal: &[Action]) {
        match self.colors.iter().position(|&k| k == c) {
            Some(i) => {
                self.colors.remove(i);
            }
            None => self.colors.push(c),
        }
        if let [only] = self.colors[..] {
            (self.cards, self.locos) = smallest_row(legal, only).unwrap_or((1, 0));
        }
    }

    /// Is colour `c` picked?
    pub fn has(&self, c: u8) -> bool {
        self.colors.contains(&c)
    }

    /// The action the picks make: a row of the one colour picked, or one
    /// card of each colour when as many are picked as a mixed play takes
    /// (`mixed`, 0 when the rules have none).
    pub fn action(&self, mixed: u8) -> Option<Action> {
        match self.colors[..] {
            [] => None,
            [color] => Some(Action::PlayRow {
                color,
                cards: self.cards,
                locos: self.locos,
            }),
            ref many if mixed > 1 && many.len() == usize::from(mixed) => Some(Action::PlayMixed(
                many.iter().fold(0u16, |mask, &c| mask | 1 << c),
            )),
            _ => None,
        }
    }
}

/// A row a play would rob: whose, of which colour, how many cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Robbery {
    /// Who would lose the row.
    pub victim: Seat,
    /// The row's colour.
    pub color: u8,
    /// Its cards.
    pub cards: u8,
}

/// What playing `a` now would do: the rows it robs, or the engine's reason
/// for refusing it.
pub fn preview(state: &State, a: Action) -> Result<Vec<Robbery>, IllegalAction> {
    let mut copy = state.clone();
    let events = copy.apply(a)?;
    Ok(events
        .into_iter()
        .filter_map(|e| match e {
            Event::Robbed {
                victim,
                color,
                cards,
                ..
            } => Some(Robbery {
                victim,
                color,
                cards,
            }),
            _ => None,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    const RED: u8 = 0;
    const BLUE: u8 = 1;
    const GREEN: u8 = 2;

    fn legal() -> Vec<Action> {
        vec![
            Action::DrawBlind,
            Action::PlayRow {
                color: RED,
                cards: 3,
                locos: 0,
            },
            Action::PlayRow {
                color: RED,
                cards: 2,
                locos: 1,
            },
            Action::PlayRow {
                color: RED,
                cards: 2,
                locos: 0,
            },
            Action::PlayMixed(0b111),
        ]
    }

    #[test]
    fn one_colour_makes_a_row_starting_at_its_smallest_legal_size() {
        let mut c = Composer::default();
        assert_eq!(c.action(3), None, "nothing picked");
        c.toggle(RED, &legal());
        assert_eq!(
            c.action(3),
            Some(Action::PlayRow {
                color: RED,
                cards: 2,
                locos: 0
            })
        );
        c.toggle(RED, &legal());
        assert_eq!(c.action(3), None, "a second click drops it");
        assert!(playable(&legal(), RED));
        assert!(playable(&legal(), GREEN), "through the mixed play");
        assert!(!playable(&legal(), 3));
    }

    /// Plays random legal moves on the bundled card game until a legal row
    /// would rob a rival: the preview names that rival's row before it
    /// happens, and the position itself is untouched.
    #[test]
    fn a_play_that_robs_is_named_before_it_is_made() {
        use engine::card_game::{CardGame, build};
        use engine::game::Game;
        use engine::rng::GameRng;
        use std::sync::Arc;

        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml");
        let file = formats::load(&path).unwrap().design;
        let design = build(&file, &mut engine::Diagnostics::default()).unwrap();
        let mut state = CardGame::new(Arc::new(design), 2)
            .unwrap()
            .new_initial_state(3);
        let mut rng = GameRng::seeded(3);
        let mut legal = Vec::new();
        for _ in 0..2000 {
            legal.clear();
            state.legal(&mut legal);
            let me = state.current().index();
            let robbing = legal.iter().find_map(|&a| match a {
                Action::PlayRow { color, .. } => state
                    .players()
                    .iter()
                    .enumerate()
                    .find(|(i, p)| *i != me && p.row(usize::from(color)) > 0)
                    .map(|(i, p)| (a, i, color, p.row(usize::from(color)))),
                _ => None,
            });
            if let Some((a, victim, color, cards)) = robbing {
                let before = state.players().to_vec();
                assert_eq!(
                    preview(&state, a),
                    Ok(vec![Robbery {
                        victim: Seat(victim as u8),
                        color,
                        cards
                    }])
                );
                assert_eq!(state.players(), &before[..], "only a copy was played");
                return;
            }
            let a = legal[rng.index(legal.len())];
            state.apply(a).unwrap();
        }
        panic!("no robbery came up in 2000 moves");
    }

    #[test]
    fn as_many_colours_as_a_mixed_play_takes_make_a_mixed_play() {
        let mut c = Composer::default();
        c.toggle(GREEN, &legal());
        c.toggle(RED, &legal());
        assert_eq!(c.action(3), None, "two of three");
        c.toggle(BLUE, &legal());
        assert_eq!(c.action(3), Some(Action::PlayMixed(0b111)));
        assert_eq!(c.action(0), None, "rules without mixed plays");
    }
}
