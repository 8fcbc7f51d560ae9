//! The rules summary printed on a card, written from the design's rule
//! parameters (so a variant's card shows the variant's numbers), for each
//! rule family.

use engine::Board;
use engine::card_game::CardDesign;
use engine::dice::DiceDesign;
use engine::words::{count, count_with};
use formats::board_game::rules::{Returned, TieBreak};
use formats::card_game::CardTieBreak;

/// The summary's lines, each a short sentence (tunnels, stations and terrain
/// cards only where the design has them).
pub fn lines(board: &Board) -> Vec<String> {
    let r = board.rules();
    let mut out = vec![
        format!(
            "{}–{} players, {} each.",
            r.players.min,
            r.players.max,
            count(r.trains, "train")
        ),
        format!(
            "Deck: {} in {} and {}.",
            count(
                board
                    .colors()
                    .iter()
                    .map(|c| u32::from(c.count))
                    .sum::<u32>(),
                "train card"
            ),
            count(board.colors().len(), "colour"),
            count(board.locomotives(), "locomotive")
        ),
        format!(
            "Setup: {} each; {}{}, {}.",
            count(r.initial_hand, "train card"),
            count(r.tickets.setup.regular, "ticket"),
            if r.tickets.setup.long > 0 {
                format!(" and {} long", r.tickets.setup.long)
            } else {
                String::new()
            },
            keep(r.tickets.setup.keep)
        ),
        format!(
            "{} face up{}.",
            count(r.display.size, "card"),
            if r.display.locomotive_reset > 0 {
                format!(
                    "; {} face up: deal them anew",
                    count(r.display.locomotive_reset, "locomotive")
                )
            } else {
                String::new()
            }
        ),
        format!(
            "A turn: draw 2 train cards{}, claim a route, or draw {} and {}.",
            if r.display.locomotive_counts_double {
                " (a face-up locomotive is both)"
            } else {
                ""
            },
            count(r.tickets.draw.regular, "ticket"),
            keep(r.tickets.draw.keep)
        ),
        "Claim a route with as many cards of its colour as its spaces (a grey route: any one colour; locomotives are wild), and place your trains on it.".to_owned(),
        format!(
            "Route points by length: {}.",
            r.route_points
                .iter()
                .map(|(len, pts)| format!("{len}={pts}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        format!(
            "Double routes: both tracks from {}.",
            count(r.doubles.both_tracks_from, "player")
        ),
        "Tickets: a ticket whose two ends your own routes join scores its points at the end; one not completed loses them.".to_owned(),
    ];
    let ferries = board
        .routes()
        .iter()
        .filter(|route| route.ferry > 0)
        .count();
    if ferries > 0 {
        out.push(format!(
            "Ferries ({}): pay a locomotive for each locomotive space the route shows, the rest in its colour.",
            count(ferries, "route")
        ));
    }
    let countries = board.tickets().iter().any(|t| {
        matches!(t.from, engine::board_game::board::Place::Country(_))
            || matches!(t.to, engine::board_game::board::Place::Country(_))
    });
    if countries {
        out.push(
            "Country tickets: an end that is a country is reached at any of its cities.".to_owned(),
        );
    }
    if r.tunnels.reveal > 0 && board.routes().iter().any(|route| route.tunnel) {
        out.push(format!(
            "Tunnels: reveal {}; pay one more for each of the route's colour or a locomotive.",
            count(r.tunnels.reveal, "card")
        ));
    }
    if r.stations.count > 0 {
        out.push(format!(
            "Stations: {} each. A turn may build one in a city, paying {} cards of one colour (1st, 2nd, …); at the end it lets you use one route of another player into that city for your tickets. {} for each station not built.",
            r.stations.count,
            r.stations
                .costs
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            count(r.stations.unbuilt_points.unsigned_abs(), "point")
        ));
    }
    let t = &r.terrain_cards;
    if !t.types.is_empty() {
        out.push(format!(
            "Terrain cards: {} dealt, {} face up. Cards that double a route's points, by length: {}.",
            t.dealt,
            t.face_up,
            t.doubling_cost
                .iter()
                .map(|(len, n)| format!("{len}={n}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if r.tickets.returned == Returned::Out {
        out.push("Tickets returned at setup leave the game.".to_owned());
    }
    out.push(format!(
        "The last round starts when a player has {} or fewer: everyone, that player included, has one more turn.",
        count(r.end.trains_left, "train")
    ));
    if r.bonuses.longest_path != 0 {
        out.push(format!(
            "Longest path: {}.",
            count(r.bonuses.longest_path, "point")
        ));
    }
    if r.bonuses.globetrotter != 0 {
        out.push(format!(
            "Most tickets completed: {}.",
            count(r.bonuses.globetrotter, "point")
        ));
    }
    if !r.tie_break.is_empty() {
        out.push(format!(
            "Ties: {}.",
            r.tie_break
                .iter()
                .map(|t| match t {
                    TieBreak::CompletedTickets => "most tickets completed",
                    TieBreak::FewestStations => "fewest stations built",
                    TieBreak::LongestPath => "longest path",
                })
                .collect::<Vec<_>>()
                .join(", then ")
        ));
    }
    out
}

/// The designer's own rules (`rules_text:`, Markdown) as lines for the
/// rules cards: headings in capitals, list items with a bullet, paragraphs
/// joined; emphasis and links keep their text.
pub fn designer_lines(markdown: &str) -> Vec<String> {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut heading = false;
    let mut depth = 0usize;
    let flush = |cur: &mut String, out: &mut Vec<String>| {
        let line = cur.trim_end().to_owned();
        if !line.trim().is_empty() {
            out.push(line);
        }
        cur.clear();
    };
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Heading { .. }) => {
                flush(&mut cur, &mut out);
                heading = true;
            }
            Event::End(TagEnd::Heading(_)) => {
                cur = cur.to_uppercase();
                flush(&mut cur, &mut out);
                heading = false;
            }
            Event::Start(Tag::List(_)) => depth += 1,
            Event::End(TagEnd::List(_)) => depth = depth.saturating_sub(1),
            Event::Start(Tag::Item) => {
                flush(&mut cur, &mut out);
                cur.push_str(&"  ".repeat(depth.saturating_sub(1)));
                cur.push_str("• ");
            }
            Event::End(TagEnd::Paragraph | TagEnd::Item | TagEnd::CodeBlock) => {
                flush(&mut cur, &mut out);
            }
            Event::Text(t) | Event::Code(t) => cur.push_str(&t),
            Event::SoftBreak => cur.push(' '),
            Event::HardBreak => flush(&mut cur, &mut out),
            _ => {}
        }
    }
    debug_assert!(!heading);
    flush(&mut cur, &mut out);
    out
}

/// What a player keeps of the tickets dealt: at least `k`, or any number.
fn keep(k: u8) -> String {
    if k == 0 {
        "keep any number of them".to_owned()
    } else {
        format!("keep at least {k}")
    }
}

/// The card game's summary, written from `design`'s rule parameters and deck.
pub fn card_game_lines(design: &CardDesign) -> Vec<String> {
    let r = &design.rules;
    let colours = design.colors.len();
    let trains: u32 = (0..colours).map(|k| u32::from(design.deck.0[k])).sum();
    let mut out = vec![
        format!("{}–{} players.", r.players.min, r.players.max),
        format!(
            "Deck: {} in {} and {}.",
            count(trains, "train card"),
            count(colours, "colour"),
            count(design.deck.0[design.loco()], "locomotive")
        ),
        format!(
            "Setup: {} and {} each; {}, {}.",
            count(r.locomotives_dealt, "locomotive"),
            count(r.initial_hand, "train card"),
            count(r.tickets.setup.dealt, "ticket"),
            keep(r.tickets.setup.keep)
        ),
        format!(
            "{} face up{}.",
            count(r.display.size, "card"),
            if r.display.locomotive_counts_double {
                "; a face-up locomotive uses both draws"
            } else {
                ""
            }
        ),
        format!(
            "A turn: first move one card from each colour of your Rail Yard onto your On the Track pile; then draw {}, play cards to your Rail Yard, or draw {} and {}.",
            count(r.draws_per_turn, "train card"),
            count(r.tickets.draw.dealt, "ticket"),
            keep(r.tickets.draw.keep)
        ),
        "Train Robbery: playing more cards of a colour than another player has in their Rail Yard makes them discard theirs.".to_owned(),
        format!(
            "Rail Yard: a row of one colour, at least {} (locomotives allowed){}.",
            count(r.rail_yard.same_color_min, "card"),
            if r.rail_yard.mixed_colors > 0 {
                format!(
                    ", or exactly {} of as many colours, no locomotives",
                    count(r.rail_yard.mixed_colors, "card")
                )
            } else {
                String::new()
            }
        ),
        "A ticket is completed by the cards it shows On the Track; its points are won, or lost when it is not completed.".to_owned(),
    ];
    let deals: Vec<String> = r
        .deals
        .iter()
        .filter(|(_, n)| **n > 1)
        .map(|(p, n)| format!("{} with {}", count(*n, "deal"), count(*p, "player")))
        .collect();
    if !deals.is_empty() {
        out.push(format!(
            "{}; each later deal starts with {} each.",
            deals.join(", "),
            count(r.next_deal_hand, "train card")
        ));
    }
    if !design.big_cities.is_empty() {
        out.push(format!(
            "Big City bonus: most completed tickets naming {}.",
            design
                .big_cities
                .iter()
                .map(|b| format!("{} ({})", b.name, count(b.points, "point")))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if !r.tie_break.is_empty() {
        out.push(format!(
            "Ties: {}.",
            r.tie_break
                .iter()
                .map(|t| match t {
                    CardTieBreak::CompletedTickets => "most tickets completed",
                    CardTieBreak::BonusCards => "most Big City cards",
                })
                .collect::<Vec<_>>()
                .join(", then ")
        ));
    }
    out
}

/// The dice game's summary, written from `design`'s rule parameters.
pub fn dice_lines(design: &DiceDesign) -> Vec<String> {
    let r = &design.rules;
    let chain = |stages: &[Vec<String>]| {
        stages
            .iter()
            .map(|s| s.join("/"))
            .collect::<Vec<_>>()
            .join(" -> ")
    };
    vec![
        format!(
            "{}–{} players; {} each, {}.",
            r.players.min,
            r.players.max,
            count_with(r.dice.per_player, "die", "dice"),
            count_with(r.dice.bonus, "white bonus die", "white bonus dice")
        ),
        format!(
            "Die faces: {}.",
            r.dice
                .faces
                .iter()
                .map(|f| f.name())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        format!(
            "A turn: roll up to {} (or, with {} of yours on the board, recall them all and end the turn); re-roll any dice but locked trains for {} each.",
            count_with(r.dice.rolled, "die", "dice"),
            r.dice.recall_at,
            count(r.coins.reroll_cost, "coin")
        ),
        "Then place every train on a track space next to a station or one of your trains; build with equal building faces; cash coin faces.".to_owned(),
        format!(
            "Coins: start with {}, hold at most {}; a coin face gives {}.",
            count(r.coins.start, "coin"),
            r.coins.max,
            count(r.coins.per_face, "coin")
        ),
        format!(
            "{} equal building faces build one; each player has {}, {}, {}.",
            r.dice.build_set,
            count(r.buildings.ranch, "ranch"),
            count(r.buildings.mine, "mine"),
            count(r.buildings.hotel, "hotel")
        ),
        format!(
            "Strike: {} showing lose {}.",
            count(r.strike.locked_trains, "locked train"),
            count(r.strike.points, "point")
        ),
        format!(
            "A full group of spaces delivers: {} per connected city for every player in it; the majority takes the city bonuses; every building in the connected stations yields its good.",
            count(r.points.per_city, "point")
        ),
        format!(
            "Goods: ranch {}; mine {}; hotel {}.",
            chain(&r.chains.ranch),
            chain(&r.chains.mine),
            chain(&r.chains.hotel)
        ),
        format!(
            "Monopolies: {}.",
            r.goods
                .iter()
                .map(|(g, k)| format!("{g} {}", k.monopoly))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        format!(
            "Speculation: give {} for one of a new good; {} per card short.",
            count(r.speculation.give, "good"),
            count(r.speculation.points_when_short, "point")
        ),
        format!(
            "Special cards: {} dealt, keep {}. Points: start with {}; {} per building on an empty deck.",
            r.specials.dealt,
            r.specials.keep,
            count(r.points.start, "point"),
            count(r.points.empty_deck, "point")
        ),
        format!(
            "The last round starts when the supply ({}) runs out. Ties: most {}.",
            r.points
                .supply
                .iter()
                .map(|(p, n)| format!("{n} for {}", count(*p, "player")))
                .collect::<Vec<_>>()
                .join(", "),
            r.tie_break
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of a bundled design.
    fn map(name: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps")
            .join(name);
        std::fs::read_to_string(path).expect("the bundled design reads")
    }

    #[test]
    fn the_card_game_summary_shows_the_designs_own_numbers() {
        let text = map("card-game-usa.yaml").replace(
            "rules:\n  preset: card-game\n",
            "rules:\n  preset: card-game\n  initial_hand: 5\n  rail_yard: {same_color_min: 3, mixed_colors: 0}\n",
        );
        let file = formats::load_str(&text, std::path::Path::new("cards.yaml"))
            .expect("the design loads")
            .design;
        let mut diags = engine::Diagnostics::default();
        let design = engine::card_game::build(&file, &mut diags).expect("the design builds");
        let text = card_game_lines(&design).join("\n");
        assert!(text.contains("5 train cards each"), "{text}");
        assert!(text.contains("at least 3 cards"), "{text}");
        assert!(!text.contains("as many colours"), "{text}");
        assert!(text.contains("2 deals with 4 players"), "{text}");
    }

    #[test]
    fn the_designers_markdown_becomes_plain_lines() {
        let lines = designer_lines(
            "# Setup\n\nDeal **two** cards\nto each player.\n\n- Red starts\n- Then *clockwise*\n",
        );
        assert_eq!(
            lines,
            [
                "SETUP",
                "Deal two cards to each player.",
                "• Red starts",
                "• Then clockwise"
            ]
        );
    }

    #[test]
    fn no_summary_says_keep_at_least_0_or_counts_in_parentheses() {
        for name in [
            "usa.yaml",
            "europe.yaml",
            "card-game-usa.yaml",
            "trains-and-stations-demo.yaml",
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../maps")
                .join(name);
            let file = formats::load(&path).expect("loads").design;
            let text = match engine::families::AnyDesign::build(&file).expect("builds") {
                engine::families::AnyDesign::Board(b) => lines(&b),
                engine::families::AnyDesign::CardGame(d) => card_game_lines(&d),
                engine::families::AnyDesign::Dice(d) => dice_lines(&d),
            }
            .join("\n");
            assert!(!text.contains("(s)"), "{name}: {text}");
            assert!(!text.contains("at least 0"), "{name}: {text}");
            if name == "europe.yaml" {
                assert!(
                    text.contains("Ferries (") && text.contains("Tunnels"),
                    "{text}"
                );
                assert!(text.contains("Stations: 3 each"), "{text}");
            }
            if name == "usa.yaml" {
                assert!(text.contains("loses them"), "{text}");
            }
        }
    }

    #[test]
    fn the_dice_summary_follows_the_rules() {
        let text = map("trains-and-stations-demo.yaml").replace(
            "rules:\n  preset: trains-and-stations\n",
            "rules:\n  preset: trains-and-stations\n  strike: {locked_trains: 4, points: 2}\n",
        );
        let file = formats::load_str(&text, std::path::Path::new("dice.yaml"))
            .expect("the design loads")
            .design;
        let design = DiceDesign::build(&file).expect("the design builds");
        let text = dice_lines(&design).join("\n");
        assert!(
            text.contains("Strike: 4 locked trains showing lose 2 points"),
            "{text}"
        );
        assert!(text.contains("ranch cattle -> food -> gold"), "{text}");
    }
}
