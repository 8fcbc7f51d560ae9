//! What the validator's findings on a dice design are about: the engine
//! names the offending field's key path (`stations[3].slots`,
//! `tracks[2]`, `specials[4]`, `rules.coins.start`), which the editor turns
//! into the part to select and mark on the map.

use engine::Diagnostic;

use crate::app::canvas::paint::Mark;
use crate::app::station_map::Part;
use crate::app::validation::Report;

/// What a diagnostic points at in the station-map editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A station, junction or track on the map.
    Part(Part),
    /// A row of the special cards table.
    Special(usize),
    /// A rule parameter.
    Rules,
}

/// The target a key path names: the list and index before the first `.`.
pub fn target_of_path(path: &str) -> Option<Target> {
    if path.starts_with("rules") {
        return Some(Target::Rules);
    }
    let (list, rest) = path.split_once('[')?;
    let index: usize = rest.split_once(']')?.0.parse().ok()?;
    match list {
        "stations" => Some(Target::Part(Part::Station(index))),
        "junctions" => Some(Target::Part(Part::Junction(index))),
        "tracks" => Some(Target::Part(Part::Track(index))),
        "specials" => Some(Target::Special(index)),
        _ => None,
    }
}

/// The target of a diagnostic, if it names one.
pub fn target_of(d: &Diagnostic) -> Option<Target> {
    d.path.as_deref().and_then(target_of_path)
}

/// Each part's worst problem in `report`.
pub fn marks(report: Option<&Report>) -> Vec<(Part, Mark)> {
    let mut out: Vec<(Part, Mark)> = Vec::new();
    for d in report
        .map(|r| r.diagnostics.0.as_slice())
        .unwrap_or_default()
    {
        let Some(mark) = Mark::of(d.severity) else {
            continue;
        };
        if let Some(Target::Part(p)) = target_of(d) {
            match out.iter_mut().find(|(q, _)| *q == p) {
                Some(e) => e.1 = e.1.min(mark),
                None => out.push((p, mark)),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_paths_name_their_part() {
        assert_eq!(
            target_of_path("stations[3].slots"),
            Some(Target::Part(Part::Station(3)))
        );
        assert_eq!(
            target_of_path("tracks[12]"),
            Some(Target::Part(Part::Track(12)))
        );
        assert_eq!(
            target_of_path("junctions[0].name"),
            Some(Target::Part(Part::Junction(0)))
        );
        assert_eq!(target_of_path("specials[2]"), Some(Target::Special(2)));
        assert_eq!(target_of_path("rules.coins.start"), Some(Target::Rules));
        assert_eq!(target_of_path("cities[1]"), None);
        assert_eq!(target_of_path("tracks[x]"), None);
    }
}
