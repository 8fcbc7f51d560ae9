//! `tracklayer simulate FILE`: plays thousands of bot games of any family in
//! parallel and prints what happened, where, and how sure we are (findings
//! first).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use engine::families::FamilyVisitor;
use engine::game::Family;
use engine::sim::report::PlayerCountReport;
use engine::sim::shard::{self, RunSpec, Shard, ShardFile};
use engine::sim::stats::pct;
use engine::sim::{self, Measures, SimConfig};
use engine::words::count_grouped;

use super::common::{Output, check_outputs, design_inputs, worker_threads};

/// Arguments of `simulate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The design to play.
    pub file: PathBuf,
    /// Player counts: `4`, `2..5` or `2,4` (default: every count the design allows).
    #[arg(long, value_parser = parse_players)]
    pub players: Option<PlayerCounts>,
    /// Games per player count.
    #[arg(long, default_value_t = 1000)]
    pub games: u32,
    /// Bots, comma-separated; seats are filled from this list by a seeded shuffle
    /// (default: the family's heuristic bots, i.e. every bot but `random`,
    /// `mcts` and the personas: the board game's route-focus,
    /// destination-hungry, long-route, one-step; the card game's
    /// ticket-matcher, robber).
    #[arg(long, value_delimiter = ',')]
    pub bots: Option<Vec<String>>,
    /// The seed of every game: the same seed gives the same games and report.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (0: one per core). The report does not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Stop a game at this many turns (a finding when it happens).
    #[arg(long, default_value_t = sim::DEFAULT_TURN_CAP)]
    pub turn_cap: u32,
    /// Also write the report as JSON (documented in docs/simulation.md).
    #[arg(long, conflicts_with = "shard")]
    pub json: Option<PathBuf>,
    /// Also write the routes, tickets and cities tables as CSV files into this folder.
    #[arg(long, conflicts_with = "shard")]
    pub csv: Option<PathBuf>,
    /// Play only shard K of N (0-based: `0/4` … `3/4`) and write its games to
    /// the `--out` file for `tracklayer merge` (docs/scale-out.md).
    #[arg(long, value_name = "K/N", requires = "out")]
    pub shard: Option<Shard>,
    /// The shard file to write (with `--shard`).
    #[arg(short, long, value_name = "FILE", requires = "shard")]
    pub out: Option<PathBuf>,
    /// Also measure skill versus luck: the family's strong bot against a
    /// mid-ladder bot and `random`, N games each (default 200; see docs/simulation.md).
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = super::skill::DEFAULT_GAMES, conflicts_with = "shard")]
    pub skill: Option<u32>,
    /// Print no progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Player counts given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerCounts(pub Vec<usize>);

/// Reads `4`, `2..5`, `2..=5` or `2,4`.
pub fn parse_players(s: &str) -> Result<PlayerCounts, String> {
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("`{t}` is not a player count (write 4, 2..5 or 2,4)"))
    };
    let out: Vec<usize> = if let Some((a, b)) = s.split_once("..") {
        let (a, b) = (num(a)?, num(b.trim_start_matches('='))?);
        if a > b {
            return Err(format!("`{s}`: the range is empty"));
        }
        (a..=b).collect()
    } else {
        s.split(',').map(num).collect::<Result<_, _>>()?
    };
    if out.is_empty() {
        return Err("give at least one player count".into());
    }
    Ok(PlayerCounts(out))
}

