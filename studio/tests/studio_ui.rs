//! The studio driven as a designer drives it: through its controls (found by
//! their labels) and the mouse on the map, with no display.

use crate::common;

use std::path::{Path, PathBuf};

use common::{click_at, click_label, config, harness, maps, settle, type_into};
use egui::{Event, Modifiers, PointerButton, Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use studio::app::Studio;
use studio::app::canvas::Tool;
use studio::app::files::backup_path;
use studio::app::selection::Obj;
use studio::app::studio::Dialog;

fn studio(dir: &Path, open: Option<PathBuf>) -> Harness<'static, Studio> {
    harness(config(dir, open), [1500.0, 950.0])
}

fn drag(h: &mut Harness<'_, Studio>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=6 {
        h.hover_at(from + (to - from) * (k as f32 / 6.0));
        h.step();
    }
    h.drop_at(to);
    h.run_steps(3);
}

/// Where a board point is on screen.
fn screen(h: &Harness<'_, Studio>, x: f32, y: f32) -> Pos2 {
    h.state().canvas.view.to_screen(pos2(x, y))
}

fn city_on_screen(h: &Harness<'_, Studio>, name: &str) -> Pos2 {
    let c = h
        .state()
        .doc
        .design
        .cities
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no city {name}"));
    screen(h, c.x, c.y)
}

fn choose(h: &mut Harness<'_, Studio>, menu: &str, item: &str) {
    click_label(h, menu);
    click_label(h, item);
}

#[test]
fn adds_cities_and_a_route_by_mouse() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    common::new_design(&mut h, None);
    assert!(h.state().doc.design.cities.is_empty());
    click_label(&mut h, "Add city");

    let a = screen(&h, 200.0, 200.0);
    click_at(&mut h, a, Modifiers::NONE);
    assert_eq!(h.state().doc.design.cities.len(), 1);
    // The new city's name is selected in the inspector: typing replaces it.
    h.get_by_label("City name").type_text("Paris");
    h.run_steps(2);
    assert_eq!(h.state().doc.design.cities[0].name, "Paris");

    let b = screen(&h, 300.0, 200.0);
    click_at(&mut h, b, Modifiers::NONE);
    assert_eq!(h.state().doc.design.cities[1].name, "City");
    assert!(
        h.state().title().ends_with("* — Tracklayer"),
        "{}",
        h.state().title()
    );

    click_label(&mut h, "Add route");
    drag(&mut h, a, b);
    let d = &h.state().doc.design;
    assert_eq!(
        d.routes.len(),
        1,
        "a drag from city to city adds a route: {}",
        h.state().status
    );
    assert_eq!(
        (d.routes[0].from.as_str(), d.routes[0].to.as_str()),
        ("Paris", "City")
    );
    assert_eq!(
        d.routes[0].length, 4,
        "100 mm drawn suggests four 25 mm spaces"
    );
    assert_eq!(h.state().selection.routes(), vec![0]);
}

#[test]
fn edits_a_route_colour_in_the_inspector_with_undo_and_redo() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    let (i, was) = {
        let d = &h.state().doc.design;
        let i = d.routes.iter().position(|r| r.color == "gray").unwrap();
        (i, d.routes[i].color.clone())
    };
    let mid = {
        let s = h.state();
        let r = &s.doc.design.routes[i];
        let (a, b) = (
            s.doc
                .design
                .cities
                .iter()
                .find(|c| c.name == r.from)
                .unwrap(),
            s.doc.design.cities.iter().find(|c| c.name == r.to).unwrap(),
        );
        s.canvas
            .view
            .to_screen(pos2((a.x + b.x) / 2.0, (a.y + b.y) / 2.0))
    };
    // Zoom in around the route so its spaces are big and alone under the pointer.
    h.state_mut().canvas.view.zoom_at(mid, 3.0);
    h.run_steps(1);
    click_at(&mut h, mid, Modifiers::NONE);
    assert_eq!(
        h.state().selection.routes(),
        vec![i],
        "clicking a route selects it"
    );

    click_label(&mut h, "Route colour");
    click_label(&mut h, "red");
    assert_eq!(h.state().doc.design.routes[i].color, "red");
    assert!(h.state().doc.is_dirty());

    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(h.state().doc.design.routes[i].color, was);
    assert!(!h.state().doc.is_dirty(), "undone back to the saved state");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(h.state().doc.design.routes[i].color, "red");
    click_label(&mut h, "Undo");
    assert_eq!(h.state().doc.design.routes[i].color, was);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Y);
    h.run_steps(2);
    assert_eq!(h.state().doc.design.routes[i].color, "red");
}

#[test]
fn adds_a_ticket_with_points_from_the_shortest_path() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    assert!(h.state().validator.latest().unwrap().board.is_some());
    let before = h.state().doc.design.tickets.len();
    click_label(&mut h, "Add ticket");
    let denver = city_on_screen(&h, "Denver");
    click_at(&mut h, denver, Modifiers::NONE);
    assert!(h.state().canvas.ticket_from.is_some());
    // While picking, the shortest path to the city under the pointer is lit.
    let el_paso = city_on_screen(&h, "El Paso");
    h.hover_at(el_paso);
    h.run_steps(2);
    let lit = h.state().canvas.ticket_path().expect("a lit path");
    assert_eq!(lit.spaces, 4);
    click_at(&mut h, el_paso, Modifiers::NONE);
    let d = &h.state().doc.design;
    assert_eq!(d.tickets.len(), before + 1);
    let t = d.tickets.last().unwrap();
    assert_eq!(
        (t.from.as_str(), t.to.as_str(), t.points),
        ("Denver", "El Paso", 4)
    );
    assert_eq!(h.state().selection.tickets(), vec![before]);
}

