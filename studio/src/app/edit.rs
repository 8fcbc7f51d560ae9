//! Editing operations on a design: the changes the tools and the inspector
//! make, as plain functions over a [`GameFile`], so they are easy to test and
//! each is one undo step for the caller.

use formats::{CitySpec, GameFile, Point, Points, Region, RegionKind, RouteSpec};

use super::selection::Obj;
use crate::drawing::geometry::car_space;

/// A new city name not yet used by a city or country: `City 1`, `City 2` …
pub fn unique_city_name(design: &GameFile, stem: &str) -> String {
    let taken = |n: &str| {
        design.cities.iter().any(|c| c.name == n) || design.countries.iter().any(|c| c.name == n)
    };
    if !stem.is_empty() && !taken(stem) {
        return stem.to_owned();
    }
    (1..)
        .map(|i| format!("{stem} {i}"))
        .find(|n| !taken(n))
        .unwrap_or_default()
}

/// Adds a city at `pos` with a fresh name; returns its index.
pub fn add_city(design: &mut GameFile, pos: Point) -> usize {
    let name = unique_city_name(design, "City");
    design.cities.push(CitySpec {
        name,
        x: round1(pos.x),
        y: round1(pos.y),
        ..CitySpec::default()
    });
    design.cities.len() - 1
}

/// Why a rename was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenameError {
    /// The name is empty.
    Empty,
    /// Another city or country has it.
    Taken(String),
}

impl std::fmt::Display for RenameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RenameError::Empty => f.write_str("a city needs a name"),
            RenameError::Taken(n) => write!(f, "`{n}` is already the name of another place"),
        }
    }
}

/// Renames city `i`, and every route and ticket that names it.
pub fn rename_city(design: &mut GameFile, i: usize, new: &str) -> Result<(), RenameError> {
    let new = new.trim();
    if new.is_empty() {
        return Err(RenameError::Empty);
    }
    let Some(old) = design.cities.get(i).map(|c| c.name.clone()) else {
        return Ok(());
    };
    if old == new {
        return Ok(());
    }
    let taken = design
        .cities
        .iter()
        .enumerate()
        .any(|(j, c)| j != i && c.name == new)
        || design.countries.iter().any(|c| c.name == new);
    if taken {
        return Err(RenameError::Taken(new.to_owned()));
    }
    design.cities[i].name = new.to_owned();
    for r in &mut design.routes {
        for end in [&mut r.from, &mut r.to] {
            if *end == old {
                *end = new.to_owned();
            }
        }
    }
    for t in &mut design.tickets {
        for end in [&mut t.from, &mut t.to] {
            if *end == old {
                *end = new.to_owned();
            }
        }
    }
    Ok(())
}

/// The longest route length the rules score (6 in the rulebook games).
pub fn longest_scored_length(design: &GameFile) -> u32 {
    formats::board_game::rules::resolve(&design.rules, &design.cards)
        .ok()
        .and_then(|(rules, _)| rules.route_points.keys().next_back().copied())
        .map_or(6, u32::from)
        .max(1)
}

/// The route length a drawn distance suggests: how many car spaces fit.
pub fn suggested_length(design: &GameFile, distance: f32) -> u32 {
    let spaces = (distance / car_space(design)).round().max(1.0) as u32;
    spaces.clamp(1, longest_scored_length(design))
}

/// The drawn length of a route (through its bends), or `None` when an end is unknown.
pub fn drawn_distance(design: &GameFile, route: &RouteSpec) -> Option<f32> {
    let pos = |n: &str| {
        design
            .cities
            .iter()
            .find(|c| c.name == n)
            .map(CitySpec::pos)
    };
    let mut pts = vec![pos(&route.from)?];
    pts.extend(route.bends.0.iter().copied());
    pts.push(pos(&route.to)?);
    Some(pts.windows(2).map(|w| dist(w[0], w[1])).sum())
}

/// Adds a gray route between cities `a` and `b` with the length its drawn
/// distance suggests; returns its index.
pub fn add_route(design: &mut GameFile, a: usize, b: usize) -> Option<usize> {
    let (ca, cb) = (design.cities.get(a)?, design.cities.get(b)?);
    if a == b {
        return None;
    }
    let length = suggested_length(design, dist(ca.pos(), cb.pos()));
    let route = RouteSpec {
        from: ca.name.clone(),
        to: cb.name.clone(),
        length,
        color: "gray".into(),
        ..RouteSpec::default()
    };
    design.routes.push(route);
    Some(design.routes.len() - 1)
}

/// Adds a ticket between two places; returns its index.
pub fn add_ticket(design: &mut GameFile, from: &str, to: &str, points: u32) -> usize {
    design.tickets.push(formats::TicketSpec {
        from: from.to_owned(),
        to: to.to_owned(),
        points,
        ..formats::TicketSpec::default()
    });
    design.tickets.len() - 1
}