/// A progress bar with an ETA on a terminal (hidden otherwise), and a Ctrl-C
/// handler that asks the run to stop.
pub(crate) fn progress_and_cancel(quiet: bool) -> (indicatif::ProgressBar, Arc<AtomicBool>) {
    let bar = if quiet {
        indicatif::ProgressBar::hidden()
    } else {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games  {per_sec}  ETA {eta}  (Ctrl-C stops and reports)",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    // Only one handler per process; a second call (tests) is harmless to skip.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    (bar, cancel)
}

/// Runs an engine job with the games progress bar (hidden when `quiet`) and
/// Ctrl-C as its cancel flag; the bar is cleared when it returns.
pub(crate) fn with_progress<T>(
    quiet: bool,
    run: impl FnOnce(&(dyn Fn(engine::sim::Progress) + Sync), &AtomicBool) -> T,
) -> T {
    let (bar, cancel) = progress_and_cancel(quiet);
    let out = run(
        &|p| {
            bar.set_length(p.total);
            bar.set_position(p.done);
        },
        &cancel,
    );
    bar.finish_and_clear();
    out
}

/// Ends a round-robin command (`arena`, `ladder`): prints the report's text
/// and how long its games took, writes the report as JSON when asked (`what`
/// names it in an error), and gives the exit status: 130 after Ctrl-C, 2 when
/// the JSON could not be written, else success.
pub(crate) fn finish_rated<R: serde::Serialize>(
    report: &R,
    text: &str,
    games: u64,
    started: std::time::Instant,
    json: Option<&Path>,
    what: &str,
    cancelled: bool,
) -> ExitCode {
    print!("{text}");
    println!(
        "\n{} in {:.1} s",
        count_grouped(games, "game"),
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = json {
        match serde_json::to_string_pretty(report) {
            Ok(text) => {
                if !write_file(path, &text) {
                    return ExitCode::from(2);
                }
            }
            Err(e) => {
                eprintln!("error: could not encode {what}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    if cancelled {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    }
}

/// Writes a file atomically, or prints why not.
pub(crate) fn write_file(path: &Path, text: &str) -> bool {
    match formats::save::write_atomic(path, text.as_bytes()) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("error: could not write {}: {e}", path.display());
            false
        }
    }
}

/// The CSV tables a report of any family writes (`Measures::csv_tables`),
/// checked against the inputs before a run.
pub(crate) const REPORT_TABLES: [&str; 6] = [
    "routes.csv",
    "tickets.csv",
    "cities.csv",
    "big_cities.csv",
    "tracks.csv",
    "goods.csv",
];

/// The report outputs asked for (`--json FILE`, `--csv DIR`), to check
/// before any game is played.
pub(crate) fn report_outputs<'a>(
    json: Option<&'a Path>,
    csv: Option<&'a Path>,
) -> impl Iterator<Item = Output<'a>> {
    json.map(Output::File)
        .into_iter()
        .chain(csv.map(|dir| Output::Folder(dir, &REPORT_TABLES)))
}

/// Runs `simulate`.
pub fn run(mut args: Args) -> ExitCode {
    let (loaded, design) = match super::common::load_design(&args.file) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let outputs = report_outputs(args.json.as_deref(), args.csv.as_deref())
        .chain(args.out.as_deref().map(Output::File));
    if let Err(code) = check_outputs(outputs, &design_inputs(&loaded)) {
        return code;
    }
    args.threads = worker_threads(args.threads);
    design.visit(Visit {
        args,
        file: loaded.design,
    })
}

/// `simulate` with its design file (which a shard file records).
struct Visit {
    args: Args,
    file: formats::GameFile,
}

impl FamilyVisitor for Visit {
    type Output = ExitCode;

    fn visit<F: Family>(self, design: Arc<F::Design>) -> ExitCode {
        let (min, max) = F::players(&design);
        let args = &self.args;
        let config = SimConfig::<F> {
            design,
            players: args
                .players
                .clone()
                .map_or_else(|| (min..=max).collect(), |p| p.0),
            games: args.games,
            bots: args
                .bots
                .clone()
                .unwrap_or_else(|| F::default_bots().into_iter().map(str::to_owned).collect()),
            seed: args.seed,
            threads: args.threads,
            turn_cap: args.turn_cap,
        };
        match (args.shard, &args.out) {
            (Some(shard), Some(out)) => simulate_shard::<F>(args, config, self.file, shard, out),
            _ => simulate::<F>(args, &config),
        }
    }
}

/// Simulates a design of family `F`.
fn simulate<F: Family>(args: &Args, config: &SimConfig<F>) -> ExitCode {
    let started = std::time::Instant::now();
    let result = with_progress(args.quiet, |progress, cancel| {
        sim::simulate(config, progress, cancel)
    });
    let mut report = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    // The pace is the simulation's; the skill measure's games come after.
    let elapsed = started.elapsed();
    if let Some(games) = args.skill.filter(|_| !report.cancelled) {
        match super::skill::measure::<F>(
            config.design.clone(),
            games,
            config.seed,
            config.threads,
            config.turn_cap,
            args.quiet,
        ) {
            Ok(s) => report.skill = Some(s),
            Err(code) => return code,
        }
    }
    print!("{}", render::<F>(&report));
    let games: u64 = report.by_players.iter().map(|s| s.games).sum();
    println!(
        "\n{} in {:.1} s ({:.0} games/s)",
        count_grouped(games, "game"),
        elapsed.as_secs_f64(),
        games as f64 / elapsed.as_secs_f64().max(1e-9)
    );
    if !write_report::<F>(&report, args.json.as_deref(), args.csv.as_deref()) {
        ExitCode::from(2)
    } else if report.cancelled {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    }
}

/// Writes a report as JSON and its tables as CSV where asked, or prints why
/// not (false).
pub(crate) fn write_report<F: Family>(
    report: &sim::FamilyReport<F>,
    json: Option<&Path>,
    csv: Option<&Path>,
) -> bool {
    let mut ok = true;
    if let Some(path) = json {
        match serde_json::to_string_pretty(report) {
            Ok(text) => ok &= write_file(path, &text),
            Err(e) => {
                eprintln!("error: could not encode the report: {e}");
                ok = false;
            }
        }
    }
    if let Some(dir) = csv {
        let tables = F::Measures::csv_tables(report);
        if let Err(e) = formats::write_files(dir, tables.iter().map(|(n, t)| (*n, t.as_bytes()))) {
            eprintln!("error: {e}");
            ok = false;
        }
    }
    ok
}

/// Plays one shard of the run and writes its games to `out`; a cancelled
/// shard writes nothing (exit 130).
fn simulate_shard<F: Family>(
    args: &Args,
    config: SimConfig<F>,
    file: formats::GameFile,
    shard: Shard,
    out: &Path,
) -> ExitCode {
    let started = std::time::Instant::now();
    let (result, cancelled) = with_progress(args.quiet, |progress, cancel| {
        let result = shard::simulate_shard(&config, shard, progress, cancel);
        (result, cancel.load(Ordering::Relaxed))
    });
    let sections = match result {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if cancelled {
        eprintln!("cancelled: shard {shard} was not written");
        return ExitCode::from(130);
    }
    let games: usize = sections.iter().map(|s| s.records.len()).sum();
    let range = shard.games(config.games);
    let shard_file = ShardFile {
        format: shard::FORMAT.to_owned(),
        shard,
        run: RunSpec {
            design: file,
            players: config.players,
            games: config.games,
            bots: config.bots,
            seed: config.seed,
            turn_cap: config.turn_cap,
        },
        sections,
    };
    let text = match serde_json::to_string(&shard_file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: could not encode the shard: {e}");
            return ExitCode::from(2);
        }
    };
    if !write_file(out, &text) {
        return ExitCode::from(2);
    }
    if args.quiet {
        return ExitCode::SUCCESS;
    }
    println!(
        "shard {shard}: games {}..{} of each player count, {} in {:.1} s, written to {}",
        range.start,
        range.end,
        count_grouped(games as u64, "game"),
        started.elapsed().as_secs_f64(),
        out.display()
    );
    ExitCode::SUCCESS
}

/// The report as readable text: findings first, then one section per player count.
pub fn render<F: Family>(r: &sim::FamilyReport<F>) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Simulation of {} — seed {}, bots {}",
        r.design,
        r.seed,
        r.bots.join(", ")
    );
    if r.cancelled {
        let _ = writeln!(o, "Cancelled: the report covers the games finished.");
    }
    let _ = writeln!(o, "\nFINDINGS");
    for f in &r.findings {
        let mark = match f.level {
            engine::sim::Level::Warning => "!",
            engine::sim::Level::Info => "-",
        };
        let _ = writeln!(o, " {mark} {}  [{}]", f.text, f.evidence);
    }
    if let Some(s) = &r.skill {
        o.push_str(&super::skill::render(s));
    }
    for s in &r.by_players {
        section::<F>(&mut o, s);
    }
    o
}

