//! Fields this version does not know (TL116): kept in `extra` so a newer file
//! survives a round trip, but most likely a typo. The same for keys of
//! `rules:` and `cards:` that are no rule parameter (they would be ignored).

use serde_yaml::Mapping;

use super::Context;
use crate::diagnostics::keys::{self, key_text};
use crate::diagnostics::{Diagnostics, ObjectRef};

/// The board family's own top-level keys ([`keys::design_keys`] adds the
/// shared ones).
const GAME_FILE: &[&str] = &[
    "cards",
    "cities",
    "countries",
    "routes",
    "tickets",
    "terrain",
];
const BOARD: &[&str] = &["width", "height", "car_space"];
const CITY: &[&str] = &["name", "x", "y", "country", "locked"];
const COUNTRY: &[&str] = &["name", "outline"];
const ROUTE: &[&str] = &[
    "id", "from", "to", "length", "color", "tunnel", "ferry", "bends",
];
const TICKET: &[&str] = &["from", "to", "points", "long"];
const TERRAIN: &[&str] = &["regions", "background"];
const REGION: &[&str] = &["kind", "name", "points"];
const BACKGROUND: &[&str] = &["image", "x", "y", "scale", "opacity", "locked"];
const ALLOW: &[&str] = &["code", "object", "reason"];
const TERRAIN_TYPE: &[&str] = &["name", "colors", "count"];
/// Rule sections whose keys are data (lengths), not parameter names.
const KEYED_BY_DATA: &[&str] = &["route_points", "doubling_cost"];

/// Where an unknown field sits, for the message and the diagnostic.
struct Owner<'a> {
    /// `city Denver`, `the design`…
    what: String,
    /// Key path of the owning object (`cities[3]`), empty for the top level.
    path: String,
    object: Option<ObjectRef>,
    known: &'a [&'a str],
}

/// Reports the keys of `extra`; `owner` is only built when there are some.
fn unknown_fields<'a>(extra: &Mapping, owner: impl FnOnce() -> Owner<'a>, diags: &mut Diagnostics) {
    if extra.is_empty() {
        return;
    }
    let owner = owner();
    for key in extra.keys() {
        let key = key_text(key);
        let path = if owner.path.is_empty() {
            key.clone()
        } else {
            format!("{}.{key}", owner.path)
        };
        let mut d = keys::unknown_field(
            path,
            &key,
            owner.known,
            keys::Wording {
                problem: format!(
                    "{} has a field `{key}` this version does not know; it is kept as it is but does nothing",
                    owner.what
                ),
                known_here: " if it is a mistake; known fields",
            },
        );
        if let Some(o) = &owner.object {
            d = d.object(o.clone());
        }
        diags.push(d);
    }
}

/// Runs the check.
pub(super) fn check(ctx: &Context, diags: &mut Diagnostics) {
    let file = ctx.file;
    let top = keys::design_keys(GAME_FILE);
    let owner = |what: String, path: String, object: Option<ObjectRef>, known| Owner {
        what,
        path,
        object,
        known,
    };
    unknown_fields(
        &file.extra,
        || owner("the design".into(), String::new(), None, &top),
        diags,
    );
    if let Some(b) = &file.board {
        unknown_fields(
            &b.extra,
            || owner("`board`".into(), "board".into(), None, BOARD),
            diags,
        );
    }
    for (i, c) in file.cities.iter().enumerate() {
        unknown_fields(
            &c.extra,
            || {
                owner(
                    format!("city {}", c.name),
                    format!("cities[{i}]"),
                    Some(ObjectRef::City(i)),
                    CITY,
                )
            },
            diags,
        );
    }
    for (i, c) in file.countries.iter().enumerate() {
        unknown_fields(
            &c.extra,
            || {
                owner(
                    format!("country {}", c.name),
                    format!("countries[{i}]"),
                    Some(ObjectRef::Country(i)),
                    COUNTRY,
                )
            },
            diags,
        );
    }
    for (i, r) in file.routes.iter().enumerate() {
        unknown_fields(
            &r.extra,
            || {
                owner(
                    format!("route {}", ctx.route_name(i)),
                    format!("routes[{i}]"),
                    Some(ObjectRef::Route(i)),
                    ROUTE,
                )
            },
            diags,
        );
    }
    for (i, t) in file.tickets.iter().enumerate() {
        unknown_fields(
            &t.extra,
            || {
                owner(
                    format!("ticket {}", t.display_name()),
                    format!("tickets[{i}]"),
                    Some(ObjectRef::Ticket(i)),
                    TICKET,
                )
            },
            diags,
        );
    }
    unknown_fields(
        &file.terrain.extra,
        || owner("`terrain`".into(), "terrain".into(), None, TERRAIN),
        diags,
    );
    for (i, r) in file.terrain.regions.iter().enumerate() {
        let what = match &r.name {
            Some(n) => format!("region {n}"),
            None => format!("region {}", i + 1),
        };
        unknown_fields(
            &r.extra,
            || {
                owner(
                    what,
                    format!("terrain.regions[{i}]"),
                    Some(ObjectRef::Region(i)),
                    REGION,
                )
            },
            diags,
        );
    }
    if let Some(b) = &file.terrain.background {
        unknown_fields(
            &b.extra,
            || {
                owner(
                    "the background".into(),
                    "terrain.background".into(),
                    None,
                    BACKGROUND,
                )
            },
            diags,
        );
    }
    for (i, a) in file.allow.iter().enumerate() {
        unknown_fields(
            &a.extra,
            || {
                owner(
                    format!("allow entry {}", a.code),
                    format!("allow[{i}]"),
                    None,
                    ALLOW,
                )
            },
            diags,
        );
    }
    rule_keys(ctx, diags);
}

