//! Rule parameters that contradict each other or the decks (TL010, TL011,
//! TL012), and designs beyond what the engine can play (TL016): checked
//! before a board is built, because the engine relies on them.

use formats::{Deck, GameFile, Rules};

use crate::board_game::board::{
    MAX_DISPLAY, MAX_PLAYERS, MAX_POINTS, MAX_TERRAIN_FACE_UP, MAX_TICKET_OFFER, MAX_TUNNEL_REVEAL,
};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};
use crate::words::count;

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
                "up to {}; the engine seats at most {MAX_PLAYERS}",
                count(r.players.max, "player")
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
                "a display of {}; it must hold 1 to {MAX_DISPLAY}",
                count(r.display.size, "card")
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
                "the display resets at {} but shows only {}: the reset can never happen",
                count(r.display.locomotive_reset, "face-up locomotive"),
                count(r.display.size, "card")
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
                    "players must keep {} at {which} but are offered only {offered}",
                    count(deal.keep, "ticket")
                ),
                "keep at most as many as are offered",
            );
        }
        if usize::from(offered) > MAX_TICKET_OFFER {
            rule(
                diags,
                Code::EngineLimit,
                &format!("tickets.{which}"),
                format!(
                    "{} offered at {which} ({} regular, {} long); the engine offers at most {MAX_TICKET_OFFER} at once",
                    count(offered, "ticket"),
                    deal.regular,
                    deal.long
                ),
                "offer at most 16 tickets: lower `regular` or `long`",
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
                "{} per player but costs for only {}",
                count(r.stations.count, "station"),
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
                "players start with {} and the last round starts at {} or fewer: the game ends before it begins",
                count(r.trains, "train"),
                r.end.trains_left
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

    let tunnels = file.routes.iter().filter(|t| t.tunnel).count();
    if tunnels > 0 && usize::from(r.tunnels.reveal) > MAX_TUNNEL_REVEAL {
        rule(
            diags,
            Code::EngineLimit,
            "tunnels.reveal",
            format!(
                "tunnels reveal {}; the engine reveals at most {MAX_TUNNEL_REVEAL} (the design has {})",
                count(r.tunnels.reveal, "card"),
                count(tunnels, "tunnel")
            ),
            "set tunnels.reveal to at most 8",
        );
    }
    check_points(r, file, diags);

    // Terrain cards.
    let tc = &r.terrain_cards;
    // Checked with terrain cards off too: the engine deals the face-up row
    // whatever the deck holds.
    if usize::from(tc.face_up) > MAX_TERRAIN_FACE_UP {
        rule(
            diags,
            Code::EngineLimit,
            "terrain_cards.face_up",
            format!(
                "{}; the engine shows at most {MAX_TERRAIN_FACE_UP}",
                count(tc.face_up, "face-up terrain card")
            ),
            "lower terrain_cards.face_up",
        );
    }
    if !tc.types.is_empty() {
        let total: u32 = tc.types.iter().map(|t| u32::from(t.count)).sum();
        let needed = u32::from(tc.dealt) * u32::from(r.players.max) + u32::from(tc.face_up);
        if needed > total {
            rule(
                diags,
                Code::TicketDeckTooSmall,
                "terrain_cards.dealt",
                format!(
                    "{} {} {} each and {} lie face up: {}, but the terrain deck has {total}",
                    count(r.players.max, "player"),
                    crate::words::verb(r.players.max, "gets", "get"),
                    count(tc.dealt, "terrain card"),
                    tc.face_up,
                    count(needed, "card")
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
                    "{} {} {} each and {} lie face up: {}, but the deck has {}",
                    count(players, "player"),
                    crate::words::verb(players, "gets", "get"),
                    count(r.initial_hand, "train card"),
                    r.display.size,
                    count(cards_needed, "card"),
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
                    "{} {} dealt {} each ({need}), but the design has {have}",
                    count(players, "player"),
                    crate::words::verb(players, "is", "are"),
                    count(each, &format!("{kind} ticket"))
                ),
                "add tickets, deal fewer, or lower players.max",
            );
        }
    }
}

/// TL016 when a score could overflow: every point a player could win or
/// lose, added up, must fit the engine's 32-bit scores. Routes count twice
/// when terrain cards can double them; tickets count twice because choosing
/// stations weighs a ticket won against the same ticket lost.
fn check_points(r: &Rules, file: &GameFile, diags: &mut Diagnostics) {
    let doubling = if r.terrain_cards.types.is_empty() {
        1
    } else {
        2
    };
    let route_points = |length: u32| {
        u8::try_from(length)
            .ok()
            .and_then(|l| r.route_points.get(&l))
            .map_or(0, |p| i64::from(p.unsigned_abs()))
    };
    let routes: i64 = file
        .routes
        .iter()
        .map(|t| doubling * route_points(t.length))
        .sum();
    let tickets: i64 = file.tickets.iter().map(|t| 2 * i64::from(t.points)).sum();
    let longest = i64::from(r.bonuses.longest_path.unsigned_abs());
    let globetrotter = i64::from(r.bonuses.globetrotter.unsigned_abs());
    let stations =
        i64::from(r.stations.count) * i64::from(r.stations.unbuilt_points.unsigned_abs());
    let total = routes + tickets + longest + globetrotter + stations;
    if total <= MAX_POINTS {
        return;
    }
    let message = format!(
        "a score could reach {total} points (routes {routes}, tickets {tickets}, bonuses {}, unbuilt stations {stations}; doubled routes and tickets count twice); the engine counts scores up to {MAX_POINTS}",
        longest + globetrotter
    );
    let fix = "give fewer points: tickets, `route_points`, bonuses or `stations.unbuilt_points`";
    // Point at the part that weighs most (for tickets, the largest ticket).
    let parts = [
        (tickets, "tickets"),
        (routes, "route_points"),
        (longest, "bonuses.longest_path"),
        (globetrotter, "bonuses.globetrotter"),
        (stations, "stations.unbuilt_points"),
    ];
    let heaviest = parts
        .iter()
        .max_by_key(|(v, _)| *v)
        .map_or("tickets", |p| p.1);
    let biggest_ticket = file
        .tickets
        .iter()
        .enumerate()
        .max_by_key(|(_, t)| t.points)
        .map(|(i, _)| i);
    match (heaviest, biggest_ticket) {
        ("tickets", Some(i)) => diags.push(
            Diagnostic::new(Code::EngineLimit, message)
                .at(format!("tickets[{i}].points"))
                .object(ObjectRef::Ticket(i))
                .fix(fix),
        ),
        (path, _) => rule(diags, Code::EngineLimit, path, message, fix),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, with};
    use crate::diagnostics::{Code, ObjectRef};

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

/// The engine limits of the rules (TL016), each at the limit, where the design
/// must play in full, and one past it, where the validator must refuse it.
#[cfg(test)]
mod limit_tests {

    use super::super::testing::check;
    use crate::board_game::{Action, BoardGame, Event, Keep, Phase};
    use crate::diagnostics::{Code, ObjectRef, Severity};
    use crate::game::GameState;
    use crate::rng::GameRng;

    /// Ten cities in a row and a ticket between every two of them (45).
    fn chain(rules: &str) -> String {
        let mut s = format!("rules: {rules}\ncities:\n");
        for i in 0..10 {
            s += &format!("  - {{name: C{i}, x: {}, y: 0}}\n", i * 110);
        }
        s += "routes:\n";
        for i in 0..9 {
            let color = ["red", "blue", "green"][i % 3];
            s += &format!(
                "  - {{from: C{i}, to: C{}, length: 4, color: {color}}}\n",
                i + 1
            );
        }
        s += "tickets:\n";
        for i in 0..10 {
            for j in i + 1..10 {
                s += &format!("  - {{from: C{i}, to: C{j}, points: {}}}\n", 4 * (j - i));
            }
        }
        s
    }

    fn errors(body: &str) -> Vec<crate::diagnostics::Diagnostic> {
        check(body)
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .cloned()
            .collect()
    }

    fn legal(s: &crate::board_game::State) -> Vec<Action> {
        let mut out = Vec::new();
        s.legal_actions(&mut out);
        out
    }

    /// Plays on at random until the game is over.
    fn play_out(s: &mut crate::board_game::State, seed: u64) {
        let mut rng = GameRng::seeded(seed);
        for _ in 0..20_000 {
            let Some(a) = s.random_action(&mut rng) else {
                break;
            };
            s.apply(a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
        }
        assert!(s.is_terminal(), "the game ends");
    }

    #[test]
    fn an_offer_of_16_tickets_lists_every_choice_and_plays() {
        let v = check(&chain(
            "{players: {min: 2, max: 2}, trains: 10, end: {trains_left: 2},
              tickets: {setup: {regular: 16, keep: 1}, draw: {regular: 16, keep: 1}}}",
        ));
        assert!(!v.diagnostics.has_errors(), "{:#?}", v.diagnostics);
        let game = BoardGame::new(
            v.design.and_then(|d| d.board().cloned()).expect("a board"),
            2,
        )
        .unwrap();
        let mut s = game.new_game(7);
        // Every non-empty choice of the 16 tickets offered at setup.
        assert_eq!(s.offer().len(), 16);
        assert_eq!(legal(&s).len(), (1 << 16) - 1);
        let last = s.offer()[15];
        s.apply(Action::KeepTickets(Keep(1 << 15))).unwrap();
        assert_eq!(s.players()[0].tickets, [last]);
        s.apply(Action::KeepTickets(Keep(u16::MAX))).unwrap();
        assert_eq!(s.players()[1].tickets.len(), 16);
        // A draw in play offers 16 too, and any of them can be kept.
        s.apply(Action::DrawTickets).unwrap();
        assert_eq!((s.phase(), s.offer().len()), (Phase::KeepTickets, 16));
        assert_eq!(legal(&s).len(), (1 << 16) - 1);
        let text = s.action_text(Action::KeepTickets(Keep(1 << 15)));
        assert_eq!(
            s.parse_action(&text).unwrap(),
            Action::KeepTickets(Keep(1 << 15))
        );
        play_out(&mut s, 11);
    }

    #[test]
    fn an_offer_of_17_tickets_is_refused() {
        let found = errors(&chain(
            "{players: {min: 2, max: 2}, tickets: {setup: {regular: 17, keep: 1}}}",
        ));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].code, Code::EngineLimit);
        assert_eq!(
            found[0].message,
            "17 tickets offered at setup (17 regular, 0 long); the engine offers at most 16 at once"
        );
        assert_eq!(found[0].path.as_deref(), Some("rules.tickets.setup"));
        assert_eq!(found[0].objects, [ObjectRef::Rule("tickets.setup".into())]);
        // Regular and long tickets are offered together.
        let found = errors(&chain(
            "{players: {min: 2, max: 2}, tickets: {draw: {regular: 9, long: 8}}}",
        ));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].path.as_deref(), Some("rules.tickets.draw"));
    }

    const TUNNEL: &str = "cities: [{name: A, x: 0, y: 0}, {name: B, x: 60, y: 0}]
