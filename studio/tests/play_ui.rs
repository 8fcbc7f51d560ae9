//! The Play window driven as a designer drives it: through its labelled
//! controls, on the real studio, with no display.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::{click_at, click_label, config, harness, maps, session, type_into, wait_for_human};
use egui::accesskit::Toggled;
use egui::{Modifiers, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use engine::board_game::{Action, BoardFamily, Phase};
use engine::game::GameState;
use studio::app::Studio;
use studio::app::panels::inspector::READ_ONLY_IN_GAME;
use studio::app::play::offer::keep_button_text;
use studio::app::play::score::points_line;
use studio::app::play::{MAP_MIN_WIDTH, capitalized};
use studio::app::selection::Obj;

fn studio(dir: &Path, open: Option<PathBuf>) -> Harness<'static, Studio> {
    harness(config(dir, open), [1500.0, 1000.0])
}

/// Clicks a button of a decision: one frame carries it out and shows what
/// follows.
fn play_label(h: &mut Harness<'_, Studio>, label: &str) {
    h.get_by_label(label).click();
    h.step();
}

/// Opens the window from the Playtest menu and starts a game with these
/// seats (`human` or a bot) and seed; bots then move without delay.
fn start(h: &mut Harness<'_, Studio>, seats: &[&str], seed: u64) {
    click_label(h, "Playtest");
    click_label(h, "Play a game…");
    for (i, seat) in seats.iter().enumerate() {
        h.state_mut().play.setup.seats[i] = (*seat).to_owned();
    }
    h.state_mut().play.setup.players = seats.len();
    h.run_steps(1);
    type_into(h, "Seed", &seed.to_string());
    click_label(h, "Start game");
    let s = h
        .state_mut()
        .play
        .session_mut::<BoardFamily>()
        .expect("the game starts");
    s.delay = Duration::ZERO;
    assert_eq!(s.seed(), seed);
}

/// The button that keeps every ticket on offer to the player to move
/// ("Keep all 3 tickets").
fn keep_all_label(h: &Harness<'_, Studio>) -> String {
    let n = session::<BoardFamily>(h).state().offer().len();
    keep_button_text(n, n)
}

/// Keeps every ticket on offer (all are picked at first).
fn keep_all(h: &mut Harness<'_, Studio>) {
    let label = keep_all_label(h);
    play_label(h, &label);
}

/// One simple human decision through the window: keep the offered tickets,
/// claim the first claimable route with its first payment, else draw blind
/// (or the first draw offered).
fn human_moves(h: &mut Harness<'_, Studio>) {
    let (phase, legal, labels) = {
        let s = session::<BoardFamily>(h);
        let st = s.state();
        let legal = s.legal();
        let claim = legal.iter().find_map(|&a| match a {
            Action::Claim { route, .. } => Some((route, a)),
            _ => None,
        });
        let labels = claim.map(|(r, a)| {
            let text = st.describe(a);
            let pay = text.rsplit_once(" with ").unwrap().1.to_owned();
            (
                format!("Claim {}", st.board().route(r).name),
                format!("Pay {pay}"),
            )
        });
        (st.phase(), legal, labels)
    };
    match phase {
        Phase::SetupTickets | Phase::KeepTickets => keep_all(h),
        Phase::Turn if labels.is_some() => {
            let (claim, pay) = labels.unwrap();
            play_label(h, &claim);
            play_label(h, &pay);
        }
        _ => {
            let a = if legal.contains(&Action::DrawBlind) {
                Action::DrawBlind
            } else {
                *legal
                    .iter()
                    .find(|a| !matches!(a, Action::BuildStation { .. }))
                    .expect("a draw is offered")
            };
            let label = capitalized(&session::<BoardFamily>(h).state().describe(a));
            play_label(h, &label);
        }
    }
}

