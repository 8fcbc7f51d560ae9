//! The canvas paint pass on a big design: 2,000 cities and 6,000 routes.
//!
//! `cargo bench -p tracklayer --bench canvas` measures, in release:
//! - `shapes/*`: building every shape of one frame of the map (what the
//!   studio does each frame), for the whole board and for a zoomed view;
//! - `frame/*`: the same plus egui's tessellation into triangles, i.e. the
//!   CPU side of one frame up to the GPU upload;
//! - `layout`: laying out the design again after an edit.

use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Pos2, Rect, vec2};
use engine::board_game::synth::{self, SynthSize};
use studio::app::canvas::paint::{self, Overlay, Scene};
use studio::app::canvas::view::View;
use studio::app::selection::Selection;
use studio::drawing::colors::Palette;
use studio::drawing::geometry::Geometry;

fn big() -> formats::GameFile {
    synth::design(
        SynthSize {
            cities: 2000,
            routes: 6000,
            tickets: 500,
        },
        7,
    )
}

fn run_frame(
    ctx: &egui::Context,
    design: &formats::GameFile,
    g: &Geometry,
    view: &View,
    tessellate: bool,
) {
    let palette = Palette::of(design);
    let selection = Selection::default();
    let marks = Default::default();
    let overlay = Overlay::default();
    let input = egui::RawInput {
        screen_rect: Some(view.rect),
        ..Default::default()
    };
    let out = ctx.run_ui(input, |ui| {
        let painter = ui.painter_at(view.rect);
        paint::paint(
            &painter,
            &Scene {
                design,
                geometry: g,
                view,
                palette: &palette,
                selection: &selection,
                hover: None,
                marks: &marks,
                overlay: &overlay,
                grid: None,
                background: None,
            },
        );
    });
    if tessellate {
        let prims = ctx.tessellate(out.shapes, out.pixels_per_point);
        std::hint::black_box(prims);
    } else {
        std::hint::black_box(out.shapes);
    }
}

fn bench(c: &mut Criterion) {
    let design = big();
    let g = Geometry::build(&design, 0);
    let rect = Rect::from_min_size(Pos2::ZERO, vec2(1200.0, 800.0));
    let mut whole = View {
        rect,
        ..View::default()
    };
    whole.fit(g.bounds);
    let mut zoomed = whole;
    zoomed.zoom_at(rect.center(), 12.0);
    let ctx = egui::Context::default();
    // Warm the font atlas so the first labels do not count.
    run_frame(&ctx, &design, &g, &zoomed, true);

    c.bench_function("layout 2000 cities 6000 routes", |b| {
        b.iter(|| Geometry::build(std::hint::black_box(&design), 1))
    });
    c.bench_function("shapes/whole board", |b| {
        b.iter(|| run_frame(&ctx, &design, &g, &whole, false))
    });
    c.bench_function("shapes/zoomed x12", |b| {
        b.iter(|| run_frame(&ctx, &design, &g, &zoomed, false))
    });
    c.bench_function("frame/whole board (shapes + tessellation)", |b| {
        b.iter(|| run_frame(&ctx, &design, &g, &whole, true))
    });
    c.bench_function("frame/zoomed x12 (shapes + tessellation)", |b| {
        b.iter(|| run_frame(&ctx, &design, &g, &zoomed, true))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
