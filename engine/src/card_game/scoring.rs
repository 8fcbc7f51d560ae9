//! Scoring (RULES.md §4): at the end of each deal every player matches their
//! On the Track cards to their tickets — each card serves one ticket,
//! locomotives stand in for any colour — choosing the matching that scores
//! most (and, among equal ones, completes most tickets); at the end of the
//! game unfinished tickets subtract, each Big City bonus goes to every player
//! with most completed tickets naming it, and ties on points are broken by
//! the design's tie-break order.

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
/// points, then most tickets.
pub fn best_matching(design: &CardDesign, tickets: &[u16], have: &Counts) -> Vec<usize> {
    let loco = design.loco();
    let colors = design.colors.len();
    // Tickets that could be completed alone, most points first.
    let mut order: Vec<usize> = (0..tickets.len())
        .filter(|&i| {
            shortfall(&design.tickets[usize::from(tickets[i])].needs, have, colors)
                <= u32::from(have.0[loco])
        })
        .collect();
    order.sort_by_key(|&i| std::cmp::Reverse(design.tickets[usize::from(tickets[i])].points));
    let points: Vec<i32> = order
        .iter()
        .map(|&i| design.tickets[usize::from(tickets[i])].points)
        .collect();
    let mut suffix = vec![0i32; order.len() + 1];
    for i in (0..order.len()).rev() {
        suffix[i] = suffix[i + 1] + points[i].max(0);
    }
    let mut search = Search {
        design,
        tickets,
        order: &order,
        points: &points,
        suffix: &suffix,
        have,
        colors,
        locos: u32::from(have.0[loco]),
        chosen: Vec::new(),
        best: (i32::MIN, 0),
        best_set: Vec::new(),
    };
    search.go(0, Counts::default(), 0);
    search.best_set
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
    suffix: &'a [i32],
    have: &'a Counts,
    colors: usize,
    locos: u32,
    chosen: Vec<usize>,
    best: (i32, usize),
    best_set: Vec<usize>,
}

impl Search<'_> {
    fn go(&mut self, i: usize, need: Counts, score: i32) {
        if (score, self.chosen.len()) > self.best {
            self.best = (score, self.chosen.len());
            self.best_set.clone_from(&self.chosen);
        }
        if i == self.order.len() {
            return;
        }
        let reach = score + self.suffix[i];
        if reach < self.best.0
            || (reach == self.best.0 && self.chosen.len() + (self.order.len() - i) <= self.best.1)
        {
            return;
        }
        let t = &self.design.tickets[usize::from(self.tickets[self.order[i]])];
        let mut with = need;
        for c in 0..self.colors {
            with.0[c] = with.0[c].saturating_add(t.needs.0[c]);
        }
        if shortfall(&with, self.have, self.colors) <= self.locos {
            self.chosen.push(self.order[i]);
            self.go(i + 1, with, score + self.points[i]);
            self.chosen.pop();
        }
        self.go(i + 1, need, score);
    }
}

/// Scores a deal: every player's best matching completes those tickets
/// (banked and set aside); the others stay in hand. Returns who completed what.
pub fn score_deal(design: &CardDesign, players: &mut [Player]) -> Vec<(Seat, u16)> {
    let mut out = Vec::new();
    for (s, p) in players.iter_mut().enumerate() {
        let mut done = best_matching(design, &p.tickets, &p.on_track);
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
