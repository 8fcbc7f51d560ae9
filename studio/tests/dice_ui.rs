//! The Play and Simulate windows on a dice design (Trains & Stations),
//! driven as a designer drives them: Playtest → Play a game… with a human
//! seat playing by clicking spaces on the station map and the turn's
//! buttons, and Playtest → Simulate… with a short run whose pages show the
//! engine's report.

use crate::common;

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use common::{click_at, click_label, config, harness, maps, session, type_into, wait_for_human};
use egui::Modifiers;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use engine::dice::{Action, DiceFamily, Occupant, Phase};
use engine::sim::stats::pct;
use studio::app::Studio;
use studio::app::panels::inspector::READ_ONLY_IN_GAME;
use studio::app::play::capitalized;
use studio::app::play::dice::map;
use studio::app::simulate::Page;
use studio::app::simulate::setup;

fn studio(dir: &Path) -> Harness<'static, Studio> {
    let demo = maps("trains-and-stations-demo.yaml");
    harness(config(dir, Some(demo)), [1500.0, 1000.0])
}

/// Clicks the centre of `at` on the station map.
fn click_map(h: &mut Harness<'_, Studio>, at: impl Fn(egui::Rect) -> egui::Pos2) {
    let rect = h.get_by_label("Station map").rect();
    click_at(h, at(rect), Modifiers::NONE);
}

#[test]
fn a_hot_seat_game_is_played_by_clicking_the_station_map_and_the_dice_buttons() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path());
    click_label(&mut h, "Playtest");
    click_label(&mut h, "Play a game…");
    {
        let setup = &mut h.state_mut().play.setup;
        setup.players = 3;
        setup.seats[0] = "human".to_owned();
        setup.seats[1] = "random".to_owned();
        setup.seats[2] = "builder".to_owned();
    }
    h.run_steps(1);
    type_into(&mut h, "Seed", "7");
    click_label(&mut h, "Start game");
    h.state_mut()
        .play
        .session_mut::<DiceFamily>()
        .expect("a dice design plays the dice game")
        .delay = Duration::ZERO;
    h.run_steps(2);
    // The special cards and rules beside the map and the inspector are
    // read-only during the game.
    assert_eq!(h.query_all_by_label(READ_ONLY_IN_GAME).count(), 2);

    let (mut placed, mut rerolled, mut rolled) = (0, false, 0);
    for _ in 0..400 {
        wait_for_human::<DiceFamily>(&mut h);
        let s = session::<DiceFamily>(&h);
        if s.is_over() || (placed >= 3 && rolled >= 2) {
            break;
        }
        if s.pass_to().is_some() {
            click_label(&mut h, "I am Player 1: show my hand");
            continue;
        }
        // Hot seat: the seat's own special cards are shown, nobody else's.
        assert!(h.query_by_label("Special cards of Player 1").is_some());
        assert!(h.query_by_label("Special cards of Player 2").is_none());
        let state = s.state().clone();
        let legal = s.legal();
        let design = state.design().clone();
        match state.phase() {
            Phase::Start => {
                // The station map and the Play panel's buttons never cover
                // each other (issue 27, point 6).
                let map = h.get_by_label("Station map").rect();
                let roll = h.get_by_label("Roll the dice").rect();
                assert!(!map.intersects(roll), "{map:?} covers {roll:?}");
                click_label(&mut h, "Roll the dice");
                rolled += 1;
                assert_ne!(
                    session::<DiceFamily>(&h).state().phase(),
                    Phase::Start,
                    "the dice were rolled"
                );
            }
            Phase::Reroll => {
                let coins = state.players()[0].coins;
                let one = legal.iter().find_map(|a| match a {
                    Action::Reroll { own, bonus }
                        if own.iter().sum::<u8>() == 1 && bonus.iter().all(|&n| n == 0) =>
                    {
                        formats::dice::Face::ALL
                            .into_iter()
                            .find(|f| own[*f as usize] == 1)
                    }
                    _ => None,
                });
                match one.filter(|_| !rerolled) {
                    Some(face) => {
                        click_label(&mut h, &format!("+ re-roll {}", face.name()));
                        click_label(&mut h, "Re-roll 1 die");
                        rerolled = true;
                        let after = session::<DiceFamily>(&h).state().players()[0].coins;
                        assert_eq!(after + 1, coins, "a re-roll costs a coin");
                    }
                    None => click_label(&mut h, "Stop"),
                }
            }
            Phase::Place => {
                let (space, white) = legal
                    .iter()
                    .find_map(|a| match a {
                        Action::Place { space, bonus } => Some((*space, *bonus)),
                        _ => None,
                    })
                    .expect("a train to place");
                assert!(
                    !white
                        || !legal
                            .iter()
                            .any(|a| matches!(a, Action::Place { bonus: false, .. }))
                );
                click_map(&mut h, |r| map::space_centre(&design, r, space).unwrap());
                let after = session::<DiceFamily>(&h).state().board()[usize::from(space)];
                assert_ne!(after, Occupant::Empty, "the clicked space holds the train");
                placed += 1;
            }
            Phase::Build => {
                let single = legal.iter().find_map(|a| match a {
                    Action::Build { station, .. }
                        if legal
                            .iter()
                            .filter(
                                |b| matches!(b, Action::Build { station: s, .. } if s == station),
                            )
                            .count()
                            == 1 =>
                    {
                        Some(*station)
                    }
                    _ => None,
                });
                match single {
                    Some(station) => {
                        let before = state.buildings()[usize::from(station)].len();
                        click_map(&mut h, |r| {
                            map::station_centre(&design, r, station).unwrap()
                        });
                        let after = session::<DiceFamily>(&h).state().buildings()
                            [usize::from(station)]
                        .len();
                        assert_eq!(after, before + 1, "a click on the station built there");
                    }
                    None => click_label(&mut h, "Finish the turn saving 0 dice"),
                }
            }
            _ => {
                let a = legal[0];
                click_label(&mut h, &capitalized(&state.text_of(a)));
            }
        }
    }
    assert!(
        placed >= 3,
        "trains were placed by clicking spaces ({placed})"
    );
    assert!(rolled >= 2, "two turns were rolled ({rolled})");
    // The log shows the game in the engine's words, each line a sentence
    // ("Player 1 kept their special cards", as the card game's log reads).
    let log = session::<DiceFamily>(&h).log();
    assert!(!log.is_empty());
    for line in log {
        let first = line.public.chars().next().unwrap();
        assert!(
            first.is_uppercase() || first.is_ascii_digit(),
            "{:?} does not start a sentence",
            line.public
        );
    }
    assert!(
        log.iter()
            .any(|l| l.public == "Player 1 kept their special cards"),
        "the human's keep is logged"
    );
}

