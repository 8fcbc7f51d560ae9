//! The dice game (Trains & Stations) at the Play window's table
//! ([`PlayView`] for [`DiceFamily`]): the station map ([`map`]: stations
//! with their buildings, tracks as rows of spaces with the dice on them),
//! a human's turn ([`turn`]: the roll and re-roll choice, placing by
//! clicking a space, building by clicking a station, the other decisions as
//! buttons), the goods and special cards, the scoreboard's columns and the
//! final details. The shared canvas draws board maps only, so the station
//! map is drawn in a window of its own; a click on it reaches the turn's
//! controls through the frame's temporary memory.

pub mod map;
pub mod turn;

use egui::{Id, RichText, Ui};
use engine::dice::design::{DiceDesign, Special};
use engine::dice::state::DeckPlace;
use engine::dice::{Action, DiceFamily, Events, Phase, State, faces_text};
use engine::game::{GameState, Seat};
use formats::GameFile;

use super::family::{Column, LogText, PlayView};
use super::session::seat_name;
use crate::app::play::error::PlayError;
use crate::app::selection::Obj;
use map::{MapClick, MapLook};
use turn::DicePicks;

/// Where this frame's click on the station map waits for the turn's controls.
fn click_id() -> Id {
    Id::unique("dice-map-click")
}

/// How tall the station map is drawn at the table.
const MAP_HEIGHT: f32 = 520.0;
/// How wide the station map is drawn at the table, at most.
const MAP_WIDTH: f32 = 840.0;
/// Where the map window opens: right of the Play window (8 + 370 points
/// wide, a little more with its frame).
const MAP_LEFT: f32 = 400.0;
/// What the map window leaves free at the right for the Inspector.
const INSPECTOR_SPACE: f32 = 320.0;

impl PlayView for DiceFamily {
    type Table = ();
    type Picks = DicePicks;

    const TAKE_OVER_BOT: &'static str = "deliverer";

    fn table(_: &GameFile, _: &DiceDesign) {}

    fn log_lines(state: &State, events: &Events) -> Vec<LogText> {
        // The engine's words for events keep hidden choices hidden.
        events
            .iter()
            .map(|e| LogText::open(state.event_words(e)))
            .collect()
    }

    fn pick(_: &mut DicePicks, _: &State, _: &[Action], _: Obj) -> Result<(), PlayError> {
        // The shared canvas shows no station map: clicks come from [`map`].
        Ok(())
    }

    fn scoreboard_columns(state: &State) -> Vec<Column> {
        let d = state.design();
        let players = state.players();
        let n = players.len();
        vec![
            Column::per_seat("Coins", n, |i| players[i].coins.to_string()),
            Column::per_seat("Dice in hand", n, |i| {
                (d.rules.dice.per_player - players[i].on_board).to_string()
            }),
            Column::per_seat("Goods", n, |i| goods_text(d, &players[i].goods)),
            Column::per_seat("Specials", n, |i| players[i].hand.len().to_string()),
        ]
    }

    fn secrets(ui: &mut Ui, state: &State, seat: Seat) {
        let d = state.design();
        let p = &state.players()[seat.index()];
        ui.label(RichText::new(format!("Special cards of {}", seat_name(seat))).strong());
        if p.hand.is_empty() {
            ui.label("none");
        }
        for &c in &p.hand {
            let s = d.specials[usize::from(c)];
            let what = match s {
                Special::Ticket { .. } => "delivery ticket",
                Special::Goods { .. } => "goods card",
            };
            ui.label(format!("{} ({what})", d.special_name(s)));
        }
        if matches!(state.phase(), Phase::Speculate { .. }) {
            ui.label(format!("Your pledge so far: {}", goods_text(d, &p.pledged)));
        }
    }

