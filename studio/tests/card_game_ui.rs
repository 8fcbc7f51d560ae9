//! The card-game editor driven as a designer drives it: the ticket table
//! with its card chips, a ticket's points edited and undone, a diagnostic
//! that appears after an edit and goes on undo, a ticket lit on its source
//! map, File → Derive card game… from the USA map, a few turns of Play with
//! the hand's card chips (the player's tickets lit on the source map, the
//! log in plain words) and a small Simulate on the card game.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{click_label, config, harness, maps, session, settle, type_into, wait_for_human};
use egui::accesskit::Toggled;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use engine::card_game::{Action, CardFamily, Phase, State};
use engine::game::Seat;
use engine::words::count;
use formats::Family;
use studio::app::Studio;
use studio::app::card_editor::source_map::{LitPaths, light};
use studio::app::command::UICommand;
use studio::app::panels::inspector::READ_ONLY_IN_GAME;
use studio::app::play::capitalized;
use studio::app::play::card_game::chips::cards_of;
use studio::app::play::card_game::yard_text;
use studio::app::selection::Obj;
use studio::app::simulate::Page;

fn studio(dir: &Path, map: &str) -> Harness<'static, Studio> {
    harness(config(dir, Some(maps(map))), [1500.0, 1000.0])
}

fn undo(h: &mut Harness<'_, Studio>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
}

/// The codes the Diagnostics panel shows now, with the tickets they name.
fn diagnostics(h: &mut Harness<'_, Studio>) -> Vec<(String, Vec<engine::ObjectRef>)> {
    settle(h);
    let report = h
        .state()
        .validator
        .latest()
        .expect("the design was checked");
    report
        .diagnostics
        .iter()
        .map(|d| (d.code.to_string(), d.objects.clone()))
        .collect()
}

#[test]
fn tickets_are_edited_with_chips_undone_checked_live_and_lit_on_the_source_map() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), "card-game-usa.yaml");
    assert_eq!(h.state().doc.design.family, Family::CardGame);
    // The ticket table, not the board's tables: chips for the cards.
    assert!(h.query_by_label("New ticket").is_some());
    assert!(h.query_by_label("Cities").is_none(), "no Cities tab");
    let first = h.state().doc.design.tickets[0].clone();
    assert_eq!(first.display_name(), "Denver - El Paso");
    for (color, n) in &first.cards {
        assert!(
            h.query_all_by_label(&format!("{n} {color}"))
                .next()
                .is_some(),
            "a chip for {n} {color}"
        );
    }
    let before = diagnostics(&mut h);

    // Select the ticket through the filtered table: its path is lit.
    type_into(&mut h, "Filter", "el paso");
    h.get_all_by_label("Denver").next().unwrap().click();
    h.run_steps(3);
    assert_eq!(h.state().selection.tickets(), vec![0]);
    let source = h.state().card_editor.source.source().map(Path::to_path_buf);
    assert!(source.unwrap().ends_with("usa.yaml"));
    let lit = h.state().card_editor.source.lit().clone();
    assert_eq!(lit.routes.len(), first.path.len() - 1, "a route per step");
    assert_eq!(lit.ends.len(), 2, "both ends marked");
    assert!(lit.missing.is_empty(), "{:?}", lit.missing);
    assert!(
        h.query_by_label("Source map: usa.yaml (read-only).")
            .is_some()
    );

    // Points: typed, entered, undone.
    type_into(&mut h, "Ticket points", "13");
    h.key_press(Key::Enter);
    h.run_steps(2);
    assert_eq!(h.state().doc.design.tickets[0].points, 13);
    undo(&mut h);
    assert_eq!(h.state().doc.design.tickets[0].points, first.points);
    // A bad value is refused with the reason.
    type_into(&mut h, "Ticket points", "lots");
    h.key_press(Key::Enter);
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("`lots` is not a number of points")
            .is_some()
    );
    assert_eq!(h.state().doc.design.tickets[0].points, first.points);

    // More yellow cards than the deck can supply: TL041 appears live.
    let yellow = |h: &Harness<'_, Studio>| h.state().doc.design.tickets[0].cards["yellow"];
    let mut clicks = 0;
    while yellow(&h) < 27 && clicks < 40 {
        h.get_by_label("More yellow cards").click();
        h.run_steps(1);
        clicks += 1;
    }
    assert_eq!(yellow(&h), 27);
    let after = diagnostics(&mut h);
    let tl041: Vec<_> = after.iter().filter(|(c, _)| c == "TL041").collect();
    assert_eq!(tl041.len(), 1, "{after:?}");
    assert_eq!(tl041[0].1, vec![engine::ObjectRef::Ticket(0)]);
    // Clicking it in the panel selects the ticket it is about.
    h.state_mut().selection.clear();
    h.run_steps(2);
    h.get_by_label_contains("TL041 ticket Denver - El Paso needs 27 yellow")
        .click();
    h.run_steps(3);
    assert!(h.state().selection.contains(Obj::Ticket(0)));
    for _ in 0..40 {
        if yellow(&h) == 1 {
            break;
        }
        undo(&mut h);
    }
    assert_eq!(h.state().doc.design.tickets[0], first);
    assert_eq!(diagnostics(&mut h), before, "gone on undo");
    assert!(h.query_by_label_contains("TL041").is_none());

    // The rules and cards tabs show the card game's parameters.
    click_label(&mut h, "Rules");
    assert!(h.query_by_label("locomotives_dealt").is_some());
    assert!(h.query_by_label("Big City 6").is_some());
    assert!(
        h.query_by_label("trains").is_none(),
        "not the board's rules"
    );
    click_label(&mut h, "Cards");
    assert!(h.query_by_label("Locomotives").is_some());
    assert!(h.query_by_label("locomotives").is_some());
}