#[test]
fn a_short_simulation_shows_deliveries_goods_and_strike_rate() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path());
    click_label(&mut h, "Playtest");
    click_label(&mut h, "Simulate…");
    for p in 2..=5 {
        let want = p == 3;
        if h.state().simulate.setup.players.contains(&p) != want {
            click_label(&mut h, &format!("{p} players"));
        }
    }
    for bot in ["random", "deliverer"] {
        if !h.state().simulate.setup.bots.contains(bot) {
            click_label(&mut h, bot);
        }
    }
    type_into(&mut h, "Games", "12");
    h.key_press(egui::Key::Enter);
    type_into(&mut h, "Seed", "5");
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    click_label(&mut h, "Run");
    let t0 = Instant::now();
    while h.state().simulate.running() {
        assert!(
            t0.elapsed() < Duration::from_secs(120),
            "the run never ended"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.run_steps(3);
    let report = h
        .state()
        .simulate
        .results::<DiceFamily>()
        .cloned()
        .unwrap_or_else(|| panic!("a dice report: {}", h.state().simulate.message))
        .report;
    let setup = h.state().simulate.setup.clone();
    let config = setup::config::<DiceFamily>(&h.state().doc.design, &setup).unwrap();
    let expected = engine::sim::simulate(&config, &|_| {}, &AtomicBool::new(false)).unwrap();
    assert_eq!(report, expected, "same seed, same report");
    let s = &report.by_players[0];
    assert_eq!((s.players, s.games), (3, 12));

    click_label(&mut h, Page::Map.label::<DiceFamily>());
    let strike = format!(
        "Strike rate {} of rolls · {:.1} buildings per game · mean game {:.1} turns.",
        pct(s.family.strike_rate),
        s.family.buildings_per_game,
        s.pace.turns.mean
    );
    assert!(h.query_by_label(&strike).is_some(), "{strike}");
    let busiest = s
        .family
        .tracks
        .iter()
        .max_by(|a, b| a.deliveries_per_game.total_cmp(&b.deliveries_per_game))
        .unwrap();
    assert!(busiest.deliveries_per_game > 0.0, "trains delivered");
    assert!(h.query_all_by_label(&busiest.track).count() > 0);

    click_label(&mut h, Page::Table.label::<DiceFamily>());
    assert!(h.query_by_label("Station map").is_some());
    for g in &s.family.goods {
        assert!(h.query_all_by_label(&g.good).count() > 0, "{}", g.good);
        assert!(
            h.query_all_by_label(&pct(g.share)).count() > 0,
            "{} share",
            g.good
        );
    }
}

/// The width of the inspector's Design panel (its name field spans the
/// column) on `design`, before and during a game.
fn inspector_widths(design: &str) -> [f32; 2] {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(config(dir.path(), Some(maps(design))), [1500.0, 950.0]);
    let width = |h: &Harness<'_, Studio>| h.get_by_label("Design name").rect().width();
    let editing = width(&h);
    click_label(&mut h, "Playtest");
    click_label(&mut h, "Play a game…");
    click_label(&mut h, "Start game");
    h.run_steps(3);
    [editing, width(&h)]
}

#[test]
fn the_inspector_is_as_wide_as_the_board_editors() {
    let board = inspector_widths("usa.yaml");
    let dice = inspector_widths("trains-and-stations-demo.yaml");
    for (b, d) in board.iter().zip(&dice) {
        assert!(
            d >= b,
            "the dice inspector's field is {d} wide, the board's {b}"
        );
    }
}
