//! The search itself: (1+λ) generations with successive halving on common
//! random numbers, candidates simulated through an [`Evaluator`], a zero
//! loss confirmed on fresh seeds, and the reasons to stop.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use formats::GameFile;

use super::family::{Balance, Report};
use super::target::FamilyTarget;
use super::{
    BalanceConfig, BalanceError, BalanceProgress, Candidate, Evaluator, Finalist, Outcome, Stage,
    StopReason, TargetCheck, Trial, loss,
};
use crate::game::Family;
use crate::rng::{GameRng, mix};

/// Family `F`'s knobs.
type FamilyKnob<F> = <<F as Family>::Balance as Balance<F>>::Knob;

/// One design, simulated.
struct Scored<F: Family> {
    file: GameFile,
    change: Vec<String>,
    loss: f64,
    report: Option<Report<F>>,
}

/// A search under way: what it evaluates with and reports to.
pub(super) struct Search<'a, F: Family, E> {
    pub(super) evaluator: &'a E,
    pub(super) targets: &'a [FamilyTarget<F>],
    pub(super) config: &'a BalanceConfig,
    pub(super) progress: &'a (dyn Fn(&BalanceProgress) + Sync),
    pub(super) cancel: &'a AtomicBool,
    /// The games of confirmations and of the final check.
    pub(super) fresh: Trial,
}

/// Designs already played on the fresh seeds, with their reports.
type FreshCache<F> = Vec<(GameFile, Report<F>)>;

/// A design judged at a generation's last rung (or at the start), for the
/// finals.
struct Judged {
    file: GameFile,
    /// The changes that made it from the original.
    changes: Vec<String>,
    /// Its loss there.
    loss: f64,
}

/// Remembers `file` as judged with `loss` (its latest loss when judged
/// before); an infeasible design is never a finalist.
fn remember(judged: &mut Vec<Judged>, file: &GameFile, changes: Vec<String>, loss: f64) {
    if !loss.is_finite() {
        return;
    }
    match judged.iter_mut().find(|j| j.file == *file) {
        Some(j) => j.loss = loss,
        None => judged.push(Judged {
            file: file.clone(),
            changes,
            loss,
        }),
    }
}

/// The seed of the finals' games.
const FINALS_SEED: u64 = 0xF1_4A15;
/// The tie-break of the finals: the shared targets' tolerances scaled by this.
const TIGHT: f64 = 0.5;