#[test]
fn a_human_plays_a_whole_game_against_a_bot_and_the_replay_agrees() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    start(&mut h, &["human", "route-focus"], 7);
    assert!(h.state().canvas.read_only, "the map is the game's board");
    let mut decisions = 0;
    loop {
        wait_for_human::<BoardFamily>(&mut h);
        if session::<BoardFamily>(&h).is_over() {
            break;
        }
        human_moves(&mut h);
        decisions += 1;
        assert!(decisions < 400, "the game does not end");
    }
    let s = session::<BoardFamily>(&h);
    assert!(s.error().is_none(), "{:?}", s.error());
    let shown = s.state().outcome().unwrap().scores;
    // The claimed routes are drawn in their owner's colour.
    let claimed = s.state().player(engine::game::Seat(0)).routes.len();
    assert!(claimed > 0, "the human claimed routes");
    assert!(h.state().canvas.overlay.route_weights.len() >= claimed);

    let path = dir.path().join("game.yaml");
    type_into(&mut h, "Replay path", &path.display().to_string());
    click_label(&mut h, "Save replay");
    let replay = formats::replay::load_replay(&path).unwrap();
    let played = engine::replay::play_back::<BoardFamily>(&replay).unwrap();
    let scores = played.last().outcome().unwrap().scores;
    assert_eq!(scores, shown);
    let line = format!("Final scores: {}", points_line(&scores));
    assert!(h.query_by_label(&line).is_some(), "{line} is shown");
    assert!(h.query_by_label_contains("Winner: Player").is_some());
    assert!(
        h.query_by_label_contains("Game over (normal end)")
            .is_some()
    );
}

/// The first legal action matching `pick`, for the player to move.
fn first_legal(h: &Harness<'_, Studio>, pick: impl Fn(&Action) -> bool) -> Option<Action> {
    session::<BoardFamily>(h).legal().into_iter().find(pick)
}

#[test]
fn europe_a_route_is_picked_on_the_map_and_a_station_built_through_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("europe.yaml")));
    start(&mut h, &["human", "route-focus"], 3);
    wait_for_human::<BoardFamily>(&mut h);
    // Setup: one long and three regular tickets offered, at least two kept.
    assert!(h.query_all_by_label_contains("Keep ").count() >= 4);
    keep_all(&mut h);
    wait_for_human::<BoardFamily>(&mut h);
    assert_eq!(session::<BoardFamily>(&h).state().phase(), Phase::Turn);

    // A click on a claimable route on the map picks it and offers its payments.
    let (route, mid) = {
        let st = session::<BoardFamily>(&h).state();
        let d = &h.state().doc.design;
        let view = &h.state().canvas.view;
        let city = |name: &str| d.cities.iter().find(|c| c.name == name).unwrap();
        session::<BoardFamily>(&h)
            .legal()
            .into_iter()
            .find_map(|a| {
                let Action::Claim { route, .. } = a else {
                    return None;
                };
                let r = &d.routes[route.index()];
                let (a, b) = (city(&r.from), city(&r.to));
                let mid = view.to_screen(pos2((a.x + b.x) / 2.0, (a.y + b.y) / 2.0));
                (r.bends.0.is_empty()
                    && st.board().route(route).siblings.is_empty()
                    && mid.x > 500.0
                    && view.rect.contains(mid))
                .then_some((route, mid))
            })
            .expect("a lone straight claimable route in view")
    };
    h.state_mut().canvas.view.zoom_at(mid, 3.0);
    h.run_steps(1);
    click_at(&mut h, mid, Modifiers::NONE);
    assert_eq!(
        h.state().play.game::<BoardFamily>().unwrap().picks.route,
        Some(route),
        "the route is picked"
    );
    let name = session::<BoardFamily>(&h)
        .state()
        .board()
        .route(route)
        .name
        .clone();
    assert!(
        h.query_by_label_contains(&format!("Claiming {name}"))
            .is_some()
    );
    assert!(h.query_all_by_label_contains("Pay ").count() > 0);
    assert!(!h.state().doc.is_dirty(), "the read-only map edits nothing");
    click_label(&mut h, "Choose another route");
    let Some(Action::BuildStation { city, .. }) =
        first_legal(&h, |a| matches!(a, Action::BuildStation { .. }))
    else {
        panic!("a station is offered at the first turn");
    };
    let name = session::<BoardFamily>(&h)
        .state()
        .board()
        .city(city)
        .name
        .clone();
    play_label(&mut h, &format!("Station in {name}"));
    // Only the engine's payments for a first station are offered.
    let pays: Vec<String> = session::<BoardFamily>(&h)
        .legal()
        .into_iter()
        .filter(|a| matches!(a, Action::BuildStation { city: c, .. } if *c == city))
        .map(|a| {
            let t = session::<BoardFamily>(&h).state().describe(a);
            format!("Pay {}", t.rsplit_once(" with ").unwrap().1)
        })
        .collect();
    assert!(!pays.is_empty());
    for p in &pays {
        assert!(h.query_by_label(p).is_some(), "{p} is offered");
    }
    play_label(&mut h, &pays[0]);
    h.run_steps(1);
    let line = format!("Player 1 builds a station in {name}.");
    assert!(
        session::<BoardFamily>(&h)
            .log()
            .iter()
            .any(|l| l.full == line),
        "the log says {line}"
    );
    assert!(h.query_by_label(&line).is_some(), "the log shows it");
    assert!(
        h.state().canvas.overlay.lit_cities.contains(&city.index()),
        "the station is marked on the map"
    );
    assert_eq!(
        session::<BoardFamily>(&h)
            .state()
            .player(engine::game::Seat(0))
            .stations_left,
        2
    );
}

