//! `tracklayer export --to csv` and `tracklayer import` as a designer uses
//! them with a spreadsheet: the tables come back as the same design, a bad
//! row is named with its file and line, and then nothing is written.

use std::path::Path;
use std::process::{Command, Output};

use studio::drawing::paper::Paper;
use studio::export::pdf::{Options, Plan};

fn tracklayer(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tracklayer"))
        .args(args)
        .output()
        .expect("the tracklayer binary runs")
}

/// `tracklayer export FILE --to KIND -o OUT`.
fn export(file: &Path, kind: &str, out: &Path) -> Output {
    tracklayer(&[
        "export",
        &file.display().to_string(),
        "--to",
        kind,
        "-o",
        &out.display().to_string(),
    ])
}

/// `tracklayer import DIR --into FILE`.
fn import(dir: &Path, into: &Path) -> Output {
    tracklayer(&[
        "import",
        &dir.display().to_string(),
        "--into",
        &into.display().to_string(),
    ])
}

fn usa() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml")
}

#[test]
fn a_design_goes_to_a_spreadsheet_and_back_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables");
    let copy = dir.path().join("usa.yaml");
    std::fs::copy(usa(), &copy).unwrap();
    let out = export(&copy, "csv", &tables);
    assert!(out.status.success(), "{out:?}");
    let routes = std::fs::read_to_string(tables.join("routes.csv")).unwrap();
    assert!(
        routes.starts_with("id,from,to,length,color,tunnel,ferry,bends\n"),
        "{routes}"
    );
    let out = import(&tables, &copy);
    assert!(out.status.success(), "{out:?}");
    let before = formats::load(&usa()).unwrap().design;
    let after = formats::load(&copy).unwrap().design;
    assert_eq!(after, before);

    // A new design from the tables alone.
    let fresh = dir.path().join("from-tables.yaml");
    let out = import(&tables, &fresh);
    assert!(out.status.success(), "{out:?}");
    let made = formats::load(&fresh).unwrap().design;
    assert_eq!(
        (made.cities, made.routes, made.tickets),
        (before.cities, before.routes, before.tickets)
    );
}

#[test]
fn a_card_game_goes_to_a_spreadsheet_and_back_with_its_tickets_cards() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables");
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml");
    let out = export(&game, "csv", &tables);
    assert!(out.status.success(), "{out:?}");
    let tickets = std::fs::read_to_string(tables.join("tickets.csv")).unwrap();
    assert!(
        tickets.starts_with("from,to,points,long,cards,path\n"),
        "{tickets}"
    );
    let fresh = dir.path().join("from-tables.yaml");
    let out = import(&tables, &fresh);
    assert!(out.status.success(), "{out:?}");
    let made = formats::load(&fresh).unwrap().design;
    assert_eq!(made.tickets, formats::load(&game).unwrap().design.tickets);
}

#[test]
fn a_bad_row_is_named_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables");
    let copy = dir.path().join("usa.yaml");
    std::fs::copy(usa(), &copy).unwrap();
    let out = export(&copy, "csv", &tables);
    assert!(out.status.success(), "{out:?}");
    let cities = tables.join("cities.csv");
    let text = std::fs::read_to_string(&cities).unwrap();
    std::fs::write(&cities, text.replacen("\nBoston,", "\nBoston,far east", 1)).unwrap();
    let before = std::fs::read(&copy).unwrap();
    let out = import(&tables, &copy);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cities.csv:3:") && err.contains("`x`"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        before,
        "the design is untouched"
    );
}

#[test]
fn the_board_is_drawn_to_an_svg_file_at_real_size() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("europe.svg");
    let europe = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/europe.yaml");
    let run = export(&europe, "svg", &out);
    assert!(run.status.success(), "{run:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.starts_with("<svg") && text.contains("mm\""),
        "{}",
        &text[..100]
    );
    let design = formats::load(&europe).unwrap().design;
    assert_eq!(text.matches("data-route=").count(), design.routes.len());
    let bad = export(&europe, "jpeg", Path::new("x"));
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("possible values: svg, png, pdf, csv, tts")
    );
}

#[test]
fn the_board_is_an_image_of_its_real_size_at_the_chosen_resolution() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("usa.png");
    let run = tracklayer(&[
        "export",
        &usa().display().to_string(),
        "--to",
        "png",
        "--dpi",
        "50",
        "-o",
        &out.display().to_string(),
    ]);
    assert!(run.status.success(), "{run:?}");
    let design = formats::load(&usa()).unwrap().design;
    let board = design.board.unwrap();
    let image = image::open(&out).unwrap();
    let inches = |mm: f32| (mm / 25.4 * 50.0).round() as u32;
    assert_eq!(
        (image.width(), image.height()),
        (inches(board.width), inches(board.height))
    );
    let bad = tracklayer(&[
        "export",
        &usa().display().to_string(),
        "--to",
        "png",
        "--dpi",
        "0",
        "-o",
        "x.png",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("10 to 1200 dots per inch"));
}

