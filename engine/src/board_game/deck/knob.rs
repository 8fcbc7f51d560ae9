//! The balance search's knob for building a deck ([`crate::board_game::knob::Knob::TicketDeck`]):
//! one ticket replaced by another pair of places of its kind (a regular
//! ticket by one of the same length band, a long one by another long one),
//! never a locked ticket, never over the limit per place, never leaving a
//! place that was named unnamed, the new ticket's points by the plan's rule.
//! Swaps are aimed at the figure the last simulation found off (completion
//! out of the band, the first seat's advantage, dead routes: see
//! [`DeckKnob::mutate`]); the search ([`crate::balance`]) decides by
//! simulation which swaps stay.

use std::collections::HashSet;
use std::sync::Arc;

use formats::{GameFile, TicketSpec};

use super::options::Plan;
use super::space::Space;
use crate::balance::knob::ticket_locked;
use crate::board_game::balance::BoardHints;
use crate::rng::GameRng;

/// Allowed replacements a directed swap chooses among.
const CHOICES: usize = 8;
/// What each other ticket along a route adds to its weight while the first
/// seat wins races (claims per game: a route every ticket needs is a race).
const SHARED: f64 = 0.02;

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

    /// Swaps one ticket of `file` and says which and why, or `None` when no
    /// swap was found. The swap is aimed at what `hints` found off, three
    /// times in four (the fourth swap is random, so the search still
    /// explores):
    /// - a ticket completed outside the band goes, for a pair of its band
    ///   that is shorter when it was too hard, longer when too easy;
    /// - with the first-player advantage missed, the ticket whose path runs
    ///   most through the races the first seat wins (and through routes other
    ///   tickets need) goes, for a pair whose path runs least through them;
    /// - with dead routes, the new pair's path runs through them where it can.
    ///
    /// The replacement is drawn from the allowed pairs only (its kind, every
    /// named place still named, the limit per place): of up to [`CHOICES`]
    /// drawn at random, the one that mends the most is taken; every draw is
    /// from `rng`.
    pub fn mutate(
        &self,
        file: &mut GameFile,
        locked: &[String],
        rng: &mut GameRng,
        hints: &BoardHints,
    ) -> Option<String> {
        let (space, plan) = &*self.0;
        let free: Vec<usize> = (0..file.tickets.len())
            .filter(|&i| !ticket_locked(file, locked, i))
            .collect();
        if free.is_empty() {
            return None;
        }
        let pairs: Vec<Option<usize>> = file
            .tickets
            .iter()
            .map(|t| space.pair_named(&t.from, &t.to))
            .collect();
        let mut named = vec![0usize; space.spots.len()];
        // Tickets of the deck whose shortest path runs along each route.
        let mut load = vec![0u32; space.routes];
        for p in pairs.iter().flatten() {
            named[space.pairs[*p].a] += 1;
            named[space.pairs[*p].b] += 1;
            for &r in &space.pairs[*p].routes {
                load[r] += 1;
            }
        }
        let aim = Aim::new(space, &hints.routes, &load);
        let directed = rng.below(4) < 3;
        let (i, why) = match directed
            .then(|| pick(space, hints, &free, &pairs, &aim, rng))
            .flatten()
        {
            Some(p) => p,
            None => (free[rng.index(free.len())], Why::Random),
        };
        let in_deck: HashSet<usize> = pairs.iter().flatten().copied().collect();
        let old = &file.tickets[i];
        let long = old.long;
        let old_pair = pairs[i];
        let old_ends: Vec<usize> = old_pair
            .map(|p| vec![space.pairs[p].a, space.pairs[p].b])
            .unwrap_or_default();
        let old_length = old_pair.map(|p| space.pairs[p].length);
        let band = old_pair.map(|p| plan.band(space.pairs[p].length));
        for &e in &old_ends {
            named[e] -= 1;
        }
        // Every pair the swap may take: of the old ticket's kind, keeping
        // every place named, not in the deck, under the limit per place.
        let allowed: Vec<usize> = (0..space.pairs.len())
            .filter(|&c| {
                let p = &space.pairs[c];
                let kind_ok = if long {
                    plan.long_allowed(p.length)
                } else {
                    plan.allowed(p.length) && band.is_none_or(|b| plan.band(p.length) == b)
                };
                kind_ok
                    && old_ends
                        .iter()
                        .all(|&e| named[e] > 0 || e == p.a || e == p.b)
                    && !in_deck.contains(&c)
                    && named[p.a] < plan.max_per_city
                    && named[p.b] < plan.max_per_city
            })
            .collect();
        if allowed.is_empty() {
            return None;
        }
        // A random swap takes one allowed pair; a directed one the best of
        // up to [`CHOICES`] drawn without repeats.
        let choices = if directed && (why != Why::Random || aim.any()) {
            CHOICES.min(allowed.len())
        } else {
            1
        };
        let mut pool = allowed;
        let mut best: Option<(f64, usize)> = None;
        for k in 0..choices {
            let j = k + rng.index(pool.len() - k);
            pool.swap(k, j);
            let c = pool[k];
            let score = why.score(
                &aim,
                &space.pairs[c],
                old_length,
                old_pair.map(|o| &space.pairs[o]),
            );
            if best.is_none_or(|(s, _)| score < s) {
                best = Some((score, c));
            }
        }
        let (_, c) = best?;
        let p = &space.pairs[c];
        let was = old.display_name();
        let points = plan.points.points(p.length);
        file.tickets[i] = TicketSpec {
            from: space.spots[p.a].name.clone(),
            to: space.spots[p.b].name.clone(),
            points,
            long,
            ..TicketSpec::default()
        };
        Some(format!(
            "ticket {was} → {} ({}){}",
            space.name(c),
            crate::words::count(points, "point"),
            why.describe()
        ))
    }
}

