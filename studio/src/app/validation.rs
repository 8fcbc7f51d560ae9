//! Live validation: the engine's validator runs on a worker thread over
//! snapshots of the design, so editing never waits for it. Only the newest
//! snapshot is checked; older ones still queued are skipped.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread;

use engine::{Board, Diagnostics};
use formats::GameFile;

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

/// A handle on the validation thread.
pub struct Validator {
    tx: Option<Sender<(u64, GameFile)>>,
    rx: Receiver<Report>,
    submitted: Option<u64>,
    latest: Option<Report>,
    worker: Option<thread::JoinHandle<()>>,
}

impl Validator {
    /// Starts the worker; `wake` is called when a report is ready (to repaint).
    pub fn start(wake: Wake) -> Self {
        let (tx, jobs) = channel::<(u64, GameFile)>();
        let (done, rx) = channel();
        let worker = thread::Builder::new()
            .name("validator".into())
            .spawn(move || work(&jobs, &done, &wake))
            .ok();
        Validator {
            tx: Some(tx),
            rx,
            submitted: None,
            latest: None,
            worker,
        }
    }

    /// Asks for `design` (at `generation`) to be checked, unless it already was.
    pub fn submit(&mut self, generation: u64, design: &GameFile) {
        if self.submitted == Some(generation) {
            return;
        }
        self.submitted = Some(generation);
        if let Some(tx) = &self.tx {
            let _ = tx.send((generation, design.clone()));
        }
    }

    /// Takes in finished reports; returns whether a new one arrived.
    pub fn poll(&mut self) -> bool {
        let mut fresh = false;
        while let Ok(r) = self.rx.try_recv() {
            self.latest = Some(r);
            fresh = true;
        }
        fresh
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
            match self.rx.recv_timeout(std::time::Duration::from_secs(30)) {
                Ok(r) => self.latest = Some(r),
                Err(_) => return,
            }
        }
    }
}

impl Drop for Validator {
    fn drop(&mut self) {
        self.tx = None;
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

fn work(jobs: &Receiver<(u64, GameFile)>, done: &Sender<Report>, wake: &Wake) {
    while let Ok(mut job) = jobs.recv() {
        while let Ok(newer) = jobs.try_recv() {
            job = newer;
        }
        let (generation, design) = job;
        let report = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            engine::validate(&design)
        })) {
            Ok(v) => Report {
                generation,
                diagnostics: v.diagnostics,
                board: v.board.map(Arc::new),
                crashed: None,
            },
            Err(e) => Report {
                generation,
                diagnostics: Diagnostics::default(),
                board: None,
                crashed: Some(
                    e.downcast_ref::<String>()
                        .cloned()
                        .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                        .unwrap_or_else(|| "unknown failure".into()),
                ),
            },
        };
        if done.send(report).is_err() {
            return;
        }
        wake();
    }
}
