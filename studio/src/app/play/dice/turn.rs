//! A human's decision in the dice game: the roll and the re-roll choice,
//! placing trains (a click on a space, or the list), building (a click on a
//! station, or the list), saving dice and cashing coins, and the other
//! decisions as buttons. Only the engine's legal actions are played; the
//! dice pickers build an action and offer it only if the engine lists it.

use egui::{RichText, Ui};
use engine::dice::state::{Faces, fi};
use engine::dice::{Action, Phase, State, faces_text};
use formats::dice::Face;

use super::map::MapClick;
use crate::app::play::capitalized;

/// What the player has picked but not played yet.
#[derive(Debug, Default)]
pub struct DicePicks {
    /// Dice picked by face: saved dice kept (gathering), dice to re-roll,
    /// or dice to save (finishing).
    pub faces: Faces,
    /// White dice picked by face (re-rolling), or held bonus dice to roll.
    pub bonus: Faces,
    /// Place a white die rather than an own one.
    pub white: bool,
    /// The station picked on the map: its buildings are offered.
    pub station: Option<u16>,
    /// Why the last click on the map did nothing.
    pub refused: Option<String>,
}

/// The engine's words for `a`, capitalised.
fn words(state: &State, a: Action) -> String {
    capitalized(&state.text_of(a))
}

/// A row of − / + steppers, one per face, each bounded by `most`.
fn face_steppers(ui: &mut Ui, id: &str, picked: &mut Faces, most: &Faces) {
    ui.horizontal_wrapped(|ui| {
        for face in Face::ALL {
            let i = fi(face);
            if most[i] == 0 {
                continue;
            }
            ui.label(format!("{} {}/{}", face.name(), picked[i], most[i]));
            if ui
                .add_enabled(
                    picked[i] > 0,
                    egui::Button::new(format!("− {id} {}", face.name())),
                )
                .clicked()
            {
                picked[i] -= 1;
            }
            if ui
                .add_enabled(
                    picked[i] < most[i],
                    egui::Button::new(format!("+ {id} {}", face.name())),
                )
                .clicked()
            {
                picked[i] += 1;
            }
        }
    });
}

/// A button for `action`, enabled only if the engine allows it.
fn offer(ui: &mut Ui, legal: &[Action], action: Action, text: String) -> Option<Action> {
    ui.add_enabled(legal.contains(&action), egui::Button::new(text))
        .clicked()
        .then_some(action)
}

/// One button per legal action `keep` accepts, in the engine's words.
fn buttons(
    ui: &mut Ui,
    state: &State,
    legal: &[Action],
    keep: impl Fn(&Action) -> bool,
) -> Option<Action> {
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        for &a in legal.iter().filter(|a| keep(a)) {
            if ui.button(words(state, a)).clicked() {
                chosen = Some(a);
            }
        }
    });
    chosen
}

/// The controls of a human's decision among `legal` (`click`: what the map
/// named this frame); returns the action chosen.
pub fn ui(
    ui: &mut Ui,
    state: &State,
    legal: &[Action],
    picks: &mut DicePicks,
    click: Option<MapClick>,
) -> Option<Action> {
    let seat = state.active().index();
    let p = &state.players()[seat];
    match state.phase() {
        Phase::Start => {
            ui.label(RichText::new("Gather your dice and roll").strong());
            if p.saved.iter().any(|&n| n > 0) {
                ui.label(format!(
                    "Saved from last turn: {}. Pick the saved dice to keep as they lie:",
                    faces_text(&p.saved)
                ));
                face_steppers(ui, "keep", &mut picks.faces, &p.saved);
            }
            if p.bonus_held > 0 {
                let mut n = picks.bonus[0];
                ui.add(egui::Slider::new(&mut n, 0..=p.bonus_held).text("Bonus dice to roll"));
                picks.bonus[0] = n;
            }
            let roll_action = Action::Roll {
                bonus: picks.bonus[0],
                keep: picks.faces,
            };
            let mut chosen = offer(ui, legal, roll_action, "Roll the dice".into());
            if let Some(a) = buttons(ui, state, legal, |a| matches!(a, Action::Recall)) {
                chosen = Some(a);
            }
            chosen
        }
        Phase::Reroll => {
            ui.label(format!(
                "Re-roll dice for a coin each ({}):",
                engine::words::count(p.coins, "coin")
            ));
            // The most of each face the engine lets one re-roll (never a locked train).
            let (mut own_most, mut bonus_most) = ([0u8; 6], [0u8; 6]);
            for a in legal {
                if let Action::Reroll { own, bonus } = a {
                    for f in 0..6 {
                        own_most[f] = own_most[f].max(own[f]);
                        bonus_most[f] = bonus_most[f].max(bonus[f]);
                    }
                }
            }
            face_steppers(ui, "re-roll", &mut picks.faces, &own_most);
            face_steppers(ui, "re-roll white", &mut picks.bonus, &bonus_most);
            let n: u8 = picks.faces.iter().chain(&picks.bonus).sum();
            let reroll = Action::Reroll {
                own: picks.faces,
                bonus: picks.bonus,
            };
            let mut chosen = offer(
                ui,
                legal,
                reroll,
                format!("Re-roll {}", engine::words::count_with(n, "die", "dice")),
            );
            if let Some(a) = buttons(ui, state, legal, |a| matches!(a, Action::Stop)) {
                chosen = Some(a);
            }
            chosen
        }
        Phase::Place => place(ui, state, legal, picks, click),
        Phase::Build => build(ui, state, legal, picks, click),
        _ => {
            ui.label(RichText::new(phase_prompt(state)).strong());
            buttons(ui, state, legal, |_| true)
        }
    }
}

