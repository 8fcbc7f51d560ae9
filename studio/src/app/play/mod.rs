//! The Play window: a hot-seat game on the design as it is now, humans and
//! bots at one table, played through the engine's rules.
//!
//! - [`setup`]: seats, bots and the seed;
//! - [`session`]: the game itself, free of widgets (state, seats, recording,
//!   log, hidden information, bot moves on a worker thread);
//! - [`turn`]: a human's decision, offering only the engine's legal actions;
//! - [`map`]: the game drawn over the map;
//! - [`score`]: scoreboard, final breakdown and log;
//! - [`replay`]: saved games stepped through forwards and backwards.

pub mod map;
pub mod replay;
pub mod score;
pub mod session;
pub mod setup;
pub mod turn;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui::{Color32, Context, RichText, Ui};
use engine::game::Seat;

use super::canvas::paint::Overlay;
use super::document::Document;
use super::panels::labelled;
use super::selection::Obj;
use super::studio::Studio;
use replay::ReplayView;
use session::{Session, seat_name};
use setup::SetupForm;
use turn::TurnUi;

/// The bot that takes the human seats when asked to.
const TAKE_OVER_BOT: &str = "route-focus";

/// The Play window's state.
#[derive(Default)]
pub struct PlayWindow {
    /// Whether the window is shown.
    pub open: bool,
    /// The table for the next game.
    pub setup: SetupForm,
    /// The game being played.
    pub session: Option<Session>,
    /// The replay being viewed.
    pub replay: Option<ReplayView>,
    /// What the human has picked but not played.
    pub turn: TurnUi,
    /// Where replays are saved and opened from, as typed.
    pub replay_path: String,
    /// The last error of the window.
    pub message: Option<String>,
    /// The last notice (a replay saved).
    pub notice: Option<String>,
    /// The design's version the game was dealt on; after an edit the map
    /// no longer matches the game's board.
    generation: u64,
    /// The design was edited since the game started.
    stale: bool,
    /// The open routes' faded colours for the game's map.
    faded: HashMap<usize, Color32>,
}

impl PlayWindow {
    /// Is a game on the table? The map is then the game's board: editing
    /// shortcuts and tools are off.
    pub fn in_game(&self) -> bool {
        self.open && (self.session.is_some() || self.replay.is_some())
    }

    /// What the game draws over the map.
    pub fn overlay(&self) -> Option<Overlay> {
        if !self.in_game() {
            return None;
        }
        if let Some(s) = &self.session {
            let mut o = map::session_overlay(s, &self.faded);
            if s.pass_to().is_none() && s.human_to_move().is_some() {
                if let Some(r) = self.turn.route {
                    o.lit_routes.insert(r.index());
                    o.route_weights.insert(r.index(), 2.5);
                }
                if let Some(c) = self.turn.city {
                    o.lit_cities.insert(c.index());
                }
            }
            return Some(o);
        }
        self.replay.as_ref().map(ReplayView::overlay)
    }

    /// The map was clicked during a game: a route to claim or a city for a
    /// station, if the human to move may.
    pub fn map_clicked(&mut self, obj: Obj) {
        let Some(s) = &self.session else { return };
        if self.stale || s.human_to_move().is_none() || s.pass_to().is_some() {
            return;
        }
        let legal = s.legal();
        self.message = self.turn.pick(s.state(), &legal, obj).err();
    }

    /// Starts a game on `design` with the setup's table.
    fn start(&mut self, doc: &Document, fallback_dir: &Path) {
        self.message = None;
        self.notice = None;
        let seed = match self.setup.seed() {
            Ok(s) => s,
            Err(e) => {
                self.message = Some(e);
                return;
            }
        };
        match Session::new(&doc.design, doc.path.as_deref(), self.setup.table(), seed) {
            Ok(s) => {
                self.replay_path = default_replay_path(doc, fallback_dir, seed)
                    .display()
                    .to_string();
                self.turn.clear();
                self.session = Some(s);
                self.generation = doc.generation();
                self.faded = map::faded_routes(&doc.design);
            }
            Err(e) => self.message = Some(e),
        }
    }

    /// The window's contents.
    fn ui(&mut self, ui: &mut Ui, doc: &Document, fallback_dir: &Path) {
        if let Some(m) = &self.message {
            ui.label(RichText::new(m).color(Color32::from_rgb(230, 110, 60)));
        }
        if let Some(n) = &self.notice {
            ui.label(n);
        }
        if self.session.is_some() {
            self.stale = doc.generation() != self.generation;
            if self.stale {
                ui.label(
                    RichText::new(
                        "The design was edited after the game started: the game goes on with \
                         the design as it was dealt; clicks on the map are ignored.",
                    )
                    .color(Color32::from_rgb(230, 110, 60)),
                );
            }
            self.game_ui(ui);
        } else if let Some(r) = &mut self.replay {
            if r.ui(ui) {
                self.replay = None;
            }
        } else {
            ui.label(format!("A game on {} as it is now.", doc.design.name));
            // An unreadable rules section is reported when the game starts.
            let range = formats::rules::resolve(&doc.design.rules, &doc.design.cards)
                .map_or((2, setup::MAX_SEATS), |(r, _)| {
                    (usize::from(r.players.min), usize::from(r.players.max))
                });
            if self.setup.ui(ui, range) {
                self.start(doc, fallback_dir);
            }
            ui.separator();
            self.open_replay_ui(ui, doc, fallback_dir);
        }
    }