#[test]
fn derive_writes_a_card_game_from_the_usa_map_and_opens_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), "usa.yaml");
    click_label(&mut h, "File");
    click_label(&mut h, "Derive card game…");
    let out = dir.path().join("derived.yaml");
    std::fs::write(&out, "kept: until the designer agrees\n").unwrap();
    type_into(&mut h, "Write to", &out.display().to_string());
    click_label(&mut h, "Derive and open");
    assert!(
        h.query_by_label_contains("click Derive and open again to replace it")
            .is_some()
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "kept: until the designer agrees\n",
        "an existing file is replaced only when asked twice"
    );
    click_label(&mut h, "Derive and open");
    settle(&mut h);
    assert!(h.state().dialog.is_none(), "no error");
    assert_eq!(h.state().doc.path.as_deref(), Some(out.as_path()));
    assert_eq!(h.state().doc.design.family, Family::CardGame);
    let loaded = formats::load(&out).expect("the written file loads");
    assert_eq!(loaded.design.family, Family::CardGame);
    assert!(loaded.design.tickets.len() >= 30);
    assert!(
        h.state().card_editor.source.source().is_ok(),
        "its source map is found"
    );
    // A card-game design offers no Derive.
    assert!(!h.state().can_run(UICommand::DeriveCardGame));
}

/// The lit paths of the tickets Player 1 holds (and is offered) now.
fn lit_for_player_1(h: &Harness<'_, Studio>, usa: &formats::GameFile) -> LitPaths {
    let s = session::<CardFamily>(h);
    let state = s.state();
    let p = &state.players()[0];
    let choosing = state.current() == Seat(0)
        && matches!(state.phase(), Phase::SetupTickets | Phase::KeepTickets);
    let design = &h.state().doc.design;
    let mut held: Vec<u16> = (p.tickets.iter())
        .chain(if choosing { &p.offer[..] } else { &[] })
        .copied()
        .collect();
    held.sort_unstable();
    let tickets: Vec<&formats::TicketSpec> = held
        .iter()
        .map(|&t| &design.tickets[usize::from(t)])
        .collect();
    light(usa, &tickets)
}

/// Opens Play from the Playtest menu with a human (Player 1) against the
/// random bot, and types `seed`.
fn open_play(h: &mut Harness<'_, Studio>, seed: u64) {
    click_label(h, "Playtest");
    click_label(h, "Play a game…");
    {
        let setup = &mut h.state_mut().play.setup;
        setup.players = 2;
        setup.seats[0] = "human".to_owned();
        setup.seats[1] = "random".to_owned();
    }
    h.run_steps(1);
    type_into(h, "Seed", &seed.to_string());
}

/// Starts the game set up in Play; the bot then moves without delay.
fn start_game(h: &mut Harness<'_, Studio>) {
    click_label(h, "Start game");
    h.state_mut()
        .play
        .session_mut::<CardFamily>()
        .expect("a card-game design plays the card game")
        .delay = Duration::ZERO;
}

