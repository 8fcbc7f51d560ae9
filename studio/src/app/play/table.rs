//! A game on the Play window's table, of any family: the [`Session`], the
//! family's view data and picks, and the screen drawn around them (header,
//! bot controls, pass-the-screen, a human's turn, scoreboard, log). The
//! window holds it as a [`GameScreen`], chosen by the design's family in
//! [`open`], the one place the window dispatches on the family.

use std::any::Any;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::{Color32, RichText, Ui};
use engine::families::AnyDesign;
use engine::game::GameState;
use formats::GameFile;
use formats::replay::Replay;

use super::family::PlayView;
use super::score;
use super::session::{Player, Session, seat_name};
use crate::app::canvas::paint::Overlay;
use crate::app::families::{self, StudioFamily, StudioVisitor};
use crate::app::panels::labelled;
use crate::app::play::error::PlayError;
use crate::app::selection::Obj;

/// A game of family `F` at the table.
pub struct PlayGame<F: PlayView> {
    /// The game itself.
    pub session: Session<F>,
    /// What the family's view computed once for this game.
    pub table: F::Table,
    /// What the human to move has picked but not played.
    pub picks: F::Picks,
}

/// What the window asks of the game on its table, whatever its family.
pub trait GameScreen: Any {
    /// The game as [`Any`], to reach its [`PlayGame`] by family.
    fn as_any(&self) -> &dyn Any;
    /// The same, to change it.
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// Lets the bots move ([`Session::tick`]); returns whether the game changed.
    fn tick(&mut self, now: Instant) -> bool;
    /// Is it a bot's decision?
    fn bot_to_move(&self) -> bool;
    /// The seed of the deal.
    fn seed(&self) -> u64;
    /// What the game draws over the map.
    fn overlay(&self) -> Overlay;
    /// The tickets of the player whose screen it is, to light on a map
    /// shown beside the game ([`PlayView::lit_tickets`]).
    fn lit_tickets(&self) -> Vec<usize>;
    /// The map was clicked: what the click names is picked for the human to
    /// move, if the rules allow it now (else why not).
    fn map_clicked(&mut self, obj: Obj) -> Result<(), PlayError>;
    /// The game on screen; returns whether "End game" was clicked. Errors
    /// of the window (an action refused) go to `message`.
    fn ui(&mut self, ui: &mut Ui, message: &mut Option<String>) -> bool;
    /// The replay of the game so far.
    fn replay(&self) -> Replay;
}

/// Starts a game on the design `file` as it is now, with the family its
/// `family:` names, or says why it cannot be played.
pub fn open(
    file: &GameFile,
    path: Option<&Path>,
    players: Vec<Player>,
    seed: u64,
) -> Result<Box<dyn GameScreen>, PlayError> {
    let design = AnyDesign::build(file)
        .map_err(|d| PlayError::DesignErrors(families::errors_text(&d, usize::MAX)))?;
    families::visit(
        &design,
        Open {
            file,
            path,
            players,
            seed,
        },
    )
}

/// [`open`] with the family known.
struct Open<'a> {
    file: &'a GameFile,
    path: Option<&'a Path>,
    players: Vec<Player>,
    seed: u64,
}

impl StudioVisitor for Open<'_> {
    type Output = Result<Box<dyn GameScreen>, PlayError>;

    fn visit<F: StudioFamily>(self, design: Arc<F::Design>) -> Self::Output {
        let session = Session::<F>::new(&design, self.file, self.path, self.players, self.seed)?;
        Ok(Box::new(PlayGame {
            session,
            table: F::table(self.file, &design),
            picks: F::Picks::default(),
        }))
    }
}

impl<F: PlayView> GameScreen for PlayGame<F> {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn tick(&mut self, now: Instant) -> bool {
        self.session.tick(now)
    }

    fn bot_to_move(&self) -> bool {
        self.session.bot_to_move()
    }

    fn seed(&self) -> u64 {
        self.session.seed()
    }

    fn overlay(&self) -> Overlay {
        let s = &self.session;
        let deciding = s.pass_to().is_none() && s.human_to_move().is_some();
        F::overlay(
            &self.table,
            s.state(),
            s.viewer(),
            deciding.then_some(&self.picks),
        )
    }

    fn lit_tickets(&self) -> Vec<usize> {
        F::lit_tickets(self.session.state(), self.session.viewer())
    }

    fn map_clicked(&mut self, obj: Obj) -> Result<(), PlayError> {
        let s = &self.session;
        if s.human_to_move().is_none() || s.pass_to().is_some() {
            return Ok(());
        }
        F::pick(&mut self.picks, s.state(), &s.legal(), obj)
    }