/// Adds a region with the given outline; returns its index.
pub fn add_region(design: &mut GameFile, points: Vec<Point>, kind: RegionKind) -> usize {
    design.terrain.regions.push(Region {
        kind,
        name: None,
        points: Points(points.into_iter().map(round_point).collect()),
        extra: Default::default(),
    });
    design.terrain.regions.len() - 1
}

/// Deletes objects; a deleted city takes its routes and tickets with it.
pub fn delete(design: &mut GameFile, objs: &[Obj]) {
    let mut cities = Vec::new();
    let mut routes = Vec::new();
    let mut tickets = Vec::new();
    let mut regions = Vec::new();
    for o in objs {
        match *o {
            Obj::City(i) => cities.push(i),
            Obj::Route(i) => routes.push(i),
            Obj::Ticket(i) => tickets.push(i),
            Obj::Region(i) => regions.push(i),
        }
    }
    let gone: Vec<String> = cities
        .iter()
        .filter_map(|&i| design.cities.get(i).map(|c| c.name.clone()))
        .collect();
    let touches = |a: &str, b: &str| gone.iter().any(|g| g == a || g == b);
    let mut i = 0;
    design.routes.retain(|r| {
        let keep = !routes.contains(&i) && !touches(&r.from, &r.to);
        i += 1;
        keep
    });
    let mut i = 0;
    design.tickets.retain(|t| {
        let keep = !tickets.contains(&i) && !touches(&t.from, &t.to);
        i += 1;
        keep
    });
    let mut i = 0;
    design.cities.retain(|_| {
        let keep = !cities.contains(&i);
        i += 1;
        keep
    });
    let mut i = 0;
    design.terrain.regions.retain(|_| {
        let keep = !regions.contains(&i);
        i += 1;
        keep
    });
}

/// Duplicates cities (10 mm down and right, with fresh names), the routes
/// between duplicated cities, selected routes and regions; returns the copies.
pub fn duplicate(design: &mut GameFile, objs: &[Obj]) -> Vec<Obj> {
    let offset = 10.0;
    let mut out = Vec::new();
    let mut renamed: Vec<(String, String)> = Vec::new();
    for o in objs {
        if let Obj::City(i) = *o
            && let Some(c) = design.cities.get(i).cloned()
        {
            let name = unique_city_name(design, &c.name);
            renamed.push((c.name.clone(), name.clone()));
            design.cities.push(CitySpec {
                name,
                x: c.x + offset,
                y: c.y + offset,
                locked: false,
                ..c
            });
            out.push(Obj::City(design.cities.len() - 1));
        }
    }
    let new_name = |n: &str| renamed.iter().find(|(o, _)| o == n).map(|(_, m)| m.clone());
    let mut copies = Vec::new();
    for (i, r) in design.routes.iter().enumerate() {
        let both = new_name(&r.from).zip(new_name(&r.to));
        let picked = objs.contains(&Obj::Route(i));
        if let Some((from, to)) = both {
            copies.push(RouteSpec {
                id: None,
                from,
                to,
                bends: Points(
                    r.bends
                        .0
                        .iter()
                        .map(|p| Point {
                            x: p.x + offset,
                            y: p.y + offset,
                        })
                        .collect(),
                ),
                ..r.clone()
            });
        } else if picked {
            copies.push(RouteSpec {
                id: None,
                ..r.clone()
            });
        }
    }
    for r in copies {
        design.routes.push(r);
        out.push(Obj::Route(design.routes.len() - 1));
    }
    for o in objs {
        if let Obj::Region(i) = *o
            && let Some(r) = design.terrain.regions.get(i).cloned()
        {
            let points = r
                .points
                .0
                .iter()
                .map(|p| Point {
                    x: p.x + offset,
                    y: p.y + offset,
                })
                .collect();
            design.terrain.regions.push(Region {
                points: Points(points),
                ..r
            });
            out.push(Obj::Region(design.terrain.regions.len() - 1));
        }
    }
    out
}

/// Moves the unlocked cities among `cities` by `delta`, and the bends of
/// routes whose two ends both move; returns whether anything moved.
pub fn move_cities(design: &mut GameFile, cities: &[usize], delta: Point) -> bool {
    let mut moved = Vec::new();
    for &i in cities {
        if let Some(c) = design.cities.get_mut(i)
            && !c.locked
        {
            c.x += delta.x;
            c.y += delta.y;
            moved.push(c.name.clone());
        }
    }
    for r in &mut design.routes {
        if moved.contains(&r.from) && moved.contains(&r.to) {
            for p in &mut r.bends.0 {
                p.x += delta.x;
                p.y += delta.y;
            }
        }
    }
    !moved.is_empty()
}

