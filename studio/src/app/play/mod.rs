//! The Play window: a hot-seat game on the design as it is now, humans and
//! bots at one table, played through the engine's rules, for any family.
//!
//! Written once for every family:
//! - [`setup`]: seats, bots and the seed;
//! - [`session`]: the game itself, free of widgets (state, seats, recording,
//!   log, hidden information, bot moves on a worker thread);
//! - [`table`]: the game on screen, and the one dispatch on the design's family;
//! - [`score`]: scoreboard, final scores and log;
//! - [`replay`]: saved games stepped through forwards and backwards.
//!
//! Owned by each family, behind [`family::PlayView`]: a human's turn
//! controls, the map overlay, the scoreboard's columns (the board game's in
//! [`board`]).

pub mod board;
pub mod card_game;
pub mod dice;
pub mod error;
pub mod family;
pub mod offer;
pub mod replay;
pub mod score;
pub mod session;
pub mod setup;
pub mod table;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui::{Color32, Context, Id, RichText, Ui};

use super::canvas::paint::Overlay;
use super::document::Document;
use super::families;
use super::panels::labelled;
use super::selection::Obj;
use super::simulate::ratings::BotRatings;
use super::studio::Studio;
use family::PlayView;
use replay::{ReplayScreen, ReplayView};
use session::Session;
use setup::SetupForm;
use table::{GameScreen, PlayGame};

