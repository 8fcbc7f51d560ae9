//! A ticket offer at the table, the same for every family that offers
//! tickets (the board game and the card game): each ticket a card (its name,
//! points and what the family adds), a click keeps or returns it, and one
//! button plays the choice ("Keep 5 tickets, return 1") when the engine
//! allows that many. The fewest to keep is read from the engine's legal
//! keeps, never from the rules here.

use egui::{Color32, Response, RichText, Role, Sense, Stroke, StrokeKind, Ui, WidgetInfo};
use engine::game::{Keep, KeepsTickets};
use engine::words::count;

/// How a card or chip at the table answers the mouse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChipMode {
    /// Shown only.
    Shown,
    /// A button the engine offers now; `picked` lights it.
    Button {
        /// Is it picked?
        picked: bool,
    },
    /// A button with no move now: dimmed, not clickable.
    Off,
}

/// What a human has picked of the offer in front of them: the tickets to
/// keep, by offer position (all at first), and the ticket whose card the
/// pointer is on (its path is lit on the map).
#[derive(Debug)]
pub struct OfferPicks<T> {
    /// The offer the ticks below belong to.
    offer: Vec<T>,
    /// Keep offer `i`?
    keep: Vec<bool>,
    /// The ticket under the pointer, if any.
    hovered: Option<T>,
}

impl<T> Default for OfferPicks<T> {
    fn default() -> Self {
        OfferPicks {
            offer: Vec::new(),
            keep: Vec::new(),
            hovered: None,
        }
    }
}

impl<T: Copy + PartialEq> OfferPicks<T> {
    /// The ticket whose card the pointer is on.
    pub fn hovered(&self) -> Option<T> {
        self.hovered
    }

    /// The tickets of `offer` picked to keep (all of them until the offer
    /// has been shown).
    pub fn kept(&self, offer: &[T]) -> Vec<T> {
        if self.offer != offer {
            return offer.to_vec();
        }
        offer
            .iter()
            .zip(&self.keep)
            .filter(|(_, k)| **k)
            .map(|(t, _)| *t)
            .collect()
    }
}

/// A ticket as a card: `body` draws its face (name, points, what the family
/// adds) in a framed box. As a [`ChipMode::Button`] the whole card is one
/// button, lit when picked; `label` is its accessible name and `salt` makes
/// its id unique.
pub fn ticket_card(
    ui: &mut Ui,
    salt: impl std::hash::Hash + std::fmt::Debug,
    label: &str,
    mode: ChipMode,
    body: impl FnOnce(&mut Ui),
) -> Response {
    let visuals = ui.visuals().clone();
    let (fill, stroke) = match mode {
        ChipMode::Button { picked: true } => (
            visuals.selection.bg_fill,
            Stroke::new(2.0, visuals.selection.stroke.color),
        ),
        ChipMode::Button { picked: false } => (
            visuals.widgets.inactive.weak_bg_fill,
            visuals.widgets.inactive.bg_stroke,
        ),
        ChipMode::Shown | ChipMode::Off => (Color32::TRANSPARENT, visuals.window_stroke),
    };
    let card = egui::Frame::new()
        .inner_margin(egui::Margin::symmetric(6, 2))
        .corner_radius(4.0)
        .fill(fill)
        .stroke(stroke)
        .show(ui, |ui| {
            ui.horizontal_wrapped(body);
        })
        .response;
    let sense = match mode {
        ChipMode::Button { .. } => Sense::click(),
        ChipMode::Shown | ChipMode::Off => Sense::hover(),
    };
    let response = ui.interact(
        card.rect,
        ui.make_persistent_id(("ticket card", salt)),
        sense,
    );
    if matches!(mode, ChipMode::Button { .. }) && response.hovered() {
        ui.painter().rect_stroke(
            card.rect,
            4.0,
            visuals.widgets.hovered.bg_stroke,
            StrokeKind::Inside,
        );
    }
    described(response, label, mode)
}

/// `response` named `label` for AccessKit: a label when shown only, a
/// button (selected when picked, disabled when off) otherwise.
pub fn described(response: Response, label: &str, mode: ChipMode) -> Response {
    let (role, enabled) = match mode {
        ChipMode::Shown => (Role::Label, true),
        ChipMode::Button { .. } => (Role::Button, true),
        ChipMode::Off => (Role::Button, false),
    };
    response.widget_info(|| {
        let mut info = WidgetInfo::labeled(role, enabled, label);
        if let ChipMode::Button { picked } = mode {
            info.selected = Some(picked);
        }
        info
    });
    response
}

/// The words of the button that plays the choice: "Keep all 3 tickets",
/// "Keep 1 ticket", "Keep 2 tickets, return 1".
pub fn keep_button_text(kept: usize, offered: usize) -> String {
    match offered.saturating_sub(kept) {
        0 if kept > 1 => format!("Keep all {}", count(kept, "ticket")),
        0 => format!("Keep {}", count(kept, "ticket")),
        returned => format!("Keep {}, return {returned}", count(kept, "ticket")),
    }
}

/// The offer `offer` as ticket cards, one per ticket drawn by `card` (the
/// ticket, its accessible name "Keep NAME", its mode): a click keeps or
/// returns it. `legal` are the actions the engine allows now; the button
/// plays the ticked choice only if it is one of their ticket choices. Returns the keep
/// played. `fewest` is the fewest the rules let the player keep, as the
/// engine answers it (`State::fewest_to_keep`).
pub fn keep_tickets<T: Copy + PartialEq, A: KeepsTickets>(
    ui: &mut Ui,
    offer: &[T],
    legal: &[A],
    fewest: u32,
    picks: &mut OfferPicks<T>,
    mut card: impl FnMut(&mut Ui, T, ChipMode) -> Response,
) -> Option<Keep> {
    if picks.offer != offer {
        picks.offer = offer.to_vec();
        picks.keep = vec![true; offer.len()];
    }
    picks.hovered = None;
    ui.label(RichText::new("Tickets on offer").strong());
    ui.label(
        RichText::new(format!(
            "Click a ticket to keep or return it; keep at least {fewest}."
        ))
        .weak(),
    );
    for (i, &id) in offer.iter().enumerate() {
        let kept = picks.keep[i];
        let hover = if kept {
            "kept: click to return it"
        } else {
            "returned: click to keep it"
        };
        let response = card(ui, id, ChipMode::Button { picked: kept });
        if response.hovered() {
            picks.hovered = Some(id);
        }
        if response.on_hover_text(hover).clicked() {
            picks.keep[i] = !kept;
        }
    }
    let kept = picks.keep.iter().filter(|&&k| k).count();
    let keep = Keep::from_ticks(&picks.keep);
    let allowed = legal.iter().any(|a| a.kept() == Some(keep));
    let clicked = ui
        .add_enabled(
            allowed,
            egui::Button::new(keep_button_text(kept, offer.len())),
        )
        .clicked();
    if !allowed {
        ui.label(RichText::new(format!("Keep at least {}.", count(fewest, "ticket"))).weak());
    }
    clicked.then_some(keep)
}

#[cfg(test)]
mod tests {
    use super::keep_button_text;

    #[test]
    fn the_button_counts_kept_and_returned_tickets_in_words() {
        assert_eq!(keep_button_text(3, 3), "Keep all 3 tickets");
        assert_eq!(keep_button_text(1, 1), "Keep 1 ticket");
        assert_eq!(keep_button_text(1, 3), "Keep 1 ticket, return 2");
        assert_eq!(keep_button_text(5, 6), "Keep 5 tickets, return 1");
    }
}
