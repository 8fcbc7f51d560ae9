//! The studio's panels, one struct each with a `ui` method: the inspector,
//! the object tables, rules, cards, statistics, diagnostics and search.

pub mod cards;
pub mod design;
pub mod diagnostics;
pub mod inspector;
pub mod rules;
pub mod rules_text;
pub mod search;
pub mod stats;
pub mod tables;

use egui::{Response, Ui};

/// A control with a label beside it that screen readers (and UI tests) use
/// as the control's name.
pub fn labelled(ui: &mut Ui, label: &str, add: impl FnOnce(&mut Ui) -> Response) -> Response {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        add(ui).labelled_by(l.id)
    })
    .inner
}

/// The one value all of `values` share, if they agree.
pub fn common<T: PartialEq>(mut values: impl Iterator<Item = T>) -> Option<T> {
    let first = values.next()?;
    values.all(|v| v == first).then_some(first)
}

#[cfg(test)]
mod tests {
    #[test]
    fn common_values_agree_or_are_mixed() {
        assert_eq!(super::common([1, 1, 1].into_iter()), Some(1));
        assert_eq!(super::common([1, 2].into_iter()), None);
        assert_eq!(super::common(std::iter::empty::<u8>()), None);
    }
}
