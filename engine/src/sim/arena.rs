//! A round robin between bots: every group of `players` bots from the list
//! plays the same deals in every rotation of seats (paired seeds), and the
//! results are fitted to Bradley–Terry ratings on the Elo scale, with 95%
//! intervals from a bootstrap over deals.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::stats::Rate;
use super::{Progress, SimError, make_bots, mix, record, with_pool};
use crate::game::{Family, check_bot};
use crate::rng::GameRng;

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig<F: Family> {
    /// The design.
    pub design: Arc<F::Design>,
    /// Players per game.
    pub players: usize,
    /// Participants (bot names; a name may appear twice).
    pub bots: Vec<String>,
    /// Games per group of bots, rounded up to whole rotations.
    pub games: u32,
    /// The seed of every deal.
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Turn cap per game.
    pub turn_cap: u32,
}

/// A rating on the Elo scale (mean 0 over the participants).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The participant.
    pub bot: String,
    /// Elo-scale rating: 400·log10 of the Bradley–Terry strength.
    pub elo: f64,
    /// Lower end of the 95% bootstrap interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// Games played.
    pub games: u64,
}

/// How one participant did against another.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pairwise {
    /// Index of the first participant.
    pub a: usize,
    /// Index of the second.
    pub b: usize,
    /// The first's share of the games where both sat (it ranked better: 1,
    /// equal: ½), with its 95% interval.
    pub a_wins: Rate,
}

/// The arena's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaReport {
    /// The design's name.
    pub design: String,
    /// Players per game.
    pub players: usize,
    /// Participants, in the order given.
    pub bots: Vec<String>,
    /// Games played.
    pub games: u64,
    /// Games that hit the turn cap or a stalemate.
    pub abnormal_endings: u64,
    /// Ratings, best first.
    pub ratings: Vec<Rating>,
    /// Head-to-head results.
    pub pairwise: Vec<Pairwise>,
    /// Stopped early.
    pub cancelled: bool,
    /// Bot actions the rules refused (defects).
    pub errors: Vec<String>,
}

/// One game's result: per seat, the participant and its rank.
type Result1 = Vec<(usize, u8)>;

/// One game as played: its group, its deal, the result, a bot's refused
/// action if any, and whether it ended abnormally.
type Played = (usize, u64, Result1, Option<String>, bool);

