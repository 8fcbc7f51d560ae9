//! Export: the report as the engine's documented JSON, and the family's
//! tables ([`engine::sim::Measures::csv_tables`]; the board game: routes,
//! tickets and cities) as CSV, to typed paths that default to the design's
//! folder.

use std::path::{Path, PathBuf};

use engine::sim::SimReport;
use serde::Serialize;

/// Where exports go by default: `<design>.simulation.json` and a
/// `<design>-simulation/` folder for the CSV files, next to the design file
/// (in the temporary folder for a design never saved), as absolute paths.
pub fn default_paths(design: Option<&Path>) -> (PathBuf, PathBuf) {
    let absolute = design.map(|p| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf()));
    let (dir, stem) = match absolute.as_deref() {
        Some(p) => (
            p.parent().map(Path::to_path_buf).unwrap_or_default(),
            p.file_stem()
                .map_or("design".into(), |s| s.to_string_lossy().into_owned()),
        ),
        None => (std::env::temp_dir(), "untitled".to_owned()),
    };
    (
        dir.join(format!("{stem}.simulation.json")),
        dir.join(format!("{stem}-simulation")),
    )
}

/// The files an export may not write over: the design simulated.
fn inputs(design: Option<&Path>) -> Vec<PathBuf> {
    design.map(Path::to_path_buf).into_iter().collect()
}

/// Why a report was not exported (the Export page says so).
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The target is refused (it is the design, or a folder, …).
    #[error("{0}")]
    Target(#[from] formats::OutputError),
    /// The report could not be turned into JSON.
    #[error("could not encode the report: {0}")]
    Encode(serde_json::Error),
    /// The JSON file could not be written.
    #[error("could not write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why not.
        source: formats::SaveError,
    },
    /// The CSV files could not be written.
    #[error("{0}")]
    Tables(formats::SaveError),
}

/// Writes the report as JSON to `path` (never over the design file
/// `design`); returns the file written.
pub fn write_json<R: Serialize>(
    report: &SimReport<R>,
    path: &Path,
    design: Option<&Path>,
) -> Result<PathBuf, ExportError> {
    formats::check_output(path, &inputs(design))?;
    let text = serde_json::to_string_pretty(report).map_err(ExportError::Encode)?;
    write(path, &text)?;
    Ok(path.to_path_buf())
}

/// Writes the family's CSV `tables` (file name, contents) into `dir`
/// (created if needed; never over the design file `design`); returns the
/// files written.
pub fn write_csv(
    tables: &[(&str, String)],
    dir: &Path,
    design: Option<&Path>,
) -> Result<Vec<PathBuf>, ExportError> {
    let names: Vec<&str> = tables.iter().map(|(n, _)| *n).collect();
    formats::check_output_folder(dir, &names, &inputs(design))?;
    formats::write_files(dir, tables.iter().map(|(n, t)| (*n, t.as_bytes())))
        .map_err(ExportError::Tables)
}

fn write(path: &Path, text: &str) -> Result<(), ExportError> {
    formats::save::write_atomic(path, text.as_bytes()).map_err(|source| ExportError::Write {
        path: path.to_owned(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use engine::board_game::BoardFamily;
    use engine::board_game::sim::BoardReport;
    use engine::sim::Measures;

    use super::*;

    #[test]
    fn defaults_sit_next_to_the_design() {
        let (json, csv) = default_paths(Some(Path::new("/maps/usa.yaml")));
        assert_eq!(json, Path::new("/maps/usa.simulation.json"));
        assert_eq!(csv, Path::new("/maps/usa-simulation"));
        let (json, _) = default_paths(Some(Path::new("maps/usa.yaml")));
        assert!(json.is_absolute() && json.ends_with("maps/usa.simulation.json"));
        let (json, _) = default_paths(None);
        assert!(json.starts_with(std::env::temp_dir()));
    }

    #[test]
    fn an_export_onto_the_design_file_is_refused_and_the_design_kept() {
        let dir = tempfile::tempdir().unwrap();
        let design = dir.path().join("usa.yaml");
        std::fs::write(&design, "format: tracklayer/1\n").unwrap();
        let r = crate::app::simulate::testing::report(2, 4);
        let spelt = dir.path().join(".").join("usa.yaml");
        let err = write_json(&r, &spelt, Some(&design))
            .unwrap_err()
            .to_string();
        assert!(err.contains("which this command reads"), "{err}");
        let tables = <BoardFamily as engine::game::Family>::Measures::csv_tables(&r);
        std::fs::write(dir.path().join("routes.csv"), "mine").unwrap();
        let routes = dir.path().join("routes.csv");
        assert!(write_csv(&tables, dir.path(), Some(&routes)).is_err());
        assert_eq!(std::fs::read(&design).unwrap(), b"format: tracklayer/1\n");
        assert_eq!(std::fs::read(&routes).unwrap(), b"mine");
    }

    #[test]
    fn writes_json_that_reads_back_and_csv_with_headers() {
        let dir = tempfile::tempdir().unwrap();
        let r = crate::app::simulate::testing::report(2, 4);
        let json = write_json(&r, &dir.path().join("r.json"), None).unwrap();
        let back: SimReport<BoardReport> =
            serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
        assert_eq!((back.seed, back.bots.len()), (r.seed, r.bots.len()));
        assert_eq!(
            back.by_players[0].family.map.routes.len(),
            r.by_players[0].family.map.routes.len()
        );
        let tables = <BoardFamily as engine::game::Family>::Measures::csv_tables(&r);
        let files = write_csv(&tables, &dir.path().join("csv"), None).unwrap();
        assert_eq!(files.len(), 3);
        let routes = std::fs::read_to_string(&files[0]).unwrap();
        assert!(routes.starts_with("players,index,key,name"));
        assert!(write_json(&r, &dir.path().join("no/such/dir/r.json"), None).is_err());
    }
}
