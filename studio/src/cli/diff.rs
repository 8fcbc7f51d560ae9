//! `tracklayer diff A B`: what differs between two designs — cities,
//! countries, routes, tickets, rules and deck, by name — and with
//! `--simulate` the change in every simulation metric with its 95% interval
//! (both designs played from the same seeds).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use engine::board_game::deck::{DeckFigures, compare_text};
use engine::board_game::sim::BoardReport;
use engine::diff::data::value_text;
use engine::diff::{
    DesignDiff, FieldChange, MetricChange, design_diff, report_diff, simulate_pair,
};
use engine::families::FamilyVisitor;
use engine::game::Family;
use engine::sim::{self, SimConfig};
use serde::Serialize;

use super::simulate::{PlayerCounts, parse_players, with_progress, write_file};

/// Arguments of `diff`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The first design (before).
    pub a: PathBuf,
    /// The second design (after).
    pub b: PathBuf,
    /// Also simulate both designs from the same seeds and compare every report metric.
    #[arg(long)]
    pub simulate: bool,
    /// Player counts to simulate (default: every count both designs allow).
    #[arg(long, value_parser = parse_players, requires = "simulate")]
    pub players: Option<PlayerCounts>,
    /// Games per player count and design.
    #[arg(long, default_value_t = 1000, requires = "simulate")]
    pub games: u32,
    /// Bots, comma-separated, as for `simulate`.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "route-focus,destination-hungry,long-route,one-step",
        requires = "simulate"
    )]
    pub bots: Vec<String>,
    /// The seed of both simulations.
    #[arg(long, default_value_t = 1, requires = "simulate")]
    pub seed: u64,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Stop a game at this many turns.
    #[arg(long, default_value_t = sim::DEFAULT_TURN_CAP)]
    pub turn_cap: u32,
    /// Also compare skill versus luck: the family's strong bot against a
    /// mid-ladder bot and `random` on each design, N games each (default 200).
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = super::skill::DEFAULT_GAMES, requires = "simulate")]
    pub skill: Option<u32>,
    /// List every metric, not only those that changed beyond chance.
    #[arg(long, requires = "simulate")]
    pub all: bool,
    /// Also write the difference as JSON (docs/diff.md).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Print no progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// The whole difference, as `--json` writes it.
#[derive(Debug, Serialize)]
struct DiffOutput {
    /// The first design's file.
    a: String,
    /// The second design's file.
    b: String,
    /// The data difference.
    data: DesignDiff,
    /// The simulated difference, with `--simulate`.
    #[serde(skip_serializing_if = "Option::is_none")]
    simulated: Option<SimulatedDiff>,
    /// The two ticket decks in figures, when both are board designs and
    /// their tickets differ (with completion when simulated).
    #[serde(skip_serializing_if = "Option::is_none")]
    decks: Option<[DeckFigures; 2]>,
}

/// The simulated difference and how it was measured.
#[derive(Debug, Serialize)]
struct SimulatedDiff {
    players: Vec<usize>,
    games: u32,
    bots: Vec<String>,
    seed: u64,
    /// Games against each opponent of the skill measure, with `--skill`.
    #[serde(skip_serializing_if = "Option::is_none")]
    skill_games: Option<u32>,
    metrics: Vec<MetricChange>,
    /// Both decks' figures with their simulated completion (board designs).
    #[serde(skip)]
    decks: Option<[DeckFigures; 2]>,
}

