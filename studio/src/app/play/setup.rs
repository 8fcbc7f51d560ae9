//! The table before a game: how many seats, who plays each (a human or any
//! bot of the design's family), and the seed.

use egui::{ComboBox, Ui};

use engine::sim::ladder::LadderReport;

use super::session::Player;
use crate::app::panels::labelled;
use crate::app::play::error::PlayError;
use crate::app::simulate::ratings::by_rating;

/// Most seats the window offers.
pub const MAX_SEATS: usize = 5;

/// Seat choices besides the family's bot names: a quick MCTS (offered
/// when the family has `mcts`).
const QUICK_MCTS: &str = "mcts:200";

/// The setup form.
#[derive(Clone, Debug)]
pub struct SetupForm {
    /// Seats at the table.
    pub players: usize,
    /// Who plays each of the [`MAX_SEATS`] seats: `human` or a bot spec.
    pub seats: Vec<String>,
    /// The seed, as typed.
    pub seed: String,
}

impl Default for SetupForm {
    fn default() -> Self {
        let mut seats = vec!["route-focus".to_owned(); MAX_SEATS];
        seats[0] = "human".into();
        SetupForm {
            players: 2,
            seats,
            seed: random_seed().to_string(),
        }
    }
}

/// A seed from the clock.
pub fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // Keep it short enough to read and retype.
    (nanos % 1_000_000_000) as u64
}

impl SetupForm {
    /// The seed typed, or why it is not one.
    pub fn seed(&self) -> Result<u64, PlayError> {
        self.seed
            .trim()
            .parse()
            .map_err(|_| PlayError::BadSeed(self.seed.trim().to_owned()))
    }

    /// Who plays each seat at the table.
    pub fn table(&self) -> Vec<Player> {
        self.seats[..self.players]
            .iter()
            .map(|s| Player::from_spec(s))
            .collect()
    }

    /// The form; `range` is the design's player range, `bots` its family's
    /// bot names, `ladder` their ratings on the design if rated (the seat
    /// menus then list them strongest first, with the rating), and
    /// `fallback` the one a seat takes when its bot is not among them (the
    /// family's first heuristic style). Returns whether "Start game" was clicked.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        range: (usize, usize),
        bots: &[&str],
        ladder: Option<&LadderReport>,
        fallback: Option<&str>,
    ) -> bool {
        let (lo, hi) = (range.0.clamp(2, MAX_SEATS), range.1.clamp(2, MAX_SEATS));
        let hi = hi.max(lo);
        self.players = self.players.clamp(lo, hi);
        labelled(ui, "Players", |ui| {
            ui.add(egui::DragValue::new(&mut self.players).range(lo..=hi))
        });
        ui.label(format!(
            "This design seats {} to {} players.",
            range.0, range.1
        ));
        // A seat keeps its choice only if this family has that bot; otherwise
        // it takes the family's first heuristic bot (a design of another
        // family was opened since).
        let fallback = fallback.or(bots.first().copied());
        for seat in &mut self.seats {
            if seat != "human"
                && seat != QUICK_MCTS
                && !bots.contains(&seat.as_str())
                && let Some(b) = fallback
            {
                *seat = b.to_owned();
            }
        }
        let quick = bots.contains(&"mcts").then_some(QUICK_MCTS);
        let offered: Vec<&str> = bots.iter().copied().chain(quick).collect();
        let choices: Vec<(&str, String)> = std::iter::once(("human", "human".to_owned()))
            .chain(by_rating(&offered, ladder).into_iter().map(|l| {
                let text = match l.rating {
                    Some(r) => format!("{}  {r}", l.bot),
                    None => l.bot.to_owned(),
                };
                (l.bot, text)
            }))
            .collect();
        for i in 0..self.players {
            let seat = &mut self.seats[i];
            labelled(ui, &format!("Seat {}", i + 1), |ui| {
                ComboBox::from_id_salt(("play-seat", i))
                    .selected_text(seat.as_str())
                    .show_ui(ui, |ui| {
                        for (c, text) in &choices {
                            ui.selectable_value(seat, (*c).to_owned(), text);
                        }
                    })
                    .response
            });
        }
        ui.horizontal(|ui| {
            labelled(ui, "Seed", |ui| {
                ui.add(egui::TextEdit::singleline(&mut self.seed).desired_width(110.0))
            });
            if ui.button("New seed").clicked() {
                self.seed = random_seed().to_string();
            }
        });
        ui.button("Start game").clicked()
    }
}
