//! The studio: an egui editor over a design document.
//!
//! The parts, each in its own module: the [`document::Document`] with its
//! undo [`history`], the [`selection`], the [`canvas`] (view, tools, painting),
//! the [`panels`], live [`validation`] on a worker thread, [`files`] (saving
//! with a backup, settings, crash recovery, dialogs), the playtest windows
//! ([`play`] and [`simulate`]), the [`command`] list that menus, toolbar and
//! shortcuts share, and [`studio::Studio`], which holds them together in one
//! window.

pub mod analysis;
pub mod balance;
pub mod board_editor;
pub mod canvas;
pub mod card_editor;
pub mod command;
pub mod compare;
pub mod deck;
pub mod document;
pub mod edit;
pub mod editor;
pub mod families;
pub mod files;
pub mod fit_layout;
pub mod fonts;
pub mod history;
pub mod job;
pub mod panels;
pub mod play;
pub mod selection;
pub mod simulate;
pub mod station_editor;
pub mod station_map;
pub mod studio;
pub mod validation;

use std::path::PathBuf;
use std::process::ExitCode;

pub use studio::{Studio, StudioConfig};

/// The message shown instead of a window where there is no display.
pub const NO_DISPLAY: &str =
    "tracklayer: no display to open the studio on (neither DISPLAY nor WAYLAND_DISPLAY is set).
The command line works without one:
  tracklayer validate FILE...   check designs and print their diagnostics
  tracklayer stats FILE         print a design's statistics
  tracklayer --help             everything else";

/// Is there a display to open a window on? (Always assumed on Windows and macOS.)
pub fn has_display() -> bool {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return true;
    }
    let set = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty());
    set("DISPLAY") || set("WAYLAND_DISPLAY")
}

/// Opens the studio on `file` (or the last file, or the bundled USA map).
pub fn run(file: Option<PathBuf>) -> ExitCode {
    if !has_display() {
        eprintln!("{NO_DISPLAY}");
        return ExitCode::from(2);
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Tracklayer")
            .with_inner_size([1500.0, 950.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    let config = StudioConfig::from_env(file);
    let result = eframe::run_native(
        "Tracklayer",
        options,
        Box::new(move |cc| Ok(Box::new(Studio::new(&cc.egui_ctx, config)))),
    );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tracklayer: the studio window could not be opened: {e}\n\n{NO_DISPLAY}");
            ExitCode::FAILURE
        }
    }
}
