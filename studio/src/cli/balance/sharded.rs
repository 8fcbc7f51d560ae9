//! `balance --evaluate-with CMD`: each batch of candidates is simulated as
//! `tracklayer simulate --shard K/N` jobs that a launcher command runs (local
//! processes, a Slurm job array, a Kubernetes Indexed Job), then merged with
//! `merge`'s code into the reports an in-process evaluation gives, byte for
//! byte, so the search finds the same design (docs/scale-out.md).
//!
//! For every batch the evaluator writes into `DIR/NAME/` (NAME: the batch,
//! e.g. `generation-3-rung-1`) each candidate as a design file and
//! `jobs.txt`, one shell command per shard job. It then runs the launcher
//! with `sh -c`, with these variables set:
//!
//! - `TRACKLAYER_JOBS`: the path of `jobs.txt`;
//! - `TRACKLAYER_TASKS`: how many lines it has (array tasks 0 … TASKS−1);
//! - `TRACKLAYER_BATCH`: the batch's folder.
//!
//! The launcher must return once every job has run (`sbatch --wait`,
//! `kubectl wait`); a non-zero exit, a missing or foreign shard stops the
//! search with the reason. A merged batch's folder is removed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use engine::balance::{BalanceConfig, BalanceError, Candidate, Evaluator, Trial};
use engine::board_game::BoardFamily;
use engine::board_game::sim::{BoardRecord, BoardReport};
use engine::sim::SimReport;
use engine::sim::shard::{self, RunSpec, ShardFile, ShardHeader};
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

impl Sharded {
    /// The command of shard `k` of candidate `design` writing `out`.
    fn job(&self, design: &Path, out: &Path, k: u32, trial: &Trial, c: &BalanceConfig) -> String {
        let players: Vec<String> = c.players.iter().map(usize::to_string).collect();
        format!(
            "{} simulate {} --players {} --games {} --bots {} --seed {} --turn-cap {} --threads {} --shard {k}/{} --out {} --quiet",
            quoted(&self.exe.display().to_string()),
            quoted(&design.display().to_string()),
            players.join(","),
            trial.games,
            quoted(&c.bots.join(",")),
            trial.seed,
            c.turn_cap,
            c.threads,
            self.shards,
            quoted(&out.display().to_string()),
        )
    }

    /// Writes the batch's designs and jobs; returns each candidate's shard
    /// files.
    fn write_batch(
        &self,
        folder: &Path,
        batch: &[Candidate],
        trial: &Trial,
        config: &BalanceConfig,
    ) -> Result<(Vec<Vec<PathBuf>>, PathBuf, usize), BalanceError> {
        if folder.exists() {
            std::fs::remove_dir_all(folder)
                .map_err(|e| failed(format!("could not clear {}: {e}", folder.display())))?;
        }
        std::fs::create_dir_all(folder)
            .map_err(|e| failed(format!("could not create {}: {e}", folder.display())))?;
        let folder = std::fs::canonicalize(folder)
            .map_err(|e| failed(format!("{}: {e}", folder.display())))?;
        let mut jobs = String::new();
        let mut outs = Vec::new();
        for (i, c) in batch.iter().enumerate() {
            let design = folder.join(format!("candidate-{i}.yaml"));
            let text = formats::to_yaml(&standalone(&c.file), None)
                .map_err(|e| failed(format!("could not write candidate {i}: {e}")))?;
            formats::save::write_atomic(&design, text.as_bytes())
                .map_err(|e| failed(format!("could not write {}: {e}", design.display())))?;
            let mut files = Vec::new();
            for k in 0..self.shards {
                let out = folder.join(format!("candidate-{i}.shard-{k}.json"));
                jobs.push_str(&self.job(&design, &out, k, trial, config));
                jobs.push('\n');
                files.push(out);
            }
            outs.push(files);
        }
        let list = folder.join("jobs.txt");
        formats::save::write_atomic(&list, jobs.as_bytes())
            .map_err(|e| failed(format!("could not write {}: {e}", list.display())))?;
        Ok((outs, list, batch.len() * self.shards as usize))
    }

    /// Runs the launcher on `jobs`; `false` when cancelled (the launcher
    /// is then left to end: a terminal's Ctrl-C reaches it too).
    fn launch(
        &self,
        jobs: &Path,
        tasks: usize,
        folder: &Path,
        cancel: &AtomicBool,
    ) -> Result<bool, BalanceError> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.command)
            .env("TRACKLAYER_JOBS", jobs)
            .env("TRACKLAYER_TASKS", tasks.to_string())
            .env("TRACKLAYER_BATCH", folder)
            .stdin(Stdio::null())
            // The report goes to standard output: the launcher's words do not.
            .stdout(Stdio::from(std::io::stderr()))
            .spawn()
            .map_err(|e| failed(format!("could not start `sh -c {}`: {e}", self.command)))?;
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) => std::thread::sleep(Duration::from_millis(50)),
                Err(e) => return Err(failed(format!("lost the launcher: {e}"))),
            }
        };
        if cancel.load(Ordering::Relaxed) {
            return Ok(false);
        }
        if !status.success() {
            return Err(failed(format!(
                "the launcher `{}` failed ({status}) on {}",
                self.command,
                jobs.display()
            )));
        }
        Ok(true)
    }
}

/// Reads and merges the shard files of one candidate, checking they are the
/// run asked for.
fn merged(
    files: &[PathBuf],
    expected: &RunSpec,
    candidate: &Candidate,
    trial: &Trial,
    config: &BalanceConfig,
) -> Result<SimReport<BoardReport>, BalanceError> {
    let mut shards = Vec::new();
    for path in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| {
            failed(format!(
                "{name}: {e} (did the launcher run every line of jobs.txt?)"
            ))
        })?;
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
        let file: ShardFile<BoardRecord> = serde_json::from_str(&text)
            .map_err(|e| failed(format!("{name}: its games cannot be read: {e}")))?;
        files.push((name, file));
    }
    let sim = engine::balance::evaluate::sim_config(candidate.board.clone(), config, trial);
    shard::merge::<BoardFamily>(&sim, files).map_err(|e| failed(e.to_string()))
}

impl Evaluator for Sharded {
    fn evaluate(
        &self,
        batch: &[Candidate],
        trial: &Trial,
        config: &BalanceConfig,
        progress: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<SimReport<BoardReport>>>, BalanceError> {
        let folder = self.dir.join(&trial.name);
        let (outs, jobs, tasks) = self.write_batch(&folder, batch, trial, config)?;
        if !self.launch(&jobs, tasks, &folder, cancel)? {
            return Ok(None);
        }
        let per_design = trial.games_per_design(config);
        let mut reports = Vec::with_capacity(batch.len());
        for (i, (c, files)) in batch.iter().zip(&outs).enumerate() {
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
            let expected = RunSpec {
                design,
                players: config.players.clone(),
                games: trial.games,
                bots: config.bots.clone(),
                seed: trial.seed,
                turn_cap: config.turn_cap,
            };
            reports.push(merged(files, &expected, c, trial, config)?);
            progress(per_design * (i as u64 + 1));
        }
        // Kept on failure, to see what went wrong; removed once merged.
        let _ = std::fs::remove_dir_all(&folder);
        Ok(Some(reports))
    }
}
