//! One way to run work off the UI thread, shared by every background task of
//! the studio (simulation, bot ratings, balance, the simulated comparison,
//! live validation and the bots of a played game): the work runs on its own named thread, reports
//! its progress through atomics, stops when asked, and hands back its result
//! (or why there is none) to a UI that polls it each frame and never waits.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use engine::sim::Progress;

/// How often per job the work asks the UI to repaint as it advances (at most).
const WAKES_PER_JOB: u64 = 200;

/// Why a job gave no result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JobFailed {
    /// The system gave no thread for it.
    #[error("no thread for the {task}: {reason}")]
    NoThread {
        /// What the thread was for.
        task: String,
        /// The system's reason.
        reason: String,
    },
    /// The work failed (a bug): the message it failed with.
    #[error("the {task} failed: {message}")]
    Crashed {
        /// What the thread was for.
        task: String,
        /// The failure's message.
        message: String,
    },
}

/// What the work sees of its job: the stop request and its progress.
pub struct Worker {
    shared: Arc<Shared>,
    wake: Box<dyn Fn() + Send + Sync>,
}

struct Shared {
    cancel: AtomicBool,
    done: AtomicU64,
    total: AtomicU64,
}

impl Worker {
    /// Set when the UI asks the work to stop; engine runs take it as their
    /// cancel flag.
    pub fn cancel_flag(&self) -> &AtomicBool {
        &self.shared.cancel
    }

    /// Reports progress: `done` of `total` units (games, usually). Progress
    /// never goes back, whatever order parallel workers report in; the UI is
    /// woken a few hundred times per job at most.
    pub fn advance(&self, p: Progress) {
        self.shared.total.store(p.total, Ordering::Relaxed);
        let before = self.shared.done.fetch_max(p.done, Ordering::Relaxed);
        let every = (p.total / WAKES_PER_JOB).max(1);
        if p.done > before && p.done / every != before / every {
            (self.wake)();
        }
    }
}

/// Work under way on its own thread, giving a `T` when it ends.
pub struct Job<T> {
    task: String,
    shared: Arc<Shared>,
    started: Instant,
    rx: Receiver<Result<T, JobFailed>>,
    handle: Option<JoinHandle<()>>,
    /// Why there will be no result, when the thread never started.
    failed: Option<JobFailed>,
    /// The result (or why there is none) has been given.
    ended: bool,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a thread named after `task` (e.g. "simulation"),
    /// expecting `total` units of progress (0 when unknown until the work
    /// says). `wake` is called as the work advances and once when it ends, so
    /// the UI repaints and polls.
    pub fn start(
        task: &str,
        total: u64,
        wake: impl Fn() + Send + Sync + 'static,
        work: impl FnOnce(&Worker) -> T + Send + 'static,
    ) -> Job<T> {
        let shared = Arc::new(Shared {
            cancel: AtomicBool::new(false),
            done: AtomicU64::new(0),
            total: AtomicU64::new(total),
        });
        let (tx, rx) = mpsc::channel();
        let worker = Worker {
            shared: shared.clone(),
            wake: Box::new(wake),
        };
        let name = task.to_owned();
        let spawned = std::thread::Builder::new()
            .name(task.into())
            .spawn(move || {
                let out = catch_unwind(AssertUnwindSafe(|| work(&worker))).map_err(|payload| {
                    JobFailed::Crashed {
                        task: name,
                        message: panic_message(payload.as_ref()),
                    }
                });
                // The UI may be gone; then nobody wants the result.
                let _ = tx.send(out);
                (worker.wake)();
            });
        let (handle, failed) = match spawned {
            Ok(h) => (Some(h), None),
            Err(e) => (
                None,
                Some(JobFailed::NoThread {
                    task: task.into(),
                    reason: e.to_string(),
                }),
            ),
        };
        Job {
            task: task.into(),
            shared,
            started: Instant::now(),
            rx,
            handle,
            failed,
            ended: false,
        }
    }