/// The groups of `k` participants out of `n` (combinations, in order).
fn groups(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur = Vec::with_capacity(k);
    fn rec(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            rec(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    rec(0, n, k, &mut cur, &mut out);
    out
}

/// Plays the round robin.
pub fn arena<F: Family>(
    config: &ArenaConfig<F>,
    progress: &(dyn Fn(Progress) + Sync),
    cancel: &AtomicBool,
) -> Result<ArenaReport, SimError> {
    let n = config.players;
    if config.bots.len() < n {
        return Err(SimError::Empty(format!(
            "an arena of {n}-player games needs at least {}; {} given",
            crate::words::count(n, "bot"),
            config.bots.len()
        )));
    }
    if config.games == 0 {
        return Err(SimError::Empty("give at least one game".into()));
    }
    for b in &config.bots {
        check_bot::<F>(b)?;
    }
    let game = F::new_game(&config.design, n)?;
    let groups = groups(config.bots.len(), n);
    let deals = u64::from(config.games).div_ceil(n as u64);
    // Every (group, deal, rotation).
    let jobs: Vec<(usize, u64, usize)> = (0..groups.len())
        .flat_map(|g| (0..deals).flat_map(move |d| (0..n).map(move |r| (g, d, r))))
        .collect();
    let total = jobs.len() as u64;
    let done = AtomicU64::new(0);
    let results: Vec<Option<Played>> = with_pool(config.threads, || {
        jobs.par_iter()
            .map(|&(g, d, r)| {
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                let deal = mix(mix(config.seed) ^ mix(g as u64) ^ d);
                let seats: Vec<usize> = (0..n).map(|s| groups[g][(s + r) % n]).collect();
                // Names were checked before any game started.
                let mut players = make_bots::<F>(&config.bots, &seats, deal).ok()?;
                let (rec, _) = record::play::<F>(
                    &config.design,
                    &game,
                    deal,
                    &mut players,
                    seats.clone(),
                    config.turn_cap,
                    None,
                );
                let k = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress(Progress { done: k, total });
                let abnormal = rec.reason != crate::game::EndReason::Normal;
                let result: Result1 = if rec.ranks.len() == n {
                    seats
                        .iter()
                        .zip(&rec.ranks)
                        .map(|(&b, &rank)| (b, rank))
                        .collect()
                } else {
                    Vec::new()
                };
                Some((g, d, result, rec.error, abnormal))
            })
            .collect()
    })?;
    let cancelled = cancel.load(Ordering::Relaxed);
    let played: Vec<_> = results.into_iter().flatten().collect();
    let b = config.bots.len();
    let errors: Vec<String> = played.iter().filter_map(|p| p.3.clone()).collect();
    let abnormal = played.iter().filter(|p| p.4).count() as u64;
    // Deals are the bootstrap's units: (group, deal) → its games.
    let mut by_deal: Vec<Vec<&Result1>> = Vec::new();
    let mut key = None;
    for p in &played {
        if key != Some((p.0, p.1)) {
            by_deal.push(Vec::new());
            key = Some((p.0, p.1));
        }
        if let Some(last) = by_deal.last_mut()
            && !p.2.is_empty()
        {
            last.push(&p.2);
        }
    }
    let tally = |deals: &mut dyn Iterator<Item = &Vec<&Result1>>| {
        let mut wins = vec![vec![0.0f64; b]; b];
        let mut games = vec![0u64; b];
        for deal in deals {
            for res in deal {
                for (i, &(x, rx)) in res.iter().enumerate() {
                    games[x] += 1;
                    for &(y, ry) in &res[i + 1..] {
                        if x == y {
                            continue;
                        }
                        let (wx, wy) = match rx.cmp(&ry) {
                            std::cmp::Ordering::Less => (1.0, 0.0),
                            std::cmp::Ordering::Greater => (0.0, 1.0),
                            std::cmp::Ordering::Equal => (0.5, 0.5),
                        };
                        wins[x][y] += wx;
                        wins[y][x] += wy;
                    }
                }
            }
        }
        (wins, games)
    };
    let (wins, games) = tally(&mut by_deal.iter());
    let elo = bradley_terry(&wins);
    // Bootstrap over deals.
    let mut rng = GameRng::seeded(mix(config.seed ^ 0xB007));
    let resamples = 200;
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples); b];
    if !by_deal.is_empty() {
        for _ in 0..resamples {
            let picks: Vec<usize> = (0..by_deal.len())
                .map(|_| rng.index(by_deal.len()))
                .collect();
            let (w, _) = tally(&mut picks.iter().map(|&i| &by_deal[i]));
            for (i, e) in bradley_terry(&w).into_iter().enumerate() {
                samples[i].push(e);
            }
        }
    }
    let mut ratings: Vec<Rating> = (0..b)
        .map(|i| {
            let s = &mut samples[i];
            s.sort_by(f64::total_cmp);
            let q = |p: f64| {
                if s.is_empty() {
                    elo[i]
                } else {
                    s[((s.len() - 1) as f64 * p).round() as usize]
                }
            };
            Rating {
                bot: config.bots[i].clone(),
                elo: elo[i],
                low: q(0.025),
                high: q(0.975),
                games: games[i],
            }
        })
        .collect();
    ratings.sort_by(|x, y| y.elo.total_cmp(&x.elo));
    let mut pairwise = Vec::new();
    for (a, row) in wins.iter().enumerate() {
        for (c, &won) in row.iter().enumerate().skip(a + 1) {
            let n_ac = won + wins[c][a];
            if n_ac > 0.0 {
                pairwise.push(Pairwise {
                    a,
                    b: c,
                    a_wins: Rate::new(won, n_ac.round() as u64),
                });
            }
        }
    }
    Ok(ArenaReport {
        design: F::design_name(&config.design).to_owned(),
        players: n,
        bots: config.bots.clone(),
        games: played.len() as u64,
        abnormal_endings: abnormal,
        ratings,
        pairwise,
        cancelled,
        errors,
    })
}

/// Bradley–Terry strengths by Hunter's MM algorithm, on the Elo scale with
/// mean 0. Every pair that met gets one virtual drawn game, so a bot that
/// never won still has a finite rating.
pub fn bradley_terry(wins: &[Vec<f64>]) -> Vec<f64> {
    let b = wins.len();
    let mut w = wins.to_vec();
    for i in 0..b {
        for j in 0..b {
            if i != j && wins[i][j] + wins[j][i] > 0.0 {
                w[i][j] += 0.5;
            }
        }
    }
    let mut p = vec![1.0f64; b];
    for _ in 0..500 {
        let mut next = vec![0.0; b];
        let mut change = 0.0f64;
        for i in 0..b {
            let won: f64 = (0..b).filter(|&j| j != i).map(|j| w[i][j]).sum();
            let denom: f64 = (0..b)
                .filter(|&j| j != i)
                .map(|j| (w[i][j] + w[j][i]) / (p[i] + p[j]))
                .sum();
            next[i] = if denom > 0.0 { won / denom } else { p[i] };
        }
        let g = (next.iter().map(|x| x.max(1e-12).ln()).sum::<f64>() / b as f64).exp();
        for i in 0..b {
            let v = next[i] / g;
            change = change.max((v - p[i]).abs());
            p[i] = v;
        }
        if change < 1e-10 {
            break;
        }
    }
    p.iter().map(|x| 400.0 * x.max(1e-12).log10()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_combinations() {
        assert_eq!(groups(3, 2), vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(groups(4, 4).len(), 1);
    }

    #[test]
    fn bradley_terry_recovers_a_known_strength_ratio() {
        // A beats B 3 times in 4: with the virtual draw, 3.5 : 1.5.
        let wins = vec![vec![0.0, 30.0], vec![10.0, 0.0]];
        let elo = bradley_terry(&wins);
        let expect = 400.0 * (30.5f64 / 10.5).log10();
        assert!(((elo[0] - elo[1]) - expect).abs() < 1e-6, "{elo:?}");
        assert!((elo[0] + elo[1]).abs() < 1e-9);
    }
}