    fn ui(&mut self, ui: &mut Ui, message: &mut Option<String>) -> bool {
        let s = &mut self.session;
        let titles: Vec<String> = (0..s.players().len())
            .map(|i| s.title(engine::game::Seat(i as u8)))
            .collect();
        let end = ui
            .horizontal(|ui| {
                let turn = if s.is_over() {
                    engine::words::count(s.state().turn(), "turn")
                } else {
                    format!("turn {}", s.state().turn() + 1)
                };
                ui.label(format!("Seed {} · {turn}", s.seed()));
                ui.button("End game").clicked()
            })
            .inner;
        if end {
            return true;
        }
        if let Some(e) = s.error() {
            ui.label(RichText::new(e).color(Color32::from_rgb(230, 110, 60)));
        }
        bot_controls(ui, s, F::TAKE_OVER_BOT, message);
        ui.separator();

        if s.is_over() {
            score::final_scores::<F>(ui, s.state(), &titles);
        } else if let Some(seat) = s.pass_to() {
            ui.add_space(8.0);
            ui.label(RichText::new(format!("Pass to {}", seat_name(seat))).heading());
            ui.label("The other players look away; the hand is shown after the click.");
            if ui
                .button(format!("I am {}: show my hand", seat_name(seat)))
                .clicked()
            {
                s.reveal();
                self.picks = F::Picks::default();
                ui.ctx().request_discard("the screen was taken");
            }
            ui.add_space(8.0);
        } else if let Some(seat) = s.human_to_move() {
            ui.label(RichText::new(format!("{}'s turn", s.title(seat))).heading());
            let legal = s.legal();
            let turn = (!legal.is_empty()).then_some((legal.as_slice(), &mut self.picks));
            if let Some(a) = F::table_ui(ui, s.state(), Some(seat), turn) {
                *message = s.play(a).err().map(|e| e.to_string());
                self.picks = F::Picks::default();
                // A bot may answer at once; the window shows the new position now.
                s.tick(Instant::now());
                ui.ctx().request_discard("a move was played");
            }
        } else if let Some(seat) = s.current() {
            let what = if s.thinking() {
                "is thinking…"
            } else {
                "moves next"
            };
            ui.label(RichText::new(format!("{} {what}", s.title(seat))).heading());
            F::table_ui(ui, s.state(), s.viewer(), None);
        }
        ui.separator();
        score::scoreboard::<F>(ui, s.state(), &titles);
        ui.separator();
        let viewer = s.viewer();
        let lines: Vec<&str> = s.log().iter().map(|l| s.line_text(l, viewer)).collect();
        score::log_view(ui, "play-log", &lines);
        false
    }

    fn replay(&self) -> Replay {
        self.session.replay()
    }
}

/// Pause, step, delay, and handing the game to the bots (`take_over`: the
/// bot that takes the human seats).
fn bot_controls<F: PlayView>(
    ui: &mut Ui,
    s: &mut Session<F>,
    take_over: &str,
    message: &mut Option<String>,
) {
    if s.is_over() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let pause = if s.paused {
            "Resume bots"
        } else {
            "Pause bots"
        };
        if ui.button(pause).clicked() {
            s.paused = !s.paused;
        }
        if ui
            .add_enabled(
                s.bot_to_move() && !s.thinking(),
                egui::Button::new("Step one bot move"),
            )
            .clicked()
        {
            s.step();
        }
        if ui
            .add_enabled(
                s.can_finish(),
                egui::Button::new("Let bots finish the game"),
            )
            .clicked()
        {
            s.finish();
        }
        if s.humans() > 0
            && ui
                .button("Bots play for all remaining seats")
                .on_hover_text(format!("{take_over} takes every human seat"))
                .clicked()
        {
            *message = s.bots_take_over(take_over).err().map(|e| e.to_string());
        }
    });
    let mut secs = s.delay.as_secs_f32();
    labelled(ui, "Bot delay (s)", |ui| {
        ui.add(egui::Slider::new(&mut secs, 0.0..=3.0))
    });
    s.delay = Duration::from_secs_f32(secs);
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use engine::board_game::BoardFamily;

    use super::*;

    /// The window reaches a game only through [`GameScreen`]: the design's
    /// family is chosen once in [`open`], and the shared code (bots, the
    /// overlay, the replay) runs without naming it.
    #[test]
    fn a_design_opens_a_game_of_its_family_behind_the_shared_interface() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let file = formats::load(&path).unwrap().design;
        let players = vec![
            Player::from_spec("random"),
            Player::from_spec("route-focus"),
        ];
        let mut game = open(&file, Some(&path), players, 21).unwrap();
        let board = game.as_any_mut().downcast_mut::<PlayGame<BoardFamily>>();
        board
            .expect("a board design plays the board game")
            .session
            .delay = Duration::ZERO;
        assert_eq!(game.seed(), 21);
        assert!(
            game.overlay().route_weights.is_empty(),
            "nothing claimed yet"
        );
        let t0 = Instant::now();
        while game.bot_to_move() {
            game.tick(Instant::now() + Duration::from_secs(10));
            assert!(
                t0.elapsed() < Duration::from_secs(60),
                "the bots never finish"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        let replay = game.replay();
        assert!(replay.result.is_some(), "the game was played to its end");
        assert_eq!(replay.seats, ["random", "route-focus"]);
        assert!(!game.overlay().route_weights.is_empty(), "claims are drawn");
        let played = engine::replay::play_back::<BoardFamily>(&replay).unwrap();
        let session = &game
            .as_any()
            .downcast_ref::<PlayGame<BoardFamily>>()
            .unwrap()
            .session;
        assert_eq!(played.last().outcome(), session.state().outcome());
        // A design that does not build says why instead of opening.
        let mut broken = file.clone();
        broken.routes[0].to = "Atlantis".into();
        let e = open(&broken, None, vec![Player::Human, Player::Human], 1).err();
        assert!(
            e.unwrap()
                .to_string()
                .starts_with("This design cannot be played until its errors are fixed: ")
        );
    }
}