/// Keys of `rules:` and `cards:` that are no parameter: resolving ignores them.
fn rule_keys(ctx: &Context, diags: &mut Diagnostics) {
    let file = ctx.file;
    let Ok(preset) = formats::board_game::rules::preset_of(&file.rules) else {
        return;
    };
    let (preset_rules, _) = preset.sections();
    let shape = keys::Shape {
        keyed_by_data: KEYED_BY_DATA,
        open: &[],
    };
    let mut unknown = Vec::new();
    keys::unknown_keys(&file.rules, &preset_rules, "rules", &shape, &mut unknown);
    keys::unknown_item_keys(
        file.rules.get("terrain_cards").and_then(|t| t.get("types")),
        "rules.terrain_cards.types",
        TERRAIN_TYPE,
        &mut unknown,
    );
    keys::unknown_card_keys(&file.cards, &mut unknown);
    for u in &unknown {
        diags.push(keys::warning(u));
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, silent_on_bundled_maps, with};
    use super::*;
    use crate::diagnostics::{Code, ObjectRef};
    use serde_yaml::Value;

    fn keys_of<T: serde::Serialize>(value: &T) -> Vec<String> {
        match serde_yaml::to_value(value).unwrap() {
            Value::Mapping(m) => m.keys().map(key_text).collect(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_known_field_lists_match_the_format() {
        use formats::*;
        let p = Points::parse("1,2 3,4 5,6").unwrap();
        let route = RouteSpec {
            id: Some("r".into()),
            tunnel: true,
            ferry: 1,
            bends: p.clone(),
            ..RouteSpec::default()
        };
        assert_eq!(keys_of(&route), ROUTE);
        let city = CitySpec {
            country: Some("K".into()),
            locked: true,
            ..CitySpec::default()
        };
        assert_eq!(keys_of(&city), CITY);
        let ticket = TicketSpec {
            long: true,
            ..TicketSpec::default()
        };
        assert_eq!(keys_of(&ticket), TICKET);
        let country = CountrySpec {
            outline: p.clone(),
            ..CountrySpec::default()
        };
        assert_eq!(keys_of(&country), COUNTRY);
        assert_eq!(keys_of(&BoardSize::default()), BOARD);
        let region = Region {
            name: Some("n".into()),
            points: p,
            ..Region::default()
        };
        assert_eq!(keys_of(&region), REGION);
        let background = Background {
            image: "i.png".into(),
            x: 0.0,
            y: 0.0,
            scale: 1.0,
            opacity: 1.0,
            locked: true,
            extra: Mapping::new(),
        };
        assert_eq!(keys_of(&background), BACKGROUND);
        let terrain = Terrain {
            regions: vec![Region::default()],
            background: Some(background),
            ..Terrain::default()
        };
        assert_eq!(keys_of(&terrain), TERRAIN);
        let allow = Allow {
            object: Some("o".into()),
            reason: Some("r".into()),
            ..Allow::default()
        };
        assert_eq!(keys_of(&allow), ALLOW);
        let mut file: GameFile = serde_yaml::from_str(
            "{extends: b.yaml, description: d, authors: [a], notes: n, board: {width: 1, height: 1},
              rules: {trains: 1}, cards: {locomotives: 1}, countries: [{name: K}],
              terrain: {regions: [{kind: sea, points: '0,0 1,0 1,1'}]},
              allow: [{code: TL103}], remove: {cities: [X]}}",
        )
        .unwrap();
        file.extends = Some("b.yaml".into());
        let mut expected: Vec<&str> = keys::design_keys(GAME_FILE);
        let mut found = keys_of(&file);
        expected.sort_unstable();
        found.sort_unstable();
        assert_eq!(found, expected);
    }

    #[test]
    fn tl116_names_the_object_and_suggests_the_field() {
        let v = check(
            "cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 50, y: 0, contry: K}
routes:
  - {from: A, to: B, length: 2, colour: red, color: red}
",
        );
        let found = with(&v, Code::UnknownField);
        assert_eq!(found.len(), 2, "{found:#?}");
        assert!(
            found[0].message.starts_with("city B has a field `contry`")
                && found[0].message.ends_with("did you mean `country`?"),
            "{}",
            found[0].message
        );
        assert_eq!(found[0].path.as_deref(), Some("cities[1].contry"));
        assert_eq!(found[0].objects, [ObjectRef::City(1)]);
        assert!(
            found[1]
                .message
                .starts_with("route A - B (red) has a field `colour`")
        );
    }

    #[test]
    fn tl116_finds_rule_parameters_that_do_not_exist() {
        let v = check(
            "rules:
  players: {min: 2, max: 2}
  trians: 40
  display: {sise: 5}
  tickets: {setup: {regular: 0, keep: 0}}
cards: {locomotive: 10}
cities: [{name: A}]",
        );
        let found = with(&v, Code::UnknownField);
        let paths: Vec<&str> = found.iter().filter_map(|d| d.path.as_deref()).collect();
        assert_eq!(
            paths,
            ["rules.trians", "rules.display.sise", "cards.locomotive"]
        );
        assert!(
            found[0].message.ends_with("did you mean `trains`?"),
            "{}",
            found[0].message
        );
        assert!(found[1].message.ends_with("did you mean `size`?"));
        assert!(found[2].message.ends_with("did you mean `locomotives`?"));
    }

    #[test]
    fn tl116_suggests_the_parameter_a_word_means() {
        let v = check(
            "rules:
  players: {min: 2, max: 2}
  tickets: {setup: {deal: 20, regular: 0, keep: 0}}
cities: [{name: A}]",
        );
        let found = with(&v, Code::UnknownField);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(
            found[0].message,
            "`rules.tickets.setup.deal` is not a rule parameter, so it is ignored; did you mean `regular`?"
        );
        assert_eq!(found[0].fix.as_deref(), Some("rename `deal` to `regular`"));
        assert_eq!(found[0].path.as_deref(), Some("rules.tickets.setup.deal"));
        assert_eq!(
            found[0].objects,
            [ObjectRef::Rule("tickets.setup.deal".into())]
        );
        // Located at the key's value, like every diagnostic of the file.
        let text = "format: tracklayer/1\nname: T\nrules:\n  players: {min: 2, max: 2}\n  tickets: {setup: {deal: 20, regular: 0, keep: 0}}\ncities: [{name: A}]\n";
        let loaded = formats::load_str(text, std::path::Path::new("t.yaml")).unwrap();
        let mut diags = crate::validate(&loaded.design).diagnostics;
        diags.locate(&loaded.sources);
        let d = diags.with_code(Code::UnknownField).next().unwrap();
        let at = d.span.as_ref().expect("located");
        assert_eq!((at.pos.line, at.pos.column), (5, 27));
    }

    #[test]
    fn tl116_reports_unknown_keys_at_every_level_of_the_file() {
        let v = check(
            "nme: T
board: {width: 100, height: 100, carspace: 20}
rules:
  players: {min: 2, max: 2}
  tickets: {setup: {regular: 0, keep: 0}, draw: {regulr: 3}}
  stations: {cont: 1}
  terrain_cards: {types: [{name: sand, colors: [red], count: 4, colour: red}]}
cards: {colors: {red: 12}, locomotivs: 14}
countries: [{name: K, outlne: '0,0 1,0 1,1'}]
cities:
  - {name: A, x: 0, y: 0, lockd: true}
  - {name: B, x: 60, y: 0, country: K}
routes: [{from: A, to: B, length: 2, color: red, tunel: true}]
tickets: [{from: A, to: K, points: 2, lng: true}]
terrain:
  regons: []
  regions: [{kind: sea, points: '0,0 1,0 1,1', nam: Sea}]
  background: {image: b.png, opactiy: 0.5}
allow: [{code: TL201, reson: fine}]",
        );
        let found = with(&v, Code::UnknownField);
        let got: Vec<(&str, &str)> = found
            .iter()
            .map(|d| {
                let hint = d.message.rsplit('`').nth(1).unwrap_or_default();
                (d.path.as_deref().unwrap_or_default(), hint)
            })
            .collect();
        assert_eq!(
            got,
            [
                ("nme", "name"),
                ("board.carspace", "car_space"),
                ("cities[0].lockd", "locked"),
                ("countries[0].outlne", "outline"),
                ("routes[0].tunel", "tunnel"),
                ("tickets[0].lng", "long"),
                ("terrain.regons", "regions"),
                ("terrain.regions[0].nam", "name"),
                ("terrain.background.opactiy", "opacity"),
                ("allow[0].reson", "reason"),
                ("rules.tickets.draw.regulr", "regular"),
                ("rules.stations.cont", "count"),
                ("rules.terrain_cards.types[0].colour", "colors"),
                ("cards.locomotivs", "locomotives"),
            ]
        );
    }

    #[test]
    fn tl116_is_silent_on_the_bundled_maps() {
        silent_on_bundled_maps(Code::UnknownField);
    }
}
