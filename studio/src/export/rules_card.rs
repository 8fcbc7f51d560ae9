//! The rules summary printed on a card, written from the design's rule
//! parameters (so a variant's card shows the variant's numbers), for each
//! rule family.

use engine::Board;
use engine::card_game::CardDesign;
use engine::dice::DiceDesign;
use formats::card_game::CardTieBreak;
use formats::rules::{Returned, TieBreak};

/// The summary's lines, each a short sentence (tunnels, stations and terrain
/// cards only where the design has them).
pub fn lines(board: &Board) -> Vec<String> {
    let r = board.rules();
    let mut out = vec![
        format!(
            "{}–{} players, {} trains each.",
            r.players.min, r.players.max, r.trains
        ),
        format!(
            "Deck: {} train cards in {} colours and {} locomotives.",
            board
                .colors()
                .iter()
                .map(|c| u32::from(c.count))
                .sum::<u32>(),
            board.colors().len(),
            board.locomotives()
        ),
        format!(
            "Setup: {} cards each; {} tickets{}, keep at least {}.",
            r.initial_hand,
            r.tickets.setup.regular,
            if r.tickets.setup.long > 0 {
                format!(" and {} long", r.tickets.setup.long)
            } else {
                String::new()
            },
            r.tickets.setup.keep
        ),
        format!(
            "{} cards face up{}.",
            r.display.size,
            if r.display.locomotive_reset > 0 {
                format!(
                    "; {} locomotives face up: deal them anew",
                    r.display.locomotive_reset
                )
            } else {
                String::new()
            }
        ),
        format!(
            "A turn: draw train cards{}, claim a route, or draw {} tickets and keep at least {}.",
            if r.display.locomotive_counts_double {
                " (a face-up locomotive is both)"
            } else {
                ""
            },
            r.tickets.draw.regular,
            r.tickets.draw.keep
        ),
        format!(
            "Route points by length: {}.",
            r.route_points
                .iter()
                .map(|(len, pts)| format!("{len}={pts}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        format!(
            "Double routes: both tracks from {} players.",
            r.doubles.both_tracks_from
        ),
    ];
    if r.tunnels.reveal > 0 && board.routes().iter().any(|route| route.tunnel) {
        out.push(format!(
            "Tunnels: reveal {} cards; pay one more for each of the route's colour or a locomotive.",
            r.tunnels.reveal
        ));
    }
    if r.stations.count > 0 {
        out.push(format!(
            "{} stations each, costing {} cards; {} points for each unbuilt.",
            r.stations.count,
            r.stations
                .costs
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            r.stations.unbuilt_points
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
        "The last round starts when a player has {} trains or fewer.",
        r.end.trains_left
    ));
    if r.bonuses.longest_path != 0 {
        out.push(format!("Longest path: {} points.", r.bonuses.longest_path));
    }
    if r.bonuses.globetrotter != 0 {
        out.push(format!(
            "Most tickets completed: {} points.",
            r.bonuses.globetrotter
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

/// The card game's summary, written from `design`'s rule parameters and deck.
pub fn card_game_lines(design: &CardDesign) -> Vec<String> {
    let r = &design.rules;
    let colours = design.colors.len();
    let trains: u32 = (0..colours).map(|k| u32::from(design.deck.0[k])).sum();
    let mut out = vec![
        format!("{}–{} players.", r.players.min, r.players.max),
        format!(
            "Deck: {trains} train cards in {colours} colours and {} locomotives.",
            design.deck.0[design.loco()]
        ),
        format!(
            "Setup: {} locomotive(s) and {} train cards each; {} tickets, keep at least {}.",
            r.locomotives_dealt, r.initial_hand, r.tickets.setup.dealt, r.tickets.setup.keep
        ),
        format!(
            "{} cards face up{}.",
            r.display.size,
            if r.display.locomotive_counts_double {
                "; a face-up locomotive uses both draws"
            } else {
                ""
            }
        ),
        format!(
            "A turn: draw {} train cards, play cards to the Rail Yard or On the Track, or draw {} tickets and keep at least {}.",
            r.draws_per_turn, r.tickets.draw.dealt, r.tickets.draw.keep
        ),
        format!(
            "Rail Yard: a row of one colour, at least {} cards (locomotives allowed){}.",
            r.rail_yard.same_color_min,
            if r.rail_yard.mixed_colors > 0 {
                format!(
                    ", or exactly {} cards of as many colours, no locomotives",
                    r.rail_yard.mixed_colors
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
        .map(|(p, n)| format!("{n} deals with {p} players"))
        .collect();
    if !deals.is_empty() {
        out.push(format!(
            "{}; each later deal starts with {} train cards each.",
            deals.join(", "),
            r.next_deal_hand
        ));
    }
    if !design.big_cities.is_empty() {
        out.push(format!(
            "Big City bonus: most completed tickets naming {}.",
            design
                .big_cities
                .iter()
                .map(|b| format!("{} ({})", b.name, b.points))
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
            "{}–{} players; {} dice each, {} white bonus dice.",
            r.players.min, r.players.max, r.dice.per_player, r.dice.bonus
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
            "A turn: roll up to {} dice (recall all at {} on the board); re-roll for {} coin(s).",
            r.dice.rolled, r.dice.recall_at, r.coins.reroll_cost
        ),
        format!(
            "Coins: start with {}, hold at most {}; a coin face gives {}.",
            r.coins.start, r.coins.max, r.coins.per_face
        ),
        format!(
            "{} equal building faces build one; each player has {} ranches, {} mines, {} hotels.",
            r.dice.build_set, r.buildings.ranch, r.buildings.mine, r.buildings.hotel
        ),
        format!(
            "Strike: {} locked trains showing lose {} points.",
            r.strike.locked_trains, r.strike.points
        ),
        format!(
            "A full group of spaces delivers: {} point(s) per connected city for every player in it; the majority takes the city bonuses.",
            r.points.per_city
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
            "Speculation: give {} goods for one of a new good; {} point(s) per card short.",
            r.speculation.give, r.speculation.points_when_short
        ),
        format!(
            "Special cards: {} dealt, keep {}. Points: start with {}; {} per building on an empty deck.",
            r.specials.dealt, r.specials.keep, r.points.start, r.points.empty_deck
        ),
        format!(
            "The last round starts when the supply ({}) runs out. Ties: most {}.",
            r.points
                .supply
                .iter()
                .map(|(p, n)| format!("{n} for {p} players"))
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
