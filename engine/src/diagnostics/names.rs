//! How diagnostics name a design's objects: a route is `From - To (colour)`,
//! with its id added when another route has the same name.

use std::collections::HashMap;

use formats::GameFile;

/// For each route, whether another route has the same name (`From - To
/// (colour)`, as written).
pub(crate) fn shared_names(file: &GameFile) -> Vec<bool> {
    fn key(r: &formats::RouteSpec) -> (&str, &str, &str) {
        (&r.from, &r.to, &r.color)
    }
    let mut count: HashMap<(&str, &str, &str), usize> = HashMap::with_capacity(file.routes.len());
    for r in &file.routes {
        *count.entry(key(r)).or_default() += 1;
    }
    file.routes.iter().map(|r| count[&key(r)] > 1).collect()
}

/// How messages name `routes[i]`, given [`shared_names`].
pub(crate) fn route_name(file: &GameFile, shared: &[bool], i: usize) -> String {
    let r = &file.routes[i];
    match &r.id {
        Some(id) if shared[i] => format!("{} [{id}]", r.display_name()),
        _ => r.display_name(),
    }
}

/// How messages name every route.
pub(crate) fn route_names(file: &GameFile) -> Vec<String> {
    let shared = shared_names(file);
    (0..file.routes.len())
        .map(|i| route_name(file, &shared, i))
        .collect()
}
