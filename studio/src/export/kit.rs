//! What a print-and-play kit holds, counted from the design's rule
//! parameters: the components list printed as the contents page, the card
//! sections (the decks, bonus cards, victory-point cards and the rules
//! summary) and the playing pieces to cut out (train cars, stations, score
//! markers and track, die-face labels, coins, buildings, the conductor).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use engine::families::{AnyDesign, FamilyVisitor};
use engine::game::Family;
use engine::sim::{self, SimConfig};
use formats::GameFile;
use formats::dice::Face;

use super::cards::{self, Card, Section};
use crate::drawing::components::{Mark, Piece, TRACK_SPACE, seats};
use crate::drawing::paper::Paper;

/// The edge of a page of pieces, millimetres.
pub const PIECE_EDGE: f32 = 10.0;

/// One line of the contents page: a component, how many, and where it is
/// printed.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// What it is.
    pub name: String,
    /// How many the game needs (and the kit prints).
    pub count: u32,
    /// How the count comes about, from the rules (`45 per player × 5`).
    pub detail: String,
    /// The card section or group of pieces that prints it (its title), or
    /// [`BOARD`].
    pub part: String,
}

/// The section of the designer's own rules.
const DESIGNER_RULES: &str = "Designer's rules";

/// The [`Item::part`] of the board.
pub const BOARD: &str = "board";

/// Pieces printed together under one heading, each inner list starting a
/// new row (one player's pieces, one die's faces).
#[derive(Clone, Debug, PartialEq)]
pub struct PieceGroup {
    /// The heading.
    pub title: String,
    /// The rows.
    pub rows: Vec<Vec<Piece>>,
}

impl PieceGroup {
    /// Pieces in the group.
    pub fn count(&self) -> usize {
        self.rows.iter().map(Vec::len).sum()
    }
}

/// Everything a kit prints besides the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Kit {
    /// The contents page's lines, in order.
    pub items: Vec<Item>,
    /// The card sections.
    pub sections: Vec<Section>,
    /// The pieces.
    pub pieces: Vec<PieceGroup>,
    /// The lowest and highest spaces of the score track.
    pub track: (i32, i32),
    /// The most players the design seats (the seat colours printed).
    pub players: usize,
}

/// The score track's range when nothing could be simulated: the rulebook
/// boards' 0 to 100.
const FALLBACK_TRACK: (i32, i32) = (0, 100);

impl Kit {
    /// The kit of `file` (built as `design`) on `paper`, its score track
    /// reaching past every score a short seeded simulation sees.
    pub fn new(file: &GameFile, design: &AnyDesign, paper: Paper) -> Kit {
        // Fewer games on a large design, so the export stays quick: 12 per
        // player count up to 300 routes (or tracks, or tickets), one at
        // 3,600 and more.
        let size = match design {
            AnyDesign::Board(b) => b.routes().len(),
            AnyDesign::CardGame(d) => d.tickets.len(),
            AnyDesign::Dice(d) => d.tracks.len(),
        };
        let games = (TRACK_GAMES as usize * 300 / size.max(1)).clamp(1, TRACK_GAMES as usize);
        let track = design
            .visit(ScoreRange {
                games: games as u32,
            })
            .map_or(FALLBACK_TRACK, track_range);
        Kit::with_track(file, design, paper, track)
    }

