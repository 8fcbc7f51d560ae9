//! From design file to board: resolve every name to an index and report every
//! structural error at once (unknown names, duplicates, bad lengths, colours,
//! contradictory rules, decks too small). A board is returned only when there is
//! no error.

use std::collections::HashMap;

use formats::suggest::did_you_mean;
use formats::{Family, GameFile};

use super::*;
use crate::diagnostics::{Code, Diagnostic, Diagnostics};

mod deck;
mod places;
mod routes;
mod tickets;

fn hint<'a>(wrong: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    did_you_mean(wrong, names)
        .map(|h| format!("; did you mean `{h}`?"))
        .unwrap_or_default()
}

/// Builds a board from a design, adding every structural problem to `diags`.
/// Returns `None` when any error was found.
pub fn build(file: &GameFile, diags: &mut Diagnostics) -> Option<Board> {
    let errors_before = diags.count(crate::diagnostics::Severity::Error);
    if file.family != Family::Board {
        diags.push(
            Diagnostic::new(
                Code::UnsupportedFamily,
                format!(
                    "this needs a `board` design, and this is a `{}` design (it has no board)",
                    file.family
                ),
            )
            .at("family")
            .fix("use a `board` design here"),
        );
        return None;
    }

    let (rules, deck) = match formats::board_game::rules::resolve(&file.rules, &file.cards) {
        Ok(r) => r,
        Err(e) => {
            diags.push(Diagnostic::unresolved_rules(&e));
            return None;
        }
    };

    let colors = deck::colors(&deck, diags);
    let palette = deck::Palette::new(&colors);

    for (what, n) in [
        ("cities", file.cities.len()),
        ("routes", file.routes.len()),
        ("tickets", file.tickets.len()),
        ("countries", file.countries.len()),
    ] {
        if n > MAX_OBJECTS {
            diags.push(
                Diagnostic::new(
                    Code::EngineLimit,
                    format!("the design has {n} {what}; the engine holds at most {MAX_OBJECTS}"),
                )
                .at(what)
                .fix(format!("keep at most {MAX_OBJECTS} {what}")),
            );
            return None;
        }
    }

    let places = places::places(file, diags);
    let terrain = deck::terrain(&rules, &palette, diags);
    let (mut routes, routes_ok) = routes::routes(file, &rules, &palette, &terrain, &places, diags);
    let (tickets, tickets_ok) = tickets::tickets(file, &places, diags);

    crate::board_game::design_checks::rules::check_rules(&rules, &deck, file, diags);

    let errors = diags.count(crate::diagnostics::Severity::Error) > errors_before;
    if errors || !routes_ok || !tickets_ok {
        return None;
    }

    let mut adjacency = vec![Vec::new(); places.cities.len()];
    for (i, r) in routes.iter().enumerate() {
        adjacency[r.from.index()].push(RouteId::from_index(i));
        adjacency[r.to.index()].push(RouteId::from_index(i));
    }
    let pairs: Vec<(CityId, CityId)> = routes
        .iter()
        .map(|r| (r.from.min(r.to), r.from.max(r.to)))
        .collect();
    let mut by_pair: HashMap<(CityId, CityId), Vec<RouteId>> = HashMap::new();
    for (i, p) in pairs.iter().enumerate() {
        by_pair.entry(*p).or_default().push(RouteId::from_index(i));
    }
    for (i, r) in routes.iter_mut().enumerate() {
        r.siblings = by_pair[&pairs[i]]
            .iter()
            .copied()
            .filter(|&s| s.index() != i)
            .collect();
    }
    // Disambiguate names shared by parallel routes of one colour.
    let mut name_count: HashMap<String, usize> = HashMap::new();
    for r in &routes {
        *name_count.entry(r.name.clone()).or_default() += 1;
    }
    for r in &mut routes {
        if name_count[&r.name] > 1 && r.key != r.name {
            r.name = format!("{} [{}]", r.name, r.key);
        }
    }

    let route_ends = routes.iter().map(RouteEnds::of).collect();
    let dead_ends = places.cities.iter().map(|c| c.country.is_some()).collect();
    Some(Board {
        name: file.name.clone(),
        rules,
        colors,
        locomotives: deck.locomotives,
        cities: places.cities,
        countries: places.countries,
        routes,
        tickets,
        terrain_types: terrain.types,
        adjacency,
        route_ends,
        dead_ends,
    })
}

