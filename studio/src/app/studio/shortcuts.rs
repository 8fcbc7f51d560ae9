//! The keyboard shortcuts.

use egui::{Key, KeyboardShortcut, Modifiers};

use super::super::canvas::Tool;
use super::super::edit;
use super::{Replace, Studio};

impl Studio {
    pub(super) fn shortcuts(&mut self, ctx: &egui::Context) {
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
}
