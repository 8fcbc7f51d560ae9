//! Deriving a card-game design from a board design (`tracklayer derive
//! card-game`): each ticket of the map becomes a card-game ticket whose
//! cards are the colours of the routes along a path between its cities.
//!
//! - The path is the shortest by number of routes; among equally short ones,
//!   the one with fewest gray routes, then the first by city names.
//! - A step with routes of several colours (a double route) takes the colour
//!   used least so far by the tickets derived before it; a gray step follows
//!   the [`GrayRule`].
//! - Points follow the [`PointsRule`]: by default the map ticket's own points.
//! - The Big Cities proposed are the cities most tickets name (ties by
//!   name), with the `card-game` preset's points, in its order.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};

use formats::{Family, GameFile, TicketSpec};
use indexmap::IndexMap;
use serde_yaml::{Mapping, Value};

/// What a gray route's card is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GrayRule {
    /// The deck colour used least so far by the derived tickets (ties: deck order).
    LeastUsed,
    /// Always this colour.
    Color(String),
}

/// How a derived ticket's points are set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointsRule {
    /// The map ticket's own points.
    Map,
    /// This many points per card the ticket needs.
    PerCard(u32),
}

/// The designer's choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeriveOptions {
    /// Gray routes.
    pub gray: GrayRule,
    /// Points.
    pub points: PointsRule,
    /// How many Big Cities to propose (0: keep the preset's).
    pub big_cities: usize,
}

impl Default for DeriveOptions {
    fn default() -> Self {
        DeriveOptions {
            gray: GrayRule::LeastUsed,
            points: PointsRule::Map,
            big_cities: 6,
        }
    }
}

/// Why a design cannot be derived.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeriveError {
    /// The source is not a board design.
    #[error("only a board design can be derived from; this one is `{0}`")]
    NotABoard(Family),
    /// Its rules or cards do not resolve.
    #[error("the source's `{path}`: {message}")]
    Rules {
        /// The field.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// A gray rule naming a colour the deck lacks.
    #[error("`{0}` is not a colour of the source's deck ({1})")]
    UnknownColor(String, String),
    /// No ticket could be derived.
    #[error("none of the source's tickets has a path between its cities")]
    NoTickets,
}

/// What was derived, and the tickets left out (no path between their ends).
#[derive(Debug, Clone)]
pub struct Derived {
    /// The card-game design.
    pub design: GameFile,
    /// Tickets of the map with no path, by name.
    pub skipped: Vec<String>,
}