#[test]
fn two_humans_pass_the_screen_and_hands_stay_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    start(&mut h, &["human", "human", "route-focus"], 5);
    h.state_mut()
        .play
        .session_mut::<BoardFamily>()
        .unwrap()
        .paused = true;
    h.run_steps(2);
    // Player 1 must take the screen before anything secret is shown.
    assert!(h.query_by_label("Pass to Player 1").is_some());
    assert!(h.query_by_label_contains("Hand of").is_none());
    assert!(h.query_by_label_contains("Keep ").is_none());
    assert!(
        h.state().canvas.overlay.lit_routes.is_empty(),
        "no ticket lit"
    );
    click_label(&mut h, "I am Player 1: show my hand");
    assert!(h.query_by_label("Hand of Player 1").is_some());
    assert!(
        !h.state().canvas.overlay.lit_routes.is_empty(),
        "tickets lit"
    );
    let kept: Vec<String> = {
        let st = session::<BoardFamily>(&h).state();
        st.offer()
            .iter()
            .map(|&t| st.board().ticket(t).name.clone())
            .collect()
    };
    keep_all(&mut h);
    h.run_steps(1);
    // Player 2's turn: Player 1's hand and tickets are gone.
    assert!(h.query_by_label("Pass to Player 2").is_some());
    assert!(h.query_by_label_contains("Hand of").is_none());
    assert!(h.query_by_label_contains(&kept[0]).is_none());
    assert!(h.query_by_label("Player 1 keeps 3 tickets.").is_some());
    click_label(&mut h, "I am Player 2: show my hand");
    assert!(h.query_by_label("Hand of Player 2").is_some());
    assert!(h.query_by_label_contains(&kept[0]).is_none());
    keep_all(&mut h);
    h.run_steps(1);
    // The bot's decision (paused): no human's hand is on screen.
    assert!(session::<BoardFamily>(&h).bot_to_move());
    assert!(
        h.query_by_label("Player 3 (route-focus) moves next")
            .is_some()
    );
    assert!(h.query_by_label_contains("Hand of").is_none());
    assert!(h.state().canvas.overlay.lit_routes.is_empty());
    click_label(&mut h, "Step one bot move");
    wait_for_human::<BoardFamily>(&mut h);
    assert!(h.query_by_label("Pass to Player 1").is_some());
    assert!(h.query_by_label_contains("Hand of").is_none());
}