impl<F: Family, E: Evaluator> Search<'_, F, E> {
    pub(super) fn run(
        &self,
        original: &GameFile,
        knobs: &[FamilyKnob<F>],
        locked: &[String],
    ) -> Result<Outcome, BalanceError> {
        let config = self.config;
        let players = config.players.len() as u64;
        let mut rng = GameRng::seeded(mix(config.seed ^ 0xBA1A_0CE5));
        let mut status = BalanceProgress {
            generation: 0,
            generations: config.generations,
            best_loss: f64::INFINITY,
            changes: 0,
            games: 0,
            best_changes: Vec::new(),
            stage: Stage::Searching,
            stage_games: 0,
            // The first look at the design counts as the start of generation
            // 1, so the progress never goes back.
            stage_total: (u64::from(config.games)
                + halving_games(1 + config.children as usize, config.games))
                * players,
        };
        let mut searched = 0u64;
        let mut fresh: FreshCache<F> = Vec::new();
        // Designs that met every target on the search's games, not on fresh seeds.
        let mut refuted: Vec<GameFile> = Vec::new();
        // Games per player count at a generation's first rung: doubled when
        // a design that met every target on them fails on fresh seeds.
        let mut games = config.games;
        let mut since_accepted = 0;
        let first = Trial {
            name: "start".into(),
            games,
            seed: mix(config.seed),
        };
        let mut best =
            match self.score(vec![(original.clone(), Vec::new())], &first, &mut status)? {
                Some(mut s) => s.remove(0),
                None => Scored {
                    file: original.clone(),
                    change: Vec::new(),
                    loss: f64::INFINITY,
                    report: None,
                },
            };
        let start_games = status.stage_games;
        searched += start_games;
        status.best_loss = best.loss;
        (self.progress)(&status);
        let mut changes: Vec<String> = Vec::new();
        let mut judged: Vec<Judged> = Vec::new();
        remember(&mut judged, &best.file, Vec::new(), best.loss);
        let mut generation = 0;
        let mut stop = 'search: loop {
            if self.cancel.load(Ordering::Relaxed) {
                break StopReason::Stopped;
            }
            if best.loss == 0.0 && !refuted.contains(&best.file) {
                // Met on the search's games: only fresh seeds say it is.
                match self.fresh_reports(
                    &mut fresh,
                    &[original, &best.file],
                    &mut status,
                    Stage::Confirming,
                    self.cancel,
                )? {
                    None => break StopReason::Stopped,
                    Some(reports)
                        if loss::<F>(self.targets, &reports[1], config.judgement) == 0.0 =>
                    {
                        break StopReason::TargetsMet;
                    }
                    Some(_) => {
                        refuted.push(best.file.clone());
                        games = games.saturating_mul(2).min(config.check_games.max(games));
                    }
                }
            }
            if generation >= config.generations {
                break StopReason::Budget {
                    generations: generation,
                };
            }
            if config.patience > 0 && since_accepted >= config.patience {
                break StopReason::NoImprovement {
                    generations: since_accepted,
                };
            }
            generation += 1;
            let seed = mix(config.seed ^ mix(u64::from(generation)));
            let hints = match &best.report {
                Some(r) => <F::Balance as Balance<F>>::hints(self.targets, r),
                None => Default::default(),
            };
            let mut pool: Vec<(GameFile, Vec<String>)> = vec![(best.file.clone(), Vec::new())];
            for _ in 0..config.children {
                let mut child = best.file.clone();
                let mut what = Vec::new();
                for _ in 0..1 + rng.below(2) {
                    what.extend(<F::Balance as Balance<F>>::mutate(
                        original, knobs, locked, &mut child, &mut rng, &hints,
                    ));
                }
                if !what.is_empty() {
                    pool.push((child, what));
                }
            }
            // Successive halving on common random numbers; the incumbent runs
            // every rung.
            let carried = if generation == 1 { start_games } else { 0 };
            let total = carried + halving_games(pool.len(), games) * players;
            let mut done = carried;
            let mut n = games;
            let mut rung = 0;
            let mut scored = loop {
                rung += 1;
                let trial = Trial {
                    name: format!("generation-{generation}-rung-{rung}"),
                    games: n,
                    seed,
                };
                status.stage_total = total;
                status.stage_games = done;
                let Some(mut scored) = self.score(pool, &trial, &mut status)? else {
                    // A generation cut short decides nothing.
                    generation -= 1;
                    break 'search StopReason::Stopped;
                };
                done = status.stage_games;
                let incumbent = scored.remove(0);
                scored.sort_by(|a, b| a.loss.total_cmp(&b.loss));
                if scored.len() <= 1 {
                    scored.insert(0, incumbent);
                    break scored;
                }
                scored.truncate(scored.len().div_ceil(2));
                pool = std::iter::once(&incumbent)
                    .chain(&scored)
                    .map(|s| (s.file.clone(), s.change.clone()))
                    .collect();
                n = n.saturating_mul(2);
            };
            searched += done - carried;
            let incumbent = scored.remove(0);
            let challenger = scored.into_iter().next();
            remember(
                &mut judged,
                &incumbent.file,
                changes.clone(),
                incumbent.loss,
            );
            if let Some(c) = &challenger {
                let mut path = changes.clone();
                path.extend(c.change.iter().cloned());
                remember(&mut judged, &c.file, path, c.loss);
            }
            match challenger {
                Some(c) if c.loss < incumbent.loss => {
                    changes.extend(c.change.iter().cloned());
                    best = c;
                    since_accepted = 0;
                }
                _ => {
                    best = incumbent;
                    since_accepted += 1;
                }
            }
            status.generation = generation;
            status.best_loss = best.loss;
            status.changes = changes.len();
            status.best_changes.clone_from(&changes);
            self.report(&status, Stage::Searching, 0, 0);
        };
        let mut finals = Vec::new();
        if stop != StopReason::Stopped {
            match self.finals(judged, &best.file, &changes, &mut status)? {
                None => stop = StopReason::Stopped,
                Some((list, file)) => {
                    if let Some(chosen) = list.iter().find(|f| f.chosen) {
                        changes.clone_from(&chosen.changes);
                        best.file = file;
                    }
                    finals = list;
                }
            }
        }
        // The check: fresh seeds, more games, both designs on the same games
        // (already played when the search stopped on a confirmation). A
        // stopped search ends at once, its best design unchecked.
        let checks = if stop == StopReason::Stopped {
            Vec::new()
        } else {
            let reports = self.fresh_reports(
                &mut fresh,
                &[original, &best.file],
                &mut status,
                Stage::Checking,
                self.cancel,
            )?;
            match reports {
                Some(reports) => self
                    .targets
                    .iter()
                    .map(|t| TargetCheck {
                        target: t.to_string(),
                        before: t.measure::<F>(&reports[0]),
                        after: t.measure::<F>(&reports[1]),
                    })
                    .collect(),
                None => {
                    stop = StopReason::Stopped;
                    Vec::new()
                }
            }
        };
        Ok(Outcome {
            best: best.file,
            finals,
            changes,
            generations: generation,
            games: searched,
            stop,
            unconfirmed: refuted.len() as u32,
            checks,
        })
    }

    /// The finals ([`BalanceConfig::finalists`]): `best` (made by `changes`)
    /// and the lowest-loss others of `judged`, played on the same
    /// [`BalanceConfig::final_games`] per player count; the winner has the
    /// lowest loss there, ties going to the lowest loss with the shared
    /// targets at half their tolerance, then to the incumbent. `Some` of an
    /// empty list (and the incumbent) when there is nothing to judge, `None`
    /// when cancelled.
    fn finals(
        &self,
        mut judged: Vec<Judged>,
        best: &GameFile,
        changes: &[String],
        status: &mut BalanceProgress,
    ) -> Result<Option<(Vec<Finalist>, GameFile)>, BalanceError> {
        let config = self.config;
        let count = config.finalists as usize;
        if count < 2 || config.final_games == 0 {
            return Ok(Some((Vec::new(), best.clone())));
        }
        judged.retain(|j| j.file != *best);
        judged.sort_by(|a, b| a.loss.total_cmp(&b.loss));
        let search_loss = |f: &GameFile| judged.iter().find(|j| j.file == *f).map(|j| j.loss);
        let mut pool = vec![(best.clone(), changes.to_vec())];
        pool.extend(
            judged
                .iter()
                .take(count - 1)
                .map(|j| (j.file.clone(), j.changes.clone())),
        );
        if pool.len() < 2 {
            return Ok(Some((Vec::new(), best.clone())));
        }
        let losses: Vec<f64> = pool
            .iter()
            .map(|(f, _)| search_loss(f).unwrap_or(status.best_loss))
            .collect();
        let trial = Trial {
            name: "finals".into(),
            games: config.final_games,
            seed: mix(config.seed ^ FINALS_SEED),
        };
        status.stage = Stage::Finals;
        status.stage_games = 0;
        status.stage_total = trial.games_per_design(config) * pool.len() as u64;
        self.report(status, Stage::Finals, 0, status.stage_total);
        let played = self.score(pool, &trial, status)?;
        status.stage = Stage::Searching;
        let Some(scored) = played else {
            return Ok(None);
        };
        let tight: Vec<_> = self.targets.iter().map(|t| t.tightened(TIGHT)).collect();
        let mut list: Vec<Finalist> = scored
            .iter()
            .zip(losses)
            .map(|(s, search_loss)| Finalist {
                changes: s.change.clone(),
                search_loss,
                loss: s.loss,
                tight_loss: s
                    .report
                    .as_ref()
                    .map_or(f64::INFINITY, |r| loss::<F>(&tight, r, config.judgement)),
                chosen: false,
            })
            .collect();
        let winner = (0..list.len())
            .min_by(|&a, &b| {
                (list[a].loss, list[a].tight_loss)
                    .partial_cmp(&(list[b].loss, list[b].tight_loss))
                    .unwrap_or(std::cmp::Ordering::Equal)
                    .then(a.cmp(&b))
            })
            .unwrap_or(0);
        list[winner].chosen = true;
        status.best_loss = list[winner].loss;
        Ok(Some((list, scored[winner].file.clone())))
    }

    /// Whether every player count searched can be dealt on `design`.
    fn playable(&self, design: &Arc<F::Design>) -> bool {
        self.config
            .players
            .iter()
            .all(|&p| F::new_game(design, p).is_ok())
    }

    /// Tells the caller where the search is.
    fn report(&self, status: &BalanceProgress, stage: Stage, done: u64, total: u64) {
        (self.progress)(&BalanceProgress {
            stage,
            stage_games: done,
            stage_total: total,
            ..status.clone()
        });
    }

    /// Plays a batch of `trial` through the evaluator, reporting as games
    /// finish (about a hundred times a stage) on top of `status`, whose
    /// stage and game counts it advances. `None` when cancelled.
    fn play(
        &self,
        batch: &[Candidate<F>],
        trial: &Trial,
        status: &mut BalanceProgress,
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Report<F>>>, BalanceError> {
        let per_batch =
            u64::from(trial.games) * self.config.players.len() as u64 * batch.len() as u64;
        let every = (status.stage_total / 100).max(1);
        let base = status.clone();
        let out = self.evaluator.evaluate(
            batch,
            trial,
            self.config,
            &|done| {
                let at = base.stage_games + done;
                if at.is_multiple_of(every) || done == per_batch {
                    (self.progress)(&BalanceProgress {
                        stage_games: at,
                        games: base.games + done,
                        ..base.clone()
                    });
                }
            },
            cancel,
        )?;
        if out.is_some() {
            status.stage_games += per_batch;
            status.games += per_batch;
        }
        Ok(out)
    }

    /// Simulates the designs of `pool` (with the changes that made them) on
    /// the games of `trial`; a design that does not build is never chosen.
    fn score(
        &self,
        pool: Vec<(GameFile, Vec<String>)>,
        trial: &Trial,
        status: &mut BalanceProgress,
    ) -> Result<Option<Vec<Scored<F>>>, BalanceError> {
        // A design the rules refuse (it does not build, or not for every
        // player count searched) is infeasible: scored, never chosen.
        let boards: Vec<Option<Arc<F::Design>>> = pool
            .iter()
            .map(|(f, _)| F::build(f).ok().map(Arc::new).filter(|b| self.playable(b)))
            .collect();
        let batch: Vec<Candidate<F>> = pool
            .iter()
            .zip(&boards)
            .filter_map(|((file, _), b)| {
                b.clone().map(|design| Candidate {
                    file: file.clone(),
                    design,
                })
            })
            .collect();
        let Some(reports) = self.play(&batch, trial, status, self.cancel)? else {
            return Ok(None);
        };
        let mut reports = reports.into_iter();
        Ok(Some(
            pool.into_iter()
                .zip(boards)
                .map(|((file, change), board)| {
                    let report = board.and_then(|_| reports.next());
                    let loss = report.as_ref().map_or(f64::INFINITY, |r| {
                        loss::<F>(self.targets, r, self.config.judgement)
                    });
                    Scored {
                        file,
                        change,
                        loss,
                        report,
                    }
                })
                .collect(),
        ))
    }

    /// The reports of `designs` on the fresh seeds, playing those not played
    /// there yet in one batch. `None` when cancelled.
    fn fresh_reports(
        &self,
        cache: &mut FreshCache<F>,
        designs: &[&GameFile],
        status: &mut BalanceProgress,
        stage: Stage,
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Report<F>>>, BalanceError> {
        let mut missing: Vec<Candidate<F>> = Vec::new();
        for d in designs {
            if !cache.iter().any(|(f, _)| f == *d) && !missing.iter().any(|c| c.file == **d) {
                let design = F::build(d)
                    .map_err(|_| BalanceError::Design("a searched design does not build".into()))?;
                missing.push(Candidate {
                    file: (*d).clone(),
                    design: Arc::new(design),
                });
            }
        }
        if !missing.is_empty() {
            status.stage = stage;
            status.stage_games = 0;
            status.stage_total = u64::from(self.fresh.games)
                * self.config.players.len() as u64
                * missing.len() as u64;
            self.report(status, stage, 0, status.stage_total);
            // Each confirmation is a batch of its own name (a work folder
            // keeps each batch apart); the games are the check's.
            let trial = Trial {
                name: match stage {
                    Stage::Confirming => format!("confirm-{}", status.generation),
                    Stage::Searching | Stage::Finals | Stage::Checking => self.fresh.name.clone(),
                },
                ..self.fresh.clone()
            };
            let played = self.play(&missing, &trial, status, cancel)?;
            status.stage = Stage::Searching;
            let Some(reports) = played else {
                return Ok(None);
            };
            cache.extend(missing.into_iter().map(|c| c.file).zip(reports));
        }
        Ok(Some(
            designs
                .iter()
                .filter_map(|d| cache.iter().find(|(f, _)| f == *d).map(|(_, r)| r.clone()))
                .collect(),
        ))
    }
}

/// Games per player count a generation plays when `pool` designs (the
/// incumbent first) enter successive halving at `games`: every rung plays
/// the incumbent and the surviving half, at twice the games.
pub fn halving_games(pool: usize, games: u32) -> u64 {
    let mut children = pool.saturating_sub(1) as u64;
    let mut n = u64::from(games);
    let mut total = 0;
    loop {
        total += (1 + children) * n;
        if children <= 1 {
            return total;
        }
        children = children.div_ceil(2);
        n *= 2;
    }
}
