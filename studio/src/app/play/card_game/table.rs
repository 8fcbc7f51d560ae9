//! The card game's table drawn with card chips: the hand (a click on a
//! colour picks it for a Rail Yard play), the tickets with the cards they
//! need, the face-up cards (a click takes one), the decks, every Rail Yard
//! (with the rows a composed play would rob), and the turn's other moves
//! with the composed play's counts and its button. Every button is one of
//! the engine's legal moves; a play the engine refuses shows its reason.

use egui::{Button, Color32, RichText, Role, Ui, WidgetInfo};
use engine::card_game::{Action, EMPTY, Phase, State};
use engine::game::Seat;
use engine::words::count;

use super::chips::{ChipMode, cards_of, chip, ticket as chip_ticket};
use super::compose::{Composer, Robbery, playable, preview};
use crate::app::play::capitalized;
use crate::app::play::session::seat_name;

/// The colour of a warning (a robbery to come, a play refused).
const WARNING: Color32 = Color32::from_rgb(230, 140, 50);

/// The hand and tickets of `seat`. On their turn (`play`: the legal moves
/// and the play being composed) a colour chip with a legal play is a
/// button that picks the colour; the others are dimmed.
pub fn hand(ui: &mut Ui, state: &State, seat: Seat, mut play: Option<(&[Action], &mut Composer)>) {
    let d = state.design();
    let p = &state.players()[seat.index()];
    ui.label(RichText::new(format!("Hand of {}", seat_name(seat))).strong());
    ui.horizontal_wrapped(|ui| {
        if p.hand.is_empty() {
            ui.label("no cards");
        }
        for k in (0..d.kinds()).filter(|&k| p.hand.0[k] > 0) {
            let n = p.hand.0[k];
            let color = k as u8;
            let mode = match &play {
                Some((legal, composer)) if k != d.loco() => {
                    if playable(legal, color) {
                        ChipMode::Button {
                            picked: composer.has(color),
                        }
                    } else {
                        ChipMode::Off
                    }
                }
                _ => ChipMode::Shown,
            };
            let label = format!("{} in hand", cards_of(d, k, n));
            let hover = match mode {
                ChipMode::Button { .. } => format!(
                    "{label}: click to play {} to your Rail Yard",
                    d.kind_name(k)
                ),
                ChipMode::Off => format!("{label}: no play of {} is allowed now", d.kind_name(k)),
                ChipMode::Shown => label.clone(),
            };
            let r = chip(ui, d, k, &n.to_string(), &label, mode).on_hover_text(hover);
            if r.clicked()
                && let Some((legal, composer)) = &mut play
            {
                composer.toggle(color, legal);
            }
        }
    });
    ui.label(format!(
        "On the Track: {}, face down (hidden from you too)",
        count(p.on_track.total(), "card")
    ));
}

/// The tickets `seat` holds, each with the cards it needs as chips (lit
/// on the source map beside the game).
pub fn tickets(ui: &mut Ui, state: &State, seat: Seat) {
    let d = state.design();
    let p = &state.players()[seat.index()];
    ui.label(
        RichText::new(format!(
            "Tickets of {} (lit on the source map)",
            seat_name(seat)
        ))
        .strong(),
    );
    if p.tickets.is_empty() {
        ui.label("none");
    }
    for &t in &p.tickets {
        let name = &d.tickets[usize::from(t)].name;
        chip_ticket(ui, d, t, &format!("Ticket {name}"), ChipMode::Shown);
    }
}

/// What every player sees: the face-up cards, the decks and each Rail
/// Yard. On a human's turn (`legal`: the legal moves) a face-up card the
/// engine lets them take is a button. Returns a face-up card clicked.
pub fn piles(ui: &mut Ui, state: &State, legal: Option<&[Action]>) -> Option<Action> {
    let d = state.design();
    let mut chosen = None;
    ui.label(RichText::new("Face-up cards").strong());
    ui.horizontal_wrapped(|ui| {
        for (i, &c) in state.display().iter().enumerate() {
            if c == EMPTY {
                ui.label("(empty)");
                continue;
            }
            let a = Action::DrawFaceUp(i as u8);
            let name = d.kind_name(usize::from(c));
            let (mode, label) = match legal {
                Some(legal) if legal.contains(&a) => (
                    ChipMode::Button { picked: false },
                    format!("Take the face-up {name}"),
                ),
                Some(_) => (ChipMode::Off, format!("Face-up {name} (not now)")),
                None => (ChipMode::Shown, format!("Face-up {name}")),
            };
            if chip(ui, d, usize::from(c), name, &label, mode)
                .on_hover_text(&label)
                .clicked()
            {
                chosen = Some(a);
            }
        }
    });
    let (deal, deals) = state.deal_number();
    ui.label(format!(
        "Deck: {} · discards: {} · tickets left: {} · deal {} of {}",
        count(state.deck_len(), "card"),
        count(state.discards().total(), "card"),
        state.ticket_deck().len(),
        deal + 1,
        deals
    ));
    if let Some(k) = state.final_turns() {
        ui.label(format!(
            "The deck ran out: {} after this one.",
            count(k, "more turn")
        ));
    }
    ui.label(RichText::new("Rail Yards").strong());
    for (i, p) in state.players().iter().enumerate() {
        let seat = Seat(i as u8);
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{}:", seat_name(seat)));
            let rows: Vec<usize> = (0..d.colors.len()).filter(|&c| p.row(c) > 0).collect();
            if rows.is_empty() {
                ui.label("empty");
            }
            for c in rows {
                let (cards, locos) = (p.yard.0[c], p.yard_locos.0[c]);
                let text = if locos > 0 {
                    format!("{cards}+{locos}")
                } else {
                    cards.to_string()
                };
                let mut what = cards_of(d, c, cards);
                if locos > 0 {
                    what = format!("{what} + {}", count(locos, "locomotive"));
                }
                let label = format!("Rail Yard of {}: {what}", seat_name(seat));
                chip(ui, d, c, &text, &label, ChipMode::Shown).on_hover_text(&label);
            }
        });
    }
    chosen
}