    fn open_replay_ui(&mut self, ui: &mut Ui, doc: &Document, fallback_dir: &Path) {
        if self.replay_path.is_empty() {
            self.replay_path = default_replay_path(doc, fallback_dir, 1)
                .display()
                .to_string();
        }
        labelled(ui, "Replay path", |ui| {
            ui.add(egui::TextEdit::singleline(&mut self.replay_path).desired_width(300.0))
        });
        if ui.button("Open replay").clicked() {
            match ReplayView::open(Path::new(self.replay_path.trim())) {
                Ok(r) => {
                    self.replay = Some(r);
                    self.message = None;
                    self.notice = None;
                }
                Err(e) => self.message = Some(e),
            }
        }
    }

    fn game_ui(&mut self, ui: &mut Ui) {
        let Some(s) = &mut self.session else { return };
        let titles: Vec<String> = (0..s.players().len())
            .map(|i| s.title(Seat(i as u8)))
            .collect();
        let end = ui
            .horizontal(|ui| {
                let turn = if s.is_over() {
                    format!("{} turns", s.state().turns())
                } else {
                    format!("turn {}", s.state().turns() + 1)
                };
                ui.label(format!("Seed {} · {turn}", s.seed()));
                ui.button("End game").clicked()
            })
            .inner;
        if end {
            self.session = None;
            self.notice = None;
            self.turn.clear();
            return;
        }
        if let Some(e) = s.error() {
            ui.label(RichText::new(e).color(Color32::from_rgb(230, 110, 60)));
        }
        bot_controls(ui, s, &mut self.message);
        ui.separator();

        if s.is_over() {
            score::final_scores(ui, s.state(), &titles);
        } else if let Some(seat) = s.pass_to() {
            ui.add_space(8.0);
            ui.label(RichText::new(format!("Pass to {}", seat_name(seat))).heading());
            ui.label("The other players look away; the hand is shown after the click.");
            if ui
                .button(format!("I am {}: show my hand", seat_name(seat)))
                .clicked()
            {
                s.reveal();
                self.turn.clear();
                ui.ctx().request_discard("the screen was taken");
            }
            ui.add_space(8.0);
        } else if let Some(seat) = s.human_to_move() {
            ui.label(RichText::new(format!("{}'s turn", s.title(seat))).heading());
            turn::secrets(ui, s.state(), seat);
            ui.separator();
            turn::piles(ui, s.state());
            if let Some(a) = turn::ui(ui, s, &mut self.turn) {
                self.message = s.play(a).err();
                self.turn.route = None;
                self.turn.city = None;
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
            if let Some(v) = s.viewer() {
                turn::secrets(ui, s.state(), v);
            }
            turn::piles(ui, s.state());
        }
        ui.separator();
        score::scoreboard(ui, s.state(), &titles);
        ui.separator();
        let viewer = s.viewer();
        let lines: Vec<&str> = s.log().iter().map(|l| s.line_text(l, viewer)).collect();
        score::log_view(ui, "play-log", &lines);
        ui.separator();
        labelled(ui, "Replay path", |ui| {
            ui.add(egui::TextEdit::singleline(&mut self.replay_path).desired_width(300.0))
        });
        if ui.button("Save replay").clicked() {
            let path = PathBuf::from(self.replay_path.trim());
            match formats::replay::save_replay(&s.replay(), &path) {
                Ok(()) => {
                    self.notice = Some(format!("Saved the replay to {}.", path.display()));
                    self.message = None;
                }
                Err(e) => self.message = Some(format!("The replay was not saved: {e}")),
            }
        }
    }
}

/// Pause, step, delay, and handing the game to the bots.
fn bot_controls(ui: &mut Ui, s: &mut Session, message: &mut Option<String>) {
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
                .on_hover_text(format!("{TAKE_OVER_BOT} takes every human seat"))
                .clicked()
        {
            *message = s.bots_take_over(TAKE_OVER_BOT).err();
        }
    });
    let mut secs = s.delay.as_secs_f32();
    labelled(ui, "Bot delay (s)", |ui| {
        ui.add(egui::Slider::new(&mut secs, 0.0..=3.0))
    });
    s.delay = Duration::from_secs_f32(secs);
}

/// Next to the design file (or in `fallback_dir` for an unsaved design):
/// `<design>-replay-<seed>.yaml`.
pub fn default_replay_path(doc: &Document, fallback_dir: &Path, seed: u64) -> PathBuf {
    let (dir, stem) = match &doc.path {
        Some(p) => (
            p.parent()
                .map_or_else(|| fallback_dir.to_path_buf(), Path::to_path_buf),
            p.file_stem()
                .map_or("design".into(), |s| s.to_string_lossy().into_owned()),
        ),
        None => (fallback_dir.to_path_buf(), "design".to_owned()),
    };
    dir.join(format!("{stem}-replay-{seed}.yaml"))
}

impl Studio {
    /// Shows the Play window when it is open, and lets the bots move.
    pub(crate) fn play_window(&mut self, ctx: &Context) {
        if !self.play.open {
            return;
        }
        if let Some(s) = &mut self.play.session {
            if s.tick(Instant::now()) {
                ctx.request_repaint();
            }
            if s.bot_to_move() {
                ctx.request_repaint_after(Duration::from_millis(30));
            }
        }
        let mut open = true;
        let fallback = self.config.dirs.config.clone();
        let (play, doc) = (&mut self.play, &self.doc);
        egui::Window::new("Play")
            .open(&mut open)
            .default_pos([8.0, 64.0])
            .default_width(370.0)
            .default_height(760.0)
            .vscroll(true)
            .show(ctx, |ui| play.ui(ui, doc, &fallback));
        self.play.open = open;
    }
}
