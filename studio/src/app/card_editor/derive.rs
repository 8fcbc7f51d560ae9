//! The studio's File → Derive card game… command: a form with the
//! designer's choices of `engine::card_game::derive` (gray routes, points,
//! Big Cities) and where to write; the card-game design is derived from the
//! open board design as shown, written atomically, and opened (asking first
//! about unsaved changes, as Open does).

use std::path::{Path, PathBuf};

use egui::{ComboBox, DragValue, Key, TextEdit};
use engine::card_game::derive::{DeriveError, DeriveOptions, GrayRule, PointsRule, derive};
use formats::Family;

use crate::app::document::Document;
use crate::app::files;
use crate::app::panels::labelled;
use crate::app::studio::{Dialog, Replace, Studio};

/// The source as the new file names it in `derived_from`: relative to the
/// output's folder when the source is inside it, else as given.
pub fn source_name(source: &Path, out: &Path) -> String {
    let dir = out.parent().unwrap_or(Path::new(""));
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    match (source.canonicalize(), dir.canonicalize()) {
        (Ok(s), Ok(d)) => match s.strip_prefix(&d) {
            Ok(rel) => rel.display().to_string(),
            Err(_) => source.display().to_string(),
        },
        _ => source.display().to_string(),
    }
}

/// The Derive form: where to write and the designer's choices, as typed.
#[derive(Clone, Debug)]
pub struct DeriveForm {
    /// Where to write the card-game design.
    pub path: String,
    /// A gray route's card: `None` for the least-used colour, else a colour.
    pub gray: Option<String>,
    /// Points per card needed; `None` keeps the map ticket's points.
    pub per_card: Option<u32>,
    /// How many Big Cities to propose (0 keeps the preset's).
    pub big_cities: usize,
    /// The source deck's colours (what gray may take).
    pub colors: Vec<String>,
    /// Why the last attempt failed.
    pub error: Option<String>,
    /// An existing file the designer agreed to replace (by asking twice).
    pub replace: Option<PathBuf>,
}

/// What the form asks for after a frame.
#[derive(Clone, Debug, PartialEq)]
pub enum FormOutcome {
    /// Still open.
    Open,
    /// Closed without deriving.
    Cancel,
    /// Derive into this file with these options.
    Derive(PathBuf, DeriveOptions),
    /// Choose the file with the native dialog.
    Browse,
}

impl DeriveForm {
    /// The form for `doc`, writing `card-game-<name>.yaml` beside it, with
    /// the engine's default choices.
    pub fn new(doc: &Document) -> Self {
        let defaults = DeriveOptions::default();
        let path = doc
            .path
            .as_ref()
            .map(|p| {
                let stem = p.file_stem().unwrap_or_default().to_string_lossy();
                p.with_file_name(format!("card-game-{stem}.yaml"))
                    .display()
                    .to_string()
            })
            .unwrap_or_default();
        let colors = crate::app::panels::cards::deck_colors(&doc.design);
        DeriveForm {
            path,
            gray: None,
            per_card: None,
            big_cities: defaults.big_cities,
            colors,
            error: None,
            replace: None,
        }
    }

    /// The choices as the engine takes them.
    pub fn options(&self) -> DeriveOptions {
        DeriveOptions {
            gray: self
                .gray
                .clone()
                .map_or(GrayRule::LeastUsed, GrayRule::Color),
            points: self.per_card.map_or(PointsRule::Map, PointsRule::PerCard),
            big_cities: self.big_cities,
        }
    }

