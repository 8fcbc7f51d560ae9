//! `tracklayer ladder FILE`: every bot of the design's family against the
//! others (search bots at an iteration budget), rated with Bradley–Terry on
//! the Elo scale with bootstrap intervals, printed strongest first with each
//! bot's share against every other.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use engine::families::FamilyVisitor;
use engine::game::Family;
use engine::sim::findings::thousands;
use engine::sim::ladder::{self, LadderConfig, LadderReport};
use engine::sim::skill::skill_players;
use engine::sim::{self, stats::pct};

use super::simulate::{finish_rated, with_progress};

/// Arguments of `ladder`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The design to play.
    pub file: PathBuf,
    /// Players per game (default: 2, or the design's minimum).
    #[arg(long)]
    pub players: Option<usize>,
    /// Games per group of bots (rounded up to whole rotations of the seats).
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// The seed of the deals: the same seed gives the same ladder.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (0: one per core). The ladder does not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// The bots, comma-separated (default: every bot of the family).
    #[arg(long, value_delimiter = ',')]
    pub bots: Option<Vec<String>>,
    /// Iterations per decision for the search bots named without a budget.
    #[arg(long, default_value_t = ladder::DEFAULT_BUDGET, value_parser = clap::value_parser!(u32).range(1..))]
    pub budget: u32,
    /// Stop a game at this many turns.
    #[arg(long, default_value_t = sim::DEFAULT_TURN_CAP)]
    pub turn_cap: u32,
    /// Also write the ladder as JSON.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Print no progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs `ladder`.
pub fn run(args: Args) -> ExitCode {
    if args.json.as_deref() == Some(args.file.as_path()) {
        eprintln!(
            "error: --json {} would write over the design: give another file",
            args.file.display()
        );
        return ExitCode::from(2);
    }
    super::common::visit_file(&args.file.clone(), args)
}

impl FamilyVisitor for Args {
    type Output = ExitCode;

    fn visit<F: Family>(self, design: Arc<F::Design>) -> ExitCode {
        play_ladder::<F>(&self, design)
    }
}

/// The bots named on the command line, search bots without a budget given
/// `budget` iterations; or every bot of the family.
fn participants<F: Family>(bots: Option<&[String]>, budget: u32) -> Vec<String> {
    match bots {
        None => ladder::family_bots::<F>(budget),
        Some(list) => list
            .iter()
            .map(|b| {
                let b = b.trim();
                if !b.contains(':') && ladder::takes_budget::<F>(b) {
                    format!("{b}:{budget}")
                } else {
                    b.to_owned()
                }
            })
            .collect(),
    }
}

/// Plays the ladder on a design of family `F`.
fn play_ladder<F: Family>(args: &Args, design: Arc<F::Design>) -> ExitCode {
    let players = args.players.unwrap_or_else(|| skill_players::<F>(&design));
    let config = LadderConfig::<F> {
        players,
        bots: participants::<F>(args.bots.as_deref(), args.budget),
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        turn_cap: args.turn_cap,
        design,
    };
    let started = std::time::Instant::now();
    let result = with_progress(args.quiet, |progress, cancel| {
        ladder::ladder(&config, progress, cancel)
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
        "the ladder",
        report.cancelled,
    )
}

/// The ladder as a table, strongest first: rating, interval, games, and the
/// row's share of the games against each column's bot.
pub fn render(r: &LadderReport) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Ladder on {} — {}-player games, {} per group, seed {}{}",
        r.design,
        r.players,
        engine::words::count(r.games_per_group, "game"),
        r.seed,
        if r.cancelled { " (cancelled)" } else { "" }
    );
    let _ = writeln!(
        o,
        "Rating: Bradley–Terry on the Elo scale, mean 0, 95% bootstrap interval over deals.\n\
         #k: the row's share of the games against rung k (finished ahead, ties half).\n"
    );
    let width = r
        .rungs
        .iter()
        .map(|x| x.bot.len())
        .max()
        .unwrap_or(3)
        .max(3);
    let mut head = format!(
        "{:>3}  {:<width$}  {:>6}  {:<13}  {:>6}",
        "", "bot", "rating", "95% interval", "games"
    );
    for k in 1..=r.rungs.len() {
        let _ = write!(head, "  {:>4}", format!("#{k}"));
    }
    let _ = writeln!(o, "{}", head.trim_end());
    for (i, x) in r.rungs.iter().enumerate() {
        let mut line = format!(
            "{:>3}  {:<width$}  {:>+6.0}  {:<13}  {:>6}",
            format!("{}.", i + 1),
            x.bot,
            x.elo,
            format!("{:+.0} to {:+.0}", x.low, x.high),
            thousands(x.games)
        );
        for other in &r.rungs {
            let cell = x
                .shares
                .iter()
                .find(|s| s.against == other.bot)
                .map_or_else(|| "-".to_owned(), |s| pct(s.share.value));
            let _ = write!(line, "  {cell:>4}");
        }
        let _ = writeln!(o, "{}", line.trim_end());
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

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::atomic::AtomicBool;

    use engine::board_game::BoardFamily;
    use engine::dice::DiceFamily;

    use super::*;

    fn args(file: PathBuf) -> Args {
        Args {
            file,
            players: None,
            games: 3,
            seed: 1,
            threads: 1,
            bots: None,
            budget: 50,
            turn_cap: sim::DEFAULT_TURN_CAP,
            json: None,
            quiet: true,
        }
    }

    #[test]
    fn named_search_bots_get_the_budget_and_the_rest_stay_as_given() {
        let named = ["mcts".to_owned(), "one-step".into(), "mcts:7".into()];
        assert_eq!(
            participants::<BoardFamily>(Some(&named), 40),
            ["mcts:40", "one-step", "mcts:7"]
        );
        assert_eq!(
            participants::<BoardFamily>(None, 40).len(),
            BoardFamily::BOT_NAMES.len()
        );
    }

    #[test]
    fn the_table_lists_the_rungs_strongest_first_with_their_shares() {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/trains-and-stations-demo.yaml");
        let file = formats::load(&path).unwrap().design;
        let config = LadderConfig::<DiceFamily> {
            design: Arc::new(DiceFamily::build(&file).unwrap()),
            players: 3,
            bots: participants::<DiceFamily>(
                Some(&["random".into(), "builder".into(), "deliverer".into()]),
                50,
            ),
            games: 6,
            seed: 1,
            threads: 1,
            turn_cap: sim::DEFAULT_TURN_CAP,
        };
        let report = ladder::ladder(&config, &|_| {}, &AtomicBool::new(false)).unwrap();
        let text = render(&report);
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
            .collect();
        assert_eq!(rows.len(), 3, "{text}");
        for (row, rung) in rows.iter().zip(&report.rungs) {
            assert!(row.contains(&rung.bot), "{text}");
        }
        assert!(
            text.lines()
                .any(|l| l.contains("rating") && l.trim_end().ends_with("#3")),
            "a column per rung: {text}"
        );
        assert!(
            rows[0].contains("  -"),
            "a bot has no share against itself: {text}"
        );
    }

    #[test]
    fn a_json_file_over_the_design_and_unknown_bots_are_refused() {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/trains-and-stations-demo.yaml");
        let mut over = args(path.clone());
        over.json = Some(path.clone());
        assert_eq!(run(over), ExitCode::from(2));
        let mut unknown = args(path);
        unknown.bots = Some(vec!["random".into(), "nobody".into(), "builder".into()]);
        assert_eq!(run(unknown), ExitCode::from(2));
    }
}
