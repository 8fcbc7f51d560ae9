//! Is the map one network? Tickets that cannot be completed (TL008), a map in
//! several parts (TL101), cities without routes (TL102) and routes whose loss
//! cuts the map (TL201).

use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::unionfind::UnionFind;
use petgraph::visit::EdgeRef;

use super::{Context, name_list};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};
use crate::words::count;

/// Runs the connectivity checks.
pub(super) fn check(ctx: &Context, diags: &mut Diagnostics) {
    unreachable_tickets(ctx, diags);
    isolated_cities(ctx, diags);
    parts(ctx, diags);
    bridges(ctx, diags);
}

fn unreachable_tickets(ctx: &Context, diags: &mut Diagnostics) {
    let net = &ctx.net;
    for (t, len) in net.tickets().iter().zip(&ctx.stats.tickets.lengths) {
        if len.shortest.is_some() {
            continue;
        }
        let (from, to) = (net.place_name(t.from), net.place_name(t.to));
        let countries = net.cities().iter().any(|c| c.country.is_some());
        diags.push(
            Diagnostic::new(
                Code::TicketUnreachable,
                format!(
                    "ticket {} cannot be completed: no chain of routes joins {from} and {to}{}",
                    len.name,
                    if countries {
                        " (paths never pass through a country's locations)"
                    } else {
                        ""
                    }
                ),
            )
            .at(format!("tickets[{}]", t.index))
            .object(ObjectRef::Ticket(t.index))
            .fix(format!(
                "add routes joining {from} and {to}, or change the ticket's ends"
            )),
        );
    }
}

fn isolated_cities(ctx: &Context, diags: &mut Diagnostics) {
    for (i, d) in ctx.net.degrees().into_iter().enumerate() {
        if d == 0 {
            let name = ctx.city_name(i);
            diags.push(
                Diagnostic::new(Code::IsolatedCity, format!("city {name} has no route"))
                    .at(format!("cities[{i}]"))
                    .object(ObjectRef::City(i))
                    .fix(format!("add a route to {name}, or delete the city")),
            );
        }
    }
}

/// The parts of the map: lists of city indices, largest first. A location of a
/// country joins the part of one of its neighbours but never joins two parts;
/// cities without routes belong to no part.
fn components(ctx: &Context) -> Vec<Vec<usize>> {
    let net = &ctx.net;
    let n = net.cities().len();
    let mut uf = UnionFind::<usize>::new(n);
    let mut anchor: Vec<Option<usize>> = vec![None; n];
    for r in net.routes() {
        let (a, b) = (r.from, r.to);
        match (net.is_dead_end(a), net.is_dead_end(b)) {
            (false, false) => {
                uf.union(a, b);
            }
            (true, false) => anchor[a] = anchor[a].or(Some(b)),
            (false, true) => anchor[b] = anchor[b].or(Some(a)),
            (true, true) => {
                anchor[a] = anchor[a].or(Some(b));
                anchor[b] = anchor[b].or(Some(a));
            }
        }
    }
    for (city, to) in anchor.iter().enumerate() {
        if let Some(to) = *to {
            uf.union(city, to);
        }
    }
    let degrees = net.degrees();
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut part_of_root = vec![usize::MAX; n];
    for city in (0..n).filter(|&c| degrees[c] > 0) {
        let root = uf.find(city);
        if part_of_root[root] == usize::MAX {
            part_of_root[root] = parts.len();
            parts.push(Vec::new());
        }
        parts[part_of_root[root]].push(city);
    }
    parts.sort_by_key(|p| std::cmp::Reverse(p.len()));
    parts
}

fn parts(ctx: &Context, diags: &mut Diagnostics) {
    let parts = components(ctx);
    if parts.len() < 2 {
        return;
    }
    let described: Vec<String> = parts[1..]
        .iter()
        .map(|p| {
            let names: Vec<&str> = p.iter().map(|&c| ctx.city_name(c)).collect();
            format!("{{{}}}", name_list(&names, 4))
        })
        .collect();
    let first = parts[1][0];
    let mut d = Diagnostic::new(
        Code::Disconnected,
        format!(
            "the map splits into {} that no route joins: the main one ({}) and {}",
            count(parts.len(), "part"),
            count(parts[0].len(), "city"),
            name_list(&described, 5)
        ),
    )
    .at(format!("cities[{first}]"))
    .fix("add routes joining the parts, or remove the cities cut off");
    for &c in parts[1..].iter().flatten() {
        d = d.object(ObjectRef::City(c));
    }
    diags.push(d);
}

