//! The deck against the track: colours with much more or less track than the
//! others (TL109), colours with fewer cards than their longest route (TL110),
//! ferries needing more locomotives than the deck holds (TL111).

use super::Context;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};
use crate::words::{self, count};

/// A colour may have this share more or less track than the colours' mean…
const IMBALANCE_SHARE: f64 = 0.3;
/// …and always this many car spaces, so that a map being drawn is not flooded.
const IMBALANCE_MIN_SPACES: f64 = 4.0;

/// Runs the colour checks (when the rules resolve).
pub(super) fn check(ctx: &Context, diags: &mut Diagnostics) {
    let Some((_, deck)) = &ctx.rules else {
        return;
    };
    imbalance(ctx, diags);
    short_colors(ctx, deck, diags);
    ferries(ctx, deck, diags);
}

fn imbalance(ctx: &Context, diags: &mut Diagnostics) {
    let deck = ctx.net.deck_colors();
    let rows: Vec<_> = ctx.stats.deck_color_rows(deck).collect();
    if rows.is_empty() {
        return;
    }
    let mean = rows.iter().map(|r| f64::from(r.car_spaces)).sum::<f64>() / rows.len() as f64;
    let allowed = (mean * IMBALANCE_SHARE).max(IMBALANCE_MIN_SPACES);
    let least = rows.iter().min_by_key(|r| r.car_spaces);
    let most = rows.iter().max_by_key(|r| r.car_spaces);
    for row in &rows {
        let spaces = f64::from(row.car_spaces);
        if (spaces - mean).abs() <= allowed {
            continue;
        }
        let (more, other) = if spaces > mean {
            ("more", least)
        } else {
            ("less", most)
        };
        let hint = other
            .filter(|o| o.color != row.color)
            .map(|o| {
                if spaces > mean {
                    format!(
                        "recolour some {} track to {} ({})",
                        row.color,
                        o.color,
                        count(o.car_spaces, "car space")
                    )
                } else {
                    format!(
                        "recolour some {} track ({}) to {}",
                        o.color,
                        count(o.car_spaces, "car space"),
                        row.color
                    )
                }
            })
            .unwrap_or_else(|| "balance the colours".into());
        // Point at the colour's count when the file writes it, else (for a
        // colour with too much track) at its longest route.
        let written = ctx
            .file
            .cards
            .get("colors")
            .and_then(|c| c.get(row.color.as_str()))
            .is_some();
        let longest = ctx
            .net
            .routes()
            .iter()
            .filter(|r| r.color == row.color)
            .max_by_key(|r| (r.length, std::cmp::Reverse(r.index)));
        let mut d = Diagnostic::new(
                Code::ColorImbalance,
                format!(
                    "{color} has {} of track, far {more} than the colours' mean of {mean:.1}: {color} cards will be {}",
                    count(row.car_spaces, "car space"),
                    if spaces > mean {
                        "in short supply"
                    } else {
                        "of little use"
                    },
                    color = row.color,
                ),
            )
            .object(ObjectRef::Cards)
            .object(ObjectRef::Color(row.color.clone()))
            .fix(hint);
        if written {
            d = d.at(format!("cards.colors.{}", row.color));
        } else if let Some(r) = longest.filter(|_| spaces > mean) {
            d = d
                .at(format!("routes[{}].color", r.index))
                .object(ObjectRef::Route(r.index));
        }
        diags.push(d);
    }
}

fn short_colors(ctx: &Context, deck: &formats::Deck, diags: &mut Diagnostics) {
    let routes = ctx.net.routes();
    let longest_of = |color: &str| {
        routes
            .iter()
            .filter(|r| r.color == color)
            .max_by_key(|r| (r.length, std::cmp::Reverse(r.index)))
    };
    // A colour with no cards is not in play; its routes are TL006 errors.
    for (color, &count) in deck.in_play() {
        let Some(r) = longest_of(color) else {
            continue;
        };
        if r.length <= u32::from(count) {
            continue;
        }
        diags.push(
            Diagnostic::new(
                Code::ColorShort,
                format!(
                    "route {} needs {}, but the deck has only {count}: it can be claimed only with locomotives",
                    ctx.route_name(r.index),
                    words::count(r.length, &format!("{color} card"))
                ),
            )
            .at(format!("routes[{}].length", r.index))
            .object(ObjectRef::Route(r.index))
            .object(ObjectRef::Cards)
            .fix(format!(
                "put at least {} in the deck, or shorten the route",
                words::count(r.length, &format!("{color} card"))
            )),
        );
    }
    let most = deck.colors.values().copied().max().unwrap_or(0);
    if let Some(r) = longest_of("gray")
        && r.length > u32::from(most)
    {
        diags.push(
            Diagnostic::new(
                Code::ColorShort,
                format!(
                    "gray route {} needs {} of one colour, but no colour has more than {most}",
                    ctx.route_name(r.index),
                    words::count(r.length, "card")
                ),
            )
            .at(format!("routes[{}].length", r.index))
            .object(ObjectRef::Route(r.index))
            .object(ObjectRef::Cards)
            .fix("add cards to the deck's colours, or shorten the route"),
        );
    }
}