#[test]
fn the_card_game_is_played_with_card_chips_and_simulated() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = studio(dir.path(), "card-game-usa.yaml");
    let usa = formats::load(&maps("usa.yaml")).unwrap().design;
    // The editor's selection is lit until the game starts.
    h.state_mut().selection.select_only(Obj::Ticket(0));
    h.run_steps(2);
    let selected = h.state().card_editor.source.lit().clone();
    assert!(!selected.routes.is_empty());
    open_play(&mut h, 5);
    let inspector = h.get_by_label("Ticket points").rect();
    start_game(&mut h);
    let mut turns = 0;
    let mut rows = 0;
    for _ in 0..60 {
        wait_for_human::<CardFamily>(&mut h);
        h.run_steps(1);
        let s = session::<CardFamily>(&h);
        if s.is_over() || (turns >= 6 && rows >= 2) {
            break;
        }
        if s.pass_to().is_some() {
            click_label(&mut h, "I am Player 1: show my hand");
            continue;
        }
        // Player 1's tickets are lit on the source map, not the selection.
        assert_eq!(
            h.state().card_editor.source.lit(),
            &lit_for_player_1(&h, &usa)
        );
        let moves = s.log().len();
        let state = s.state().clone();
        let legal = s.legal();
        let row = legal.iter().find_map(|&a| match a {
            Action::PlayRow { color, .. } => Some(color),
            _ => None,
        });
        let face_up = legal.iter().find_map(|&a| match a {
            Action::DrawFaceUp(slot) => Some(slot),
            _ => None,
        });
        let d = state.design();
        match (state.phase(), row) {
            (Phase::SetupTickets | Phase::KeepTickets, _) => keep_offer(&mut h),
            (Phase::Turn, Some(c)) => {
                // A colour of the hand is clicked, not one of many buttons.
                let name = d.kind_name(usize::from(c)).to_owned();
                let have = state.players()[0].hand.0[usize::from(c)];
                click_label(&mut h, &format!("{have} {name} in hand"));
                let smallest = legal
                    .iter()
                    .filter_map(|&a| match a {
                        Action::PlayRow {
                            color,
                            cards,
                            locos,
                        } if color == c => Some((cards + locos, locos, a)),
                        _ => None,
                    })
                    .min_by_key(|&(n, l, _)| (n, l))
                    .unwrap()
                    .2;
                let button = |a| format!("{} to your Rail Yard", capitalized(&state.describe(a)));
                assert!(h.query_by_label(&button(smallest)).is_some());
                if let Action::PlayRow { cards, locos, .. } = smallest
                    && cards < have
                {
                    // One more of the colour, and back.
                    click_label(&mut h, &format!("More {name} cards"));
                    let more = Action::PlayRow {
                        color: c,
                        cards: cards + 1,
                        locos,
                    };
                    assert!(h.query_by_label(&button(more)).is_some());
                    click_label(&mut h, &format!("Fewer {name} cards"));
                }
                click_label(&mut h, &button(smallest));
                rows += 1;
            }
            (_, _) if legal.contains(&Action::DrawBlind) && turns % 2 == 0 => {
                click_label(&mut h, "Draw a card from the deck");
            }
            (_, _) if face_up.is_some() => {
                let c = state.display()[usize::from(face_up.unwrap())];
                click_label(
                    &mut h,
                    &format!("Take the face-up {}", d.kind_name(usize::from(c))),
                );
            }
            _ => click_label(&mut h, "Draw a card from the deck"),
        }
        assert!(
            session::<CardFamily>(&h).log().len() > moves,
            "the click was played"
        );
        turns += 1;
    }
    assert!(turns >= 6, "the human played {turns} turns");
    // The game's wide tables scroll inside the Play panel: the panels
    // beside the map stay where they were (the inspector, read-only now,
    // says so above its fields).
    assert_eq!(
        h.get_by_label("Ticket points").rect().x_range(),
        inspector.x_range()
    );
    // Both panels beside the map say they are read-only: the tables and
    // the inspector.
    assert_eq!(h.query_all_by_label(READ_ONLY_IN_GAME).count(), 2);
    assert!(rows >= 2, "{rows} Rail Yard plays");
    // The hand is shown as chips; the On the Track pile by its size only.
    assert!(h.query_all_by_label_contains("in hand").next().is_some());
    assert!(h.query_by_label_contains("hidden from you too").is_some());
    // The log in plain words.
    let log: Vec<String> = session::<CardFamily>(&h)
        .log()
        .iter()
        .map(|l| l.full.clone())
        .collect();
    assert!(
        log.iter()
            .any(|l| l.starts_with("Player 1 moved 1 card from the Rail Yard to On the Track")),
        "{log:#?}"
    );
    assert!(!log.iter().any(|l| l.contains(" 1 cards")), "{log:#?}");

    h.state_mut().play.open = false;
    click_label(&mut h, "Playtest");
    click_label(&mut h, "Simulate…");
    click_label(&mut h, "random");
    type_into(&mut h, "Games", "20");
    h.key_press(Key::Enter);
    h.run_steps(2);
    click_label(&mut h, "Run");
    let t0 = Instant::now();
    while h.state().simulate.running() {
        assert!(t0.elapsed() < Duration::from_secs(60), "the run never ends");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.run_steps(3);
    eprintln!("SIM MESSAGE: {}", h.state().simulate.message);
    click_label(&mut h, Page::WinRates.label::<CardFamily>());
    assert_eq!(h.state().simulate.page, Page::WinRates);
    let section = h
        .state()
        .simulate
        .lab::<CardFamily>()
        .and_then(|l| l.section(None))
        .expect("the run's results");
    assert!(section.games > 0, "games were played");
    assert!(h.query_by_label("Win rates").is_some());
}

