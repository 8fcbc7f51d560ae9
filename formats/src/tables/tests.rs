//! Round trips through the tables, in both dialects, and the errors a bad
//! table gets.

use std::collections::HashMap;
use std::path::Path;

use super::cells::{FORMULA_STARTS, separator};
use super::*;
use crate::board_game::map::{RouteSpec, TicketSpec};
use crate::design::GameFile;

fn usa() -> GameFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
    crate::load(&path).unwrap().design
}

fn write_tables(design: &GameFile) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in export(design) {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

#[test]
fn every_bundled_design_comes_back_the_same_through_its_tables() {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    for entry in std::fs::read_dir(&maps).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "yaml") {
            continue;
        }
        let design = crate::load(&path).unwrap().design;
        let dir = write_tables(&design);
        let mut back = design.clone();
        if crate::families::of(design.family).no_tables.is_some() {
            // Stations and tracks have no tables: the import is refused.
            assert!(import(&mut back, dir.path()).is_err());
            continue;
        }
        import(&mut back, dir.path()).unwrap();
        assert_eq!(back, design, "{}", path.display());
    }
}

#[test]
fn a_bad_row_names_its_file_and_line_and_changes_nothing() {
    let design = usa();
    let dir = write_tables(&design);
    let routes = dir.path().join("routes.csv");
    let text = std::fs::read_to_string(&routes).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    lines[3] = ",Atlanta,Raleigh,two,gray,no,0,".to_owned();
    std::fs::write(&routes, lines.join("\n")).unwrap();
    let mut d = design.clone();
    let err = import(&mut d, dir.path()).unwrap_err().to_string();
    assert!(
        err.contains("routes.csv:4:") && err.contains("`length`: `two`"),
        "{err}"
    );
    assert_eq!(d, design);
    std::fs::write(&routes, "from,to,color\nA,B,red\n").unwrap();
    let err = import(&mut d, dir.path()).unwrap_err().to_string();
    assert!(
        err.contains("routes.csv:1:") && err.contains("lacks `length`"),
        "{err}"
    );
}

#[test]
fn keys_the_tables_do_not_hold_stay_with_their_objects() {
    let mut design = usa();
    design.cities[2]
        .extra
        .insert("note".into(), "harbour town".into());
    let dir = write_tables(&design);
    let cities = dir.path().join("cities.csv");
    let text = std::fs::read_to_string(&cities).unwrap();
    // The spreadsheet moved a city and sorted the rows the other way.
    let mut lines: Vec<&str> = text.lines().collect();
    let header = lines.remove(0);
    lines.reverse();
    let moved = format!("{header}\n{}\n", lines.join("\n")).replace(
        &format!("{},{},", design.cities[2].name, design.cities[2].x),
        &format!("{},{},", design.cities[2].name, 99.5),
    );
    std::fs::write(&cities, moved).unwrap();
    let mut back = design.clone();
    import(&mut back, dir.path()).unwrap();
    let city = back
        .cities
        .iter()
        .find(|c| c.name == design.cities[2].name)
        .unwrap();
    assert_eq!(city.x, 99.5);
    assert_eq!(
        city.extra.get("note").and_then(|v| v.as_str()),
        Some("harbour town")
    );
    assert_eq!(
        back.cities.first().map(|c| &c.name),
        design.cities.last().map(|c| &c.name)
    );
}

#[test]
fn card_game_tickets_come_back_with_their_cards_and_paths_and_edits_are_read() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml");
    let design = crate::load(&path).unwrap().design;
    let dir = write_tables(&design);
    let tickets = std::fs::read_to_string(dir.path().join("tickets.csv")).unwrap();
    let mut lines: Vec<String> = tickets.lines().map(str::to_owned).collect();
    assert_eq!(lines[0], "from,to,points,long,cards,path");
    assert_eq!(
        lines[1],
        "Denver,El Paso,4,no,yellow:1 red:1,Denver > Oklahoma City > El Paso"
    );
    // The spreadsheet gives the first ticket two blue cards more and a
    // new ticket with its own cards; its rows are not matched by name.
    lines[1] = "Denver,El Paso,4,no,yellow:1 red:1 blue:2,Denver > Oklahoma City > El Paso".into();
    lines.push("Boston,Miami,3,no,green:3,".into());
    std::fs::write(dir.path().join("tickets.csv"), lines.join("\n")).unwrap();
    let mut back = GameFile {
        tickets: Vec::new(),
        ..design.clone()
    };
    import(&mut back, dir.path()).unwrap();
    assert_eq!(back.tickets.len(), design.tickets.len() + 1);
    assert_eq!(back.tickets[1..design.tickets.len()], design.tickets[1..]);
    assert_eq!(cards_text(&back.tickets[0].cards), "yellow:1 red:1 blue:2");
    let added = back.tickets.last().unwrap();
    assert_eq!(
        (cards_text(&added.cards).as_str(), added.path.len()),
        ("green:3", 0)
    );

    lines[1] = "Denver,El Paso,4,no,yellow:one,".into();
    std::fs::write(dir.path().join("tickets.csv"), lines.join("\n")).unwrap();
    let err = import(&mut back, dir.path()).unwrap_err().to_string();
    assert!(
        err.contains("tickets.csv:2:") && err.contains("`cards`: `yellow:one`"),
        "{err}"
    );
    assert!(parse_cards("red:1 red:2").is_err());
    assert_eq!(parse_cards("").unwrap().len(), 0);
}

