//! The first deck, from static scores alone: a greedy fill band by band,
//! then simulated annealing on a score that counts what a designer checks
//! by eye — tickets per band against the plan, places no ticket names and
//! how evenly (or hub-weighted) places are named, tickets of the same length,
//! and routes on no ticket's shortest path (dead corners). The simulation
//! search ([`super::knob`]) starts from this deck.

use std::collections::HashSet;

use formats::GameFile;

use super::options::Plan;
use super::space::Space;
use crate::rng::GameRng;

/// Annealing steps.
const STEPS: usize = 30_000;

/// A deck as pairs of the space: the tickets it keeps and those it builds.
#[derive(Clone, Debug, PartialEq)]
pub struct Deck {
    /// Pairs of the locked tickets (those on the map's pairs), with their
    /// long flag.
    pub locked: Vec<(usize, bool)>,
    /// Regular tickets built.
    pub regular: Vec<usize>,
    /// Long tickets built.
    pub long: Vec<usize>,
}

/// What the static score weighs; every part counts against a deck.
pub struct Scorer<'a> {
    space: &'a Space,
    plan: &'a Plan,
    /// The share of ticket ends each place should get.
    want: Vec<f64>,
}

impl<'a> Scorer<'a> {
    /// The scorer of `plan` on `space`.
    pub fn new(space: &'a Space, plan: &'a Plan) -> Self {
        let weight = |d: usize| if plan.hubs { d.max(1) as f64 } else { 1.0 };
        let total: f64 = space.spots.iter().map(|s| weight(s.degree)).sum();
        let want = space
            .spots
            .iter()
            .map(|s| weight(s.degree) / total.max(1e-9))
            .collect();
        Scorer { space, plan, want }
    }

    /// Tickets naming each place.
    fn named(&self, deck: &Deck) -> Vec<usize> {
        let mut named = vec![0usize; self.space.spots.len()];
        for p in deck.pairs() {
            let pair = &self.space.pairs[p];
            named[pair.a] += 1;
            named[pair.b] += 1;
        }
        named
    }

    /// The deck's static score (lower is better).
    pub fn score(&self, deck: &Deck) -> f64 {
        let space = self.space;
        let mut bands = [0usize; 3];
        let mut lengths = vec![0u32; space.diameter as usize + 1];
        for &(p, long) in &deck.locked {
            if !long {
                bands[self.plan.band(space.pairs[p].length)] += 1;
            }
        }
        for &p in &deck.regular {
            let l = space.pairs[p].length;
            bands[self.plan.band(l)] += 1;
            lengths[l as usize] += 1;
        }
        let band_miss: f64 = bands
            .iter()
            .zip(self.plan.per_band)
            .map(|(&n, t)| (n as f64 - t as f64).powi(2))
            .sum();
        let named = self.named(deck);
        let ends: usize = named.iter().sum();
        let mut uncovered = 0.0;
        let mut spread = 0.0;
        for (n, w) in named.iter().zip(&self.want) {
            if *n == 0 {
                uncovered += 1.0;
            }
            spread += (*n as f64 - w * ends as f64).powi(2);
        }
        let repeats: f64 = lengths
            .iter()
            .map(|&n| f64::from(n.saturating_sub(1) * n) / 2.0)
            .sum();
        let mut on_path = vec![false; space.routes];
        for p in deck.pairs() {
            for &r in &space.pairs[p].routes {
                on_path[r] = true;
            }
        }
        let dead = on_path.iter().filter(|c| !**c).count() as f64;
        4.0 * band_miss + 3.0 * uncovered + 0.3 * spread + 0.2 * repeats + 0.5 * dead
    }

    /// Can `pair` join `deck` (not in it yet, its places under the limit)?
    fn fits(&self, named: &[usize], in_deck: &HashSet<usize>, pair: usize) -> bool {
        let p = &self.space.pairs[pair];
        !in_deck.contains(&pair)
            && named[p.a] < self.plan.max_per_city
            && named[p.b] < self.plan.max_per_city
    }
}

impl Deck {
    /// Every pair of the deck.
    pub fn pairs(&self) -> impl Iterator<Item = usize> + '_ {
        self.locked
            .iter()
            .map(|l| l.0)
            .chain(self.regular.iter().copied())
            .chain(self.long.iter().copied())
    }
}

/// The locked tickets of `file` on the map's pairs.
pub fn locked_pairs(file: &GameFile, space: &Space, plan: &Plan) -> Vec<(usize, bool)> {
    plan.locked
        .iter()
        .filter_map(|&i| {
            let t = &file.tickets[i];
            space.pair_named(&t.from, &t.to).map(|p| (p, t.long))
        })
        .collect()
}

