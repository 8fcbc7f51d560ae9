//! What a simulation measures of the card game beyond what every family
//! shares: completion of each ticket, Train Robbery frequency and the Big
//! City bonus distribution ([`CardReport`]), with its findings, text and CSV
//! tables.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::{Action, CardDesign, CardFamily, Event, Events, State};
use crate::sim::csv::{by_players, field};
use crate::sim::findings::{Topic, evidence, object, thousands};
use crate::sim::stats::{Rate, pct};
use crate::sim::{Finding, GameRecord, Level, Measures, PlayerCountReport, SimReport};
use crate::sim::{check_index, check_len};

/// The card game's record of one game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CardRecord {
    /// Tickets completed (over every deal), by index.
    pub completed: Vec<u16>,
    /// Tickets held unfinished at the end, by index.
    pub failed: Vec<u16>,
    /// Train Robberies: one per row discarded.
    pub robberies: u32,
    /// Cards discarded by robberies.
    pub robbed_cards: u32,
    /// Rail Yard plays.
    pub plays: u32,
    /// Per Big City, how many players won its bonus (0: nobody).
    pub big_city_winners: Vec<u8>,
}

/// One ticket's row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TicketRow {
    /// Index in the design's tickets.
    pub index: usize,
    /// `From - To`.
    pub name: String,
    /// Points.
    pub points: i32,
    /// Times it was held at the end of a game (completed or not).
    pub held: u64,
    /// Times it was completed.
    pub completed: u64,
    /// Completion when held.
    pub completion: Rate,
}

/// Train Robbery.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RobberyReport {
    /// Robberies per game.
    pub per_game: f64,
    /// Robberies per Rail Yard play.
    pub per_play: f64,
    /// Cards discarded per robbery.
    pub cards_per_robbery: f64,
    /// Games with at least one robbery.
    pub games_with_robbery: Rate,
}

/// One Big City's bonus.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BigCityRow {
    /// The city.
    pub city: String,
    /// Its points.
    pub points: i32,
    /// Games where someone won it.
    pub awarded: Rate,
    /// Games where it was shared by a tie.
    pub shared: Rate,
    /// Mean winners when awarded.
    pub mean_winners: f64,
}

/// The card game's section of a player count's report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardSection {
    /// Per ticket.
    pub tickets: Vec<TicketRow>,
    /// Train Robbery.
    pub train_robbery: RobberyReport,
    /// Per Big City.
    pub big_cities: Vec<BigCityRow>,
}

/// The report's family section (`cards` in JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardReport {
    /// The card game's measures.
    pub cards: CardSection,
}

/// The accumulator over one player count's games.
#[derive(Clone, Debug)]
pub struct CardMeasures {
    held: Vec<u64>,
    completed: Vec<u64>,
    robberies: u64,
    robbed_cards: u64,
    plays: u64,
    games_with_robbery: u64,
    awarded: Vec<u64>,
    shared: Vec<u64>,
    winners: Vec<u64>,
}

impl Measures<CardFamily> for CardMeasures {
    type Game = CardRecord;
    type Report = CardReport;

    fn start(_: &CardDesign) -> CardRecord {
        CardRecord::default()
    }

    fn moved(game: &mut CardRecord, _: &State, _: Action, events: &Events) {
        for e in events {
            match e {
                Event::Robbed { cards, .. } => {
                    game.robberies += 1;
                    game.robbed_cards += u32::from(*cards);
                }
                Event::Played { .. } => game.plays += 1,
                _ => {}
            }
        }
    }

    fn end(game: &mut CardRecord, state: &State) {
        for p in state.players() {
            game.completed.extend(&p.completed);
            game.failed.extend(&p.tickets);
        }
        if let Some(ending) = state.ending() {
            game.big_city_winners = (0..state.design().big_cities.len())
                .map(|b| {
                    ending
                        .breakdowns
                        .iter()
                        .filter(|x| x.cities_won.contains(&b))
                        .count() as u8
                })
                .collect();
        }
    }