/// Runs `diff`.
pub fn run(mut args: Args) -> ExitCode {
    let (a, design_a) = match super::common::load_design(&args.a) {
        Ok(d) => d,
        Err(code) => return code,
    };
    let (b, _) = match super::common::load_design(&args.b) {
        Ok(d) => d,
        Err(code) => return code,
    };
    let mut inputs = super::common::design_inputs(&a);
    inputs.extend(super::common::design_inputs(&b));
    let outputs = args.json.as_deref().map(super::common::Output::File);
    if let Err(code) = super::common::check_outputs(outputs, &inputs) {
        return code;
    }
    args.threads = super::common::worker_threads(args.threads);
    let data = design_diff(&a.design, &b.design);
    let mut out = DiffOutput {
        a: args.a.display().to_string(),
        b: args.b.display().to_string(),
        data,
        simulated: None,
        decks: deck_figures(&a.design, &b.design),
    };
    print!("{}", data_text(&out));
    if args.simulate {
        if a.design.family != b.design.family {
            eprintln!(
                "error: {} is a {} design and {} a {} design: only designs of one family can be simulated side by side",
                out.a, a.design.family, out.b, b.design.family
            );
            return ExitCode::from(2);
        }
        match design_a.visit(SimulateBoth {
            args: &args,
            a: a.design.clone(),
            b: b.design,
        }) {
            Ok(mut s) => {
                print!("{}", simulated_text(&s, args.all));
                if out.decks.is_some() {
                    out.decks = s.decks.take();
                }
                out.simulated = Some(s);
            }
            Err(code) => return code,
        }
    }
    if let Some([a, b]) = &out.decks {
        print!("\nDECKS\n{}", compare_text(a, b, ("before", "after")));
    }
    if let Some(path) = &args.json {
        match serde_json::to_string_pretty(&out) {
            Ok(text) if write_file(path, &text) => {}
            Ok(_) => return ExitCode::from(2),
            Err(e) => {
                eprintln!("error: could not encode the difference: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// Simulates both designs (the first given as the visited one).
struct SimulateBoth<'a> {
    args: &'a Args,
    a: formats::GameFile,
    b: formats::GameFile,
}

/// Two designs' ticket decks in figures, when both have the board game's
/// map (cities joined by routes) and their tickets differ.
fn deck_figures(a: &formats::GameFile, b: &formats::GameFile) -> Option<[DeckFigures; 2]> {
    let board = |f: &formats::GameFile| formats::families::of(f.family).city_map;
    (board(a) && board(b) && a.tickets != b.tickets)
        .then(|| [DeckFigures::of(a), DeckFigures::of(b)])
}

/// Two simulation reports as board reports (`None` for other families).
fn board_reports<R: 'static>(
    reports: &[sim::SimReport<R>],
) -> Option<[&sim::SimReport<BoardReport>; 2]> {
    fn board<R: 'static>(r: &sim::SimReport<R>) -> Option<&sim::SimReport<BoardReport>> {
        (r as &dyn std::any::Any).downcast_ref()
    }
    Some([board(reports.first()?)?, board(reports.get(1)?)?])
}

impl FamilyVisitor for SimulateBoth<'_> {
    type Output = Result<SimulatedDiff, ExitCode>;

    fn visit<F: Family>(self, design_a: Arc<F::Design>) -> Result<SimulatedDiff, ExitCode> {
        let args = self.args;
        let design_b = Arc::new(F::build(&self.b).map_err(|_| ExitCode::from(1))?);
        let ((min_a, max_a), (min_b, max_b)) = (F::players(&design_a), F::players(&design_b));
        let players = args
            .players
            .clone()
            .map_or_else(|| (min_a.max(min_b)..=max_a.min(max_b)).collect(), |p| p.0);
        let config = |design| SimConfig::<F> {
            design,
            players: players.clone(),
            games: args.games,
            bots: args.bots.clone(),
            seed: args.seed,
            threads: args.threads,
            turn_cap: args.turn_cap,
        };
        let reports = with_progress(args.quiet, |progress, cancel| {
            simulate_pair(
                &config(design_a.clone()),
                design_b.clone(),
                progress,
                cancel,
            )
        });
        let mut reports = match reports {
            Ok(Some(r)) => r,
            Ok(None) => {
                eprintln!("cancelled: no simulated difference");
                return Err(ExitCode::from(130));
            }
            Err(e) => {
                eprintln!("error: {e}");
                return Err(ExitCode::from(2));
            }
        };
        if let Some(games) = args.skill {
            for (report, design) in reports.iter_mut().zip([design_a, design_b]) {
                report.skill = Some(super::skill::measure::<F>(
                    design,
                    games,
                    args.seed,
                    args.threads,
                    args.turn_cap,
                    args.quiet,
                )?);
            }
        }
        let decks = board_reports(&reports).map(|[ra, rb]| {
            [
                DeckFigures::of(&self.a).with_completion(ra),
                DeckFigures::of(&self.b).with_completion(rb),
            ]
        });
        let metrics = report_diff(&reports[0], &reports[1]).map_err(|e| {
            eprintln!("error: {e}");
            ExitCode::from(2)
        })?;
        Ok(SimulatedDiff {
            players,
            games: args.games,
            bots: args.bots.clone(),
            seed: args.seed,
            skill_games: args.skill,
            metrics,
            decks,
        })
    }
}

/// A value in a line of text: long texts are cut.
fn short(v: Option<&serde_yaml::Value>) -> String {
    const MAX: usize = 48;
    let t = value_text(v);
    if t.chars().count() > MAX {
        format!("{}…", t.chars().take(MAX).collect::<String>())
    } else {
        t
    }
}

fn changes_text(fields: &[FieldChange]) -> String {
    fields
        .iter()
        .map(|f| {
            format!(
                "{} {} → {}",
                f.field,
                short(f.before.as_ref()),
                short(f.after.as_ref())
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The data difference in words.
fn data_text(d: &DiffOutput) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "Differences from {} to {}", d.a, d.b);
    if d.data.is_empty() {
        let _ = writeln!(o, "\nThe designs have the same data.");
        return o;
    }
    for (name, list) in &d.data.lists {
        if list.is_empty() {
            continue;
        }
        let _ = writeln!(
            o,
            "\n{} ({} added, {} removed, {} changed)",
            name.to_uppercase(),
            list.added.len(),
            list.removed.len(),
            list.changed.len()
        );
        for n in &list.added {
            let _ = writeln!(o, "  + {n}");
        }
        for n in &list.removed {
            let _ = writeln!(o, "  - {n}");
        }
        for c in &list.changed {
            let name = match &c.renamed {
                Some(r) => format!("{} → {r}", c.name),
                None => c.name.clone(),
            };
            let _ = writeln!(o, "  ~ {name}: {}", changes_text(&c.fields));
        }
    }
    for (title, fields) in [
        ("RULES", &d.data.rules),
        ("CARDS", &d.data.cards),
        ("OTHER", &d.data.other),
    ] {
        if fields.is_empty() {
            continue;
        }
        let _ = writeln!(o, "\n{title}");
        for f in fields {
            let _ = writeln!(o, "  ~ {}", changes_text(std::slice::from_ref(f)));
        }
    }
    o
}

/// The simulated difference in words: the metrics that changed beyond
/// chance (or all of them).
fn simulated_text(s: &SimulatedDiff, all: bool) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "\nSIMULATED — {} per player count and design, seed {} for both, bots {}",
        engine::words::count(s.games, "game"),
        s.seed,
        s.bots.join(", ")
    );
    let significant = s.metrics.iter().filter(|m| m.significant()).count();
    let with_interval = s.metrics.iter().filter(|m| m.interval.is_some()).count();
    // The skill measure is shown whether or not it changed: a designer asked for it.
    let shown = |m: &&MetricChange| all || m.significant() || m.metric.contains(" / skill / ");
    for m in s.metrics.iter().filter(shown) {
        let interval = m
            .interval
            .map(|(lo, hi)| format!("[{lo:+.3}, {hi:+.3}]"))
            .unwrap_or_default();
        let mark = if m.significant() { "*" } else { " " };
        let _ = writeln!(
            o,
            " {mark} {}: {:.3} → {:.3}  {:+.3} {interval}",
            m.metric, m.before, m.after, m.change
        );
    }
    let _ = writeln!(
        o,
        "{significant} of {} with an interval changed beyond chance (* : the 95% interval of the change excludes 0){}",
        engine::words::count(with_interval, "metric"),
        if all {
            ""
        } else {
            "; --all lists every metric"
        }
    );
    o
}
