//! `tracklayer arena FILE --bots a,b,c`: a round robin between bots on paired
//! deals (every rotation of seats plays the same deal), with Bradley–Terry
//! ratings on the Elo scale and head-to-head win rates, all with 95% intervals.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use std::sync::Arc;

use engine::families::FamilyVisitor;
use engine::game::Family;
use engine::sim;
use engine::sim::arena::{self, ArenaConfig, ArenaReport};

use super::simulate::{finish_rated, with_progress};

/// Arguments of `arena`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The design to play.
    pub file: PathBuf,
    /// The bots, comma-separated (a name may carry a budget: `mcts:2000`, `mcts:50ms`).
    #[arg(long, value_delimiter = ',', required = true)]
    pub bots: Vec<String>,
    /// Players per game; every group of this many bots plays.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Games per group of bots (rounded up to whole rotations of the seats).
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// The seed of the deals.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Stop a game at this many turns.
    #[arg(long, default_value_t = sim::DEFAULT_TURN_CAP)]
    pub turn_cap: u32,
    /// Also write the results as JSON.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Print no progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs `arena`.
pub fn run(mut args: Args) -> ExitCode {
    let (loaded, design) = match super::common::load_design(&args.file) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let outputs = args.json.as_deref().map(super::common::Output::File);
    let inputs = super::common::design_inputs(&loaded);
    if let Err(code) = super::common::check_outputs(outputs, &inputs) {
        return code;
    }
    args.threads = super::common::worker_threads(args.threads);
    design.visit(args)
}

impl FamilyVisitor for Args {
    type Output = ExitCode;

    fn visit<F: Family>(self, design: Arc<F::Design>) -> ExitCode {
        play_arena::<F>(&self, design)
    }
}

/// Plays the arena on a design of family `F`.
fn play_arena<F: Family>(args: &Args, design: Arc<F::Design>) -> ExitCode {
    let config = ArenaConfig::<F> {
        design,
        players: args.players,
        bots: args.bots.clone(),
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        turn_cap: args.turn_cap,
    };
    let started = std::time::Instant::now();
    let result = with_progress(args.quiet, |progress, cancel| {
        arena::arena(&config, progress, cancel)
    });
    let report = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    finish_rated(
        &report,
        &render(&report),
        report.games,
        started,
        args.json.as_deref(),
        "the results",
        report.cancelled,
    )
}

/// The results as readable text.
pub fn render(r: &ArenaReport) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Arena on {} — {}-player games, {}{}",
        r.design,
        r.players,
        engine::words::count_grouped(r.games, "game"),
        if r.cancelled { " (cancelled)" } else { "" }
    );
    let _ = writeln!(
        o,
        "\nRatings (Bradley–Terry, Elo scale, mean 0; 95% bootstrap CI over deals)"
    );
    for (i, x) in r.ratings.iter().enumerate() {
        let _ = writeln!(
            o,
            "  {:>2}. {:<22} {:>+7.0}  ({:+.0} to {:+.0})  {}",
            i + 1,
            x.bot,
            x.elo,
            x.low,
            x.high,
            engine::words::count_grouped(x.games, "game")
        );
    }
    let _ = writeln!(
        o,
        "\nHead to head (share of games ranked ahead, ties count half)"
    );
    for p in &r.pairwise {
        let _ = writeln!(
            o,
            "  {} vs {}: {}",
            r.bots[p.a],
            r.bots[p.b],
            p.a_wins.percent()
        );
    }
    if r.abnormal_endings > 0 {
        let _ = writeln!(
            o,
            "\n! {} ended by stalemate or turn cap",
            engine::words::count_grouped(r.abnormal_endings, "game")
        );
    }
    for e in &r.errors {
        let _ = writeln!(o, "DEFECT: {e}");
    }
    o
}
