//! `balance --evaluate-with CMD`: each batch of candidates is simulated as
//! `tracklayer simulate --shard K/N` jobs that a launcher command runs (local
//! processes, a Slurm job array, a Kubernetes Indexed Job), then merged with
//! `merge`'s code into the reports an in-process evaluation gives, byte for
//! byte, so the search finds the same design (docs/scale-out.md).
//!
//! For every batch the evaluator writes into `DIR/NAME/` (NAME: the batch,
//! e.g. `generation-3-rung-1`) each candidate as a design file,
//! `jobs.txt`, one shell command per shard job, and `outputs.txt`, the shard
//! file each line writes. It then runs the launcher with `sh -c`, in a
//! process group of its own, with these variables set:
//!
//! - `TRACKLAYER_JOBS`: the path of `jobs.txt`;
//! - `TRACKLAYER_OUTPUTS`: the path of `outputs.txt` (line `i` of both go
//!   together);
//! - `TRACKLAYER_TASKS`: how many lines they have (array tasks 0 … TASKS−1);
//! - `TRACKLAYER_BATCH`: the batch's folder.
//!
//! A job plays on `$TRACKLAYER_THREADS` threads (1 when unset): the launcher
//! sets it to the CPUs it asked for. The launcher must return once every job
//! has run (`sbatch --wait`, `kubectl wait`); a missing shard is named by its
//! line (array task) and candidate. Ctrl-C sends the launcher SIGINT (it
//! cancels its jobs) and waits for it.
//!
//! A merged candidate's report is kept as `candidate-I.report.json` (its
//! shard files go), so a run stopped by a failure or Ctrl-C continues with
//! `--resume`: the search replays from the start, deterministic, and every
//! batch already merged — or shard already written — is read back instead
//! of run again. The folders go once the search has ended.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use engine::balance::{BalanceConfig, BalanceError, Candidate, Evaluator, Report, Trial};
use engine::game::Family;
use engine::sim::shard::{self, FamilyGame, RunSpec, ShardFile, ShardHeader};
use formats::GameFile;

/// Runs batches as shard jobs through a launcher command.
#[derive(Debug)]
pub struct Sharded {
    /// The launcher, run with `sh -c`.
    pub command: String,
    /// Shards per candidate.
    pub shards: u32,
    /// Where batches are written (shared with the workers on a cluster).
    pub dir: PathBuf,
    /// The `tracklayer` the jobs run.
    pub exe: PathBuf,
    /// Read back what an earlier run of the same search left in `dir`.
    pub resume: bool,
    /// The batch folders written so far (removed by [`Sharded::clean_up`]).
    pub folders: Mutex<Vec<PathBuf>>,
}

/// `text` as one word of a POSIX shell command.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// A candidate as it is written for the jobs: whole, extending nothing (its
/// base is already merged in).
fn standalone(file: &GameFile) -> GameFile {
    GameFile {
        extends: None,
        ..file.clone()
    }
}

fn failed(what: String) -> BalanceError {
    BalanceError::Evaluate(what)
}

/// How long the launcher has to cancel its jobs after Ctrl-C.
const CANCEL_GRACE: Duration = Duration::from_secs(60);

/// One shard job of a batch.
struct Job {
    /// The candidate's index in the batch.
    candidate: usize,
    /// Its shard.
    shard: u32,
    /// The file it writes.
    out: PathBuf,
}

/// A batch written for the launcher: what each candidate reads back or
/// merges, and the jobs still to run.
struct Batch<F: Family> {
    folder: PathBuf,
    /// Per candidate: its report, read back, when an earlier run merged it.
    done: Vec<Option<Report<F>>>,
    /// Per candidate: its shard files.
    shards: Vec<Vec<PathBuf>>,
    /// The jobs to run, in the order of `jobs.txt`.
    jobs: Vec<Job>,
}

impl Sharded {
    /// The command of shard `k` of candidate `design` writing `out`; it
    /// plays on the threads the launcher gives it.
    fn job(&self, design: &Path, out: &Path, k: u32, trial: &Trial, c: &BalanceConfig) -> String {
        let players: Vec<String> = c.players.iter().map(usize::to_string).collect();
        format!(
            "{} simulate {} --players {} --games {} --bots {} --seed {} --turn-cap {} --threads \"${{TRACKLAYER_THREADS:-1}}\" --shard {k}/{} --out {} --quiet",
            quoted(&self.exe.display().to_string()),
            quoted(&design.display().to_string()),
            players.join(","),
            trial.games,
            quoted(&c.bots.join(",")),
            trial.seed,
            c.turn_cap,
            self.shards,
            quoted(&out.display().to_string()),
        )
    }

