//! What each family's deck of printed cards holds, section by section
//! (tickets, train cards, terrain, Big City, special and goods cards, the
//! rules summary).

use engine::Board;
use engine::card_game::CardDesign;
use engine::dice::DiceDesign;
use engine::dice::design::Special;
use formats::GameFile;

use super::*;
use crate::drawing::colors::Palette;
use crate::export::rules_card;
use crate::export::sheet::wrap;

/// The sections in order, empty ones left out.
fn nonempty(sections: Vec<(&str, Vec<Card>)>) -> Vec<Section> {
    sections
        .into_iter()
        .filter(|(_, cards)| !cards.is_empty())
        .map(|(title, cards)| Section {
            title: title.to_owned(),
            cards,
        })
        .collect()
}

/// The train cards of a deck (`count` of each colour, then the locomotives,
/// striped in the deck's colours).
fn deck_cards(colours: &[(String, u8)], locomotives: u8, palette: &Palette) -> Vec<Card> {
    let mut trains = Vec::new();
    for (name, count) in colours {
        for _ in 0..*count {
            trains.push(Card::Train {
                colour: name.clone(),
                fill: palette.route(name),
            });
        }
    }
    let stripes: Vec<_> = colours.iter().map(|(c, _)| palette.route(c)).collect();
    trains.extend((0..locomotives).map(|_| Card::Locomotive {
        stripes: stripes.clone(),
    }));
    trains
}

/// The rules summary `lines` wrapped onto as many cards as they need, a
/// sentence never split between two cards (unless it alone is longer than a
/// card).
pub(crate) fn rules_cards(title: &str, lines: &[String]) -> Vec<Card> {
    let mut cards: Vec<Vec<String>> = vec![Vec::new()];
    for l in lines {
        let mut w = wrap(l, RULE_WIDTH);
        for more in w.iter_mut().skip(1) {
            more.insert_str(0, "  ");
        }
        for piece in w.chunks(RULE_LINES) {
            let card = cards
                .last_mut()
                .filter(|c| c.len() + piece.len() <= RULE_LINES);
            match card {
                Some(card) => card.extend_from_slice(piece),
                None => cards.push(piece.to_vec()),
            }
        }
    }
    cards
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(|lines| Card::Rules {
            title: title.to_owned(),
            lines,
        })
        .collect()
}

/// The card sections of a card-game design (`file` built as `design`): its
/// tickets with the cards they need, the train cards and locomotives per the
/// deck, the Big City bonus cards and the rules summary.
pub fn card_game_sections(file: &GameFile, design: &CardDesign) -> Vec<Section> {
    let palette = Palette::of(file);
    let colours: Vec<(String, u8)> = design
        .colors
        .iter()
        .enumerate()
        .map(|(i, c)| (c.clone(), design.deck.0[i]))
        .collect();
    let tickets = design
        .tickets
        .iter()
        .map(|t| Card::Needs {
            from: t.cities[0].clone(),
            to: t.cities[1].clone(),
            points: t.points,
            chips: design
                .colors
                .iter()
                .enumerate()
                .filter(|&(k, _)| t.needs.0[k] > 0)
                .map(|(k, name)| Chip {
                    kind: name.clone(),
                    fill: palette.route(name),
                    count: t.needs.0[k],
                })
                .collect(),
        })
        .collect();
    let big = design
        .big_cities
        .iter()
        .map(|b| Card::BigCity {
            city: b.name.clone(),
            points: b.points,
        })
        .collect();
    nonempty(vec![
        ("Destination tickets", tickets),
        (
            "Train cards and locomotives",
            deck_cards(&colours, design.deck.0[design.loco()], &palette),
        ),
        ("Big City bonus cards", big),
        (
            RULES_SUMMARY,
            rules_cards(RULES_SUMMARY, &rules_card::card_game_lines(design)),
        ),
    ])
}

/// The card sections of a dice design: the special cards (delivery tickets
/// and goods cards, as many of each as the deck holds), the goods decks and
/// the rules summary.
pub fn dice_sections(design: &DiceDesign) -> Vec<Section> {
    let station = |i: u16| {
        design
            .stations
            .get(usize::from(i))
            .map_or_else(String::new, |s| s.name.clone())
    };
    let good = |i: u8| {
        design
            .goods
            .get(usize::from(i))
            .map_or_else(String::new, |g| g.name.clone())
    };
    let specials = design
        .specials
        .iter()
        .map(|s| match *s {
            Special::Ticket { a, b, points } => Card::Delivery {
                from: station(a),
                to: station(b),
                points,
            },
            Special::Goods { a, b } => Card::Goods {
                a: good(a),
                b: good(b),
            },
        })
        .collect();
    let goods = design
        .goods
        .iter()
        .flat_map(|g| {
            (0..g.cards).map(|_| Card::Good {
                name: g.name.clone(),
                monopoly: g.monopoly,
            })
        })
        .collect();
    nonempty(vec![
        ("Special cards", specials),
        ("Goods cards", goods),
        (
            RULES_SUMMARY,
            rules_cards(RULES_SUMMARY, &rules_card::dice_lines(design)),
        ),
    ])
}

