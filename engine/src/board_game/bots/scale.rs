//! The numbers the heuristic bots play by, read from the design instead of
//! being sized for the USA map: thresholds in trains are shares of the
//! players' train supply (`rules.trains`) and the end trigger; route lengths
//! and points come from the board's routes; card and station costs from the
//! deck and the rules. A [`Scale`] is built once per game (the bots keep it
//! with the board it was built for), never per decision.
//!
//! The shares are calibrated so that every bundled design with a supply of 45
//! trains (all three rule presets) gets the numbers the bots were tuned with;
//! `docs/bots.md` lists each number and where it comes from.

use crate::board_game::board::Board;

use super::plan::CostModel;

/// Half a train, in the tenths of a train that plan costs are counted in: the
/// price of using another player's route through a station already built,
/// and of each ferry locomotive when a face-up locomotive takes both draws.
pub const HALF_TRAIN: u32 = 5;

/// A share of the train supply, `part / whole`, rounded to the nearest train.
/// Written over 45, the supply of every rule preset, so that a share reads as
/// the number of trains it gives with the usual supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    part: u32,
    whole: u32,
}

impl Share {
    /// The share `part / whole` (`whole` must not be 0).
    pub const fn new(part: u32, whole: u32) -> Share {
        Share { part, whole }
    }

    /// This share of `trains`, rounded to the nearest train (halves up).
    pub fn of(self, trains: u16) -> u16 {
        let t = u64::from(trains);
        let v = (t * u64::from(self.part) + u64::from(self.whole / 2)) / u64::from(self.whole);
        u16::try_from(v).unwrap_or(u16::MAX)
    }
}

/// The last turns start when a rival is within this share of the supply
/// (3 trains of 45) of the end trigger.
const LAST_TURNS: Share = Share::new(3, 45);
/// A player with fewer trains than this share (6 of 45) is in its endgame.
const ENDGAME: Share = Share::new(6, 45);
/// No new tickets once a rival has fewer trains than this share (12 of 45).
const RIVAL_TICKETS: Share = Share::new(12, 45);
/// `destination-hungry` draws more tickets while its plan leaves this share
/// spare (15 of 45) …
const HUNGRY_SPARE: Share = Share::new(15, 45);
/// … and it holds fewer tickets than this share of the supply (7 of 45: a
/// ticket per 6.4 trains).
const HUNGRY_TICKETS: Share = Share::new(7, 45);

/// The numbers of one design that the heuristic bots use, derived from its
/// rules and board. Style-specific shares (see `Style` in `heuristic`) are
/// applied to [`Scale::trains`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// Trains each player starts with (`rules.trains`).
    pub trains: u16,
    /// The last turns have come when a rival has this many trains or fewer:
    /// the end trigger (`rules.end.trains_left`) plus 3/45 of the supply.
    pub last_turns: u16,
    /// A player with fewer trains than this is in its endgame and claims
    /// whatever scores; it is also the room left after the fastest rival's
    /// trains when bounding the plan (6/45 of the supply).
    pub endgame: u16,
    /// No tickets are drawn once a rival has fewer trains than this (12/45 of
    /// the supply).
    pub rival_tickets: u16,
    /// `destination-hungry` draws tickets while its plan leaves this many
    /// trains spare (15/45 of the supply) …
    pub hungry_spare: u16,
    /// … and it holds fewer tickets than this (7/45 of the supply).
    pub hungry_tickets: usize,
    /// Routes at least this long are "long" for `long-route`: three quarters
    /// of the longest route, rounded up.
    pub long_route: u8,
    /// Shorter routes are ignored in free play outside the last turns: one
    /// more than the shortest route on the board.
    pub short_route: u8,
    /// The shortest length whose routes score more points per train than the
    /// board's least-paying routes (the shortest route when all pay alike):
    /// shorter routes off the plan are not worth their trains to `one-step`.
    pub paying_length: u8,
    /// The points of a route of [`Scale::paying_length`]: the least a route
    /// must score to be worth a terrain draw, and per locomotive spent on
    /// doubling.
    pub paying_points: i32,
    /// A ticket worth at least the best route's points is a big ticket
    /// (`long-route` favours it).
    pub big_ticket: i32,
    /// A face-up locomotive is drawn first when the plan lacks this many
    /// cards or more: one more than the display holds.
    pub locomotive_deficit: u16,
    /// The route prices of plans (its `long_bias` is the style's, 0 here).
    pub costs: CostModel,
}

