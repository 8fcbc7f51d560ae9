//! Scoring (RULES.md §4): at the end of each deal every player matches their
//! On the Track cards to their tickets — each card serves one ticket,
//! locomotives stand in for any colour — choosing the matching that gives
//! the player the highest final total, Big City bonuses included (and, among
//! equal ones, completes most tickets); at the end of the game unfinished
//! tickets subtract, each Big City bonus goes to every player with most
//! completed tickets naming it, and ties on points are broken by the design's
//! tie-break order.
//!
//! Rivals' tickets interact through the Big City bonuses: whether a player
//! wins a city depends on the rivals' completed tickets naming it, and the
//! rivals choose their matchings at the same time. The engine settles this
//! without favouring a seat: first every player's matching by ticket points
//! alone is found (most points, then most tickets); then each player chooses
//! the matching that maximises their own total against the rivals' counts
//! that first matching gives them (plus their tickets completed in earlier
//! deals). The bonuses are then awarded on the matchings actually chosen, so
//! a rival who also changed their matching for a bonus can still take or
//! share a city a player counted on. A deal before the last is scored the
//! same way, as if the game ended with it.

use formats::card_game::CardTieBreak;
use smallvec::SmallVec;

use super::cards::Counts;
use super::design::CardDesign;
use super::state::Player;
use crate::game::{EndReason, Outcome, Seat};

/// One player's final accounts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    /// Points of completed tickets.
    pub tickets_completed: i32,
    /// Points lost for unfinished tickets (positive).
    pub tickets_failed: i32,
    /// Big City bonus points.
    pub big_cities: i32,
    /// Big City bonus cards won.
    pub bonus_cards: u32,
    /// The Big Cities won (indices into the design's list).
    pub cities_won: Vec<usize>,
    /// Completed tickets.
    pub completed: u32,
    /// Unfinished tickets.
    pub failed: u32,
    /// The total.
    pub total: i32,
}

/// The end of a game: each seat's accounts and the outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Per seat.
    pub breakdowns: Vec<Breakdown>,
    /// Scores, ranks and winners.
    pub outcome: Outcome,
}

/// The tickets (positions in `tickets`) that `have` completes best: most
/// points, then most tickets. A branch and bound over the tickets that could
/// be completed alone, densest first, bounded by a fractional knapsack of
/// the remaining tickets into the cards not yet used.
pub fn best_matching(design: &CardDesign, tickets: &[u16], have: &Counts) -> Vec<usize> {
    best_matching_for(design, tickets, have, &Bonuses::default(), &[])
}

/// What a player's matching can win in Big City bonuses: per Big City, the
/// player's completed tickets naming it so far and the most a rival has.
/// Empty: bonuses are left out (the matching by ticket points alone).
#[derive(Clone, Debug, Default)]
pub struct Bonuses {
    /// Per Big City: (the player's count so far, the most any rival has).
    counts: Vec<(u32, u32)>,
}

impl Bonuses {
    /// The bonus points won with `extra` more tickets naming each Big City.
    fn points(&self, design: &CardDesign, extra: &[u32]) -> i32 {
        self.counts
            .iter()
            .zip(extra)
            .zip(&design.big_cities)
            .filter(|&((&(own, rival), &more), _)| own + more > 0 && own + more >= rival)
            .map(|(_, city)| city.points)
            .sum()
    }

    /// At least the bonus points any matching adding to `extra` can win:
    /// each city with positive points that `extra` plus `rest` would win.
    fn ceiling(&self, design: &CardDesign, extra: &[u32], rest: &[u32]) -> i32 {
        self.counts
            .iter()
            .zip(extra.iter().zip(rest))
            .zip(&design.big_cities)
            .filter(|&((&(own, rival), (&more, &later)), _)| {
                own + more + later > 0 && own + more + later >= rival
            })
            .map(|(_, city)| city.points.max(0))
            .sum()
    }
}

