//! The background job: the engine's simulation on its own thread (with the
//! engine's rayon workers), observed through atomics, cancelled by a flag,
//! its report handed back over a channel. The UI thread never waits on it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use engine::game::Family;
use engine::sim::skill::{self, SkillConfig};
use engine::sim::{self, Measures, Progress, SimConfig, SimError, SimReport};

/// How often per run the worker asks the UI to repaint (at most).
const WAKES_PER_RUN: u64 = 200;

/// The report of a simulation of family `F`.
pub type ReportOf<F> = SimReport<<<F as Family>::Measures as Measures<F>>::Report>;

/// What a finished job gives back.
pub type Outcome<F> = Result<ReportOf<F>, SimError>;

/// A simulation of family `F` under way.
pub struct Job<F: Family> {
    /// Shared with the thread (a configuration is cloneable only for a
    /// cloneable family type).
    config: Arc<SimConfig<F>>,
    cancel: Arc<AtomicBool>,
    done: Arc<AtomicU64>,
    total: u64,
    started: Instant,
    rx: Receiver<Outcome<F>>,
    handle: Option<JoinHandle<()>>,
}

impl<F: Family> Job<F> {
    /// Starts `config` on a new thread, then the skill measure with `skill`
    /// games against each opponent if asked; `wake` is called from the
    /// workers as games finish (a few hundred times per run) and once at the end.
    pub fn start(
        config: SimConfig<F>,
        skill: Option<u32>,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Job<F> {
        let cancel = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicU64::new(0));
        let run = u64::from(config.games) * config.players.len() as u64;
        let players = skill::skill_players::<F>(&config.design) as u64;
        let skill_games = skill.map_or(0, |g| 2 * u64::from(g).div_ceil(players) * players);
        let total = run + skill_games;
        let config = Arc::new(config);
        let (tx, rx) = mpsc::channel();
        let handle = {
            let (config, cancel, done) = (config.clone(), cancel.clone(), done.clone());
            std::thread::Builder::new()
                .name("simulate".into())
                .spawn(move || {
                    let every = (total / WAKES_PER_RUN).max(1);
                    let progress = |p: Progress| {
                        done.fetch_max(p.done, Ordering::Relaxed);
                        if p.done.is_multiple_of(every) {
                            wake();
                        }
                    };
                    let mut out = sim::simulate(&config, &progress, &cancel);
                    if let (Some(games), Ok(report)) = (skill, &mut out)
                        && !report.cancelled
                    {
                        let measured = skill::skill(
                            &SkillConfig::<F> {
                                design: config.design.clone(),
                                games,
                                seed: config.seed,
                                threads: config.threads,
                                turn_cap: config.turn_cap,
                            },
                            &|p| {
                                progress(Progress {
                                    done: run + p.done,
                                    total,
                                })
                            },
                            &cancel,
                        );
                        match measured {
                            Ok(s) => {
                                report.cancelled |= s.cancelled;
                                report.skill = Some(s);
                            }
                            Err(e) => out = Err(e),
                        }
                    }
                    // The window may be gone; then nobody wants the report.
                    let _ = tx.send(out);
                    wake();
                })
                .ok()
        };
        Job {
            config,
            cancel,
            done,
            total,
            started: Instant::now(),
            rx,
            handle,
        }
    }

    /// What is being simulated.
    pub fn config(&self) -> &SimConfig<F> {
        &self.config
    }

    /// Games finished so far.
    pub fn progress(&self) -> Progress {
        Progress {
            done: self.done.load(Ordering::Relaxed),
            total: self.total,
        }
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Asks the run to stop; the report then covers the games finished.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Has [`Job::cancel`] been called?
    pub fn cancelling(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The outcome once the run has ended (the thread is then joined).
    pub fn poll(&mut self) -> Option<Outcome<F>> {
        let out = match self.rx.try_recv() {
            Ok(out) => out,
            Err(TryRecvError::Empty) if self.handle.is_some() => return None,
            Err(_) => Err(SimError::Threads {
                threads: 1,
                reason: "the simulation thread stopped without a report".into(),
            }),
        };
        if let Some(h) = self.handle.take() {
            // It has sent its outcome: joining waits for its last instruction only.
            let _ = h.join();
        }
        Some(out)
    }
}

impl<F: Family> Drop for Job<F> {
    /// A job dropped while running (window closed, studio quitting) stops.
    fn drop(&mut self) {
        self.cancel();
    }
}

/// The remaining time at the pace so far, once there is a pace to go by.
pub fn eta(p: Progress, elapsed: Duration) -> Option<Duration> {
    if p.done == 0 || p.done >= p.total {
        return None;
    }
    let per_game = elapsed.as_secs_f64() / p.done as f64;
    Some(Duration::from_secs_f64(
        per_game * (p.total - p.done) as f64,
    ))
}

/// `0.4 s`, `12 s`, `3 min 05 s`.
pub fn duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 10.0 {
        format!("{s:.1} s")
    } else if s < 60.0 {
        format!("{s:.0} s")
    } else {
        let whole = s.round() as u64;
        format!("{} min {:02} s", whole / 60, whole % 60)
    }
}

/// The progress line: `1,234 of 4,000 games · 2.1 s · about 5.0 s left`.
pub fn progress_text(p: Progress, elapsed: Duration) -> String {
    let left =
        eta(p, elapsed).map_or_else(String::new, |e| format!(" · about {} left", duration(e)));
    format!(
        "{} of {} games · {}{left}",
        sim::findings::thousands(p.done),
        sim::findings::thousands(p.total),
        duration(elapsed)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eta_follows_the_pace_so_far() {
        let p = |done, total| Progress { done, total };
        assert_eq!(eta(p(0, 100), Duration::from_secs(1)), None);
        assert_eq!(eta(p(100, 100), Duration::from_secs(1)), None);
        assert_eq!(
            eta(p(25, 100), Duration::from_secs(1)),
            Some(Duration::from_secs(3))
        );
        assert_eq!(duration(Duration::from_millis(420)), "0.4 s");
        assert_eq!(duration(Duration::from_secs(185)), "3 min 05 s");
        assert_eq!(
            progress_text(p(1000, 4000), Duration::from_secs(2)),
            "1,000 of 4,000 games · 2.0 s · about 6.0 s left"
        );
    }
}
