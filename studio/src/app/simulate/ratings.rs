//! The bots' ratings on the open design, as the Simulate and Play forms
//! list them: a quick ladder ([`engine::sim::ladder`]) run in the background
//! when the designer asks ("Rate bots"), kept per design fingerprint (the
//! design file's contents) and player count, so an undo back to a rated
//! design shows its ratings again. Until a design is rated the forms list
//! the family's bots in its registry order.
//!
//! A button rather than a run on every opening: a ladder with a search bot
//! takes tens of seconds of both cores, which a designer opening a form to
//! start one quick game should not pay for unasked.

use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::time::Duration;

use egui::{ProgressBar, Ui};
use engine::families::{AnyDesign, FamilyVisitor};
use engine::game::Family;
use engine::sim::DEFAULT_TURN_CAP;
use engine::sim::ladder::{self, LadderConfig, LadderReport};
use engine::sim::skill::skill_players;
use engine::words::count;
use formats::GameFile;

use super::run::progress_text;
use crate::app::job::{self, Worker};

/// Games per group of bots in the studio's quick ladder.
pub const QUICK_GAMES: u32 = 10;

/// A design's contents and the player count it is rated at.
type Key = (u64, usize);

/// Why a quick ladder gave no ratings (the form says so).
#[derive(Debug, thiserror::Error)]
pub enum RatingFailed {
    /// The design does not build (its first errors are named).
    #[error(
        "The design has errors and cannot be played: {}",
        crate::app::families::errors_text(.0, 3)
    )]
    Unplayable(engine::Diagnostics),
    /// The ladder itself failed.
    #[error("{0}")]
    Ladder(engine::sim::SimError),
    /// The worker thread ended without a result.
    #[error("The rating stopped without a result: {0}.")]
    Stopped(job::JobFailed),
}

/// A quick ladder under way, for the design and player count of `key`.
struct Job {
    key: Key,
    job: job::Job<Result<LadderReport, RatingFailed>>,
}

/// The ratings known so far and the ladder under way.
pub struct BotRatings {
    /// Games per group of bots of a quick ladder.
    pub games: u32,
    /// Iterations per decision of the search bots on it.
    pub budget: u32,
    rated: HashMap<Key, LadderReport>,
    job: Option<Job>,
    /// The last fingerprint, by the document generation it was taken at.
    fingerprint: Option<(u64, u64)>,
    /// Why the last ladder failed, if it did.
    pub message: String,
}

impl Default for BotRatings {
    fn default() -> Self {
        BotRatings {
            games: QUICK_GAMES,
            budget: ladder::DEFAULT_BUDGET,
            rated: HashMap::new(),
            job: None,
            fingerprint: None,
            message: String::new(),
        }
    }
}

/// The fingerprint of a design's contents.
pub fn fingerprint(design: &GameFile) -> u64 {
    let mut h = DefaultHasher::new();
    serde_json::to_string(design)
        .unwrap_or_default()
        .hash(&mut h);
    h.finish()
}

/// The player count a design's bots are rated at: two, or its minimum
/// (as `tracklayer ladder` and the skill measure play).
pub fn rated_players(design: &GameFile) -> usize {
    formats::rules::player_range(design).map_or(2, |r| {
        2usize.clamp(usize::from(r.min), usize::from(r.max.max(r.min)))
    })
}

/// One bot as a form lists it: its name and, once rated, its rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed<'a> {
    /// The bot's name (as the family registers it, or a spec with a budget).
    pub bot: &'a str,
    /// `+224 (+145 to +329)`, on the Elo scale.
    pub rating: Option<String>,
}

