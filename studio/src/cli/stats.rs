//! `tracklayer stats FILE`: a design's statistics as readable tables, or JSON.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use engine::board_game::stats::DesignStats;
use engine::words;

use super::common::TableFormat;
use super::validate::{Sources, render_load_error};

/// Arguments of `stats`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The design.
    pub file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TableFormat::Human)]
    pub format: TableFormat,
}

/// Runs `stats`.
pub fn run(args: Args) -> ExitCode {
    let loaded = match formats::load(&args.file) {
        Ok(l) => l,
        Err(e) => {
            eprint!("{}", render_load_error(&e, &mut Sources::default()));
            return ExitCode::from(2);
        }
    };
    let stats = DesignStats::from_file(&loaded.design);
    match args.format {
        TableFormat::Human => print!("{}", tables(&loaded.design.name, &stats)),
        TableFormat::Json => match serde_json::to_string_pretty(&stats) {
            Ok(text) => println!("{text}"),
            Err(e) => {
                eprintln!("error: cannot write the statistics as JSON: {e}");
                return ExitCode::from(2);
            }
        },
    }
    ExitCode::SUCCESS
}

/// Right-aligns `cells` under headers; the first column is left-aligned.
pub(super) fn table(out: &mut String, rows: &[Vec<String>]) {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c == 0 {
                let _ = write!(line, "{cell:<w$}", w = width[0]);
            } else {
                let _ = write!(line, "  {cell:>w$}", w = width[c]);
            }
        }
        let _ = writeln!(out, "  {}", line.trim_end());
    }
}

fn count(n: usize) -> String {
    if n == 0 { ".".into() } else { n.to_string() }
}

/// The statistics as text tables.
pub fn tables(name: &str, s: &DesignStats) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{name}");
    let _ = writeln!(
        out,
        "{}, {}, {} ({}, {}, {}), {}\n",
        words::count(s.cities, "city"),
        words::count(s.countries, "country"),
        words::count(s.routes, "route"),
        words::count(s.double_pairs, "double pair"),
        words::count(s.tunnels, "tunnel"),
        words::count(s.ferries, "ferry"),
        words::count(s.car_spaces, "car space")
    );

    let _ = writeln!(out, "Routes by colour and length:");
    let mut rows = vec![
        std::iter::once("colour".to_owned())
            .chain(s.lengths.iter().map(|l| format!("len {l}")))
            .chain(["routes".into(), "car spaces".into()])
            .collect::<Vec<_>>(),
    ];
    for c in &s.colors {
        rows.push(
            std::iter::once(c.color.clone())
                .chain(c.by_length.iter().map(|&n| count(n)))
                .chain([c.routes.to_string(), c.car_spaces.to_string()])
                .collect(),
        );
    }
    rows.push(
        std::iter::once("all".to_owned())
            .chain(s.routes_by_length.values().map(|&n| count(n)))
            .chain([s.routes.to_string(), s.car_spaces.to_string()])
            .collect(),
    );
    table(&mut out, &rows);

    let t = &s.tickets;
    let _ = writeln!(out, "\nTickets: {} ({} long)", t.count, t.long);
    if !t.lengths.is_empty() {
        let mut rows = vec![vec![
            "ticket".to_owned(),
            "points".into(),
            "shortest path".into(),
            String::new(),
        ]];
        for l in &t.lengths {
            let (path, mark) = match l.shortest {
                Some(p) if p == l.points => (p.to_string(), ""),
                Some(p) => (p.to_string(), "≠"),
                None => ("none".to_owned(), "unreachable"),
            };
            rows.push(vec![
                l.name.clone(),
                l.points.to_string(),
                path,
                mark.to_owned(),
            ]);
        }
        table(&mut out, &rows);
        let hist = |h: &std::collections::BTreeMap<u32, usize>| {
            h.iter()
                .map(|(k, n)| format!("{k}:{n}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let _ = writeln!(
            out,
            "  points histogram:        {}",
            hist(&t.points_histogram)
        );
        let _ = writeln!(
            out,
            "  shortest path histogram: {}",
            hist(&t.length_histogram)
        );
    }

    let _ = writeln!(
        out,
        "\nCities by neighbours (mean {:.1}):",
        s.mean_neighbours()
    );
    let mut rows = vec![vec![
        "city".to_owned(),
        "neighbours".into(),
        "routes".into(),
    ]];
    for d in &s.degrees {
        rows.push(vec![
            d.city.clone(),
            d.neighbours.to_string(),
            d.routes.to_string(),
        ]);
    }
    table(&mut out, &rows);
    let hist: Vec<String> = s
        .degree_histogram
        .iter()
        .map(|(k, n)| format!("{k}:{n}"))
        .collect();
    let _ = writeln!(out, "  neighbours histogram: {}", hist.join(" "));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_usa_tables_show_the_colour_totals_and_tickets() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let loaded = formats::load(&path).unwrap();
        let text = tables(&loaded.design.name, &DesignStats::from_file(&loaded.design));
        let pink = text
            .lines()
            .find(|l| l.trim_start().starts_with("pink"))
            .unwrap();
        let cells: Vec<&str> = pink.split_whitespace().collect();
        assert_eq!(cells[cells.len() - 2..], ["7", "27"], "{pink}");
        assert!(text.contains("Denver - El Paso"), "{text}");
        assert!(text.contains("Tickets: 30 (0 long)"));
    }
}
