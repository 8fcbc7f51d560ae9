//! What a simulation measures of the dice game: deliveries per group of track
//! (its tracks share the count), goods handed out and who holds the
//! monopolies, strikes, and buildings; findings on tracks never delivered
//! and frequent strikes; text and CSV.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::action::{Action, Event, Events};
use super::design::DiceDesign;
use super::family::DiceFamily;
use super::state::State;
use crate::game::GameState;
use crate::sim::check_len;
use crate::sim::csv::{by_players, quoted};
use crate::sim::findings::Topic;
use crate::sim::report::ObjectName;
use crate::sim::stats::pct_fixed;
use crate::sim::{Finding, GameRecord, Level, Measures, PlayerCountReport, SimReport};

/// One game's dice measures.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DiceRecord {
    /// Deliveries per group of track spaces.
    pub deliveries: Vec<u32>,
    /// Goods cards taken, per deck.
    pub goods: Vec<u32>,
    /// Per deck: the winner held (or shared) its monopoly.
    pub winner_monopolies: Vec<bool>,
    /// Per deck: somebody held its monopoly.
    pub monopolies: Vec<bool>,
    /// Strikes.
    pub strikes: u32,
    /// Rolls (first rolls of a turn).
    pub rolls: u32,
    /// Buildings built.
    pub buildings: u32,
}

/// One track's row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrackRow {
    /// `Seattle - Billings`.
    pub track: String,
    /// The delivery group it belongs to.
    pub group: String,
    /// Deliveries of its group per game.
    pub deliveries_per_game: f64,
}

/// One good's row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GoodRow {
    /// The good.
    pub good: String,
    /// Cards taken per game.
    pub taken_per_game: f64,
    /// Share of all goods taken.
    pub share: f64,
    /// Share of games in which somebody held the monopoly.
    pub monopoly_held: f64,
    /// Share of games in which the winner held (or shared) it.
    pub winner_monopoly: f64,
}

/// The dice family's section of a player count's report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DiceReport {
    /// Per track.
    pub tracks: Vec<TrackRow>,
    /// Per good.
    pub goods: Vec<GoodRow>,
    /// Strikes per roll.
    pub strike_rate: f64,
    /// Buildings per game.
    pub buildings_per_game: f64,
}

/// The accumulator.
#[derive(Clone, Debug)]
pub struct DiceMeasures {
    deliveries: Vec<u64>,
    goods: Vec<u64>,
    held: Vec<u64>,
    won: Vec<u64>,
    strikes: u64,
    rolls: u64,
    buildings: u64,
}

impl Measures<DiceFamily> for DiceMeasures {
    type Game = DiceRecord;
    type Report = DiceReport;

    fn start(design: &DiceDesign) -> DiceRecord {
        DiceRecord {
            deliveries: vec![0; design.groups.len()],
            goods: vec![0; design.goods.len()],
            ..DiceRecord::default()
        }
    }

    fn moved(game: &mut DiceRecord, _: &State, action: Action, events: &Events) {
        if matches!(action, Action::Roll { .. }) {
            game.rolls += 1;
        }
        for e in events {
            match e {
                Event::Delivered { group } => game.deliveries[usize::from(*group)] += 1,
                Event::Good { good, .. } => game.goods[usize::from(*good)] += 1,
                Event::Strike { .. } => game.strikes += 1,
                Event::Built { .. } => game.buildings += 1,
                _ => {}
            }
        }
    }

    fn end(game: &mut DiceRecord, state: &State) {
        let n = state.num_players();
        let goods: Vec<_> = (0..n).map(|s| state.goods_with_specials(s)).collect();
        let winners: Vec<usize> = state
            .outcome()
            .map(|o| o.winners.iter().map(|w| w.index()).collect())
            .unwrap_or_default();
        for g in 0..state.design().goods.len() {
            let top = goods.iter().map(|x| x[g]).max().unwrap_or(0);
            game.monopolies.push(top > 0);
            game.winner_monopolies
                .push(top > 0 && winners.iter().any(|&w| goods[w][g] == top));
        }
    }

    fn check(design: &DiceDesign, _: usize, game: &DiceRecord) -> Result<(), String> {
        let goods = design.goods.len();
        check_len(
            "deliveries",
            "groups of track",
            game.deliveries.len(),
            design.groups.len(),
        )?;
        check_len("goods", "goods", game.goods.len(), goods)?;
        check_len("monopolies", "goods", game.monopolies.len(), goods)?;
        check_len(
            "winner_monopolies",
            "goods",
            game.winner_monopolies.len(),
            goods,
        )
    }

    fn new(design: &DiceDesign, _: usize, _: &[String]) -> Self {
        DiceMeasures {
            deliveries: vec![0; design.groups.len()],
            goods: vec![0; design.goods.len()],
            held: vec![0; design.goods.len()],
            won: vec![0; design.goods.len()],
            strikes: 0,
            rolls: 0,
            buildings: 0,
        }
    }

    fn add(&mut self, _: &DiceDesign, record: &GameRecord<DiceRecord>) {
        let r = &record.family;
        for (a, b) in self.deliveries.iter_mut().zip(&r.deliveries) {
            *a += u64::from(*b);
        }
        for (a, b) in self.goods.iter_mut().zip(&r.goods) {
            *a += u64::from(*b);
        }
        for (a, b) in self.held.iter_mut().zip(&r.monopolies) {
            *a += u64::from(*b);
        }
        for (a, b) in self.won.iter_mut().zip(&r.winner_monopolies) {
            *a += u64::from(*b);
        }
        self.strikes += u64::from(r.strikes);
        self.rolls += u64::from(r.rolls);
        self.buildings += u64::from(r.buildings);
    }

