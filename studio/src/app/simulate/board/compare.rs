//! The board game's side of a comparison: never-claimed routes among the
//! headline metrics, and the routes whose claim rates changed most.

use engine::board_game::sim::BoardReport;
use engine::sim::report::PlayerCountReport;

use crate::app::simulate::compare::{Row, percent, points, row};

/// The board's headline rows: never-claimed routes.
pub fn metrics(
    before: &PlayerCountReport<BoardReport>,
    after: &PlayerCountReport<BoardReport>,
) -> Vec<Row> {
    vec![row(
        "Never-claimed routes",
        before.family.map.never_claimed.len() as f64,
        after.family.map.never_claimed.len() as f64,
        |x| format!("{x:.0}"),
        |x| format!("{x:+.0}"),
    )]
}

/// The `n` routes whose claim rate changed most (matched by key, so edits
/// that add or remove routes still line up); a route on one side only is
/// compared with 0.
pub fn route_changes(
    before: &PlayerCountReport<BoardReport>,
    after: &PlayerCountReport<BoardReport>,
    n: usize,
) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    for a in &after.family.map.routes {
        let b = before.family.map.routes.iter().find(|b| b.key == a.key);
        let mut r = row(
            &a.name,
            b.map_or(0.0, |b| b.claim_rate),
            a.claim_rate,
            percent,
            points,
        );
        if b.is_none() {
            r.before = "(new)".into();
        }
        rows.push(r);
    }
    for b in &before.family.map.routes {
        if !after.family.map.routes.iter().any(|a| a.key == b.key) {
            let mut r = row(&b.name, b.claim_rate, 0.0, percent, points);
            r.after = "(removed)".into();
            rows.push(r);
        }
    }
    rows.sort_by(|x, y| {
        y.change
            .abs()
            .total_cmp(&x.change.abs())
            .then(x.what.cmp(&y.what))
    });
    rows.truncate(n);
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn route_changes_match_routes_by_key() {
        let before = crate::app::simulate::testing::report(2, 10).by_players[0].clone();
        let mut after = before.clone();
        // More than any route's whole claim rate (at most 1), so that it
        // heads the list whatever the games' rates are.
        after.family.map.routes[3].claim_rate = before.family.map.routes[3].claim_rate + 1.5;
        after.family.map.routes[5].claim_rate = before.family.map.routes[5].claim_rate - 0.2;
        after.family.map.routes[7].key = "a new route".into();
        let routes = route_changes(&before, &after, 3);
        assert_eq!(routes[0].what, after.family.map.routes[3].name);
        assert_eq!(routes[0].delta, "+150.0 pts");
        let all = route_changes(&before, &after, usize::MAX);
        assert_eq!(all.len(), before.family.map.routes.len() + 1);
        assert_eq!(all.iter().filter(|r| r.before == "(new)").count(), 1);
        assert_eq!(all.iter().filter(|r| r.after == "(removed)").count(), 1);
        let same = route_changes(&before, &before, 5);
        assert!(same.iter().all(|r| r.change == 0.0));
        assert_eq!(metrics(&before, &after)[0].what, "Never-claimed routes");
    }
}
