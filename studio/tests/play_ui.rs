//! The Play window driven as a designer drives it: through its labelled
//! controls, on the real studio, with no display.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui::Modifiers;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use engine::board_game::{Action, Phase};
use engine::game::GameState;
use studio::app::files::StudioDirs;
use studio::app::play::score::points_line;
use studio::app::play::session::Session;
use studio::app::play::turn::capitalized;
use studio::app::{Studio, StudioConfig};

fn maps(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(name)
}

fn studio(dir: &Path, open: Option<PathBuf>) -> Harness<'static, Studio> {
    let config = StudioConfig {
        dirs: StudioDirs {
            config: dir.join("config"),
        },
        open,
        native_dialogs: false,
        autosave_every: Duration::from_secs(300),
    };
    let mut h = Harness::builder()
        .with_size([1500.0, 1000.0])
        .build_eframe(move |cc| Studio::new(&cc.egui_ctx, config));
    h.run_steps(2);
    h.state_mut().validator.wait();
    h.run_steps(3);
    h
}

fn click_label(h: &mut Harness<'_, Studio>, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(2);
}

/// Clicks a button that plays an action: one frame carries it out and shows
/// what follows.
fn play_label(h: &mut Harness<'_, Studio>, label: &str) {
    h.get_by_label(label).click();
    h.step();
}

fn type_into(h: &mut Harness<'_, Studio>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run_steps(1);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.run_steps(1);
    h.get_by_label(label).type_text(text);
    h.run_steps(2);
}

fn session<'a>(h: &'a Harness<'_, Studio>) -> &'a Session {
    h.state().play.session.as_ref().expect("a game is on")
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
    let s = h.state_mut().play.session.as_mut().expect("the game starts");
    s.delay = Duration::ZERO;
    assert_eq!(s.seed(), seed);
}

/// Runs frames until a human must decide (and no bot thinks) or the game
/// is over.
fn wait_for_human(h: &mut Harness<'_, Studio>) {
    let t0 = Instant::now();
    loop {
        h.step();
        let s = session(h);
        if s.is_over() || (s.human_to_move().is_some() && !s.thinking()) {
            break;
        }
        assert!(t0.elapsed() < Duration::from_secs(60), "the bots never finish");
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// One simple human decision through the window: keep the offered tickets,
/// claim the first claimable route with its first payment, else draw blind
/// (or the first draw offered).
fn human_moves(h: &mut Harness<'_, Studio>) {
    let (phase, legal, labels) = {
        let s = session(h);
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
        Phase::SetupTickets | Phase::KeepTickets => play_label(h, "Keep the ticked tickets"),
        Phase::Turn if labels.is_some() => {
            let (claim, pay) = labels.unwrap();
            click_label(h, &claim);
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
            let label = capitalized(&session(h).state().describe(a));
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
        wait_for_human(&mut h);
        if session(&h).is_over() {
            break;
        }
        human_moves(&mut h);
        decisions += 1;
        assert!(decisions < 400, "the game does not end");
    }
    let s = session(&h);
    assert!(s.error().is_none(), "{:?}", s.error());
    let shown = s.state().outcome().unwrap().scores;
    // The claimed routes are drawn in their owner's colour.
    let claimed = s.state().player(engine::game::Seat(0)).routes.len();
    assert!(claimed > 0, "the human claimed routes");
    assert!(h.state().canvas.overlay.route_colors.len() >= claimed);

    let path = dir.path().join("game.yaml");
    type_into(&mut h, "Replay path", &path.display().to_string());
    click_label(&mut h, "Save replay");
    let replay = formats::replay::load_replay(&path).unwrap();
    let played = engine::replay::play_back(&replay).unwrap();
    let scores = played.last().outcome().unwrap().scores;
    assert_eq!(scores, shown);
    let line = format!("Final scores: {}", points_line(&scores));
    assert!(h.query_by_label(&line).is_some(), "{line} is shown");
    assert!(h.query_by_label_contains("Winner: Player").is_some());
    assert!(h.query_by_label_contains("Game over (normal end)").is_some());
}