/// The tickets (positions in `tickets`) that `have` completes for the
/// highest final total: twice the ticket points (a ticket completed is won
/// instead of lost) plus the Big City bonuses it wins against `bonuses`, then
/// the most tickets; among equals, the first the search meets (so with no
/// bonus at stake, exactly [`best_matching`]'s choice).
///
/// `known` is a matching the caller already has (e.g. the best by ticket
/// points), or empty: the search then only explores what could do at least
/// as well, which finds the same matching sooner.
pub fn best_matching_for(
    design: &CardDesign,
    tickets: &[u16],
    have: &Counts,
    bonuses: &Bonuses,
    known: &[usize],
) -> Vec<usize> {
    let loco = design.loco();
    let colors = design.colors.len();
    let mut order: Vec<usize> = (0..tickets.len())
        .filter(|&i| {
            shortfall(&design.tickets[usize::from(tickets[i])].needs, have, colors)
                <= u32::from(have.0[loco])
        })
        .collect();
    // Densest (points per card) first, as knapsack branch and bound goes:
    // the fractional bound of the tickets after `i` is then tight.
    let density = |i: usize| {
        let t = &design.tickets[usize::from(tickets[i])];
        (i64::from(t.points.max(0)), i64::from(t.size.max(1)))
    };
    order.sort_by(|&a, &b| {
        let ((pa, sa), (pb, sb)) = (density(a), density(b));
        (pb * sa).cmp(&(pa * sb)).then(pb.cmp(&pa))
    });
    // Often every ticket that fits alone fits with the others: take them all.
    let mut all = Counts::default();
    for &i in &order {
        all.add(&design.tickets[usize::from(tickets[i])].needs);
    }
    if shortfall(&all, have, colors) <= u32::from(have.0[loco]) {
        return order;
    }
    let points: Vec<i32> = order
        .iter()
        .map(|&i| design.tickets[usize::from(tickets[i])].points.max(0))
        .collect();
    let sizes: Vec<u32> = order
        .iter()
        .map(|&i| u32::from(design.tickets[usize::from(tickets[i])].size))
        .collect();
    // Per position in `order`: the Big Cities its ticket names; and from
    // each position on, how many of the tickets left name each city.
    let cities = if bonuses.counts.is_empty() {
        0
    } else {
        design.big_cities.len()
    };
    let names: Vec<u32> = order
        .iter()
        .map(|&i| design.ticket_cities[usize::from(tickets[i])])
        .collect();
    let mut rest = vec![vec![0u32; cities]; order.len() + 1];
    for j in (0..order.len()).rev() {
        let later = rest[j + 1].clone();
        for (b, (n, l)) in rest[j].iter_mut().zip(later).enumerate() {
            *n = l + (names[j] >> b & 1);
        }
    }
    let mut search = Search {
        design,
        tickets,
        order: &order,
        points: &points,
        sizes: &sizes,
        have,
        colors,
        locos: u32::from(have.0[loco]),
        cards: have.total(),
        chosen: Vec::new(),
        best: floor(design, tickets, bonuses, known),
        best_set: Vec::new(),
        bonuses,
        names: &names,
        rest: &rest,
        extra: vec![0; cities],
    };
    search.go(0, Counts::default(), 0, 0);
    search.best_set
}

/// Just below the value of the matching `known`, so that the search accepts
/// the first matching it meets that does at least as well (as it would
/// without the hint) and prunes what cannot.
fn floor(design: &CardDesign, tickets: &[u16], bonuses: &Bonuses, known: &[usize]) -> (i32, usize) {
    if known.is_empty() {
        return (i32::MIN, 0);
    }
    let points: i32 = known
        .iter()
        .map(|&i| design.tickets[usize::from(tickets[i])].points.max(0))
        .sum();
    let extra = if bonuses.counts.is_empty() {
        Vec::new()
    } else {
        city_counts(design, &[], tickets, known)
    };
    (2 * points + bonuses.points(design, &extra), known.len() - 1)
}

