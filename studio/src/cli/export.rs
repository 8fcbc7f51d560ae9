//! `tracklayer export FILE --to KIND -o PATH`: the board as an SVG drawing at
//! real size, or a design's cities, routes and tickets as three CSV tables for
//! a spreadsheet (`docs/export.md`); `tracklayer import DIR --into FILE`
//! brings the tables back.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::app::canvas::svg::{BoardImage, board_file};

/// What `export` produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// The board as drawn in the studio, at real size (an `.svg` file).
    Svg,
    /// The same drawing as an image (a `.png` file) at `--dpi`.
    Png,
    /// `cities.csv`, `routes.csv` and `tickets.csv` in the output folder.
    Csv,
}

/// Arguments of `export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The design to export.
    pub file: PathBuf,
    /// What to produce.
    #[arg(long, value_enum)]
    pub to: Kind,
    /// Where: a file for `svg` and `png`, a folder for `csv` (created if missing).
    #[arg(short, long)]
    pub out: PathBuf,
    /// Dots per inch of a `png` (the board's real size sets the image's).
    #[arg(long, default_value_t = 150.0, value_parser = parse_dpi)]
    pub dpi: f32,
}

/// Reads a resolution between 10 and 1,200 dots per inch.
fn parse_dpi(s: &str) -> Result<f32, String> {
    match s.trim().parse::<f32>() {
        Ok(d) if (10.0..=1200.0).contains(&d) => Ok(d),
        _ => Err(format!(
            "`{s}` is not a resolution from 10 to 1200 dots per inch"
        )),
    }
}

/// Runs `export`.
pub fn run(args: Args) -> ExitCode {
    let loaded = match formats::load(&args.file) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let design = &loaded.design;
    let written = match args.to {
        Kind::Svg | Kind::Png => {
            let image = if args.to == Kind::Svg {
                BoardImage::Svg
            } else {
                BoardImage::Png { dpi: args.dpi }
            };
            board_file(design, image).and_then(|bytes| {
                formats::write_atomic(&args.out, &bytes).map_err(|e| e.to_string())
            })
        }
        Kind::Csv => {
            let tables = formats::tables::export(design);
            formats::write_files(&args.out, tables.iter().map(|(n, t)| (*n, t.as_bytes())))
                .map(drop)
                .map_err(|e| e.to_string())
        }
    };
    if let Err(e) = written {
        eprintln!("error: {}: {e}", args.file.display());
        return ExitCode::from(2);
    }
    let done = match args.to {
        Kind::Svg | Kind::Png => "the board drawn",
        Kind::Csv => "the tables written",
    };
    println!(
        "{}: {} cities, {} routes, {} tickets; {done} to {}",
        args.file.display(),
        design.cities.len(),
        design.routes.len(),
        design.tickets.len(),
        args.out.display()
    );
    ExitCode::SUCCESS
}

/// Arguments of `import`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The folder holding `cities.csv`, `routes.csv` and `tickets.csv`.
    pub dir: PathBuf,
    /// The design to update (its cities, routes and tickets are replaced; its
    /// rules and the rest stay), or to create when it does not exist.
    #[arg(long)]
    pub into: PathBuf,
}

/// Runs `import`: nothing is written unless every row reads.
pub fn import(args: ImportArgs) -> ExitCode {
    let (mut design, base) = if args.into.exists() {
        match formats::load(&args.into) {
            Ok(l) => (l.design, l.base),
            Err(e) => {
                eprintln!("error: {e}");
                eprintln!("{} is left as it is.", args.into.display());
                return ExitCode::from(2);
            }
        }
    } else {
        let name = args
            .into
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        (
            formats::GameFile {
                name,
                ..formats::GameFile::default()
            },
            None,
        )
    };
    if let Err(e) = formats::tables::import(&mut design, &args.dir) {
        eprintln!("error: {e}");
        eprintln!("{} is left as it is.", args.into.display());
        return ExitCode::from(1);
    }
    if let Err(e) = formats::save(&design, base.as_ref(), &args.into) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    println!(
        "{}: {} cities, {} routes, {} tickets from {}; check it with `tracklayer validate {}`",
        args.into.display(),
        design.cities.len(),
        design.routes.len(),
        design.tickets.len(),
        args.dir.display(),
        args.into.display()
    );
    ExitCode::SUCCESS
}
