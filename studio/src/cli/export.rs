//! `tracklayer export FILE --to KIND -o PATH`: the board as an SVG drawing or
//! a PNG image (paper colours, terrain optional, real or chosen size), the
//! print-and-play PDF and the Tabletop Simulator set (of every rule family),
//! or a design's cities, routes and tickets as three CSV
//! tables for a spreadsheet (`docs/export.md`); `tracklayer import DIR --into
//! FILE` brings the tables back.

use std::path::PathBuf;
use std::process::ExitCode;

use engine::families::AnyDesign;

use super::common::{Output, check_outputs, design_inputs};
use crate::drawing::paper::{Paper, PrintSize, WidthMm};
use crate::drawing::svg::{BoardImage, BoardStyle, Colors, board_file};
use crate::export::ExportError;
use crate::export::cards::Backs;
use crate::export::stamp::{Stamp, next_print, with_print};

/// What `export` produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// The board as drawn in the studio (an `.svg` file).
    Svg,
    /// The same drawing as an image (a `.png` file) at `--dpi`.
    Png,
    /// Print and play (a `.pdf` file): the board (a station map for Trains &
    /// Stations, none for the card game) tiled at real size, the cards, a
    /// rules summary.
    Pdf,
    /// `cities.csv`, `routes.csv` and `tickets.csv` in the output folder.
    Csv,
    /// A Tabletop Simulator saved object (`FILE.json`) with its images, in the
    /// output folder (every family).
    Tts,
}

/// Arguments of `export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The design to export.
    pub file: PathBuf,
    /// What to produce.
    #[arg(long, value_enum)]
    pub to: Kind,
    /// Where: a file for `svg`, `png` and `pdf`, a folder for `csv` and `tts` (created if missing).
    #[arg(short, long)]
    pub out: PathBuf,
    /// Dots per inch of a `png` and of a `tts` set's board image (with the printed size, this sets the image's).
    #[arg(long, default_value_t = 150.0, value_parser = parse_dpi)]
    pub dpi: f32,
    /// `svg`/`png`: print the board to fill this paper size (turned to fit) instead of at real size.
    #[arg(long, value_enum, conflicts_with = "width_mm")]
    pub size: Option<Paper>,
    /// `svg`/`png`: print the board this many millimetres wide (10 to 10000) instead of at real size.
    #[arg(long)]
    pub width_mm: Option<WidthMm>,
    /// `svg`/`png`: the studio's colours or lighter ones for paper (`pdf` always uses paper colours).
    #[arg(long, value_enum, default_value = "screen")]
    pub colors: Colors,
    /// `svg`/`png`: leave out terrain regions and country fills.
    #[arg(long)]
    pub no_terrain: bool,
    /// `pdf`: the paper the pages are printed on.
    #[arg(long, value_enum, default_value = "a4")]
    pub paper: Paper,
    /// `pdf`: card backs on pages for double-sided printing (flip on the long
    /// edge), beside the fronts to fold over (printers without duplex), or none.
    #[arg(long, value_enum, default_value = "duplex")]
    pub backs: Backs,
    /// `csv`: whose columns: Tracklayer's own (`cities.csv`, every field) or
    /// those bjornhagstrom/ticket-to-ride-map-editor reads (`stops.csv`,
    /// `Colour`, `Grey`, `Boat`, positions in its board units).
    #[arg(long, value_enum, default_value = "tracklayer")]
    pub dialect: CsvDialect,
    /// `pdf`: also keep this print's number in the design file's `print:`
    /// entry (that one line is rewritten). Without it the export reads the
    /// design and never writes it.
    #[arg(long)]
    pub record_print: bool,
}

/// The columns `--to csv` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CsvDialect {
    /// Tracklayer's own tables, which `tracklayer import` reads back exactly.
    Tracklayer,
    /// The tables of the browser map editor bjornhagstrom/ticket-to-ride-map-editor.
    Hagstrom,
}