/// Cards of colours the pile lacks for `need` (locomotives must cover them).
fn shortfall(need: &Counts, have: &Counts, colors: usize) -> u32 {
    (0..colors)
        .map(|c| u32::from(need.0[c].saturating_sub(have.0[c])))
        .sum()
}

struct Search<'a> {
    design: &'a CardDesign,
    tickets: &'a [u16],
    order: &'a [usize],
    points: &'a [i32],
    sizes: &'a [u32],
    have: &'a Counts,
    colors: usize,
    locos: u32,
    cards: u32,
    chosen: Vec<usize>,
    /// The best (value, tickets) so far: the value is twice the points plus
    /// the bonuses.
    best: (i32, usize),
    best_set: Vec<usize>,
    bonuses: &'a Bonuses,
    /// Per position: the Big Cities its ticket names (a bit each).
    names: &'a [u32],
    /// Per position: the tickets from there on naming each Big City.
    rest: &'a [Vec<u32>],
    /// The chosen tickets naming each Big City.
    extra: Vec<u32>,
}

impl Search<'_> {
    /// The most points tickets `from..` could add in `room` cards, each
    /// ticket divisible (an upper bound).
    fn bound(&self, from: usize, mut room: u32) -> f64 {
        let mut total = 0.0;
        for j in from..self.order.len() {
            let size = self.sizes[j];
            if size <= room {
                room -= size;
                total += f64::from(self.points[j]);
            } else {
                total += f64::from(self.points[j]) * f64::from(room) / f64::from(size);
                break;
            }
        }
        total
    }

    /// Chooses or skips the ticket at position `i`, `score` being the
    /// points chosen so far.
    fn go(&mut self, i: usize, need: Counts, score: i32, used: u32) {
        let value = 2 * score + self.bonuses.points(self.design, &self.extra);
        if (value, self.chosen.len()) > self.best {
            self.best = (value, self.chosen.len());
            self.best_set.clone_from(&self.chosen);
        }
        if i == self.order.len() {
            return;
        }
        let ceiling = self
            .bonuses
            .ceiling(self.design, &self.extra, &self.rest[i]);
        let room = self.cards - used;
        let reach = 2.0 * (f64::from(score) + self.bound(i, room)) + f64::from(ceiling);
        if self.hopeless(i, reach) {
            return;
        }
        let t = &self.design.tickets[usize::from(self.tickets[self.order[i]])];
        let size = self.sizes[i];
        if used + size <= self.cards {
            let mut with = need;
            for c in 0..self.colors {
                with.0[c] = with.0[c].saturating_add(t.needs.0[c]);
            }
            if shortfall(&with, self.have, self.colors) <= self.locos {
                self.chosen.push(self.order[i]);
                self.count(i, 1);
                self.go(i + 1, with, score + self.points[i], used + size);
                self.count(i, -1);
                self.chosen.pop();
            }
        }
        self.go(i + 1, need, score, used);
    }
}

impl Search<'_> {
    /// Whether the tickets from position `i` on, reaching at most `reach`,
    /// cannot beat the best matching so far.
    fn hopeless(&self, i: usize, reach: f64) -> bool {
        let best = f64::from(self.best.0);
        reach < best - 1e-9
            || (reach < best + 1e-9 && self.chosen.len() + (self.order.len() - i) <= self.best.1)
    }

    /// Counts the ticket at position `i` in (`by` 1) or out (-1) of the
    /// chosen tickets naming each Big City.
    fn count(&mut self, i: usize, by: i32) {
        for (b, e) in self.extra.iter_mut().enumerate() {
            if self.names[i] >> b & 1 == 1 {
                *e = e.saturating_add_signed(by);
            }
        }
    }
}

/// Completed tickets naming each Big City: `completed` plus the tickets at
/// positions `more` of `held`.
fn city_counts(design: &CardDesign, completed: &[u16], held: &[u16], more: &[usize]) -> Vec<u32> {
    (0..design.big_cities.len())
        .map(|b| {
            let names = |t: u16| design.ticket_cities[usize::from(t)] >> b & 1;
            completed.iter().map(|&t| names(t)).sum::<u32>()
                + more.iter().map(|&i| names(held[i])).sum::<u32>()
        })
        .collect()
}

