//! docs/diagnostics.md documents every code, and each of its examples reports
//! the code it documents; its TL016 table gives every engine limit with the
//! value the engine has, and docs/format.md the cap on display redeals.

use std::path::Path;

use engine::Code;

fn doc() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/diagnostics.md");
    std::fs::read_to_string(path).expect("docs/diagnostics.md exists")
}

/// The examples' header (see the doc's introduction).
fn design(example: &str) -> String {
    let rules = if example.contains("rules:") {
        ""
    } else {
        "rules: {players: {min: 2, max: 2}, tickets: {setup: {regular: 0, keep: 0}}}\n"
    };
    format!("format: tracklayer/1\nname: Example\n{rules}{example}")
}

#[test]
fn every_code_has_a_section_whose_example_reports_it() {
    let doc = doc();
    for &code in Code::ALL {
        let heading = format!("### {code} — {}\n", code.title());
        let start = doc
            .find(&heading)
            .unwrap_or_else(|| panic!("no section `{}`", heading.trim_end()));
        let section = &doc[start + heading.len()..];
        let section = &section[..section.find("\n### ").unwrap_or(section.len())];
        let example = section
            .split("```yaml\n")
            .nth(1)
            .and_then(|rest| rest.split("```").next())
            .unwrap_or_else(|| panic!("{code} has no yaml example"));
        let text = design(example);
        let loaded = formats::load_str(&text, Path::new("example.yaml"))
            .unwrap_or_else(|e| panic!("{code}'s example does not load: {e}"));
        // TL015 is the board builder's refusal of another family's design:
        // board-only tools report it, `validate` checks that family instead.
        let diagnostics = if code == Code::UnsupportedFamily {
            engine::Board::build(&loaded.design).unwrap_err()
        } else {
            engine::validate(&loaded.design).diagnostics
        };
        assert!(
            diagnostics.with_code(code).next().is_some(),
            "{code}'s example does not report it: {diagnostics:#?}"
        );
    }
}

/// Groups digits by thousands, as the docs write numbers: `65,535`.
fn thousands(n: i64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[test]
fn every_engine_limit_is_in_the_tl016_table_with_its_value() {
    use engine::board_game::board::*;
    let doc = doc();
    let start = doc.find("### TL016").expect("a TL016 section");
    let section = &doc[start..];
    let section = &section[..section[1..].find("\n### ").unwrap_or(section.len())];
    let limits: [(&str, i64); 10] = [
        ("`rules.players.max`", MAX_PLAYERS as i64),
        ("`cards.colors`", MAX_COLORS as i64),
        ("`rules.display.size`", MAX_DISPLAY as i64),
        ("`rules.terrain_cards.types`", MAX_TERRAIN_TYPES as i64),
        ("`rules.terrain_cards.face_up`", MAX_TERRAIN_FACE_UP as i64),
        ("`rules.tickets.setup`", MAX_TICKET_OFFER as i64),
        ("`rules.tunnels.reveal`", MAX_TUNNEL_REVEAL as i64),
        ("cities, routes, tickets or countries", MAX_OBJECTS as i64),
        ("points a player could score", MAX_POINTS),
        (
            "`rules.stations.count`",
            engine::board_game::MAX_STATION_CHOICES as i64,
        ),
    ];
    for (what, value) in limits {
        let cell = format!("| {} |", thousands(value));
        assert!(
            section
                .lines()
                .any(|l| l.starts_with('|') && l.contains(what) && l.contains(&cell)),
            "docs/diagnostics.md's TL016 table has no row for {what} with {cell}"
        );
    }
}

#[test]
fn the_display_reset_cap_is_in_the_format_reference() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/format.md");
    let format = std::fs::read_to_string(path).expect("docs/format.md exists");
    let cap = engine::board_game::MAX_DISPLAY_RESETS;
    assert!(
        format.contains(&format!("redeals at most {cap} times in a row")),
        "docs/format.md's `display.locomotive_reset` row gives the engine's cap of {cap} redeals"
    );
}
