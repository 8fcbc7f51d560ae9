//! The studio window: the document and everything around it (selection,
//! canvas, panels, validation, files), laid out as menus, a toolbar, side
//! panels and the map, plus the dialogs that ask before work is lost.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::{
    Button, Color32, Key, KeyboardShortcut, Modifiers, RichText, TextEdit, Ui, ViewportCommand,
};

use super::canvas::{Canvas, CanvasInput, Tool};
use super::document::Document;
use super::edit;
use super::files::{self, Recovery, Settings, StudioDirs};
use super::panels::cards::CardsPanel;
use super::panels::diagnostics::{self, DiagnosticClick, DiagnosticsPanel};
use super::panels::inspector::Inspector;
use super::panels::labelled;
use super::panels::rules::RulesPanel;
use super::panels::search::Search;
use super::panels::stats::StatsPanel;
use super::panels::tables::{ObjectTable, TableKind};
use super::play::PlayWindow;
use super::selection::{Obj, Selection};
use super::simulate::SimulateWindow;
use super::validation::Validator;

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

/// The side panel's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    /// The Cities table.
    Cities,
    /// The Routes table.
    Routes,
    /// The Tickets table.
    Tickets,
    /// Rule parameters.
    Rules,
    /// The deck.
    Cards,
    /// Statistics.
    Statistics,
}

impl Tab {
    const ALL: [Tab; 6] = [
        Tab::Cities,
        Tab::Routes,
        Tab::Tickets,
        Tab::Rules,
        Tab::Cards,
        Tab::Statistics,
    ];

    fn label(self) -> &'static str {
        match self {
            Tab::Cities => "Cities",
            Tab::Routes => "Routes",
            Tab::Tickets => "Tickets",
            Tab::Rules => "Rules",
            Tab::Cards => "Cards",
            Tab::Statistics => "Statistics",
        }
    }
}

/// Something that replaces or closes the document, asked about first when
/// there are unsaved changes.
#[derive(Clone, Debug, PartialEq)]
pub enum Replace {
    /// A new, empty design.
    New,
    /// Open a file (ask for one when `None`).
    Open(Option<PathBuf>),
    /// Close the window.
    Quit,
}

/// What a typed path is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathPurpose {
    /// Open a design.
    Open,
    /// Save the design under a new name.
    SaveAs,
    /// Choose a background image.
    Background,
}

/// A dialog in front of the studio.
#[derive(Clone, Debug)]
pub enum Dialog {
    /// Unsaved changes: save, discard or cancel before `Replace`.
    Unsaved(Replace),
    /// Type a path (no native dialog, or asked for).
    TypedPath {
        /// What for.
        purpose: PathPurpose,
        /// The text so far.
        text: String,
        /// Why there is no native dialog, when that is the reason.
        note: Option<String>,
    },
    /// A recovery file from a session that did not close cleanly.
    Recover(Recovery),
    /// A message with an OK button (load and save errors).
    Message {
        /// Window title.
        title: String,
        /// What happened.
        text: String,
    },
}

