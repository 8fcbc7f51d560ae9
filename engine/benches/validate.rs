//! Loading and validating designs, as `tracklayer validate` and the studio's
//! live diagnostics do: the generated 2,000-city design (the budget is
//! 200 ms in release), a 20,000-city one (the budget is 2 s: validation
//! must grow about linearly with the design) and the bundled maps.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::board_game::synth::{SynthSize, design};

fn load_and_validate(text: &str) -> usize {
    let loaded = formats::load_str(text, Path::new("bench.yaml")).expect("the design loads");
    engine::validate(&loaded.design).diagnostics.0.len()
}

fn bundled(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(name);
    formats::load::read_text(&path).expect("the bundled map reads")
}

fn benches(c: &mut Criterion) {
    let size = SynthSize {
        cities: 2000,
        routes: 6000,
        tickets: 1000,
    };
    let large = formats::to_yaml(&design(size, 1), None).expect("the design serializes");
    let mut group = c.benchmark_group("load+validate");
    group.sample_size(20);
    group.bench_function("synthetic 2000 cities, 6000 routes, 1000 tickets", |b| {
        b.iter(|| load_and_validate(black_box(&large)))
    });
    group.finish();

    let loaded = formats::load_str(&large, Path::new("bench.yaml")).expect("the design loads");
    let mut group = c.benchmark_group("layout");
    group.sample_size(10);
    group.bench_function("synthetic 2000 cities, 6000 routes, 1000 tickets", |b| {
        let opts = engine::board_game::layout::FitOptions::default();
        b.iter(|| engine::board_game::layout::fit(black_box(&loaded.design), &opts, &mut |_| true))
    });
    group.finish();

    let mut group = c.benchmark_group("validate only");
    group.sample_size(20);
    group.bench_function("synthetic 2000 cities, 6000 routes, 1000 tickets", |b| {
        b.iter(|| engine::validate(black_box(&loaded.design)))
    });
    group.finish();

    let huge = SynthSize {
        cities: 20_000,
        routes: 60_000,
        tickets: 10_000,
    };
    let huge = formats::to_yaml(&design(huge, 1), None).expect("the design serializes");
    let mut group = c.benchmark_group("load+validate");
    group.sample_size(10);
    group.bench_function("synthetic 20000 cities, 60000 routes, 10000 tickets", |b| {
        b.iter(|| load_and_validate(black_box(&huge)))
    });
    group.finish();

    for map in ["usa.yaml", "europe.yaml"] {
        let text = bundled(map);
        c.bench_function(&format!("load+validate {map}"), |b| {
            b.iter(|| load_and_validate(black_box(&text)))
        });
    }
}

criterion_group!(validate, benches);
criterion_main!(validate);
