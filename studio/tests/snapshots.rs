//! Image snapshots of the map canvas: the bundled boards must keep looking
//! like Ticket to Ride boards. Rendered with egui_glow (OpenGL) on a headless
//! EGL context, Mesa's software device (llvmpipe) where there is one
//! (`snapshot_renderer`); run with `UPDATE_SNAPSHOTS=1` to accept a deliberate
//! change of the look.

use std::collections::HashMap;
use std::path::Path;

use egui_kittest::Harness;
use snapshot_renderer::GlowRenderer;
use studio::app::canvas::paint::Mark;
use studio::app::canvas::{Canvas, CanvasInput};
use studio::app::document::Document;
use studio::app::selection::{Obj, Selection};

struct Board {
    doc: Document,
    canvas: Canvas,
    selection: Selection,
    marks: HashMap<Obj, Mark>,
}

fn board(map: &str) -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(map);
    Board {
        doc: Document::open(&path).unwrap(),
        canvas: Canvas::default(),
        selection: Selection::default(),
        marks: HashMap::new(),
    }
}

fn snapshot(name: &str, state: Board) {
    let mut h = Harness::builder()
        .with_size([1000.0, 640.0])
        .renderer(GlowRenderer::new())
        .build_ui_state(
            |ui, b: &mut Board| {
                b.canvas.ui(
                    ui,
                    CanvasInput {
                        doc: &mut b.doc,
                        selection: &mut b.selection,
                        marks: &b.marks,
                    },
                );
            },
            state,
        );
    h.run_steps(3);
    h.snapshot(name);
}

#[test]
fn usa_board() {
    snapshot("usa_board", board("usa.yaml"));
}

#[test]
fn europe_board() {
    snapshot("europe_board", board("europe.yaml"));
}

#[test]
fn selection_and_problems_are_highlighted() {
    let mut b = board("europe.yaml");
    b.selection.select_only(Obj::City(0));
    b.selection.add(Obj::Route(3));
    b.marks.insert(Obj::Route(10), Mark::Error);
    b.marks.insert(Obj::City(5), Mark::Warning);
    snapshot("europe_highlights", b);
}