/// Rounds positions of the given cities to 0.1 mm (after a drag), and snaps
/// them to `grid` when given.
pub fn settle_cities(design: &mut GameFile, cities: &[usize], grid: Option<f32>) {
    for &i in cities {
        if let Some(c) = design.cities.get_mut(i) {
            let p = snap(c.pos(), grid);
            c.x = p.x;
            c.y = p.y;
        }
    }
}

/// A point rounded to 0.1 mm, or to the grid.
pub fn snap(p: Point, grid: Option<f32>) -> Point {
    match grid {
        Some(g) if g > 0.0 => Point {
            x: round1((p.x / g).round() * g),
            y: round1((p.y / g).round() * g),
        },
        _ => round_point(p),
    }
}

/// Inserts a bend into route `r` at `at`, in the segment nearest to it;
/// returns the bend's index.
pub fn insert_bend(design: &mut GameFile, r: usize, at: Point) -> Option<usize> {
    let route = design.routes.get(r)?;
    let pos = |n: &str| {
        design
            .cities
            .iter()
            .find(|c| c.name == n)
            .map(CitySpec::pos)
    };
    let mut pts = vec![pos(&route.from)?];
    pts.extend(route.bends.0.iter().copied());
    pts.push(pos(&route.to)?);
    let seg = (0..pts.len() - 1)
        .min_by(|&a, &b| {
            let da = seg_dist(at, pts[a], pts[a + 1]);
            let db = seg_dist(at, pts[b], pts[b + 1]);
            da.total_cmp(&db)
        })
        .unwrap_or(0);
    let route = design.routes.get_mut(r)?;
    route.bends.0.insert(seg, round_point(at));
    Some(seg)
}

/// Moves bend point `bend` of route `route` by `delta`; returns whether
/// there was such a point.
pub fn move_bend(design: &mut GameFile, route: usize, bend: usize, delta: Point) -> bool {
    let Some(p) = design
        .routes
        .get_mut(route)
        .and_then(|r| r.bends.0.get_mut(bend))
    else {
        return false;
    };
    p.x += delta.x;
    p.y += delta.y;
    true
}

/// Moves the background image by `delta`; returns whether there is one.
pub fn move_background(design: &mut GameFile, delta: Point) -> bool {
    let Some(b) = design.terrain.background.as_mut() else {
        return false;
    };
    b.x += delta.x;
    b.y += delta.y;
    true
}

/// What a drag on the map moves. A drag is an edit like the others, made in
/// steps: each pointer movement moves what is dragged a little more
/// ([`Drag::apply`], shown at once), and the release puts it in its final
/// place ([`Drag::settle`]) and makes the whole drag one undo step
/// ([`Document::drag`](super::document::Document::drag) and
/// [`Document::end_drag`](super::document::Document::end_drag)).
#[derive(Clone, Debug, PartialEq)]
pub enum Drag {
    /// The unlocked cities among these, with the bends of the routes between
    /// two of them.
    Cities(Vec<usize>),
    /// One bend point of a route.
    Bend {
        /// The route.
        route: usize,
        /// The bend point's index among the route's bends.
        bend: usize,
    },
    /// The background image.
    Background,
}

impl Drag {
    /// The name of its undo step.
    pub fn label(&self) -> &'static str {
        match self {
            Drag::Cities(c) if c.len() == 1 => "Move city",
            Drag::Cities(_) => "Move cities",
            Drag::Bend { .. } => "Move bend point",
            Drag::Background => "Move background",
        }
    }

    /// Moves what is dragged by `delta` more; returns whether anything moved.
    pub fn apply(&self, design: &mut GameFile, delta: Point) -> bool {
        match self {
            Drag::Cities(cities) => move_cities(design, cities, delta),
            Drag::Bend { route, bend } => move_bend(design, *route, *bend, delta),
            Drag::Background => move_background(design, delta),
        }
    }

    /// Puts what was dragged in its final place: cities and bend points
    /// rounded to 0.1 mm, or onto `grid` when given.
    pub fn settle(&self, design: &mut GameFile, grid: Option<f32>) {
        match self {
            Drag::Cities(cities) => settle_cities(design, cities, grid),
            Drag::Bend { route, bend } => {
                if let Some(p) = design
                    .routes
                    .get_mut(*route)
                    .and_then(|r| r.bends.0.get_mut(*bend))
                {
                    *p = snap(*p, grid);
                }
            }
            Drag::Background => {}
        }
    }
}

/// Distance between two points.
pub fn dist(a: Point, b: Point) -> f32 {
    ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()
}

/// Distance from `p` to the segment `a`–`b`.
pub fn seg_dist(p: Point, a: Point, b: Point) -> f32 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    dist(
        p,
        Point {
            x: a.x + t * dx,
            y: a.y + t * dy,
        },
    )
}