#[test]
fn the_board_fits_a_chosen_paper_or_width_in_paper_colours_without_terrain() {
    let dir = tempfile::tempdir().unwrap();
    let europe = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/europe.yaml");
    let design = formats::load(&europe).unwrap().design;
    let out = dir.path().join("europe.svg");
    let e = europe.display().to_string();
    let o = out.display().to_string();
    let run = tracklayer(&[
        "export",
        &e,
        "--to",
        "svg",
        "--size",
        "a3",
        "--colors",
        "paper",
        "--no-terrain",
        "-o",
        &o,
    ]);
    assert!(run.status.success(), "{run:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    // Europe (820 × 615.7 mm) is wider than high but squarer than A3: turned,
    // it fills the sheet's 297 mm height.
    let b = design.board.as_ref().unwrap();
    let width = 297.0 * b.width / b.height;
    assert!(
        text.contains("height=\"297mm\"") && text.contains(&format!("width=\"{width}mm\"")),
        "{}",
        &text[..200]
    );
    // No terrain regions: the polygons are the car spaces and the country outlines.
    let spaces: u32 = design.routes.iter().map(|r| r.length).sum();
    assert!(!design.terrain.regions.is_empty());
    assert_eq!(
        text.matches("<polygon").count(),
        spaces as usize + design.countries.len()
    );

    let png = dir.path().join("europe.png");
    let run = tracklayer(&[
        "export",
        &e,
        "--to",
        "png",
        "--width-mm",
        "100",
        "--dpi",
        "100",
        "-o",
        &png.display().to_string(),
    ]);
    assert!(run.status.success(), "{run:?}");
    assert_eq!(image::open(&png).unwrap().width(), 394);

    let bad = tracklayer(&["export", &e, "--to", "svg", "--size", "b5", "-o", &o]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("'b5'") && err.contains("a4, letter"), "{err}");
    let bad = tracklayer(&["export", &e, "--to", "pdf", "--paper", "b5", "-o", &o]);
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("'b5'") && err.contains("--paper"), "{err}");
    let huge = tracklayer(&[
        "export",
        &e,
        "--to",
        "png",
        "--size",
        "a0",
        "--dpi",
        "1200",
        "-o",
        &png.display().to_string(),
    ]);
    assert_eq!(huge.status.code(), Some(2));
    let err = String::from_utf8_lossy(&huge.stderr);
    assert!(
        err.contains("is too large") && err.contains("fewer dots per inch"),
        "{err}"
    );
    assert_eq!(
        image::open(&png).unwrap().width(),
        394,
        "the last image is kept"
    );
    let bad = tracklayer(&["export", &e, "--to", "svg", "--width-mm", "wide", "-o", &o]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("`wide` is not a width"));
}

/// Pages the print-and-play PDF of `design` needs on `paper` (portrait
/// width and height, mm): the contents page; for a board (a board game's or
/// a dice game's station map) the page map and the board's tiles less the
/// empty ones the plan leaves out; each card section on its own pages, each
/// page of fronts followed by its page of backs; and the pages of pieces the
/// plan lays out. The card game has no board.
fn expected_pages(design: &formats::GameFile, paper: (f32, f32), plan: &Plan) -> usize {
    use studio::export::cards::{BLEED, CARD_H, CARD_W, PAGE_EDGE};
    use studio::export::tiles::{MARGIN, OVERLAP};
    let tiles = |len: f32, page: f32| {
        let avail = page - 2.0 * MARGIN;
        if len <= avail {
            1
        } else {
            ((len - OVERLAP) / (avail - OVERLAP)).ceil() as usize
        }
    };
    let (a, b) = paper;
    let board_pages = |board: &formats::BoardSize| {
        1 + (tiles(board.width, a) * tiles(board.height, b))
            .min(tiles(board.width, b) * tiles(board.height, a))
            - plan.skipped.len()
    };
    let fit = |page: f32, card: f32| ((page - 2.0 * PAGE_EDGE) / (card + 2.0 * BLEED)) as usize;
    let per_page = (fit(a, CARD_W) * fit(b, CARD_H)).max(fit(b, CARD_W) * fit(a, CARD_H));
    let rules_cards = plan
        .kit
        .sections
        .iter()
        .find(|s| s.title == "Rules summary")
        .map_or(0, |s| s.cards.len());
    // Cards in each section.
    let (board, sections): (usize, Vec<usize>) = match design.family {
        formats::Family::Board => {
            let (rules, deck) =
                formats::board_game::rules::resolve(&design.rules, &design.cards).unwrap();
            let long = design.tickets.iter().filter(|t| t.long).count();
            let terrain: usize = rules
                .terrain_cards
                .types
                .iter()
                .map(|t| t.count as usize)
                .sum();
            let bonus = usize::from(rules.bonuses.longest_path != 0)
                + usize::from(rules.bonuses.globetrotter != 0);
            (
                board_pages(design.board.as_ref().unwrap()),
                vec![
                    design.tickets.len() - long,
                    long,
                    deck.total() as usize,
                    terrain,
                    bonus,
                    rules_cards,
                ],
            )
        }
        formats::Family::CardGame => {
            let (rules, deck) = formats::card_game::resolve(&design.rules, &design.cards).unwrap();
            (
                0,
                vec![
                    design.tickets.len(),
                    deck.total() as usize,
                    rules.big_cities.len(),
                    rules_cards,
                ],
            )
        }
        formats::Family::Dice => {
            let rules = formats::dice::resolve(&design.rules).unwrap();
            let specials: usize = design.specials.iter().map(|s| s.count as usize).sum();
            let goods: usize = rules.goods.values().map(|g| g.cards as usize).sum();
            let vp: usize = rules.points.cards.values().map(|n| usize::from(*n)).sum();
            (
                board_pages(design.board.as_ref().unwrap()),
                vec![specials, goods, vp, rules_cards],
            )
        }
    };
    1 + board
        + sections
            .iter()
            .map(|n| 2 * n.div_ceil(per_page))
            .sum::<usize>()
        + plan.piece_pages.len()
}

