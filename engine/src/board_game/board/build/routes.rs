//! The routes of a map: both ends cities, a scored length, a colour of the
//! deck (and, with terrain cards on, of a terrain type), ferries within
//! their length, ids unique.

use std::collections::HashMap;

use formats::{GameFile, Rules};

use super::deck::{Palette, Terrain};
use super::hint;
use super::places::Places;
use crate::board_game::board::{CityId, Route, RouteColor};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};

/// The routes of `file`, each problem diagnosed; `false` when a route could
/// not be built.
pub(super) fn routes(
    file: &GameFile,
    rules: &Rules,
    palette: &Palette<'_>,
    terrain: &Terrain,
    places: &Places<'_>,
    diags: &mut Diagnostics,
) -> (Vec<Route>, bool) {
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
            match places.city_index.get(city) {
                Some(&c) => Some(CityId::from_index(c)),
                None => {
                    diags.push(
                        Diagnostic::new(
                            Code::UnknownName,
                            format!(
                                "route {name} starts or ends at `{city}`, which is not a city{}",
                                hint(city, file.cities.iter().map(|c| c.name.as_str()))
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
        let color = palette.color_of(&r.color);
        if color.is_none() {
            diags.push(
                Diagnostic::new(
                    Code::UnknownColor,
                    format!(
                        "route {name} is `{}`, which the deck does not have{}",
                        r.color,
                        hint(&r.color, palette.names.iter().copied().chain(["gray"]))
                    ),
                )
                .at(format!("routes[{i}].color"))
                .object(obj.clone())
                .fix(format!(
                    "use `gray` or one of the deck's colours: {}",
                    palette.names.join(", ")
                )),
            );
        }
        if r.ferry > r.length {
            diags.push(
                Diagnostic::new(
                    Code::FerryTooManyLocomotives,
                    format!(
                        "ferry {name} needs {} but has only {}",
                        crate::words::count(r.ferry, "locomotive"),
                        crate::words::count(r.length, "space")
                    ),
                )
                .at(format!("routes[{i}].ferry"))
                .object(obj.clone())
                .fix(format!("set `ferry:` to at most {}", r.length)),
            );
        }
        let terrain_type = match (!terrain.types.is_empty(), color) {
            (true, Some(c)) => {
                let cname = match c {
                    RouteColor::Gray => "gray",
                    RouteColor::Color(id) => palette.names[id.index()],
                };
                let t = terrain.of_color.get(cname).copied();
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
                let doubling_cost = if terrain_type.is_some() {
                    rules
                        .terrain_cards
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
                    terrain: terrain_type,
                    doubling_cost,
                    siblings: Vec::new(),
                });
            }
            _ => routes_ok = false,
        }
    }
    (routes, routes_ok)
}