    /// Writes the batch's designs, jobs and outputs lists. Resuming, a
    /// candidate written the same before keeps its merged report or the
    /// shard files that belong to it; only the rest is run.
    fn write_batch<F: Family>(
        &self,
        folder: &Path,
        batch: &[Candidate<F>],
        trial: &Trial,
        config: &BalanceConfig,
    ) -> Result<Batch<F>, BalanceError> {
        if folder.exists() && !self.resume {
            std::fs::remove_dir_all(folder)
                .map_err(|e| failed(format!("could not clear {}: {e}", folder.display())))?;
        }
        std::fs::create_dir_all(folder)
            .map_err(|e| failed(format!("could not create {}: {e}", folder.display())))?;
        let folder = std::fs::canonicalize(folder)
            .map_err(|e| failed(format!("{}: {e}", folder.display())))?;
        if let Ok(mut folders) = self.folders.lock()
            && !folders.contains(&folder)
        {
            folders.push(folder.clone());
        }
        let mut out = Batch {
            folder: folder.clone(),
            done: Vec::new(),
            shards: Vec::new(),
            jobs: Vec::new(),
        };
        for (i, c) in batch.iter().enumerate() {
            let design = folder.join(format!("candidate-{i}.yaml"));
            let report = folder.join(format!("candidate-{i}.report.json"));
            let text = formats::to_yaml(&standalone(&c.file), None)
                .map_err(|e| failed(format!("could not write candidate {i}: {e}")))?;
            let files: Vec<PathBuf> = (0..self.shards)
                .map(|k| folder.join(format!("candidate-{i}.shard-{k}.json")))
                .collect();
            let same = std::fs::read_to_string(&design).is_ok_and(|t| t == text);
            if !same {
                // Another candidate's leftovers under this name go.
                for f in files.iter().chain([&report]) {
                    let _ = std::fs::remove_file(f);
                }
                formats::save::write_atomic(&design, text.as_bytes())
                    .map_err(|e| failed(format!("could not write {}: {e}", design.display())))?;
            }
            let kept = same
                .then(|| read_report::<F>(&report, trial, config))
                .flatten();
            if kept.is_none() {
                let run = same
                    .then(|| formats::load(&design).ok())
                    .flatten()
                    .map(|l| run_spec(l.design, trial, config));
                for (k, file) in files.iter().enumerate() {
                    let reuse = run
                        .as_ref()
                        .is_some_and(|r| shard_written(file, k as u32, self.shards, Some(r)));
                    if !reuse {
                        out.jobs.push(Job {
                            candidate: i,
                            shard: k as u32,
                            out: file.clone(),
                        });
                    }
                }
            }
            out.done.push(kept);
            out.shards.push(files);
        }
        let mut jobs = String::new();
        let mut outputs = String::new();
        for j in &out.jobs {
            let design = folder.join(format!("candidate-{}.yaml", j.candidate));
            jobs.push_str(&self.job(&design, &j.out, j.shard, trial, config));
            jobs.push('\n');
            outputs.push_str(&j.out.display().to_string());
            outputs.push('\n');
        }
        for (name, text) in [("jobs.txt", jobs), ("outputs.txt", outputs)] {
            let path = folder.join(name);
            formats::save::write_atomic(&path, text.as_bytes())
                .map_err(|e| failed(format!("could not write {}: {e}", path.display())))?;
        }
        Ok(out)
    }

