//! Reports for the unit tests: small simulations of the bundled USA map.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use engine::board_game::BoardFamily;
use engine::board_game::sim::BoardReport;
use engine::sim::SimReport;
use formats::GameFile;

use super::setup::{self, Setup};

/// The bundled USA design.
pub fn usa() -> GameFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
    formats::load(&path)
        .expect("the bundled USA map loads")
        .design
}

/// `games` games of `players` on the USA map with the default bots, seed 3.
pub fn report(players: usize, games: u32) -> SimReport<BoardReport> {
    let setup = Setup {
        players: [players].into(),
        games,
        seed: 3,
        ..Setup::default()
    };
    let config = setup::config::<BoardFamily>(&usa(), &setup).expect("the USA map simulates");
    engine::sim::simulate(&config, &|_| {}, &AtomicBool::new(false)).expect("it runs")
}