/// Builds the first deck of `plan`: greedy, then annealed on the static
/// score. Deterministic for `seed`; `None` when the limit per place leaves
/// too few pairs to fill the deck.
pub fn build(space: &Space, plan: &Plan, locked: Vec<(usize, bool)>, seed: u64) -> Option<Deck> {
    let scorer = Scorer::new(space, plan);
    let mut rng = GameRng::seeded(crate::rng::mix(seed ^ 0xDEC4_B11D));
    let mut deck = Deck {
        locked,
        regular: Vec::new(),
        long: Vec::new(),
    };
    let mut named = scorer.named(&deck);
    let mut in_deck: HashSet<usize> = deck.pairs().collect();
    let mut bands = [0usize; 3];
    for &(p, long) in &deck.locked {
        if !long {
            bands[plan.band(space.pairs[p].length)] += 1;
        }
    }
    let locked_long = deck.locked.iter().filter(|l| l.1).count();
    let mut order: Vec<usize> = (0..space.pairs.len()).collect();
    rng.shuffle(&mut order);
    // Long tickets first: they are the scarcest pairs.
    for &p in &order {
        if deck.long.len() + locked_long >= plan.long_count {
            break;
        }
        if plan.long_allowed(space.pairs[p].length) && scorer.fits(&named, &in_deck, p) {
            add(&mut deck.long, p, space, &mut named, &mut in_deck);
        }
    }
    for (b, want) in plan.per_band.iter().enumerate() {
        for &p in &order {
            if bands[b] >= *want {
                break;
            }
            let length = space.pairs[p].length;
            if plan.band(length) == b && plan.allowed(length) && scorer.fits(&named, &in_deck, p) {
                add(&mut deck.regular, p, space, &mut named, &mut in_deck);
                bands[b] += 1;
            }
        }
    }
    // A band the limit per place starved: fill from any band.
    let locked_regular = deck.locked.len() - locked_long;
    for &p in &order {
        if deck.regular.len() + locked_regular >= plan.count {
            break;
        }
        if plan.allowed(space.pairs[p].length) && scorer.fits(&named, &in_deck, p) {
            add(&mut deck.regular, p, space, &mut named, &mut in_deck);
        }
    }
    if deck.regular.len() + locked_regular < plan.count
        || deck.long.len() + locked_long < plan.long_count
    {
        return None;
    }
    anneal(&scorer, &mut deck, &mut rng);
    Some(deck)
}

fn add(
    list: &mut Vec<usize>,
    p: usize,
    space: &Space,
    named: &mut [usize],
    in_deck: &mut HashSet<usize>,
) {
    list.push(p);
    named[space.pairs[p].a] += 1;
    named[space.pairs[p].b] += 1;
    in_deck.insert(p);
}

/// Simulated annealing: one ticket at a time replaced by another pair of
/// its kind, a worse deck accepted with the Metropolis probability at a
/// temperature falling geometrically; the best deck seen is kept.
fn anneal(scorer: &Scorer, deck: &mut Deck, rng: &mut GameRng) {
    let space = scorer.space;
    let plan = scorer.plan;
    let slots = deck.regular.len() + deck.long.len();
    if slots == 0 {
        return;
    }
    let long_pool: Vec<usize> = (0..space.pairs.len())
        .filter(|&p| plan.long_allowed(space.pairs[p].length))
        .collect();
    let mut current = scorer.score(deck);
    let mut best = (current, deck.clone());
    let (hot, cold): (f64, f64) = (3.0, 0.02);
    for step in 0..STEPS {
        let t = hot * (cold / hot).powf(step as f64 / STEPS as f64);
        let slot = rng.index(slots);
        let long = slot >= deck.regular.len();
        let candidate = if long {
            long_pool[rng.index(long_pool.len())]
        } else {
            rng.index(space.pairs.len())
        };
        if !long && !plan.allowed(space.pairs[candidate].length) {
            continue;
        }
        let i = if long {
            slot - deck.regular.len()
        } else {
            slot
        };
        let list = if long {
            &mut deck.long
        } else {
            &mut deck.regular
        };
        let old = list[i];
        if old == candidate {
            continue;
        }
        list[i] = candidate;
        let named = scorer.named(deck);
        let in_deck_twice = deck.pairs().filter(|&p| p == candidate).count() > 1;
        let (ca, cb) = (space.pairs[candidate].a, space.pairs[candidate].b);
        if in_deck_twice || named[ca] > plan.max_per_city || named[cb] > plan.max_per_city {
            let list = if long {
                &mut deck.long
            } else {
                &mut deck.regular
            };
            list[i] = old;
            continue;
        }
        let score = scorer.score(deck);
        if score <= current || rng.unit() < ((current - score) / t).exp() {
            current = score;
            if score < best.0 {
                best = (score, deck.clone());
            }
        } else {
            let list = if long {
                &mut deck.long
            } else {
                &mut deck.regular
            };
            list[i] = old;
        }
    }
    *deck = best.1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_game::deck::options::DeckOptions;

    #[test]
    fn the_first_deck_keeps_the_plan_and_the_limits_and_beats_a_random_one() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let mut file = formats::load(&path).unwrap().design;
        file.tickets.clear();
        let space = Space::of(&file, 1);
        let plan = Plan::new(&file, &space, &DeckOptions::default()).unwrap();
        let deck = build(&space, &plan, Vec::new(), 7).unwrap();
        assert_eq!(deck.regular.len(), plan.count);
        assert!(deck.long.is_empty());
        let scorer = Scorer::new(&space, &plan);
        let named = scorer.named(&deck);
        assert!(named.iter().all(|&n| n <= plan.max_per_city));
        let unique: HashSet<usize> = deck.pairs().collect();
        assert_eq!(unique.len(), plan.count, "no ticket twice");
        let mut bands = [0; 3];
        for &p in &deck.regular {
            bands[plan.band(space.pairs[p].length)] += 1;
        }
        assert_eq!(bands, plan.per_band);
        assert!(plan.min_length > 1, "USA's shortest ticket is 4 of 23");
        assert!(
            deck.regular
                .iter()
                .all(|&p| plan.allowed(space.pairs[p].length))
        );
        assert!(named.iter().all(|&n| n > 0), "every place named: {named:?}");
        // Deterministic for a seed.
        assert_eq!(build(&space, &plan, Vec::new(), 7), Some(deck.clone()));
        assert_ne!(build(&space, &plan, Vec::new(), 8), Some(deck));
    }
}
