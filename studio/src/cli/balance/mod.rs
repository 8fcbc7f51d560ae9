//! `tracklayer balance FILE --target … --knob …`: searches for small changes
//! of a design (of any family: each brings its knobs and targets) that meet the designer's targets in simulation, writes
//! them as a variant of the design, and reports each target before → after
//! on fresh seeds (docs/balance.md). With `--evaluate-with` the candidates
//! are simulated as shard jobs a launcher runs ([`sharded`]).

mod sharded;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use engine::balance::{self, BalanceConfig, InProcess, Measure, Request};
use engine::sim;
use formats::BaseDesign;

use super::simulate::{PlayerCounts, parse_players, progress_and_cancel, write_file};

/// Every family's knobs, targets and locks, after `--help`.
fn families_help() -> String {
    format!(
        "Knobs, targets and locks by family (the design's `family:` chooses):\n\n{}",
        balance::help_all()
    )
}

/// Arguments of `balance`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = families_help())]
pub struct Args {
    /// The design to balance (board, card-game or dice).
    pub file: PathBuf,
    /// A target, repeatable. Every family: first-player-advantage[=0.03],
    /// bot-split[=0.05], game-length=LO..HI, score-spread=LO..HI; and the
    /// family's own (board and card game: ticket-completion[=0.5..0.95],
    /// ticket-value[=0.1]; board: no-dead-routes; dice: delivery-share[=0.5..2],
    /// monopoly-share[=0..0.6]). `--help` lists them by family.
    #[arg(long = "target", required = true)]
    pub targets: Vec<String>,
    /// What may change, repeatable; the family's knobs (`--help` lists them),
    /// e.g. ticket-points[=1..30] (board, card game), route-length (board),
    /// ticket-cards (card game), track-length (dice), rule:PATH=LO..HI (every family).
    #[arg(long = "knob", required = true)]
    pub knobs: Vec<String>,
    /// An object that must not change, repeatable: a ticket (`From - To`), route,
    /// deck count (`deck:red`), Big City (`city:Seattle`), station, track, good
    /// (`good:gold`) or VP supply (`supply:4`), as the family has them.
    #[arg(long = "lock")]
    pub locks: Vec<String>,
    /// The seed of the search and of every game: the same seed gives the same result.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Player counts simulated (default: every count the design allows).
    #[arg(long, value_parser = parse_players)]
    pub players: Option<PlayerCounts>,
    /// Bots, comma-separated, as for `simulate` (default: the family's
    /// heuristic bots; board: route-focus,destination-hungry,long-route,one-step).
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// Games per player count for a candidate's first look (doubled at each halving).
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Generations at most.
    #[arg(long, default_value_t = 30)]
    pub generations: u32,
    /// Candidates per generation.
    #[arg(long, default_value_t = 6)]
    pub children: u32,
    /// Give up after this many generations in a row without an accepted change (0: never).
    #[arg(long, default_value_t = 10)]
    pub patience: u32,
    /// Games per player count for the before → after check on fresh seeds.
    #[arg(long, default_value_t = 2000)]
    pub check_games: u32,
    /// Worker threads (0: one per core). The result does not depend on it.
    /// With --evaluate-with the shard jobs take theirs from the launcher
    /// ($TRACKLAYER_THREADS, 1 when unset), not from this.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Stop a game at this many turns.
    #[arg(long, default_value_t = sim::DEFAULT_TURN_CAP)]
    pub turn_cap: u32,
    /// The variant to write (default: FILE-balanced.yaml beside FILE).
    #[arg(short, long)]
    pub out: Option<PathBuf>,
    /// Simulate each batch of candidates as `simulate --shard` jobs run by this
    /// launcher command (`sh -c`; it reads the jobs from $TRACKLAYER_JOBS, one per
    /// line, $TRACKLAYER_TASKS of them, and returns when all have run; docs/scale-out.md).
    #[arg(long, value_name = "CMD")]
    pub evaluate_with: Option<String>,
    /// Shards per candidate with --evaluate-with. The result does not depend on it.
    #[arg(long, default_value_t = 2, requires = "evaluate_with", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub shards: u32,
    /// Where --evaluate-with writes each batch's designs, jobs, shard files and
    /// merged reports (default: OUT-jobs beside the variant, e.g.
    /// usa-balanced-jobs for usa-balanced.yaml); on a cluster, a folder the
    /// workers see. Kept when the search stops early, for --resume.
    #[arg(long, value_name = "DIR", requires = "evaluate_with")]
    pub work_dir: Option<PathBuf>,
    /// Continue a search that a failure or Ctrl-C stopped: the same command
    /// with --resume reads back every batch the work folder kept and runs only
    /// the rest; the variant is the one an uninterrupted run writes.
    #[arg(long, requires = "evaluate_with")]
    pub resume: bool,
    /// The tracklayer binary the shard jobs run (default: this one), e.g. its
    /// path in the workers' image.
    #[arg(long, value_name = "PATH", requires = "evaluate_with")]
    pub worker_bin: Option<PathBuf>,
    /// Print no progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs `balance`.
pub fn run(args: Args) -> ExitCode {
    let loaded = match super::common::load_design(&args.file) {
        Ok((loaded, _)) => loaded,
        Err(code) => return code,
    };
    let config = BalanceConfig {
        // None: every count the design allows (the engine fills them in).
        players: args.players.as_ref().map_or_else(Vec::new, |p| p.0.clone()),
        bots: args.bots.clone(),
        seed: args.seed,
        threads: super::common::worker_threads(args.threads),
        turn_cap: args.turn_cap,
        games: args.games,
        generations: args.generations,
        children: args.children,
        check_games: args.check_games,
        patience: args.patience,
        // No finals: the incumbent is chosen.
        finalists: 0,
        final_games: 0,
        judgement: balance::Judgement::Value,
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| balanced_path(&args.file));
    let inputs = super::common::design_inputs(&loaded);
    if let Err(code) = super::common::check_outputs([super::common::Output::File(&out)], &inputs) {
        return code;
    }
    let work_dir = args
        .evaluate_with
        .as_ref()
        .map(|_| args.work_dir.clone().unwrap_or_else(|| jobs_path(&out)));
    let sharded = match (&args.evaluate_with, &work_dir) {
        (Some(command), Some(dir)) => {
            let exe = match args
                .worker_bin
                .clone()
                .map_or_else(std::env::current_exe, Ok)
            {
                Ok(e) => e,
                Err(e) => {
                    eprintln!("error: cannot find this tracklayer to run the shard jobs: {e}");
                    return ExitCode::from(2);
                }
            };
            Some(sharded::Sharded {
                command: command.clone(),
                shards: args.shards,
                dir: dir.clone(),
                exe,
                resume: args.resume,
                folders: std::sync::Mutex::default(),
            })
        }
        _ => None,
    };
    let request = Request {
        targets: args.targets.clone(),
        knobs: args.knobs.clone(),
        locked: args.locks.clone(),
        config,
    };
    // Ctrl-C stops the search at once (a launcher is told to cancel its jobs).
    let (hidden, cancel) = progress_and_cancel(true);
    let bar = if args.quiet {
        hidden
    } else {
        // Per mille of the generations, so the bar moves as games finish.
        let b = indicatif::ProgressBar::new(1000);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:30} {msg}  {elapsed}  (Ctrl-C stops and keeps the best)",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    };
    let started = std::time::Instant::now();
    let progress = |p: &balance::BalanceProgress| {
        bar.set_position((p.fraction() * 1000.0) as u64);
        bar.set_message(format!(
            "{}; best loss {:.3}, {}",
            p.describe(),
            p.best_loss,
            engine::words::count(p.changes, "change"),
        ));
    };
    let outcome = match &sharded {
        Some(s) => balance::balance_file(s, &loaded.design, &request, &progress, &cancel),
        None => balance::balance_file(&InProcess, &loaded.design, &request, &progress, &cancel),
    };
    bar.finish_and_clear();
    let finished = outcome.as_ref().is_ok_and(|o| !o.cancelled());
    if let Some(s) = &sharded {
        if finished {
            s.clean_up();
        } else if s.wrote() {
            eprintln!(
                "The finished batches are kept in {}: run the same command with --resume to continue from there.",
                s.dir.display()
            );
        }
    }
    let outcome = match outcome {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let elapsed = started.elapsed();
    print!("{}", report_text(&args, &outcome, elapsed.as_secs_f64()));
    let done = if outcome.cancelled() {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    };
    if outcome.changes.is_empty() {
        if outcome.cancelled() {
            println!("\nStopped before any change helped: nothing written.");
        } else {
            println!("\nNo change helped: nothing written.");
        }
        return done;
    }
    let base = BaseDesign {
        extends: extends_path(&args.file, &out),
        mapping: match serde_yaml::to_value(&loaded.design) {
            Ok(serde_yaml::Value::Mapping(m)) => m,
            _ => serde_yaml::Mapping::new(),
        },
        design: loaded.design,
    };
    match formats::to_yaml(&outcome.best, Some(&base)) {
        Ok(text) if write_file(&out, &text) => {
            if outcome.cancelled() {
                println!(
                    "\nStopped: wrote the best design so far to {} (extends {}), not checked on fresh seeds.",
                    out.display(),
                    base.extends
                );
            } else {
                println!("\nWrote {} (extends {}).", out.display(), base.extends);
            }
            done
        }
        Ok(_) => ExitCode::from(2),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// `maps/usa.yaml` → `maps/usa-balanced.yaml`.
fn balanced_path(file: &Path) -> PathBuf {
    let stem = file
        .file_stem()
        .map_or_else(|| "design".into(), |s| s.to_string_lossy().into_owned());
    file.with_file_name(format!("{stem}-balanced.yaml"))
}

/// `maps/usa-balanced.yaml` → `maps/usa-balanced-jobs`.
fn jobs_path(out: &Path) -> PathBuf {
    let stem = out
        .file_stem()
        .map_or_else(|| "balance".into(), |s| s.to_string_lossy().into_owned());
    out.with_file_name(format!("{stem}-jobs"))
}

/// The `extends:` of the variant at `out`: the design's file name when they
/// share a folder, else its absolute path.
fn extends_path(file: &Path, out: &Path) -> String {
    let dir = |p: &Path| {
        p.parent().map(|d| {
            std::fs::canonicalize(if d.as_os_str().is_empty() {
                Path::new(".")
            } else {
                d
            })
            .ok()
        })
    };
    match (dir(file), dir(out), file.file_name()) {
        (Some(Some(a)), Some(Some(b)), Some(name)) if a == b => name.to_string_lossy().into_owned(),
        _ => std::fs::canonicalize(file)
            .unwrap_or_else(|_| file.to_owned())
            .display()
            .to_string(),
    }
}

fn measure_text(m: &Measure) -> String {
    let interval = m
        .interval
        .map(|(lo, hi)| format!(" [{lo:.3}, {hi:.3}]"))
        .unwrap_or_default();
    let mark = if m.miss > 0.0 { "✗" } else { "✓" };
    format!("{:.3}{interval} {mark}", m.value)
}

/// The run, its changes, and each target before → after.
fn report_text(args: &Args, o: &balance::Outcome, seconds: f64) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "Balanced {} — seed {}, {}, {} searched in {:.1} s",
        args.file.display(),
        args.seed,
        engine::words::count(o.generations, "generation"),
        engine::words::count_grouped(o.games, "game"),
        seconds,
    );
    let _ = writeln!(t, "Ended: {}.", o.stop);
    if o.unconfirmed > 0 {
        let _ = writeln!(
            t,
            "{} a design met every target on the search's games but not on fresh seeds: the search went on with twice the games.",
            engine::words::count(o.unconfirmed, "time")
        );
    }
    let _ = writeln!(t, "\nCHANGES");
    if o.changes.is_empty() {
        let _ = writeln!(t, "  none");
    }
    for c in &o.changes {
        let _ = writeln!(t, "  {c}");
    }
    if o.checks.is_empty() {
        return t;
    }
    let _ = writeln!(
        t,
        "\nTARGETS, before → after, on fresh seeds ({} per player count; 95% intervals)",
        engine::words::count(args.check_games, "game")
    );
    for c in &o.checks {
        let _ = writeln!(t, "  {}", c.target);
        for (b, a) in c.before.iter().zip(&c.after) {
            let _ = writeln!(
                t,
                "    {}: {} → {}   ({})",
                engine::words::count(b.players, "player"),
                measure_text(b),
                measure_text(a),
                if a.what == b.what {
                    a.what.clone()
                } else {
                    format!("{} → {}", b.what, a.what)
                }
            );
        }
    }
    t
}
