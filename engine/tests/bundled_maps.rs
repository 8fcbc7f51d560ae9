//! The bundled maps build into boards with exactly the reference data's counts.

use std::path::Path;

fn board(name: &str) -> engine::Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(name);
    let loaded = formats::load(&path).unwrap_or_else(|e| panic!("{e}"));
    engine::Board::build(&loaded.design).unwrap_or_else(|d| panic!("{d:#?}"))
}

#[test]
fn usa_has_the_reference_counts() {
    let b = board("usa.yaml");
    assert_eq!(
        (b.cities().len(), b.routes().len(), b.tickets().len()),
        (36, 100, 30)
    );
    let doubles = b.routes().iter().filter(|r| !r.siblings.is_empty()).count();
    assert_eq!(doubles, 44);
    let spaces: u32 = b.routes().iter().map(|r| u32::from(r.length)).sum();
    assert_eq!(spaces, 309);
    let points: i32 = b.routes().iter().map(|r| r.points).sum();
    assert_eq!(points, 508);
}

#[test]
fn europe_has_the_reference_counts() {
    let b = board("europe.yaml");
    assert_eq!(
        (b.cities().len(), b.routes().len(), b.tickets().len()),
        (47, 101, 46)
    );
    assert_eq!(b.routes().iter().filter(|r| r.tunnel).count(), 18);
    assert_eq!(b.routes().iter().filter(|r| r.ferry > 0).count(), 13);
    assert_eq!(b.tickets().iter().filter(|t| t.long).count(), 6);
    let points: i32 = b.routes().iter().map(|r| r.points).sum();
    assert_eq!(points, 448);
    assert_eq!(b.rules().stations.count, 3);
}

#[test]
fn heart_of_africa_demo_uses_every_heart_of_africa_rule() {
    let b = board("heart-of-africa-rules.yaml");
    let r = b.rules();
    assert_eq!(b.terrain_types().len(), 3);
    assert_eq!(r.tickets.draw.regular, 4);
    assert_eq!((r.bonuses.longest_path, r.bonuses.globetrotter), (0, 10));
    assert_eq!(r.doubles.both_tracks_from, 4);
    let madagascar = &b.countries()[0];
    assert_eq!(madagascar.locations.len(), 2);
    assert!(b.routes().iter().any(|r| !r.siblings.is_empty()));
    assert!(
        b.routes()
            .iter()
            .all(|r| r.terrain.is_some() && r.doubling_cost > 0)
    );
    assert!(b.tickets().iter().any(|t| matches!(
        t.to,
        engine::board_game::board::Place::Country(_)
    ) || matches!(
        t.from,
        engine::board_game::board::Place::Country(_)
    )));
}

#[test]
fn variants_change_only_what_they_say() {
    let base = board("usa.yaml");
    let stations = board("usa-stations.yaml");
    assert_eq!(stations.rules().stations.count, 3);
    assert_eq!(stations.routes(), base.routes());
    let globe = board("usa-globetrotter.yaml");
    assert_eq!(globe.rules().trains, 40);
    assert_eq!(globe.rules().tickets.draw.regular, 4);
    assert_eq!(globe.rules().tickets.draw.keep, 1);
}