#[cfg(test)]
mod tests {
    use crate::board_game::design_checks::testing::{check, with};
    use crate::diagnostics::{Code, ObjectRef, Severity};

    const MAP: &str = "cities:
  - {name: Denver, x: 0, y: 0}
  - {name: Omaha, x: 120, y: 0}
  - {name: Helena, x: 0, y: 120}
routes:
  - {from: Denver, to: Omaha, length: 4, color: pink}
  - {from: Denver, to: Helena, length: 4, color: gray}
tickets:
  - {from: Helena, to: Omaha, points: 8}
";

    /// The one diagnostic of `code` for `map` edited by `from` → `to`.
    fn only(code: Code, from: &str, to: &str) -> crate::Diagnostic {
        assert!(MAP.contains(from), "{from}");
        let v = check(&MAP.replacen(from, to, 1));
        let found = with(&v, code);
        assert_eq!(found.len(), 1, "{:#?}", v.diagnostics);
        assert_eq!(found[0].severity, Severity::Error);
        assert!(v.design.is_none(), "an error blocks the board");
        found[0].clone()
    }

    #[test]
    fn tl001_unknown_names_in_routes_and_tickets_are_suggested() {
        let d = only(Code::UnknownName, "to: Omaha, length", "to: Omahaa, length");
        assert_eq!(
            d.message,
            "route Denver - Omahaa (pink) starts or ends at `Omahaa`, which is not a city; did you mean `Omaha`?"
        );
        assert_eq!(d.path.as_deref(), Some("routes[0].to"));
        assert_eq!(d.objects, [ObjectRef::Route(0)]);
        let d = only(
            Code::UnknownName,
            "from: Helena, to: Omaha",
            "from: Helen, to: Omaha",
        );
        assert!(
            d.message.starts_with("ticket Helen - Omaha names `Helen`"),
            "{}",
            d.message
        );
        assert_eq!(d.path.as_deref(), Some("tickets[0].from"));
    }

    #[test]
    fn tl002_names_both_cities() {
        let d = only(Code::DuplicateName, "name: Helena", "name: Denver");
        assert_eq!(d.message, "two cities are named `Denver`");
        assert_eq!(d.path.as_deref(), Some("cities[2].name"));
        assert_eq!(d.objects, [ObjectRef::City(0), ObjectRef::City(2)]);
    }

    #[test]
    fn tl003_names_both_routes() {
        let v = check(&MAP.replace("- {from: Denver", "- {id: r1, from: Denver"));
        let d = &with(&v, Code::DuplicateRouteId)[0];
        assert_eq!(d.message, "two routes have the id `r1`");
        assert_eq!(d.path.as_deref(), Some("routes[1].id"));
        assert_eq!(d.objects, [ObjectRef::Route(0), ObjectRef::Route(1)]);
    }

    #[test]
    fn tl004_names_the_loop() {
        let d = only(Code::SelfLoop, "to: Helena, length", "to: Denver, length");
        assert_eq!(
            d.message,
            "route Denver - Denver (gray) goes from `Denver` to itself"
        );
        assert_eq!(d.path.as_deref(), Some("routes[1].to"));
    }

    #[test]
    fn tl005_lists_the_scored_lengths() {
        let d = only(
            Code::LengthNotScored,
            "length: 4, color: pink",
            "length: 7, color: pink",
        );
        assert_eq!(
            d.message,
            "route Denver - Omaha (pink) has length 7, which the scoring table does not score (it scores 1, 2, 3, 4, 5, 6)"
        );
        assert_eq!(d.path.as_deref(), Some("routes[0].length"));
    }

    #[test]
    fn tl006_suggests_the_deck_colour() {
        let d = only(Code::UnknownColor, "color: pink", "color: pnik");
        assert!(
            d.message.starts_with("route Denver - Omaha (pnik) is `pnik`, which the deck does not have; did you mean `pink`?"),
            "{}",
            d.message
        );
        assert_eq!(d.path.as_deref(), Some("routes[0].color"));
    }