    /// Runs the launcher on the batch's jobs in a process group of its own;
    /// `None` when cancelled (the launcher was sent SIGINT and has ended).
    fn launch<F: Family>(
        &self,
        batch: &Batch<F>,
        cancel: &AtomicBool,
    ) -> Result<Option<ExitStatus>, BalanceError> {
        use std::os::unix::process::CommandExt as _;
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.command)
            .env("TRACKLAYER_JOBS", batch.folder.join("jobs.txt"))
            .env("TRACKLAYER_OUTPUTS", batch.folder.join("outputs.txt"))
            .env("TRACKLAYER_TASKS", batch.jobs.len().to_string())
            .env("TRACKLAYER_BATCH", &batch.folder)
            .stdin(Stdio::null())
            // The report goes to standard output: the launcher's words do not.
            .stdout(Stdio::from(std::io::stderr()))
            // Ctrl-C reaches balance alone, which tells the launcher.
            .process_group(0)
            .spawn()
            .map_err(|e| failed(format!("could not start `sh -c {}`: {e}", self.command)))?;
        let mut interrupted: Option<Instant> = None;
        loop {
            match child.try_wait() {
                Ok(Some(status)) if interrupted.is_some() => {
                    // `sh -c` may end at once on SIGINT while the launcher
                    // it started still cancels its jobs: wait for the group.
                    while group_alive(&child)
                        && interrupted.is_some_and(|at| at.elapsed() < CANCEL_GRACE)
                    {
                        std::thread::sleep(Duration::from_millis(50));
                    }
                    eprintln!("the launcher ended ({status}) after Ctrl-C");
                    return Ok(None);
                }
                // Stopped as it ended: what it did is kept for --resume.
                Ok(Some(_)) if cancel.load(Ordering::Relaxed) => return Ok(None),
                Ok(Some(status)) => return Ok(Some(status)),
                Ok(None) => {}
                Err(e) => return Err(failed(format!("lost the launcher: {e}"))),
            }
            match interrupted {
                None if cancel.load(Ordering::Relaxed) => {
                    eprintln!("stopping: the launcher is told to cancel its jobs (SIGINT)…");
                    signal(&child, "-INT");
                    interrupted = Some(Instant::now());
                }
                Some(at) if at.elapsed() > CANCEL_GRACE => {
                    eprintln!(
                        "the launcher did not end within {} s of SIGINT: killed; check that its jobs are gone",
                        CANCEL_GRACE.as_secs()
                    );
                    signal(&child, "-KILL");
                    let _ = child.wait();
                    return Ok(None);
                }
                _ => {}
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Whether this run wrote any batch folder (something to resume from).
    pub fn wrote(&self) -> bool {
        self.folders.lock().is_ok_and(|f| !f.is_empty())
    }

    /// Removes every batch folder this run wrote, then `dir` if it is empty
    /// (nothing else in it is touched).
    pub fn clean_up(&self) {
        if let Ok(folders) = self.folders.lock() {
            for f in folders.iter() {
                let _ = std::fs::remove_dir_all(f);
            }
        }
        let _ = std::fs::remove_dir(&self.dir);
    }
}

/// Sends `signal` (`-INT`, `-KILL`, `-0`) to the launcher's process group;
/// whether any process of it got it.
fn signal(child: &Child, signal: &str) -> bool {
    Command::new("kill")
        .args([signal, "--", &format!("-{}", child.id())])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether a process of the launcher's group is still running.
fn group_alive(child: &Child) -> bool {
    signal(child, "-0")
}

/// A report an earlier run merged for `trial`, if it reads back whole.
fn read_report<F: Family>(path: &Path, trial: &Trial, config: &BalanceConfig) -> Option<Report<F>> {
    let text = std::fs::read_to_string(path).ok()?;
    let report: Report<F> = serde_json::from_str(&text).ok()?;
    let players: Vec<usize> = report.by_players.iter().map(|p| p.players).collect();
    (report.seed == trial.seed
        && report.games_requested == trial.games
        && report.bots == config.bots
        && report.turn_cap == config.turn_cap
        && players == config.players
        && !report.cancelled)
        .then_some(report)
}

/// Whether `path` is a shard file of shard `k` of `count`, of `run` when
/// given (else its run is checked when merged).
fn shard_written(path: &Path, k: u32, count: u32, run: Option<&RunSpec>) -> bool {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|t| serde_json::from_str::<ShardHeader>(&t).ok())
        .is_some_and(|h| {
            h.shard.index == k
                && h.shard.count == count
                && run.is_none_or(|r| r.first_difference(&h.run).is_none())
        })
}

/// The run candidate `design` (as written) plays in `trial`.
fn run_spec(design: GameFile, trial: &Trial, config: &BalanceConfig) -> RunSpec {
    RunSpec {
        design,
        players: config.players.clone(),
        games: trial.games,
        bots: config.bots.clone(),
        seed: trial.seed,
        turn_cap: config.turn_cap,
    }
}

/// Reads and merges the shard files of one candidate, checking they are the
/// run asked for.
fn merged<F: Family>(
    files: &[PathBuf],
    expected: &RunSpec,
    candidate: &Candidate<F>,
    trial: &Trial,
    config: &BalanceConfig,
) -> Result<Report<F>, BalanceError> {
    let mut shards = Vec::new();
    for path in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| failed(format!("{name}: {e}")))?;
        let header: ShardHeader = serde_json::from_str(&text)
            .map_err(|e| failed(format!("{name}: not a shard file: {e}")))?;
        if let Some(setting) = expected.first_difference(&header.run) {
            return Err(failed(format!(
                "{name} is not the run asked for: its {setting} differs"
            )));
        }
        shards.push((name, header, text));
    }
    let shards = shard::check_shards(shards).map_err(|e| failed(e.to_string()))?;
    let mut files = Vec::new();
    for (name, _, text) in shards {
        let file: ShardFile<FamilyGame<F>> = serde_json::from_str(&text)
            .map_err(|e| failed(format!("{name}: its games cannot be read: {e}")))?;
        files.push((name, file));
    }
    let sim = engine::balance::evaluate::sim_config::<F>(candidate.design.clone(), config, trial);
    shard::merge::<F>(&sim, files).map_err(|e| failed(e.to_string()))
}