/// Routes (a double route counts as one link) whose loss splits a part of the
/// map. A route into a country location is reported only when it is the
/// country's only link.
fn bridges(ctx: &Context, diags: &mut Diagnostics) {
    let net = &ctx.net;
    let routes = net.routes();
    let groups = net.parallel_groups();
    let n = net.cities().len();
    let mut graph: UnGraph<usize, usize> = UnGraph::with_capacity(n, groups.len());
    for c in 0..n {
        graph.add_node(c);
    }
    // A country location gets one node per link, so it joins nothing.
    let node_at = |graph: &mut UnGraph<usize, usize>, city: usize| {
        if net.is_dead_end(city) {
            graph.add_node(city)
        } else {
            NodeIndex::new(city)
        }
    };
    for (g, group) in groups.iter().enumerate() {
        let r = &routes[group[0]];
        let (a, b) = (node_at(&mut graph, r.from), node_at(&mut graph, r.to));
        graph.add_edge(a, b, g);
    }
    let country_links = |k: usize| {
        groups
            .iter()
            .filter(|g| {
                let r = &routes[g[0]];
                [r.from, r.to]
                    .iter()
                    .any(|&c| net.cities()[c].country == Some(k))
            })
            .count()
    };
    let mut found: Vec<(usize, Vec<usize>)> = Vec::new();
    for e in petgraph::algo::bridges::bridges(&graph) {
        let g = *e.weight();
        let r = &routes[groups[g][0]];
        let dead_end = [r.from, r.to]
            .into_iter()
            .find_map(|c| net.cities()[c].country);
        if dead_end.is_some_and(|k| country_links(k) > 1) {
            continue;
        }
        let cut = smaller_side(&graph, e.source(), e.target(), e.id());
        found.push((g, cut));
    }
    found.sort_by_key(|(g, _)| groups[*g][0]);
    for (g, cut) in found {
        let group = &groups[g];
        let names: Vec<String> = group
            .iter()
            .map(|&r| ctx.route_name(routes[r].index))
            .collect();
        let cut_names: Vec<&str> = cut.iter().map(|&c| ctx.city_name(c)).collect();
        let (what, verb) = if group.len() == 1 {
            (format!("route {}", names[0]), "is")
        } else {
            (format!("routes {}", name_list(&names, 4)), "are")
        };
        let mut d = Diagnostic::new(
            Code::Bridge,
            format!(
                "{what} {verb} the only link to {}: claiming {} cuts {} off",
                name_list(&cut_names, 3),
                if group.len() == 1 { "it" } else { "them" },
                if cut.len() == 1 { "it" } else { "them" },
            ),
        )
        .at(format!("routes[{}]", routes[group[0]].index))
        .fix("fine when meant as a bottleneck; add another route to give players a way round");
        for &r in group {
            d = d.object(ObjectRef::Route(routes[r].index));
        }
        diags.push(d);
    }
}

