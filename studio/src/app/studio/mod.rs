//! The studio window: the document and everything around it (selection,
//! canvas, panels, validation, files, playtest windows).
//!
//! This module holds the state and starts it; the jobs are in submodules:
//! `layout` (the panels and status bar of one frame), `menus` and
//! `toolbar`, `new_design` (File → New's dialog), `commands` (what each [`UICommand`](super::command::UICommand)
//! does, and the shortcuts), `file_ops` (open, save, recent files,
//! autosave), `editing` (undo, delete, duplicate, lock, nudge), `dialogs`,
//! the `background` image editor and the `windows` over the studio.

mod background;
mod commands;
mod dialogs;
mod editing;
mod file_ops;
mod layout;
mod menus;
mod new_design;
mod toolbar;
mod windows;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::Ui;

use super::balance::BalanceWindow;
use super::canvas::Canvas;
use super::card_editor::CardEditor;
use super::compare::CompareView;
use super::document::Document;
use super::editor::Editor;
use super::families;
use super::files::{Recovery, Settings, StudioDirs};
use super::panels::cards::CardsPanel;
use super::panels::diagnostics::DiagnosticsPanel;
use super::panels::inspector::Inspector;
use super::panels::rules::RulesPanel;
use super::panels::search::Search;
use super::panels::stats::StatsPanel;
use super::panels::tables::{ObjectTable, TableKind};
use super::play::PlayWindow;
use super::selection::Selection;
use super::simulate::SimulateWindow;
use super::station_editor::StationEditor;
use super::validation::Validator;

pub use dialogs::Dialog;
pub use file_ops::{PathPurpose, Replace};
pub use layout::Tab;
pub use new_design::{NewDesign, NewDesignForm, PAPERS, Paper};

/// How often unsaved work is written to the recovery file.
pub const AUTOSAVE_EVERY: Duration = Duration::from_secs(30);

/// How the studio is started.
#[derive(Clone, Debug)]
pub struct StudioConfig {
    /// Where settings and the recovery file live.
    pub dirs: StudioDirs,
    /// The file to open (else the last one, else the bundled USA map).
    pub open: Option<PathBuf>,
    /// Use native file dialogs when a dialog service exists; tests turn
    /// them off and type paths.
    pub native_dialogs: bool,
    /// The autosave interval.
    pub autosave_every: Duration,
}

impl StudioConfig {
    /// The configuration of a normal run.
    pub fn from_env(open: Option<PathBuf>) -> Self {
        StudioConfig {
            dirs: StudioDirs::from_env(),
            open,
            native_dialogs: true,
            autosave_every: AUTOSAVE_EVERY,
        }
    }
}

/// The whole studio.
pub struct Studio {
    /// The open design.
    pub doc: Document,
    /// What is selected.
    pub selection: Selection,
    /// The map.
    pub canvas: Canvas,
    /// The side panel's tab.
    pub tab: Tab,
    /// Live validation.
    pub validator: Validator,
    /// Remembered between runs.
    pub settings: Settings,
    /// How the studio was started.
    pub config: StudioConfig,
    /// The dialog shown, if any.
    pub dialog: Option<Dialog>,
    /// The last status message.
    pub status: String,
    /// Whether the Search window is open.
    pub search_open: bool,
    /// Whether the Background window is open.
    pub background_open: bool,
    /// Whether the Keyboard shortcuts window is open.
    pub shortcuts_open: bool,
    /// The Play window: hot-seat games against bots.
    pub play: PlayWindow,
    /// The Simulate window: batch bot games and their report.
    pub simulate: SimulateWindow,
    /// The Compare window, while open.
    pub compare: Option<CompareView>,
    /// The Balance window: the balance search and its proposals.
    pub balance: BalanceWindow,
    /// The Build a deck window: ticket decks built for the map.
    pub deck: super::deck::DeckWindow,
    /// The Fit layout window: a proposed layout of the map.
    pub fit_layout: super::fit_layout::FitLayoutWindow,
    /// The editor of a card-game design (its panels and source map).
    pub card_editor: CardEditor,
    /// The station-map editor (dice designs).
    pub station_editor: StationEditor,
    pub(crate) tables: [ObjectTable; 3],
    pub(crate) inspector: Inspector,
    pub(crate) rules: RulesPanel,
    /// The Cards panel (its lit colour, from a colour finding).
    pub cards: CardsPanel,
    pub(crate) stats: StatsPanel,
    diagnostics: DiagnosticsPanel,
    search: Search,
    pub(crate) focus_name: bool,
    allow_close: bool,
    wants_close: bool,
    last_autosave: Instant,
    autosaved: Option<u64>,
    title: String,
}

/// The bundled USA map: beside the working directory, the executable, or
/// the source tree.
pub fn bundled_usa() -> Option<PathBuf> {
    let mut candidates = vec![PathBuf::from("maps/usa.yaml")];
    if let Ok(exe) = std::env::current_exe() {
        candidates.extend(exe.ancestors().skip(1).map(|d| d.join("maps/usa.yaml")));
    }
    candidates.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml"));
    candidates.into_iter().find(|p| p.is_file())
}

impl Studio {
    /// The editor of the open design's family.
    pub fn editor(&self) -> &'static dyn Editor {
        families::editor(self.doc.design.family)
    }

    /// Starts the studio; `ctx` is repainted when validation finishes.
    pub fn new(ctx: &egui::Context, config: StudioConfig) -> Self {
        let settings = Settings::load(&config.dirs);
        // Ctrl+plus and Ctrl+minus zoom the map; the interface's size is in
        // the View menu.
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
        crate::app::fonts::install(ctx);
        let wake_ctx = ctx.clone();
        let validator = Validator::start(Arc::new(move || wake_ctx.request_repaint()));
        let mut studio = Studio {
            doc: Document::new_design(),
            selection: Selection::default(),
            canvas: Canvas::default(),
            tab: Tab::Cities,
            validator,
            settings,
            config,
            dialog: None,
            status: String::new(),
            search_open: false,
            background_open: false,
            shortcuts_open: false,
            play: PlayWindow::default(),
            simulate: SimulateWindow::default(),
            compare: None,
            balance: BalanceWindow::default(),
            deck: Default::default(),
            fit_layout: Default::default(),
            card_editor: CardEditor::default(),
            station_editor: StationEditor::default(),
            tables: [
                ObjectTable::new(TableKind::Cities),
                ObjectTable::new(TableKind::Routes),
                ObjectTable::new(TableKind::Tickets),
            ],
            inspector: Inspector::default(),
            rules: RulesPanel::default(),
            cards: CardsPanel::default(),
            stats: StatsPanel::default(),
            diagnostics: DiagnosticsPanel::default(),
            search: Search::default(),
            focus_name: false,
            allow_close: false,
            wants_close: false,
            last_autosave: Instant::now(),
            autosaved: None,
            title: String::new(),
        };
        let start = studio
            .config
            .open
            .clone()
            .or_else(|| studio.settings.last.clone().filter(|p| p.is_file()))
            .or_else(bundled_usa);
        if let Some(path) = start {
            studio.open_path(&path);
        }
        if let Some(r) = Recovery::find(&studio.config.dirs) {
            studio.dialog = Some(Dialog::Recover(r));
        }
        studio
    }

    /// The window title: file name, a `*` for unsaved changes.
    pub fn title(&self) -> String {
        format!(
            "{}{} — Tracklayer",
            self.doc.title(),
            if self.doc.is_dirty() { " *" } else { "" }
        )
    }
}

impl eframe::App for Studio {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}
