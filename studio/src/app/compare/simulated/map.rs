//! What the Compare window's map shows of a simulated comparison: each
//! route's change in claim rate, or each ticket's change in completion on
//! its two cities, coloured by direction and size; and the player count the
//! map shows first.

use egui::Color32;
use engine::board_game::map_diff::MapChanges;
use engine::diff::MetricChange;
use formats::GameFile;

use crate::app::canvas::paint::Overlay;

/// A change beyond chance that raises the value (claimed more often,
/// completed more often).
pub const MORE: Color32 = Color32::from_rgb(215, 48, 39);
/// A change beyond chance that lowers it.
pub const LESS: Color32 = Color32::from_rgb(49, 104, 189);
/// No change beyond chance.
pub const SAME: Color32 = Color32::from_rgb(185, 185, 185);

/// What the map shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MapView {
    /// The data differences (changed and missing objects).
    #[default]
    Data,
    /// Each route's change in claim rate.
    ClaimRate,
    /// Each ticket's change in completion, on its two cities.
    TicketCompletion,
}

impl MapView {
    /// The switch's label.
    pub fn label(self) -> &'static str {
        match self {
            MapView::Data => "Data differences",
            MapView::ClaimRate => "Route claim rate",
            MapView::TicketCompletion => "Ticket completion",
        }
    }
}

/// The colour of a change: red up, blue down, deeper as it nears the
/// largest change shown; grey within chance.
pub fn change_color(m: &MetricChange, largest: f64) -> Color32 {
    if !m.significant() {
        return SAME;
    }
    let t = if largest > 0.0 {
        (m.change.abs() / largest).clamp(0.0, 1.0) as f32
    } else {
        1.0
    };
    let hue = if m.change > 0.0 { MORE } else { LESS };
    let pale = Color32::from_rgb(235, 235, 235);
    let mix = |a: u8, b: u8| {
        (f32::from(a) + (f32::from(b) - f32::from(a)) * (0.35 + 0.65 * t)).round() as u8
    };
    Color32::from_rgb(
        mix(pale.r(), hue.r()),
        mix(pale.g(), hue.g()),
        mix(pale.b(), hue.b()),
    )
}

/// The map's changes at `players` drawn over `design` (the first design of
/// the comparison).
pub fn map_overlay(map: &MapChanges, view: MapView, design: &GameFile) -> Overlay {
    let mut o = Overlay::default();
    let largest = |changes: &mut dyn Iterator<Item = &MetricChange>| {
        changes
            .filter(|m| m.significant())
            .map(|m| m.change.abs())
            .fold(0.0, f64::max)
    };
    match view {
        MapView::Data => {}
        MapView::ClaimRate => {
            let top = largest(&mut map.routes.iter().map(|r| &r.claim_rate));
            for r in &map.routes {
                let m = &r.claim_rate;
                o.route_colors.insert(r.index, change_color(m, top));
                o.route_weights.insert(
                    r.index,
                    if m.significant() {
                        1.2 + (m.change.abs() / top.max(1e-9)) as f32
                    } else {
                        0.8
                    },
                );
                o.route_notes
                    .insert(r.index, format!("claim rate {}", value_text(m)));
            }
        }
        MapView::TicketCompletion => {
            let top = largest(&mut map.tickets.iter().map(|t| &t.completion));
            // A city shows the largest change among the tickets ending there.
            let mut strongest: std::collections::HashMap<usize, &MetricChange> =
                std::collections::HashMap::new();
            let mut notes: std::collections::HashMap<usize, Vec<String>> =
                std::collections::HashMap::new();
            for t in &map.tickets {
                let Some(ticket) = design.tickets.get(t.index) else {
                    continue;
                };
                for end in [&ticket.from, &ticket.to] {
                    let Some(c) = design.cities.iter().position(|c| c.name == *end) else {
                        continue;
                    };
                    let m = &t.completion;
                    if m.significant() {
                        notes.entry(c).or_default().push(format!(
                            "{}: completion {}",
                            t.name,
                            value_text(m)
                        ));
                        o.lit_cities.insert(c);
                    }
                    let slot = strongest.entry(c).or_insert(m);
                    // Beyond chance first, then the larger change.
                    let rank = |x: &MetricChange| (u8::from(x.significant()), x.change.abs());
                    if rank(m).partial_cmp(&rank(slot)) == Some(std::cmp::Ordering::Greater) {
                        *slot = m;
                    }
                }
            }
            for (c, m) in strongest {
                o.city_colors.insert(c, change_color(m, top));
            }
            for (c, n) in notes {
                o.city_notes.insert(c, n.join("; "));
            }
        }
    }
    o
}

/// `0.62 → 0.71 (+0.09, 95%: +0.02 to +0.16)`.
fn value_text(m: &MetricChange) -> String {
    let interval = m
        .interval
        .map(|(lo, hi)| format!(", 95%: {lo:+.2} to {hi:+.2}"))
        .unwrap_or_default();
    format!(
        "{:.2} → {:.2} ({:+.2}{interval})",
        m.before, m.after, m.change
    )
}

/// The player count whose map changed most beyond chance (the first on a
/// tie): the one the map shows first.
pub fn busiest(map: &[MapChanges]) -> Option<usize> {
    let beyond = |m: &MapChanges| {
        m.routes
            .iter()
            .filter(|r| r.claim_rate.significant())
            .count()
            + m.tickets
                .iter()
                .filter(|t| t.completion.significant())
                .count()
    };
    map.iter()
        .rev()
        .max_by_key(|m| beyond(m))
        .map(|m| m.players)
}

#[cfg(test)]
mod tests {
    use super::super::tests::change;
    use super::*;

    #[test]
    fn the_map_first_shows_the_player_count_that_changed_most() {
        use engine::board_game::map_diff::TicketChange;
        let map = |players, significant: usize| MapChanges {
            players,
            routes: Vec::new(),
            tickets: (0..3)
                .map(|i| TicketChange {
                    index: i,
                    name: format!("t{i}"),
                    completion: if i < significant {
                        change(0.2, Some((0.1, 0.3)))
                    } else {
                        change(0.0, Some((-0.1, 0.1)))
                    },
                })
                .collect(),
        };
        assert_eq!(busiest(&[map(2, 0), map(3, 2), map(4, 1)]), Some(3));
        assert_eq!(busiest(&[map(2, 0), map(3, 0)]), Some(2));
        assert_eq!(busiest(&[]), None);
    }
}