#[test]
fn a_saved_replay_steps_backwards_and_forwards_with_the_scoreboard() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    start(&mut h, &["route-focus", "random"], 11);
    click_label(&mut h, "Let bots finish the game");
    wait_for_human::<BoardFamily>(&mut h);
    let final_scores = session::<BoardFamily>(&h).state().outcome().unwrap().scores;
    let path = dir.path().join("bots.yaml");
    type_into(&mut h, "Replay path", &path.display().to_string());
    click_label(&mut h, "Save replay");
    assert!(h.query_by_label_contains("Saved the replay").is_some());
    click_label(&mut h, "End game");
    assert!(!h.state().play.in_game());
    type_into(&mut h, "Replay path", &path.display().to_string());
    click_label(&mut h, "Open replay");
    let n = h
        .state()
        .play
        .replay::<BoardFamily>()
        .expect("the replay opens")
        .len();
    assert!(h.state().play.in_game(), "the map shows the replay");
    assert!(h.query_by_label(&format!("Step 0 of {n}")).is_some());
    assert!(
        h.query_by_label("Scores: Player 1 0 · Player 2 0")
            .is_some()
    );
    assert!(h.state().canvas.overlay.route_weights.is_empty());

    click_label(&mut h, "Last");
    assert!(h.query_by_label(&format!("Step {n} of {n}")).is_some());
    let line = format!("Final scores: {}", points_line(&final_scores));
    assert!(h.query_by_label(&line).is_some(), "{line}");
    assert!(!h.state().canvas.overlay.route_weights.is_empty());

    // Back until the score changes: the scoreboard follows the step.
    let mut k = n;
    let mut changed = false;
    while k > n.saturating_sub(40) && !changed {
        click_label(&mut h, "Previous");
        k -= 1;
        assert!(h.query_by_label(&format!("Step {k} of {n}")).is_some());
        let scores = h
            .state()
            .play
            .replay::<BoardFamily>()
            .unwrap()
            .state()
            .scores();
        let shown = format!("Scores: {}", points_line(&scores));
        assert!(h.query_by_label(&shown).is_some(), "{shown}");
        changed = scores != final_scores;
    }
    assert!(changed, "the scores move back");
    click_label(&mut h, "Next");
    assert!(
        h.query_by_label(&format!("Step {} of {n}", k + 1))
            .is_some()
    );
    click_label(&mut h, "First");
    assert!(
        h.query_by_label("Scores: Player 1 0 · Player 2 0")
            .is_some()
    );
    assert!(h.state().canvas.overlay.route_weights.is_empty());
}

#[test]
fn the_menu_opens_the_window_and_an_invalid_design_shows_its_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    assert!(h.query_by_label("Start game").is_none());
    click_label(&mut h, "Playtest");
    click_label(&mut h, "Play a game…");
    assert!(h.query_by_label("Start game").is_some());
    assert!(h.query_by_label("Seat 1").is_some());
    assert!(h.query_by_label("Seed").is_some());

    type_into(&mut h, "Seed", "twelve");
    click_label(&mut h, "Start game");
    assert!(h.query_by_label_contains("is not a whole number").is_some());

    type_into(&mut h, "Seed", "12");
    h.state_mut().doc.edit("Break a route", |d| {
        d.routes[0].to = "Atlantis".into();
    });
    h.run_steps(2);
    click_label(&mut h, "Start game");
    assert!(h.state().play.session::<BoardFamily>().is_none());
    assert!(
        h.query_by_label_contains("cannot be played until its errors are fixed")
            .is_some()
    );
    assert!(
        !h.state().canvas.read_only,
        "no game, the map stays editable"
    );
}

/// Issue 27: opening another design gives Play a fresh table: the last
/// design's game, its "edited" warning and its replay path go.
#[test]
fn opening_another_design_leaves_the_last_ones_game_behind() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    start(&mut h, &["route-focus", "route-focus"], 5);
    h.run_steps(2);
    assert!(h.state().play.in_game());
    let file_name = |h: &Harness<'_, Studio>| {
        let path = PathBuf::from(&h.state().play.replay_path);
        path.file_name().unwrap().to_string_lossy().into_owned()
    };
    assert_eq!(file_name(&h), "usa-replay-5.yaml");

    click_label(&mut h, "File");
    click_label(&mut h, "Open path…");
    type_into(&mut h, "Path", &maps("europe.yaml").display().to_string());
    click_label(&mut h, "Open");
    h.run_steps(2);
    assert_eq!(h.state().doc.design.cities.len(), 47, "Europe is open");
    let play = &h.state().play;
    assert!(play.open, "the window stays open");
    assert!(!play.in_game(), "no game from the last design");
    assert!(play.session::<BoardFamily>().is_none());
    assert!(h.query_by_label("Start game").is_some(), "a fresh form");
    assert!(
        h.query_by_label_contains("The design was edited").is_none(),
        "no stale-game warning"
    );
    assert_eq!(file_name(&h), "europe-replay-1.yaml");
    assert!(!h.state().canvas.read_only, "the new map is editable");
}