/// The engine's words with a capital first letter, for a button.
pub fn capitalized(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The Play window's state.
#[derive(Default)]
pub struct PlayWindow {
    /// Whether the window is shown.
    pub open: bool,
    /// The table for the next game.
    pub setup: SetupForm,
    /// The game being played, of the design's family.
    game: Option<Box<dyn GameScreen>>,
    /// The replay being viewed, of its design's family.
    viewer: Option<Box<dyn ReplayScreen>>,
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
    /// Whether the panel was open, and a game on it, last frame: the map
    /// refits when either changes (its width or its contents did).
    was_docked: (bool, bool),
    /// Passes still to refit the map in: a pass that egui discards (new
    /// widgets being sized) lays the panels out before they settle, so the
    /// fit is repeated until they have.
    refits: u8,
}

impl PlayWindow {
    /// Another design was opened: the game, the replay, the form and the
    /// replay path belonged to the last one. The window stays open or
    /// closed as it was.
    pub fn follow_new_design(&mut self) {
        *self = PlayWindow {
            open: self.open,
            ..PlayWindow::default()
        };
    }

    /// Is a game on the table? The map is then the game's board: editing
    /// shortcuts and tools are off.
    pub fn in_game(&self) -> bool {
        self.open && (self.game.is_some() || self.viewer.is_some())
    }

    /// The game being played, if it is one of family `F`.
    pub fn game<F: PlayView>(&self) -> Option<&PlayGame<F>> {
        self.game.as_ref()?.as_any().downcast_ref()
    }

    /// The session being played, if it is one of family `F`.
    pub fn session<F: PlayView>(&self) -> Option<&Session<F>> {
        self.game::<F>().map(|g| &g.session)
    }

    /// The same, to change it (pause the bots, set their delay).
    pub fn session_mut<F: PlayView>(&mut self) -> Option<&mut Session<F>> {
        let game = self
            .game
            .as_mut()?
            .as_any_mut()
            .downcast_mut::<PlayGame<F>>()?;
        Some(&mut game.session)
    }

    /// The replay being viewed, if it is one of family `F`.
    pub fn replay<F: PlayView>(&self) -> Option<&ReplayView<F>> {
        self.viewer.as_ref()?.as_any().downcast_ref()
    }

    /// What the game draws over the map.
    pub fn overlay(&self) -> Option<Overlay> {
        if !self.in_game() {
            return None;
        }
        if let Some(g) = &self.game {
            return Some(g.overlay());
        }
        self.viewer.as_ref().map(|r| r.overlay())
    }

    /// During a game, the tickets to light on a map shown beside it (the
    /// card game's source map: the tickets of the player whose screen it
    /// is, never the editor's selection); `None` when no game is on.
    pub fn lit_tickets(&self) -> Option<Vec<usize>> {
        if !self.in_game() {
            return None;
        }
        Some(
            self.game
                .as_ref()
                .map(|g| g.lit_tickets())
                .unwrap_or_default(),
        )
    }

    /// The map was clicked during a game: what it names is picked for the
    /// human to move (a route to claim, a city for a station), if they may.
    pub fn map_clicked(&mut self, obj: Obj) {
        let Some(g) = &mut self.game else { return };
        if self.stale {
            return;
        }
        self.message = g.map_clicked(obj).err().map(|e| e.to_string());
    }

    /// Starts a game on `design` with the setup's table.
    fn start(&mut self, doc: &Document, fallback_dir: &Path) {
        self.message = None;
        self.notice = None;
        let seed = match self.setup.seed() {
            Ok(s) => s,
            Err(e) => {
                self.message = Some(e.to_string());
                return;
            }
        };
        match table::open(&doc.design, doc.path.as_deref(), self.setup.table(), seed) {
            Ok(g) => {
                self.replay_path = default_replay_path(doc, fallback_dir, seed)
                    .display()
                    .to_string();
                self.game = Some(g);
                self.generation = doc.generation();
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// The window's contents; `ratings` order the bots of the seat menus.
    fn ui(&mut self, ui: &mut Ui, doc: &Document, fallback_dir: &Path, ratings: &mut BotRatings) {
        if let Some(m) = &self.message {
            ui.label(RichText::new(m).color(Color32::from_rgb(230, 110, 60)));
        }
        if let Some(n) = &self.notice {
            ui.label(n);
        }
        if self.game.is_some() {
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
        } else if let Some(r) = &mut self.viewer {
            if r.ui(ui) {
                self.viewer = None;
            }
        } else {
            ui.label(format!("A game on {} as it is now.", doc.design.name));
            // An unreadable rules section is reported when the game starts.
            let range = formats::rules::player_range(&doc.design)
                .map_or((2, setup::MAX_SEATS), |r| {
                    (usize::from(r.min), usize::from(r.max))
                });
            let bots = families::bot_names(doc.design.family);
            let fallback = families::default_bots(doc.design.family).first().copied();
            ratings.ui(ui, &doc.design, doc.generation());
            let ladder = ratings.ladder(&doc.design, doc.generation());
            if self.setup.ui(ui, range, bots, ladder, fallback) {
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
            match replay::open(Path::new(self.replay_path.trim())) {
                Ok(r) => {
                    self.viewer = Some(r);
                    self.message = None;
                    self.notice = None;
                }
                Err(e) => self.message = Some(e.to_string()),
            }
        }
    }

    fn game_ui(&mut self, ui: &mut Ui) {
        let Some(g) = &mut self.game else { return };
        if g.ui(ui, &mut self.message) {
            self.game = None;
            self.notice = None;
            return;
        }
        ui.separator();
        labelled(ui, "Replay path", |ui| {
            ui.add(egui::TextEdit::singleline(&mut self.replay_path).desired_width(300.0))
        });
        if ui.button("Save replay").clicked() {
            let path = PathBuf::from(self.replay_path.trim());
            match formats::replay::save_replay(&g.replay(), &path) {
                Ok(()) => {
                    self.notice = Some(format!("Saved the replay to {}.", path.display()));
                    self.message = None;
                }
                Err(e) => self.message = Some(format!("The replay was not saved: {e}")),
            }
        }
    }
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

/// The Play panel's width: fixed, so it never grows with the log or the
/// hand, and the map beside it keeps its size.
pub const PLAY_WIDTH: f32 = 380.0;

/// Passes the map refits in after the Play panel opens, closes, or starts
/// or ends a game.
const REFIT_PASSES: u8 = 3;

/// The least width the map keeps beside the side panels and the Play panel.
pub const MAP_MIN_WIDTH: f32 = 480.0;

/// The narrowest a side panel is made to leave the map its width.
pub const SIDE_PANEL_LEAST: f32 = 180.0;

/// The widest a side panel may be, `wanted` at most, so that the map keeps
/// [`MAP_MIN_WIDTH`] beside it and `others` (the side panels still to come).
pub fn side_panel_max(ui: &Ui, wanted: f32, others: f32) -> f32 {
    (ui.available_width() - MAP_MIN_WIDTH - others)
        .min(wanted)
        .max(SIDE_PANEL_LEAST)
}

/// Where the studio notes the map's area on screen for the frame after:
/// what a family that draws its own map at the table (the dice game) may
/// cover without covering the Play panel.
fn map_area_id() -> Id {
    Id::unique("play-map-area")
}

/// Notes the map's area on screen (the studio's central area).
pub fn set_map_area(ctx: &Context, area: egui::Rect) {
    ctx.data_mut(|d| d.insert_temp(map_area_id(), area));
}

/// The map's area on screen as of the last frame.
pub fn map_area(ctx: &Context) -> Option<egui::Rect> {
    ctx.data(|d| d.get_temp(map_area_id()))
}

impl Studio {
    /// Shows the Play panel docked at the right of the map when it is open,
    /// and lets the bots move; the map refits when the panel opens or
    /// closes and when a game starts or ends.
    pub(crate) fn play_dock(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let docked = (self.play.open, self.play.in_game());
        if docked != self.play.was_docked {
            self.play.refits = REFIT_PASSES;
        }
        if self.play.refits > 0 {
            self.play.refits -= 1;
            self.canvas.zoom_to_fit();
            self.card_editor.source.zoom_to_fit();
            ctx.request_repaint();
        }
        self.play.was_docked = docked;
        if !self.play.open {
            return;
        }
        if let Some(g) = &mut self.play.game {
            if g.tick(Instant::now()) {
                ctx.request_repaint();
            }
            if g.bot_to_move() {
                ctx.request_repaint_after(Duration::from_millis(30));
            }
        }
        let mut open = true;
        let fallback = self.config.dirs.config.clone();
        let (play, doc, ratings) = (&mut self.play, &self.doc, &mut self.simulate.ratings);
        egui::Panel::right("play")
            .resizable(false)
            .exact_size(PLAY_WIDTH)
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.heading("Play");
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if ui.button("Close Play").clicked() {
                            open = false;
                        }
                    });
                });
                ui.separator();
                // Both ways: a wide table scrolls inside the panel instead
                // of widening it over the map's side panels.
                egui::ScrollArea::both()
                    .id_salt("play")
                    .auto_shrink([false, false])
                    .show(ui, |ui| play.ui(ui, doc, &fallback, ratings));
            });
        self.play.open = open;
    }
}
