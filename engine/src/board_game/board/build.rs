//! From design file to board: resolve every name to an index and report every
//! structural error at once (unknown names, duplicates, bad lengths, colours,
//! contradictory rules, decks too small). A board is returned only when there is
//! no error.

use std::collections::HashMap;

use formats::suggest::did_you_mean;
use formats::{Family, GameFile};

use super::*;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};

fn hint<'a>(wrong: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    did_you_mean(wrong, names)
        .map(|h| format!("; did you mean `{h}`?"))
        .unwrap_or_default()
}

fn parse_rgb(s: &str) -> Option<[u8; 3]> {
    let h = s.strip_prefix('#')?;
    if h.len() != 6 {
        return None;
    }
    let v = u32::from_str_radix(h, 16).ok()?;
    Some([(v >> 16) as u8, (v >> 8) as u8, v as u8])
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

    let (rules, deck) = match formats::rules::resolve(&file.rules, &file.cards) {
        Ok(r) => r,
        Err(e) => {
            diags.push(Diagnostic::unresolved_rules(&e));
            return None;
        }
    };

    // Colours: only those with cards count towards the limit, since a colour
    // with no cards is not in play.
    let in_play = deck.colors.values().filter(|&&n| n > 0).count();
    if in_play > MAX_COLORS {
        diags.push(
            Diagnostic::new(
                Code::EngineLimit,
                format!("the deck has {in_play} colours; the engine plays at most {MAX_COLORS}"),
            )
            .at("cards.colors")
            .object(ObjectRef::Cards)
            .fix(format!(
                "use at most {MAX_COLORS} colours (a colour set to 0 cards is not in play)"
            )),
        );
    }
    let mut colors = Vec::new();
    // A colour with no cards is not in play (how a design drops a preset's colour).
    for (name, &count) in deck.in_play() {
        if name == "gray" || name == "locomotive" {
            diags.push(
                Diagnostic::new(
                    Code::RuleContradiction,
                    format!(
                        "`{name}` cannot be a deck colour: it means any colour on routes and cards"
                    ),
                )
                .at(format!("cards.colors.{name}"))
                .object(ObjectRef::Cards),
            );
        }
        colors.push(CardColor {
            name: name.clone(),
            count,
            rgb: deck.palette.get(name).and_then(|s| parse_rgb(s)),
        });
    }
    let color_names: Vec<&str> = colors.iter().map(|c| c.name.as_str()).collect();
    let color_of = |name: &str| -> Option<RouteColor> {
        if name == "gray" {
            Some(RouteColor::Gray)
        } else {
            color_names
                .iter()
                .position(|c| *c == name)
                .map(|i| RouteColor::Color(ColorId::from_index(i)))
        }
    };

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

    // Countries.
    let mut countries: Vec<Country> = Vec::new();
    let mut country_index: HashMap<&str, usize> = HashMap::new();
    for (i, c) in file.countries.iter().enumerate() {
        if country_index.insert(c.name.as_str(), i).is_some() {
            diags.push(
                Diagnostic::new(
                    Code::DuplicateName,
                    format!("two countries are named `{}`", c.name),
                )
                .at(format!("countries[{i}].name"))
                .object(ObjectRef::Country(i))
                .fix("rename one of them"),
            );
        }
        countries.push(Country {
            name: c.name.clone(),
            locations: Vec::new(),
        });
    }

    // Cities.
    let mut cities = Vec::with_capacity(file.cities.len());
    let mut city_index: HashMap<&str, usize> = HashMap::new();
    for (i, c) in file.cities.iter().enumerate() {
        if c.name.trim().is_empty() {
            diags.push(
                Diagnostic::new(Code::UnknownName, format!("city {} has no name", i + 1))
                    .at(format!("cities[{i}].name"))
                    .object(ObjectRef::City(i))
                    .fix("give every city a unique name"),
            );
        }
        if let Some(&first) = city_index.get(c.name.as_str()) {
            diags.push(
                Diagnostic::new(
                    Code::DuplicateName,
                    format!("two cities are named `{}`", c.name),
                )
                .at(format!("cities[{i}].name"))
                .object(ObjectRef::City(first))
                .object(ObjectRef::City(i))
                .fix("rename one of them; routes and tickets refer to cities by name"),
            );
        } else {
            city_index.insert(c.name.as_str(), i);
        }
        if country_index.contains_key(c.name.as_str()) {
            diags.push(
                Diagnostic::new(
                    Code::DuplicateName,
                    format!("`{}` names both a city and a country", c.name),
                )
                .at(format!("cities[{i}].name"))
                .object(ObjectRef::City(i))
                .fix("tickets could not tell them apart: rename one"),
            );
        }
        let country =
            match &c.country {
                None => None,
                Some(k) => match country_index.get(k.as_str()) {
                    Some(&ci) => {
                        countries[ci].locations.push(CityId::from_index(i));
                        Some(CountryId::from_index(ci))
                    }
                    None => {
                        diags.push(
                        Diagnostic::new(
                            Code::UnknownCountry,
                            format!(
                                "city `{}` belongs to country `{k}`, which is not in `countries`{}",
                                c.name,
                                hint(k, file.countries.iter().map(|c| c.name.as_str()))
                            ),
                        )
                        .at(format!("cities[{i}].country"))
                        .object(ObjectRef::City(i))
                        .fix(format!("add `- name: {k}` to `countries`, or correct the name")),
                    );
                        None
                    }
                },
            };
        cities.push(City {
            name: c.name.clone(),
            pos: c.pos(),
            country,
        });
    }
    let city_names = || file.cities.iter().map(|c| c.name.as_str());

    // Terrain types.
    let terrain_rules = &rules.terrain_cards;
    let mut terrain_types = Vec::new();
    let mut terrain_of_color: HashMap<String, TerrainId> = HashMap::new();
    if terrain_rules.types.len() > MAX_TERRAIN_TYPES {
        diags.push(
            Diagnostic::new(
                Code::EngineLimit,
                format!(
                    "{} terrain types; the engine plays at most {MAX_TERRAIN_TYPES}",
                    terrain_rules.types.len()
                ),
            )
            .at("rules.terrain_cards.types")
            .object(ObjectRef::Rule("terrain_cards.types".into()))
            .fix(format!("use at most {MAX_TERRAIN_TYPES} terrain types")),
        );
    }
    for (t, ty) in terrain_rules.types.iter().enumerate() {
        for (k, col) in ty.colors.iter().enumerate() {
            let path = format!("rules.terrain_cards.types[{t}].colors[{k}]");
            if color_of(col).is_none() {
                diags.push(
                    Diagnostic::new(
                        Code::UnknownColor,
                        format!(
                            "terrain type `{}` names colour `{col}`, which the deck does not have{}",
                            ty.name,
                            hint(col, color_names.iter().copied().chain(["gray"]))
                        ),
                    )
                    .at(path)
                    .object(ObjectRef::Rule("terrain_cards.types".into())),
                );
            } else if terrain_of_color
                .insert(col.clone(), TerrainId::from_index(t))
                .is_some()
            {
                diags.push(
                    Diagnostic::new(
                        Code::RuleContradiction,
                        format!("colour `{col}` belongs to two terrain types"),
                    )
                    .at(path)
                    .object(ObjectRef::Rule("terrain_cards.types".into())),
                );
            }
        }
        terrain_types.push(TerrainType {
            name: ty.name.clone(),
            count: ty.count,
        });
    }
    let terrain_on = !terrain_types.is_empty();

    // Routes.
    let mut routes = Vec::with_capacity(file.routes.len());
    let mut route_ids: HashMap<&str, usize> = HashMap::new();
    let mut routes_ok = true;
    for (i, r) in file.routes.iter().enumerate() {
        let obj = ObjectRef::Route(i);
        let name = r.display_name();
        if let Some(id) = &r.id
            && let Some(first) = route_ids.insert(id.as_str(), i)
        {
            diags.push(
                Diagnostic::new(
                    Code::DuplicateRouteId,
                    format!("two routes have the id `{id}`"),
                )
                .at(format!("routes[{i}].id"))
                .object(ObjectRef::Route(first))
                .object(obj.clone())
                .fix("route ids must be unique; change one"),
            );
        }
        let mut end = |field: &str, city: &str| -> Option<CityId> {
            match city_index.get(city) {
                Some(&c) => Some(CityId::from_index(c)),
                None => {
                    diags.push(
                        Diagnostic::new(
                            Code::UnknownName,
                            format!(
                                "route {name} starts or ends at `{city}`, which is not a city{}",
                                hint(city, city_names())
                            ),
                        )
                        .at(format!("routes[{i}].{field}"))
                        .object(obj.clone())
                        .fix("use the name of a city in `cities`, or add the city"),
                    );
                    None
                }
            }
        };
        let from = end("from", &r.from);
        let to = end("to", &r.to);
        if from.is_some() && from == to {
            diags.push(
                Diagnostic::new(
                    Code::SelfLoop,
                    format!("route {name} goes from `{}` to itself", r.from),
                )
                .at(format!("routes[{i}].to"))
                .object(obj.clone())
                .fix("change one end, or delete the route"),
            );
        }
        let length = u8::try_from(r.length).ok().filter(|&l| l > 0);
        let points = length.and_then(|l| rules.route_points.get(&l).copied());
        if points.is_none() {
            let scored: Vec<String> = rules.route_points.keys().map(u8::to_string).collect();
            diags.push(
                Diagnostic::new(
                    Code::LengthNotScored,
                    format!(
                        "route {name} has length {}, which the scoring table does not score (it scores {})",
                        r.length,
                        scored.join(", ")
                    ),
                )
                .at(format!("routes[{i}].length"))
                .object(obj.clone())
                .fix(format!(
                    "use one of those lengths, or add `{}: <points>` to `rules.route_points`",
                    r.length
                )),
            );
        }
        let color = color_of(&r.color);
        if color.is_none() {
            diags.push(
                Diagnostic::new(
                    Code::UnknownColor,
                    format!(
                        "route {name} is `{}`, which the deck does not have{}",
                        r.color,
                        hint(&r.color, color_names.iter().copied().chain(["gray"]))
                    ),
                )
                .at(format!("routes[{i}].color"))
                .object(obj.clone())
                .fix(format!(
                    "use `gray` or one of the deck's colours: {}",
                    color_names.join(", ")
                )),
            );
        }
        if r.ferry > r.length {
            diags.push(
                Diagnostic::new(
                    Code::FerryTooManyLocomotives,
                    format!(
                        "ferry {name} needs {} locomotives but has only {} spaces",
                        r.ferry, r.length
                    ),
                )
                .at(format!("routes[{i}].ferry"))
                .object(obj.clone())
                .fix(format!("set `ferry:` to at most {}", r.length)),
            );
        }
        let terrain = match (terrain_on, color) {
            (true, Some(c)) => {
                let cname = match c {
                    RouteColor::Gray => "gray",
                    RouteColor::Color(id) => color_names[id.index()],
                };
                let t = terrain_of_color.get(cname).copied();
                if t.is_none() {
                    diags.push(
                        Diagnostic::new(
                            Code::TerrainColorMissing,
                            format!(
                                "terrain cards are on, but no terrain type covers route {name}'s colour `{cname}`"
                            ),
                        )
                        .at(format!("routes[{i}].color"))
                        .object(obj.clone())
                        .object(ObjectRef::Rule("terrain_cards.types".into()))
                        .fix(format!("add `{cname}` to a terrain type's `colors`")),
                    );
                }
                t
            }
            _ => None,
        };
        match (from, to, length, points, color) {
            (Some(from), Some(to), Some(length), Some(points), Some(color))
                if from != to && r.ferry <= r.length =>
            {
                let doubling_cost = if terrain.is_some() {
                    terrain_rules
                        .doubling_cost
                        .get(&length)
                        .copied()
                        .unwrap_or(0)
                } else {
                    0
                };
                routes.push(Route {
                    key: r.id.clone().unwrap_or_else(|| name.clone()),
                    name: name.clone(),
                    from,
                    to,
                    length,
                    color,
                    tunnel: r.tunnel,
                    ferry: r.ferry as u8,
                    points,
                    terrain,
                    doubling_cost,
                    siblings: Vec::new(),
                });
            }
            _ => routes_ok = false,
        }
    }

    // Tickets.
    let place = |name: &str| -> Option<Place> {
        city_index
            .get(name)
            .map(|&c| Place::City(CityId::from_index(c)))
            .or_else(|| {
                country_index
                    .get(name)
                    .map(|&k| Place::Country(CountryId::from_index(k)))
            })
    };
    let mut tickets = Vec::with_capacity(file.tickets.len());
    let mut tickets_ok = true;
    for (i, t) in file.tickets.iter().enumerate() {
        let obj = ObjectRef::Ticket(i);
        let name = t.display_name();
        let mut end = |field: &str, n: &str| -> Option<Place> {
            let p = place(n);
            if p.is_none() {
                diags.push(
                    Diagnostic::new(
                        Code::UnknownName,
                        format!(
                            "ticket {name} names `{n}`, which is neither a city nor a country{}",
                            hint(
                                n,
                                city_names().chain(file.countries.iter().map(|c| c.name.as_str()))
                            )
                        ),
                    )
                    .at(format!("tickets[{i}].{field}"))
                    .object(obj.clone())
                    .fix("use the name of a city or a country"),
                );
            }
            p
        };
        let from = end("from", &t.from);
        let to = end("to", &t.to);
        match (from, to) {
            (Some(a), Some(b)) if a == b => {
                diags.push(
                    Diagnostic::new(
                        Code::TicketSelf,
                        format!("ticket {name} goes from a place to itself"),
                    )
                    .at(format!("tickets[{i}].to"))
                    .object(obj)
                    .fix("change one end, or delete the ticket"),
                );
                tickets_ok = false;
            }
            (Some(from), Some(to)) => tickets.push(Ticket {
                from,
                to,
                points: i32::try_from(t.points).unwrap_or(i32::MAX),
                long: t.long,
                name,
            }),
            _ => tickets_ok = false,
        }
    }

    crate::board_game::design_checks::rules::check_rules(&rules, &deck, file, diags);

    let errors = diags.count(crate::diagnostics::Severity::Error) > errors_before;
    if errors || !routes_ok || !tickets_ok {
        return None;
    }

    let mut adjacency = vec![Vec::new(); cities.len()];
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

    Some(Board {
        name: file.name.clone(),
        rules,
        colors,
        locomotives: deck.locomotives,
        cities,
        countries,
        routes,
        tickets,
        terrain_types,
        adjacency,
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