fn ferries(ctx: &Context, deck: &formats::Deck, diags: &mut Diagnostics) {
    for r in ctx.net.routes() {
        if r.ferry <= u32::from(deck.locomotives) {
            continue;
        }
        diags.push(
            Diagnostic::new(
                Code::FerryLocomotives,
                format!(
                    "ferry {} needs {}, but the deck holds only {}: it can never be claimed",
                    ctx.route_name(r.index),
                    words::count(r.ferry, "locomotive"),
                    deck.locomotives
                ),
            )
            .at(format!("routes[{}].ferry", r.index))
            .object(ObjectRef::Route(r.index))
            .fix(format!(
                "lower `ferry:` to at most {}, or add locomotives to the deck",
                deck.locomotives
            )),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, silent_on_bundled_maps, with};
    use crate::diagnostics::{Code, ObjectRef};

    /// The USA deck (eight colours) with the counts the tests change written out.
    const DECK: &str = "cards:
  colors: {red: 12, blue: 12}
  locomotives: 14
cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 200, y: 0}
  - {name: C, x: 200, y: 200}
routes:
";

    #[test]
    fn tl109_names_the_colour_with_too_much_track() {
        let v = check(&format!(
            "{DECK}  - {{from: A, to: B, length: 6, color: red}}
  - {{from: B, to: C, length: 6, color: red}}
  - {{from: A, to: C, length: 1, color: blue}}"
        ));
        let found = with(&v, Code::ColorImbalance);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0].message.starts_with(
                "red has 12 car spaces of track, far more than the colours' mean of 1.6"
            ),
            "{}",
            found[0].message
        );
        assert_eq!(found[0].path.as_deref(), Some("cards.colors.red"));
        assert_eq!(
            found[0].fix.as_deref(),
            Some("recolour some red track to pink (0 car spaces)")
        );
    }

    #[test]
    fn tl109_names_the_colour_with_too_little_track() {
        let routes: String = ["white", "blue", "yellow", "orange", "black", "red", "green"]
            .iter()
            .map(|c| format!("  - {{from: A, to: B, length: 6, color: {c}}}\n"))
            .collect();
        let v = check(&format!("{DECK}{routes}"));
        let found = with(&v, Code::ColorImbalance);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0].message.starts_with(
                "pink has 0 car spaces of track, far less than the colours' mean of 5.2"
            ),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn tl109_leaves_out_a_colour_dropped_with_zero_cards() {
        let routes: String = ["white", "blue", "yellow", "orange", "black", "red", "green"]
            .iter()
            .map(|c| format!("  - {{from: A, to: B, length: 6, color: {c}}}\n"))
            .collect();
        let v = check(&format!(
            "{}{routes}",
            DECK.replace("red: 12", "red: 12, pink: 0")
        ));
        assert!(
            with(&v, Code::ColorImbalance).is_empty(),
            "{:#?}",
            v.diagnostics
        );
    }

    #[test]
    fn tl110_names_the_route_longer_than_its_colours_cards() {
        let v = check(&format!(
            "{}  - {{from: A, to: B, length: 6, color: red}}\n  - {{from: A, to: C, length: 6, color: blue}}",
            DECK.replace("red: 12", "red: 5")
        ));
        let found = with(&v, Code::ColorShort);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .message
                .starts_with("route A - B (red) needs 6 red cards, but the deck has only 5")
        );
        assert_eq!(found[0].objects, [ObjectRef::Route(0), ObjectRef::Cards]);
    }

    #[test]
    fn tl111_names_the_ferry() {
        let v = check(&format!(
            "{}  - {{from: A, to: B, length: 6, color: gray, ferry: 3}}",
            DECK.replace("locomotives: 14", "locomotives: 2")
        ));
        let found = with(&v, Code::FerryLocomotives);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .message
                .starts_with("ferry A - B (gray) needs 3 locomotives, but the deck holds only 2")
        );
        assert_eq!(found[0].path.as_deref(), Some("routes[0].ferry"));
    }

    #[test]
    fn tl109_tl110_tl111_are_silent_on_the_bundled_maps() {
        silent_on_bundled_maps(Code::ColorImbalance);
        silent_on_bundled_maps(Code::ColorShort);
        silent_on_bundled_maps(Code::FerryLocomotives);
    }
}
