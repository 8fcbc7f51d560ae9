//! `--skill[=N]` of `simulate` and `diff --simulate`: the skill-versus-luck
//! measure ([`engine::sim::skill`]) with a progress bar, and its text.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::Arc;

use engine::game::Family;
use engine::sim::skill::{self, SkillConfig, SkillReport};

use super::simulate::with_progress;

/// Games per opponent when `--skill` is given without a number.
pub const DEFAULT_GAMES: &str = "200";

/// Measures how often the family's strong bot wins on `design`, `games`
/// against each opponent, or prints why not (exit 2; 130 when cancelled).
pub fn measure<F: Family>(
    design: Arc<F::Design>,
    games: u32,
    seed: u64,
    threads: usize,
    turn_cap: u32,
    quiet: bool,
) -> Result<SkillReport, ExitCode> {
    if games == 0 {
        eprintln!("error: --skill needs at least one game against each opponent");
        return Err(ExitCode::from(2));
    }
    let config = SkillConfig::<F> {
        design,
        games,
        seed,
        threads,
        turn_cap,
    };
    let result = with_progress(quiet, |progress, cancel| {
        skill::skill(&config, progress, cancel)
    });
    match result {
        Ok(r) if r.cancelled => {
            eprintln!("cancelled: the skill measure was not finished");
            Err(ExitCode::from(130))
        }
        Ok(r) => Ok(r),
        Err(e) => {
            eprintln!("error: {e}");
            Err(ExitCode::from(2))
        }
    }
}

/// The measure in words, as `simulate` prints it.
pub fn render(s: &SkillReport) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "\nSKILL VERSUS LUCK — {}, {} in one seat, its opponents in the others (seats rotated)",
        engine::words::count(s.players, "player"),
        s.strong
    );
    for m in &s.matches {
        let who = if m.role == "mid" {
            format!("{} (mid-ladder)", m.opponent)
        } else {
            m.opponent.clone()
        };
        let _ = writeln!(
            o,
            "  against {who:<34} {} ahead in {} of {}",
            s.strong,
            m.strong_wins.percent(),
            engine::words::count_grouped(m.strong_wins.of, "game")
        );
    }
    let _ = writeln!(
        o,
        "  (pure luck: 50%; the closer to 100%, the more often the better player wins{})",
        if s.players > 2 {
            "; with more than 2 players: the share of the other seats it finished ahead of"
        } else {
            ""
        }
    );
    o
}