    fn public(ui: &mut Ui, state: &State) {
        let d = state.design();
        ui.label(format!(
            "VP supply {} · bonus dice {} · special cards in the deck {}{}",
            state.supply(),
            state.bonus_supply(),
            state.specials_left(),
            if state.last_round() {
                " · last round"
            } else {
                ""
            }
        ));
        ui.horizontal_wrapped(|ui| {
            ui.label("Goods:");
            for (g, deck) in state.decks().iter().enumerate() {
                let place = match deck.place {
                    DeckPlace::Unused => "not yet in play".to_owned(),
                    DeckPlace::On(b) => format!("on the {}s", b.name()),
                    DeckPlace::Used => "used up".to_owned(),
                };
                ui.label(format!("{} {} left ({place});", d.goods[g].name, deck.left));
            }
        });
        for (i, p) in state.players().iter().enumerate() {
            if !p.revealed.is_empty() || p.bonus_held > 0 {
                let tickets: Vec<String> = p
                    .revealed
                    .iter()
                    .map(|&c| d.special_name(d.specials[usize::from(c)]))
                    .collect();
                ui.label(format!(
                    "{}: {} held; tickets shown: {}",
                    seat_name(Seat(i as u8)),
                    engine::words::count_with(p.bonus_held, "bonus die", "bonus dice"),
                    if tickets.is_empty() {
                        "none".to_owned()
                    } else {
                        tickets.join(", ")
                    }
                ));
            }
        }
        let roll = state.roll();
        if roll.own.iter().chain(&roll.bonus).any(|&n| n > 0) {
            ui.label(format!(
                "{}'s dice: {}{}{}",
                seat_name(state.active()),
                faces_text(&roll.own),
                if roll.bonus.iter().any(|&n| n > 0) {
                    format!(" · white: {}", faces_text(&roll.bonus))
                } else {
                    String::new()
                },
                if roll.struck { " · strike!" } else { "" }
            ));
        }
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let look = MapLook {
            state: Some(state),
            lit_spaces: legal
                .iter()
                .filter_map(|a| match a {
                    Action::Place { space, .. } => Some(*space),
                    _ => None,
                })
                .collect(),
            lit_stations: legal
                .iter()
                .filter_map(|a| match a {
                    Action::Build { station, .. } => Some(*station),
                    _ => None,
                })
                .collect(),
            ..MapLook::default()
        };
        // The Play panel is narrow: the map gets a window of its own, fixed
        // over the studio's central area (where board maps are drawn), so
        // it never covers the Play panel's controls nor they it.
        let screen = ui.ctx().content_rect();
        let area = super::map_area(ui.ctx()).unwrap_or_else(|| {
            egui::Rect::from_min_size(
                egui::pos2(MAP_LEFT, 40.0),
                egui::vec2(
                    (screen.width() - MAP_LEFT - INSPECTOR_SPACE).clamp(320.0, MAP_WIDTH),
                    MAP_HEIGHT,
                ),
            )
        });
        // The window's frame and title bar take a little room of their own.
        let inner = area.shrink2(egui::vec2(8.0, 20.0));
        let width = inner.width().clamp(200.0, MAP_WIDTH);
        let height = (inner.height() - 24.0).clamp(200.0, MAP_HEIGHT * 1.5);
        let click = egui::Window::new("Trains & Stations map")
            .fixed_pos(area.min + egui::vec2(4.0, 4.0))
            .collapsible(false)
            .resizable(false)
            .constrain_to(area)
            .show(ui.ctx(), |ui| {
                ui.set_width(width);
                map::draw(ui, d, &look, height)
            })
            .and_then(|r| r.inner)
            .flatten();
        ui.data_mut(|m| m.insert_temp(click_id(), click));
    }

    fn turn_ui(
        ui: &mut Ui,
        state: &State,
        legal: &[Action],
        picks: &mut DicePicks,
    ) -> Option<Action> {
        let click = ui
            .data_mut(|m| m.remove_temp::<Option<MapClick>>(click_id()))
            .flatten();
        turn::ui(ui, state, legal, picks, click)
    }

    fn final_details(ui: &mut Ui, state: &State, titles: &[String]) {
        let Some(end) = state.ending() else {
            return;
        };
        for (i, b) in end.breakdowns.iter().enumerate() {
            let title = titles
                .get(i)
                .cloned()
                .unwrap_or_else(|| seat_name(Seat(i as u8)));
            ui.label(format!(
                "{title}: {} on the track, {} from tickets, {} from monopolies",
                engine::words::count(b[0], "point"),
                b[1],
                b[2]
            ));
        }
    }
}

/// Goods held, `2 coal, 1 gold` (`-` when none).
fn goods_text(d: &DiceDesign, goods: &[u8]) -> String {
    let parts: Vec<String> = d
        .goods
        .iter()
        .zip(goods)
        .filter(|(_, n)| **n > 0)
        .map(|(g, n)| format!("{n} {}", g.name))
        .collect();
    if parts.is_empty() {
        "-".to_owned()
    } else {
        parts.join(", ")
    }
}