impl Scale {
    /// The numbers of `board`'s design.
    pub fn new(board: &Board) -> Scale {
        let rules = board.rules();
        let trains = rules.trains;
        let routes = board.routes();
        let longest_route = routes.iter().map(|r| r.length).max().unwrap_or(0);
        let shortest_route = routes.iter().map(|r| r.length).min().unwrap_or(0);
        // Points per train, compared as fractions: a/b < c/d ⇔ a·d < c·b.
        let per_train =
            |r: &crate::board_game::board::Route| (i64::from(r.points), i64::from(r.length.max(1)));
        let least = routes
            .iter()
            .map(per_train)
            .min_by(|a, b| (a.0 * b.1).cmp(&(b.0 * a.1)));
        let paying = least.and_then(|(lp, ll)| {
            routes
                .iter()
                .filter(|r| {
                    let (p, l) = per_train(r);
                    p * ll > lp * l
                })
                .min_by_key(|r| (r.length, r.points))
        });
        // When every route pays alike, every route is worth its trains.
        let (paying_length, paying_points) = paying
            .or_else(|| routes.iter().min_by_key(|r| (r.length, r.points)))
            .map_or((0, 0), |r| (r.length, r.points));
        Scale {
            trains,
            last_turns: rules.end.trains_left.saturating_add(LAST_TURNS.of(trains)),
            endgame: ENDGAME.of(trains),
            rival_tickets: RIVAL_TICKETS.of(trains),
            hungry_spare: HUNGRY_SPARE.of(trains),
            hungry_tickets: usize::from(HUNGRY_TICKETS.of(trains)),
            long_route: longest_route - longest_route / 4,
            short_route: shortest_route.saturating_add(1),
            paying_length,
            paying_points,
            big_ticket: routes.iter().map(|r| r.points).max().unwrap_or(0),
            locomotive_deficit: u16::from(rules.display.size) + 1,
            costs: CostModel {
                tunnel: tunnel_cost(board),
                ferry: if rules.display.locomotive_counts_double {
                    HALF_TRAIN
                } else {
                    0
                },
                long_bias: 0,
                new_station: HALF_TRAIN.saturating_add(
                    (rules.stations.unbuilt_points.max(0) as u32).saturating_mul(10),
                ),
                own_station: HALF_TRAIN,
            },
        }
    }
}

/// The risk of a tunnel in tenths of a train: the chance that its revealed
/// cards (`rules.tunnels.reveal`) ask for at least one extra card, each
/// revealed card matching with the share of an average colour plus the
/// locomotives in the deck.
fn tunnel_cost(board: &Board) -> u32 {
    let deck = board.deck_size();
    let colors = board.colors().len();
    if deck == 0 || colors == 0 {
        return 0;
    }
    let colour_cards = deck - usize::from(board.locomotives());
    let matching =
        (colour_cards as f64 / colors as f64 + f64::from(board.locomotives())) / deck as f64;
    let reveal = i32::from(board.rules().tunnels.reveal);
    let extra = 1.0 - (1.0 - matching.min(1.0)).powi(reveal);
    (10.0 * extra).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_round_to_the_nearest_train() {
        let s = Share::new(14, 45);
        assert_eq!(s.of(45), 14);
        assert_eq!(s.of(40), 12);
        assert_eq!(s.of(30), 9);
        assert_eq!(s.of(0), 0);
        assert_eq!(Share::new(45, 45).of(u16::MAX), u16::MAX);
    }
}
