//! `tracklayer styles FILE`: how the bots play a board design. The four
//! literature styles' round robin on it (each style's share of places
//! ahead), and what the default `expert` settles on from it: the style it
//! protects, the styles it deals its rivals in its playouts, and its
//! playouts per decision. These are the figures docs/bots.md's *Budgets*
//! quotes.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use engine::board_game::BoardGame;
use engine::board_game::bots::Style;
use engine::board_game::bots::design_styles::GAMES;
use engine::board_game::bots::expert::{
    DEFAULT_ITERATIONS, DesignDefaults, MAX_DEFAULT_ITERATIONS, REFERENCE_ROUTE_TURNS,
    design_defaults,
};
use engine::families::AnyDesign;
use engine::words;

use super::common::TableFormat;
use super::common::load_design;
use super::stats::table;

/// Arguments of `styles`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The board design.
    pub file: PathBuf,
    /// Players at the table; a comma-separated list gives each count in turn.
    #[arg(long, value_delimiter = ',', default_value = "2")]
    pub players: Vec<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TableFormat::Human)]
    pub format: TableFormat,
}

/// Runs `styles`.
pub fn run(args: Args) -> ExitCode {
    let (loaded, design) = match load_design(&args.file) {
        Ok(d) => d,
        Err(code) => return code,
    };
    let AnyDesign::Board(board) = design else {
        eprintln!(
            "error: {}: `styles` reads the board game's bots; this is a {} design",
            args.file.display(),
            loaded.design.family
        );
        return ExitCode::from(2);
    };
    let mut found = Vec::new();
    for &players in &args.players {
        match BoardGame::new(Arc::clone(&board), players) {
            Ok(game) => found.push((players, design_defaults(&game))),
            Err(e) => {
                eprintln!("error: {}: {e}", args.file.display());
                return ExitCode::from(2);
            }
        }
    }
    match args.format {
        TableFormat::Human => {
            for (players, d) in &found {
                print!("{}", report(&loaded.design.name, *players, d));
            }
        }
        TableFormat::Json => {
            let all: Vec<serde_json::Value> = found.iter().map(|(p, d)| json(*p, d)).collect();
            match serde_json::to_string_pretty(&all) {
                Ok(text) => println!("{text}"),
                Err(e) => {
                    eprintln!("error: cannot write the figures as JSON: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    }
    ExitCode::SUCCESS
}

/// One player count's figures as text.
fn report(name: &str, players: usize, d: &DesignDefaults) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{name}, {}: the styles' round robin ({} finished of {} on fixed deals, {:.1} turns a game)",
        words::count(players, "player"),
        d.styles.games,
        words::count(GAMES, "game"),
        d.styles.mean_turns()
    );
    let mut rows = vec![vec![
        "style".to_owned(),
        "places ahead".into(),
        "expert's rivals".into(),
        String::new(),
    ]];
    for (k, style) in Style::ALL.iter().enumerate() {
        let mark = if *style == d.default_style {
            "expert's default style"
        } else {
            ""
        };
        rows.push(vec![
            style.name().to_owned(),
            format!("{:.0}%", 100.0 * d.styles.strengths[k]),
            format!("{:.0}%", 100.0 * d.rival_chances[k]),
            mark.to_owned(),
        ]);
    }
    table(&mut out, &rows);
    let _ = writeln!(
        out,
        "  expert's default budget: {} playouts a decision ({} routes × {:.1} turns = {} route-turns a \
         playout; {DEFAULT_ITERATIONS} × {} over that, from {DEFAULT_ITERATIONS} to \
         {MAX_DEFAULT_ITERATIONS})\n",
        d.iterations,
        d.routes,
        d.styles.mean_turns(),
        words::thousands(d.route_turns),
        words::thousands(REFERENCE_ROUTE_TURNS),
    );
    out
}

/// One player count's figures as JSON.
fn json(players: usize, d: &DesignDefaults) -> serde_json::Value {
    let styles: Vec<serde_json::Value> = Style::ALL
        .iter()
        .enumerate()
        .map(|(k, s)| {
            serde_json::json!({
                "style": s.name(),
                "places_ahead": d.styles.strengths[k],
                "rival_chance": d.rival_chances[k],
            })
        })
        .collect();
    serde_json::json!({
        "players": players,
        "round_robin_games": d.styles.games,
        "mean_turns": d.styles.mean_turns(),
        "routes": d.routes,
        "route_turns": d.route_turns,
        "styles": styles,
        "default_style": d.default_style.name(),
        "default_playouts": d.iterations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The USA at 2 players reads as docs/bots.md's *Budgets* says: 350
    /// playouts, `one-step` the default style, every style's share shown.
    #[test]
    fn the_usa_report_names_the_default_style_and_budget() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let design = formats::load(&path).unwrap().design;
        let board = Arc::new(engine::Board::build(&design).unwrap());
        let d = design_defaults(&BoardGame::new(board, 2).unwrap());
        let text = report("USA", 2, &d);
        assert!(text.contains("350 playouts a decision"), "{text}");
        let default = text
            .lines()
            .find(|l| l.contains("expert's default style"))
            .unwrap();
        assert!(default.trim_start().starts_with("one-step"), "{text}");
        for s in Style::ALL {
            assert!(text.contains(s.name()), "{text}");
        }
        assert_eq!(json(2, &d)["default_playouts"], 350);
    }
}