/// `bots` strongest first by `ladder` (each with its rating text); bots the
/// ladder did not rate follow in their own order. Without a ladder, `bots`
/// as they are.
pub fn by_rating<'a>(bots: &[&'a str], ladder: Option<&LadderReport>) -> Vec<Listed<'a>> {
    let mut out: Vec<(Option<f64>, Listed<'a>)> = bots
        .iter()
        .map(|&bot| {
            let rung = ladder.and_then(|l| l.rung(bot));
            (
                rung.map(|r| r.elo),
                Listed {
                    bot,
                    rating: rung.map(|r| {
                        let budget = if r.bot == bot {
                            String::new()
                        } else {
                            format!(" at {}", r.bot)
                        };
                        format!("{:+.0} ({:+.0} to {:+.0}){budget}", r.elo, r.low, r.high)
                    }),
                },
            )
        })
        .collect();
    // Stable: unrated bots keep their order, after the rated ones.
    out.sort_by(|a, b| match (a.0, b.0) {
        (Some(x), Some(y)) => y.total_cmp(&x),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    out.into_iter().map(|(_, l)| l).collect()
}

impl BotRatings {
    /// The key of the design as it is now (the fingerprint is taken again
    /// only when the document changed).
    fn key(&mut self, design: &GameFile, generation: u64) -> Key {
        let print = match self.fingerprint {
            Some((g, f)) if g == generation => f,
            _ => {
                let f = fingerprint(design);
                self.fingerprint = Some((generation, f));
                f
            }
        };
        (print, rated_players(design))
    }

    /// The ladder of the design as it is now, if it was rated.
    pub fn ladder(&mut self, design: &GameFile, generation: u64) -> Option<&LadderReport> {
        let key = self.key(design, generation);
        self.rated.get(&key)
    }

    /// Is a ladder under way?
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Starts a quick ladder of the design as it is now, in the background.
    pub fn start(
        &mut self,
        design: &GameFile,
        generation: u64,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        let key = self.key(design, generation);
        let (players, games, budget) = (key.1, self.games, self.budget);
        let file = design.clone();
        let job = job::Job::start(
            "bot rating",
            0,
            wake,
            move |worker| match AnyDesign::build(&file) {
                Ok(d) => d.visit(Run {
                    players,
                    games,
                    budget,
                    worker,
                }),
                Err(diags) => Err(RatingFailed::Unplayable(diags)),
            },
        );
        self.message.clear();
        self.job = Some(Job { key, job });
    }

    /// Takes the ladder of a finished run.
    pub fn poll(&mut self) {
        let Some(job) = &mut self.job else { return };
        let Some(out) = job.job.poll() else { return };
        let out = out.unwrap_or_else(|failed| Err(RatingFailed::Stopped(failed)));
        let key = job.key;
        self.job = None;
        match out {
            Ok(r) if r.cancelled => self.message = "Rating cancelled.".into(),
            Ok(r) => {
                self.rated.insert(key, r);
            }
            Err(e) => self.message = e.to_string(),
        }
    }

    /// The "Rate bots" line of a form: the button, or the progress of the
    /// ladder under way with its Cancel button, or when the shown ratings
    /// were measured.
    pub fn ui(&mut self, ui: &mut Ui, design: &GameFile, generation: u64) {
        self.poll();
        let players = rated_players(design);
        if let Some(job) = &self.job {
            let p = job.job.progress();
            ui.horizontal(|ui| {
                ui.add(
                    ProgressBar::new(p.done as f32 / p.total.max(1) as f32)
                        .text(format!(
                            "Rating bots: {}",
                            progress_text(p, job.job.elapsed())
                        ))
                        .desired_width(ui.available_width() - 110.0),
                );
                if ui.button("Cancel rating").clicked() {
                    job.job.cancel();
                }
            });
            ui.ctx().request_repaint_after(Duration::from_millis(200));
        } else {
            let rated = self.ladder(design, generation).map(|l| l.games);
            ui.horizontal_wrapped(|ui| {
                let text = if rated.is_some() {
                    "Rate again"
                } else {
                    "Rate bots"
                };
                let hover = format!(
                    "Play every bot against the others on this design ({}, {} per pair, \
                     search bots at {}) and list them by rating",
                    count(players, "player"),
                    count(self.games, "game"),
                    count(self.budget, "iteration")
                );
                if ui.button(text).on_hover_text(hover).clicked() {
                    let ctx = ui.ctx().clone();
                    self.start(design, generation, move || ctx.request_repaint());
                }
                match rated {
                    Some(games) => ui.weak(format!(
                        "Rated on this design: {}, {} (Elo scale, 95% interval).",
                        count(players, "player"),
                        count(games, "game")
                    )),
                    None => ui.weak("Not rated on this design yet: family order."),
                };
            });
        }
        if !self.message.is_empty() {
            ui.label(&self.message);
        }
    }
}

/// The quick ladder, run with the design's family.
struct Run<'a> {
    players: usize,
    games: u32,
    budget: u32,
    worker: &'a Worker,
}

impl FamilyVisitor for Run<'_> {
    type Output = Result<LadderReport, RatingFailed>;

    fn visit<F: Family>(self, design: Arc<F::Design>) -> Self::Output {
        let config = LadderConfig::<F> {
            players: self.players.max(skill_players::<F>(&design)),
            bots: ladder::family_bots::<F>(self.budget),
            games: self.games,
            seed: 1,
            threads: 0,
            turn_cap: DEFAULT_TURN_CAP,
            design,
        };
        ladder::ladder(
            &config,
            &|p| self.worker.advance(p),
            self.worker.cancel_flag(),
        )
        .map_err(RatingFailed::Ladder)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::sim::ladder::Rung;

    fn rung(bot: &str, elo: f64) -> Rung {
        Rung {
            bot: bot.into(),
            elo,
            low: elo - 50.0,
            high: elo + 50.0,
            games: 10,
            shares: Vec::new(),
        }
    }

    #[test]
    fn rated_bots_come_strongest_first_and_unrated_ones_keep_their_order_after() {
        let ladder = LadderReport {
            schema: ladder::SCHEMA,
            design: "d".into(),
            players: 2,
            games_per_group: 10,
            seed: 1,
            games: 30,
            rungs: vec![rung("mcts:200", 120.0), rung("b", 10.0), rung("a", -130.0)],
            abnormal_endings: 0,
            cancelled: false,
            errors: Vec::new(),
        };
        let bots = ["a", "b", "human-ish", "mcts", "zed"];
        let listed = by_rating(&bots, Some(&ladder));
        let names: Vec<&str> = listed.iter().map(|l| l.bot).collect();
        assert_eq!(names, ["mcts", "b", "a", "human-ish", "zed"]);
        assert_eq!(
            listed[0].rating.as_deref(),
            Some("+120 (+70 to +170) at mcts:200")
        );
        assert_eq!(listed[1].rating.as_deref(), Some("+10 (-40 to +60)"));
        assert_eq!(listed[3].rating, None);
        let plain: Vec<&str> = by_rating(&bots, None).iter().map(|l| l.bot).collect();
        assert_eq!(plain, bots);
    }

    #[test]
    fn the_fingerprint_follows_the_contents() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let mut design = formats::load(&path).unwrap().design;
        let before = fingerprint(&design);
        assert_eq!(before, fingerprint(&design.clone()));
        design.name.push('!');
        assert_ne!(before, fingerprint(&design));
        assert_eq!(rated_players(&design), 2);
    }
}