/// Why a ticket is swapped, and so what its replacement should mend.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Why {
    /// Completed outside the band: positive too easy, negative too hard.
    OffBand(f64),
    /// A `ticket-value` target finds it unfair.
    Unfair,
    /// Its path runs through the first seat's races.
    Races,
    /// Chosen at random.
    Random,
}

impl Why {
    /// How far a replacement `p` is from mending the figure (lower is
    /// better): for a ticket off the band, its length against the old one's;
    /// and always the route weights along its path.
    fn score(
        self,
        aim: &Aim,
        p: &super::space::Pair,
        old_length: Option<u32>,
        old: Option<&super::space::Pair>,
    ) -> f64 {
        let along = aim.along(p, old);
        match (self, old_length) {
            (Why::OffBand(d), Some(l)) => {
                let longer = (f64::from(p.length) - f64::from(l)) / f64::from(l.max(1));
                -d.signum() * longer + along
            }
            _ => along,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Why::OffBand(d) if d > 0.0 => ": completed too often",
            Why::OffBand(_) => ": completed too rarely",
            Why::Unfair => ": points off its completion",
            Why::Races => ": on the first seat's races",
            Why::Random => "",
        }
    }
}

/// The routes a swap aims at: the hints' weights (races the first seat
/// wins, dead routes) and how many other tickets run along each.
struct Aim {
    /// Per route: the hint's weight, plus, while the first seat wins races,
    /// [`SHARED`] for every ticket of the deck along it.
    weight: Vec<f64>,
    /// Whether the first seat wins races (the deck's tickets then count).
    races: bool,
}

impl Aim {
    fn new(space: &Space, routes: &[f64], load: &[u32]) -> Aim {
        let races = routes.iter().any(|w| *w > 0.0);
        let weight = (0..space.routes)
            .map(|r| {
                let shared = if races {
                    SHARED * f64::from(load[r])
                } else {
                    0.0
                };
                routes.get(r).copied().unwrap_or(0.0) + shared
            })
            .collect();
        Aim { weight, races }
    }

    /// Whether the weights point anywhere.
    fn any(&self) -> bool {
        self.weight.iter().any(|w| *w != 0.0)
    }

    /// The weight along `p`'s path, less what `old` (the ticket it replaces)
    /// adds to the shared routes.
    fn along(&self, p: &super::space::Pair, old: Option<&super::space::Pair>) -> f64 {
        let mine = |r: usize| self.races && old.is_some_and(|o| o.routes.contains(&r));
        p.routes
            .iter()
            .map(|&r| self.weight[r] - if mine(r) { SHARED } else { 0.0 })
            .sum()
    }

    /// How much of the first seat's races `p`'s path runs through.
    fn races(&self, p: &super::space::Pair) -> f64 {
        p.routes.iter().map(|&r| self.weight[r].max(0.0)).sum()
    }
}