#[test]
fn fixes_a_diagnostic_by_clicking_it_and_editing() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    h.state_mut()
        .doc
        .edit("break", |d| d.routes[5].color = "mauve".into());
    settle(&mut h);
    let report = h.state().validator.latest().unwrap();
    assert!(report.diagnostics.has_errors());
    h.get_by_label_contains("is `mauve`").click();
    h.run_steps(3);
    assert!(
        h.state().selection.contains(Obj::Route(5)),
        "the diagnostic selects its route"
    );
    click_label(&mut h, "Route colour");
    click_label(&mut h, "blue");
    settle(&mut h);
    assert_eq!(h.state().doc.design.routes[5].color, "blue");
    assert!(
        !h.state()
            .validator
            .latest()
            .unwrap()
            .diagnostics
            .has_errors()
    );
    assert!(h.query_by_label_contains("mauve").is_none());
}

#[test]
fn saves_and_reloads_unchanged_keeping_a_backup() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("usa.yaml");
    std::fs::copy(maps("usa.yaml"), &path).unwrap();
    let original = formats::load(&path).unwrap().design;
    let mut h = studio(dir.path(), Some(path.clone()));
    choose(&mut h, "File", "Save");
    assert!(backup_path(&path).exists(), "the previous version is kept");
    assert_eq!(formats::load(&path).unwrap().design, original);

    h.state_mut()
        .doc
        .edit("rename", |d| d.name = "USA, revised".into());
    h.run_steps(1);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::S);
    h.run_steps(2);
    assert!(!h.state().doc.is_dirty());
    let again = formats::load(&path).unwrap().design;
    assert_eq!(again.name, "USA, revised");
    assert_eq!(again.routes, original.routes);
}

#[test]
fn refuses_to_overwrite_a_broken_file_and_keeps_the_open_design() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.yaml");
    let text = "format: tracklayer/1\nname: Broken\ncities:\n  - {name: A, x: zero, y: 0}\n";
    std::fs::write(&broken, text).unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));

    choose(&mut h, "File", "Open path…");
    type_into(&mut h, "Path", &broken.display().to_string());
    click_label(&mut h, "Open");
    let Some(Dialog::Message { text: msg, .. }) = &h.state().dialog else {
        panic!("expected an error message, got {:?}", h.state().dialog);
    };
    assert!(msg.contains("broken.yaml:4:"), "line and column: {msg}");
    click_label(&mut h, "OK");
    assert_eq!(
        h.state().doc.design.cities.len(),
        36,
        "the USA map stays open"
    );

    choose(&mut h, "File", "Save to path…");
    type_into(&mut h, "Path", &broken.display().to_string());
    click_label(&mut h, "Save");
    assert!(matches!(h.state().dialog, Some(Dialog::Message { .. })));
    assert_eq!(std::fs::read_to_string(&broken).unwrap(), text, "untouched");
}

#[test]
fn recovers_autosaved_work_after_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = studio(dir.path(), Some(maps("usa.yaml")));
        click_label(&mut h, "Add city");
        let p = screen(&h, 100.0, 420.0);
        click_at(&mut h, p, Modifiers::NONE);
        assert_eq!(h.state().doc.design.cities.len(), 37);
        h.state_mut().autosave_now();
        // The harness is dropped without closing: a crash.
    }
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    assert!(matches!(h.state().dialog, Some(Dialog::Recover(_))));
    click_label(&mut h, "Recover");
    assert_eq!(h.state().doc.design.cities.len(), 37);
    assert!(h.state().doc.is_dirty(), "recovered work is unsaved");
    assert!(h.state().doc.path.as_deref().unwrap().ends_with("usa.yaml"));
}

#[test]
fn asks_before_unsaved_changes_are_lost() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    h.state_mut().doc.edit("x", |d| d.cities[0].x += 1.0);
    common::new_design(&mut h, None);
    assert!(matches!(h.state().dialog, Some(Dialog::Unsaved(_))));
    click_label(&mut h, "Cancel");
    assert_eq!(h.state().doc.design.cities.len(), 36);
    common::new_design(&mut h, None);
    click_label(&mut h, "Discard changes");
    assert!(h.state().doc.design.cities.is_empty());
    // A path typed into File → Open path… asks too (it used to open at
    // once: a new design drawn and not yet saved was lost).
    h.state_mut().doc.edit("x", |d| d.name = "Drawn".into());
    click_label(&mut h, "File");
    click_label(&mut h, "Open path…");
    type_into(&mut h, "Path", &maps("europe.yaml").display().to_string());
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert!(matches!(h.state().dialog, Some(Dialog::Unsaved(_))));
    click_label(&mut h, "Cancel");
    assert_eq!(h.state().doc.design.name, "Drawn", "still the drawn design");
}

