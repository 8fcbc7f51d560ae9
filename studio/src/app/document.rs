//! The document: the design being edited, where it lives on disk, its base
//! (for a variant), its undo history and whether it has unsaved changes.

use std::path::{Path, PathBuf};

use formats::{BaseDesign, Family, GameFile, LoadError, Point};

use super::edit::Drag;
use super::history::{History, StateId};
use super::studio::NewDesign;

/// An open design.
#[derive(Debug)]
pub struct Document {
    /// The design as it is now (the base merged in, for a variant).
    pub design: GameFile,
    /// Where it is saved; `None` for a new design.
    pub path: Option<PathBuf>,
    /// For a variant: the design it extends.
    pub base: Option<BaseDesign>,
    history: History,
    saved: Option<StateId>,
    /// Bumped on every change, committed or not (drags in progress): what the
    /// canvas caches and the validator key on.
    generation: u64,
    /// Changes made since the last step (a drag in progress).
    uncommitted: bool,
}

impl Document {
    /// A new, empty board design (USA rules) that has never been saved.
    pub fn new_design() -> Self {
        Self::new_of(Family::default())
    }

    /// A new, empty design of `family` with its rulebook's preset (USA for
    /// the board game), never saved. A card game has no board of its own.
    pub fn new_of(family: Family) -> Self {
        Self::new_from(&NewDesign::of(family))
    }

    /// A new, empty design as File → New chose it: its family, name, board
    /// size and preset, never saved.
    pub fn new_from(new: &NewDesign) -> Self {
        let files = formats::families::of(new.family);
        let mut design = GameFile {
            name: new.name.clone(),
            family: new.family,
            board: files.drawn_map.then(|| formats::BoardSize {
                width: new.board.0,
                height: new.board.1,
                ..formats::BoardSize::default()
            }),
            ..GameFile::default()
        };
        design.rules.insert("preset".into(), new.preset.into());
        let history = History::new(&design);
        Document {
            design,
            path: None,
            base: None,
            saved: None,
            history,
            generation: next_generation(),
            uncommitted: false,
        }
    }

    /// Opens a design file.
    pub fn open(path: &Path) -> Result<Self, LoadError> {
        let loaded = formats::load(path)?;
        Ok(Self::from_loaded(
            loaded.design,
            loaded.base,
            Some(path.to_owned()),
        ))
    }

    /// A document over an already loaded design, clean when it has a path.
    pub fn from_loaded(design: GameFile, base: Option<BaseDesign>, path: Option<PathBuf>) -> Self {
        let history = History::new(&design);
        let saved = path.as_ref().map(|_| history.current());
        Document {
            design,
            path,
            base,
            history,
            saved,
            generation: next_generation(),
            uncommitted: false,
        }
    }

    /// Unsaved changes?
    pub fn is_dirty(&self) -> bool {
        self.saved != Some(self.history.current()) || self.uncommitted
    }

    /// Marks the current state as saved to `path`.
    pub fn mark_saved(&mut self, path: PathBuf) {
        self.path = Some(path);
        self.saved = Some(self.history.current());
    }

    /// Marks the document as changed since it was saved (a recovered design).
    pub fn mark_unsaved(&mut self) {
        self.saved = None;
    }

    /// The name shown in the title: the file name, or the design's name.
    pub fn title(&self) -> String {
        self.path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| {
                if self.design.name.is_empty() {
                    "Untitled".into()
                } else {
                    self.design.name.clone()
                }
            })
    }

    /// The change counter: a number unique to this version of this document
    /// (unique across documents too, so caches keyed by it never mix designs).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Applies `f` to the design and records it as one undo step.
    pub fn edit<R>(&mut self, label: &str, f: impl FnOnce(&mut GameFile) -> R) -> R {
        let r = f(&mut self.design);
        self.commit(label, None);
        r
    }

    /// Like [`Self::edit`], merging quick successive edits with the same `key`.
    pub fn edit_merging<R>(
        &mut self,
        label: &str,
        key: &str,
        f: impl FnOnce(&mut GameFile) -> R,
    ) -> R {
        let r = f(&mut self.design);
        self.commit(label, Some(key));
        r
    }

    /// Shows a drag in progress moved by `delta` more: the design changes at
    /// once, so the map shows it, but it is not an undo step until
    /// [`Self::end_drag`] (or is dropped by [`Self::cancel_drag`]).
    pub fn drag(&mut self, drag: &Drag, delta: Point) {
        if drag.apply(&mut self.design, delta) {
            self.generation = next_generation();
            self.uncommitted = true;
        }
    }

    /// Ends a drag: what was dragged settles (onto `grid`, when given) and
    /// the whole drag becomes one undo step.
    pub fn end_drag(&mut self, drag: &Drag, grid: Option<f32>) {
        drag.settle(&mut self.design, grid);
        self.generation = next_generation();
        self.commit(drag.label(), None);
    }

    /// Abandons a drag in progress: the design returns to its last step.
    pub fn cancel_drag(&mut self) {
        self.uncommitted = false;
        if self.design != *self.history.committed() {
            self.design = self.history.committed().clone();
            self.generation = next_generation();
        }
    }

    /// Records the design as it is now as one step.
    fn commit(&mut self, label: &str, key: Option<&str>) {
        self.uncommitted = false;
        if self.history.commit(&self.design, label, key) {
            self.generation = next_generation();
        }
    }

    /// Records the print number of a print-and-play export in the design
    /// ([`History::record_print`]): no undo step, and undo keeps it. The
    /// document has unsaved changes until it is saved, so the file keeps the
    /// number.
    pub fn record_print(&mut self, print: formats::PrintNumber) {
        self.design.print = Some(print.clone());
        self.history.record_print(print);
        self.saved = None;
        self.generation = next_generation();
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self) -> Option<String> {
        self.uncommitted = false;
        let l = self.history.undo(&mut self.design);
        self.generation = next_generation();
        l
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self) -> Option<String> {
        self.uncommitted = false;
        let l = self.history.redo(&mut self.design);
        self.generation = next_generation();
        l
    }

    /// The undo history.
    pub fn history(&self) -> &History {
        &self.history
    }
}

/// A fresh generation number, unique in the process.
fn next_generation() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drag_is_shown_as_it_goes_and_is_one_undo_step() {
        let mut doc = Document::new_design();
        doc.edit("Add city", |d| {
            super::super::edit::add_city(d, Point { x: 10.0, y: 20.0 })
        });
        let steps = doc.history().undo_len();
        let drag = Drag::Cities(vec![0]);
        let start = doc.generation();
        for _ in 0..5 {
            doc.drag(&drag, Point { x: 2.0, y: -1.0 });
        }
        assert_eq!(
            (doc.design.cities[0].x, doc.design.cities[0].y),
            (20.0, 15.0)
        );
        assert!(doc.generation() != start, "the map redraws the preview");
        assert!(doc.is_dirty());
        assert_eq!(doc.history().undo_len(), steps, "no step while dragging");

        doc.end_drag(&drag, None);
        assert_eq!(doc.history().undo_len(), steps + 1);
        assert_eq!(doc.history().undo_label(), Some("Move city"));
        doc.undo();
        assert_eq!(
            (doc.design.cities[0].x, doc.design.cities[0].y),
            (10.0, 20.0)
        );

        doc.drag(&drag, Point { x: 5.0, y: 5.0 });
        doc.cancel_drag();
        assert_eq!(
            (doc.design.cities[0].x, doc.design.cities[0].y),
            (10.0, 20.0)
        );
        assert_eq!(
            doc.history().redo_label(),
            Some("Move city"),
            "cancelling made no step"
        );
    }
}
