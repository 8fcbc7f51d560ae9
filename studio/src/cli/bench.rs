//! `tracklayer bench`: uniform-random legal play from setup to the end on one
//! thread, reporting games per second, µs per action and peak memory.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use engine::families::FamilyVisitor;
use engine::game::{Family, Game, play_randomly};
use engine::rng::GameRng;

/// Arguments of `bench`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The design (default: maps/usa.yaml).
    #[arg(default_value = "maps/usa.yaml")]
    pub file: PathBuf,
    /// Players at the table.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Games to play (at least 1).
    #[arg(long, default_value_t = 20_000, value_parser = parse_games)]
    pub games: u64,
    /// The first game's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play the same games this many times and also report the best and the
    /// median run: on a busy machine one run says little.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub repeat: u32,
}

/// Reads a game count of at least one: a benchmark of no games measures
/// nothing (it printed "NaN actions/game").
fn parse_games(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        Ok(_) => Err("a benchmark needs at least one game: give --games 1 or more".to_owned()),
        Err(_) => Err(format!("`{s}` is not a number of games")),
    }
}

/// One run's figures.
struct Run {
    secs: f64,
    actions: u64,
}

fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `bench`.
pub fn run(args: Args) -> ExitCode {
    super::common::visit_file(&args.file.clone(), args)
}

impl FamilyVisitor for Args {
    type Output = ExitCode;

    fn visit<F: Family>(self, design: Arc<F::Design>) -> ExitCode {
        bench::<F>(&self, &design)
    }
}

/// Times random play of the design's family.
fn bench<F: Family>(args: &Args, design: &Arc<F::Design>) -> ExitCode {
    let game = match F::new_game(design, args.players) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut runs = Vec::new();
    // One state, dealt anew for each game.
    let mut state = game.new_initial_state(args.seed);
    for _ in 0..args.repeat {
        let mut rng = GameRng::seeded(args.seed);
        let mut actions = 0u64;
        let start = Instant::now();
        for g in 0..args.games {
            game.renew_state(&mut state, args.seed.wrapping_add(g));
            match play_randomly(&mut state, &mut rng, 10_000) {
                Ok(n) => actions += n as u64,
                Err(e) => {
                    eprintln!("error: game {g}: {e}");
                    return ExitCode::from(1);
                }
            }
        }
        let run = Run {
            secs: start.elapsed().as_secs_f64(),
            actions,
        };
        println!(
            "{} of {} on {}: {:.2} s, {:.0} games/s, {:.1} actions/game, {:.3} µs/action, peak memory {} KiB",
            engine::words::count(args.games, "game"),
            args.file.display(),
            engine::words::count(args.players, "player"),
            run.secs,
            args.games as f64 / run.secs,
            run.actions as f64 / args.games as f64,
            run.secs * 1e6 / run.actions.max(1) as f64,
            peak_memory_kib().map_or_else(|| "?".to_owned(), |k| k.to_string())
        );
        runs.push(run);
    }
    if runs.len() > 1 {
        runs.sort_by(|a, b| a.secs.total_cmp(&b.secs));
        let rate = |r: &Run| args.games as f64 / r.secs;
        println!(
            "{}: best {:.0} games/s ({:.3} µs/action), median {:.0} games/s",
            engine::words::count(runs.len(), "run"),
            rate(&runs[0]),
            runs[0].secs * 1e6 / runs[0].actions.max(1) as f64,
            rate(&runs[runs.len() / 2])
        );
    }
    ExitCode::SUCCESS
}
