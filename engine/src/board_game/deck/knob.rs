//! The balance search's knob for building a deck ([`crate::board_game::knob::Knob::TicketDeck`]):
//! one ticket replaced by another pair of places of its kind (a regular
//! ticket by one of the same length band, a long one by another long one),
//! never a locked ticket, never over the limit per place, never leaving a
//! place that was named unnamed, the new ticket's points by the plan's rule.
//! The search ([`crate::balance`]) decides by simulation which swaps stay.

use std::collections::HashSet;
use std::sync::Arc;

use formats::{GameFile, TicketSpec};

use super::options::Plan;
use super::space::Space;
use crate::balance::knob::ticket_locked;
use crate::rng::GameRng;

/// Tries at a replacement before a swap gives up.
const TRIES: usize = 64;

/// Swaps tickets of a deck for other pairs of the map.
#[derive(Clone, Debug)]
pub struct DeckKnob(Arc<(Space, Plan)>);

impl PartialEq for DeckKnob {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl DeckKnob {
    /// The knob for `plan` on `space`.
    pub fn new(space: Space, plan: Plan) -> Self {
        DeckKnob(Arc::new((space, plan)))
    }

    /// Whether some ticket of `original` may be swapped.
    pub fn check(&self, original: &GameFile, locked: &[String]) -> Result<(), String> {
        if (0..original.tickets.len()).any(|i| !ticket_locked(original, locked, i)) {
            Ok(())
        } else {
            Err("the deck knob has no ticket to swap: every ticket is locked".into())
        }
    }

    /// Swaps one ticket of `file` and says which, or `None` when no swap
    /// was found. `hints` are tickets the targets find off (index, signed
    /// distance), worst first: one of the worst three is swapped three
    /// times in four.
    pub fn mutate(
        &self,
        file: &mut GameFile,
        locked: &[String],
        rng: &mut GameRng,
        hints: &[(usize, f64)],
    ) -> Option<String> {
        let (space, plan) = &*self.0;
        let free: Vec<usize> = (0..file.tickets.len())
            .filter(|&i| !ticket_locked(file, locked, i))
            .collect();
        if free.is_empty() {
            return None;
        }
        let hinted: Vec<usize> = hints
            .iter()
            .map(|h| h.0)
            .filter(|i| free.contains(i))
            .take(3)
            .collect();
        let i = if !hinted.is_empty() && rng.below(4) < 3 {
            hinted[rng.index(hinted.len())]
        } else {
            free[rng.index(free.len())]
        };
        let pairs: Vec<Option<usize>> = file
            .tickets
            .iter()
            .map(|t| space.pair_named(&t.from, &t.to))
            .collect();
        let mut named = vec![0usize; space.spots.len()];
        for p in pairs.iter().flatten() {
            named[space.pairs[*p].a] += 1;
            named[space.pairs[*p].b] += 1;
        }
        let in_deck: HashSet<usize> = pairs.iter().flatten().copied().collect();
        let old = &file.tickets[i];
        let long = old.long;
        let old_pair = pairs[i];
        let old_ends: Vec<usize> = old_pair
            .map(|p| vec![space.pairs[p].a, space.pairs[p].b])
            .unwrap_or_default();
        let band = old_pair.map(|p| plan.band(space.pairs[p].length));
        for &e in &old_ends {
            named[e] -= 1;
        }
        for _ in 0..TRIES {
            let c = rng.index(space.pairs.len());
            let p = &space.pairs[c];
            let kind_ok = if long {
                plan.long_allowed(p.length)
            } else {
                plan.allowed(p.length) && band.is_none_or(|b| plan.band(p.length) == b)
            };
            let keeps_cover = old_ends
                .iter()
                .all(|&e| named[e] > 0 || e == p.a || e == p.b);
            if kind_ok
                && keeps_cover
                && !in_deck.contains(&c)
                && named[p.a] < plan.max_per_city
                && named[p.b] < plan.max_per_city
            {
                let was = old.display_name();
                let points = plan.points.points(p.length);
                file.tickets[i] = TicketSpec {
                    from: space.spots[p.a].name.clone(),
                    to: space.spots[p.b].name.clone(),
                    points,
                    long,
                    ..TicketSpec::default()
                };
                return Some(format!(
                    "ticket {was} → {} ({points} points)",
                    space.name(c)
                ));
            }
        }
        None
    }
}