/// Scores a deal: every player's matching for the highest final total (see
/// the module's notes on rivals) completes those tickets (banked and set
/// aside); the others stay in hand. Returns who completed what.
pub fn score_deal(design: &CardDesign, players: &mut [Player]) -> Vec<(Seat, u16)> {
    // Every player's matching by ticket points alone; the rivals' counts
    // each player plays against come from these.
    let by_points: Vec<Vec<usize>> = players
        .iter()
        .map(|p| best_matching(design, &p.tickets, &p.on_track))
        .collect();
    if design.big_cities.is_empty() {
        return bank(design, players, by_points);
    }
    let first: Vec<Vec<u32>> = players
        .iter()
        .zip(&by_points)
        .map(|(p, chosen)| city_counts(design, &p.completed, &p.tickets, chosen))
        .collect();
    let choices: Vec<Vec<usize>> = players
        .iter()
        .zip(by_points)
        .enumerate()
        .map(|(s, (p, chosen))| {
            let own = city_counts(design, &p.completed, &[], &[]);
            let bonuses = Bonuses {
                counts: (0..design.big_cities.len())
                    .map(|b| {
                        let rival = (0..players.len())
                            .filter(|&r| r != s)
                            .map(|r| first[r][b])
                            .max()
                            .unwrap_or(0);
                        (own[b], rival)
                    })
                    .collect(),
            };
            if wins_every_bonus(design, &p.tickets, &p.on_track, &bonuses, &chosen) {
                chosen
            } else {
                best_matching_for(design, &p.tickets, &p.on_track, &bonuses, &chosen)
            }
        })
        .collect();
    bank(design, players, choices)
}

/// Whether the matching `chosen` (the best by ticket points) already wins
/// every Big City bonus any matching could win. It is then the best for the
/// final total as well, and the same one [`best_matching_for`] would find:
/// no matching has more points or more bonus, and among those with its
/// points it has the most tickets and comes first in the search's order.
fn wins_every_bonus(
    design: &CardDesign,
    tickets: &[u16],
    have: &Counts,
    bonuses: &Bonuses,
    chosen: &[usize],
) -> bool {
    let colors = design.colors.len();
    let locos = u32::from(have.0[design.loco()]);
    let fitting: Vec<usize> = (0..tickets.len())
        .filter(|&i| {
            shortfall(&design.tickets[usize::from(tickets[i])].needs, have, colors) <= locos
        })
        .collect();
    let naming = |set: &[usize]| city_counts(design, &[], tickets, set);
    let none = vec![0; design.big_cities.len()];
    bonuses.points(design, &naming(chosen)) >= bonuses.ceiling(design, &none, &naming(&fitting))
}

/// Completes the tickets `choices` names for each player (positions in
/// their hands): banked and set aside; the others stay in hand. Returns who
/// completed what.
fn bank(design: &CardDesign, players: &mut [Player], choices: Vec<Vec<usize>>) -> Vec<(Seat, u16)> {
    let mut out = Vec::new();
    for (s, (p, mut done)) in players.iter_mut().zip(choices).enumerate() {
        done.sort_unstable();
        for &i in done.iter().rev() {
            let t = p.tickets.remove(i);
            p.banked += design.tickets[usize::from(t)].points;
            p.completed.push(t);
            out.push((Seat(s as u8), t));
        }
    }
    out
}