/// Keeps candidate `i`'s merged report for `--resume` in place of its
/// shard files — only when it reads back exactly (else the shards stay).
fn keep<F: Family>(folder: &Path, i: usize, report: &Report<F>, shards: &[PathBuf]) {
    let Ok(text) = serde_json::to_string(report) else {
        return;
    };
    let exact = serde_json::from_str::<Report<F>>(&text).is_ok_and(|r| r == *report);
    let path = folder.join(format!("candidate-{i}.report.json"));
    if exact && formats::save::write_atomic(&path, text.as_bytes()).is_ok() {
        for f in shards {
            let _ = std::fs::remove_file(f);
        }
    }
}

/// The jobs of `batch` whose shard file is missing, as the launcher knows
/// them: task (line − 1 of jobs.txt), candidate and shard.
fn missing<F: Family>(batch: &Batch<F>, shards: u32) -> Vec<String> {
    batch
        .jobs
        .iter()
        .enumerate()
        .filter(|(_, j)| !shard_written(&j.out, j.shard, shards, None))
        .map(|(task, j)| {
            format!(
                "task {task} (line {} of jobs.txt: candidate {}, shard {}/{shards})",
                task + 1,
                j.candidate,
                j.shard
            )
        })
        .collect()
}

impl Evaluator for Sharded {
    fn evaluate<F: Family>(
        &self,
        batch: &[Candidate<F>],
        trial: &Trial,
        config: &BalanceConfig,
        progress: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Report<F>>>, BalanceError> {
        let written = self.write_batch(&self.dir.join(&trial.name), batch, trial, config)?;
        let folder = written.folder.clone();
        if !written.jobs.is_empty() {
            let Some(status) = self.launch(&written, cancel)? else {
                return Ok(None);
            };
            let lost = missing(&written, self.shards);
            if !status.success() || !lost.is_empty() {
                let why = if status.success() {
                    "returned but".to_owned()
                } else {
                    format!("failed ({status});")
                };
                let what = if lost.is_empty() {
                    "every shard file is there".to_owned()
                } else {
                    format!("no shard file from {}", lost.join(", "))
                };
                return Err(failed(format!(
                    "batch {}: the launcher `{}` {why} {what} ({})",
                    trial.name,
                    self.command,
                    folder.display()
                )));
            }
        }
        let per_design = trial.games_per_design(config);
        let mut reports = Vec::with_capacity(batch.len());
        for (i, ((c, files), done)) in batch
            .iter()
            .zip(&written.shards)
            .zip(written.done)
            .enumerate()
        {
            if let Some(report) = done {
                reports.push(report);
                progress(per_design * (i as u64 + 1));
                continue;
            }
            // What `simulate` read: the candidate as written, loaded back.
            let design = formats::load(&folder.join(format!("candidate-{i}.yaml")))
                .map_err(|e| failed(format!("candidate {i}: {}: {}", e.location(), e.kind)))?
                .design;
            if design != standalone(&c.file) {
                return Err(failed(format!(
                    "{}: candidate {i} does not read back as it was written",
                    folder.display()
                )));
            }
            let expected = run_spec(design, trial, config);
            let report = merged(files, &expected, c, trial, config)?;
            keep::<F>(&folder, i, &report, files);
            reports.push(report);
            progress(per_design * (i as u64 + 1));
        }
        Ok(Some(reports))
    }
}