    /// The kit with a score track from `track.0` to `track.1`.
    pub fn with_track(file: &GameFile, design: &AnyDesign, paper: Paper, track: (i32, i32)) -> Kit {
        let players = match design {
            AnyDesign::Board(b) => usize::from(b.rules().players.max),
            AnyDesign::CardGame(d) => usize::from(d.rules.players.max),
            AnyDesign::Dice(d) => usize::from(d.rules.players.max),
        };
        let mut kit = Kit {
            items: Vec::new(),
            sections: Vec::new(),
            pieces: Vec::new(),
            track,
            players,
        };
        match design {
            AnyDesign::Board(board) => {
                let r = board.rules();
                let sections = cards::sections(file, board);
                let bonus: Vec<Card> = [
                    (
                        "Longest path",
                        r.bonuses.longest_path,
                        "the longest continuous path of routes",
                    ),
                    (
                        "Globetrotter",
                        r.bonuses.globetrotter,
                        "the most completed tickets",
                    ),
                ]
                .into_iter()
                .filter(|(_, points, _)| *points != 0)
                .map(|(title, points, who)| Card::Bonus {
                    title: title.to_owned(),
                    points,
                    text: format!("to every player with {who}"),
                })
                .collect();
                kit.add_sections(sections, bonus, Vec::new());
                kit.player_pieces(
                    "Train cars",
                    Mark::Train,
                    u32::from(r.trains),
                    players,
                    "trains",
                );
                if r.stations.count > 0 {
                    kit.player_pieces(
                        "Stations",
                        Mark::Station,
                        u32::from(r.stations.count),
                        players,
                        "stations",
                    );
                }
            }
            AnyDesign::CardGame(d) => {
                let sections = cards::card_game_sections(file, d);
                kit.add_sections(sections, Vec::new(), Vec::new());
            }
            AnyDesign::Dice(d) => {
                let r = &d.rules;
                let vp: Vec<Card> = r
                    .points
                    .cards
                    .iter()
                    .flat_map(|(value, n)| (0..*n).map(|_| Card::Points { value: *value }))
                    .collect();
                let total: u32 = r
                    .points
                    .cards
                    .iter()
                    .map(|(v, n)| u32::from(*v) * u32::from(*n))
                    .sum();
                let most = r.points.supply.values().max().copied().unwrap_or(0);
                let sections = cards::dice_sections(d);
                kit.add_sections(
                    sections,
                    Vec::new(),
                    vec![(
                        vp,
                        format!("worth {total} VP in all (the largest supply is {most} VP)"),
                    )],
                );
                kit.dice(&d.faces, r.dice.per_player, r.dice.bonus, players);
                let per = [
                    (Face::Ranch, r.buildings.ranch),
                    (Face::Mine, r.buildings.mine),
                    (Face::Hotel, r.buildings.hotel),
                ];
                let each: u32 = per.iter().map(|(_, n)| u32::from(*n)).sum();
                kit.group(
                    "Building tokens",
                    seats(players)
                        .iter()
                        .map(|s| {
                            per.iter()
                                .flat_map(|(f, n)| {
                                    (0..*n).map(|_| Piece::Counter {
                                        seat: *s,
                                        mark: Mark::Building(*f),
                                    })
                                })
                                .collect()
                        })
                        .collect(),
                    format!(
                        "{}, {}, {} per player × {players}",
                        engine::words::count(r.buildings.ranch, "ranch"),
                        engine::words::count(r.buildings.mine, "mine"),
                        engine::words::count(r.buildings.hotel, "hotel")
                    ),
                    each * players as u32,
                );
                let coins = u32::from(r.coins.max) * players as u32;
                kit.group(
                    "Coins",
                    vec![(0..coins).map(|_| Piece::Coin).collect()],
                    format!("{} (the most a player holds) × {players}", r.coins.max),
                    coins,
                );
                kit.group(
                    "Conductor token",
                    vec![vec![Piece::Conductor]],
                    "the first player".to_owned(),
                    1,
                );
            }
        }
        if let Some(text) = &file.rules_text {
            let cards =
                cards::rules_cards(DESIGNER_RULES, &super::rules_card::designer_lines(text));
            if !cards.is_empty() {
                kit.items.push(Item {
                    name: DESIGNER_RULES.to_owned(),
                    count: cards.len() as u32,
                    detail: "the designer's own rules text, after the summary".to_owned(),
                    part: DESIGNER_RULES.to_owned(),
                });
                kit.sections.push(Section {
                    title: DESIGNER_RULES.to_owned(),
                    cards,
                });
            }
        }
        kit.player_pieces("Score markers", Mark::Score, 1, players, "marker");
        kit.score_track(paper);
        kit
    }