    fn check(design: &CardDesign, players: usize, game: &CardRecord) -> Result<(), String> {
        for &t in game.completed.iter().chain(&game.failed) {
            check_index("completed", "ticket", usize::from(t), design.tickets.len())?;
        }
        if !game.big_city_winners.is_empty() {
            check_len(
                "big_city_winners",
                "Big Cities",
                game.big_city_winners.len(),
                design.big_cities.len(),
            )?;
        }
        match game
            .big_city_winners
            .iter()
            .find(|&&w| usize::from(w) > players)
        {
            Some(w) => Err(format!(
                "`big_city_winners` counts {} in a {players}-player game",
                crate::words::count(*w, "winner")
            )),
            None => Ok(()),
        }
    }

    fn new(design: &CardDesign, _: usize, _: &[String]) -> Self {
        let t = design.tickets.len();
        let b = design.big_cities.len();
        CardMeasures {
            held: vec![0; t],
            completed: vec![0; t],
            robberies: 0,
            robbed_cards: 0,
            plays: 0,
            games_with_robbery: 0,
            awarded: vec![0; b],
            shared: vec![0; b],
            winners: vec![0; b],
        }
    }

    fn add(&mut self, _: &CardDesign, record: &GameRecord<CardRecord>) {
        let g = &record.family;
        for &t in &g.completed {
            if let Some(h) = self.held.get_mut(usize::from(t)) {
                *h += 1;
                self.completed[usize::from(t)] += 1;
            }
        }
        for &t in &g.failed {
            if let Some(h) = self.held.get_mut(usize::from(t)) {
                *h += 1;
            }
        }
        self.robberies += u64::from(g.robberies);
        self.robbed_cards += u64::from(g.robbed_cards);
        self.plays += u64::from(g.plays);
        if g.robberies > 0 {
            self.games_with_robbery += 1;
        }
        for (b, &w) in g.big_city_winners.iter().enumerate() {
            if w > 0 && b < self.awarded.len() {
                self.awarded[b] += 1;
                self.winners[b] += u64::from(w);
                if w > 1 {
                    self.shared[b] += 1;
                }
            }
        }
    }

    fn finish(self, design: &CardDesign, games: u64) -> CardReport {
        let ratio = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        CardReport {
            cards: CardSection {
                tickets: design
                    .tickets
                    .iter()
                    .enumerate()
                    .map(|(i, t)| TicketRow {
                        index: i,
                        name: t.name.clone(),
                        points: t.points,
                        held: self.held[i],
                        completed: self.completed[i],
                        completion: Rate::new(self.completed[i] as f64, self.held[i]),
                    })
                    .collect(),
                train_robbery: RobberyReport {
                    per_game: ratio(self.robberies, games),
                    per_play: ratio(self.robberies, self.plays),
                    cards_per_robbery: ratio(self.robbed_cards, self.robberies),
                    games_with_robbery: Rate::new(self.games_with_robbery as f64, games),
                },
                big_cities: design
                    .big_cities
                    .iter()
                    .enumerate()
                    .map(|(b, c)| BigCityRow {
                        city: c.name.clone(),
                        points: c.points,
                        awarded: Rate::new(self.awarded[b] as f64, games),
                        shared: Rate::new(self.shared[b] as f64, games),
                        mean_winners: ratio(self.winners[b], self.awarded[b]),
                    })
                    .collect(),
            },
        }
    }

    fn findings(_: &CardDesign, report: &PlayerCountReport<CardReport>) -> Vec<(Topic, Finding)> {
        findings(report)
    }

    fn write_text(report: &PlayerCountReport<CardReport>, out: &mut String) {
        write_text(report, out);
    }

    fn csv_tables(report: &SimReport<CardReport>) -> Vec<(&'static str, String)> {
        vec![
            ("tickets.csv", tickets_csv(report)),
            ("big_cities.csv", big_cities_csv(report)),
        ]
    }
}

/// Fewest times a ticket must have been held before its completion is judged.
const JUDGED_AFTER: u64 = 20;

fn finding(
    players: usize,
    level: Level,
    code: &str,
    text: String,
    evidence: String,
    objects: Vec<crate::sim::report::ObjectName>,
) -> Finding {
    Finding {
        level,
        code: code.to_owned(),
        players,
        text,
        evidence,
        objects,
    }
}