#[test]
fn tools_select_move_box_select_delete_and_escape() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    let denver = city_on_screen(&h, "Denver");
    click_at(&mut h, denver, Modifiers::NONE);
    let i = h
        .state()
        .doc
        .design
        .cities
        .iter()
        .position(|c| c.name == "Denver")
        .unwrap();
    assert_eq!(h.state().selection.cities(), vec![i]);
    let x0 = h.state().doc.design.cities[i].x;
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(2);
    assert_eq!(
        h.state().doc.design.cities[i].x,
        x0 + 1.0,
        "arrow keys nudge"
    );
    drag(&mut h, denver, denver + egui::vec2(40.0, 0.0));
    assert!(
        h.state().doc.design.cities[i].x > x0 + 5.0,
        "dragging moves"
    );
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(
        h.state().doc.design.cities[i].x,
        x0 + 1.0,
        "a drag is one step"
    );

    // Box select around Denver, then delete it with its routes.
    let empty = screen(&h, 700.0, 420.0);
    click_at(&mut h, empty, Modifiers::NONE);
    assert!(
        h.state().selection.is_empty(),
        "a click on empty map clears"
    );
    let d = city_on_screen(&h, "Denver");
    drag(
        &mut h,
        d - egui::vec2(12.0, 12.0),
        d + egui::vec2(12.0, 12.0),
    );
    assert_eq!(h.state().selection.cities(), vec![i]);
    let routes = h.state().doc.design.routes.len();
    h.key_press(egui::Key::Delete);
    h.run_steps(2);
    assert_eq!(h.state().doc.design.cities.len(), 35);
    assert!(h.state().doc.design.routes.len() < routes);

    // Escape abandons a half-drawn region.
    h.key_press(egui::Key::G);
    h.run_steps(1);
    assert_eq!(h.state().canvas.tool, Tool::Region);
    for (x, y) in [(50.0, 50.0), (120.0, 50.0)] {
        let p = screen(&h, x, y);
        click_at(&mut h, p, Modifiers::NONE);
    }
    assert_eq!(h.state().canvas.region_points.len(), 2);
    h.key_press(egui::Key::Escape);
    h.run_steps(1);
    assert!(h.state().canvas.region_points.is_empty());
}

#[test]
fn search_finds_and_selects_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("europe.yaml")));
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::F);
    h.run_steps(2);
    h.get_by_label("Search for").type_text("Pamplona");
    h.run_steps(2);
    click_label(&mut h, "Pamplona (city)");
    let i = h
        .state()
        .doc
        .design
        .cities
        .iter()
        .position(|c| c.name == "Pamplona")
        .unwrap();
    assert_eq!(h.state().selection.cities(), vec![i]);
}

#[test]
fn a_variant_saves_only_its_differences() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(maps("usa.yaml"), dir.path().join("usa.yaml")).unwrap();
    let variant = dir.path().join("fast.yaml");
    std::fs::write(
        &variant,
        "format: tracklayer/1\nextends: usa.yaml\nname: USA, fast\nrules:\n  preset: usa\n  trains: 30\n",
    )
    .unwrap();
    let mut h = studio(dir.path(), Some(variant.clone()));
    assert!(h.state().doc.base.is_some());
    h.state_mut()
        .doc
        .edit("length", |d| d.routes[0].length += 1);
    h.state_mut().selection.select_only(Obj::Route(0));
    h.run_steps(2);
    assert!(h.query_by_label_contains("overrides base").is_some());
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::S);
    h.run_steps(2);
    let text = std::fs::read_to_string(&variant).unwrap();
    assert!(text.contains("extends: usa.yaml"), "{text}");
    assert!(
        !text.contains("Seattle"),
        "only differences are written: {text}"
    );
    let again = formats::load(&variant).unwrap().design;
    assert_eq!(again, h.state().doc.design);
}

#[test]
fn without_a_display_the_binary_names_the_cli_commands() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tracklayer"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("tracklayer validate"), "{err}");
    assert!(err.contains("no display"), "{err}");
}

#[test]
fn shows_a_background_image_for_tracing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("usa.yaml");
    std::fs::copy(maps("usa.yaml"), &path).unwrap();
    image::RgbaImage::from_pixel(40, 30, image::Rgba([200, 30, 30, 255]))
        .save(dir.path().join("trace.png"))
        .unwrap();
    let mut h = studio(dir.path(), Some(path));
    choose(&mut h, "View", "Background image…");
    click_label(&mut h, "Choose image…");
    type_into(
        &mut h,
        "Path",
        &dir.path().join("trace.png").display().to_string(),
    );
    click_label(&mut h, "Use image");
    let bg = h
        .state()
        .doc
        .design
        .terrain
        .background
        .clone()
        .expect("a background");
    assert_eq!(bg.image, "trace.png", "stored relative to the design");
    assert!(h.state().canvas.background_error().is_none());
    h.get_by_label("Lock background").click();
    h.run_steps(2);
    assert!(
        h.state()
            .doc
            .design
            .terrain
            .background
            .as_ref()
            .unwrap()
            .locked
    );
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert!(
        !h.state()
            .doc
            .design
            .terrain
            .background
            .as_ref()
            .unwrap()
            .locked
    );
}

#[test]
fn closing_with_unsaved_changes_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    h.state_mut().doc.edit("x", |d| d.cities[0].y += 1.0);
    let close = |h: &mut Harness<'_, Studio>| {
        h.input_mut()
            .viewports
            .entry(egui::ViewportId::ROOT)
            .or_default()
            .events
            .push(egui::ViewportEvent::Close);
        h.step();
    };
    let closing = |h: &Harness<'_, Studio>| {
        h.output()
            .viewport_output
            .get(&egui::ViewportId::ROOT)
            .is_some_and(|v| v.commands.contains(&egui::ViewportCommand::Close))
    };
    close(&mut h);
    assert!(matches!(h.state().dialog, Some(Dialog::Unsaved(_))));
    h.run_steps(2);
    click_label(&mut h, "Cancel");
    assert!(h.state().dialog.is_none());
    close(&mut h);
    h.run_steps(1);
    h.get_by_label("Discard changes").click();
    let mut closed = false;
    for _ in 0..3 {
        h.step();
        closed |= closing(&h);
    }
    assert!(closed, "discarding closes the window");
}

#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn a_file_dropped_on_the_window_opens() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(maps("europe.yaml"))));
    h.run_steps(2);
    assert!(
        h.state()
            .doc
            .path
            .as_deref()
            .unwrap()
            .ends_with("europe.yaml")
    );
    assert!(
        h.state()
            .settings
            .recent
            .iter()
            .any(|p| p.ends_with("europe.yaml"))
    );
}