/// What the decision of a phase without dice pickers is about.
fn phase_prompt(state: &State) -> String {
    let d = state.design();
    match state.phase() {
        Phase::Keep { .. } => "Return special cards until you keep the rulebook's number".into(),
        Phase::Order => "Several deliveries are due: pick the next".into(),
        Phase::Majority { group } => format!(
            "A tie for the majority on {}: who takes the bonus?",
            d.groups[usize::from(group)].name
        ),
        Phase::Supply { building, .. } => {
            format!(
                "Too few goods for the {}s: who gets the next card?",
                building.name()
            )
        }
        Phase::Upgrade => "Choose the upgrade".into(),
        Phase::Speculate { good, .. } => format!(
            "Speculation on {}: pledge goods in secret, then done",
            d.goods[usize::from(good)].name
        ),
        Phase::Award { good } => {
            format!("Hand out the new {} cards", d.goods[usize::from(good)].name)
        }
        _ => "Your decision".into(),
    }
}

/// Placing trains: a click on a lit space, or the list.
fn place(
    ui: &mut Ui,
    state: &State,
    legal: &[Action],
    picks: &mut DicePicks,
    click: Option<MapClick>,
) -> Option<Action> {
    let roll = state.roll();
    ui.label(RichText::new("Place your trains: click a lit space on the map").strong());
    ui.label(format!("Left to place: {}", faces_text(&roll.own)));
    let whites = legal
        .iter()
        .any(|a| matches!(a, Action::Place { bonus: true, .. }));
    let owns = legal
        .iter()
        .any(|a| matches!(a, Action::Place { bonus: false, .. }));
    if whites && owns {
        ui.checkbox(&mut picks.white, "Place a white die");
    }
    let white = (picks.white && whites) || !owns;
    if let Some(MapClick::Space(space)) = click {
        let a = Action::Place {
            space,
            bonus: white,
        };
        if legal.contains(&a) {
            return Some(a);
        }
        picks.refused = Some(format!(
            "No train may go on {} now.",
            state.design().space_name(space)
        ));
    }
    if let Some(r) = &picks.refused {
        ui.label(r);
    }
    let mut chosen = None;
    egui::CollapsingHeader::new("Or choose a space from the list")
        .id_salt("dice-spaces")
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .max_height(140.0)
                .show(ui, |ui| {
                    for &a in legal {
                        if matches!(a, Action::Place { bonus, .. } if bonus == white)
                            && ui.button(words(state, a)).clicked()
                        {
                            chosen = Some(a);
                        }
                    }
                });
        });
    chosen
}

/// Building (a click on a station picks it), then saving dice and cashing coins.
fn build(
    ui: &mut Ui,
    state: &State,
    legal: &[Action],
    picks: &mut DicePicks,
    click: Option<MapClick>,
) -> Option<Action> {
    let roll = state.roll();
    let d = state.design();
    ui.label(format!("Dice left: {}", faces_text(&roll.own)));
    let builds = legal.iter().any(|a| matches!(a, Action::Build { .. }));
    if let Some(MapClick::Station(s)) = click {
        let here: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Build { station, .. } if *station == s))
            .collect();
        if here.len() == 1 {
            return here.first().copied();
        }
        if here.is_empty() {
            picks.refused = Some(format!(
                "Nothing can be built in {} now.",
                d.stations[usize::from(s)].name
            ));
        } else {
            picks.station = Some(s);
            picks.refused = None;
        }
    }
    if let Some(r) = &picks.refused {
        ui.label(r);
    }
    let mut chosen = None;
    if builds {
        ui.label(RichText::new("Build: click a lit station, or choose").strong());
        chosen = buttons(ui, state, legal, |a| match a {
            Action::Build { station, .. } => picks.station.is_none_or(|s| s == *station),
            _ => false,
        });
        if picks.station.is_some() && ui.button("Show every station").clicked() {
            picks.station = None;
        }
    }
    ui.label(RichText::new("Finish: pick the dice to save, the other coins are cashed").strong());
    face_steppers(ui, "save", &mut picks.faces, &roll.own);
    let n: u8 = picks.faces.iter().sum();
    let finish = Action::Finish { save: picks.faces };
    if let Some(a) = offer(
        ui,
        legal,
        finish,
        format!(
            "Finish the turn saving {}",
            engine::words::count_with(n, "die", "dice")
        ),
    ) {
        chosen = Some(a);
    }
    chosen
}