    /// Shows the form.
    pub fn ui(&mut self, ctx: &egui::Context, native: bool) -> FormOutcome {
        let mut outcome = FormOutcome::Open;
        let modal = egui::Modal::new(egui::Id::unique("derive card game")).show(ctx, |ui| {
            ui.heading("Derive a card game");
            ui.label("Each ticket of this map becomes a card-game ticket needing the colours of the routes along the shortest path between its cities.");
            labelled(ui, "Write to", |ui| {
                ui.add(TextEdit::singleline(&mut self.path).desired_width(380.0))
            });
            let enter = ui.input(|i| i.key_pressed(Key::Enter));
            if native && ui.button("Choose file…").clicked() {
                outcome = FormOutcome::Browse;
            }
            let least = "the least-used colour".to_owned();
            labelled(ui, "Gray routes take", |ui| {
                ComboBox::from_id_salt("derive gray")
                    .selected_text(self.gray.clone().unwrap_or_else(|| least.clone()))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut self.gray, None, least.clone());
                        for c in &self.colors {
                            ui.selectable_value(&mut self.gray, Some(c.clone()), c.as_str());
                        }
                    })
                    .response
            });
            ui.horizontal(|ui| {
                ui.label("Points");
                ui.radio_value(&mut self.per_card, None, "the map ticket's points");
                if ui
                    .radio(self.per_card.is_some(), "points per card")
                    .clicked()
                    && self.per_card.is_none()
                {
                    self.per_card = Some(1);
                }
                if let Some(n) = &mut self.per_card {
                    let r = ui.add(DragValue::new(n).range(1..=20));
                    r.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::SpinButton, true, "Points per card")
                    });
                }
            });
            let r = labelled(ui, "Big Cities", |ui| {
                ui.add(DragValue::new(&mut self.big_cities).range(0..=32))
            });
            r.on_hover_text("The cities most tickets name; 0 keeps the preset's six");
            if let Some(e) = &self.error {
                ui.colored_label(egui::Color32::from_rgb(220, 50, 50), e);
            }
            ui.horizontal(|ui| {
                let ready = !self.path.trim().is_empty();
                if (ui.add_enabled(ready, egui::Button::new("Derive and open")).clicked() || enter)
                    && ready
                {
                    outcome = FormOutcome::Derive(PathBuf::from(self.path.trim()), self.options());
                }
                if ui.button("Cancel").clicked() {
                    outcome = FormOutcome::Cancel;
                }
            });
        });
        if modal.should_close() && outcome == FormOutcome::Open {
            outcome = FormOutcome::Cancel;
        }
        outcome
    }
}

/// Why a card game was not derived (the Derive dialog says so).
#[derive(Debug, thiserror::Error)]
pub enum NotDerived {
    /// The board design has errors, so its tickets may have no paths.
    #[error(
        "The design has {}: fix them first (see the Diagnostics panel), so its tickets have paths to derive.",
        engine::words::count(*.0, "error")
    )]
    BoardHasErrors(usize),
    /// The derivation refused the board.
    #[error("{0}")]
    Derive(#[from] DeriveError),
    /// The derived design could not be written.
    #[error("{}: {source}", out.display())]
    Write {
        /// The file it was to go to.
        out: PathBuf,
        /// Why not.
        source: formats::SaveError,
    },
}

/// Derives a card-game design from `board` (saved at `source`) into `out`,
/// written atomically; returns a sentence for the status line.
pub fn derive_to(
    board: &formats::GameFile,
    source: &Path,
    out: &Path,
    opts: &DeriveOptions,
) -> Result<String, NotDerived> {
    let errors = engine::validate(board)
        .diagnostics
        .count(engine::Severity::Error);
    if errors > 0 {
        return Err(NotDerived::BoardHasErrors(errors));
    }
    let derived = derive(board, &source_name(source, out), opts)?;
    formats::save(&derived.design, None, out).map_err(|source| NotDerived::Write {
        out: out.to_owned(),
        source,
    })?;
    let mut text = format!(
        "Derived {} into {}.",
        engine::words::count(derived.design.tickets.len(), "ticket"),
        out.display()
    );
    if !derived.skipped.is_empty() {
        text.push_str(&format!(
            " Left out (no path on the map): {}.",
            derived.skipped.join(", ")
        ));
    }
    Ok(text)
}

