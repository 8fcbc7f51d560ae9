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
