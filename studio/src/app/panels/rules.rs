//! The Rules panel: every rule parameter with its value, the preset's value
//! and a one-line explanation; overrides can be reset, presets are one click
//! away. An edit that would not resolve is refused with the reason, so the
//! file always loads again.

use std::collections::HashMap;

use egui::{Color32, RichText, ScrollArea, TextEdit, Ui};
use formats::GameFile;
use formats::board_game::rules::Preset;
use formats::rules::{Parameter, ResolveError};
use serde_yaml::{Mapping, Value};

use crate::app::document::Document;

/// The Rules panel.
#[derive(Default)]
pub struct RulesPanel {
    buffers: HashMap<&'static str, String>,
    /// The designer's own rules text, under the presets.
    text: super::rules_text::RulesTextEditor,
    error: Option<EditError>,
    generation: u64,
}

/// A value as one line of YAML flow text: `{1: 1, 2: 2}`, `[a, b]`, `45`.
pub fn flow(v: &Value) -> String {
    match v {
        Value::Null => "~".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        Value::Sequence(items) => format!(
            "[{}]",
            items.iter().map(flow).collect::<Vec<_>>().join(", ")
        ),
        Value::Mapping(m) => format!(
            "{{{}}}",
            m.iter()
                .map(|(k, v)| format!("{}: {}", flow(k), flow(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Tagged(t) => flow(&t.value),
    }
}

/// The value at a dotted path in a mapping.
pub fn get_path<'a>(m: &'a Mapping, path: &str) -> Option<&'a Value> {
    let mut parts = path.split('.');
    let mut v = m.get(parts.next()?)?;
    for p in parts {
        v = v.as_mapping()?.get(p)?;
    }
    Some(v)
}

/// Sets the value at a dotted path, creating mappings on the way.
pub fn set_path(m: &mut Mapping, path: &str, value: Value) {
    match path.split_once('.') {
        None => {
            m.insert(path.into(), value);
        }
        Some((head, rest)) => {
            let entry = m
                .entry(head.into())
                .or_insert_with(|| Value::Mapping(Mapping::new()));
            if !entry.is_mapping() {
                *entry = Value::Mapping(Mapping::new());
            }
            if let Value::Mapping(inner) = entry {
                set_path(inner, rest, value);
            }
        }
    }
}

/// Removes the value at a dotted path, and mappings left empty by it.
pub fn remove_path(m: &mut Mapping, path: &str) {
    match path.split_once('.') {
        None => {
            m.remove(path);
        }
        Some((head, rest)) => {
            let empty = match m.get_mut(head) {
                Some(Value::Mapping(inner)) => {
                    remove_path(inner, rest);
                    inner.is_empty()
                }
                _ => false,
            };
            if empty {
                m.remove(head);
            }
        }
    }
}

/// The preset a design's rules name.
pub fn preset_of(rules: &Mapping) -> Preset {
    formats::board_game::rules::preset_of(rules).unwrap_or_default()
}

/// What the panel edits of a design's family: its parameters, the values
/// in force, the preset's values and the presets offered.
struct RuleBook {
    parameters: &'static [Parameter],
    preset: &'static str,
    effective: Mapping,
    preset_rules: Mapping,
    presets: Vec<(String, &'static str)>,
}

/// The rule book of `design`'s family.
fn rule_book(design: &GameFile) -> RuleBook {
    let files = formats::families::of(design.family);
    RuleBook {
        parameters: files.parameters,
        preset: (files.preset_of)(&design.rules),
        effective: (files.effective_rules)(&design.rules, &design.cards),
        preset_rules: (files.preset_rules)(&design.rules),
        presets: files
            .presets
            .iter()
            .map(|(name, title)| (format!("Use {title} preset"), *name))
            .collect(),
    }
}

/// Do `rules` resolve for `design`'s family?
fn check_rules(design: &GameFile, rules: &Mapping) -> Result<(), ResolveError> {
    formats::families::of(design.family).check_rules(rules, &design.cards)
}

/// Why an edit of a design's rules or cards was refused; the panel shows it
/// and the design stays as it was.
#[derive(Debug, thiserror::Error)]
pub enum EditError {
    /// The typed text is not YAML.
    #[error("`{text}`: {source}")]
    NotYaml {
        /// What was typed.
        text: String,
        /// The parser's reason.
        source: serde_yaml::Error,
    },
    /// The rules or the deck would no longer resolve: names the field.
    #[error("{}: {}", .0.path, .0.message)]
    Refused(ResolveError),
    /// A Big City's points are not a number.
    #[error("`{text}` is not a number of points for Big City {city}")]
    NotPoints {
        /// What was typed.
        text: String,
        /// The Big City's row, from 1.
        city: usize,
    },
    /// An edited value could not be turned into YAML.
    #[error("{0}")]
    Encode(serde_yaml::Error),
}

// By hand: `ResolveError` is the field's path and reason, not an
// `std::error::Error` source that `#[from]` needs.
impl From<ResolveError> for EditError {
    fn from(e: ResolveError) -> Self {
        EditError::Refused(e)
    }
}

/// Sets rule parameter `path` to `text` (YAML), if the rules still resolve.
pub fn set_rule(doc: &mut Document, path: &str, text: &str) -> Result<(), EditError> {
    let value: Value = serde_yaml::from_str(text).map_err(|source| EditError::NotYaml {
        text: text.to_owned(),
        source,
    })?;
    set_rule_value(doc, path, value)
}

/// Sets rule parameter `path` to `value`, if the rules still resolve for the
/// design's family (else the reason, naming the field); one undo step.
pub fn set_rule_value(doc: &mut Document, path: &str, value: Value) -> Result<(), EditError> {
    let mut rules = doc.design.rules.clone();
    set_path(&mut rules, path, value);
    check_rules(&doc.design, &rules)?;
    doc.edit(&format!("Set {path}"), |d| d.rules = rules);
    Ok(())
}

/// Drops the override of `path`, so the preset's value applies again.
pub fn reset_rule(doc: &mut Document, path: &str) {
    let mut rules = doc.design.rules.clone();
    remove_path(&mut rules, path);
    doc.edit(&format!("Reset {path}"), |d| d.rules = rules);
}

impl RulesPanel {
    /// Shows the panel.
    pub fn ui(&mut self, ui: &mut Ui, doc: &mut Document) {
        self.ui_with(ui, doc, &[], |_, _| None);
    }

    /// Shows the panel with the parameters in `own` left to the caller's
    /// `rows`, drawn after the others (a family's structured editor, such as
    /// the card game's Big City list); `rows` returns the outcome of an edit
    /// it made, if any.
    pub fn ui_with(
        &mut self,
        ui: &mut Ui,
        doc: &mut Document,
        own: &[&str],
        rows: impl FnOnce(&mut Ui, &mut Document) -> Option<Result<(), EditError>>,
    ) {
        if self.generation != doc.generation() {
            self.buffers.clear();
            self.generation = doc.generation();
        }
        let book = rule_book(&doc.design);
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("Preset: {}.", book.preset));
            for (label, name) in &book.presets {
                if ui
                    .button(label.as_str())
                    .on_hover_text("Sets every rule to the rulebook's value (drops overrides)")
                    .clicked()
                {
                    let mut rules = Mapping::new();
                    rules.insert("preset".into(), (*name).into());
                    doc.edit(&format!("Use {name} rules"), |d| d.rules = rules);
                    self.error = None;
                }
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(Color32::from_rgb(220, 50, 50), e.to_string());
        }
        egui::CollapsingHeader::new("Designer's rules text").show(ui, |ui| self.text.ui(ui, doc));
        let (effective, preset_rules) = (&book.effective, &book.preset_rules);
        let mut action: Option<(&'static str, Option<String>)> = None;
        let own_edit = ScrollArea::vertical()
            .id_salt("rules")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for p in book.parameters.iter().filter(|p| !own.contains(&p.path)) {
                    let now = get_path(effective, p.path).map(flow).unwrap_or_default();
                    let base = get_path(preset_rules, p.path).map(flow).unwrap_or_default();
                    let overridden = get_path(&doc.design.rules, p.path).is_some();
                    ui.horizontal(|ui| {
                        let label = ui.label(if overridden {
                            RichText::new(p.path).strong()
                        } else {
                            RichText::new(p.path)
                        });
                        let buf = self.buffers.entry(p.path).or_insert_with(|| now.clone());
                        let r = ui
                            .add(TextEdit::singleline(buf).desired_width(f32::INFINITY))
                            .labelled_by(label.id);
                        if r.lost_focus() && *buf != now {
                            action = Some((p.path, Some(buf.clone())));
                        }
                    });
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(p.doc).small().weak());
                        if overridden {
                            ui.label(RichText::new(format!("preset: {base}")).small().italics());
                            if ui
                                .small_button("Reset")
                                .on_hover_text(format!("Back to the preset's {base}"))
                                .clicked()
                            {
                                action = Some((p.path, None));
                            }
                        }
                    });
                    ui.add_space(4.0);
                }
                rows(ui, doc)
            })
            .inner;
        if let Some(outcome) = own_edit {
            self.error = outcome.err();
        }
        match action {
            Some((path, Some(text))) => {
                self.error = set_rule(doc, path, &text).err();
                self.buffers.remove(path);
            }
            Some((path, None)) => {
                reset_rule(doc, path);
                self.error = None;
            }
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use engine::dice::DiceFamily;
    use engine::game::Family;

    use super::*;

    #[test]
    fn a_dice_design_lists_and_checks_the_dice_rules() {
        let mut doc = Document::new_design();
        doc.design.family = DiceFamily::KIND;
        doc.design.rules = Mapping::new();
        let book = rule_book(&doc.design);
        assert!(
            book.parameters
                .iter()
                .any(|p| p.path == "strike.locked_trains")
        );
        assert_eq!(
            get_path(&book.effective, "coins.start")
                .map(flow)
                .as_deref(),
            Some("3")
        );
        set_rule(&mut doc, "coins.start", "4").unwrap();
        assert_eq!(
            get_path(&rule_book(&doc.design).effective, "coins.start")
                .map(flow)
                .as_deref(),
            Some("4")
        );
        let err = set_rule(&mut doc, "strike.points", "many")
            .unwrap_err()
            .to_string();
        assert!(err.contains("rules.strike.points"), "{err}");
    }

    #[test]
    fn rule_edits_resolve_or_are_refused_and_resets_prune() {
        let mut doc = Document::new_design();
        set_rule(&mut doc, "display.size", "6").unwrap();
        assert_eq!(
            get_path(&doc.design.rules, "display.size")
                .map(flow)
                .as_deref(),
            Some("6")
        );
        let err = set_rule(&mut doc, "display.size", "many")
            .unwrap_err()
            .to_string();
        assert!(err.contains("rules.display.size"), "{err}");
        let mut rules = doc.design.rules.clone();
        remove_path(&mut rules, "display.size");
        assert!(rules.get("display").is_none());
        doc.undo();
        assert!(get_path(&doc.design.rules, "display.size").is_none());
        assert_eq!(
            flow(&serde_yaml::from_str("{1: 1, 2: [a, b]}").unwrap()),
            "{1: 1, 2: [a, b]}"
        );
    }
}