#[test]
fn the_play_panel_docks_beside_the_map_at_a_fixed_width_and_the_map_refits() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    // Zoomed in on one corner, as after revealing a finding.
    for _ in 0..4 {
        h.key_press(egui::Key::Plus);
        h.run_steps(1);
    }
    start(&mut h, &["human", "random"], 11);
    h.run_steps(3);
    let map = h.get_by_label("Map canvas").rect();
    // The panel lies right of the map, not over it.
    let panel_left = h.get_by_label(&keep_all_label(&h)).rect().min.x;
    assert!(
        panel_left >= map.max.x,
        "{panel_left} over the map ending at {}",
        map.max.x
    );
    // The whole map is in view again.
    let view = h.state().canvas.view;
    for c in &h.state().doc.design.cities {
        let p = view.to_screen(pos2(c.x, c.y));
        assert!(
            map.contains(p),
            "{} at {p:?} is off the map {map:?}",
            c.name
        );
    }
    // A few turns later the panel has the same width.
    for _ in 0..6 {
        wait_for_human::<BoardFamily>(&mut h);
        human_moves(&mut h);
    }
    h.run_steps(2);
    assert_eq!(
        h.get_by_label("Map canvas").rect(),
        map,
        "the panel keeps its width, and the map its size"
    );
    // Beside the tables, the inspector and the panel the map keeps a
    // sensible width.
    assert!(
        map.width() >= MAP_MIN_WIDTH - 1.0,
        "the map is squeezed to {}",
        map.width()
    );
    // Play closed: the map takes the room back and refits to it.
    let scale = h.state().canvas.view.scale;
    click_label(&mut h, "Close Play");
    h.run_steps(3);
    let wide = h.get_by_label("Map canvas").rect();
    assert!(wide.width() > map.width() + 300.0, "{wide:?}");
    assert!(
        h.state().canvas.view.scale > scale * 1.2,
        "refit to the wider map: {} then {}",
        scale,
        h.state().canvas.view.scale
    );
}

/// Editing the design during a game left the game and the design apart
/// ("The design was edited after the game started…"): while a game is on
/// the table the inspector is read-only and says why, the editing commands
/// wait, and both come back when the game ends.
#[test]
fn the_inspector_is_read_only_while_a_game_is_played() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    let before = h.state().doc.design.clone();
    h.state_mut().selection.select_only(Obj::City(0));
    h.run_steps(2);
    let disabled =
        |h: &Harness<'_, Studio>, label: &str| h.get_by_label(label).accesskit_node().is_disabled();
    assert!(!disabled(&h, "City name"), "editable before the game");
    assert!(h.query_by_label(READ_ONLY_IN_GAME).is_none());

    start(&mut h, &["human", "random"], 3);
    h.run_steps(3);
    assert!(
        h.state().selection.contains(Obj::City(0)),
        "still inspected"
    );
    assert!(h.query_by_label(READ_ONLY_IN_GAME).is_some());
    assert!(disabled(&h, "City name"));
    assert!(disabled(&h, "Delete selection"));
    // A click in the name field and typing change nothing; nor does Delete.
    h.get_by_label("City name").click();
    h.run_steps(1);
    h.get_by_label("City name").type_text("Renamed");
    h.key_press(egui::Key::Delete);
    h.run_steps(2);
    assert_eq!(h.state().doc.design, before, "the design is untouched");
    assert!(
        h.query_by_label_contains("edited after the game started")
            .is_none()
    );

    click_label(&mut h, "End game");
    assert!(!h.state().play.in_game());
    assert!(h.query_by_label(READ_ONLY_IN_GAME).is_none());
    assert!(!disabled(&h, "City name"), "editable again");
    assert!(!disabled(&h, "Delete selection"));
}

/// The names of the tickets on offer to the player to move.
fn offer_names(h: &Harness<'_, Studio>) -> Vec<String> {
    let st = session::<BoardFamily>(h).state();
    st.offer()
        .iter()
        .map(|&t| st.board().ticket(t).name.clone())
        .collect()
}