/// The components `design` needs, counted from its rule parameters as a
/// rulebook's components list does: (name on the contents page, count).
fn expected_components(design: &formats::GameFile) -> Vec<(String, u32)> {
    let n = |s: &str, k: u32| (s.to_owned(), k);
    match design.family {
        formats::Family::Board => {
            let (r, deck) =
                formats::board_game::rules::resolve(&design.rules, &design.cards).unwrap();
            let players = u32::from(r.players.max);
            let mut out = vec![
                n("Train cars", u32::from(r.trains) * players),
                n("Score markers", players),
                n("Train cards and locomotives", deck.total()),
            ];
            if r.stations.count > 0 {
                out.push(n("Stations", u32::from(r.stations.count) * players));
            }
            let bonus =
                u32::from(r.bonuses.longest_path != 0) + u32::from(r.bonuses.globetrotter != 0);
            if bonus > 0 {
                out.push(n("Bonus cards", bonus));
            }
            out
        }
        formats::Family::CardGame => {
            let (r, deck) = formats::card_game::resolve(&design.rules, &design.cards).unwrap();
            vec![
                n("Score markers", u32::from(r.players.max)),
                n("Train cards and locomotives", deck.total()),
                n("Destination tickets", design.tickets.len() as u32),
            ]
        }
        formats::Family::Dice => {
            let r = formats::dice::resolve(&design.rules).unwrap();
            let players = u32::from(r.players.max);
            let faces = r.dice.faces.len() as u32;
            let buildings = u32::from(r.buildings.ranch)
                + u32::from(r.buildings.mine)
                + u32::from(r.buildings.hotel);
            let mut out = vec![
                n(
                    "Blank dice (not printed)",
                    u32::from(r.dice.per_player) * players + u32::from(r.dice.bonus),
                ),
                n("Die labels: red dice", u32::from(r.dice.per_player) * faces),
                n(
                    "Die labels: white bonus dice",
                    u32::from(r.dice.bonus) * faces,
                ),
                n("Building tokens", buildings * players),
                n("Coins", u32::from(r.coins.max) * players),
                n("Conductor token", 1),
                n("Score markers", players),
                n(
                    "Victory point cards",
                    r.points.cards.values().map(|k| u32::from(*k)).sum(),
                ),
            ];
            out.push(n(
                "Die labels: black dice",
                if players >= 5 {
                    u32::from(r.dice.per_player) * faces
                } else {
                    0
                },
            ));
            out.retain(|(_, k)| *k > 0);
            out
        }
    }
}

/// Pages of a PDF as its page tree lists them (`/Type/Page` objects).
fn pdf_pages(bytes: &[u8]) -> usize {
    let text = String::from_utf8_lossy(bytes);
    text.matches("/Type/Page").count() - text.matches("/Type/Pages").count()
}

#[test]
fn every_bundled_design_prints_on_the_pages_its_size_needs() {
    let dir = tempfile::tempdir().unwrap();
    // A copy of the bundled designs: a print records its number in the design.
    let maps = dir.path().join("maps");
    std::fs::create_dir(&maps).unwrap();
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    for entry in std::fs::read_dir(&bundled).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, maps.join(path.file_name().unwrap())).unwrap();
    }
    let mut designs: Vec<_> = std::fs::read_dir(&maps)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    designs.sort();
    let mut printed = Vec::new();
    let mut letter_families = Vec::new();
    for path in designs {
        let design = formats::load(&path).unwrap().design;
        let built = engine::families::AnyDesign::build(&design).unwrap();
        // A4 through the command line for every design; Letter in the library
        // with the A4 kit's score track (no second simulation), for the first
        // design of each family (the variants share their family's layout and
        // debug PDFs are slow).
        let mut track = None;
        let letter_too = !letter_families.contains(&design.family);
        letter_families.push(design.family);
        let papers = [("a4", Paper::A4), ("letter", Paper::Letter)];
        for (name, paper) in papers.into_iter().take(if letter_too { 2 } else { 1 }) {
            let plan = match track {
                None => Plan::of(&design, &built, Options::on(paper)),
                Some(t) => {
                    let kit = studio::export::kit::Kit::with_track(&design, &built, paper, t);
                    Plan::with_kit(&design, &built, Options::on(paper), kit)
                }
            };
            track = Some(plan.kit.track);
            for (component, count) in expected_components(&design) {
                let item = plan.kit.items.iter().find(|i| i.name == component);
                assert_eq!(
                    item.map(|i| i.count),
                    Some(count),
                    "{}: {component}",
                    path.display()
                );
            }
            // Every component but the blank dice is printed somewhere.
            let parts = plan.parts();
            for item in plan.kit.items.iter().filter(|i| !i.part.is_empty()) {
                assert!(
                    parts.iter().any(|(t, _, _)| *t == item.part),
                    "{}: {} is not printed",
                    path.display(),
                    item.name
                );
            }
            let pieces: usize = plan.kit.pieces.iter().map(|g| g.count()).sum();
            let placed: usize = plan.piece_pages.iter().map(|p| p.pieces.len()).sum();
            assert_eq!(placed, pieces, "{}: every piece on a page", path.display());
            let expected = expected_pages(&design, paper.mm(), &plan);
            let bytes = if paper == Paper::A4 {
                let out = dir.path().join(format!("{name}.pdf"));
                let run = tracklayer(&[
                    "export",
                    &path.display().to_string(),
                    "--to",
                    "pdf",
                    "--paper",
                    name,
                    "-o",
                    &out.display().to_string(),
                ]);
                assert!(run.status.success(), "{}: {run:?}", path.display());
                std::fs::read(&out).unwrap()
            } else {
                let stamp = studio::export::stamp::Stamp::new(&design.name, b"");
                studio::export::pdf::write_plan(&design, &built, None, plan, &stamp).unwrap()
            };
            assert!(bytes.starts_with(b"%PDF-"));
            assert_eq!(pdf_pages(&bytes), expected, "{} on {name}", path.display());
            printed.push(design.family);
        }
    }
    assert!(printed.len() >= 13, "{printed:?}");
    for family in [
        formats::Family::Board,
        formats::Family::CardGame,
        formats::Family::Dice,
    ] {
        assert!(printed.contains(&family), "no {family} design printed");
    }
}