#[test]
fn rule_edits_are_undoable_and_presets_are_one_click_away() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    click_label(&mut h, "Rules");
    type_into(&mut h, "trains", "30");
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    let trains = |h: &Harness<'_, Studio>| {
        formats::board_game::rules::resolve(
            &h.state().doc.design.rules,
            &h.state().doc.design.cards,
        )
        .unwrap()
        .0
        .trains
    };
    assert_eq!(trains(&h), 30);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(trains(&h), 45);
    click_label(&mut h, "Use Europe preset");
    let r = formats::board_game::rules::resolve(
        &h.state().doc.design.rules,
        &h.state().doc.design.cards,
    )
    .unwrap()
    .0;
    assert_eq!(r.stations.count, 3, "Europe's stations");
}

#[test]
fn bends_and_regions_are_drawn_with_the_mouse() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    common::new_design(&mut h, None);
    click_label(&mut h, "Add city");
    for x in [100.0, 300.0] {
        let p = screen(&h, x, 100.0);
        click_at(&mut h, p, Modifiers::NONE);
    }
    click_label(&mut h, "Add route");
    let (a, b) = (screen(&h, 100.0, 100.0), screen(&h, 300.0, 100.0));
    drag(&mut h, a, b);
    assert_eq!(h.state().doc.design.routes.len(), 1);

    click_label(&mut h, "Bend route");
    let mid = screen(&h, 200.0, 100.0);
    click_at(&mut h, mid, Modifiers::NONE);
    assert_eq!(h.state().doc.design.routes[0].bends.0.len(), 1);
    let bend = h.state().doc.design.routes[0].bends.0[0];
    let from = screen(&h, bend.x, bend.y);
    drag(&mut h, from, from + egui::vec2(0.0, 40.0));
    let moved = h.state().doc.design.routes[0].bends.0[0];
    assert!(
        moved.y > bend.y + 10.0,
        "bend points can be dragged: {moved:?}"
    );

    click_label(&mut h, "Draw region");
    for (x, y) in [(50.0, 300.0), (250.0, 300.0), (150.0, 450.0)] {
        let p = screen(&h, x, y);
        click_at(&mut h, p, Modifiers::NONE);
    }
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    let regions = &h.state().doc.design.terrain.regions;
    assert_eq!(regions.len(), 1);
    assert_eq!(regions[0].points.0.len(), 3);
    assert_eq!(h.state().selection.regions(), vec![0]);
    click_label(&mut h, "Region kind");
    click_label(&mut h, "lake");
    assert_eq!(
        h.state().doc.design.terrain.regions[0].kind,
        formats::RegionKind::Lake
    );
}

#[test]
fn the_inspector_edits_several_objects_where_they_agree() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    let d = &h.state().doc.design;
    let a = d
        .routes
        .iter()
        .position(|r| r.color == "gray" && r.length == 1)
        .unwrap();
    let b = d
        .routes
        .iter()
        .position(|r| r.color == "gray" && r.length == 2)
        .unwrap();
    let first = city_on_screen(&h, "Denver");
    click_at(&mut h, first, Modifiers::NONE);
    let second = city_on_screen(&h, "El Paso");
    click_at(&mut h, second, Modifiers::SHIFT);
    assert_eq!(h.state().selection.cities().len(), 2, "Shift-click adds");
    h.state_mut().selection.set([Obj::Route(a), Obj::Route(b)]);
    h.run_steps(2);
    assert!(h.query_by_label("2 routes").is_some());
    assert!(h.query_by_label("(mixed)").is_some(), "lengths differ");
    click_label(&mut h, "Route colour");
    click_label(&mut h, "blue");
    let d = &h.state().doc.design;
    assert_eq!(
        (d.routes[a].color.as_str(), d.routes[b].color.as_str()),
        ("blue", "blue")
    );
    assert_eq!(h.state().doc.history().undo_len(), 1, "one step for both");
}

#[test]
fn odd_designs_open_without_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("odd.yaml");
    std::fs::write(
        &path,
        "format: tracklayer/1\nname: Odd\ncities:\n  - {name: A, x: .inf, y: 0}\n  - {name: B, x: .nan, y: -1e38}\n  - {name: C, x: 5, y: 5}\n  - {name: C, x: 5, y: 5}\nroutes:\n  - {from: A, to: B, length: 0, color: red}\n  - {from: C, to: C, length: 200, color: nothing, ferry: 300, bends: \"1,1 1,1\"}\n  - {from: C, to: Nowhere, length: 2, color: gray}\ntickets:\n  - {from: A, to: A, points: 0}\nterrain:\n  regions:\n    - {kind: lake, points: \"0,0 1,1\"}\n    - {kind: sea, points: \"0,0 0,0 0,0 0,0\"}\n",
    )
    .unwrap();
    let mut h = studio(dir.path(), Some(path));
    assert_eq!(h.state().doc.design.name, "Odd");
    assert!(
        h.state()
            .validator
            .latest()
            .unwrap()
            .diagnostics
            .has_errors()
    );
    click_label(&mut h, "Zoom to fit");
    for tab in ["Routes", "Tickets", "Rules", "Cards", "Statistics"] {
        click_label(&mut h, tab);
    }
    let p = screen(&h, 5.0, 5.0);
    click_at(&mut h, p, Modifiers::NONE);
    h.key_press(egui::Key::Delete);
    h.run_steps(2);
}