/// The card game's findings on one section.
fn findings(r: &PlayerCountReport<CardReport>) -> Vec<(Topic, Finding)> {
    let s = &r.family.cards;
    let n = r.players;
    let mut out = Vec::new();
    for t in &s.tickets {
        if t.held >= JUDGED_AFTER && t.completed == 0 {
            out.push((
                Topic::Design,
                finding(
                    n,
                    Level::Warning,
                    "ticket-never-completed",
                    format!(
                        "No bot ever completed {} ({}).",
                        t.name,
                        crate::words::count(t.points, "point")
                    ),
                    format!(
                        "held {}, completed 0",
                        crate::words::count_grouped(t.held, "time")
                    ),
                    vec![object("ticket", t.index, &t.name)],
                ),
            ));
        } else if t.held == 0 && r.games >= JUDGED_AFTER {
            out.push((
                Topic::Design,
                finding(
                    n,
                    Level::Info,
                    "ticket-never-kept",
                    format!("No bot ever kept {}.", t.name),
                    crate::words::count_grouped(r.games, "game"),
                    vec![object("ticket", t.index, &t.name)],
                ),
            ));
        }
    }
    for (i, b) in s.big_cities.iter().enumerate() {
        if b.awarded.count == 0.0 && r.games >= JUDGED_AFTER {
            out.push((
                Topic::Mechanisms,
                finding(
                    n,
                    Level::Warning,
                    "big-city-never-awarded",
                    format!("The {} bonus was never won.", b.city),
                    evidence(&b.awarded),
                    vec![object("big-city", i, &b.city)],
                ),
            ));
        }
    }
    let rob = &s.train_robbery;
    out.push((
        Topic::Mechanisms,
        finding(
            n,
            Level::Info,
            "train-robbery",
            format!(
                "Train Robbery happened {:.2} times a game ({} of Rail Yard plays).",
                rob.per_game,
                pct(rob.per_play)
            ),
            evidence(&rob.games_with_robbery),
            Vec::new(),
        ),
    ));
    out
}

/// The section in words, for `tracklayer simulate`.
fn write_text(r: &PlayerCountReport<CardReport>, o: &mut String) {
    let s = &r.family.cards;
    let mut tickets: Vec<_> = s.tickets.iter().filter(|t| t.held > 0).collect();
    tickets.sort_by(|a, b| a.completion.value.total_cmp(&b.completion.value));
    let _ = writeln!(o, "\n  Hardest tickets (completion when held):");
    for t in tickets.iter().take(5) {
        let _ = writeln!(
            o,
            "    {:<40} {:>5} of {:>6} held",
            t.name,
            pct(t.completion.value),
            thousands(t.held)
        );
    }
    let _ = writeln!(o, "  Easiest tickets:");
    for t in tickets.iter().rev().take(5) {
        let _ = writeln!(
            o,
            "    {:<40} {:>5} of {:>6} held",
            t.name,
            pct(t.completion.value),
            thousands(t.held)
        );
    }
    let rob = &s.train_robbery;
    let _ = writeln!(
        o,
        "  Train Robbery: {:.2} per game, {} of plays, {:.1} cards each; in {} of games",
        rob.per_game,
        pct(rob.per_play),
        rob.cards_per_robbery,
        rob.games_with_robbery.percent()
    );
    let _ = writeln!(o, "  Big City bonuses (won / shared / winners when won):");
    for b in &s.big_cities {
        let _ = writeln!(
            o,
            "    {:<20} {:>3} pts  {:>5} / {:>5} / {:.2}",
            b.city,
            b.points,
            pct(b.awarded.value),
            pct(b.shared.value),
            b.mean_winners
        );
    }
}

/// The tickets table.
fn tickets_csv(report: &SimReport<CardReport>) -> String {
    by_players(
        report,
        "players,index,name,points,held,completed,completion\n",
        |f| &f.cards.tickets,
        |out, players, t| {
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{:.4}",
                players,
                t.index,
                field(&t.name),
                t.points,
                t.held,
                t.completed,
                t.completion.value
            );
        },
    )
}

/// The Big Cities table.
fn big_cities_csv(report: &SimReport<CardReport>) -> String {
    by_players(
        report,
        "players,city,points,awarded,shared,mean_winners\n",
        |f| &f.cards.big_cities,
        |out, players, b| {
            let _ = writeln!(
                out,
                "{},{},{},{:.4},{:.4},{:.3}",
                players,
                field(&b.city),
                b.points,
                b.awarded.value,
                b.shared.value,
                b.mean_winners
            );
        },
    )
}
