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

/// Reads an anchor strength from 0 to 10.
fn parse_anchor(s: &str) -> Result<f32, String> {
    let what = "an anchor strength: give a number from 0 to 10";
    super::common::number_between(s, 0.0, 10.0, what)
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
    let Some(fitted) = fitted else {
        eprintln!("stopped: {} was not written", args.out.display());
        return ExitCode::from(130);
    };
    let took = started.elapsed();
    if let Err(e) = formats::save(&fitted.design, loaded.base.as_ref(), &args.out) {
        eprintln!("error: {}: {e}", args.out.display());
        return ExitCode::from(2);
    }
    println!("{}", summary(&fitted, &args.out, took.as_secs_f64()));
    ExitCode::SUCCESS
}

/// What `layout` says it did: the moves, and the figures of routes fitting
/// their car counts where the map's routes have them.
fn summary(fitted: &engine::families::LaidOut, out: &std::path::Path, secs: f64) -> String {
    let (r, places) = (&fitted.report, fitted.places);
    let (moved, count) = (r.moved, fitted.place_count);
    if !fitted.fits_lengths {
        return format!(
            "Wrote {} in {secs:.2} s: moved {moved} of {count} {places}, by {:.1} mm on average and {:.1} mm at most\n\
             Overlaps: {} before, {} after.",
            out.display(),
            r.mean_move,
            r.max_move,
            r.overlaps.0,
            r.overlaps.1,
        );
    }
    format!(
        "Wrote {} in {secs:.2} s: moved {moved} of {count} {places} ({} locked), by {:.1} mm on average and {:.1} mm at most; bent {}\n\
         Overlaps: {} before, {} after. Routes crossing: {} before, {} after. Routes off their car count: {} before, {} after.",
        out.display(),
        r.locked,
        r.mean_move,
        r.max_move,
        engine::words::count(r.bent, "route"),
        r.overlaps.0,
        r.overlaps.1,
        r.crossings.0,
        r.crossings.1,
        r.lengths_off.0,
        r.lengths_off.1
    )
}