#[test]
fn formulas_are_neutralised_on_export_and_every_name_reads_back_exactly() {
    let mut design = usa();
    let names = [
        "=HYPERLINK(\"http://x\",\"y\")",
        "+1",
        "-Minus",
        "@SUM(A1)",
        "\tTab",
        "\rReturn",
        " padded ",
        "'quoted",
        "''=twice",
        "-12.5",
    ];
    let old: Vec<String> = design.cities[..names.len()]
        .iter()
        .map(|c| c.name.clone())
        .collect();
    for (city, name) in design.cities.iter_mut().zip(names) {
        city.name = name.to_owned();
    }
    for route in &mut design.routes {
        for end in [&mut route.from, &mut route.to] {
            if let Some(i) = old.iter().position(|o| o == end) {
                *end = names[i].to_owned();
            }
        }
    }
    design.tickets[0].from = names[0].to_owned();
    let dir = write_tables(&design);
    let cities = std::fs::read_to_string(dir.path().join("cities.csv")).unwrap();
    let mut reader = csv::Reader::from_reader(cities.as_bytes());
    let cells: Vec<String> = reader.records().map(|r| r.unwrap()[0].to_owned()).collect();
    for (cell, name) in cells.iter().zip(names) {
        let risky = name.starts_with(FORMULA_STARTS) && name.parse::<f64>().is_err();
        assert!(
            !risky || cell.starts_with('\''),
            "{name:?} written as {cell:?}"
        );
    }
    let mut back = design.clone();
    back.cities.clear();
    import(&mut back, dir.path()).unwrap();
    assert_eq!(back.cities, design.cities);
    assert_eq!(back.routes, design.routes);
    assert_eq!(back.tickets, design.tickets);
}

#[test]
fn unquoted_cells_are_trimmed_and_quoted_ones_keep_their_spaces() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("cities.csv"),
        "name,x,y,country,locked\n\" padded \", 1 ,2,,no\n  Trimmed  ,3,4,,\"no\"\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("routes.csv"), ROUTE_HEADER.join(",")).unwrap();
    std::fs::write(dir.path().join("tickets.csv"), TICKET_HEADER.join(",")).unwrap();
    let mut design = GameFile::default();
    import(&mut design, dir.path()).unwrap();
    let names: Vec<&str> = design.cities.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, [" padded ", "Trimmed"]);
    assert_eq!(design.cities[0].x, 1.0);
}

#[test]
fn board_tables_are_refused_by_a_card_game_or_dice_design_which_stays_as_it_was() {
    let dir = write_tables(&usa());
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    for name in ["card-game-usa.yaml", "trains-and-stations-demo.yaml"] {
        let design = crate::load(&maps.join(name)).unwrap().design;
        let mut target = design.clone();
        let err = import(&mut target, dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("import them into a board design"),
            "{name}: {err}"
        );
        assert_eq!(target, design, "{name}");
    }
}
/// Cells of a table by lower-case header, row by row, whatever its
/// separator.
fn cells(text: &str) -> Vec<HashMap<String, String>> {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(separator(text))
        .from_reader(text.as_bytes());
    let head: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(|h| h.trim().to_lowercase())
        .collect();
    reader
        .records()
        .map(|r| {
            head.iter()
                .cloned()
                .zip(r.unwrap().iter().map(|c| c.trim().to_owned()))
                .collect()
        })
        .collect()
}