    fn finish(self, design: &DiceDesign, games: u64) -> DiceReport {
        let per = |n: u64| {
            if games == 0 {
                0.0
            } else {
                n as f64 / games as f64
            }
        };
        let all: u64 = self.goods.iter().sum();
        DiceReport {
            tracks: design
                .tracks
                .iter()
                .map(|t| {
                    let g = usize::from(design.space_group[usize::from(t.first)]);
                    TrackRow {
                        track: t.name.clone(),
                        group: design.groups[g].name.clone(),
                        deliveries_per_game: per(self.deliveries[g]),
                    }
                })
                .collect(),
            goods: design
                .goods
                .iter()
                .enumerate()
                .map(|(g, good)| GoodRow {
                    good: good.name.clone(),
                    taken_per_game: per(self.goods[g]),
                    share: if all == 0 {
                        0.0
                    } else {
                        self.goods[g] as f64 / all as f64
                    },
                    monopoly_held: per(self.held[g]),
                    winner_monopoly: per(self.won[g]),
                })
                .collect(),
            strike_rate: if self.rolls == 0 {
                0.0
            } else {
                self.strikes as f64 / self.rolls as f64
            },
            buildings_per_game: per(self.buildings),
        }
    }

    fn findings(
        design: &DiceDesign,
        report: &PlayerCountReport<DiceReport>,
    ) -> Vec<(Topic, Finding)> {
        let mut out = Vec::new();
        let players = report.players;
        for (i, t) in report.family.tracks.iter().enumerate() {
            if t.deliveries_per_game < 0.05 && report.games > 0 {
                out.push((
                    Topic::Design,
                    Finding {
                        level: Level::Warning,
                        code: "track-rarely-delivered".into(),
                        players,
                        text: format!(
                            "Track {} is almost never delivered ({:.2} deliveries a game): it may be too long or out of the way.",
                            t.track, t.deliveries_per_game
                        ),
                        evidence: format!("{:.3} deliveries per game of group {}", t.deliveries_per_game, t.group),
                        objects: vec![ObjectName {
                            kind: "track".into(),
                            index: i,
                            name: t.track.clone(),
                        }],
                    },
                ));
            }
        }
        let rate = report.family.strike_rate;
        let strike = &design.rules.strike;
        out.push((
            Topic::Mechanisms,
            Finding {
                level: if rate > 0.2 {
                    Level::Warning
                } else {
                    Level::Info
                },
                code: "strike-rate".into(),
                players,
                text: format!(
                    "{} of rolls end in a strike ({} {} {}).",
                    pct_fixed(rate, 1),
                    crate::words::count(strike.locked_trains, "locked train"),
                    crate::words::verb(strike.locked_trains, "loses", "lose"),
                    crate::words::count(strike.points, "point")
                ),
                evidence: format!("strike rate {rate:.4}"),
                objects: Vec::new(),
            },
        ));
        if let Some(top) = report
            .family
            .goods
            .iter()
            .max_by(|a, b| a.winner_monopoly.total_cmp(&b.winner_monopoly))
            .filter(|g| g.winner_monopoly > 0.5)
        {
            out.push((
                Topic::Mechanisms,
                Finding {
                    level: Level::Info,
                    code: "decisive-monopoly".into(),
                    players,
                    text: format!(
                        "The winner holds the {} monopoly in {} of games.",
                        top.good,
                        pct_fixed(top.winner_monopoly, 0)
                    ),
                    evidence: format!("{:.3}", top.winner_monopoly),
                    objects: Vec::new(),
                },
            ));
        }
        out
    }

    fn write_text(report: &PlayerCountReport<DiceReport>, out: &mut String) {
        let r = &report.family;
        let _ = writeln!(
            out,
            "  strikes: {} of rolls; buildings: {:.1} a game",
            pct_fixed(r.strike_rate, 1),
            r.buildings_per_game
        );
        let _ = writeln!(out, "  deliveries per game by track:");
        for t in &r.tracks {
            let _ = writeln!(out, "    {:<32} {:>6.2}", t.track, t.deliveries_per_game);
        }
        let _ = writeln!(
            out,
            "  goods: taken per game, share, monopoly held, winner's monopoly:"
        );
        for g in &r.goods {
            let _ = writeln!(
                out,
                "    {:<10} {:>6.2} {:>7} {:>7} {:>7}",
                g.good,
                g.taken_per_game,
                pct_fixed(g.share, 1),
                pct_fixed(g.monopoly_held, 1),
                pct_fixed(g.winner_monopoly, 1)
            );
        }
    }

    fn csv_tables(report: &SimReport<DiceReport>) -> Vec<(&'static str, String)> {
        let tracks = by_players(
            report,
            "players,track,group,deliveries_per_game\n",
            |f| &f.tracks,
            |out, players, t| {
                let _ = writeln!(
                    out,
                    "{},{},{},{:.4}",
                    players,
                    quoted(&t.track),
                    quoted(&t.group),
                    t.deliveries_per_game
                );
            },
        );
        let goods = by_players(
            report,
            "players,good,taken_per_game,share,monopoly_held,winner_monopoly\n",
            |f| &f.goods,
            |out, players, g| {
                let _ = writeln!(
                    out,
                    "{},{},{:.4},{:.4},{:.4},{:.4}",
                    players,
                    quoted(&g.good),
                    g.taken_per_game,
                    g.share,
                    g.monopoly_held,
                    g.winner_monopoly
                );
            },
        );
        vec![("tracks.csv", tracks), ("goods.csv", goods)]
    }
}