fn section<F: Family>(o: &mut String, s: &PlayerCountReport<<F::Measures as Measures<F>>::Report>) {
    let _ = writeln!(
        o,
        "\n{} {} — {}",
        s.players,
        engine::words::noun(s.players, "player").to_uppercase(),
        count_grouped(s.games, "game")
    );
    if s.games == 0 {
        return;
    }
    let _ = writeln!(
        o,
        "\n  Outcome by seat      win rate (95% CI)        mean score"
    );
    for seat in &s.outcome.seats {
        let _ = writeln!(
            o,
            "    seat {:<14} {:<26} {:>6.1}",
            seat.seat + 1,
            seat.win_rate.percent(),
            seat.mean_score
        );
    }
    let _ = writeln!(
        o,
        "\n  Outcome by bot       win rate (95% CI)        mean score  mean rank  tickets done"
    );
    for b in &s.outcome.bots {
        let _ = writeln!(
            o,
            "    {:<19} {:<26} {:>6.1} {:>10.2} {:>12}",
            b.bot,
            b.win_rate.percent(),
            b.mean_score,
            b.mean_rank,
            b.ticket_completion.map_or_else(|| "-".to_owned(), pct)
        );
    }
    let sc = &s.scores;
    let _ = writeln!(
        o,
        "\n  Scores: mean {:.1} (sd {:.1}), quartiles {:.0} / {:.0} / {:.0}, range {:.0}–{:.0}; winners {:.1}; margin {:.1}",
        sc.total.mean,
        sc.total.sd,
        sc.total.p25,
        sc.total.median,
        sc.total.p75,
        sc.total.min,
        sc.total.max,
        sc.winner.mean,
        sc.margin.mean
    );
    let parts: Vec<String> = sc
        .components
        .iter()
        .map(|(name, mean)| format!("{} {mean:.1}", name.replace('_', " ")))
        .collect();
    let _ = writeln!(o, "  Components per player: {}", parts.join(", "));
    let _ = writeln!(
        o,
        "  Ties: top score tied in {}, shared wins after tie-breaks {}",
        pct(s.outcome.top_score_ties.value),
        pct(s.outcome.shared_wins.value)
    );
    let p = &s.pace;
    let _ = writeln!(
        o,
        "\n  Pace: {:.1} turns (p10 {:.0}, p90 {:.0}), {:.1} actions per game",
        p.turns.mean, p.turns.p10, p.turns.p90, p.actions.mean
    );
    let shares: Vec<String> = p
        .action_shares
        .iter()
        .filter(|a| a.count > 0)
        .map(|a| format!("{} {}", a.kind, pct(a.share)))
        .collect();
    let _ = writeln!(o, "  Actions: {}", shares.join(", "));
    let e = &p.end_reasons;
    let _ = writeln!(
        o,
        "  Endings: normal {}, stalemate {}, turn cap {}",
        e.normal.percent(),
        e.stalemate.percent(),
        e.turn_cap.percent()
    );
    let m = &s.metrics;
    let _ = writeln!(
        o,
        "\n  Design metrics: balance {:.3}, first-player advantage {:+.3}, lead changes {:.2}/game, decided at {} of the game, drawishness {}, completion {}{}",
        m.balance,
        m.first_player_advantage,
        m.lead_changes,
        pct(m.decided_at),
        pct(m.drawishness),
        pct(m.completion),
        m.ticket_completion
            .map(|t| format!(", ticket completion {}", pct(t)))
            .unwrap_or_default()
    );
    F::Measures::write_text(s, o);
    for e in &s.errors {
        let _ = writeln!(o, "  DEFECT: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::board_game::BoardFamily;

    #[test]
    fn player_counts_read_ranges_and_lists() {
        assert_eq!(parse_players("2..5").unwrap().0, vec![2, 3, 4, 5]);
        assert_eq!(parse_players("2..=3").unwrap().0, vec![2, 3]);
        assert_eq!(parse_players("2,4").unwrap().0, vec![2, 4]);
        assert_eq!(parse_players("4").unwrap().0, vec![4]);
        assert!(parse_players("five").unwrap_err().contains("`five`"));
        assert!(parse_players("5..2").is_err());
    }

    #[test]
    fn the_text_report_puts_findings_first_and_has_a_section_per_player_count() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let loaded = formats::load(&path).unwrap();
        let config = SimConfig::<BoardFamily> {
            design: Arc::new(engine::Board::build(&loaded.design).unwrap()),
            players: vec![2, 3],
            games: 3,
            bots: vec!["route-focus".into(), "one-step".into()],
            seed: 3,
            threads: 1,
            turn_cap: sim::DEFAULT_TURN_CAP,
        };
        let report = sim::simulate(&config, &|_| {}, &AtomicBool::new(false)).unwrap();
        let text = render::<BoardFamily>(&report);
        let findings = text.find("FINDINGS").unwrap();
        let two = text.find("2 PLAYERS — 3 games").unwrap();
        let three = text.find("3 PLAYERS — 3 games").unwrap();
        assert!(findings < two && two < three, "{text}");
        assert!(text.contains("Endings: normal"), "{text}");
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["schema"], 1);
        assert_eq!(
            json["by_players"][0]["map"]["routes"][0]["key"],
            "atlanta-charleston"
        );
    }
}