impl Studio {
    /// Opens the Derive form on a board design (a design never saved is
    /// asked to be saved first: the card game names its source file).
    pub fn ask_derive(&mut self) {
        if self.doc.design.family != Family::Board {
            self.status = "Only a board design can be derived from.".into();
            return;
        }
        if self.doc.path.is_none() {
            self.dialog = Some(Dialog::Message {
                title: "Save the design first".into(),
                text: "A card game names the file of the map it was derived from; save this design, then derive.".into(),
            });
            return;
        }
        self.dialog = Some(Dialog::Derive(DeriveForm::new(&self.doc)));
    }

    /// Shows the Derive form and does what it asks.
    pub(crate) fn derive_dialog(&mut self, ctx: &egui::Context, mut form: DeriveForm) {
        let native = self.config.native_dialogs && files::dialogs_available();
        match form.ui(ctx, native) {
            FormOutcome::Open => self.dialog = Some(Dialog::Derive(form)),
            FormOutcome::Cancel => {}
            FormOutcome::Browse => {
                let current = PathBuf::from(form.path.trim());
                if let Some(p) = files::pick_save(Some(&current)) {
                    form.path = p.display().to_string();
                }
                self.dialog = Some(Dialog::Derive(form));
            }
            FormOutcome::Derive(out, opts) => {
                let Some(source) = self.doc.path.clone() else {
                    return;
                };
                if out.exists() && form.replace.as_deref() != Some(out.as_path()) {
                    let same = out.canonicalize().ok() == source.canonicalize().ok();
                    form.error = Some(if same {
                        "That is this design's own file: choose another.".to_owned()
                    } else {
                        form.replace = Some(out.clone());
                        format!(
                            "{} exists: click Derive and open again to replace it.",
                            out.display()
                        )
                    });
                    self.dialog = Some(Dialog::Derive(form));
                    return;
                }
                match derive_to(&self.doc.design, &source, &out, &opts) {
                    Ok(text) => {
                        self.request(Replace::Open(Some(out)));
                        self.status = text;
                    }
                    Err(e) => {
                        form.error = Some(format!("Not derived: {e}"));
                        self.dialog = Some(Dialog::Derive(form));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usa() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml")
    }

    #[test]
    fn a_derived_design_is_written_naming_its_source_and_loads_as_a_card_game() {
        let dir = tempfile::tempdir().unwrap();
        let board = formats::load(&usa()).unwrap().design;
        let out = dir.path().join("cg.yaml");
        let form = DeriveForm {
            per_card: Some(2),
            big_cities: 3,
            ..DeriveForm::new(&Document::from_loaded(board.clone(), None, Some(usa())))
        };
        assert!(form.path.ends_with("card-game-usa.yaml"), "{}", form.path);
        let text = derive_to(&board, &usa(), &out, &form.options()).unwrap();
        assert!(text.starts_with("Derived "), "{text}");
        let loaded = formats::load(&out).unwrap().design;
        assert_eq!(loaded.family, Family::CardGame);
        let from = loaded.derived_from.clone().unwrap();
        assert!(from.ends_with("usa.yaml"), "{from}");
        let t = &loaded.tickets[0];
        let cards: u32 = t.cards.values().map(|&n| u32::from(n)).sum();
        assert_eq!(t.points, 2 * cards, "two points per card");
    }

    #[test]
    fn an_unwritable_path_or_a_broken_design_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let board = formats::load(&usa()).unwrap().design;
        let out = dir.path().join("no/such/folder/cg.yaml");
        let e = derive_to(&board, &usa(), &out, &DeriveOptions::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("cg.yaml"), "{e}");
        let mut broken = board.clone();
        broken.routes[0].to = "Atlantis".into();
        let e = derive_to(
            &broken,
            &usa(),
            &dir.path().join("x.yaml"),
            &DeriveOptions::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("The design has 1 error: fix"), "{e}");
        assert!(!dir.path().join("x.yaml").exists());
    }
}
