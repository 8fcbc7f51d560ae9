//! Export of the 2,000-city synthetic design (engine::board_game::synth, as in the canvas
//! bench): the board as SVG and as PNG at 150 dpi, and the print-and-play PDF
//! on A4. The design is also saved as `synthetic-2000.yaml` in Cargo's target
//! tmp folder, for timing the CLI (`docs/export.md`).

use criterion::{Criterion, criterion_group, criterion_main};
use engine::Board;
use engine::board_game::synth::{self, SynthSize};
use studio::drawing::paper::Paper;
use studio::drawing::svg::{BoardImage, BoardStyle, board_file};
use studio::export::pdf;
use studio::export::stamp::Stamp;

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

fn bench(c: &mut Criterion) {
    let design = big();
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("synthetic-2000.yaml");
    formats::save(&design, None, &path).expect("the synthetic design is saved");
    eprintln!("synthetic design saved to {}", path.display());
    let board = Board::build(&design).expect("the synthetic design is valid");
    let stamp = Stamp::new(&design.name, b"synthetic");
    let style = BoardStyle::default();

    let mut group = c.benchmark_group("export 2000 cities 6000 routes 500 tickets");
    group.sample_size(10);
    group.bench_function("svg", |b| {
        b.iter(|| board_file(std::hint::black_box(&design), BoardImage::Svg, &style).unwrap())
    });
    group.bench_function("png 150 dpi", |b| {
        b.iter(|| board_file(&design, BoardImage::Png { dpi: 150.0 }, &style).unwrap())
    });
    group.bench_function("pdf a4", |b| {
        b.iter(|| pdf::pdf(&design, &board, Paper::A4, &stamp).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