/// The card sections of `design`: tickets, long tickets, train cards and
/// locomotives, terrain cards (each as many as the deck holds) and the rules
/// summary. Empty sections are left out.
pub fn sections(design: &GameFile, board: &Board) -> Vec<Section> {
    let palette = Palette::of(design);
    let ticket = |t: &formats::TicketSpec| Card::Ticket {
        from: t.from.clone(),
        to: t.to.clone(),
        points: t.points,
        long: t.long,
    };
    let colours: Vec<(String, u8)> = board
        .colors()
        .iter()
        .map(|c| (c.name.clone(), c.count))
        .collect();
    let trains = deck_cards(&colours, board.locomotives(), &palette);
    let mut terrain = Vec::new();
    for t in &board.rules().terrain_cards.types {
        let colours: Vec<_> = t
            .colors
            .iter()
            .map(|c| (c.clone(), palette.route(c)))
            .collect();
        for _ in 0..t.count {
            terrain.push(Card::Terrain {
                name: t.name.clone(),
                colours: colours.clone(),
            });
        }
    }
    let rules = rules_cards(RULES_SUMMARY, &rules_card::lines(board));
    nonempty(vec![
        (
            "Destination tickets",
            design
                .tickets
                .iter()
                .filter(|t| !t.long)
                .map(ticket)
                .collect(),
        ),
        (
            "Long destination tickets",
            design
                .tickets
                .iter()
                .filter(|t| t.long)
                .map(ticket)
                .collect(),
        ),
        ("Train cards and locomotives", trains),
        ("Terrain cards", terrain),
        (RULES_SUMMARY, rules),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The USA card game with `cards:` and `rules:` of its own and its first
    /// ticket needing `needs`.
    fn card_game(rules: &str, cards: &str, needs: &str) -> (GameFile, CardDesign) {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/card-game-usa.yaml");
        let text = std::fs::read_to_string(path)
            .expect("the bundled design reads")
            .replace(
                "rules:\n  preset: card-game\n",
                &format!("rules:\n  preset: card-game\n{rules}cards:\n{cards}"),
            )
            .replacen("  cards:\n    yellow: 1\n    red: 1\n", needs, 1);
        let file = formats::load_str(&text, std::path::Path::new("cards.yaml"))
            .expect("the design loads")
            .design;
        let mut diags = engine::Diagnostics::default();
        let design = engine::card_game::build(&file, &mut diags).expect("the design builds");
        (file, design)
    }

    #[test]
    fn a_card_game_ticket_shows_the_cards_it_needs_and_the_deck_and_big_cities_are_counted() {
        let (file, design) = card_game(
            "  big_cities: [{city: Denver, points: 7}]\n",
            "  locomotives: 20\n",
            "  cards: {red: 2, blue: 1}\n",
        );
        let sections = card_game_sections(&file, &design);
        let titles: Vec<&str> = sections.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(
            titles,
            [
                "Destination tickets",
                "Train cards and locomotives",
                "Big City bonus cards",
                "Rules summary"
            ]
        );
        let Card::Needs { points, chips, .. } = &sections[0].cards[0] else {
            panic!("{:?}", sections[0].cards[0]);
        };
        assert_eq!(*points, 4);
        let needs: Vec<(&str, u8)> = chips.iter().map(|c| (c.kind.as_str(), c.count)).collect();
        // In the deck's order (blue before red in the preset).
        assert_eq!(needs, [("blue", 1), ("red", 2)]);
        assert_eq!(sections[1].cards.len(), 80 + 20);
        assert_eq!(
            sections[1]
                .cards
                .iter()
                .filter(|c| matches!(c, Card::Locomotive { .. }))
                .count(),
            20
        );
        assert_eq!(
            sections[2].cards,
            [Card::BigCity {
                city: "Denver".to_owned(),
                points: 7
            }]
        );
    }

    #[test]
    fn the_dice_demo_prints_its_specials_and_every_goods_card() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/trains-and-stations-demo.yaml");
        let file = formats::load(&path).expect("the demo loads").design;
        let design = DiceDesign::build(&file).expect("the demo builds");
        let sections = dice_sections(&design);
        assert_eq!(sections[0].title, "Special cards");
        assert_eq!(sections[0].cards.len(), design.specials.len());
        assert!(sections[0].cards.contains(&Card::Delivery {
            from: "Frankfurt".to_owned(),
            to: "Budapest".to_owned(),
            points: 10
        }));
        assert!(sections[0].cards.contains(&Card::Goods {
            a: "silver".to_owned(),
            b: "gold".to_owned()
        }));
        let goods: usize = design.goods.iter().map(|g| usize::from(g.cards)).sum();
        assert_eq!(sections[1].cards.len(), goods);
        assert_eq!(sections[2].title, "Rules summary");
        // Two cards, no sentence split between them.
        let Card::Rules { lines, .. } = &sections[2].cards[1] else {
            panic!("{:?}", sections[2].cards[1]);
        };
        assert_eq!(sections[2].cards.len(), 2);
        assert!(!lines[0].starts_with("  "), "{lines:?}");
    }
}
