//! Stations the engine can score (TL016): at the end of a game each
//! player's stations borrow the routes that score best, an exact search whose
//! work grows with the choices (each station one route of another player at
//! its city, or none). The choices at the busiest city, one per neighbouring
//! city plus none, to the power of `stations.count`, must stay within
//! [`MAX_STATION_CHOICES`].

use super::Context;
use crate::board_game::MAX_STATION_CHOICES;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};
use crate::sim::findings::thousands;
use crate::words;

/// Runs the check (when the rules resolve).
pub(super) fn check(ctx: &Context, diags: &mut Diagnostics) {
    let Some((rules, _)) = &ctx.rules else {
        return;
    };
    let count = u32::from(rules.stations.count);
    if count == 0 {
        return;
    }
    let mut near: Vec<Vec<usize>> = vec![Vec::new(); ctx.net.cities().len()];
    for r in ctx.net.routes() {
        for (a, b) in [(r.from, r.to), (r.to, r.from)] {
            if !near[a].contains(&b) {
                near[a].push(b);
            }
        }
    }
    let Some((city, n)) = near
        .iter()
        .enumerate()
        .map(|(i, v)| (i, v.len() as u64))
        .max_by_key(|&(i, n)| (n, std::cmp::Reverse(i)))
    else {
        return;
    };
    let choices = (n + 1).saturating_pow(count);
    if choices <= MAX_STATION_CHOICES {
        return;
    }
    let fitting = (0..count)
        .take_while(|&c| (n + 1).saturating_pow(c + 1) <= MAX_STATION_CHOICES)
        .count();
    diags.push(
        Diagnostic::new(
            Code::EngineLimit,
            format!(
                "{} per player: at the end of a game each station borrows one of the routes at its city or none, and with {} at {} that makes {} choices per player to weigh; the engine scores at most {} (so that a game's end scores in milliseconds)",
                words::count(count, "station"),
                words::count(n, "neighbouring city"),
                ctx.city_name(city),
                thousands(choices),
                thousands(MAX_STATION_CHOICES),
            ),
        )
        .at("rules.stations.count")
        .object(ObjectRef::Rule("stations.count".into()))
        .fix(format!(
            "give each player at most {}",
            words::count(fitting, "station")
        )),
    );
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, silent_on_bundled_maps, with};
    use crate::diagnostics::Code;

    const STAR: &str = "cities:
  - {name: Hub, x: 0, y: 0}
  - {name: A, x: 100, y: 0}
  - {name: B, x: 0, y: 100}
  - {name: C, x: -100, y: 0}
routes:
  - {from: Hub, to: A, length: 4, color: red}
  - {from: Hub, to: B, length: 4, color: blue}
  - {from: Hub, to: C, length: 4, color: green}
";

    fn stations(count: usize) -> String {
        let costs = vec!["1"; count].join(", ");
        format!(
            "rules: {{players: {{min: 2, max: 2}}, trains: 10, stations: {{count: {count}, costs: [{costs}]}}, tickets: {{setup: {{regular: 0, keep: 0}}}}}}\n{STAR}"
        )
    }

    #[test]
    fn tl016_refuses_more_station_choices_than_the_engine_scores() {
        // Hub has 3 neighbours: 4 choices a station, 4^8 = 65,536 fit.
        assert!(with(&check(&stations(8)), Code::EngineLimit).is_empty());
        let v = check(&stations(9));
        let found = with(&v, Code::EngineLimit);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0].message.starts_with(
                "9 stations per player: at the end of a game each station borrows one of the routes at its city or none, and with 3 neighbouring cities at Hub that makes 262,144 choices"
            ),
            "{}",
            found[0].message
        );
        assert_eq!(found[0].path.as_deref(), Some("rules.stations.count"));
        assert_eq!(
            found[0].fix.as_deref(),
            Some("give each player at most 8 stations")
        );
        silent_on_bundled_maps(Code::EngineLimit);
    }
}