/// Derives a card-game design from `board`, naming `source` (its path as the
/// new file will refer to it) in `derived_from`.
pub fn derive(
    board: &GameFile,
    source: &str,
    opts: &DeriveOptions,
) -> Result<Derived, DeriveError> {
    if board.family != Family::Board {
        return Err(DeriveError::NotABoard(board.family));
    }
    let (_, deck) =
        formats::board_game::rules::resolve(&board.rules, &board.cards).map_err(|e| {
            DeriveError::Rules {
                path: e.path,
                message: e.message,
            }
        })?;
    let colors = deck.colors_in_play();
    if let GrayRule::Color(c) = &opts.gray
        && !colors.contains(c)
    {
        return Err(DeriveError::UnknownColor(c.clone(), colors.join(", ")));
    }
    // Steps between neighbouring cities, each with the colours of its routes.
    let mut steps: BTreeMap<(&str, &str), Vec<&str>> = BTreeMap::new();
    for r in &board.routes {
        for (a, b) in [(&r.from, &r.to), (&r.to, &r.from)] {
            steps
                .entry((a.as_str(), b.as_str()))
                .or_default()
                .push(r.color.as_str());
        }
    }
    let mut neighbours: HashMap<&str, Vec<&str>> = HashMap::new();
    for &(a, b) in steps.keys() {
        neighbours.entry(a).or_default().push(b);
    }
    let mut used: HashMap<String, u32> = colors.iter().map(|c| (c.clone(), 0)).collect();
    let mut tickets = Vec::new();
    let mut skipped = Vec::new();
    for t in &board.tickets {
        let Some(path) = shortest(&t.from, &t.to, &neighbours, &steps) else {
            skipped.push(t.display_name());
            continue;
        };
        let mut cards: IndexMap<String, u8> = IndexMap::new();
        for pair in path.windows(2) {
            let options = &steps[&(pair[0], pair[1])];
            let colored: Vec<&str> = options
                .iter()
                .copied()
                .filter(|c| *c != "gray" && used.contains_key(*c))
                .collect();
            let color = if colored.is_empty() {
                match &opts.gray {
                    GrayRule::Color(c) => c.clone(),
                    GrayRule::LeastUsed => least_used(&colors, &used, &colors),
                }
            } else {
                let names: Vec<String> = colored.iter().map(|c| (*c).to_owned()).collect();
                least_used(&names, &used, &colors)
            };
            *used.entry(color.clone()).or_default() += 1;
            *cards.entry(color).or_default() += 1;
        }
        cards.sort_by(|a, _, b, _| {
            let at = |c: &String| colors.iter().position(|x| x == c).unwrap_or(usize::MAX);
            at(a).cmp(&at(b))
        });
        let size: u32 = cards.values().map(|&n| u32::from(n)).sum();
        tickets.push(TicketSpec {
            from: t.from.clone(),
            to: t.to.clone(),
            points: match opts.points {
                PointsRule::Map => t.points,
                PointsRule::PerCard(k) => k * size,
            },
            cards,
            path: path.iter().map(|c| (*c).to_owned()).collect(),
            ..TicketSpec::default()
        });
    }
    if tickets.is_empty() {
        return Err(DeriveError::NoTickets);
    }
    let mut rules = Mapping::new();
    rules.insert("preset".into(), formats::card_game::PRESET.into());
    if opts.big_cities > 0 {
        rules.insert(
            "big_cities".into(),
            Value::Sequence(big_cities(&tickets, opts.big_cities)),
        );
    }
    let mut cards = Mapping::new();
    let (_, preset_cards) = formats::card_game::preset_sections();
    let preset_colors: Vec<String> = preset_cards
        .get("colors")
        .and_then(Value::as_mapping)
        .map(|m| {
            m.keys()
                .filter_map(|k| k.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    if preset_colors != colors {
        // The source's colours, each with the preset's count of one colour.
        let per = preset_cards
            .get("colors")
            .and_then(Value::as_mapping)
            .and_then(|m| m.values().next().cloned())
            .unwrap_or(Value::from(10));
        let mut m = Mapping::new();
        for c in &colors {
            m.insert(c.as_str().into(), per.clone());
        }
        cards.insert("colors".into(), Value::Mapping(m));
    }
    let points_words = match opts.points {
        PointsRule::Map => "each ticket keeps the map ticket's points".to_owned(),
        PointsRule::PerCard(k) => format!(
            "each ticket scores {} per card",
            crate::words::count(k, "point")
        ),
    };
    let gray_words = match &opts.gray {
        GrayRule::LeastUsed => "gray routes take the least-used colour".to_owned(),
        GrayRule::Color(c) => format!("gray routes take {c}"),
    };
    let design = GameFile {
        name: format!("{} — The Card Game", board.name),
        family: Family::CardGame,
        description: Some(format!(
            "Derived from {source} by `tracklayer derive card-game`: each ticket's cards are the colours of the routes along the shortest path between its cities (by route count); {gray_words}; {points_words}. {}.",
            if opts.big_cities > 0 {
                format!(
                    "Big Cities are the {} most tickets name",
                    crate::words::count(opts.big_cities, "city")
                )
            } else {
                "Big Cities come from the card-game preset".to_owned()
            }
        )),
        derived_from: Some(source.to_owned()),
        rules,
        cards,
        tickets,
        ..GameFile::default()
    };
    Ok(Derived { design, skipped })
}

/// The colour of `options` used least so far (ties: deck order).
fn least_used(options: &[String], used: &HashMap<String, u32>, deck: &[String]) -> String {
    options
        .iter()
        .min_by_key(|c| {
            (
                used.get(*c).copied().unwrap_or(0),
                deck.iter().position(|d| d == *c).unwrap_or(usize::MAX),
            )
        })
        .cloned()
        .unwrap_or_default()
}

/// The path from `from` to `to` with fewest routes, then fewest gray steps,
/// then first by city names (Dijkstra on that order).
fn shortest<'a>(
    from: &'a str,
    to: &str,
    neighbours: &HashMap<&'a str, Vec<&'a str>>,
    steps: &BTreeMap<(&'a str, &'a str), Vec<&'a str>>,
) -> Option<Vec<&'a str>> {
    type Cost<'a> = (u32, u32, Vec<&'a str>);
    let mut best: HashMap<&str, (u32, u32)> = HashMap::new();
    let mut heap: BinaryHeap<Reverse<Cost<'a>>> = BinaryHeap::new();
    heap.push(Reverse((0, 0, vec![from])));
    while let Some(Reverse((hops, grays, path))) = heap.pop() {
        let here = *path.last()?;
        if here == to {
            return (path.len() > 1).then_some(path);
        }
        if best.get(here).is_some_and(|&b| b < (hops, grays)) {
            continue;
        }
        for &next in neighbours.get(here).into_iter().flatten() {
            if path.contains(&next) {
                continue;
            }
            let all_gray = steps[&(here, next)].iter().all(|c| *c == "gray");
            let cost = (hops + 1, grays + u32::from(all_gray));
            if best.get(next).is_some_and(|&b| b <= cost) {
                continue;
            }
            best.insert(next, cost);
            let mut p = path.clone();
            p.push(next);
            heap.push(Reverse((cost.0, cost.1, p)));
        }
    }
    None
}