impl From<CsvDialect> for formats::tables::Dialect {
    fn from(d: CsvDialect) -> Self {
        match d {
            CsvDialect::Tracklayer => formats::tables::Dialect::Tracklayer,
            CsvDialect::Hagstrom => formats::tables::Dialect::Hagstrom,
        }
    }
}

/// Reads a resolution between 10 and 1,200 dots per inch.
fn parse_dpi(s: &str) -> Result<f32, String> {
    let what = "a resolution from 10 to 1200 dots per inch";
    super::common::number_between(s, 10.0, 1200.0, what)
}

/// Runs `export`.
pub fn run(args: Args) -> ExitCode {
    let loaded = match super::common::load_file(&args.file) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let design = &loaded.design;
    let stem = args
        .file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "design".to_owned());
    let tts_json = format!("{stem}.json");
    let tts_files = [tts_json.as_str(), "board.png"];
    let csv_files = formats::tables::Dialect::from(args.dialect).files();
    let output = match args.to {
        Kind::Svg | Kind::Png | Kind::Pdf => Output::File(&args.out),
        Kind::Csv => Output::Folder(&args.out, &csv_files),
        Kind::Tts => Output::Folder(&args.out, &tts_files),
    };
    if let Err(code) = check_outputs([output], &design_inputs(&loaded)) {
        return code;
    }
    // Every family prints; the family says whether it draws a board or
    // has tables.
    let allowed = match args.to {
        Kind::Pdf | Kind::Tts => Ok(()),
        Kind::Csv => crate::export::families::tables(design),
        Kind::Svg | Kind::Png => crate::export::families::board_drawing(design),
    };
    if let Err(e) = allowed {
        eprintln!("error: {}: {e}", args.file.display());
        return ExitCode::from(2);
    }
    let style = BoardStyle {
        colors: args.colors,
        no_terrain: args.no_terrain,
        size: match (args.size, args.width_mm) {
            (Some(paper), _) => PrintSize::Fit(paper),
            (None, Some(WidthMm(w))) => PrintSize::Width(w),
            (None, None) => PrintSize::Real,
        },
    };
    let written = match args.to {
        Kind::Svg | Kind::Png => {
            let image = if args.to == Kind::Svg {
                BoardImage::Svg
            } else {
                BoardImage::Png { dpi: args.dpi }
            };
            board_file(design, image, &style)
                .map_err(ExportError::from)
                .and_then(|bytes| Ok(formats::write_atomic(&args.out, &bytes)?))
        }
        Kind::Pdf => {
            let Some(built) = playable(&loaded, &args.file) else {
                return ExitCode::from(1);
            };
            let bytes = std::fs::read(&args.file).unwrap_or_default();
            let print = next_print(design);
            let stamp = Stamp::new(&design.name, &bytes).numbered(print.number);
            let source = crate::export::source_board(design, Some(&args.file));
            let options = crate::export::pdf::Options {
                paper: args.paper,
                backs: args.backs,
            };
            crate::export::pdf::print_with(design, &built, source.as_ref(), options, &stamp)
                .and_then(|bytes| Ok(formats::write_atomic(&args.out, &bytes)?))
        }
        Kind::Tts => {
            let Some(built) = playable(&loaded, &args.file) else {
                return ExitCode::from(1);
            };
            let source = crate::export::source_board(design, Some(&args.file));
            crate::export::tts::write_any(
                design,
                &built,
                source.as_ref(),
                &args.out,
                &stem,
                args.dpi,
            )
        }
        Kind::Csv => {
            let tables = formats::tables::export_as(design, args.dialect.into());
            formats::write_files(&args.out, tables.iter().map(|(n, t)| (*n, t.as_bytes())))
                .map(drop)
                .map_err(ExportError::from)
        }
    };
    if let Err(e) = written {
        eprintln!("error: {}: {e}", args.file.display());
        eprintln!("Nothing was written.");
        return ExitCode::from(2);
    }
    if args.to == Kind::Pdf && args.record_print {
        record_print(&loaded, &args.file);
    } else if args.to == Kind::Pdf {
        println!(
            "print v{} (not recorded in {}: add --record-print to keep it)",
            next_print(design).number,
            args.file.display()
        );
    }
    let done = match args.to {
        Kind::Svg | Kind::Png => "the board drawn".to_owned(),
        Kind::Pdf => format!("print and play on {} paper written", args.paper.name()),
        Kind::Csv => "the tables written".to_owned(),
        Kind::Tts => "the Tabletop Simulator set written".to_owned(),
    };
    let what = crate::export::families::summary(design);
    println!(
        "{}: {what}; {done} to {}",
        args.file.display(),
        args.out.display()
    );
    ExitCode::SUCCESS
}