/// Keeps the tickets on offer by their cards: the first is clicked to
/// return it, the button says so, and clicked again to keep it; then all
/// are kept.
fn keep_offer(h: &mut Harness<'_, Studio>) {
    let s = session::<CardFamily>(h);
    let state = s.state();
    let offer = state.players()[state.current().index()].offer.clone();
    let d = state.design().clone();
    let first = format!("Keep {}", d.tickets[usize::from(offer[0])].name);
    let n = offer.len();
    let all = format!("Keep all {}", count(n, "ticket"));
    assert!(h.query_by_label(&all).is_some(), "all are kept at first");
    click_label(h, &first);
    let node = h.get_by_label(&first);
    assert_eq!(
        node.accesskit_node().toggled(),
        Some(Toggled::False),
        "returned"
    );
    let fewer = format!("Keep {}, return 1", count(n - 1, "ticket"));
    assert!(h.query_by_label(&fewer).is_some(), "the button counts them");
    click_label(h, &first);
    let node = h.get_by_label(&first);
    assert_eq!(
        node.accesskit_node().toggled(),
        Some(Toggled::True),
        "kept again"
    );
    click_label(h, &all);
}

/// Composes `play` from the hand's chips: its colours clicked (a row's one
/// colour, then its counts stepped with More and Fewer), checks that the
/// play's button names it and is in sight without scrolling, and clicks it.
fn compose_and_play(h: &mut Harness<'_, Studio>, state: &State, play: Action, window: f32) {
    let d = state.design();
    let hand = &state.players()[0].hand;
    let chip = |k: usize| format!("{} in hand", cards_of(d, k, hand.0[k]));
    let composer = |h: &Harness<'_, Studio>| {
        h.state()
            .play
            .game::<CardFamily>()
            .expect("the card game")
            .picks
            .play
            .clone()
    };
    match play {
        Action::PlayRow {
            color,
            cards,
            locos,
        } => {
            let name = d.kind_name(usize::from(color)).to_owned();
            click_label(h, &chip(usize::from(color)));
            for _ in 0..20 {
                let c = composer(h);
                let step = match (c.cards.cmp(&cards), c.locos.cmp(&locos)) {
                    (std::cmp::Ordering::Less, _) => format!("More {name} cards"),
                    (std::cmp::Ordering::Greater, _) => format!("Fewer {name} cards"),
                    (_, std::cmp::Ordering::Less) => "More locomotives".to_owned(),
                    (_, std::cmp::Ordering::Greater) => "Fewer locomotives".to_owned(),
                    _ => break,
                };
                click_label(h, &step);
            }
        }
        Action::PlayMixed(mask) => {
            for k in (0..d.colors.len()).filter(|k| mask & (1 << k) != 0) {
                click_label(h, &chip(k));
            }
        }
        _ => panic!("{play:?} is not a Rail Yard play"),
    }
    let button = format!("{} to your Rail Yard", capitalized(&state.describe(play)));
    let node = h.get_by_label(&button);
    assert!(!node.accesskit_node().is_disabled(), "{button} is allowed");
    let at = node.rect();
    assert!(
        at.max.y <= window,
        "{button} at {at:?}: below the window's {window} pt"
    );
    node.click();
    h.run_steps(3);
}

