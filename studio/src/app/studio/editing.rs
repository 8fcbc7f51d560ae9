//! Edits of the selection the studio makes on behalf of its commands: undo
//! and redo, delete, duplicate, lock, nudge, cancel, and selecting with the
//! map following.

use super::super::command::Direction;
use super::super::edit;
use super::super::panels::inspector::Inspector;
use super::super::selection::Obj;
use super::Studio;

impl Studio {
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

    /// After undo or redo: drops what no longer exists from the selection and
    /// starts the inspector afresh.
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
        self.status = format!("Deleted {}.", engine::words::count(objs.len(), "object"));
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

    /// Moves the selected cities by 1 mm (`far`: 10 mm) in `direction`;
    /// quick successive nudges are one undo step.
    pub fn nudge(&mut self, direction: Direction, far: bool) {
        let cities = self.selection.cities();
        if cities.is_empty() {
            return;
        }
        let step = if far { 10.0 } else { 1.0 };
        let (dx, dy) = direction.unit();
        let delta = formats::Point {
            x: dx * step,
            y: dy * step,
        };
        self.doc.edit_merging("Nudge", "nudge", |d| {
            edit::move_cities(d, &cities, delta);
            edit::settle_cities(d, &cities, None);
        });
    }

    /// Cancels the map's half-finished action, or else clears the selection.
    pub fn cancel(&mut self) {
        if !self.canvas.cancel(&mut self.doc) {
            self.selection.clear();
        }
    }

    /// Selects `objs` (added to the selection when `add`) and brings them
    /// into view.
    /// Selects every city, route and region of the map (Edit → Select
    /// all, Ctrl+A).
    pub(crate) fn select_all(&mut self) {
        let d = &self.doc.design;
        let all: Vec<Obj> = (0..d.cities.len())
            .map(Obj::City)
            .chain((0..d.routes.len()).map(Obj::Route))
            .chain((0..d.terrain.regions.len()).map(Obj::Region))
            .collect();
        self.selection.clear();
        for o in &all {
            self.selection.add(*o);
        }
        self.status = format!("Selected {}.", engine::words::count(all.len(), "object"));
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
}
