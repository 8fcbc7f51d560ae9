//! The checks that run on a built board (or on the file when the board could
//! not be built): connectivity, tickets, parallel routes, colour balance,
//! drawing problems, statistics.
//!
//! Every check reads the lenient [`Network`], so it runs on the valid part of
//! a design that has errors elsewhere.

mod colors;
mod connectivity;
mod crossings;
mod drawing;
mod edge;
mod fields;
mod overlap;
mod parallel;
pub(crate) mod rules;
mod scoring_table;
mod stations;
mod statistics;
mod tickets;
mod trains;

use formats::{BoardSize, Deck, GameFile, Rules};

use crate::board_game::analysis::Network;
use crate::board_game::stats::DesignStats;
use crate::diagnostics::Diagnostics;
use crate::diagnostics::names::{route_name, shared_names};

/// What every check reads: the file, its network, its rules and statistics.
pub(crate) struct Context<'a> {
    /// The design as written.
    pub file: &'a GameFile,
    /// Its lenient network.
    pub net: Network,
    /// The resolved rules and deck, when they resolve.
    pub rules: Option<(Rules, Deck)>,
    /// Its statistics (with every ticket's shortest path).
    pub stats: DesignStats,
    /// Whether `routes[i]`'s name is shared with another route.
    shared_names: Vec<bool>,
}

impl<'a> Context<'a> {
    /// Analyses a design for the checks.
    pub fn new(file: &'a GameFile) -> Self {
        let net = Network::from_file(file);
        let stats = DesignStats::from_network(&net);
        let rules = formats::board_game::rules::resolve(&file.rules, &file.cards).ok();
        Context {
            file,
            net,
            rules,
            stats,
            shared_names: shared_names(file),
        }
    }

    /// How messages name `routes[i]`: `Madrid - Pamplona (black)`, with its id
    /// added when another route has the same name (as the board names it).
    pub fn route_name(&self, i: usize) -> String {
        route_name(self.file, &self.shared_names, i)
    }

    /// The name of `cities[i]`.
    pub fn city_name(&self, i: usize) -> &str {
        &self.file.cities[i].name
    }

    /// The name of `tickets[i]`.
    pub fn ticket_name(&self, i: usize) -> String {
        self.file.tickets[i].display_name()
    }

    /// The length of one car space on the printed board, in millimetres.
    pub fn car_space(&self) -> f32 {
        self.file
            .board
            .as_ref()
            .map_or(BoardSize::DEFAULT_CAR_SPACE, |b| b.car_space)
    }
}

/// Lists names for a message: `A, B and C`, at most `max` of them, then "and N
/// more".
pub(crate) fn name_list<S: AsRef<str>>(names: &[S], max: usize) -> String {
    let shown: Vec<&str> = names.iter().take(max).map(AsRef::as_ref).collect();
    let rest = names.len().saturating_sub(max);
    match (shown.as_slice(), rest) {
        ([], _) => String::new(),
        ([one], 0) => (*one).to_owned(),
        (many, 0) => format!(
            "{} and {}",
            many[..many.len() - 1].join(", "),
            many[many.len() - 1]
        ),
        (many, rest) => format!("{} and {rest} more", many.join(", ")),
    }
}

/// Runs every check that needs more than the structure of the file, errors
/// first, then warnings, then infos.
pub fn run(file: &GameFile, diags: &mut Diagnostics) {
    // The drawing's overlap search needs only the file: it runs beside the
    // network's analysis (whose ticket searches share the cores with it).
    let (ctx, drawn) = rayon::join(|| Context::new(file), || overlap::Drawn::of(file));
    let mut found = Diagnostics::default();
    connectivity::check(&ctx, &mut found);
    tickets::check(&ctx, &mut found);
    parallel::check(&ctx, &mut found);
    colors::check(&ctx, &mut found);
    trains::check(&ctx, &mut found);
    stations::check(&ctx, &mut found);
    crossings::check(&ctx, &mut found);
    drawing::check(&ctx, &mut found);
    edge::check(&ctx, &mut found);
    scoring_table::check(&ctx, &mut found);
    overlap::check(&ctx, &drawn, &mut found);
    fields::check(&ctx, &mut found);
    statistics::check(&ctx, &mut found);
    found.0.sort_by_key(|d| d.severity);
    diags.0.extend(found.0);
}

#[cfg(test)]
pub(crate) mod testing {
    //! Helpers for the checks' tests.

    use std::path::Path;

    use crate::validate::{Code, Diagnostic, Validation};

    /// Validates a small design written as YAML (see `test_design`).
    pub fn check(body: &str) -> Validation {
        crate::validate(&crate::validate::test_design(body))
    }

    /// The diagnostics of one code.
    pub fn with(v: &Validation, code: Code) -> Vec<Diagnostic> {
        v.diagnostics.with_code(code).cloned().collect()
    }

    /// Validates a bundled map.
    pub fn bundled(name: &str) -> Validation {
        crate::validate(&bundled_file(name))
    }

    /// Loads a bundled map.
    pub fn bundled_file(name: &str) -> formats::GameFile {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps")
            .join(name);
        formats::load(&path)
            .unwrap_or_else(|e| panic!("{e}"))
            .design
    }

    /// Asserts that no bundled board map has a finding of `code`.
    pub fn silent_on_bundled_maps(code: Code) {
        for map in ["usa.yaml", "europe.yaml", "heart-of-africa-rules.yaml"] {
            let v = bundled(map);
            let found = with(&v, code);
            assert!(found.is_empty(), "{map}: {found:#?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::name_list;
    use super::testing::bundled_file;
    use crate::diagnostics::Code;

    /// Every code, including the structural errors, is silent on the bundled
    /// maps except for their documented quirks (docs/diagnostics.md), which
    /// the maps record in their `allow:` lists: with the lists they open
    /// clean, without them exactly those quirks are found.
    #[test]
    fn the_bundled_maps_show_only_their_known_quirks() {
        let counts = |map, keep_allow: bool| {
            let mut file = bundled_file(map);
            if !keep_allow {
                file.allow.clear();
            }
            let mut counts: Vec<(Code, usize)> = Vec::new();
            for d in &crate::validate(&file).diagnostics {
                match counts.iter_mut().find(|(c, _)| *c == d.code) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((d.code, 1)),
                }
            }
            counts.sort();
            counts
        };
        assert_eq!(
            counts("usa.yaml", false),
            [
                (Code::CityWithoutTicket, 6),
                (Code::TicketPointsOff, 5),
                (Code::RouteLengthOff, 16),
                (Code::Statistics, 1)
            ]
        );
        assert_eq!(counts("usa.yaml", true), [(Code::Statistics, 1)]);
        assert_eq!(
            counts("europe.yaml", false),
            [
                (Code::TicketPointsOff, 2),
                (Code::RouteLengthOff, 23),
                (Code::Bridge, 1),
                (Code::Statistics, 1)
            ]
        );
        assert_eq!(
            counts("europe.yaml", true),
            [(Code::Bridge, 1), (Code::Statistics, 1)]
        );
    }

    #[test]
    fn name_lists_read_as_english() {
        assert_eq!(name_list(&["A"], 3), "A");
        assert_eq!(name_list(&["A", "B", "C"], 3), "A, B and C");
        assert_eq!(name_list(&["A", "B", "C", "D"], 2), "A, B and 2 more");
    }
}