#[test]
fn a_design_with_errors_or_of_another_family_is_refused_and_the_old_file_kept() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("print.pdf");
    std::fs::write(&out, b"the last good print").unwrap();
    let broken = dir.path().join("broken.yaml");
    let text = std::fs::read_to_string(usa()).unwrap();
    std::fs::write(&broken, text.replacen("from: Atlanta", "from: Atlantis", 1)).unwrap();
    let run = export(&broken, "pdf", &out);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("Atlantis") && err.contains("has errors"),
        "{err}"
    );
    assert_eq!(std::fs::read(&out).unwrap(), b"the last good print");
    let run = export(&broken, "tts", &dir.path().join("set"));
    assert_eq!(run.status.code(), Some(1));
    assert!(!dir.path().join("set").exists());

    let cards = dir.path().join("cards.yaml");
    std::fs::write(
        &cards,
        "format: tracklayer/1\nname: Cards\nfamily: card-game\n",
    )
    .unwrap();
    let run = export(&cards, "svg", &dir.path().join("cards.svg"));
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("card-game design has no board"), "{err}");
    assert!(!dir.path().join("cards.svg").exists());

    // A station map is printed and played on a virtual table, not drawn.
    let stations =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/trains-and-stations-demo.yaml");
    let run = export(&stations, "png", &dir.path().join("stations.png"));
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("a dice design exports --to pdf or --to tts"),
        "{err}"
    );
    assert!(!dir.path().join("stations.png").exists());

    // A card game whose ticket needs a colour the deck lacks: the error is
    // listed with its place and nothing is printed.
    std::fs::write(
        &cards,
        "format: tracklayer/1\nname: Cards\nfamily: card-game\ntickets:\n- from: A\n  to: B\n  points: 4\n  cards: {mauve: 2}\n",
    )
    .unwrap();
    let run = export(&cards, "pdf", &dir.path().join("cards.pdf"));
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("mauve") && err.contains("cards.yaml:") && err.contains("has errors"),
        "{err}"
    );
    assert!(!dir.path().join("cards.pdf").exists());

    // A folder where the file should go: named, and nothing written (a
    // copy of the design, as a print records its number in the design).
    let usa_copy = dir.path().join("usa.yaml");
    std::fs::copy(usa(), &usa_copy).unwrap();
    let run = export(&usa_copy, "pdf", &dir.path().join("print.pdf/inside.pdf"));
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("cannot write") && err.contains("inside.pdf"),
        "{err}"
    );

    assert!(
        !std::fs::read_to_string(&usa_copy)
            .unwrap()
            .contains("print:"),
        "a failed print records no number"
    );

    // A good export replaces the old file whole, leaving no temporary file,
    // and reads the design without writing it.
    let before = std::fs::read(&usa_copy).unwrap();
    let run = export(&usa_copy, "pdf", &out);
    assert!(run.status.success(), "{run:?}");
    assert_eq!(
        std::fs::read(&usa_copy).unwrap(),
        before,
        "the input is not written"
    );
    assert!(String::from_utf8_lossy(&run.stdout).contains("print v1 (not recorded"));
    assert!(std::fs::read(&out).unwrap().starts_with(b"%PDF-"));
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");

    // Asked to, it records the print number in the design.
    let run = tracklayer(&[
        "export",
        &usa_copy.display().to_string(),
        "--to",
        "pdf",
        "--record-print",
        "-o",
        &out.display().to_string(),
    ]);
    assert!(run.status.success(), "{run:?}");
    let recorded = formats::load(&usa_copy).unwrap().design;
    assert_eq!(recorded.print.map(|p| p.number), Some(1));
    assert!(String::from_utf8_lossy(&run.stdout).contains("print v1 recorded"));
}