#[test]
fn wheel_zooms_at_the_pointer_and_middle_drag_pans() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    let at = city_on_screen(&h, "Denver");
    let scale = h.state().canvas.view.scale;
    h.hover_at(at);
    h.step();
    for _ in 0..5 {
        h.event(Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, 40.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: Modifiers::NONE,
        });
        h.step();
    }
    h.run_steps(10);
    let view = h.state().canvas.view;
    assert!(
        view.scale > scale * 1.2,
        "zoomed in: {} -> {}",
        scale,
        view.scale
    );
    let denver = city_on_screen(&h, "Denver");
    assert!(
        denver.distance(at) < 2.0,
        "the point under the pointer stays: {at:?} {denver:?}"
    );

    let center = h.state().canvas.view.center;
    h.hover_at(at);
    h.step();
    for (pressed, pos) in [(true, at), (false, at + egui::vec2(100.0, 0.0))] {
        if !pressed {
            for k in 1..=5 {
                h.event(Event::PointerMoved(at + egui::vec2(20.0 * k as f32, 0.0)));
                h.step();
            }
        }
        h.event(Event::PointerButton {
            pos,
            button: PointerButton::Middle,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.step();
    }
    h.run_steps(2);
    assert!(h.state().canvas.view.center.x < center.x - 10.0, "panned");
    assert!(
        h.state().doc.history().undo_len() == 0,
        "panning edits nothing"
    );
}

#[test]
fn a_shortcut_and_its_menu_entry_run_the_same_command() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), None);
    common::new_design(&mut h, None);
    click_label(&mut h, "Add city");
    for (x, y) in [(100.0, 100.0), (200.0, 100.0)] {
        let p = screen(&h, x, y);
        click_at(&mut h, p, Modifiers::NONE);
    }
    assert_eq!(h.state().doc.design.cities.len(), 2);

    // Ctrl+Z, even while the new city's name field has the keyboard.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(h.state().doc.design.cities.len(), 1);
    assert_eq!(h.state().status, "Undid: Add city.");

    // Edit ▸ Undo names the step, shows the same shortcut, and does the same.
    click_label(&mut h, "Edit");
    let entry = h.get_by_label("Undo Add city");
    assert_eq!(
        entry.accesskit_node().data().keyboard_shortcut(),
        Some("Ctrl+Z")
    );
    entry.click();
    h.run_steps(3);
    assert!(h.state().doc.design.cities.is_empty());
    assert_eq!(h.state().status, "Undid: Add city.");

    // And the other way round for Redo: the menu, then its second shortcut.
    click_label(&mut h, "Edit");
    let entry = h.get_by_label("Redo Add city");
    assert_eq!(
        entry.accesskit_node().data().keyboard_shortcut(),
        Some("Ctrl+Shift+Z or Ctrl+Y")
    );
    entry.click();
    h.run_steps(3);
    assert_eq!(h.state().doc.design.cities.len(), 1);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Y);
    h.run_steps(2);
    assert_eq!(h.state().doc.design.cities.len(), 2);
    assert_eq!(h.state().status, "Redid: Add city.");
}

#[test]
fn dragging_a_city_is_one_undo_step_that_restores_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    let i = h
        .state()
        .doc
        .design
        .cities
        .iter()
        .position(|c| c.name == "Denver")
        .unwrap();
    let place = |h: &Harness<'_, Studio>| {
        let c = &h.state().doc.design.cities[i];
        (c.x, c.y)
    };
    let start = place(&h);
    let steps = h.state().doc.history().undo_len();

    let from = city_on_screen(&h, "Denver");
    let to = from + egui::vec2(60.0, 30.0);
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=6 {
        h.hover_at(from + (to - from) * (k as f32 / 6.0));
        h.step();
        let (x, y) = place(&h);
        assert!(
            x > start.0 && y > start.1,
            "the map shows the drag as it goes"
        );
        assert_eq!(
            h.state().doc.history().undo_len(),
            steps,
            "no undo step until the release"
        );
    }
    h.drop_at(to);
    h.run_steps(3);
    let dropped = place(&h);
    assert!(dropped.0 > start.0 + 5.0 && dropped.1 > start.1 + 2.0);
    assert_eq!(h.state().doc.history().undo_len(), steps + 1, "one step");
    assert_eq!(h.state().doc.history().undo_label(), Some("Move city"));

    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(place(&h), start, "one undo puts the city back");
    assert_eq!(h.state().doc.history().undo_len(), steps);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(place(&h), dropped, "and redo moves it again");
}

#[test]
fn a_misspelt_rule_key_is_a_warning_with_a_suggestion_in_the_diagnostics() {
    let dir = tempfile::tempdir().unwrap();
    let variant = dir.path().join("deal.yaml");
    let text = format!(
        "format: tracklayer/1\nextends: {}\nrules: {{tickets: {{setup: {{deal: 20}}}}}}\n",
        maps("usa.yaml").display()
    );
    std::fs::write(&variant, &text).unwrap();
    let mut h = studio(dir.path(), Some(variant.clone()));
    settle(&mut h);
    let report = h.state().validator.latest().unwrap();
    assert!(!report.diagnostics.has_errors());
    let shown = h.get_by_label_contains("did you mean `regular`");
    let label = shown.accesskit_node().label().unwrap_or_default();
    assert!(label.contains("`rules.tickets.setup.deal`"), "{label}");
    assert_eq!(
        std::fs::read_to_string(&variant).unwrap(),
        text,
        "kept as written"
    );
}