/// The `n` cities most tickets name (ties by name), with the preset's points.
fn big_cities(tickets: &[TicketSpec], n: usize) -> Vec<Value> {
    let mut named: BTreeMap<&str, u32> = BTreeMap::new();
    for t in tickets {
        *named.entry(t.from.as_str()).or_default() += 1;
        *named.entry(t.to.as_str()).or_default() += 1;
    }
    let mut cities: Vec<(&str, u32)> = named.into_iter().collect();
    cities.sort_by_key(|&(c, k)| (Reverse(k), c));
    let (rules, _) = formats::card_game::preset_sections();
    let points: Vec<Value> = rules
        .get("big_cities")
        .and_then(Value::as_sequence)
        .map(|s| s.iter().filter_map(|b| b.get("points").cloned()).collect())
        .unwrap_or_default();
    cities
        .iter()
        .take(n)
        .enumerate()
        .map(|(i, (c, _))| {
            let mut m = Mapping::new();
            m.insert("city".into(), (*c).into());
            m.insert(
                "points".into(),
                points
                    .get(i)
                    .or(points.last())
                    .cloned()
                    .unwrap_or(Value::from(0)),
            );
            Value::Mapping(m)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usa() -> GameFile {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        formats::load(&path).expect("usa.yaml loads").design
    }

    #[test]
    fn every_usa_ticket_gets_the_colours_of_its_shortest_path() {
        let d = derive(&usa(), "usa.yaml", &DeriveOptions::default()).expect("derives");
        assert!(d.skipped.is_empty());
        assert_eq!(d.design.tickets.len(), 30);
        for t in &d.design.tickets {
            let size: u32 = t.cards.values().map(|&n| u32::from(n)).sum();
            assert_eq!(size as usize, t.path.len() - 1, "{}", t.display_name());
            assert_eq!(t.path.first(), Some(&t.from));
            assert_eq!(t.path.last(), Some(&t.to));
        }
        let built = crate::validate(&d.design);
        assert!(!built.diagnostics.has_errors(), "{:?}", built.diagnostics);
    }

    #[test]
    fn the_gray_rule_and_points_formula_are_the_designers() {
        let opts = DeriveOptions {
            gray: GrayRule::Color("red".into()),
            points: PointsRule::PerCard(3),
            big_cities: 2,
        };
        let board = usa();
        let d = derive(&board, "usa.yaml", &opts).expect("derives");
        for t in &d.design.tickets {
            let size: u32 = t.cards.values().map(|&n| u32::from(n)).sum();
            assert_eq!(t.points, 3 * size);
        }
        let bc = d
            .design
            .rules
            .get("big_cities")
            .and_then(Value::as_sequence);
        assert_eq!(bc.map(Vec::len), Some(2));
        let bad = DeriveOptions {
            gray: GrayRule::Color("purple".into()),
            ..DeriveOptions::default()
        };
        assert!(matches!(
            derive(&board, "usa.yaml", &bad),
            Err(DeriveError::UnknownColor(..))
        ));
    }
}
