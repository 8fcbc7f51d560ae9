//! The Design panel: what the whole design is (its name, description, board
//! size and car space, background image and the designer's notes), shown in
//! the inspector when nothing is selected. Each field is one undo step.

use egui::{DragValue, RichText, TextEdit, Ui};

use super::labelled;
use crate::app::document::Document;

/// What the panel asks of the studio beyond editing the design.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DesignAction {
    /// Open the Background image window.
    Background,
}

/// A text field of the design: its label, undo label and where it lives.
struct TextField {
    label: &'static str,
    undo: &'static str,
    multiline: bool,
    get: fn(&formats::GameFile) -> String,
    set: fn(&mut formats::GameFile, String),
}

/// An optional text of the file: `None` when empty.
fn optional(text: String) -> Option<String> {
    (!text.trim().is_empty()).then_some(text)
}

const TEXTS: [TextField; 3] = [
    TextField {
        label: "Design name",
        undo: "Rename design",
        multiline: false,
        get: |d| d.name.clone(),
        set: |d, t| d.name = t,
    },
    TextField {
        label: "Description",
        undo: "Edit description",
        multiline: true,
        get: |d| d.description.clone().unwrap_or_default(),
        set: |d, t| d.description = optional(t),
    },
    TextField {
        label: "Author notes",
        undo: "Edit author notes",
        multiline: true,
        get: |d| d.notes.clone().unwrap_or_default(),
        set: |d, t| d.notes = optional(t),
    },
];

/// Shows the Design panel (with the background image's row when the editor
/// has one); returns what the studio should open.
pub fn ui(ui: &mut Ui, doc: &mut Document, background: bool) -> Option<DesignAction> {
    ui.label(RichText::new("Design").strong());
    let mut action = None;
    for (i, field) in TEXTS.iter().enumerate() {
        let mut text = (field.get)(&doc.design);
        let r = labelled(ui, field.label, |ui| {
            let edit = if field.multiline {
                TextEdit::multiline(&mut text).desired_rows(2)
            } else {
                TextEdit::singleline(&mut text)
            };
            ui.add(edit.desired_width(f32::INFINITY))
        });
        if r.changed() {
            doc.edit_merging(field.undo, &format!("design.text{i}"), |d| {
                (field.set)(d, text)
            });
        }
    }
    if let Some(mut board) = doc.design.board.clone() {
        let before = board.clone();
        // One row each, so the panel never grows wider than it was.
        labelled(ui, "Board width (mm)", |ui| {
            ui.add(DragValue::new(&mut board.width).range(100.0..=5000.0))
        });
        labelled(ui, "Board height (mm)", |ui| {
            ui.add(DragValue::new(&mut board.height).range(100.0..=5000.0))
        });
        labelled(ui, "Car space (mm)", |ui| {
            ui.add(DragValue::new(&mut board.car_space).range(5.0..=100.0))
        })
        .on_hover_text("The length of one car space on the printed board");
        if board != before {
            doc.edit_merging("Resize board", "design.board", |d| d.board = Some(board));
        }
    }
    if !background {
        return None;
    }
    let background = doc
        .design
        .terrain
        .background
        .as_ref()
        .map_or("none".to_owned(), |b| b.image.clone());
    ui.add(egui::Label::new(format!("Background: {background}")).wrap());
    if ui.button("Choose background…").clicked() {
        action = Some(DesignAction::Background);
    }
    action
}