#[test]
fn tables_go_to_a_spreadsheet_and_come_back_as_one_undo_step() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables");
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    choose(&mut h, "File", "Export tables (CSV)…");
    type_into(&mut h, "Path", &tables.display().to_string());
    click_label(&mut h, "Export");
    let cities = tables.join("cities.csv");
    let text = std::fs::read_to_string(&cities).unwrap();
    assert!(text.starts_with("name,x,y,country,locked\n"), "{text}");

    // The spreadsheet moves Boston; a bad row first is refused.
    let boston = h.state().doc.design.cities[1].clone();
    assert_eq!(boston.name, "Boston");
    let row = format!("\nBoston,{},{},", boston.x, boston.y);
    std::fs::write(&cities, text.replacen(&row, "\nBoston,east,0,", 1)).unwrap();
    choose(&mut h, "File", "Import tables (CSV)…");
    type_into(&mut h, "Path", &tables.display().to_string());
    click_label(&mut h, "Import");
    let Some(Dialog::Message { text: msg, .. }) = &h.state().dialog else {
        panic!("expected an error, got {:?}", h.state().dialog);
    };
    assert!(msg.contains("cities.csv:3:"), "{msg}");
    click_label(&mut h, "OK");
    assert_eq!(h.state().doc.design.cities[1], boston, "unchanged");

    std::fs::write(&cities, text.replacen(&row, "\nBoston,700.5,170,", 1)).unwrap();
    choose(&mut h, "File", "Import tables (CSV)…");
    type_into(&mut h, "Path", &tables.display().to_string());
    click_label(&mut h, "Import");
    assert_eq!(h.state().doc.design.cities[1].x, 700.5);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(h.state().doc.design.cities[1], boston, "one undo step");
}

#[test]
fn the_board_is_drawn_to_a_file_from_the_file_menu() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("usa.svg");
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    choose(&mut h, "File", "Export board (SVG)…");
    type_into(&mut h, "Path", &out.display().to_string());
    click_label(&mut h, "Export");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("<svg"), "{}", &text[..80]);
    assert_eq!(
        text.matches("data-route=").count(),
        h.state().doc.design.routes.len()
    );
    assert!(
        h.state().status.contains("Drew the board"),
        "{}",
        h.state().status
    );
}

#[test]
fn print_and_play_and_a_tabletop_set_are_exported_from_the_file_menu() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("usa.pdf");
    let set = dir.path().join("usa-tts");
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    choose(&mut h, "File", "Export print-and-play (PDF)…");
    type_into(&mut h, "Path", &pdf.display().to_string());
    click_label(&mut h, "Export");
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(
        h.state().status.contains("print-and-play PDF"),
        "{}",
        h.state().status
    );

    choose(&mut h, "File", "Export Tabletop Simulator set…");
    type_into(&mut h, "Path", &set.display().to_string());
    click_label(&mut h, "Export");
    let json = std::fs::read_to_string(set.join("usa.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["ObjectStates"][0]["Name"], "Custom_Tile");
    assert_eq!(json["ObjectStates"][0]["Locked"], true);
    assert!(set.join("board.png").is_file());
}

#[test]
fn the_pdf_export_records_its_print_number_in_the_open_design_once_per_change() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("usa.pdf");
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    let export = |h: &mut Harness<'_, Studio>| {
        choose(h, "File", "Export print-and-play (PDF)…");
        type_into(h, "Path", &pdf.display().to_string());
        click_label(h, "Export");
    };
    let print = |h: &Harness<'_, Studio>| h.state().doc.design.print.as_ref().map(|p| p.number);
    assert_eq!(print(&h), None);
    export(&mut h);
    assert!(
        h.state().status.contains("print v1"),
        "{}",
        h.state().status
    );
    assert_eq!(print(&h), Some(1));
    assert_eq!(
        h.state().doc.history().undo_len(),
        0,
        "a printing is no undo step"
    );
    assert!(
        h.state().doc.is_dirty(),
        "saving keeps the number in the file"
    );
    // Unchanged: the same number again, and no new undo step.
    let steps = h.state().doc.history().undo_len();
    export(&mut h);
    assert_eq!(print(&h), Some(1));
    assert_eq!(h.state().doc.history().undo_len(), steps);
    // A change, then a print: the next number.
    click_label(&mut h, "Rules");
    type_into(&mut h, "trains", "30");
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    export(&mut h);
    assert_eq!(print(&h), Some(2));
    // Undo the change: the design is as printed as v1, but v2 exists, so the
    // number is kept and the next print of a changed design is v3, never v2
    // again.
    h.state_mut().doc.undo();
    assert_eq!(print(&h), Some(2), "undo keeps the print number");
    type_into(&mut h, "trains", "31");
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    export(&mut h);
    assert_eq!(print(&h), Some(3));
}

#[test]
fn the_designers_rules_text_is_edited_with_a_preview_as_one_undo_step() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    click_label(&mut h, "Rules");
    click_label(&mut h, "Designer's rules text");
    assert!(h.query_by_label("Preview: nothing is printed.").is_some());
    type_into(
        &mut h,
        "Rules text",
        "# Setup\n\nDeal **four** cards.\n\n- one\n- two",
    );
    assert_eq!(
        h.state().doc.design.rules_text.as_deref(),
        Some("# Setup\n\nDeal **four** cards.\n\n- one\n- two")
    );
    // The preview shows the heading and the bold word as text of their own.
    assert!(h.query_by_label("Setup").is_some());
    assert!(h.query_by_label("four").is_some());
    assert!(h.query_by_label("Preview: printed on 1 card.").is_some());
    assert_eq!(
        h.state().doc.history().undo_label(),
        Some("Edit rules text")
    );
    click_label(&mut h, "Undo");
    assert_eq!(h.state().doc.design.rules_text, None);
    assert!(h.query_by_label("Preview: nothing is printed.").is_some());
}

#[test]
fn a_card_game_prints_from_the_file_menu_and_offers_no_board_drawing() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("card-game.pdf");
    let mut h = studio(dir.path(), Some(maps("card-game-usa.yaml")));
    click_label(&mut h, "File");
    assert!(
        h.get_by_label("Export board (SVG)…")
            .accesskit_node()
            .is_disabled(),
        "a card game has no board to draw"
    );
    click_label(&mut h, "Export print-and-play (PDF)…");
    type_into(&mut h, "Path", &pdf.display().to_string());
    click_label(&mut h, "Export");
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(
        h.state().status.contains("print-and-play PDF"),
        "{}",
        h.state().status
    );
}

