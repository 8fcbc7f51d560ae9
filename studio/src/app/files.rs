//! Files around the document: saving with a `.bak`, the settings file (recent
//! files, the last one opened), the crash-recovery file, and the native file
//! dialogs (with a typed path where no dialog service exists).

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::document::Document;

/// How many recent files the File menu lists.
const RECENT_MAX: usize = 10;

/// Where the studio keeps its own files (settings, recovery).
#[derive(Clone, Debug)]
pub struct StudioDirs {
    /// The folder for `settings.json` and `recovery.json`.
    pub config: PathBuf,
}

impl StudioDirs {
    /// `$XDG_CONFIG_HOME/tracklayer`, or `~/.config/tracklayer`, or (on
    /// Windows) `%APPDATA%\tracklayer`; `TRACKLAYER_CONFIG_DIR` overrides all.
    pub fn from_env() -> Self {
        let var = |k: &str| {
            std::env::var_os(k)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let config = var("TRACKLAYER_CONFIG_DIR")
            .or_else(|| var("XDG_CONFIG_HOME").map(|d| d.join("tracklayer")))
            .or_else(|| var("APPDATA").map(|d| d.join("tracklayer")))
            .or_else(|| var("HOME").map(|d| d.join(".config").join("tracklayer")))
            .unwrap_or_else(|| PathBuf::from(".tracklayer"));
        StudioDirs { config }
    }

    fn settings(&self) -> PathBuf {
        self.config.join("settings.json")
    }

    /// The crash-recovery file.
    pub fn recovery(&self) -> PathBuf {
        self.config.join("recovery.json")
    }
}

/// What the studio remembers between runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// Recently opened files, newest first.
    #[serde(default)]
    pub recent: Vec<PathBuf>,
    /// The file open when the studio last closed.
    #[serde(default)]
    pub last: Option<PathBuf>,
    /// The Diagnostics panel's height, in points, as last dragged.
    #[serde(default)]
    pub diagnostics_height: Option<f32>,
    /// The interface's size (View → Larger interface), when not the normal 1.
    #[serde(default)]
    pub interface_scale: Option<f32>,
}

impl Settings {
    /// Reads the settings; missing or unreadable settings are empty ones.
    pub fn load(dirs: &StudioDirs) -> Self {
        fs::read_to_string(dirs.settings())
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default()
    }

    /// Writes the settings (atomically); a failure only costs the recent list.
    pub fn store(&self, dirs: &StudioDirs) -> Result<(), KeepError> {
        fs::create_dir_all(&dirs.config).map_err(KeepError::Folder)?;
        let text = serde_json::to_string_pretty(self).map_err(KeepError::Encode)?;
        formats::write_atomic(&dirs.settings(), text.as_bytes())?;
        Ok(())
    }

    /// Puts `path` first in the recent list and makes it the last file.
    pub fn opened(&mut self, path: &Path) {
        let path = fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path.clone());
        self.recent.truncate(RECENT_MAX);
        self.last = Some(path);
    }
}

/// Why the settings or the crash-recovery file could not be written (the
/// studio says so in its status line; the design itself is not touched).
#[derive(Debug, thiserror::Error)]
pub enum KeepError {
    /// The studio's configuration folder could not be made.
    #[error("{0}")]
    Folder(std::io::Error),
    /// The settings or the recovery record could not be turned into JSON.
    #[error("{0}")]
    Encode(serde_json::Error),
    /// The design could not be written as YAML, or the file not written.
    #[error("{0}")]
    Write(#[from] formats::SaveError),
}

/// The crash-recovery file's design does not load (it is kept, not used).
#[derive(Debug, thiserror::Error)]
#[error("the recovery file does not load: {0}")]
pub struct RecoveryUnreadable(pub formats::LoadError);

/// Why a save did not happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveRefused {
    /// The target exists but does not load: it is kept as it is.
    BrokenTarget(String),
    /// Writing failed.
    Failed(String),
}

impl std::fmt::Display for SaveRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveRefused::BrokenTarget(e) => write!(
                f,
                "not saved: the file on disk does not load ({e}); it is kept as it is, so nothing in it is lost. Fix it in a text editor, or use Save As with another name."
            ),
            SaveRefused::Failed(e) => write!(f, "not saved: {e}"),
        }
    }
}

/// The backup kept beside a saved file: `usa.yaml.bak`.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".bak");
    PathBuf::from(s)
}

/// Saves the document to `path`: refuses to overwrite a file that does not
/// load, keeps the previous version as `.bak`, writes atomically; a variant
/// is written as its difference from its base.
pub fn save_document(doc: &mut Document, path: &Path) -> Result<(), SaveRefused> {
    if path.exists() {
        if let Err(e) = formats::load(path) {
            return Err(SaveRefused::BrokenTarget(format!(
                "{}: {}",
                e.location(),
                e.kind
            )));
        }
        fs::copy(path, backup_path(path)).map_err(|e| {
            SaveRefused::Failed(format!(
                "cannot keep the previous version as {}: {e}",
                backup_path(path).display()
            ))
        })?;
    }
    formats::save(&doc.design, doc.base.as_ref(), path)
        .map_err(|e| SaveRefused::Failed(e.to_string()))?;
    doc.mark_saved(path.to_owned());
    Ok(())
}