    /// Adds the card sections, then `bonus` cards and `extra` sections (each
    /// with what its count is made of) before the rules summary, with a
    /// contents line for each deck.
    fn add_sections(
        &mut self,
        mut sections: Vec<Section>,
        bonus: Vec<Card>,
        extra: Vec<(Vec<Card>, String)>,
    ) {
        let rules = sections
            .iter()
            .position(|s| s.title == cards::RULES_SUMMARY)
            .map(|i| sections.remove(i));
        if !bonus.is_empty() {
            sections.push(Section {
                title: "Bonus cards".to_owned(),
                cards: bonus,
            });
        }
        let mut details = std::collections::HashMap::new();
        for (cards, detail) in extra {
            if !cards.is_empty() {
                details.insert("Victory point cards", detail);
                sections.push(Section {
                    title: "Victory point cards".to_owned(),
                    cards,
                });
            }
        }
        sections.extend(rules);
        for s in &sections {
            let detail = match s.title.as_str() {
                "Train cards and locomotives" => {
                    let locos = s
                        .cards
                        .iter()
                        .filter(|c| matches!(c, Card::Locomotive { .. }))
                        .count();
                    let colours = tally(s.cards.iter().filter_map(|c| match c {
                        Card::Train { colour, .. } => Some(colour.as_str()),
                        _ => None,
                    }));
                    format!("{colours}; {}", engine::words::count(locos, "locomotive"))
                }
                "Bonus cards" => s
                    .cards
                    .iter()
                    .map(Card::name)
                    .collect::<Vec<_>>()
                    .join(", "),
                "Rules summary" => "this kit's rules, on cards".to_owned(),
                "Destination tickets" | "Long destination tickets" => {
                    "the design's tickets, each with its ends and points".to_owned()
                }
                "Special cards" => {
                    let tickets = s
                        .cards
                        .iter()
                        .filter(|c| matches!(c, Card::Delivery { .. }))
                        .count();
                    format!(
                        "{} and {}",
                        engine::words::count(tickets, "delivery ticket"),
                        engine::words::count(s.cards.len() - tickets, "goods card")
                    )
                }
                "Terrain cards" => tally(s.cards.iter().filter_map(|c| match c {
                    Card::Terrain { name, .. } => Some(name.as_str()),
                    _ => None,
                })),
                "Goods cards" => {
                    "the goods decks, each as many cards as the rules give it".to_owned()
                }
                "Big City bonus cards" => "one for each Big City of the design".to_owned(),
                t => details
                    .get(t)
                    .cloned()
                    .unwrap_or_else(|| "cards".to_owned()),
            };
            self.items.push(Item {
                name: s.title.clone(),
                count: s.cards.len() as u32,
                detail,
                part: s.title.clone(),
            });
        }
        self.sections = sections;
    }

    /// Adds a group of pieces and its contents line.
    fn group(&mut self, title: &str, rows: Vec<Vec<Piece>>, detail: String, count: u32) {
        let group = PieceGroup {
            title: title.to_owned(),
            rows,
        };
        debug_assert_eq!(group.count() as u32, count);
        self.items.push(Item {
            name: title.to_owned(),
            count: group.count() as u32,
            detail,
            part: title.to_owned(),
        });
        self.pieces.push(group);
    }

    /// `each` pieces `mark` per player in every seat colour of `players`.
    fn player_pieces(&mut self, title: &str, mark: Mark, each: u32, players: usize, what: &str) {
        let rows = seats(players)
            .iter()
            .map(|s| {
                (0..each)
                    .map(|_| Piece::Counter { seat: *s, mark })
                    .collect()
            })
            .collect();
        let colours: Vec<&str> = seats(players).iter().map(|s| s.name).collect();
        self.group(
            title,
            rows,
            format!(
                "{each} {what} per player × {players} ({})",
                colours.join(", ")
            ),
            each * players as u32,
        );
    }

    /// Labels for every face of `per_player` dice per player colour and of
    /// `bonus` white dice, one row per die.
    fn dice(&mut self, faces: &[Face], per_player: u8, bonus: u8, players: usize) {
        self.items.push(Item {
            name: "Blank dice (not printed)".to_owned(),
            count: u32::from(per_player) * players as u32 + u32::from(bonus),
            detail: format!(
                "{per_player} per player × {players} and {bonus} white bonus dice: 16 mm blank dice, with the labels below stuck on"
            ),
            part: String::new(),
        });
        for s in seats(players) {
            let rows = (0..per_player)
                .map(|_| {
                    faces
                        .iter()
                        .map(|f| Piece::DieFace {
                            seat: Some(*s),
                            face: *f,
                        })
                        .collect()
                })
                .collect();
            self.group(
                &format!("Die labels: {} dice", s.name),
                rows,
                format!(
                    "{} × {}, to stick on blank 16 mm dice",
                    engine::words::count_with(per_player, "die", "dice"),
                    engine::words::count(faces.len(), "face")
                ),
                u32::from(per_player) * faces.len() as u32,
            );
        }
        if bonus > 0 {
            let rows = (0..bonus)
                .map(|_| {
                    faces
                        .iter()
                        .map(|f| Piece::DieFace {
                            seat: None,
                            face: *f,
                        })
                        .collect()
                })
                .collect();
            self.group(
                "Die labels: white bonus dice",
                rows,
                format!(
                    "{} × {}",
                    engine::words::count_with(bonus, "die", "dice"),
                    engine::words::count(faces.len(), "face")
                ),
                u32::from(bonus) * faces.len() as u32,
            );
        }
    }

