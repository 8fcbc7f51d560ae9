//! The Simulate window's background job: the engine's simulation (and the
//! skill measure, when asked) as an [`app::job::Job`](crate::app::job::Job),
//! with the engine's rayon workers. The UI thread never waits on it.

use std::sync::Arc;
use std::time::Duration;

use engine::game::Family;
use engine::sim::skill::{self, SkillConfig};
use engine::sim::{self, Measures, Progress, SimConfig, SimError, SimReport};

use crate::app::job;

/// The report of a simulation of family `F`.
pub type ReportOf<F> = SimReport<<<F as Family>::Measures as Measures<F>>::Report>;

/// What a finished job gives back.
pub type Outcome<F> = Result<ReportOf<F>, SimError>;

/// A simulation of family `F` under way.
pub struct Job<F: Family> {
    /// Shared with the thread (a configuration is cloneable only for a
    /// cloneable family type).
    config: Arc<SimConfig<F>>,
    job: job::Job<Outcome<F>>,
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
        let run = u64::from(config.games) * config.players.len() as u64;
        let players = skill::skill_players::<F>(&config.design) as u64;
        let skill_games = skill.map_or(0, |g| 2 * u64::from(g).div_ceil(players) * players);
        let total = run + skill_games;
        let config = Arc::new(config);
        let shared = config.clone();
        let job = job::Job::start("simulation", total, wake, move |worker| {
            let config = shared;
            let progress = |p: Progress| {
                worker.advance(Progress {
                    done: p.done,
                    total,
                })
            };
            let cancel = worker.cancel_flag();
            let mut out = sim::simulate(&config, &progress, cancel);
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
                    cancel,
                );
                match measured {
                    Ok(s) => {
                        report.cancelled |= s.cancelled;
                        report.skill = Some(s);
                    }
                    Err(e) => out = Err(e),
                }
            }
            out
        });
        Job { config, job }
    }

    /// What is being simulated.
    pub fn config(&self) -> &SimConfig<F> {
        &self.config
    }

    /// Games finished so far.
    pub fn progress(&self) -> Progress {
        self.job.progress()
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.job.elapsed()
    }

    /// Asks the run to stop; the report then covers the games finished.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Has [`Job::cancel`] been called?
    pub fn cancelling(&self) -> bool {
        self.job.cancelling()
    }

    /// The outcome once the run has ended (the thread is then joined).
    pub fn poll(&mut self) -> Option<Outcome<F>> {
        Some(self.job.poll()?.unwrap_or_else(|failed| {
            Err(SimError::Threads {
                threads: 1,
                reason: failed.to_string(),
            })
        }))
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
        "{} of {} · {}{left}",
        sim::findings::thousands(p.done),
        engine::words::count_grouped(p.total, "game"),
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
