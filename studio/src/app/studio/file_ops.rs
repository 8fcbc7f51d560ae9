//! Files: opening, saving (atomically, with a backup), save as, recent files,
//! the autosave to the recovery file, and the window's close and drop events.

use std::path::{Path, PathBuf};
use std::time::Instant;

use egui::ViewportCommand;

use super::super::compare::CompareView;
use super::super::document::Document;
use super::super::files::{self, Recovery};
use super::super::panels::inspector::Inspector;
use super::{Dialog, Studio};
use crate::drawing::paper::Paper;
use crate::drawing::svg::{BoardImage, BoardStyle, board_file};
use crate::export::stamp::Stamp;

/// Why an export from the studio was not made (shown in a message; nothing
/// else changes).
#[derive(Debug, thiserror::Error)]
pub(super) enum NotExported {
    /// The target is refused (the open design's own file, …).
    #[error("{0}")]
    Target(#[from] formats::OutputError),
    /// The design has errors, so nothing can be printed from it.
    #[error(
        "The design has {}, so its cards cannot be made: fix them first (see the diagnostics panel).",
        engine::words::count(*.0, "error")
    )]
    DesignErrors(usize),
    /// The board could not be drawn.
    #[error("{0}")]
    Draw(#[from] crate::drawing::DrawError),
    /// The print or the Tabletop Simulator set could not be made.
    #[error("{0}")]
    Make(#[from] crate::export::ExportError),
    /// The design could not be written as YAML, or a file not written.
    #[error("{0}")]
    Write(#[from] formats::SaveError),
}

/// Something that replaces or closes the document, asked about first when
/// there are unsaved changes.
#[derive(Clone, Debug, PartialEq)]
pub enum Replace {
    /// A new, empty design as File → New chose it.
    New(super::NewDesign),
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
    /// An SVG file to draw the board into.
    ExportSvg,
    /// A PNG file to draw the board into.
    ExportPng,
    /// A PDF file for print and play.
    ExportPdf,
    /// A folder for a Tabletop Simulator set.
    ExportTts,
    /// A folder to write the CSV tables into.
    ExportTables,
    /// A folder to read the CSV tables from.
    ImportTables,
    /// A design to compare the open one with.
    Compare,
}

impl Studio {
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

    /// Makes `doc` the open design, with a fresh selection, view and
    /// inspector, and Play and Simulate forms of its own (the last design's
    /// game, run and paths go).
    pub(super) fn set_document(&mut self, doc: Document) {
        self.doc = doc;
        self.selection.clear();
        self.canvas.reset();
        self.inspector = Inspector::default();
        self.diagnostics.picked = None;
        self.cards.highlight = None;
        self.autosaved = None;
        self.play.follow_new_design();
        self.simulate.follow_new_design();
    }

    /// Replaces or closes the document, asking first if that loses changes.
    pub fn request(&mut self, what: Replace) {
        if self.doc.is_dirty() {
            self.dialog = Some(Dialog::Unsaved(what));
        } else {
            self.perform(what);
        }
    }

    /// Replaces or closes the document without asking.
    pub(super) fn perform(&mut self, what: Replace) {
        match what {
            Replace::New(new) => {
                self.set_document(Document::new_from(&new));
                self.status = format!("New design: {}.", new.name);
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

    /// Remembers the open file as the one to reopen next time.
    fn remember_last(&mut self) {
        if let Some(p) = self.doc.path.clone() {
            self.settings.opened(&p);
            let _ = self.settings.store(&self.config.dirs);
        }
    }

    /// A path from the native dialog; where there is none, opens the typed
    /// path dialog and returns `None`.
    pub(super) fn ask_path(&mut self, purpose: PathPurpose) -> Option<PathBuf> {
        if self.config.native_dialogs && files::dialogs_available() {
            return match purpose {
                PathPurpose::Open | PathPurpose::Compare => {
                    files::pick_open(self.doc.path.as_deref())
                }
                PathPurpose::SaveAs => files::pick_save(self.doc.path.as_deref()),
                PathPurpose::Background => files::pick_image(),
                PathPurpose::ExportSvg
                | PathPurpose::ExportPng
                | PathPurpose::ExportPdf
                | PathPurpose::ExportTts
                | PathPurpose::ExportTables
                | PathPurpose::ImportTables => None,
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

    /// Opens the dialog that asks for a typed path.
    pub(super) fn ask_typed_path(&mut self, purpose: PathPurpose) {
        let text = match purpose {
            PathPurpose::SaveAs => self.doc.path.as_ref().map(|p| p.display().to_string()),
            PathPurpose::ExportSvg => self
                .doc
                .path
                .as_ref()
                .map(|p| p.with_extension("svg").display().to_string()),
            PathPurpose::ExportPng => self
                .doc
                .path
                .as_ref()
                .map(|p| p.with_extension("png").display().to_string()),
            PathPurpose::ExportPdf => self
                .doc
                .path
                .as_ref()
                .map(|p| p.with_extension("pdf").display().to_string()),
            PathPurpose::ExportTts => self.doc.path.as_ref().map(|p| {
                let stem = p.file_stem().unwrap_or_default().to_string_lossy();
                p.with_file_name(format!("{stem}-tts"))
                    .display()
                    .to_string()
            }),
            PathPurpose::ExportTables | PathPurpose::ImportTables => self
                .doc
                .path
                .as_ref()
                .and_then(|p| p.parent().map(|d| d.join("tables").display().to_string())),
            PathPurpose::Open | PathPurpose::Background | PathPurpose::Compare => None,
        };
        self.dialog = Some(Dialog::TypedPath {
            purpose,
            text: text.unwrap_or_default(),
            note: None,
        });
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

    /// Opens the Compare window on the design at `path`; a file that does
    /// not load is shown with its line and column, and nothing changes.
    pub fn compare_with(&mut self, path: &Path) {
        match CompareView::open(path, &self.doc.design, self.doc.generation()) {
            Ok(view) => {
                self.status = format!("Compared with {}.", path.display());
                self.compare = Some(view);
            }
            Err(e) => {
                self.dialog = Some(Dialog::Message {
                    title: "Could not compare".into(),
                    text: e.to_string(),
                })
            }
        }
    }

    /// Draws the board into `path` as `image`; a failure is shown and
    /// nothing else changes.
    pub fn export_board(&mut self, path: &Path, image: BoardImage) {
        let bytes = self
            .not_the_design(path, None)
            .and_then(|()| Ok(board_file(&self.doc.design, image, &BoardStyle::default())?));
        match bytes.and_then(|b| Ok(formats::write_atomic(path, &b)?)) {
            Ok(()) => self.status = format!("Drew the board to {}.", path.display()),
            Err(e) => {
                self.dialog = Some(Dialog::Message {
                    title: "Not exported".into(),
                    text: e.to_string(),
                })
            }
        }
    }

    /// Writes the print-and-play PDF (A4) of the design as it stands into
    /// `path` (a board, a card game with its source map's mini-maps, or a
    /// station map) with its print number, which the open design then
    /// records when the design changed since its last print (as `tracklayer
    /// export --to pdf` records it in the file): not as an undo step, as
    /// undo cannot take a printing back ([`crate::app::document::Document::record_print`]);
    /// a design with errors is refused with the reason, and nothing else
    /// changes.
    pub fn export_print(&mut self, path: &Path) {
        let file = &self.doc.design;
        let print = crate::export::stamp::next_print(file);
        let made = self
            .not_the_design(path, None)
            .and_then(|()| self.printable());
        let made = made.and_then(|design| {
            let text = formats::to_yaml(file, None)?;
            let stamp = Stamp::new(&file.name, text.as_bytes()).numbered(print.number);
            let source = crate::export::source_board(file, self.doc.path.as_deref());
            let bytes =
                crate::export::pdf::print(file, &design, source.as_ref(), Paper::A4, &stamp)?;
            Ok(formats::write_atomic(path, &bytes)?)
        });
        let number = print.number;
        if made.is_ok() && self.doc.design.print.as_ref() != Some(&print) {
            self.doc.record_print(print);
        }
        self.report_export(
            made,
            format!(
                "Wrote the print-and-play PDF (print v{number}) to {}.",
                path.display()
            ),
        );
    }

    /// Writes a Tabletop Simulator set of the design into the folder `dir`
    /// (`<design name>.json` and its images); refused as [`Self::export_print`] is.
    pub fn export_tts(&mut self, dir: &Path) {
        let stem = self
            .doc
            .path
            .as_ref()
            .and_then(|p| p.file_stem())
            .map_or_else(|| "design".to_owned(), |s| s.to_string_lossy().into_owned());
        let file = &self.doc.design;
        let json = format!("{stem}.json");
        let made = self
            .not_the_design(dir, Some(&[json.as_str(), "board.png"]))
            .and_then(|()| self.printable());
        let made = made.and_then(|design| {
            let source = crate::export::source_board(file, self.doc.path.as_deref());
            crate::export::tts::write_any(
                file,
                &design,
                source.as_ref(),
                dir,
                &stem,
                crate::export::tts::BOARD_DPI,
            )?;
            Ok(())
        });
        self.report_export(
            made,
            format!("Wrote the Tabletop Simulator set to {}.", dir.display()),
        );
    }

    /// Refuses an export onto the open design's own file: `path` is the
    /// file written, or with `names` the folder the named files go into.
    fn not_the_design(&self, path: &Path, names: Option<&[&str]>) -> Result<(), NotExported> {
        let inputs: Vec<PathBuf> = self.doc.path.iter().cloned().collect();
        match names {
            None => formats::check_output(path, &inputs),
            Some(names) => formats::check_output_folder(path, names, &inputs),
        }?;
        Ok(())
    }

    /// The design built for printing (of any family), or why it cannot be.
    fn printable(&self) -> Result<engine::families::AnyDesign, NotExported> {
        engine::families::AnyDesign::build(&self.doc.design).map_err(|d| {
            NotExported::DesignErrors(
                d.iter()
                    .filter(|d| d.severity == engine::Severity::Error)
                    .count(),
            )
        })
    }

    /// Shows `done` in the status line, or the error in a message.
    fn report_export(&mut self, made: Result<(), NotExported>, done: String) {
        match made {
            Ok(()) => self.status = done,
            Err(e) => {
                self.dialog = Some(Dialog::Message {
                    title: "Not exported".into(),
                    text: e.to_string(),
                })
            }
        }
    }

    /// Writes the design's cities, routes and tickets as CSV tables into
    /// `dir` (`docs/export.md`); a failure is shown and nothing else changes.
    pub fn export_tables(&mut self, dir: &Path) {
        let tables = formats::tables::export(&self.doc.design);
        let written = self
            .not_the_design(dir, Some(&formats::tables::TABLE_FILES))
            .and_then(|()| {
                Ok(formats::write_files(
                    dir,
                    tables.iter().map(|(n, t)| (*n, t.as_bytes())),
                )?)
            });
        match written {
            Ok(_) => self.status = format!("Exported the tables to {}.", dir.display()),
            Err(e) => {
                self.dialog = Some(Dialog::Message {
                    title: "Not exported".into(),
                    text: e.to_string(),
                })
            }
        }
    }

    /// Replaces the cities, routes and tickets with the CSV tables in `dir`,
    /// as one undo step; a bad row is shown with its file and line, and the
    /// design stays as it is.
    pub fn import_tables(&mut self, dir: &Path) {
        let mut design = self.doc.design.clone();
        match formats::tables::import(&mut design, dir) {
            Ok(()) => {
                self.doc.edit("Import tables", |d| *d = design);
                self.status = format!("Imported the tables from {}.", dir.display());
            }
            Err(e) => {
                self.dialog = Some(Dialog::Message {
                    title: "Not imported".into(),
                    text: format!("{e}\nThe design is unchanged."),
                })
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

    /// The window's close button (asking first about unsaved changes) and
    /// files dropped on the window (opened).
    pub(super) fn handle_window_events(&mut self, ctx: &egui::Context) {
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

    /// Writes the recovery file when it is due, and clears it once the
    /// design is back to its saved state.
    pub(super) fn autosave_tick(&mut self, ctx: &egui::Context) {
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
}