    /// Units done so far, of the total.
    pub fn progress(&self) -> Progress {
        Progress {
            done: self.shared.done.load(Ordering::Relaxed),
            total: self.shared.total.load(Ordering::Relaxed),
        }
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Asks the work to stop; what it gives back then is up to the work
    /// (engine runs give a report of what finished, marked cancelled).
    pub fn cancel(&self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
    }

    /// Has [`Job::cancel`] been called?
    pub fn cancelling(&self) -> bool {
        self.shared.cancel.load(Ordering::Relaxed)
    }

    /// The result once the work has ended (its thread is then joined), or
    /// `None` while it runs. Call it until it gives `Some`; after that it
    /// keeps giving `None`.
    pub fn poll(&mut self) -> Option<Result<T, JobFailed>> {
        if self.ended {
            return None;
        }
        match self.rx.try_recv() {
            Ok(out) => Some(self.finish(out)),
            Err(TryRecvError::Empty) if self.handle.is_some() => None,
            Err(_) => self.lost(),
        }
    }

    /// Waits up to `limit` for the result (for tests and scripts; the UI
    /// polls).
    pub fn wait(&mut self, limit: Duration) -> Option<Result<T, JobFailed>> {
        if self.ended {
            return None;
        }
        if self.handle.is_none() {
            return self.lost();
        }
        match self.rx.recv_timeout(limit) {
            Ok(out) => Some(self.finish(out)),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => self.lost(),
        }
    }

    fn finish(&mut self, out: Result<T, JobFailed>) -> Result<T, JobFailed> {
        self.ended = true;
        if let Some(h) = self.handle.take() {
            // It has sent its result: joining waits for its last instruction only.
            let _ = h.join();
        }
        out
    }

    /// The thread ended (or never started) without a result: says why.
    fn lost(&mut self) -> Option<Result<T, JobFailed>> {
        self.ended = true;
        self.handle = None;
        Some(Err(self.failed.take().unwrap_or_else(|| {
            JobFailed::Crashed {
                task: self.task.clone(),
                message: "it stopped without a result".into(),
            }
        })))
    }
}

impl<T> std::fmt::Debug for Job<T> {
    /// What the job is and how far it got (its result is not shown).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job")
            .field("task", &self.task)
            .field("done", &self.shared.done.load(Ordering::Relaxed))
            .field("total", &self.shared.total.load(Ordering::Relaxed))
            .field("cancelling", &self.shared.cancel.load(Ordering::Relaxed))
            .field("ended", &self.ended)
            .finish()
    }
}

impl<T> Drop for Job<T> {
    /// A job dropped while running (window closed, studio quitting) is asked
    /// to stop; the UI does not wait for it.
    fn drop(&mut self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
    }
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_else(|| "unknown failure".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    const LONG: Duration = Duration::from_secs(30);

    #[test]
    fn a_job_gives_its_result_once_and_counts_its_progress() {
        let mut job = Job::start(
            "sum",
            10,
            || {},
            |w| {
                for done in 1..=10 {
                    w.advance(Progress { done, total: 10 });
                }
                55
            },
        );
        assert_eq!(job.wait(LONG), Some(Ok(55)));
        assert_eq!(
            job.progress(),
            Progress {
                done: 10,
                total: 10
            }
        );
        assert_eq!(job.poll(), None);
    }

    #[test]
    fn cancel_reaches_the_work_and_progress_never_goes_back() {
        let (go, started) = mpsc::channel();
        let mut job = Job::start(
            "wait",
            0,
            || {},
            move |w| {
                w.advance(Progress { done: 5, total: 8 });
                w.advance(Progress { done: 3, total: 8 });
                let _ = go.send(());
                while !w.cancel_flag().load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                "stopped"
            },
        );
        started.recv().expect("the work started");
        assert_eq!(job.progress(), Progress { done: 5, total: 8 });
        assert_eq!(job.poll(), None);
        job.cancel();
        assert!(job.cancelling());
        assert_eq!(job.wait(LONG), Some(Ok("stopped")));
    }

    #[test]
    fn a_failing_job_says_so_with_its_message() {
        let mut job: Job<()> = Job::start("broken", 0, || {}, |_| panic!("no route"));
        assert_eq!(
            job.wait(LONG),
            Some(Err(JobFailed::Crashed {
                task: "broken".into(),
                message: "no route".into()
            }))
        );
        assert_eq!(job.poll(), None);
    }

    #[test]
    fn the_ui_is_woken_a_few_hundred_times_at_most() {
        let wakes = Arc::new(AtomicUsize::new(0));
        let counted = wakes.clone();
        let mut job = Job::start(
            "many",
            0,
            move || {
                counted.fetch_add(1, Ordering::Relaxed);
            },
            |w| {
                for done in 1..=100_000 {
                    w.advance(Progress {
                        done,
                        total: 100_000,
                    });
                }
            },
        );
        assert_eq!(job.wait(LONG), Some(Ok(())));
        let n = wakes.load(Ordering::Relaxed);
        assert!(
            (WAKES_PER_JOB as usize..=WAKES_PER_JOB as usize + 1).contains(&n),
            "{n} wakes"
        );
    }
}