#[test]
fn every_bundled_design_becomes_a_tabletop_simulator_set_with_its_decks() {
    let dir = tempfile::tempdir().unwrap();
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    for entry in std::fs::read_dir(&maps).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "yaml") {
            continue;
        }
        let design = formats::load(&path).unwrap().design;
        if design.family != formats::Family::Board {
            continue;
        }
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let out = dir.path().join(&stem);
        let run = export(&path, "tts", &out);
        assert!(run.status.success(), "{}: {run:?}", path.display());
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join(format!("{stem}.json"))).unwrap())
                .unwrap();
        let objects = json["ObjectStates"].as_array().unwrap();

        let (rules, deck) =
            formats::board_game::rules::resolve(&design.rules, &design.cards).unwrap();
        let long = design.tickets.iter().filter(|t| t.long).count();
        let terrain: usize = rules
            .terrain_cards
            .types
            .iter()
            .map(|t| t.count as usize)
            .sum();
        let built = engine::Board::build(&design).unwrap();
        let rules_cards = studio::export::cards::sections(&design, &built)
            .iter()
            .find(|s| s.title == "Rules summary")
            .map_or(0, |s| s.cards.len());
        let bonus = usize::from(rules.bonuses.longest_path != 0)
            + usize::from(rules.bonuses.globetrotter != 0);
        let decks: Vec<usize> = [
            design.tickets.len() - long,
            long,
            deck.total() as usize,
            terrain,
            bonus,
            rules_cards,
        ]
        .into_iter()
        .filter(|n| *n > 0)
        .collect();
        // The board, then one object per deck (a lone card for the rules
        // summary), then the pieces.
        assert_eq!(objects[0]["Name"], "Custom_Tile");
        let cards: Vec<&serde_json::Value> = objects
            .iter()
            .filter(|o| matches!(o["Name"].as_str(), Some("Card" | "DeckCustom")))
            .collect();
        assert_eq!(cards.len(), decks.len(), "{}", path.display());
        for (object, cards) in cards.iter().zip(&decks) {
            let held = if *cards == 1 {
                assert_eq!(object["Name"], "Card");
                1
            } else {
                assert_eq!(object["Name"], "DeckCustom");
                assert_eq!(object["DeckIDs"].as_array().unwrap().len(), *cards);
                object["ContainedObjects"].as_array().unwrap().len()
            };
            assert_eq!(held, *cards, "{}: {}", path.display(), object["Nickname"]);
            // The rules lie face up, the decks face down.
            let face_up = object["Transform"]["rotZ"] == 0.0;
            assert_eq!(
                face_up,
                object["Nickname"].as_str().unwrap().starts_with("Rules"),
                "{}",
                object["Nickname"]
            );
            for sheet in object["CustomDeck"].as_object().unwrap().values() {
                let (cols, rows) = (
                    sheet["NumWidth"].as_u64().unwrap() as u32,
                    sheet["NumHeight"].as_u64().unwrap() as u32,
                );
                assert!(cols <= 10 && rows <= 7);
                let face = sheet["FaceURL"]
                    .as_str()
                    .unwrap()
                    .trim_start_matches("file://");
                let (w, h) = image::image_dimensions(face).unwrap();
                // A whole number of cards each way (372 × 520 pixels a card).
                assert_eq!((w % cols, h % rows), (0, 0), "{face}: {w} × {h}");
                assert_eq!((w / cols, h / rows), (372, 520), "{face}");
                for url in [&sheet["FaceURL"], &sheet["BackURL"]] {
                    let file = url.as_str().unwrap().trim_start_matches("file://");
                    assert!(Path::new(file).is_file(), "{file}");
                }
            }
        }
        assert_eq!(objects[0]["Locked"], true);
        let board = objects[0]["CustomImage"]["ImageURL"].as_str().unwrap();
        let (w, h) = image::image_dimensions(board.trim_start_matches("file://")).unwrap();
        assert!(w <= 4096 && h <= 4096, "{board}: {w} × {h}");
        // The board at the cards' scale: as many card widths wide on the
        // table as on paper (a card is 2.5 units, a tile 2 units a side).
        let size = design.board.as_ref().unwrap();
        let card_widths = objects[0]["Transform"]["scaleX"].as_f64().unwrap() * 2.0 / 2.5;
        assert!(
            (card_widths - f64::from(size.width) / 63.0).abs() < 0.05,
            "{}: {card_widths}",
            path.display()
        );
        // Every piece the rules count, in the player colours.
        let players = usize::from(rules.players.max);
        let pieces = tts_pieces(objects);
        let want = |n: &str| pieces.get(n).copied().unwrap_or(0);
        assert_eq!(
            want("train car"),
            usize::from(rules.trains) * players,
            "{}",
            path.display()
        );
        assert_eq!(want("station"), usize::from(rules.stations.count) * players);
        assert_eq!(want("score marker"), players);
        assert!(want("score track") >= 1);
        assert_eq!(
            want("bag"),
            players * (1 + usize::from(rules.stations.count > 0))
        );
        nothing_overlaps(objects, &stem);
    }
}

