//! Rule parameters that contradict each other or the decks (TL010, TL011,
//! TL012, TL016): checked before a board is built, because the engine relies
//! on them.

use formats::{Deck, GameFile, Rules};

use super::{Code, Diagnostic, Diagnostics, ObjectRef};
use crate::board::{MAX_DISPLAY, MAX_PLAYERS, MAX_TERRAIN_FACE_UP};

fn rule(diags: &mut Diagnostics, code: Code, path: &str, message: String, fix: &str) {
    diags.push(
        Diagnostic::new(code, message)
            .at(format!("rules.{path}"))
            .object(ObjectRef::Rule(path.to_owned()))
            .fix(fix),
    );
}

/// Checks the resolved rules against each other, the deck and the tickets.
pub fn check_rules(rules: &Rules, deck: &Deck, file: &GameFile, diags: &mut Diagnostics) {
    let r = rules;
    let contradiction = Code::RuleContradiction;
    if r.players.min == 0 || r.players.min > r.players.max {
        rule(
            diags,
            contradiction,
            "players.min",
            format!(
                "players from {} to {} is not a range of player counts",
                r.players.min, r.players.max
            ),
            "set 1 ≤ min ≤ max",
        );
    }
    if usize::from(r.players.max) > MAX_PLAYERS {
        rule(
            diags,
            Code::EngineLimit,
            "players.max",
            format!(
                "up to {} players; the engine seats at most {MAX_PLAYERS}",
                r.players.max
            ),
            "lower players.max",
        );
    }
    if r.display.size == 0 || usize::from(r.display.size) > MAX_DISPLAY {
        rule(
            diags,
            Code::EngineLimit,
            "display.size",
            format!(
                "a display of {} cards; it must hold 1 to {MAX_DISPLAY}",
                r.display.size
            ),
            "set display.size between 1 and 8",
        );
    }
    if r.display.locomotive_reset > r.display.size {
        rule(
            diags,
            contradiction,
            "display.locomotive_reset",
            format!(
                "the display resets at {} face-up locomotives but shows only {} cards: the reset can never happen",
                r.display.locomotive_reset, r.display.size
            ),
            "set locomotive_reset to at most display.size, or 0 to turn it off",
        );
    }
    if r.display.locomotive_reset == 1 {
        rule(
            diags,
            contradiction,
            "display.locomotive_reset",
            "resetting at a single face-up locomotive would discard every locomotive dealt to the display".into(),
            "use 2 or more, or 0 to turn it off",
        );
    }
    for (which, deal) in [("setup", &r.tickets.setup), ("draw", &r.tickets.draw)] {
        let offered = u16::from(deal.regular) + u16::from(deal.long);
        if u16::from(deal.keep) > offered {
            rule(
                diags,
                contradiction,
                &format!("tickets.{which}.keep"),
                format!(
                    "players must keep {} tickets at {which} but are offered only {offered}",
                    deal.keep
                ),
                "keep at most as many as are offered",
            );
        }
        if which == "draw" && offered == 0 {
            rule(
                diags,
                contradiction,
                "tickets.draw.regular",
                "drawing tickets offers no ticket".into(),
                "offer at least one ticket when drawing",
            );
        }
    }
    if r.tickets.draw.keep == 0 {
        rule(
            diags,
            contradiction,
            "tickets.draw.keep",
            "a ticket draw may keep none: a player could draw tickets forever and the game may never end".into(),
            "keep at least 1",
        );
    }
    if usize::from(r.stations.count) > r.stations.costs.len() {
        rule(
            diags,
            contradiction,
            "stations.costs",
            format!(
                "{} stations per player but costs for only {}",
                r.stations.count,
                r.stations.costs.len()
            ),
            "give a cost for every station",
        );
    }
    if r.stations
        .costs
        .iter()
        .take(usize::from(r.stations.count))
        .any(|&c| c == 0)
    {
        rule(
            diags,
            contradiction,
            "stations.costs",
            "a station that costs no cards".into(),
            "every station costs at least 1 card",
        );
    }
    if r.trains <= r.end.trains_left {
        rule(
            diags,
            contradiction,
            "end.trains_left",
            format!(
                "players start with {} trains and the last round starts at {} or fewer: the game ends before it begins",
                r.trains, r.end.trains_left
            ),
            "start with more trains than end.trains_left",
        );
    }
    if r.route_points.is_empty() {
        rule(
            diags,
            contradiction,
            "route_points",
            "the scoring table is empty: no route can be scored".into(),
            "give points for each route length",
        );
    }
    let mut seen = Vec::new();
    for t in &r.tie_break {
        if seen.contains(t) {
            rule(
                diags,
                contradiction,
                "tie_break",
                format!("tie-break `{t:?}` is listed twice"),
                "list each tie-break once",
            );
        }
        seen.push(*t);
    }

    // Terrain cards.
    let tc = &r.terrain_cards;
    if !tc.types.is_empty() {
        if usize::from(tc.face_up) > MAX_TERRAIN_FACE_UP {
            rule(
                diags,
                Code::EngineLimit,
                "terrain_cards.face_up",
                format!(
                    "{} face-up terrain cards; the engine shows at most {MAX_TERRAIN_FACE_UP}",
                    tc.face_up
                ),
                "lower terrain_cards.face_up",
            );
        }
        let total: u32 = tc.types.iter().map(|t| u32::from(t.count)).sum();
        let needed = u32::from(tc.dealt) * u32::from(r.players.max) + u32::from(tc.face_up);
        if needed > total {
            rule(
                diags,
                Code::TicketDeckTooSmall,
                "terrain_cards.dealt",
                format!(
                    "{} players get {} terrain cards each and {} lie face up: {needed} cards, but the terrain deck has {total}",
                    r.players.max, tc.dealt, tc.face_up
                ),
                "add terrain cards, deal fewer, or lower players.max",
            );
        }
        if tc.doubling_cost.values().any(|&c| c == 0) {
            rule(
                diags,
                contradiction,
                "terrain_cards.doubling_cost",
                "a doubling that costs no terrain card".into(),
                "every doubling costs at least 1 card",
            );
        }
    }

    // Decks against the setup at the most players.
    let players = u32::from(r.players.max);
    let cards_needed = u32::from(r.initial_hand) * players + u32::from(r.display.size);
    if cards_needed > deck.total() {
        diags.push(
            Diagnostic::new(
                Code::DeckTooSmall,
                format!(
                    "{players} players get {} train cards each and {} lie face up: {cards_needed} cards, but the deck has {}",
                    r.initial_hand,
                    r.display.size,
                    deck.total()
                ),
            )
            .at("cards")
            .object(ObjectRef::Cards)
            .fix("add cards, deal fewer, or lower players.max"),
        );
    }
    let regular = file.tickets.iter().filter(|t| !t.long).count() as u32;
    let long = file.tickets.iter().filter(|t| t.long).count() as u32;
    for (kind, have, each) in [
        ("regular", regular, r.tickets.setup.regular),
        ("long", long, r.tickets.setup.long),
    ] {
        let need = u32::from(each) * players;
        if need > have {
            rule(
                diags,
                Code::TicketDeckTooSmall,
                &format!("tickets.setup.{kind}"),
                format!(
                    "{players} players are dealt {each} {kind} tickets each ({need}), but the design has {have}"
                ),
                "add tickets, deal fewer, or lower players.max",
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::checks::testing::{check, with};
    use crate::validate::{Code, ObjectRef};

    const MAP: &str = "cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 60, y: 0}
routes:
  - {from: A, to: B, length: 2, color: red}
tickets:
  - {from: A, to: B, points: 2}
";

    #[test]
    fn tl010_counts_the_cards_needed() {
        let v = check(&format!(
            "cards: {{colors: {{pink: 1, white: 1, blue: 1, yellow: 1, orange: 1, black: 1, red: 1, green: 1}}, locomotives: 0}}\n{MAP}"
        ));
        let d = &with(&v, Code::DeckTooSmall)[0];
        assert_eq!(
            d.message,
            "2 players get 4 train cards each and 5 lie face up: 13 cards, but the deck has 8"
        );
        assert_eq!(d.path.as_deref(), Some("cards"));
        assert_eq!(d.objects, [ObjectRef::Cards]);
    }

    #[test]
    fn tl011_counts_the_tickets_needed() {
        let v = check(&format!("rules: {{preset: usa}}\n{MAP}"));
        let d = &with(&v, Code::TicketDeckTooSmall)[0];
        assert_eq!(
            d.message,
            "5 players are dealt 3 regular tickets each (15), but the design has 1"
        );
        assert_eq!(d.path.as_deref(), Some("rules.tickets.setup.regular"));
    }

    #[test]
    fn tl012_names_the_contradicting_parameter() {
        let v = check(&format!(
            "rules: {{players: {{min: 3, max: 2}}, tickets: {{setup: {{regular: 0, keep: 0}}}}}}\n{MAP}"
        ));
        let d = &with(&v, Code::RuleContradiction)[0];
        assert_eq!(
            d.message,
            "players from 3 to 2 is not a range of player counts"
        );
        assert_eq!(d.path.as_deref(), Some("rules.players.min"));
        assert_eq!(d.objects, [ObjectRef::Rule("players.min".into())]);
    }
}