    #[test]
    fn tl007_names_the_ferry() {
        let d = only(
            Code::FerryTooManyLocomotives,
            "color: gray}",
            "color: gray, ferry: 5}",
        );
        assert_eq!(
            d.message,
            "ferry Denver - Helena (gray) needs 5 locomotives but has only 4 spaces"
        );
        assert_eq!(d.path.as_deref(), Some("routes[1].ferry"));
    }

    #[test]
    fn tl009_names_the_ticket() {
        let d = only(Code::TicketSelf, "to: Omaha, points", "to: Helena, points");
        assert_eq!(
            d.message,
            "ticket Helena - Helena goes from a place to itself"
        );
        assert_eq!(d.path.as_deref(), Some("tickets[0].to"));
        assert_eq!(d.objects, [ObjectRef::Ticket(0)]);
    }

    #[test]
    fn tl013_names_the_route_colour_no_terrain_covers() {
        let v = check(&format!(
            "rules: {{preset: heart-of-africa, players: {{min: 2, max: 2}}, tickets: {{setup: {{regular: 0, keep: 0}}}}}}\ncards: {{colors: {{purple: 12}}}}\n{}",
            MAP.replace("color: pink", "color: purple")
        ));
        let d = &with(&v, Code::TerrainColorMissing)[0];
        assert!(
            d.message
                .contains("route Denver - Omaha (purple)'s colour `purple`"),
            "{}",
            d.message
        );
        assert_eq!(d.path.as_deref(), Some("routes[0].color"));
    }

    #[test]
    fn tl014_suggests_the_country() {
        let v = check(&format!(
            "countries: [{{name: Madagascar}}]\n{}",
            MAP.replace("x: 0, y: 120}", "x: 0, y: 120, country: Madagscar}")
        ));
        let d = &with(&v, Code::UnknownCountry)[0];
        assert_eq!(
            d.message,
            "city `Helena` belongs to country `Madagscar`, which is not in `countries`; did you mean `Madagascar`?"
        );
        assert_eq!(d.path.as_deref(), Some("cities[2].country"));
    }

    #[test]
    fn tl015_names_the_family() {
        let mut file = crate::validate::test_design(MAP);
        file.family = formats::Family::CardGame;
        let v = crate::Board::build(&file).unwrap_err();
        let d = v.with_code(Code::UnsupportedFamily).next().unwrap();
        assert!(d.message.contains("a `card-game` design"), "{}", d.message);
        assert_eq!(d.path.as_deref(), Some("family"));
    }

    #[test]
    fn tl016_names_the_limit() {
        let v = check(&format!(
            "rules: {{players: {{min: 2, max: 9}}, tickets: {{setup: {{regular: 0, keep: 0}}}}}}\n{MAP}"
        ));
        let d = &with(&v, Code::EngineLimit)[0];
        assert_eq!(d.message, "up to 9 players; the engine seats at most 8");
        assert_eq!(d.path.as_deref(), Some("rules.players.max"));
        assert_eq!(d.objects, [ObjectRef::Rule("players.max".into())]);
    }

    #[test]
    fn tl016_counts_only_the_colours_in_play() {
        // The preset's 8 colours, 5 more, and green dropped: 12 in play.
        let cards = "cards: {colors: {green: 0, c1: 12, c2: 12, c3: 12, c4: 12, c5: 12}}";
        let v = check(&format!("{cards}\n{MAP}"));
        assert!(
            with(&v, Code::EngineLimit).is_empty(),
            "{:#?}",
            v.diagnostics
        );
        let board = v
            .design
            .and_then(|d| d.board().cloned())
            .expect("12 colours play");
        assert_eq!(board.colors().len(), 12);
        let v = check(&format!(
            "{}\n{MAP}",
            cards.replace("green: 0", "green: 12")
        ));
        let d = &with(&v, Code::EngineLimit)[0];
        assert_eq!(
            d.message,
            "the deck has 13 colours; the engine plays at most 12"
        );
        assert_eq!(d.path.as_deref(), Some("cards.colors"));
        assert_eq!(d.objects, [ObjectRef::Cards]);
    }
}