/// Asserts that no two objects lying on a Tabletop Simulator table (the
/// set's top-level objects: the board, decks, bags, loose pieces and
/// score-track strips) cover the same ground, so that nothing loads on top
/// of something else. A tile's ground is its scale times 2 units a side, a
/// card's or deck's the card's size, a bag's taken as 2 units square (the
/// pieces' columns are 2.5 units apart).
fn nothing_overlaps(objects: &[serde_json::Value], set: &str) {
    let (cw, ch) = studio::export::tts_table::card_units();
    let ground: Vec<(String, [f64; 4])> = objects
        .iter()
        .map(|o| {
            let t = &o["Transform"];
            let f = |k: &str| t[k].as_f64().unwrap();
            let (w, d) = match o["Name"].as_str().unwrap() {
                "Custom_Tile" => (f("scaleX") * 2.0, f("scaleZ") * 2.0),
                "Card" | "DeckCustom" => (f64::from(cw), f64::from(ch)),
                "Bag" | "Custom_Dice" => (2.0, 2.0),
                other => panic!("{set}: an object of unknown size: {other}"),
            };
            let (x, z) = (f("posX"), f("posZ"));
            let name = o["Nickname"].as_str().unwrap_or_default().to_owned();
            (name, [x - w / 2.0, x + w / 2.0, z - d / 2.0, z + d / 2.0])
        })
        .collect();
    for (i, (a, ra)) in ground.iter().enumerate() {
        for (b, rb) in &ground[i + 1..] {
            let apart = ra[1] <= rb[0] + 1e-3
                || rb[1] <= ra[0] + 1e-3
                || ra[3] <= rb[2] + 1e-3
                || rb[3] <= ra[2] + 1e-3;
            assert!(apart, "{set}: {a} {ra:?} overlaps {b} {rb:?}");
        }
    }
}

/// The pieces of a Tabletop Simulator set by kind (the end of their name:
/// `red train car` → `train car`; dice, bags and score-track strips by
/// object), looking into bags.
fn tts_pieces(objects: &[serde_json::Value]) -> std::collections::HashMap<String, usize> {
    let mut out = std::collections::HashMap::new();
    let mut stack: Vec<&serde_json::Value> = objects.iter().collect();
    while let Some(o) = stack.pop() {
        let name = o["Nickname"].as_str().unwrap_or_default().to_lowercase();
        let kind = match o["Name"].as_str().unwrap_or_default() {
            "Bag" => {
                stack.extend(o["ContainedObjects"].as_array().unwrap());
                "bag".to_owned()
            }
            "Custom_Dice" => {
                // Six faces, each reporting its name when rolled.
                assert_eq!(o["CustomImage"]["CustomDice"]["Type"], 1);
                assert_eq!(o["RotationValues"].as_array().unwrap().len(), 6);
                "die".to_owned()
            }
            "Custom_Tile" if name.starts_with("score track") => "score track".to_owned(),
            "Custom_Tile" => {
                let image = o["CustomImage"]["ImageURL"].as_str().unwrap();
                assert!(
                    Path::new(image.trim_start_matches("file://")).is_file(),
                    "{image}"
                );
                [
                    "train car",
                    "station",
                    "score marker",
                    "building token",
                    "coin",
                    "conductor token",
                ]
                .into_iter()
                .find(|k| name.ends_with(k))
                .unwrap_or("board")
                .to_owned()
            }
            _ => continue,
        };
        *out.entry(kind).or_insert(0) += 1;
    }
    out
}

/// The decks of a Tabletop Simulator set (lone cards too): name and cards.
fn decks(objects: &[serde_json::Value]) -> Vec<(String, usize)> {
    objects
        .iter()
        .filter(|o| matches!(o["Name"].as_str(), Some("Card" | "DeckCustom")))
        .map(|o| (o["Nickname"].as_str().unwrap().to_owned(), held(o)))
        .collect()
}

/// Cards an object of a Tabletop Simulator set holds (a lone card or a deck).
fn held(object: &serde_json::Value) -> usize {
    match object["Name"].as_str() {
        Some("Card") => 1,
        Some("DeckCustom") => object["ContainedObjects"].as_array().unwrap().len(),
        other => panic!("not a card or deck: {other:?}"),
    }
}