/// What the log says of a Rail Yard play by Player 1.
fn told(state: &State, play: Action) -> String {
    let d = state.design();
    let played = match play {
        Action::PlayRow {
            color,
            cards,
            locos,
        } => {
            let row = format!("{cards} {}", d.kind_name(usize::from(color)));
            if locos > 0 {
                format!("{row} + {}", count(locos, "locomotive"))
            } else {
                row
            }
        }
        Action::PlayMixed(mask) => (0..d.colors.len())
            .filter(|k| mask & (1 << k) != 0)
            .map(|k| format!("1 {}", d.kind_name(k)))
            .collect::<Vec<_>>()
            .join(", "),
        _ => unreachable!(),
    };
    format!("Player 1 played {played} to the Rail Yard")
}

/// The scoreboard's Rail Yard cells count locomotives in words ("1 green
/// + 2 locomotives"), never "2 loco".
fn scoreboard_yards_in_words(h: &mut Harness<'_, Studio>) {
    h.run_steps(1);
    let s = session::<CardFamily>(h);
    let d = s.state().design();
    for p in s.state().players() {
        if p.yard_locos.total() > 0 {
            let cell = yard_text(d, &p.yard, &p.yard_locos);
            assert!(cell.contains(" locomotive"), "{cell}");
            assert!(h.query_by_label(&cell).is_some(), "{cell} is shown");
        }
    }
    for node in h.query_all_by_label_contains(" loco") {
        let n = node.accesskit_node();
        let text = n.label().or_else(|| n.value()).unwrap_or_default();
        assert!(text.contains(" locomotive"), "{text:?} abbreviates");
    }
}

/// At the studio's default window size the Rail Yard plays are composed by
/// chips only: a row of one colour with locomotives on top, and a play of
/// as many different colours as the rules allow; each play's button is in
/// sight without scrolling, and the log names colours and locomotives.
#[test]
fn a_row_with_locomotives_and_a_mixed_play_are_composed_from_the_chips() {
    let dir = tempfile::tempdir().unwrap();
    let window = [1500.0, 950.0];
    let mut h = harness(config(dir.path(), Some(maps("card-game-usa.yaml"))), window);
    open_play(&mut h, 8);
    start_game(&mut h);
    let mut played: Vec<(State, Action)> = Vec::new();
    let mut kinds = [false; 2];
    for _ in 0..80 {
        wait_for_human::<CardFamily>(&mut h);
        h.run_steps(1);
        let s = session::<CardFamily>(&h);
        if s.is_over() || kinds == [true; 2] {
            break;
        }
        let state = s.state().clone();
        let legal = s.legal();
        // The row with the most locomotives, then the most cards.
        let row = legal
            .iter()
            .filter(|a| matches!(a, Action::PlayRow { locos, .. } if *locos > 0))
            .max_by_key(|a| match a {
                Action::PlayRow { cards, locos, .. } => (*locos, *cards),
                _ => (0, 0),
            })
            .copied();
        let mixed = legal
            .iter()
            .find(|a| matches!(a, Action::PlayMixed(_)))
            .copied();
        match state.phase() {
            Phase::SetupTickets | Phase::KeepTickets => keep_offer(&mut h),
            Phase::Turn if !kinds[0] && row.is_some() => {
                compose_and_play(&mut h, &state, row.unwrap(), window[1]);
                played.push((state, row.unwrap()));
                kinds[0] = true;
                scoreboard_yards_in_words(&mut h);
            }
            Phase::Turn if !kinds[1] && mixed.is_some() => {
                compose_and_play(&mut h, &state, mixed.unwrap(), window[1]);
                played.push((state, mixed.unwrap()));
                kinds[1] = true;
            }
            _ if legal.contains(&Action::DrawBlind) => {
                click_label(&mut h, "Draw a card from the deck");
            }
            _ => {
                let a = legal[0];
                h.state_mut()
                    .play
                    .session_mut::<CardFamily>()
                    .unwrap()
                    .play(a)
                    .unwrap();
            }
        }
    }
    assert_eq!(kinds, [true; 2], "both plays came up: {played:?}");
    let log: Vec<String> = session::<CardFamily>(&h)
        .log()
        .iter()
        .map(|l| l.full.clone())
        .collect();
    for (state, a) in &played {
        let line = told(state, *a);
        assert!(log.contains(&line), "{line:?} not in {log:#?}");
    }
    assert!(
        played
            .iter()
            .any(|(_, a)| matches!(a, Action::PlayRow { cards, .. } if *cards > 1)),
        "a row of several cards with locomotives: {played:?}"
    );
}