/// The crash-recovery file: the unsaved design and the file it belongs to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recovery {
    /// The file the design was opened from, if any.
    pub path: Option<PathBuf>,
    /// The whole design as YAML (a variant with its base merged in).
    pub design: String,
    /// Seconds since the Unix epoch when it was written.
    pub written: u64,
}

impl Recovery {
    /// Writes the recovery file for `doc`.
    pub fn write(doc: &Document, dirs: &StudioDirs) -> Result<(), KeepError> {
        let design = formats::to_yaml(&doc.design, None)?;
        let written = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let r = Recovery {
            path: doc.path.clone(),
            design,
            written,
        };
        fs::create_dir_all(&dirs.config).map_err(KeepError::Folder)?;
        let text = serde_json::to_string(&r).map_err(KeepError::Encode)?;
        formats::write_atomic(&dirs.recovery(), text.as_bytes())?;
        Ok(())
    }

    /// The recovery file left by a session that did not close cleanly.
    pub fn find(dirs: &StudioDirs) -> Option<Recovery> {
        let text = fs::read_to_string(dirs.recovery()).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// Removes the recovery file (after a save, a clean exit or a discard).
    pub fn clear(dirs: &StudioDirs) {
        let _ = fs::remove_file(dirs.recovery());
    }

    /// Turns the recovery into an unsaved document: the design as it was, tied
    /// to its file (and that file's base) when the file still loads.
    pub fn into_document(self) -> Result<Document, RecoveryUnreadable> {
        let anchor = self
            .path
            .clone()
            .unwrap_or_else(|| PathBuf::from("recovered.yaml"));
        let loaded = formats::load_str(&self.design, &anchor).map_err(RecoveryUnreadable)?;
        let base = self
            .path
            .as_ref()
            .and_then(|p| formats::load(p).ok())
            .and_then(|l| l.base);
        let mut design = loaded.design;
        design.extends = base.as_ref().map(|b| b.extends.clone());
        let mut doc = Document::from_loaded(design, base, self.path);
        doc.mark_unsaved();
        Ok(doc)
    }
}

/// Is there a service to show native file dialogs (a desktop portal over
/// D-Bus, or zenity/kdialog)? Without one, rfd returns nothing at once.
pub fn dialogs_available() -> bool {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return true;
    }
    let on_path = |exe: &str| {
        std::env::var_os("PATH")
            .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(exe).is_file()))
    };
    std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        || on_path("zenity")
        || on_path("kdialog")
}

/// Asks for a design file to open (native dialog).
pub fn pick_open(start: Option<&Path>) -> Option<PathBuf> {
    let mut d = rfd::FileDialog::new().add_filter("Tracklayer design", &["yaml", "yml"]);
    if let Some(dir) = start.and_then(Path::parent) {
        d = d.set_directory(dir);
    }
    d.pick_file()
}

/// Asks where to save (native dialog).
pub fn pick_save(current: Option<&Path>) -> Option<PathBuf> {
    let mut d = rfd::FileDialog::new().add_filter("Tracklayer design", &["yaml", "yml"]);
    if let Some(p) = current {
        if let Some(dir) = p.parent() {
            d = d.set_directory(dir);
        }
        if let Some(name) = p.file_name() {
            d = d.set_file_name(name.to_string_lossy());
        }
    }
    d.save_file()
}

/// Asks for an image (native dialog).
pub fn pick_image() -> Option<PathBuf> {
    rfd::FileDialog::new()
        .add_filter("Image", &["png", "jpg", "jpeg"])
        .pick_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saving_keeps_a_backup_and_refuses_broken_targets() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.yaml");
        let mut doc = Document::new_design();
        save_document(&mut doc, &path).unwrap();
        assert!(!doc.is_dirty());
        assert!(!backup_path(&path).exists());
        doc.edit("rename", |d| d.name = "Second".into());
        save_document(&mut doc, &path).unwrap();
        let bak = fs::read_to_string(backup_path(&path)).unwrap();
        assert!(bak.contains("Untitled"), "{bak}");
        fs::write(&path, "format: tracklayer/1\ncities: [oops\n").unwrap();
        let err = save_document(&mut doc, &path).unwrap_err();
        assert!(matches!(err, SaveRefused::BrokenTarget(_)), "{err}");
        assert!(fs::read_to_string(&path).unwrap().contains("oops"));
    }

    #[test]
    fn settings_and_recovery_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let dirs = StudioDirs {
            config: dir.path().join("cfg"),
        };
        let mut s = Settings::default();
        s.opened(Path::new("/nonexistent/a.yaml"));
        s.opened(Path::new("/nonexistent/b.yaml"));
        s.opened(Path::new("/nonexistent/a.yaml"));
        s.store(&dirs).unwrap();
        let again = Settings::load(&dirs);
        assert_eq!(again.recent.len(), 2);
        assert_eq!(
            again.last.as_deref(),
            Some(Path::new("/nonexistent/a.yaml"))
        );

        let mut doc = Document::new_design();
        doc.edit("name", |d| d.name = "Lost work".into());
        Recovery::write(&doc, &dirs).unwrap();
        let doc = Recovery::find(&dirs).unwrap().into_document().unwrap();
        assert_eq!(doc.design.name, "Lost work");
        assert!(doc.is_dirty());
        Recovery::clear(&dirs);
        assert!(Recovery::find(&dirs).is_none());
    }
}