    /// The score track as strips as wide as a page of `paper` allows.
    fn score_track(&mut self, paper: Paper) {
        let (lo, hi) = self.track;
        let (w, _) = paper.mm();
        let per = (((w - 2.0 * PIECE_EDGE) / TRACK_SPACE).floor() as i32).max(1);
        let strips: Vec<Vec<Piece>> = (0..)
            .map(|k| lo + k * per)
            .take_while(|from| *from <= hi)
            .map(|from| {
                vec![Piece::Track {
                    from,
                    to: (from + per - 1).min(hi),
                }]
            })
            .collect();
        let n = strips.len() as u32;
        let group = PieceGroup {
            title: "Score track".to_owned(),
            rows: strips,
        };
        self.items.push(Item {
            name: "Score track".to_owned(),
            count: n,
            detail: if (lo, hi) == FALLBACK_TRACK {
                format!("strips joined end to end: spaces {lo} to {hi} (no simulation could run)")
            } else {
                format!(
                    "strips joined end to end: spaces {lo} to {hi}, past every score a seeded simulation of this design saw"
                )
            },
            part: "Score track".to_owned(),
        });
        self.pieces.push(group);
    }
}

/// How many of each name `names` holds, in first-seen order: `12 pink, 12
/// white`.
fn tally<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let mut by: Vec<(&str, usize)> = Vec::new();
    for n in names {
        match by.iter_mut().find(|(m, _)| *m == n) {
            Some((_, k)) => *k += 1,
            None => by.push((n, 1)),
        }
    }
    by.iter()
        .map(|(n, k)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The score track for scores `lo..=hi` seen in games: a margin of a tenth
/// (at least 10), rounded out to tens, never above 0 at the low end.
pub fn track_range((lo, hi): (f64, f64)) -> (i32, i32) {
    let margin = (hi.abs().max(lo.abs()) * 0.1).max(10.0);
    let low = if lo < 0.0 {
        (((lo - margin) / 10.0).floor() * 10.0) as i32
    } else {
        0
    };
    let high = (((hi + margin) / 10.0).ceil() * 10.0) as i32;
    (low, high.max(50))
}

/// Games per player count of the score-track simulation (of a design of up
/// to 300 routes).
const TRACK_GAMES: u32 = 12;

/// The lowest and highest final scores of a short seeded simulation of a
/// design with the family's heuristic bots at every player count, `games`
/// games each (`None` when it cannot run).
struct ScoreRange {
    games: u32,
}

impl FamilyVisitor for ScoreRange {
    type Output = Option<(f64, f64)>;

    fn visit<F: Family>(self, design: Arc<F::Design>) -> Self::Output {
        let (lo, hi) = F::players(&design);
        let config = SimConfig::<F> {
            design,
            players: (lo..=hi).collect(),
            games: self.games,
            bots: F::default_bots().into_iter().map(str::to_owned).collect(),
            seed: 1,
            threads: 1,
            turn_cap: sim::DEFAULT_TURN_CAP,
        };
        let report = sim::simulate(&config, &|_| {}, &AtomicBool::new(false)).ok()?;
        let sections = report.by_players.iter().filter(|s| s.games > 0);
        let (min, max) = sections.fold((f64::MAX, f64::MIN), |(a, b), s| {
            (a.min(s.scores.total.min), b.max(s.scores.total.max))
        });
        (min <= max).then_some((min, max))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_track_reaches_past_the_scores_with_a_margin_in_tens() {
        assert_eq!(track_range((12.0, 137.0)), (0, 160));
        assert_eq!(track_range((-23.0, 41.0)), (-40, 60));
        assert_eq!(track_range((0.0, 5.0)), (0, 50));
    }
}