/// The rows the composed play would rob, when the engine allows it.
fn robberies(state: &State, legal: &[Action], composer: &Composer) -> Vec<Robbery> {
    composer
        .action(state.design().rules.rail_yard.mixed_colors)
        .filter(|a| legal.contains(a))
        .and_then(|a| preview(state, a).ok())
        .unwrap_or_default()
}

/// The turn's moves other than a face-up card: the blind draw, tickets, a
/// pass, and the Rail Yard play composed from the hand's chips (its counts
/// and its button). Returns the move chosen.
pub fn controls(
    ui: &mut Ui,
    state: &State,
    legal: &[Action],
    composer: &mut Composer,
) -> Option<Action> {
    let mut chosen = None;
    if let Phase::Draw(left) = state.phase() {
        ui.label(format!(
            "Draw {}: from the deck or a face-up card.",
            count(left, "more card")
        ));
    }
    ui.horizontal_wrapped(|ui| {
        for (a, text) in [
            (Action::DrawBlind, "Draw a card from the deck"),
            (Action::DrawTickets, "Draw tickets"),
            (Action::Pass, "Pass (nothing else is possible)"),
        ] {
            if legal.contains(&a) && ui.button(text).clicked() {
                chosen = Some(a);
            }
        }
    });
    let plays = legal
        .iter()
        .any(|a| matches!(a, Action::PlayRow { .. } | Action::PlayMixed(_)));
    if state.phase() == Phase::Turn && plays {
        ui.label(RichText::new("Play to your Rail Yard").strong());
        chosen = composed_play(ui, state, legal, composer).or(chosen);
    }
    chosen
}

/// The play being composed: a hint while nothing is picked, the counts of
/// a row of one colour, and the play's button (or the engine's reason for
/// refusing it).
fn composed_play(
    ui: &mut Ui,
    state: &State,
    legal: &[Action],
    composer: &mut Composer,
) -> Option<Action> {
    let d = state.design();
    let mixed = d.rules.rail_yard.mixed_colors;
    let hand = &state.players()[state.current().index()].hand;
    match composer.colors[..] {
        [] => {
            let text = if mixed > 1 {
                format!(
                    "Click a colour in your hand for a row of that colour, or {mixed} colours for one card of each."
                )
            } else {
                "Click a colour in your hand for a row of that colour.".to_owned()
            };
            ui.label(RichText::new(text).weak());
        }
        [c] => {
            let name = d.kind_name(usize::from(c)).to_owned();
            let have = hand.0[usize::from(c)];
            let locos = hand.0[d.loco()];
            stepper(
                ui,
                &format!("{name} cards"),
                &mut composer.cards,
                1,
                have,
                |n| cards_of(d, usize::from(c), n),
            );
            if locos > 0 {
                stepper(ui, "locomotives", &mut composer.locos, 0, locos, |n| {
                    format!("{} on top", count(n, "locomotive"))
                });
            }
        }
        ref picked => {
            let names: Vec<&str> = picked
                .iter()
                .map(|&c| d.kind_name(usize::from(c)))
                .collect();
            if picked.len() < usize::from(mixed) {
                ui.label(RichText::new(format!(
                    "Picked {}: pick {} for one card of each, or click them again for a row of one colour.",
                    names.join(", "),
                    count(usize::from(mixed) - picked.len(), "more colour")
                )).weak());
            }
        }
    }
    let a = composer.action(mixed)?;
    let text = format!("{} to your Rail Yard", capitalized(&state.describe(a)));
    let allowed = legal.contains(&a);
    let clicked = ui.add_enabled(allowed, Button::new(text)).clicked();
    for r in robberies(state, legal, composer) {
        ui.colored_label(
            WARNING,
            format!(
                "Train Robbery: this play makes {} discard their {} ({}).",
                seat_name(r.victim),
                d.kind_name(usize::from(r.color)),
                count(r.cards, "card")
            ),
        );
    }
    if !allowed {
        let why = preview(state, a)
            .err()
            .map_or_else(|| "not allowed now".to_owned(), |e| e.to_string());
        ui.colored_label(WARNING, format!("Not allowed: {why}."));
    }
    clicked.then_some(a)
}

/// `-` and `+` around the value in words (`shown`), keeping `value` within
/// `least..=most`; the buttons are named `Fewer {what}` and `More {what}`.
fn stepper(
    ui: &mut Ui,
    what: &str,
    value: &mut u8,
    least: u8,
    most: u8,
    shown: impl Fn(u8) -> String,
) {
    ui.horizontal(|ui| {
        for (text, delta, name) in [("-", -1i16, "Fewer"), ("+", 1, "More")] {
            let next = i16::from(*value) + delta;
            let enabled = next >= i16::from(least) && next <= i16::from(most);
            let label = format!("{name} {what}");
            let b = ui.add_enabled(enabled, Button::new(text).min_size(egui::vec2(24.0, 0.0)));
            b.widget_info(|| WidgetInfo::labeled(Role::Button, enabled, &label));
            if b.on_hover_text(&label).clicked() {
                *value = next as u8;
            }
            if delta < 0 {
                ui.label(shown(*value));
            }
        }
    });
}