/// The cities on the smaller side of a bridge.
fn smaller_side(
    graph: &UnGraph<usize, usize>,
    a: NodeIndex,
    b: NodeIndex,
    bridge: petgraph::graph::EdgeIndex,
) -> Vec<usize> {
    let side = |start: NodeIndex| {
        let mut seen = vec![false; graph.node_count()];
        let mut stack = vec![start];
        seen[start.index()] = true;
        let mut cities = Vec::new();
        while let Some(n) = stack.pop() {
            cities.push(graph[n]);
            for e in graph.edges(n) {
                let t = if e.source() == n {
                    e.target()
                } else {
                    e.source()
                };
                if e.id() != bridge && !seen[t.index()] {
                    seen[t.index()] = true;
                    stack.push(t);
                }
            }
        }
        cities.sort_unstable();
        cities.dedup();
        cities
    };
    let (sa, sb) = (side(a), side(b));
    if sa.len() <= sb.len() { sa } else { sb }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{bundled, check, silent_on_bundled_maps, with};
    use crate::diagnostics::{Code, ObjectRef};

    const SPLIT: &str = "cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 50, y: 0}
  - {name: C, x: 100, y: 0}
  - {name: D, x: 150, y: 0}
  - {name: E, x: 200, y: 0}
routes:
  - {from: A, to: B, length: 2, color: red}
  - {from: C, to: D, length: 2, color: blue}
tickets:
  - {from: A, to: D, points: 6}
";

    #[test]
    fn tl008_a_ticket_across_the_gap_is_an_error() {
        let v = check(SPLIT);
        let d = &with(&v, Code::TicketUnreachable)[0];
        assert!(
            d.message.contains("ticket A - D cannot be completed"),
            "{}",
            d.message
        );
        assert_eq!(d.objects, [ObjectRef::Ticket(0)]);
        assert_eq!(d.path.as_deref(), Some("tickets[0]"));
        assert!(v.design.is_none());
    }

    #[test]
    fn tl008_is_found_even_when_the_board_does_not_build() {
        let v = check(&SPLIT.replace("color: blue", "color: blu"));
        assert_eq!(with(&v, Code::UnknownColor).len(), 1);
        assert_eq!(with(&v, Code::TicketUnreachable).len(), 1);
    }

    #[test]
    fn tl008_countries_do_not_connect_their_neighbours() {
        let v = check(
            "cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 90, y: 0}
  - {name: M1, x: 45, y: 0, country: M}
countries: [{name: M}]
routes:
  - {from: A, to: M1, length: 2, color: red}
  - {from: M1, to: B, length: 2, color: red}
tickets:
  - {from: A, to: B, points: 4}
  - {from: A, to: M, points: 2}
",
        );
        let found = with(&v, Code::TicketUnreachable);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].message.contains("A - B"));
        assert_eq!(
            with(&v, Code::Disconnected).len(),
            1,
            "A and B are two parts"
        );
    }

    #[test]
    fn tl101_names_the_cut_off_part() {
        let v = check(&SPLIT.replace("points: 6}", "points: 6}\n  - {from: A, to: B, points: 2}"));
        let d = &with(&v, Code::Disconnected)[0];
        assert!(d.message.contains("splits into 2 parts"), "{}", d.message);
        assert!(d.message.contains("{C and D}") || d.message.contains("{A and B}"));
        assert_eq!(d.objects.len(), 2);
    }

    #[test]
    fn tl102_names_the_city_without_routes() {
        let v = check(SPLIT);
        let d = &with(&v, Code::IsolatedCity)[0];
        assert_eq!(d.message, "city E has no route");
        assert_eq!(d.path.as_deref(), Some("cities[4]"));
        assert_eq!(d.objects, [ObjectRef::City(4)]);
    }

    #[test]
    fn tl201_names_the_bridge_and_what_it_cuts_off() {
        let v = check(
            "cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 50, y: 0}
  - {name: C, x: 25, y: 40}
  - {name: D, x: 100, y: 0}
routes:
  - {from: A, to: B, length: 2, color: red}
  - {from: B, to: C, length: 2, color: red}
  - {from: C, to: A, length: 2, color: red}
  - {from: B, to: D, length: 2, color: red}
  - {from: B, to: D, length: 2, color: blue}
",
        );
        let found = with(&v, Code::Bridge);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0]
                .message
                .starts_with("routes B - D (red) and B - D (blue) are the only link to D"),
            "{}",
            found[0].message
        );
        assert_eq!(found[0].objects, [ObjectRef::Route(3), ObjectRef::Route(4)]);
    }

    #[test]
    fn tl008_tl101_tl102_are_silent_on_the_bundled_maps() {
        silent_on_bundled_maps(Code::TicketUnreachable);
        silent_on_bundled_maps(Code::Disconnected);
        silent_on_bundled_maps(Code::IsolatedCity);
    }

    #[test]
    fn tl201_on_the_bundled_maps_is_only_edinburgh() {
        assert!(with(&bundled("usa.yaml"), Code::Bridge).is_empty());
        let eu = with(&bundled("europe.yaml"), Code::Bridge);
        assert_eq!(eu.len(), 1, "{eu:#?}");
        assert!(
            eu[0].message.contains("only link to Edinburgh"),
            "{}",
            eu[0].message
        );
    }
}