#[test]
fn the_card_game_and_the_station_map_become_tabletop_simulator_sets() {
    let dir = tempfile::tempdir().unwrap();
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let set = |stem: &str| {
        let out = dir.path().join(stem);
        let run = export(&maps.join(format!("{stem}.yaml")), "tts", &out);
        assert!(run.status.success(), "{stem}: {run:?}");
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join(format!("{stem}.json"))).unwrap())
                .unwrap();
        json["ObjectStates"].as_array().unwrap().clone()
    };

    // The card game has no board: its decks are the tickets, the train cards
    // per the deck, the Big Cities and the rules summary.
    let design = formats::load(&maps.join("card-game-usa.yaml"))
        .unwrap()
        .design;
    let (rules, deck) = formats::card_game::resolve(&design.rules, &design.cards).unwrap();
    let objects = set("card-game-usa");
    nothing_overlaps(&objects, "card-game-usa");
    let counts = decks(&objects);
    assert_eq!(
        counts[..3],
        [
            ("Destination tickets".to_owned(), design.tickets.len()),
            (
                "Train cards and locomotives".to_owned(),
                deck.total() as usize
            ),
            ("Big City bonus cards".to_owned(), rules.big_cities.len()),
        ]
    );
    assert_eq!(counts.len(), 4, "{counts:?}");
    assert_eq!(counts[3].0, "Rules summary");
    let pieces = tts_pieces(&objects);
    assert_eq!(
        pieces.get("score marker"),
        Some(&usize::from(rules.players.max))
    );

    // Trains & Stations: the station map as the board, then the special
    // cards, the goods decks, the victory-point cards and the rules summary,
    // then the dice, buildings, coins, conductor and markers.
    let design = formats::load(&maps.join("trains-and-stations-demo.yaml"))
        .unwrap()
        .design;
    let rules = formats::dice::resolve(&design.rules).unwrap();
    let objects = set("trains-and-stations-demo");
    nothing_overlaps(&objects, "trains-and-stations-demo");
    assert_eq!(objects[0]["Name"], "Custom_Tile");
    let board = objects[0]["CustomImage"]["ImageURL"].as_str().unwrap();
    let image = image::open(board.trim_start_matches("file://")).unwrap();
    // 800 × 480 mm at 130 dots per inch, the most within 4,096 pixels (150
    // would be 4,724).
    assert_eq!((image.width(), image.height()), (4094, 2457));
    let specials: usize = design.specials.iter().map(|s| s.count as usize).sum();
    let goods: usize = rules.goods.values().map(|g| g.cards as usize).sum();
    let vp: usize = rules.points.cards.values().map(|n| usize::from(*n)).sum();
    let decks = decks(&objects);
    assert_eq!(
        decks[..3],
        [
            ("Special cards".to_owned(), specials),
            ("Goods cards".to_owned(), goods),
            ("Victory point cards".to_owned(), vp),
        ]
    );
    assert_eq!(decks[3].0, "Rules summary");
    let players = usize::from(rules.players.max);
    let pieces = tts_pieces(&objects);
    let count = |n: &str| pieces.get(n).copied().unwrap_or(0);
    assert_eq!(
        count("die"),
        usize::from(rules.dice.per_player) * players + usize::from(rules.dice.bonus)
    );
    let buildings = usize::from(rules.buildings.ranch)
        + usize::from(rules.buildings.mine)
        + usize::from(rules.buildings.hotel);
    assert_eq!(count("building token"), buildings * players);
    assert_eq!(count("coin"), usize::from(rules.coins.max) * players);
    assert_eq!(count("conductor token"), 1);
    assert_eq!(count("score marker"), players);
    // A die of each colour and the white ones report the design's faces.
    let dice: Vec<&serde_json::Value> = objects
        .iter()
        .filter(|o| o["Name"] == "Bag" && o["Nickname"].as_str().unwrap().ends_with("dice"))
        .flat_map(|b| b["ContainedObjects"].as_array().unwrap())
        .collect();
    let faces: Vec<&str> = dice[0]["RotationValues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["Value"].as_str().unwrap())
        .collect();
    let words: Vec<String> = rules
        .dice
        .faces
        .iter()
        .map(|f| studio::export::tts_table::face_value(*f).to_owned())
        .collect();
    assert_eq!(faces, words);
    assert_eq!(dice.last().unwrap()["ColorDiffuse"]["r"], 1.0);
}

/// Runs `tracklayer` with `args`, each given as text.
fn run(args: &[String]) -> Output {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    tracklayer(&args)
}

#[test]
fn no_command_writes_over_a_file_it_reads_however_the_path_is_spelt() {
    let dir = tempfile::tempdir().unwrap();
    let design = dir.path().join("a.yaml");
    let original = std::fs::read(usa()).unwrap();
    std::fs::write(&design, &original).unwrap();
    let d = design.display().to_string();
    let tables = dir.path().join("tables");
    assert!(export(&design, "csv", &tables).status.success());
    let shard = dir.path().join("s.json");
    let made = run(&[
        "simulate".into(),
        d.clone(),
        "--players".into(),
        "2".into(),
        "--games".into(),
        "2".into(),
        "--shard".into(),
        "0/1".into(),
        "--out".into(),
        shard.display().to_string(),
        "--quiet".into(),
    ]);
    assert!(made.status.success(), "{made:?}");
    let shard_bytes = std::fs::read(&shard).unwrap();
    // The same file by another name: `./`, a symbolic link, a hard link.
    let dotted = dir.path().join(".").join("a.yaml");
    let soft = dir.path().join("soft.yaml");
    let hard = dir.path().join("hard.yaml");
    std::os::unix::fs::symlink(&design, &soft).unwrap();
    std::fs::hard_link(&design, &hard).unwrap();
    for out in [&design, &dotted, &soft, &hard] {
        let o = out.display().to_string();
        let s = |t: &str| t.to_owned();
        let commands: Vec<Vec<String>> = vec![
            vec![s("derive"), s("card-game"), d.clone(), s("-o"), o.clone()],
            vec![
                s("export"),
                d.clone(),
                s("--to"),
                s("svg"),
                s("-o"),
                o.clone(),
            ],
            vec![
                s("export"),
                d.clone(),
                s("--to"),
                s("png"),
                s("-o"),
                o.clone(),
            ],
            vec![
                s("export"),
                d.clone(),
                s("--to"),
                s("pdf"),
                s("-o"),
                o.clone(),
            ],
            vec![s("play"), d.clone(), s("--out"), o.clone()],
            vec![
                s("simulate"),
                d.clone(),
                s("--games"),
                s("1"),
                s("--players"),
                s("2"),
                s("--quiet"),
                s("--json"),
                o.clone(),
            ],
            vec![
                s("simulate"),
                d.clone(),
                s("--games"),
                s("1"),
                s("--players"),
                s("2"),
                s("--quiet"),
                s("--shard"),
                s("0/1"),
                s("--out"),
                o.clone(),
            ],
            vec![
                s("arena"),
                d.clone(),
                s("--bots"),
                s("random,random"),
                s("--games"),
                s("2"),
                s("--quiet"),
                s("--json"),
                o.clone(),
            ],
            vec![
                s("diff"),
                d.clone(),
                usa().display().to_string(),
                s("--json"),
                o.clone(),
            ],
            vec![
                s("balance"),
                d.clone(),
                s("--target"),
                s("first-player-advantage"),
                s("--knob"),
                s("ticket-points"),
                s("--players"),
                s("2"),
                s("--games"),
                s("2"),
                s("--generations"),
                s("1"),
                s("--check-games"),
                s("2"),
                s("--quiet"),
                s("--out"),
                o.clone(),
            ],
        ];
        for args in commands {
            let got = run(&args);
            let err = String::from_utf8_lossy(&got.stderr);
            assert_eq!(got.status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.contains("which this command reads") && err.contains("Nothing was written"),
                "{args:?}: {err}"
            );
            assert_eq!(std::fs::read(&design).unwrap(), original, "{args:?}");
        }
    }
    // merge: the report onto a shard it reads.
    let got = run(&[
        "merge".into(),
        shard.display().to_string(),
        "-o".into(),
        dir.path().join(".").join("s.json").display().to_string(),
    ]);
    assert_eq!(got.status.code(), Some(2), "{got:?}");
    assert_eq!(std::fs::read(&shard).unwrap(), shard_bytes);
    // import: the design onto one of the tables it reads.
    let table = tables.join("cities.csv");
    let before = std::fs::read(&table).unwrap();
    let got = import(&tables, &table);
    assert_eq!(got.status.code(), Some(2), "{got:?}");
    assert_eq!(std::fs::read(&table).unwrap(), before);
    // export --to csv into the folder holding the design as `cities.csv`.
    let got = export(&table, "csv", &tables);
    assert_eq!(got.status.code(), Some(2), "{got:?}");
    assert_eq!(std::fs::read(&table).unwrap(), before);
}