/// Keeps the print number of this export in the design file when the design
/// changed since its last printing (only the `print:` line changes), on
/// `--record-print`. A file that cannot be rewritten only gets a warning: the
/// PDF is written.
fn record_print(loaded: &formats::LoadedDesign, file: &std::path::Path) {
    let print = next_print(&loaded.design);
    if loaded.design.print.as_ref() == Some(&print) {
        println!("print v{} (the design is unchanged since)", print.number);
        return;
    }
    let recorded = std::fs::read_to_string(file)
        .map_err(|e| e.to_string())
        .and_then(|text| {
            let new = with_print(&text, &print);
            // Only a file that reads back with the new number is written.
            match formats::load_str(&new, file) {
                Ok(l) if l.design.print.as_ref() == Some(&print) => {
                    formats::write_atomic(file, new.as_bytes()).map_err(|e| e.to_string())
                }
                _ => Err("its `print:` entry could not be set".to_owned()),
            }
        });
    match recorded {
        Ok(()) => println!("print v{} recorded in {}", print.number, file.display()),
        Err(e) => eprintln!(
            "warning: this is print v{} but {} could not record it: {e}",
            print.number,
            file.display()
        ),
    }
}

/// The validated design of a loaded file (of any family), or `None` after
/// printing its errors.
fn playable(loaded: &formats::LoadedDesign, file: &std::path::Path) -> Option<AnyDesign> {
    let diagnostics = match AnyDesign::build(&loaded.design) {
        Ok(built) => return Some(built),
        Err(diagnostics) => diagnostics,
    };
    super::common::print_errors(diagnostics, loaded);
    eprintln!(
        "{} has errors, so its cards cannot be made: fix them first (`tracklayer validate {}`)",
        file.display(),
        file.display()
    );
    None
}

/// Arguments of `import`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The folder holding `cities.csv` (or the map editor's `stops.csv`),
    /// `routes.csv` and `tickets.csv` (headers in any case, `,` `;` or tab
    /// separated).
    pub dir: PathBuf,
    /// The design to update (its cities, routes and tickets are replaced; its
    /// rules and the rest stay), or to create when it does not exist.
    #[arg(long)]
    pub into: PathBuf,
}

/// Runs `import`: nothing is written unless every row reads.
pub fn import(args: ImportArgs) -> ExitCode {
    // The tables and the bases the design extends are read; the design
    // itself is the one file meant to be rewritten.
    let mut inputs: Vec<PathBuf> = formats::tables::TABLE_FILES
        .iter()
        .chain(&formats::tables::HAGSTROM_FILES[..1])
        .map(|name| args.dir.join(name))
        .collect();
    let (mut design, base) = if args.into.exists() {
        match formats::load(&args.into) {
            Ok(l) => {
                let files = design_inputs(&l);
                inputs.extend(files.into_iter().rev().skip(1));
                (l.design, l.base)
            }
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
    if let Err(code) = check_outputs([Output::File(&args.into)], &inputs) {
        return code;
    }
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
        "{}: {}, {}, {} from {}; check it with `tracklayer validate {}`",
        args.into.display(),
        engine::words::count(design.cities.len(), "city"),
        engine::words::count(design.routes.len(), "route"),
        engine::words::count(design.tickets.len(), "ticket"),
        args.dir.display(),
        args.into.display()
    );
    ExitCode::SUCCESS
}
