//! Whatever a designer's file holds — a bundled map with random edits, or
//! random YAML — loading and validating it never panics and never hangs, and
//! the results hang together: no error means a board, every located
//! diagnostic points into a file, the analysis the studio uses answers. And
//! whatever rule parameters a design has, around and past the engine's
//! limits, a design the validator accepts plays to its end.

use std::path::Path;
use std::time::{Duration, Instant};

use proptest::prelude::*;

const USA: &str = include_str!("../maps/usa.yaml");
const EUROPE: &str = include_str!("../maps/europe.yaml");

/// A generous bound that only a hang (an endless loop, a blow-up) would pass;
/// speed itself is measured by `engine/benches/validate.rs`.
const HANG: Duration = Duration::from_secs(10);

/// Fragments that make YAML and designs go wrong in interesting ways.
const FRAGMENTS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ": ",
    "- ",
    "\n",
    "  ",
    "\t",
    "'",
    "\"",
    "#",
    "&a ",
    "*a",
    "<<: *a",
    "length: 0",
    "length: 300",
    "color: gray",
    "color: purpel",
    "from: Nowhere",
    "to: Denver",
    "ferry: 99",
    "tunnel: true",
    "country: Madagascar",
    "x: 1e40",
    "y: -5",
    "points: 0",
    "bends: 0,0 1e9,1e9",
    "extends: usa.yaml",
    "allow: [{code: TL104}]",
    "rules: {trains: 0}",
    "cards: {locomotives: 0}",
    "players: {min: 9, max: 1}",
    "~",
    "null",
    "!!binary aGk=",
];

/// Values that are valid YAML but wrong, odd or extreme for a design.
const NUMBERS: &[&str] = &["0", "1", "2", "7", "300", "4294967295", "-1", "1e40"];
const WORDS: &[&str] = &[
    "''",
    "gray",
    "purpel",
    "pink",
    "Nowhere",
    "Denver",
    "Paris",
    "Madagascar",
    "TL104",
    "\"0,0 900,900\"",
    "\"1,2 x\"",
    "true",
    "[]",
    "null",
];

