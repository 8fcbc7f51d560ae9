//! Live validation: the engine's validator runs as a background job over
//! snapshots of the design, so editing never waits for it. Only the newest
//! snapshot is checked; snapshots submitted meanwhile and replaced by a newer
//! one are skipped.

use std::sync::Arc;
use std::time::Duration;

use engine::{Board, Diagnostics};
use formats::GameFile;

use crate::app::job::{Job, JobFailed};

/// What the validator said about one snapshot.
#[derive(Clone, Debug)]
pub struct Report {
    /// The snapshot's generation (see [`Validator::submit`]).
    pub generation: u64,
    /// The diagnostics.
    pub diagnostics: Diagnostics,
    /// The board, when the design has no errors.
    pub board: Option<Arc<Board>>,
    /// Set when the validator itself failed on this design.
    pub crashed: Option<String>,
}

type Wake = Arc<dyn Fn() + Send + Sync>;

/// Live validation: one check at a time as a background [`Job`], and the
/// newest snapshot submitted meanwhile waiting for its turn.
pub struct Validator {
    wake: Wake,
    /// The check under way, with its snapshot's generation.
    running: Option<(u64, Job<Report>)>,
    /// The newest snapshot submitted while a check was under way.
    next: Option<(u64, GameFile)>,
    submitted: Option<u64>,
    latest: Option<Report>,
}

impl Validator {
    /// A validator; `wake` is called when a report is ready (to repaint).
    pub fn start(wake: Wake) -> Self {
        Validator {
            wake,
            running: None,
            next: None,
            submitted: None,
            latest: None,
        }
    }

    /// Asks for `design` (at `generation`) to be checked, unless it already was.
    pub fn submit(&mut self, generation: u64, design: &GameFile) {
        if self.submitted == Some(generation) {
            return;
        }
        self.submitted = Some(generation);
        if self.running.is_some() {
            self.next = Some((generation, design.clone()));
        } else {
            self.check(generation, design.clone());
        }
    }

    fn check(&mut self, generation: u64, design: GameFile) {
        let wake = self.wake.clone();
        let job = Job::start(
            "validation",
            0,
            move || wake(),
            move |_| {
                let v = engine::validate(&design);
                Report {
                    generation,
                    diagnostics: v.diagnostics,
                    board: v.design.and_then(|d| d.board().cloned()),
                    crashed: None,
                }
            },
        );
        self.running = Some((generation, job));
    }

    /// Takes in the finished report, if any, and starts the waiting snapshot.
    fn finish(&mut self, generation: u64, out: Result<Report, JobFailed>) {
        self.running = None;
        self.latest = Some(out.unwrap_or_else(|failed| Report {
            generation,
            diagnostics: Diagnostics::default(),
            board: None,
            crashed: Some(match failed {
                JobFailed::Crashed { message, .. } => message,
                other @ JobFailed::NoThread { .. } => other.to_string(),
            }),
        }));
        if let Some((generation, design)) = self.next.take() {
            self.check(generation, design);
        }
    }

    /// Takes in finished reports; returns whether a new one arrived.
    pub fn poll(&mut self) -> bool {
        let Some((generation, job)) = &mut self.running else {
            return false;
        };
        let generation = *generation;
        let Some(out) = job.poll() else {
            return false;
        };
        self.finish(generation, out);
        true
    }

    /// The newest report.
    pub fn latest(&self) -> Option<&Report> {
        self.latest.as_ref()
    }

    /// Is the newest submitted snapshot still being checked?
    pub fn busy(&self) -> bool {
        self.submitted.is_some() && self.latest.as_ref().map(|r| r.generation) != self.submitted
    }

    /// Waits until the newest snapshot is checked (for tests and scripts).
    pub fn wait(&mut self) {
        while self.busy() {
            let Some((generation, job)) = &mut self.running else {
                return;
            };
            let generation = *generation;
            match job.wait(Duration::from_secs(30)) {
                Some(out) => self.finish(generation, out),
                None => return,
            }
        }
    }
}