/// Is the ticket card `label` picked to keep?
fn picked(h: &Harness<'_, Studio>, label: &str) -> bool {
    h.get_by_label(label).accesskit_node().toggled() == Some(Toggled::True)
}

#[test]
fn the_board_games_ticket_offer_is_cards_kept_or_returned_by_a_click() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), Some(maps("usa.yaml")));
    start(&mut h, &["human", "route-focus"], 7);
    wait_for_human::<BoardFamily>(&mut h);
    // Setup: three ticket cards, all kept at first, their points shown.
    let offer = offer_names(&h);
    assert_eq!(offer.len(), 3);
    for name in &offer {
        assert!(
            picked(&h, &format!("Keep {name}")),
            "{name} is kept at first"
        );
    }
    assert!(h.query_all_by_label_contains(" points").count() >= 3);
    assert!(h.query_by_label("Keep all 3 tickets").is_some());
    // Hovering a card lights its path alone on the map.
    h.get_by_label(&format!("Keep {}", offer[1])).hover();
    h.run_steps(2);
    let paths: Vec<Vec<usize>> = {
        let st = session::<BoardFamily>(&h).state();
        let all = studio::app::play::board::ticket_paths(st.board());
        st.offer().iter().map(|t| all[t.index()].clone()).collect()
    };
    let path = &paths[1];
    let lit = &h.state().canvas.overlay.lit_routes;
    assert!(!path.is_empty());
    assert_eq!(
        lit.len(),
        path.len(),
        "only the hovered ticket's path is lit"
    );
    assert!(path.iter().all(|r| lit.contains(r)));
    // A click returns the first; the button counts what is kept.
    click_label(&mut h, &format!("Keep {}", offer[0]));
    assert!(!picked(&h, &format!("Keep {}", offer[0])), "returned");
    // A returned ticket's path goes dark; the kept ones stay lit.
    h.get_by_label("Keep 2 tickets, return 1").hover();
    h.run_steps(2);
    let lit = &h.state().canvas.overlay.lit_routes;
    assert!(paths[1..].iter().flatten().all(|r| lit.contains(r)));
    let only_returned: Vec<&usize> = paths[0]
        .iter()
        .filter(|r| !paths[1..].iter().flatten().any(|k| k == *r))
        .collect();
    assert!(!only_returned.is_empty());
    assert!(
        only_returned.iter().all(|r| !lit.contains(r)),
        "returned path dark"
    );
    play_label(&mut h, "Keep 2 tickets, return 1");
    let held = |h: &Harness<'_, Studio>| -> Vec<String> {
        let st = session::<BoardFamily>(h).state();
        st.player(engine::game::Seat(0))
            .tickets
            .iter()
            .map(|&t| st.board().ticket(t).name.clone())
            .collect()
    };
    assert_eq!(held(&h), offer[1..].to_vec());

    // A later draw: at least one of three is kept; two are returned by a click each.
    wait_for_human::<BoardFamily>(&mut h);
    let draw = first_legal(&h, |a| *a == Action::DrawTickets).expect("tickets can be drawn");
    let label = capitalized(&session::<BoardFamily>(&h).state().describe(draw));
    play_label(&mut h, &label);
    assert_eq!(
        session::<BoardFamily>(&h).state().phase(),
        Phase::KeepTickets
    );
    let later = offer_names(&h);
    assert_eq!(later.len(), 3);
    for name in &later[..2] {
        click_label(&mut h, &format!("Keep {name}"));
    }
    // Returning the last as well is not allowed: the button waits.
    click_label(&mut h, &format!("Keep {}", later[2]));
    assert!(
        h.get_by_label("Keep 0 tickets, return 3")
            .accesskit_node()
            .is_disabled()
    );
    assert!(h.query_by_label("Keep at least 1 ticket.").is_some());
    click_label(&mut h, &format!("Keep {}", later[2]));
    play_label(&mut h, "Keep 1 ticket, return 2");
    let mut expected = offer[1..].to_vec();
    expected.push(later[2].clone());
    assert_eq!(held(&h), expected);
}