/// What a dialog's button does once the dialog is gone.
type Followup = Box<dyn FnOnce(&mut Studio)>;

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
    /// The Play window: hot-seat games against bots.
    pub play: PlayWindow,
    /// The Simulate window: batch bot games and their report.
    pub simulate: SimulateWindow,
    tables: [ObjectTable; 3],
    inspector: Inspector,
    rules: RulesPanel,
    cards: CardsPanel,
    stats: StatsPanel,
    diagnostics: DiagnosticsPanel,
    search: Search,
    focus_name: bool,
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
    /// Starts the studio; `ctx` is repainted when validation finishes.
    pub fn new(ctx: &egui::Context, config: StudioConfig) -> Self {
        let settings = Settings::load(&config.dirs);
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
            play: PlayWindow::default(),
            simulate: SimulateWindow::default(),
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

    /// Opens a file; on failure the current document stays and the error,
    /// with its line and column, is shown.
    pub fn open_path(&mut self, path: &Path) -> bool {
        match Document::open(path) {
            Ok(doc) => {
                self.set_document(doc);
                self.settings.opened(path);
                if let Err(e) = self.settings.store(&self.config.dirs) {
                    self.status = format!("Could not remember recent files: {e}");
                } else {
                    self.status = format!("Opened {}.", path.display());
                }
                true
            }
            Err(e) => {
                self.dialog = Some(Dialog::Message {
                    title: "Could not open the file".into(),
                    text: format!(
                        "{}: {}\n\nThe file was not opened and will not be written to; the current design stays open.",
                        e.location(),
                        e.kind
                    ),
                });
                self.status = format!("{} did not load.", path.display());
                false
            }
        }
    }

    fn set_document(&mut self, doc: Document) {
        self.doc = doc;
        self.selection.clear();
        self.canvas.reset();
        self.inspector = Inspector::default();
        self.autosaved = None;
    }

    /// Replaces or closes the document, asking first if that loses changes.
    pub fn request(&mut self, what: Replace) {
        if self.doc.is_dirty() {
            self.dialog = Some(Dialog::Unsaved(what));
        } else {
            self.perform(what);
        }
    }

    fn perform(&mut self, what: Replace) {
        match what {
            Replace::New => {
                self.set_document(Document::new_design());
                self.status = "New design.".into();
            }
            Replace::Open(Some(p)) => {
                self.open_path(&p);
            }
            Replace::Open(None) => {
                if let Some(p) = self.ask_path(PathPurpose::Open) {
                    self.open_path(&p);
                }
            }
            Replace::Quit => {
                Recovery::clear(&self.config.dirs);
                self.allow_close = true;
                self.remember_last();
                self.wants_close = true;
            }
        }
    }

    fn remember_last(&mut self) {
        if let Some(p) = self.doc.path.clone() {
            self.settings.opened(&p);
            let _ = self.settings.store(&self.config.dirs);
        }
    }

    /// A path from the native dialog; where there is none, opens the typed
    /// path dialog and returns `None`.
    fn ask_path(&mut self, purpose: PathPurpose) -> Option<PathBuf> {
        if self.config.native_dialogs && files::dialogs_available() {
            return match purpose {
                PathPurpose::Open => files::pick_open(self.doc.path.as_deref()),
                PathPurpose::SaveAs => files::pick_save(self.doc.path.as_deref()),
                PathPurpose::Background => files::pick_image(),
            };
        }
        let note = self.config.native_dialogs.then(|| {
            "No file dialog is available here (no desktop portal, zenity or kdialog). Type the path instead.".to_owned()
        });
        self.dialog = Some(Dialog::TypedPath {
            purpose,
            text: self
                .doc
                .path
                .as_ref()
                .filter(|_| purpose == PathPurpose::SaveAs)
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            note,
        });
        None
    }

    /// Saves to the document's file (or asks where); returns whether it saved.
    pub fn save(&mut self) -> bool {
        match self.doc.path.clone() {
            Some(p) => self.save_to(&p),
            None => {
                self.save_as();
                false
            }
        }
    }

    /// Asks where to save, then saves.
    pub fn save_as(&mut self) {
        if let Some(p) = self.ask_path(PathPurpose::SaveAs) {
            self.save_to(&p);
        }
    }

    /// Saves to `path`, keeping the previous version as `.bak`.
    pub fn save_to(&mut self, path: &Path) -> bool {
        match files::save_document(&mut self.doc, path) {
            Ok(()) => {
                Recovery::clear(&self.config.dirs);
                self.autosaved = None;
                self.settings.opened(path);
                let _ = self.settings.store(&self.config.dirs);
                self.status = format!("Saved {}.", path.display());
                true
            }
            Err(e) => {
                self.dialog = Some(Dialog::Message {
                    title: "Not saved".into(),
                    text: e.to_string(),
                });
                self.status = format!("{} was not saved.", path.display());
                false
            }
        }
    }

    /// Writes the recovery file now if there are unsaved changes not yet in it.
    pub fn autosave_now(&mut self) {
        self.last_autosave = Instant::now();
        if !self.doc.is_dirty() || self.autosaved == Some(self.doc.generation()) {
            return;
        }
        match Recovery::write(&self.doc, &self.config.dirs) {
            Ok(()) => self.autosaved = Some(self.doc.generation()),
            Err(e) => self.status = format!("Autosave failed: {e}"),
        }
    }

    /// Undoes the last change.
    pub fn undo(&mut self) {
        self.canvas.cancel(&mut self.doc);
        match self.doc.undo() {
            Some(l) => self.status = format!("Undid: {l}."),
            None => self.status = "Nothing to undo.".into(),
        }
        self.after_history_jump();
    }

    /// Redoes the last undone change.
    pub fn redo(&mut self) {
        self.canvas.cancel(&mut self.doc);
        match self.doc.redo() {
            Some(l) => self.status = format!("Redid: {l}."),
            None => self.status = "Nothing to redo.".into(),
        }
        self.after_history_jump();
    }

    fn after_history_jump(&mut self) {
        self.selection.retain_existing(&self.doc.design);
        self.inspector = Inspector::default();
    }

    /// Deletes the selection (a city takes its routes and tickets along).
    pub fn delete_selection(&mut self) {
        if self.selection.is_empty() {
            return;
        }
        let objs: Vec<Obj> = self.selection.iter().collect();
        self.doc.edit("Delete", |d| edit::delete(d, &objs));
        self.selection.clear();
        self.status = format!("Deleted {} objects.", objs.len());
    }

    /// Duplicates the selection and selects the copies.
    pub fn duplicate_selection(&mut self) {
        let objs: Vec<Obj> = self.selection.iter().collect();
        if objs.is_empty() {
            return;
        }
        let copies = self.doc.edit("Duplicate", |d| edit::duplicate(d, &objs));
        self.selection.set(copies);
    }

    /// Locks the selected cities (or unlocks them when all are locked).
    pub fn toggle_lock(&mut self) {
        let cities = self.selection.cities();
        if cities.is_empty() {
            return;
        }
        let all = cities
            .iter()
            .all(|&i| self.doc.design.cities.get(i).is_some_and(|c| c.locked));
        self.doc.edit(if all { "Unlock" } else { "Lock" }, |d| {
            for &i in &cities {
                if let Some(c) = d.cities.get_mut(i) {
                    c.locked = !all;
                }
            }
        });
    }

    pub(crate) fn select_and_reveal(&mut self, objs: Vec<Obj>, add: bool) {
        if !add {
            self.selection.clear();
        }
        for o in &objs {
            self.selection.add(*o);
        }
        self.canvas.reveal(&self.doc, &objs);
    }

    fn shortcuts(&mut self, ctx: &egui::Context) {
        let cmd = |k| KeyboardShortcut::new(Modifiers::COMMAND, k);
        let cmd_shift = |k| KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, k);
        let consume = |s: KeyboardShortcut| ctx.input_mut(|i| i.consume_shortcut(&s));
        if consume(cmd_shift(Key::Z)) || consume(cmd(Key::Y)) {
            self.redo();
        }
        if consume(cmd(Key::Z)) {
            self.undo();
        }
        if consume(cmd_shift(Key::S)) {
            self.save_as();
        }
        if consume(cmd(Key::S)) {
            self.save();
        }
        if consume(cmd(Key::O)) {
            self.request(Replace::Open(None));
        }
        if consume(cmd(Key::N)) {
            self.request(Replace::New);
        }
        if consume(cmd(Key::F)) {
            self.search_open = true;
            self.search.focus = true;
        }
        if ctx.egui_wants_keyboard_input() || self.dialog.is_some() {
            return;
        }
        if consume(cmd(Key::D)) {
            self.duplicate_selection();
        }
        let plain = |k| KeyboardShortcut::new(Modifiers::NONE, k);
        if consume(plain(Key::Escape)) && !self.canvas.cancel(&mut self.doc) {
            self.selection.clear();
        }
        if consume(plain(Key::Delete)) || consume(plain(Key::Backspace)) {
            self.delete_selection();
        }
        if consume(plain(Key::Enter)) && self.canvas.tool == Tool::Region {
            self.canvas
                .finish_region(&mut self.doc, &mut self.selection);
        }
        for t in Tool::ALL {
            if consume(plain(t.key())) {
                self.canvas.set_tool(t, &mut self.doc);
            }
        }
        if consume(plain(Key::F)) {
            self.canvas.zoom_to_fit();
        }
        if consume(plain(Key::L)) {
            self.toggle_lock();
        }
        let step = if ctx.input(|i| i.modifiers.shift) {
            10.0
        } else {
            1.0
        };
        let mut nudge = formats::Point { x: 0.0, y: 0.0 };
        ctx.input_mut(|i| {
            for (k, dx, dy) in [
                (Key::ArrowLeft, -1.0, 0.0),
                (Key::ArrowRight, 1.0, 0.0),
                (Key::ArrowUp, 0.0, -1.0),
                (Key::ArrowDown, 0.0, 1.0),
            ] {
                for m in [Modifiers::NONE, Modifiers::SHIFT] {
                    if i.consume_key(m, k) {
                        nudge.x += dx * step;
                        nudge.y += dy * step;
                    }
                }
            }
        });
        let cities = self.selection.cities();
        if (nudge.x != 0.0 || nudge.y != 0.0) && !cities.is_empty() {
            self.doc.edit_merging("Nudge", "nudge", |d| {
                edit::move_cities(d, &cities, nudge);
                edit::settle_cities(d, &cities, None);
            });
        }
    }

    /// Shows one frame of the studio.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.validator.poll();
        self.validator
            .submit(self.doc.generation(), &self.doc.design);
        self.handle_window_events(&ctx);
        if !self.play.in_game() {
            self.shortcuts(&ctx);
        }
        // A game on the table draws its board; otherwise simulation results.
        self.canvas.overlay = self
            .play
            .overlay()
            .or_else(|| self.simulate.overlay())
            .unwrap_or_default();
        self.canvas.read_only = self.play.in_game();

        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| self.menus(ui));
            self.toolbar(ui);
        });
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new(self.canvas.tool.hint()).weak());
                ui.separator();
                ui.label(&self.status);
            });
        });
        egui::Panel::left("tables")
            .resizable(true)
            .default_size(400.0)
            .max_size(640.0)
            .show(ui, |ui| self.side_panel(ui));
        egui::Panel::right("inspector")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("inspector")
                    .show(ui, |ui| {
                        let focus = std::mem::take(&mut self.focus_name);
                        if let Some(s) =
                            self.inspector.ui(ui, &mut self.doc, &self.selection, focus)
                        {
                            self.status = s;
                        }
                    });
            });
        egui::Panel::bottom("diagnostics")
            .resizable(true)
            .default_size(170.0)
            .show(ui, |ui| {
                ui.heading("Diagnostics");
                let busy = self.validator.busy();
                if let Some(click) = self.diagnostics.ui(ui, self.validator.latest(), busy) {
                    match click {
                        DiagnosticClick::Objects(objs) => self.select_and_reveal(objs, false),
                        DiagnosticClick::Rules => self.tab = Tab::Rules,
                    }
                }
            });
        egui::CentralPanel::no_frame().show(ui, |ui| {
            let report = self.validator.latest();
            let marks = diagnostics::marks(report, &self.doc.design);
            let out = self.canvas.ui(
                ui,
                CanvasInput {
                    doc: &mut self.doc,
                    selection: &mut self.selection,
                    marks: &marks,
                },
            );
            if out.focus_name {
                self.focus_name = true;
            }
            if let Some(s) = out.status {
                self.status = s;
            }
            if let Some(o) = out.clicked {
                self.play.map_clicked(o);
            }
        });
        self.windows(&ctx);
        self.dialogs(&ctx);
        self.autosave_tick(&ctx);
        let title = self.title();
        if title != self.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if self.wants_close {
            self.wants_close = false;
            ctx.send_viewport_cmd(ViewportCommand::Close);
        }
    }

    fn handle_window_events(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close {
            if self.doc.is_dirty() {
                ctx.send_viewport_cmd(ViewportCommand::CancelClose);
                self.dialog = Some(Dialog::Unsaved(Replace::Quit));
            } else {
                Recovery::clear(&self.config.dirs);
                self.remember_last();
            }
        }
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if let Some(p) = dropped.into_iter().next() {
            self.request(Replace::Open(Some(p)));
        }
    }

    fn autosave_tick(&mut self, ctx: &egui::Context) {
        if !self.doc.is_dirty() {
            // Undone back to the saved state: nothing left to recover.
            if self.autosaved.take().is_some() {
                Recovery::clear(&self.config.dirs);
            }
            return;
        }
        let due = self.last_autosave + self.config.autosave_every;
        let now = Instant::now();
        if now >= due {
            self.autosave_now();
        } else {
            ctx.request_repaint_after(due - now);
        }
    }

    fn menus(&mut self, ui: &mut Ui) {
        ui.menu_button("File", |ui| {
            if ui.button("New").clicked() {
                self.request(Replace::New);
            }
            if ui.button("Open…").clicked() {
                self.request(Replace::Open(None));
            }
            if ui.button("Open path…").clicked() {
                self.dialog = Some(Dialog::TypedPath {
                    purpose: PathPurpose::Open,
                    text: String::new(),
                    note: None,
                });
            }
            ui.menu_button("Open recent", |ui| {
                if self.settings.recent.is_empty() {
                    ui.label("No recent files.");
                }
                for p in self.settings.recent.clone() {
                    if ui.button(p.display().to_string()).clicked() {
                        self.request(Replace::Open(Some(p)));
                    }
                }
            });
            ui.separator();
            if ui.button("Save").clicked() {
                self.save();
            }
            if ui.button("Save As…").clicked() {
                self.save_as();
            }
            if ui.button("Save to path…").clicked() {
                self.dialog = Some(Dialog::TypedPath {
                    purpose: PathPurpose::SaveAs,
                    text: self
                        .doc
                        .path
                        .as_ref()
                        .map(|p| p.display().to_string())
                        .unwrap_or_default(),
                    note: None,
                });
            }
            ui.separator();
            if ui.button("Quit").clicked() {
                self.request(Replace::Quit);
            }
        });
        ui.menu_button("Edit", |ui| {
            let undo = self.doc.history().undo_label().map(|l| format!("Undo {l}"));
            if ui
                .add_enabled(
                    undo.is_some(),
                    Button::new(undo.as_deref().unwrap_or("Undo")),
                )
                .clicked()
            {
                self.undo();
            }
            let redo = self.doc.history().redo_label().map(|l| format!("Redo {l}"));
            if ui
                .add_enabled(
                    redo.is_some(),
                    Button::new(redo.as_deref().unwrap_or("Redo")),
                )
                .clicked()
            {
                self.redo();
            }
            ui.separator();
            if ui.button("Delete").clicked() {
                self.delete_selection();
            }
            if ui.button("Duplicate").clicked() {
                self.duplicate_selection();
            }
            if ui.button("Lock or unlock positions").clicked() {
                self.toggle_lock();
            }
            if ui.button("Search…").clicked() {
                self.search_open = true;
                self.search.focus = true;
            }
        });
        ui.menu_button("View", |ui| {
            if ui.button("Zoom to fit").clicked() {
                self.canvas.zoom_to_fit();
            }
            ui.checkbox(&mut self.canvas.show_grid, "Show grid");
            ui.checkbox(&mut self.canvas.snap, "Snap to grid");
            labelled(ui, "Grid step (mm)", |ui| {
                ui.add(egui::DragValue::new(&mut self.canvas.grid_step).range(1.0..=100.0))
            });
            if ui.button("Background image…").clicked() {
                self.background_open = true;
            }
        });
        ui.menu_button("Playtest", |ui| {
            if ui.button("Play a game…").clicked() {
                self.play.open = true;
            }
            if ui.button("Simulate…").clicked() {
                self.simulate.open = true;
            }
        });
    }

    fn toolbar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            for t in Tool::ALL {
                let b = ui
                    .add(Button::selectable(self.canvas.tool == t, t.label()))
                    .on_hover_text(format!("{} ({:?})", t.hint(), t.key()));
                if b.clicked() {
                    self.canvas.set_tool(t, &mut self.doc);
                }
            }
            ui.separator();
            if ui.button("Zoom to fit").on_hover_text("F").clicked() {
                self.canvas.zoom_to_fit();
            }
            if ui
                .add_enabled(
                    self.doc.history().undo_label().is_some(),
                    Button::new("Undo"),
                )
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(
                    self.doc.history().redo_label().is_some(),
                    Button::new("Redo"),
                )
                .on_hover_text("Ctrl+Shift+Z or Ctrl+Y")
                .clicked()
            {
                self.redo();
            }
            if ui
                .add_enabled(!self.selection.is_empty(), Button::new("Delete selection"))
                .on_hover_text("Delete")
                .clicked()
            {
                self.delete_selection();
            }
            if ui
                .add_enabled(
                    !self.selection.is_empty(),
                    Button::new("Duplicate selection"),
                )
                .on_hover_text("Ctrl+D")
                .clicked()
            {
                self.duplicate_selection();
            }
            if ui
                .add_enabled(!self.selection.cities().is_empty(), Button::new("Lock"))
                .on_hover_text("L: lock or unlock the selected cities' positions")
                .clicked()
            {
                self.toggle_lock();
            }
            if ui.button("Search").on_hover_text("Ctrl+F").clicked() {
                self.search_open = true;
                self.search.focus = true;
            }
        });
    }

    fn side_panel(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            for t in Tab::ALL {
                if ui
                    .add(Button::selectable(self.tab == t, t.label()))
                    .clicked()
                {
                    self.tab = t;
                }
            }
        });
        ui.separator();
        let generation = self.doc.generation();
        let table = match self.tab {
            Tab::Cities => Some(0),
            Tab::Routes => Some(1),
            Tab::Tickets => Some(2),
            _ => None,
        };
        if let Some(k) = table {
            if let Some(click) =
                self.tables[k].ui(ui, &self.doc.design, generation, &self.selection)
            {
                if click.add {
                    self.selection.toggle(click.obj);
                } else {
                    self.select_and_reveal(vec![click.obj], false);
                }
            }
            return;
        }
        match self.tab {
            Tab::Rules => self.rules.ui(ui, &mut self.doc),
            Tab::Cards => self.cards.ui(ui, &mut self.doc),
            Tab::Statistics => self.stats.ui(ui, &self.doc),
            _ => {}
        }
    }

    fn windows(&mut self, ctx: &egui::Context) {
        self.play_window(ctx);
        self.simulate_window(ctx);
        if self.search_open {
            let mut open = true;
            let mut picked = None;
            egui::Window::new("Search")
                .open(&mut open)
                .default_width(320.0)
                .show(ctx, |ui| picked = self.search.ui(ui, &self.doc.design));
            if let Some(o) = picked {
                self.select_and_reveal(vec![o], false);
            }
            self.search_open = open;
        }
        if self.background_open {
            let mut open = true;
            let mut choose = false;
            egui::Window::new("Background image")
                .open(&mut open)
                .show(ctx, |ui| choose = self.background_ui(ui));
            self.background_open = open;
            if choose && let Some(p) = self.ask_path(PathPurpose::Background) {
                self.set_background(&p);
            }
        }
    }

    /// Shows the background settings; returns whether to choose an image.
    fn background_ui(&mut self, ui: &mut Ui) -> bool {
        let choose = ui.button("Choose image…").clicked();
        let Some(bg) = self.doc.design.terrain.background.clone() else {
            ui.label("No background image. A PNG or JPEG under the map helps to trace a board.");
            return choose;
        };
        ui.label(format!("Image: {}", bg.image));
        if let Some(e) = self.canvas.background_error() {
            ui.colored_label(Color32::from_rgb(220, 50, 50), e);
        }
        let mut b = bg.clone();
        ui.add_enabled_ui(!bg.locked, |ui| {
            labelled(ui, "Left (mm)", |ui| {
                ui.add(egui::DragValue::new(&mut b.x).speed(1.0))
            });
            labelled(ui, "Top (mm)", |ui| {
                ui.add(egui::DragValue::new(&mut b.y).speed(1.0))
            });
            labelled(ui, "Millimetres per pixel", |ui| {
                ui.add(
                    egui::DragValue::new(&mut b.scale)
                        .speed(0.005)
                        .range(0.001..=100.0),
                )
            });
            ui.label(RichText::new("Alt+drag on the map moves an unlocked image.").weak());
        });
        labelled(ui, "Opacity", |ui| {
            ui.add(egui::Slider::new(&mut b.opacity, 0.0..=1.0))
        });
        ui.checkbox(&mut b.locked, "Lock background");
        let remove = ui.button("Remove background").clicked();
        if remove {
            self.doc
                .edit("Remove background", |d| d.terrain.background = None);
        } else if b != bg {
            self.doc
                .edit_merging("Adjust background", "background", |d| {
                    d.terrain.background = Some(b)
                });
        }
        choose
    }

    fn set_background(&mut self, image: &Path) {
        let rel = self
            .doc
            .path
            .as_deref()
            .and_then(Path::parent)
            .and_then(|dir| image.strip_prefix(dir).ok())
            .unwrap_or(image)
            .to_string_lossy()
            .into_owned();
        self.doc.edit("Set background", |d| {
            let old = d.terrain.background.take();
            d.terrain.background = Some(formats::Background {
                image: rel,
                x: old.as_ref().map_or(0.0, |b| b.x),
                y: old.as_ref().map_or(0.0, |b| b.y),
                scale: old.as_ref().map_or(1.0, |b| b.scale),
                opacity: old.as_ref().map_or(0.5, |b| b.opacity),
                locked: false,
                extra: Default::default(),
            });
        });
    }

    fn dialogs(&mut self, ctx: &egui::Context) {
        let Some(dialog) = self.dialog.take() else {
            return;
        };
        let mut keep = true;
        let mut then: Option<Followup> = None;
        let dialog = match dialog {
            Dialog::Unsaved(what) => {
                egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
                    ui.heading("Unsaved changes");
                    ui.label(format!(
                        "{} has changes that are not saved. Save them first?",
                        self.doc.title()
                    ));
                    ui.horizontal(|ui| {
                        if ui.button("Save").clicked() {
                            keep = false;
                            let w = what.clone();
                            then = Some(Box::new(move |s: &mut Studio| {
                                if s.save() {
                                    s.perform(w);
                                }
                            }));
                        }
                        if ui.button("Discard changes").clicked() {
                            keep = false;
                            let w = what.clone();
                            then = Some(Box::new(move |s: &mut Studio| s.perform(w)));
                        }
                        if ui.button("Cancel").clicked() {
                            keep = false;
                        }
                    });
                });
                Dialog::Unsaved(what)
            }
            Dialog::TypedPath {
                purpose,
                mut text,
                note,
            } => {
                let title = match purpose {
                    PathPurpose::Open => "Open a design",
                    PathPurpose::SaveAs => "Save the design as",
                    PathPurpose::Background => "Choose a background image",
                };
                egui::Modal::new(egui::Id::unique("typed-path")).show(ctx, |ui| {
                    ui.heading(title);
                    if let Some(n) = &note {
                        ui.label(n);
                    }
                    let r = labelled(ui, "Path", |ui| {
                        ui.add(TextEdit::singleline(&mut text).desired_width(420.0))
                    });
                    if ui.memory(|m| m.focused().is_none()) {
                        r.request_focus();
                    }
                    let enter = r.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
                    ui.horizontal(|ui| {
                        let ok = match purpose {
                            PathPurpose::Open => "Open",
                            PathPurpose::SaveAs => "Save",
                            PathPurpose::Background => "Use image",
                        };
                        if (ui.button(ok).clicked() || enter) && !text.trim().is_empty() {
                            keep = false;
                            let p = PathBuf::from(text.trim());
                            then = Some(Box::new(move |s: &mut Studio| match purpose {
                                PathPurpose::Open => {
                                    s.open_path(&p);
                                }
                                PathPurpose::SaveAs => {
                                    s.save_to(&p);
                                }
                                PathPurpose::Background => s.set_background(&p),
                            }));
                        }
                        if ui.button("Cancel").clicked() {
                            keep = false;
                        }
                    });
                });
                Dialog::TypedPath {
                    purpose,
                    text,
                    note,
                }
            }
            Dialog::Recover(r) => {
                egui::Modal::new(egui::Id::unique("recover")).show(ctx, |ui| {
                    ui.heading("Recover unsaved work?");
                    ui.label(format!(
                        "Tracklayer did not close cleanly last time. Unsaved changes to {} were kept.",
                        r.path
                            .as_ref()
                            .map_or("a new design".to_owned(), |p| p.display().to_string())
                    ));
                    ui.horizontal(|ui| {
                        if ui.button("Recover").clicked() {
                            keep = false;
                            let rec = r.clone();
                            then = Some(Box::new(move |s: &mut Studio| {
                                match rec.into_document() {
                                    Ok(doc) => {
                                        s.set_document(doc);
                                        s.status = "Recovered unsaved work; save it to keep it.".into();
                                    }
                                    Err(e) => s.status = e,
                                }
                            }));
                        }
                        if ui.button("Discard recovered work").clicked() {
                            keep = false;
                            then = Some(Box::new(|s: &mut Studio| Recovery::clear(&s.config.dirs)));
                        }
                    });
                });
                Dialog::Recover(r)
            }
            Dialog::Message { title, text } => {
                egui::Modal::new(egui::Id::unique("message")).show(ctx, |ui| {
                    ui.heading(&title);
                    ui.label(&text);
                    if ui.button("OK").clicked() {
                        keep = false;
                    }
                });
                Dialog::Message { title, text }
            }
        };
        if keep {
            self.dialog = Some(dialog);
        }
        if let Some(f) = then {
            f(self);
        }
    }
}

impl eframe::App for Studio {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}