#[test]
fn file_new_asks_for_the_design_and_opens_it_with_its_board_scale_and_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
    h.run_steps(2);
    // The families come from the registry, each with its preset.
    for game in [
        "Board game (Ticket to Ride maps)",
        "Card game (Ticket to Ride: The Card Game)",
        "Trains & Stations (the dice game)",
    ] {
        assert!(h.query_by_label(game).is_some(), "{game}");
    }
    // The name field has the keyboard with "Untitled" selected: typing
    // replaces it.
    h.get_by_label("Name of the new design")
        .type_text("Seven Cities");
    h.run_steps(2);
    click_label(&mut h, "Board size");
    click_label(&mut h, "A2 (594 × 420 mm)");
    click_label(&mut h, "Rules preset");
    click_label(&mut h, "Europe");
    click_label(&mut h, "Create");
    let design = &h.state().doc.design;
    assert_eq!(design.name, "Seven Cities");
    assert_eq!(design.family, formats::Family::Board);
    let board = design.board.clone().unwrap();
    assert_eq!((board.width, board.height), (594.0, 420.0));
    assert_eq!(
        design.rules.get("preset").and_then(|p| p.as_str()),
        Some("europe")
    );

    // The board's edge and a car-space ruler are on the map, and the view
    // shows the whole board.
    assert!(
        h.query_by_label_contains("board 594 × 420 mm").is_some(),
        "the board's size on the map"
    );
    assert!(
        h.query_by_label_contains(" car spaces = ").is_some(),
        "the car-space ruler on the map"
    );
    let visible = h.state().canvas.view.visible();
    assert!(
        visible.contains_rect(egui::Rect::from_min_max(pos2(0.0, 0.0), pos2(594.0, 420.0))),
        "{visible:?}"
    );

    // Nothing selected: the inspector is the Design panel.
    type_into(&mut h, "Design name", "Seven Cities of Gold");
    type_into(&mut h, "Author notes", "try a ferry to the island");
    let design = &h.state().doc.design;
    assert_eq!(design.name, "Seven Cities of Gold");
    assert_eq!(design.notes.as_deref(), Some("try a ferry to the island"));

    let saved = dir.path().join("seven.yaml");
    choose(&mut h, "File", "Save to path…");
    type_into(&mut h, "Path", &saved.display().to_string());
    click_label(&mut h, "Save");
    let back = formats::load(&saved).unwrap().design;
    assert_eq!(back.name, "Seven Cities of Gold");
    assert_eq!(back.notes.as_deref(), Some("try a ferry to the island"));
    choose(&mut h, "Playtest", "Play a game…");
    h.get_by_label("A game on Seven Cities of Gold as it is now.");
    choose(&mut h, "Playtest", "Simulate…");
    h.get_by_label("Bot games on Seven Cities of Gold as it is now.");
}

/// A small map with a pink-heavy deck (TL109) and a route drawn longer
/// than the USA scoring table's 6 car spaces (TL132).
const COLOURS: &str = "format: tracklayer/1
name: Colours
rules: {preset: usa}
board: {width: 800, height: 540}
cities:
  - {name: A, x: 100, y: 100}
  - {name: B, x: 250, y: 100}
  - {name: C, x: 400, y: 100}
  - {name: D, x: 665, y: 100}
  - {name: E, x: 665, y: 250}
routes:
  - {from: A, to: B, length: 6, color: red}
  - {from: B, to: C, length: 6, color: pink}
  - {from: C, to: D, length: 6, color: pink}
  - {from: D, to: E, length: 6, color: pink}
tickets:
  - {from: A, to: E, points: 20}
";

/// The colours map in a studio whose Diagnostics panel is `height` tall
/// (its findings all in view).
fn colours(dir: &Path, height: Option<f32>) -> Harness<'static, Studio> {
    let path = dir.join("colours.yaml");
    std::fs::write(&path, COLOURS).unwrap();
    let mut h = studio(dir, Some(path));
    if height.is_some() {
        h.state_mut().settings.diagnostics_height = height;
        h.run_steps(2);
    }
    h
}

#[test]
fn a_long_route_is_flagged_and_a_colour_finding_shows_the_colour_and_its_routes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = colours(dir.path(), Some(560.0));
    // C - D is 265 mm: room for 10 car spaces where the table scores 6.
    assert!(
        h.query_by_label_contains("TL132 route C - D").is_some(),
        "no TL132 for the long route"
    );
    h.get_by_label_contains("TL109 pink has").click();
    h.run_steps(3);
    let s = h.state();
    assert_eq!(s.tab, studio::app::studio::Tab::Cards);
    assert_eq!(s.cards.highlight.as_deref(), Some("pink"));
    assert_eq!(s.selection.routes(), vec![1, 2, 3], "the pink routes");
    assert!(h.query_by_label("pink cards").is_some(), "the Cards panel");
}

#[test]
fn the_diagnostics_panel_keeps_its_finding_and_its_height() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = colours(dir.path(), Some(440.0));
    // Nothing is picked until the designer clicks.
    assert!(h.query_by_label_contains("Fix: ").is_none());
    h.get_by_label_contains("TL132 route C - D").click();
    h.run_steps(3);
    let fix = "Fix: move C and D closer";
    assert!(h.query_by_label_contains(fix).is_some());
    // An edit that puts a new finding before it (a city off the board,
    // TL130) leaves the same finding picked, and only it.
    h.state_mut()
        .doc
        .edit("Move city", |d| d.cities[0].x = -50.0);
    settle(&mut h);
    assert!(h.query_by_label_contains("TL130 city A").is_some());
    assert!(
        h.query_by_label_contains(fix).is_some(),
        "the finding stays picked"
    );
    assert_eq!(h.query_all_by_label_contains("Fix: ").count(), 1);

    // A handle on the panel's top edge makes it taller, and the height
    // is remembered by the next run.
    let before = h.get_by_label("Diagnostics").rect().min.y;
    let grip = h
        .get_by_label("Resize the diagnostics panel")
        .rect()
        .center();
    drag(&mut h, grip, grip - egui::vec2(0.0, 120.0));
    let after = h.get_by_label("Diagnostics").rect().min.y;
    assert!(before - after > 100.0, "{before} → {after}");
    let height = h.state().settings.diagnostics_height.unwrap();
    drop(h);
    let h = colours(dir.path(), None);
    assert_eq!(h.state().settings.diagnostics_height, Some(height));
    assert!((h.get_by_label("Diagnostics").rect().min.y - after).abs() < 2.0);
}