#[derive(Clone, Debug)]
enum Edit {
    Byte(usize, u8),
    /// Replaces the value of a `key: value` line with a number (when it held
    /// one) or a word.
    Value(usize, &'static str, &'static str),
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    DeleteRange(usize, usize),
    Insert(usize, &'static str),
}

fn edit() -> impl Strategy<Value = Edit> {
    // Weighted towards edits that keep the YAML readable, so most cases reach
    // the validator.
    prop_oneof![
        1 => (any::<usize>(), any::<u8>()).prop_map(|(p, b)| Edit::Byte(p, b)),
        8 => (
            any::<usize>(),
            proptest::sample::select(NUMBERS),
            proptest::sample::select(WORDS)
        )
            .prop_map(|(l, n, w)| Edit::Value(l, n, w)),
        3 => any::<usize>().prop_map(Edit::DeleteLine),
        1 => any::<usize>().prop_map(Edit::DuplicateLine),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
        1 => (any::<usize>(), 1usize..400).prop_map(|(p, n)| Edit::DeleteRange(p, n)),
        1 => (any::<usize>(), proptest::sample::select(FRAGMENTS)).prop_map(|(p, f)| Edit::Insert(p, f)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for e in edits {
        let len = bytes.len().max(1);
        match *e {
            Edit::Byte(p, b) => {
                if !bytes.is_empty() {
                    bytes[p % len] = b;
                }
            }
            Edit::DeleteRange(p, n) => {
                let start = p % len;
                let end = (start + n).min(bytes.len());
                bytes.drain(start.min(end)..end);
            }
            Edit::Insert(p, f) => {
                let at = (p % len).min(bytes.len());
                bytes.splice(at..at, f.bytes());
            }
            Edit::Value(i, _, _)
            | Edit::DeleteLine(i)
            | Edit::DuplicateLine(i)
            | Edit::SwapLines(i, _) => {
                let s = String::from_utf8_lossy(&bytes).into_owned();
                let mut lines: Vec<&str> = s.lines().collect();
                if lines.is_empty() {
                    continue;
                }
                let i = i % lines.len();
                let replaced;
                match *e {
                    Edit::Value(_, number, word) => {
                        if let Some((key, old)) = lines[i].split_once(": ") {
                            let v = if old.trim().parse::<f64>().is_ok() {
                                number
                            } else {
                                word
                            };
                            replaced = format!("{key}: {v}");
                            lines[i] = &replaced;
                        }
                    }
                    Edit::DeleteLine(_) => {
                        lines.remove(i);
                    }
                    Edit::DuplicateLine(_) => lines.insert(i, lines[i]),
                    Edit::SwapLines(_, j) => {
                        let j = j % lines.len();
                        lines.swap(i, j);
                    }
                    _ => {}
                }
                bytes = lines.join("\n").into_bytes();
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Loads and validates `text`, checking what must always hold.
fn check(text: &str) -> Result<(), TestCaseError> {
    let started = Instant::now();
    let Ok(loaded) = formats::load_str(text, Path::new("fuzz.yaml")) else {
        return Ok(());
    };
    let mut v = engine::validate(&loaded.design);
    prop_assert_eq!(v.design.is_some(), !v.diagnostics.has_errors());
    for d in &v.diagnostics {
        prop_assert_eq!(d.severity, d.code.severity());
        prop_assert!(!d.message.is_empty());
    }
    v.diagnostics.locate(&loaded.sources);
    for d in &v.diagnostics {
        if let Some(span) = &d.span {
            prop_assert!(span.pos.line >= 1, "{:?}", d);
        }
    }
    let stats = engine::board_game::stats::DesignStats::from_file(&loaded.design);
    prop_assert_eq!(stats.cities, loaded.design.cities.len());
    let net = engine::board_game::analysis::Network::from_file(&loaded.design);
    for t in loaded.design.tickets.iter().take(5) {
        if let Some(p) = net.shortest_path(&t.from, &t.to) {
            let spaces: u32 = p
                .routes
                .iter()
                .map(|&r| {
                    loaded.design.routes[r]
                        .length
                        .min(engine::board_game::analysis::NetRoute::MAX_LENGTH)
                })
                .sum();
            prop_assert_eq!(spaces, p.car_spaces);
        }
    }
    prop_assert!(started.elapsed() < HANG, "took {:?}", started.elapsed());
    Ok(())
}

/// A random small design written as YAML: names, lengths, colours, countries,
/// tickets and rules drawn from small pools so that they often refer to each
/// other, and often wrongly.
fn design() -> impl Strategy<Value = String> {
    let name = proptest::sample::select(&["A", "B", "C", "D", "M1", "M2", "Nowhere", ""][..]);
    let color = proptest::sample::select(&["red", "blue", "gray", "pink", "purpel"][..]);
    let city = (
        name.clone(),
        -50i32..300,
        -50i32..300,
        proptest::option::of(Just("Madagascar")),
    )
        .prop_map(|(n, x, y, k)| match k {
            Some(k) => format!("  - {{name: '{n}', x: {x}, y: {y}, country: {k}}}\n"),
            None => format!("  - {{name: '{n}', x: {x}, y: {y}}}\n"),
        });
    let length = prop_oneof![9 => 0u32..10, 1 => Just(u32::MAX)];
    let route = (name.clone(), name.clone(), length, color, 0u32..4, any::<bool>(), any::<bool>())
        .prop_map(|(a, b, len, c, ferry, tunnel, bent)| {
            let bends = if bent { ", bends: '100,100'" } else { "" };
            format!("  - {{from: '{a}', to: '{b}', length: {len}, color: {c}, ferry: {ferry}, tunnel: {tunnel}{bends}}}\n")
        });
    let place = proptest::sample::select(&["A", "B", "C", "D", "M1", "Madagascar", "Nowhere"][..]);
    let ticket = (place.clone(), place, 0u32..30)
        .prop_map(|(a, b, p)| format!("  - {{from: {a}, to: {b}, points: {p}}}\n"));
    let allow = (
        proptest::sample::select(&["TL103", "TL104", "TL006", "TL1O4"][..]),
        proptest::option::of(name),
    )
        .prop_map(|(c, o)| match o {
            Some(o) => format!("  - {{code: {c}, object: '{o}'}}\n"),
            None => format!("  - {{code: {c}}}\n"),
        });
    (
        proptest::collection::vec(city, 0..7),
        proptest::collection::vec(route, 0..12),
        proptest::collection::vec(ticket, 0..6),
        proptest::collection::vec(allow, 0..3),
        (0u8..10, 0u8..10, 0u16..50, 0u16..5, 0u8..6),
        any::<bool>(),
    )
        .prop_map(|(cities, routes, tickets, allow, (min, max, trains, left, both), country)| {
            format!(
                "format: tracklayer/1\nname: Random\nrules: {{players: {{min: {min}, max: {max}}}, trains: {trains}, end: {{trains_left: {left}}}, doubles: {{both_tracks_from: {both}}}}}\n{}cities:\n{}routes:\n{}tickets:\n{}allow:\n{}",
                if country { "countries: [{name: Madagascar}]\n" } else { "" },
                cities.concat(),
                routes.concat(),
                tickets.concat(),
                allow.concat()
            )
        })
}

/// A small map with a tunnel, a ferry and a country, and rule parameters drawn
/// around the engine's limits (TL016) — ticket offers, tunnel reveals, face-up
/// rows, players, terrain types, and points up to where scores no longer fit
/// 32 bits — but otherwise sound, so that most designs are accepted and play.
fn rules_near_the_limits() -> impl Strategy<Value = String> {
    let offer = (0u8..=17, 0u8..=2, 0u8..=2);
    let points = prop_oneof![6 => 1u32..30, 1 => Just(5_000_000u32), 1 => Just(u32::MAX)];
    (
        (1u8..=2, 0u8..=7),
        (offer.clone(), offer),
        (0u8..=10, 3u8..=9, 0u8..=7),
        (0u8..=2, prop_oneof![2 => Just(0usize), 2 => Just(4usize), 1 => Just(5usize)]),
        points,
    )
        .prop_map(
            |((min, extra), ((sr, sl, sk), (dr, dl, dk)), (reveal, display, face_up), (stations, types), points)| {
                let types: Vec<String> = ["red", "blue", "gray", "green", "black"]
                    .iter()
                    .take(types)
                    .map(|c| format!("{{name: t{c}, colors: [{c}], count: 6}}"))
                    .collect();
                let tickets: String = (0..200)
                    .map(|i| {
                        let (from, to) = [("A", "C"), ("B", "D"), ("A", "Isle"), ("D", "B")][i % 4];
                        let long = i % 5 == 0;
                        format!("  - {{from: {from}, to: {to}, points: {points}, long: {long}}}\n")
                    })
                    .collect();
                format!(
                    "format: tracklayer/1
name: Limits
rules:
  players: {{min: {min}, max: {max}}}
  trains: 12
  tickets: {{setup: {{regular: {sr}, long: {sl}, keep: {sk}}}, draw: {{regular: {dr}, long: {dl}, keep: {dk}}}}}
  tunnels: {{reveal: {reveal}}}
  display: {{size: {display}}}
  stations: {{count: {stations}}}
  terrain_cards: {{types: [{types}], face_up: {face_up}, dealt: 1}}
countries: [{{name: Isle}}]
cities:
  - {{name: A, x: 0, y: 0}}
  - {{name: B, x: 100, y: 0}}
  - {{name: C, x: 200, y: 0}}
  - {{name: D, x: 100, y: 100}}
  - {{name: I1, x: 300, y: 0, country: Isle}}
routes:
  - {{from: A, to: B, length: 3, color: red, tunnel: true}}
  - {{from: B, to: C, length: 3, color: blue}}
  - {{from: A, to: D, length: 4, color: gray}}
  - {{from: D, to: C, length: 4, color: green}}
  - {{from: C, to: I1, length: 3, color: gray, ferry: 1}}
tickets:
{tickets}",
                    max = min + extra,
                    sk = sk.min(sr + sl),
                    dr = dr.max(1),
                    dk = dk.clamp(1, dr.max(1) + dl),
                    types = types.join(", "),
                )
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn designs_within_the_engine_limits_play_to_the_end(text in rules_near_the_limits()) {
        let loaded = formats::load_str(&text, Path::new("limits.yaml"))
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let v = engine::validate(&loaded.design);
        prop_assert_eq!(v.design.is_some(), !v.diagnostics.has_errors());
        // The design is sound but for the limits: only they may refuse it.
        for d in v.diagnostics.iter().filter(|d| d.severity == engine::Severity::Error) {
            prop_assert_eq!(d.code, engine::Code::EngineLimit, "{}", d.message);
        }
        if let Some(board) = v.design.and_then(|d| d.board().cloned()) {
            let players = usize::from(board.rules().players.max);
            let game = engine::board_game::BoardGame::new(board, players)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            let mut rng = engine::rng::GameRng::seeded(players as u64);
            let mut state = game.new_game(7);
            engine::game::play_randomly(&mut state, &mut rng, 400)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn edited_bundled_maps_never_panic(
        europe in any::<bool>(),
        edits in proptest::collection::vec(edit(), 1..4),
    ) {
        let text = apply(if europe { EUROPE } else { USA }, &edits);
        check(&text)?;
    }

    #[test]
    fn random_designs_never_panic(text in design()) {
        check(&text)?;
    }

    #[test]
    fn random_yaml_never_panics(
        parts in proptest::collection::vec(proptest::sample::select(FRAGMENTS), 0..40),
        versioned in any::<bool>(),
    ) {
        let body: String = parts.concat();
        let text = if versioned { format!("format: tracklayer/1\n{body}") } else { body };
        check(&text)?;
    }
}

#[test]
fn the_unedited_maps_pass_the_same_checks() {
    check(USA).unwrap();
    check(EUROPE).unwrap();
}

/// Found by the property test: a city at `x: 1e40` (infinite as a float)
/// overflowed the overlap check's grid.
#[test]
fn a_city_out_of_range_is_no_panic() {
    let line = EUROPE.lines().position(|l| l.starts_with("  x: ")).unwrap();
    check(&apply(EUROPE, &[Edit::Value(line, "1e40", "''")])).unwrap();
}