// The templates of that editor's CSV guide, written from its column
// descriptions: a stop file saved by a European Excel (semicolons), a
// route file with tabs, a ticket file with commas, headers in its case.
const STOPS: &str = "Name;Type;X;Y\nHarbour;Regular;100;200\nHill Town;Regular;550;120\nCrossing;Junction;300;400\nIsland;Ferry port;900;650\n";
const ROUTES: &str = "From\tTo\tLength\tColour\tType\tWagon style\tLocomotives\nHarbour\tHill Town\t4\tGrey\tRailway\t\t\nHarbour\tHill Town\t4\tPurple\tRailway\t\t\nHarbour\tCrossing\t2\tRed\tRailway\tTunnel\t\nCrossing\tIsland\t3\tBlue\tBoat\t\t1\n";
const TICKETS: &str = "Deck,From,To,Points,Long deck\nStarter,Harbour,Island,9,no\nStarter,Hill Town,Island,7,no\nGrand tour,Harbour,Island,20,yes\n";

#[test]
fn that_editors_templates_read_in_and_write_back_in_its_dialect() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("stops.csv", STOPS),
        ("routes.csv", ROUTES),
        ("tickets.csv", TICKETS),
    ] {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let mut design = GameFile {
        board: usa().board,
        ..GameFile::default()
    };
    import(&mut design, dir.path()).unwrap();
    // Positions in its units (1,100 across) become millimetres of the
    // 820 mm board.
    let harbour = &design.cities[0];
    assert!(
        (harbour.x - 100.0 * 820.0 / 1100.0).abs() < 1e-3,
        "{}",
        harbour.x
    );
    assert_eq!(
        design.cities[2].extra.get("type").and_then(|v| v.as_str()),
        Some("Junction")
    );
    let colours: Vec<&str> = design.routes.iter().map(|r| r.color.as_str()).collect();
    assert_eq!(colours, ["gray", "pink", "red", "blue"]);
    assert!(design.routes[2].tunnel && !design.routes[0].tunnel);
    assert_eq!(design.routes[3].ferry, 1);
    assert_eq!(design.tickets.iter().filter(|t| t.long).count(), 1);

    // Written back in its dialect, every cell it wrote reads the same.
    let out = export_as(&design, Dialect::Hagstrom);
    for ((name, written), original) in out.iter().zip([STOPS, ROUTES, TICKETS]) {
        let (back, first) = (cells(written), cells(original));
        assert_eq!(back.len(), first.len(), "{name}");
        for (b, f) in back.iter().zip(&first) {
            for (column, value) in f {
                let got = b.get(column).map(String::as_str).unwrap_or_default();
                let same = match (got.parse::<f32>(), value.parse::<f32>()) {
                    (Ok(g), Ok(v)) => (g - v).abs() < 0.01,
                    _ => got.eq_ignore_ascii_case(value),
                };
                assert!(same, "{name}: {column}: wrote {got:?} for {value:?}");
            }
        }
    }
}

#[test]
fn a_design_goes_to_that_editors_dialect_and_back_with_its_network() {
    let design = usa();
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in export_as(&design, Dialect::Hagstrom) {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let mut back = GameFile {
        board: design.board.clone(),
        ..GameFile::default()
    };
    import(&mut back, dir.path()).unwrap();
    assert_eq!(back.cities.len(), design.cities.len());
    for (b, d) in back.cities.iter().zip(&design.cities) {
        assert_eq!(b.name, d.name);
        assert!(
            (b.x - d.x).abs() < 0.01 && (b.y - d.y).abs() < 0.01,
            "{}",
            d.name
        );
    }
    let route = |r: &RouteSpec| {
        (
            r.from.clone(),
            r.to.clone(),
            r.length,
            r.color.clone(),
            r.tunnel,
            r.ferry,
        )
    };
    let ticket = |t: &TicketSpec| (t.from.clone(), t.to.clone(), t.points, t.long);
    assert_eq!(
        back.routes.iter().map(route).collect::<Vec<_>>(),
        design.routes.iter().map(route).collect::<Vec<_>>()
    );
    assert_eq!(
        back.tickets.iter().map(ticket).collect::<Vec<_>>(),
        design.tickets.iter().map(ticket).collect::<Vec<_>>()
    );
    // A type or wagon style it does not know is named with its line.
    std::fs::write(
        dir.path().join("routes.csv"),
        "from;to;length;type\nA;B;2;Monorail\n",
    )
    .unwrap();
    let err = import(&mut back, dir.path()).unwrap_err().to_string();
    assert!(
        err.contains("routes.csv:2:") && err.contains("`Monorail`"),
        "{err}"
    );
}
