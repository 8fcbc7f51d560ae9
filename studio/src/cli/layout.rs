//! `tracklayer layout FILE -o OUT`: moves a board design's unlocked cities
//! (and bends routes) so every route's drawn length fits its car count and
//! nothing overlaps, or a station map's stations and junctions so nothing is
//! printed over anything else (`docs/layout.md`); the studio's View → Fit
//! layout runs the same fit.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Instant;

use engine::board_game::layout::FitOptions;
use formats::Family;

/// Arguments of `layout`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The board design or station map to lay out.
    pub file: PathBuf,
    /// Where to write the laid-out design (never over FILE).
    #[arg(short, long)]
    pub out: PathBuf,
    /// How strongly cities hold their positions, as a share of the pull of their routes (0 to 10).
    #[arg(long, default_value_t = FitOptions::default().anchor, value_parser = parse_anchor)]
    pub anchor: f32,
    /// Rounds of drawing, measuring and moving (1 to 1000).
    #[arg(long, default_value_t = FitOptions::default().rounds as u16, value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub rounds: u16,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

fn parse_anchor(s: &str) -> Result<f32, String> {
    match s.trim().parse::<f32>() {
        Ok(a) if (0.0..=10.0).contains(&a) => Ok(a),
        _ => Err(format!(
            "`{s}` is not an anchor strength: give a number from 0 to 10"
        )),
    }
}

/// Runs `layout`.
pub fn run(args: Args) -> ExitCode {
    let loaded = match super::common::load_file(&args.file) {
        Ok(l) => l,
        Err(code) => return code,
    };
    if let Err(code) =
        super::common::drawn_map_only("`layout` lays out", &args.file, &loaded.design)
    {
        return code;
    }
    let outputs = [super::common::Output::File(&args.out)];
    let inputs = super::common::design_inputs(&loaded);
    if let Err(code) = super::common::check_outputs(outputs, &inputs) {
        return code;
    }
    let opts = FitOptions {
        anchor: args.anchor,
        rounds: usize::from(args.rounds),
        ..FitOptions::default()
    };
    let started = Instant::now();
    let (bar, cancel) = super::simulate::progress_and_cancel(args.quiet);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {percent}% of the rounds  ETA {eta}  (Ctrl-C stops; nothing is written)",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_length(100);
    let fitted = engine::families::fit_layout(&loaded.design, &opts, &mut |share| {
        bar.set_position((share.clamp(0.0, 1.0) * 100.0) as u64);
        !cancel.load(Ordering::Relaxed)
    });
    bar.finish_and_clear();
    let Some((design, r)) = fitted else {
        eprintln!("stopped: {} was not written", args.out.display());
        return ExitCode::from(130);
    };
    let took = started.elapsed();
    if let Err(e) = formats::save(&design, loaded.base.as_ref(), &args.out) {
        eprintln!("error: {}: {e}", args.out.display());
        return ExitCode::from(2);
    }
    if design.family == Family::Dice {
        println!(
            "Wrote {} in {:.2} s: moved {} of {} stations and junctions, by {:.1} mm on average and {:.1} mm at most",
            args.out.display(),
            took.as_secs_f64(),
            r.moved,
            design.stations.len() + design.junctions.len(),
            r.mean_move,
            r.max_move,
        );
        println!("Overlaps: {} before, {} after.", r.overlaps.0, r.overlaps.1);
        return ExitCode::SUCCESS;
    }
    println!(
        "Wrote {} in {:.2} s: moved {} of {} cities ({} locked), by {:.1} mm on average and {:.1} mm at most; bent {} routes",
        args.out.display(),
        took.as_secs_f64(),
        r.moved,
        design.cities.len(),
        r.locked,
        r.mean_move,
        r.max_move,
        r.bent
    );
    println!(
        "Overlaps: {} before, {} after. Routes off their car count: {} before, {} after.",
        r.overlaps.0, r.overlaps.1, r.lengths_off.0, r.lengths_off.1
    );
    ExitCode::SUCCESS
}