#[test]
fn a_long_command_refuses_an_output_it_cannot_write_before_playing() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("shards").join("0.json");
    let got = run(&[
        "simulate".into(),
        usa().display().to_string(),
        "--games".into(),
        "100000".into(),
        "--shard".into(),
        "0/4".into(),
        "--out".into(),
        missing.display().to_string(),
        "--quiet".into(),
    ]);
    let err = String::from_utf8_lossy(&got.stderr);
    assert_eq!(got.status.code(), Some(2), "{err}");
    assert!(
        err.contains("does not exist") && err.contains("mkdir -p"),
        "{err}"
    );
    assert!(got.stdout.is_empty(), "no game was played");
    let got = run(&[
        "merge".into(),
        dir.path().join("absent.json").display().to_string(),
        "-o".into(),
        dir.path().join("reports/run.json").display().to_string(),
    ]);
    let err = String::from_utf8_lossy(&got.stderr);
    assert_eq!(got.status.code(), Some(2), "{err}");
    assert!(err.contains("reports") && err.contains("mkdir -p"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn board_tables_are_refused_by_a_card_game_design() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables");
    assert!(export(&usa(), "csv", &tables).status.success());
    let cards = dir.path().join("cards.yaml");
    let original =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml"))
            .unwrap();
    std::fs::write(&cards, &original).unwrap();
    let got = import(&tables, &cards);
    let err = String::from_utf8_lossy(&got.stderr);
    assert_eq!(got.status.code(), Some(1), "{err}");
    assert!(err.contains("board design's tables"), "{err}");
    assert_eq!(std::fs::read(&cards).unwrap(), original);
}

#[test]
fn a_large_board_goes_to_tabletop_simulator_within_4096_pixels_and_a_failure_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.yaml");
    std::fs::write(
        &big,
        format!(
            "format: tracklayer/1\nextends: {}\nboard: {{width: 4000, height: 2000, car_space: 25}}\n",
            usa().display()
        ),
    )
    .unwrap();
    let set = dir.path().join("set");
    // PNG width and height, big-endian, at bytes 16..24.
    let width = |png: &[u8]| u32::from_be_bytes(png[16..20].try_into().unwrap());
    // At the default 150 dpi the 4,000 mm board would be 23,622 pixels wide:
    // it is drawn at fewer dots per inch, within Tabletop Simulator's 4,096.
    let got = export(&big, "tts", &set);
    assert!(got.status.success(), "{got:?}");
    let png = std::fs::read(set.join("board.png")).unwrap();
    assert!((4000..=4096).contains(&width(&png)), "{}", width(&png));
    // A design with errors leaves nothing, not even the folder.
    let broken = dir.path().join("broken.yaml");
    std::fs::write(
        &broken,
        std::fs::read_to_string(usa())
            .unwrap()
            .replacen("from: Atlanta", "from: Atlantis", 1),
    )
    .unwrap();
    let none = dir.path().join("none");
    let got = export(&broken, "tts", &none);
    assert_eq!(got.status.code(), Some(1));
    assert!(!none.exists(), "an empty folder was left behind");
    let got = tracklayer(&[
        "export",
        &big.display().to_string(),
        "--to",
        "tts",
        "--dpi",
        "20",
        "-o",
        &set.display().to_string(),
    ]);
    assert!(got.status.success(), "{got:?}");
    let png = std::fs::read(set.join("board.png")).unwrap();
    // 4000 mm at 20 dpi.
    assert!((3140..=3160).contains(&width(&png)), "{}", width(&png));
}
