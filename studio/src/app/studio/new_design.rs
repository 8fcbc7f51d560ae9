//! File → New: the dialog that asks for a new design's family (from the
//! families' registry), its name, the board size (a paper size or
//! millimetres) and the rules preset, before the design opens.

use egui::{ComboBox, DragValue, Key, TextEdit};
use formats::Family;

use super::super::families;
use super::super::panels::labelled;

/// A board size a new design can start from, in millimetres (landscape).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paper {
    /// Its name in the dialog.
    pub name: &'static str,
    /// Width.
    pub width: f32,
    /// Height.
    pub height: f32,
}

/// The sizes offered, the printed board's first (the studio's default).
pub const PAPERS: [Paper; 5] = [
    Paper {
        name: "Ticket to Ride board (800 × 540 mm)",
        width: 800.0,
        height: 540.0,
    },
    Paper {
        name: "A1 (841 × 594 mm)",
        width: 841.0,
        height: 594.0,
    },
    Paper {
        name: "A2 (594 × 420 mm)",
        width: 594.0,
        height: 420.0,
    },
    Paper {
        name: "A3 (420 × 297 mm)",
        width: 420.0,
        height: 297.0,
    },
    Paper {
        name: "A4 (297 × 210 mm)",
        width: 297.0,
        height: 210.0,
    },
];

/// What a new design starts as: what [`super::super::document::Document::new_from`] builds.
#[derive(Clone, Debug, PartialEq)]
pub struct NewDesign {
    /// Its rule family.
    pub family: Family,
    /// Its name.
    pub name: String,
    /// The board's width and height in millimetres (ignored by a family
    /// with no board of its own).
    pub board: (f32, f32),
    /// The rules preset, by its name in files.
    pub preset: &'static str,
}

impl NewDesign {
    /// The family's defaults: its preset, the printed board's size.
    pub fn of(family: Family) -> Self {
        NewDesign {
            family,
            name: "Untitled".into(),
            board: (PAPERS[0].width, PAPERS[0].height),
            preset: formats::families::of(family).new_file_preset,
        }
    }
}

/// The New design dialog's fields.
#[derive(Clone, Debug, PartialEq)]
pub struct NewDesignForm {
    /// What is chosen so far.
    pub design: NewDesign,
    /// The paper chosen, or `None` for a size typed in millimetres.
    pub paper: Option<usize>,
}

impl Default for NewDesignForm {
    fn default() -> Self {
        NewDesignForm {
            design: NewDesign::of(Family::default()),
            paper: Some(0),
        }
    }
}

/// What the dialog's user did this frame.
#[derive(Clone, Debug, PartialEq)]
pub enum NewOutcome {
    /// Still choosing.
    Open,
    /// Cancel or Escape.
    Cancel,
    /// Create or Enter: make this design.
    Create(NewDesign),
}

impl NewDesignForm {
    /// Shows the dialog.
    pub fn ui(&mut self, ctx: &egui::Context) -> NewOutcome {
        let mut outcome = NewOutcome::Open;
        let modal = egui::Modal::new(egui::Id::unique("new-design")).show(ctx, |ui| {
            ui.heading("New design");
            ui.label("Game");
            for family in Family::ALL {
                let editor = families::editor(family);
                let chosen = self.design.family == family;
                if ui
                    .radio(chosen, editor.family_title())
                    .on_hover_text(editor.family_blurb())
                    .clicked()
                    && !chosen
                {
                    let name = std::mem::take(&mut self.design.name);
                    let board = self.design.board;
                    self.design = NewDesign {
                        name,
                        board,
                        ..NewDesign::of(family)
                    };
                }
            }
            ui.separator();
            let id = ui.make_persistent_id("new-design-name");
            let name = labelled(ui, "Name of the new design", |ui| {
                TextEdit::singleline(&mut self.design.name)
                    .id(id)
                    .desired_width(280.0)
                    .show(ui)
                    .response
                    .response
            });
            if ui.memory(|m| m.focused().is_none()) {
                // The name is selected, so typing replaces "Untitled".
                name.request_focus();
                let mut state = TextEdit::load_state(ui.ctx(), id).unwrap_or_default();
                let all = egui::text::CCursorRange::select_all_str(&self.design.name);
                state.cursor.set_char_range(Some(all));
                state.store(ui.ctx(), id);
            }
            let files = formats::families::of(self.design.family);
            ui.add_enabled_ui(files.drawn_map, |ui| self.board_ui(ui));
            if !files.drawn_map {
                ui.label("This game has no board of its own.");
            }
            labelled(ui, "Rules preset", |ui| {
                let title = files
                    .presets
                    .iter()
                    .find(|(n, _)| *n == self.design.preset)
                    .map_or(self.design.preset, |(_, t)| *t);
                ComboBox::from_id_salt("new-preset")
                    .selected_text(title)
                    .show_ui(ui, |ui| {
                        for (n, t) in files.presets {
                            ui.selectable_value(&mut self.design.preset, *n, *t);
                        }
                    })
                    .response
            });
            ui.separator();
            let named = !self.design.name.trim().is_empty();
            ui.horizontal(|ui| {
                if ui.add_enabled(named, egui::Button::new("Create")).clicked() {
                    outcome = NewOutcome::Create(self.finished());
                }
                if ui.button("Cancel").clicked() {
                    outcome = NewOutcome::Cancel;
                }
            });
            if named && ui.input(|i| i.key_pressed(Key::Enter)) {
                outcome = NewOutcome::Create(self.finished());
            }
        });
        if modal.should_close() && outcome == NewOutcome::Open {
            outcome = NewOutcome::Cancel;
        }
        outcome
    }

    /// The board size: a paper, or width and height in millimetres.
    fn board_ui(&mut self, ui: &mut egui::Ui) {
        let label = self.paper.map_or("Custom size (mm)", |i| PAPERS[i].name);
        labelled(ui, "Board size", |ui| {
            ComboBox::from_id_salt("new-board")
                .selected_text(label)
                .show_ui(ui, |ui| {
                    for (i, p) in PAPERS.iter().enumerate() {
                        if ui.selectable_label(self.paper == Some(i), p.name).clicked() {
                            self.paper = Some(i);
                            self.design.board = (p.width, p.height);
                        }
                    }
                    if ui
                        .selectable_label(self.paper.is_none(), "Custom size (mm)")
                        .clicked()
                    {
                        self.paper = None;
                    }
                })
                .response
        });
        if self.paper.is_none() {
            let (w, h) = &mut self.design.board;
            labelled(ui, "Board width (mm)", |ui| {
                ui.add(DragValue::new(w).range(100.0..=5000.0))
            });
            labelled(ui, "Board height (mm)", |ui| {
                ui.add(DragValue::new(h).range(100.0..=5000.0))
            });
        }
    }

    /// The design as chosen, its name trimmed.
    fn finished(&self) -> NewDesign {
        NewDesign {
            name: self.design.name.trim().to_owned(),
            ..self.design.clone()
        }
    }
}