/// Which ticket a directed swap takes out, and why: one of the three worst
/// off the band or unfair, or of the three most on the first seat's races
/// (each list half the time when both have tickets); `None` when the hints
/// point nowhere.
fn pick(
    space: &Space,
    hints: &BoardHints,
    free: &[usize],
    pairs: &[Option<usize>],
    aim: &Aim,
    rng: &mut GameRng,
) -> Option<(usize, Why)> {
    let worst = |list: &[(usize, f64)], why: fn(f64) -> Why| -> Vec<(usize, Why)> {
        list.iter()
            .filter(|(i, _)| free.contains(i))
            .take(3)
            .map(|&(i, d)| (i, why(d)))
            .collect()
    };
    let mut tickets = worst(&hints.off_band, Why::OffBand);
    if tickets.is_empty() {
        tickets = worst(&hints.unfair, |_| Why::Unfair);
    }
    let mut races: Vec<(usize, Why)> = Vec::new();
    if aim.races {
        let mut scored: Vec<(usize, f64)> = free
            .iter()
            .filter_map(|&i| pairs[i].map(|p| (i, aim.races(&space.pairs[p]))))
            .collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        races = scored
            .iter()
            .take(3)
            .map(|&(i, _)| (i, Why::Races))
            .collect();
    }
    let from = match (tickets.is_empty(), races.is_empty()) {
        (true, true) => return None,
        (false, true) => tickets,
        (true, false) => races,
        (false, false) if rng.below(2) == 0 => tickets,
        _ => races,
    };
    Some(from[rng.index(from.len())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_game::deck::DeckOptions;

    /// USA's map and deck with the knob of the default plan.
    fn usa() -> (GameFile, DeckKnob) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let file = formats::load(&path).unwrap().design;
        let space = Space::of(&file, 1);
        let plan = Plan::new(&file, &space, &DeckOptions::default()).unwrap();
        (file, DeckKnob::new(space, plan))
    }

    /// The pair of `file`'s ticket `i`.
    fn pair<'a>(knob: &'a DeckKnob, file: &GameFile, i: usize) -> &'a super::super::space::Pair {
        let space = &knob.0.0;
        let t = &file.tickets[i];
        &space.pairs[space.pair_named(&t.from, &t.to).unwrap()]
    }

    /// Each of 40 seeds' directed swaps with `hints` made `why`: the ticket
    /// swapped, and the deck after.
    fn swaps(hints: &BoardHints, why: &str) -> Vec<(usize, GameFile)> {
        let (file, knob) = usa();
        (0..40)
            .filter_map(|seed| {
                let mut out = file.clone();
                let what = knob.mutate(&mut out, &[], &mut GameRng::seeded(seed), hints)?;
                let i = (0..file.tickets.len()).find(|&i| file.tickets[i] != out.tickets[i])?;
                what.ends_with(why).then_some((i, out))
            })
            .collect()
    }

    #[test]
    fn a_ticket_off_the_band_goes_for_a_shorter_or_longer_one() {
        let (file, knob) = usa();
        let medium = (0..file.tickets.len())
            .find(|&i| pair(&knob, &file, i).length == 11)
            .unwrap();
        for (d, why) in [
            (0.2, ": completed too often"),
            (-0.2, ": completed too rarely"),
        ] {
            let hints = BoardHints {
                off_band: vec![(medium, d)],
                ..BoardHints::default()
            };
            let swapped = swaps(&hints, why);
            // Three swaps in four are directed, all at the one hinted ticket.
            assert!(
                swapped.len() >= 20,
                "directed {} times in 40",
                swapped.len()
            );
            let right = swapped
                .iter()
                .filter(|(i, after)| {
                    assert_eq!(*i, medium);
                    let new = pair(&knob, after, *i).length;
                    if d > 0.0 { new >= 11 } else { new <= 11 }
                })
                .count();
            // Almost always the right way: the best of up to 8 allowed pairs
            // (every place still named) is taken.
            assert!(
                right * 10 >= swapped.len() * 9,
                "{right} of {} the right way",
                swapped.len()
            );
        }
    }

    #[test]
    fn the_first_seats_races_are_left_and_dead_routes_named() {
        let (file, knob) = usa();
        let space = &knob.0.0;
        // The first seat wins the races along ticket 3's path.
        let raced = pair(&knob, &file, 3).routes.clone();
        let mut routes = vec![0.0; space.routes];
        for &r in &raced {
            routes[r] = 3.0;
        }
        let hints = BoardHints {
            routes,
            ..BoardHints::default()
        };
        let on =
            |p: &super::super::space::Pair| p.routes.iter().filter(|r| raced.contains(r)).count();
        let swapped = swaps(&hints, ": on the first seat's races");
        assert!(
            swapped.len() >= 20,
            "directed {} times in 40",
            swapped.len()
        );
        let on_races = swapped
            .iter()
            .filter(|(i, _)| on(pair(&knob, &file, *i)) > 0)
            .count();
        assert!(
            on_races * 2 >= swapped.len(),
            "{on_races} of {} ran the races",
            swapped.len()
        );
        let fewer = swapped
            .iter()
            .filter(|(i, after)| on(pair(&knob, after, *i)) <= on(pair(&knob, &file, *i)))
            .count();
        assert!(
            fewer * 10 >= swapped.len() * 9,
            "{fewer} of {}",
            swapped.len()
        );
        // A dead route is on the new ticket's path more often than at random.
        let dead = raced[0];
        let mut routes = vec![0.0; space.routes];
        routes[dead] = -1.0;
        let hints = BoardHints {
            routes,
            ..BoardHints::default()
        };
        let named = swaps(&hints, ")")
            .iter()
            .filter(|(i, after)| pair(&knob, after, *i).routes.contains(&dead))
            .count();
        let share = space
            .pairs
            .iter()
            .filter(|p| p.routes.contains(&dead))
            .count() as f64
            / space.pairs.len() as f64;
        assert!(
            named as f64 > 2.0 * share * 40.0,
            "{named} of 40 (random: {share:.2})"
        );
    }

    #[test]
    fn with_no_hints_the_swap_is_random_and_seeded() {
        let (file, knob) = usa();
        let run = |seed| {
            let mut out = file.clone();
            knob.mutate(
                &mut out,
                &[],
                &mut GameRng::seeded(seed),
                &BoardHints::default(),
            );
            out.tickets
        };
        assert_eq!(run(5), run(5));
        assert_ne!(run(5), run(6));
    }
}