#[test]
fn editor_habits_select_all_zoom_keys_and_enter_and_escape() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    // Ctrl+A selects the whole map; Edit → Select all is the same command.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.run_steps(2);
    assert_eq!(h.state().selection.cities().len(), 36);
    assert_eq!(h.state().selection.routes().len(), 100);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(h.state().selection.is_empty());
    choose(&mut h, "Edit", "Select all");
    assert_eq!(h.state().selection.cities().len(), 36);

    // `+` and `−` zoom the map; Ctrl+= too, and the interface keeps its size.
    let scale = |h: &Harness<'_, Studio>| h.state().canvas.view.scale;
    h.key_press(egui::Key::F);
    h.run_steps(2);
    let fit = scale(&h);
    h.key_press(egui::Key::Plus);
    h.run_steps(2);
    assert!((scale(&h) / fit - 1.25).abs() < 1e-3, "{} {fit}", scale(&h));
    h.key_press(egui::Key::Minus);
    h.run_steps(2);
    assert!((scale(&h) / fit - 1.0).abs() < 1e-3);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Equals);
    h.run_steps(2);
    assert!(scale(&h) > fit * 1.2);
    assert_eq!(
        h.ctx.zoom_factor(),
        1.0,
        "Ctrl+= zooms the map, not the interface"
    );
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Num0);
    h.run_steps(2);
    assert!(
        (scale(&h) - 96.0 / 25.4).abs() < 1e-3,
        "100%: {}",
        scale(&h)
    );
    h.key_press(egui::Key::F);
    h.run_steps(2);
    assert!((scale(&h) / fit - 1.0).abs() < 1e-3);
    choose(&mut h, "View", "Zoom in");
    assert!(scale(&h) > fit * 1.2);
    choose(&mut h, "View", "Larger interface");
    h.run_steps(2);
    assert!((h.ctx.zoom_factor() - 1.1).abs() < 1e-3);
    choose(&mut h, "View", "Normal interface size");
    h.run_steps(2);
    assert_eq!(h.ctx.zoom_factor(), 1.0);

    // Escape closes an open menu.
    click_label(&mut h, "File");
    assert!(h.query_by_label("Open…").is_some());
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(h.query_by_label("Open…").is_none(), "the menu stays open");

    // Enter confirms a path dialog, Escape closes one.
    choose(&mut h, "File", "Open path…");
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(h.state().dialog.is_none(), "Escape closes the dialog");
    choose(&mut h, "File", "Open path…");
    type_into(&mut h, "Path", &maps("europe.yaml").display().to_string());
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert!(h.state().dialog.is_none());
    assert_eq!(h.state().doc.design.name, "Ticket to Ride — Europe");

    // F1: the shortcut sheet, read from the same command list.
    h.key_press(egui::Key::F1);
    h.run_steps(2);
    assert!(h.state().shortcuts_open);
    for row in ["Select all", "Ctrl+A", "Zoom in", "Zoom 100%", "Ctrl+0"] {
        assert!(h.query_by_label(row).is_some(), "{row} on the sheet");
    }
}

/// Issue 27, point 3: with 16 trains a player cannot finish the 24-space
/// ticket A - E; the studio says so live (TL131), and a click on the
/// finding selects the ticket. Point 10: deleting one object says "1
/// object".
#[test]
fn a_ticket_longer_than_the_trains_is_flagged_and_counts_read_as_words() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("short-of-trains.yaml");
    let text = COLOURS.replace("rules: {preset: usa}", "rules: {preset: usa, trains: 16}");
    std::fs::write(&path, text).unwrap();
    let mut h = studio(dir.path(), Some(path));
    h.state_mut().settings.diagnostics_height = Some(560.0);
    settle(&mut h);
    let finding = "TL131 ticket A - E needs at least 24 trains";
    assert!(
        h.query_by_label_contains(finding).is_some(),
        "the ticket beyond the trains is flagged"
    );
    h.get_by_label_contains(finding).click();
    h.run_steps(3);
    assert_eq!(h.state().selection.tickets(), vec![0]);

    h.state_mut().selection.select_only(Obj::City(4));
    h.run_steps(2);
    click_label(&mut h, "Delete selection");
    assert_eq!(h.state().status, "Deleted 1 object.");
    assert!(h.query_by_label("Deleted 1 object.").is_some());
}

/// Issue 27, point 9: the official maps open with no warning in the
/// studio's Diagnostics panel.
#[test]
fn the_official_maps_open_clean_in_the_studio() {
    let dir = tempfile::tempdir().unwrap();
    for map in ["usa.yaml", "europe.yaml"] {
        let mut h = studio(dir.path(), Some(maps(map)));
        settle(&mut h);
        let report = h.state().validator.latest().expect("checked");
        let found: Vec<String> = report
            .diagnostics
            .iter()
            .filter(|d| d.severity != engine::Severity::Info)
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
        assert!(found.is_empty(), "{map}: {found:#?}");
        assert!(
            h.query_by_label_contains("0 errors").is_some(),
            "{map}: the panel says so"
        );
    }
}