/// The final accounts: completed minus unfinished tickets, Big City
/// bonuses, and the ranking with the tie-breaks.
pub fn final_accounts(design: &CardDesign, players: &[Player], reason: EndReason) -> Ending {
    let n = players.len();
    let mut breakdowns: Vec<Breakdown> = players
        .iter()
        .map(|p| {
            let failed: i32 = p
                .tickets
                .iter()
                .map(|&t| design.tickets[usize::from(t)].points)
                .sum();
            Breakdown {
                tickets_completed: p.banked,
                tickets_failed: failed,
                big_cities: 0,
                bonus_cards: 0,
                cities_won: Vec::new(),
                completed: p.completed.len() as u32,
                failed: p.tickets.len() as u32,
                total: 0,
            }
        })
        .collect();
    for (b, city) in design.big_cities.iter().enumerate() {
        let counts: SmallVec<[u32; 8]> = players
            .iter()
            .map(|p| {
                p.completed
                    .iter()
                    .filter(|&&t| design.ticket_cities[usize::from(t)] & (1 << b) != 0)
                    .count() as u32
            })
            .collect();
        let most = counts.iter().copied().max().unwrap_or(0);
        if most == 0 {
            continue;
        }
        for (s, &c) in counts.iter().enumerate() {
            if c == most {
                breakdowns[s].big_cities += city.points;
                breakdowns[s].bonus_cards += 1;
                breakdowns[s].cities_won.push(b);
            }
        }
    }
    for b in &mut breakdowns {
        b.total = b.tickets_completed - b.tickets_failed + b.big_cities;
    }
    let key = |s: usize| -> SmallVec<[i64; 4]> {
        let b = &breakdowns[s];
        let mut k: SmallVec<[i64; 4]> = SmallVec::new();
        k.push(i64::from(b.total));
        for t in design.tie_break() {
            k.push(match t {
                CardTieBreak::CompletedTickets => i64::from(b.completed),
                CardTieBreak::BonusCards => i64::from(b.bonus_cards),
            });
        }
        k
    };
    let keys: Vec<_> = (0..n).map(key).collect();
    let ranks: Vec<u8> = (0..n)
        .map(|s| keys.iter().filter(|k| **k > keys[s]).count() as u8)
        .collect();
    let winners = (0..n)
        .filter(|&s| ranks[s] == 0)
        .map(|s| Seat(s as u8))
        .collect();
    Ending {
        outcome: Outcome {
            scores: breakdowns.iter().map(|b| b.total).collect(),
            ranks,
            winners,
            reason,
        },
        breakdowns,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A two-player design of `tickets` (points; red, blue and green cards,
    /// a red one when none), ticket `i` running from `from(i)` to `T{i}`,
    /// with these Big Cities.
    fn design_of(
        tickets: &[(i32, [u8; 3])],
        big_cities: &str,
        from: fn(usize) -> String,
    ) -> CardDesign {
        let text = format!(
            "format: tracklayer/1\nname: T\nfamily: card-game\nrules: {{players: {{min: 2, max: 2}}, tickets: {{setup: {{dealt: 0, keep: 0}}}}, big_cities: {big_cities}}}\ntickets:\n{}",
            tickets
                .iter()
                .enumerate()
                .map(|(i, (p, c))| format!(
                    "  - {{from: {}, to: T{i}, points: {p}, cards: {{red: {}, blue: {}, green: {}}}}}\n",
                    from(i),
                    if *c == [0, 0, 0] { 1 } else { c[0] },
                    c[1],
                    c[2]
                ))
                .collect::<String>()
        );
        let file = formats::load_str(&text, std::path::Path::new("t.yaml"))
            .unwrap_or_else(|e| panic!("{e}"))
            .design;
        let mut diags = crate::Diagnostics::default();
        super::super::build(&file, &mut diags).unwrap_or_else(|| panic!("{diags:?}"))
    }

    fn design(tickets: &[(i32, [u8; 3])]) -> CardDesign {
        design_of(tickets, "[]", |i| format!("A{i}"))
    }

    /// The best (points, tickets) over every subset, by brute force.
    fn brute(d: &CardDesign, held: &[u16], have: &Counts) -> (i32, usize) {
        let mut best = (0, 0);
        for mask in 0u32..(1 << held.len()) {
            let mut need = Counts::default();
            let mut points = 0;
            for (i, &t) in held.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    need.add(&d.tickets[usize::from(t)].needs);
                    points += d.tickets[usize::from(t)].points;
                }
            }
            let short: u32 = (0..d.colors.len())
                .map(|c| u32::from(need.0[c].saturating_sub(have.0[c])))
                .sum();
            if short <= u32::from(have.0[d.loco()]) {
                best = best.max((points, mask.count_ones() as usize));
            }
        }
        best
    }

    /// Two Big Cities, C0 (3 points) and C1 (7); ticket `i` runs from
    /// `C{i % 3}` (C2 is no Big City).
    fn design_with_cities(tickets: &[(i32, [u8; 3])]) -> CardDesign {
        design_of(
            tickets,
            "[{city: C0, points: 3}, {city: C1, points: 7}]",
            |i| format!("C{}", i % 3),
        )
    }

    proptest! {
        #[test]
        fn the_matching_wins_the_highest_total_bonuses_included(
            tickets in proptest::collection::vec((1i32..12, [0u8..3, 0u8..3, 0u8..3]), 1..8),
            have in [0u8..5, 0u8..5, 0u8..5, 0u8..3],
            counts in [(0u32..3, 0u32..3), (0u32..3, 0u32..3)],
        ) {
            let d = design_with_cities(&tickets);
            let held: Vec<u16> = (0..tickets.len() as u16).collect();
            let mut pile = Counts::default();
            for (k, name) in ["red", "blue", "green"].into_iter().enumerate() {
                pile.0[d.kind_of(name).unwrap()] = have[k];
            }
            pile.0[d.loco()] = have[3];
            let bonuses = Bonuses { counts: counts.to_vec() };
            let value = |set: &[usize]| {
                let points: i32 = set.iter().map(|&i| d.tickets[usize::from(held[i])].points).sum();
                let extra = city_counts(&d, &[], &held, set);
                (2 * points + bonuses.points(&d, &extra), set.len())
            };
            let mut best = (i32::MIN, 0);
            for mask in 0u32..(1 << held.len()) {
                let set: Vec<usize> = (0..held.len()).filter(|&i| mask >> i & 1 == 1).collect();
                let mut need = Counts::default();
                for &i in &set {
                    need.add(&d.tickets[usize::from(held[i])].needs);
                }
                if shortfall(&need, &pile, d.colors.len()) <= u32::from(have[3]) {
                    best = best.max(value(&set));
                }
            }
            let chosen = best_matching_for(&d, &held, &pile, &bonuses, &[]);
            prop_assert_eq!(value(&chosen), best);
            // Starting from the best matching by points finds the same one.
            let by_points = best_matching(&d, &held, &pile);
            prop_assert_eq!(best_matching_for(&d, &held, &pile, &bonuses, &by_points), chosen);
        }

        #[test]
        fn the_matching_scores_as_well_as_every_other(
            tickets in proptest::collection::vec((1i32..20, [0u8..3, 0u8..3, 0u8..3]), 1..8),
            have in [0u8..5, 0u8..5, 0u8..5, 0u8..4],
        ) {
            let tickets: Vec<(i32, [u8; 3])> = tickets
                .into_iter()
                .map(|(p, mut c)| {
                    if c == [0, 0, 0] {
                        c[0] = 1;
                    }
                    (p, c)
                })
                .collect();
            let d = design(&tickets);
            let held: Vec<u16> = (0..tickets.len() as u16).collect();
            let mut pile = Counts::default();
            let red = d.kind_of("red").unwrap();
            let blue = d.kind_of("blue").unwrap();
            let green = d.kind_of("green").unwrap();
            pile.0[red] = have[0];
            pile.0[blue] = have[1];
            pile.0[green] = have[2];
            pile.0[d.loco()] = have[3];
            let chosen = best_matching(&d, &held, &pile);
            let points: i32 = chosen.iter().map(|&i| d.tickets[usize::from(held[i])].points).sum();
            prop_assert_eq!((points, chosen.len()), brute(&d, &held, &pile));
        }
    }
}