routes: [{from: A, to: B, length: 1, color: gray, tunnel: true}]";

    #[test]
    fn a_tunnel_reveals_all_8_cards_asked() {
        let v = check(&format!(
            "rules: {{players: {{min: 2, max: 2}}, tunnels: {{reveal: 8}}, tickets: {{setup: {{regular: 0, keep: 0}}}}}}\n{TUNNEL}"
        ));
        assert!(!v.diagnostics.has_errors(), "{:#?}", v.diagnostics);
        let game = BoardGame::new(
            v.design.and_then(|d| d.board().cloned()).expect("a board"),
            2,
        )
        .unwrap();
        let mut s = game.new_game(3);
        for _ in 0..2 {
            s.apply(Action::KeepTickets(Keep(0))).unwrap();
        }
        let claim = legal(&s)
            .into_iter()
            .find(|a| matches!(a, Action::Claim { .. }))
            .expect("the tunnel can be claimed");
        let events = s.apply(claim).unwrap();
        let revealed = events
            .iter()
            .find_map(|e| match e {
                Event::TunnelRevealed { cards, .. } => Some(cards.len()),
                _ => None,
            })
            .expect("cards are revealed");
        assert_eq!(revealed, 8);
        if let Phase::Tunnel(t) = s.phase() {
            assert_eq!(t.revealed.iter().flatten().count(), 8);
        }
        play_out(&mut s, 5);
    }

    #[test]
    fn revealing_9_cards_is_refused_when_there_are_tunnels() {
        let rules = "rules: {players: {min: 2, max: 2}, tunnels: {reveal: 9}, tickets: {setup: {regular: 0, keep: 0}}}";
        let found = errors(&format!("{rules}\n{TUNNEL}"));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].code, Code::EngineLimit);
        assert_eq!(
            found[0].message,
            "tunnels reveal 9 cards; the engine reveals at most 8 (the design has 1 tunnel)"
        );
        assert_eq!(found[0].path.as_deref(), Some("rules.tunnels.reveal"));
        // Without tunnels the parameter is never used.
        let plain = TUNNEL.replace(", tunnel: true", "");
        assert!(errors(&format!("{rules}\n{plain}")).is_empty());
    }

    #[test]
    fn six_face_up_terrain_cards_play_and_seven_are_refused_even_without_terrain_cards() {
        let design = |n: u8| {
            format!(
                "rules: {{players: {{min: 2, max: 2}}, terrain_cards: {{face_up: {n}}}, tickets: {{setup: {{regular: 0, keep: 0}}}}}}\n{TUNNEL}"
            )
        };
        let v = check(&design(6));
        assert!(!v.diagnostics.has_errors(), "{:#?}", v.diagnostics);
        let game = BoardGame::new(
            v.design.and_then(|d| d.board().cloned()).expect("a board"),
            2,
        )
        .unwrap();
        play_out(&mut game.new_game(2), 2);
        let found = errors(&design(7));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(
            found[0].message,
            "7 face-up terrain cards; the engine shows at most 6"
        );
        assert_eq!(
            found[0].path.as_deref(),
            Some("rules.terrain_cards.face_up")
        );
    }

    /// Two routes of 1 point, a longest-path bonus and two tickets: at most
    /// 2 + bonus + 2 × (first + second) can be scored or lost.
    fn big_tickets(bonus: i32, first: u32, second: u32) -> String {
        format!(
            "rules: {{players: {{min: 2, max: 2}}, bonuses: {{longest_path: {bonus}}}, tickets: {{setup: {{regular: 1, keep: 1}}}}}}
cities: [{{name: A, x: 0, y: 0}}, {{name: B, x: 60, y: 0}}, {{name: C, x: 120, y: 0}}]
routes: [{{from: A, to: B, length: 1, color: red}}, {{from: B, to: C, length: 1, color: blue}}]
tickets: [{{from: A, to: B, points: {first}}}, {{from: A, to: C, points: {second}}}]"
        )
    }

    #[test]
    fn scores_up_to_the_32_bit_limit_play_and_beyond_are_refused() {
        // 2 + 11 + 2 × (536,870,908 + 536,870,909) = 2,147,483,647 exactly.
        let v = check(&big_tickets(11, 536_870_908, 536_870_909));
        assert!(!v.diagnostics.has_errors(), "{:#?}", v.diagnostics);
        let game = BoardGame::new(
            v.design.and_then(|d| d.board().cloned()).expect("a board"),
            2,
        )
        .unwrap();
        for seed in 0..4 {
            play_out(&mut game.new_game(seed), seed);
        }
        // One point more is refused.
        let found = errors(&big_tickets(12, 536_870_908, 536_870_909));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].code, Code::EngineLimit);
        assert!(
            found[0].message.starts_with(
                "a score could reach 2147483648 points (routes 2, tickets 2147483634, bonuses 12"
            ),
            "{}",
            found[0].message
        );
        assert_eq!(found[0].path.as_deref(), Some("tickets[1].points"));
        assert_eq!(found[0].objects, [ObjectRef::Ticket(1)]);
    }
}