/// A design coordinate rounded to 0.1 mm, as placed objects are stored.
pub fn round1(v: f32) -> f32 {
    (v * 10.0).round() / 10.0
}

fn round_point(p: Point) -> Point {
    Point {
        x: round1(p.x),
        y: round1(p.y),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> GameFile {
        let mut d = GameFile::default();
        add_city(&mut d, Point { x: 0.0, y: 0.0 });
        add_city(&mut d, Point { x: 100.0, y: 0.0 });
        add_city(&mut d, Point { x: 0.0, y: 50.0 });
        d
    }

    #[test]
    fn new_cities_get_unique_names_and_routes_suggest_their_length() {
        let mut d = small();
        let names: Vec<_> = d.cities.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["City", "City 1", "City 2"]);
        let r = add_route(&mut d, 0, 1).unwrap();
        assert_eq!(d.routes[r].length, 4, "100 mm is four 25 mm spaces");
        assert!(add_route(&mut d, 0, 0).is_none());
        d.cities[1].x = 1000.0;
        assert_eq!(
            suggested_length(&d, 1000.0),
            6,
            "capped at the longest scored"
        );
    }

    #[test]
    fn renaming_follows_routes_and_tickets_and_refuses_duplicates() {
        let mut d = small();
        add_route(&mut d, 0, 1);
        add_ticket(&mut d, "City", "City 2", 5);
        rename_city(&mut d, 0, "Paris").unwrap();
        assert_eq!(d.routes[0].from, "Paris");
        assert_eq!(d.tickets[0].from, "Paris");
        assert_eq!(
            rename_city(&mut d, 1, "Paris"),
            Err(RenameError::Taken("Paris".into()))
        );
        assert_eq!(rename_city(&mut d, 1, "  "), Err(RenameError::Empty));
    }

    #[test]
    fn deleting_a_city_removes_what_hangs_on_it() {
        let mut d = small();
        add_route(&mut d, 0, 1);
        add_route(&mut d, 1, 2);
        add_ticket(&mut d, "City", "City 2", 5);
        delete(&mut d, &[Obj::City(0)]);
        assert_eq!(d.cities.len(), 2);
        assert_eq!(d.routes.len(), 1);
        assert!(d.tickets.is_empty());
    }

    #[test]
    fn duplicates_copy_cities_with_their_routes_and_locked_cities_stay() {
        let mut d = small();
        add_route(&mut d, 0, 1);
        let copies = duplicate(&mut d, &[Obj::City(0), Obj::City(1)]);
        assert_eq!(copies.len(), 3);
        assert_eq!(d.routes[1].from, "City 3");
        d.cities[0].locked = true;
        move_cities(&mut d, &[0, 1], Point { x: 5.0, y: 0.0 });
        assert_eq!(d.cities[0].x, 0.0);
        assert_eq!(d.cities[1].x, 105.0);
    }

    #[test]
    fn bends_go_into_the_nearest_segment() {
        let mut d = small();
        add_route(&mut d, 0, 1);
        insert_bend(&mut d, 0, Point { x: 50.0, y: 10.0 });
        insert_bend(&mut d, 0, Point { x: 80.0, y: 5.0 });
        assert_eq!(d.routes[0].bends.0[1].x, 80.0);
        assert_eq!(
            snap(Point { x: 12.0, y: 7.4 }, Some(5.0)),
            Point { x: 10.0, y: 5.0 }
        );
    }

    #[test]
    fn a_drag_moves_in_steps_and_settles_on_the_grid() {
        let mut d = small();
        add_route(&mut d, 0, 1);
        insert_bend(&mut d, 0, Point { x: 50.0, y: 10.0 });
        let cities = Drag::Cities(vec![0, 1]);
        assert_eq!(cities.label(), "Move cities");
        for _ in 0..3 {
            assert!(cities.apply(&mut d, Point { x: 1.04, y: 2.0 }));
        }
        cities.settle(&mut d, None);
        assert_eq!((d.cities[0].x, d.cities[0].y), (3.1, 6.0));
        let bend_x = d.routes[0].bends.0[0].x;
        assert!(
            (bend_x - 53.12).abs() < 1e-3,
            "the bend between them follows"
        );

        let bend = Drag::Bend { route: 0, bend: 0 };
        assert!(bend.apply(&mut d, Point { x: 4.0, y: 0.0 }));
        bend.settle(&mut d, Some(5.0));
        assert_eq!(d.routes[0].bends.0[0], Point { x: 55.0, y: 15.0 });
        assert!(!Drag::Bend { route: 0, bend: 7 }.apply(&mut d, Point { x: 1.0, y: 0.0 }));
        assert!(
            !Drag::Background.apply(&mut d, Point { x: 1.0, y: 0.0 }),
            "no background to move"
        );
    }
}
