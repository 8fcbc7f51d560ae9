//! What to simulate: player counts, games, bots and seed, and turning them
//! with the design as it is now into the engine's [`SimConfig`].

use std::collections::BTreeSet;
use std::ops::RangeInclusive;
use std::sync::Arc;

use egui::{DragValue, Ui};
use engine::game::Family;
use engine::sim::{DEFAULT_TURN_CAP, SimConfig};
use formats::GameFile;

use super::ratings::Listed;
use crate::app::families::errors_text;
use crate::app::panels::labelled;

/// The choices of the setup form.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Player counts to simulate (empty: the default count of the design).
    pub players: BTreeSet<usize>,
    /// Games per player count.
    pub games: u32,
    /// Bot names (those of the design's family are used, in its order).
    pub bots: BTreeSet<String>,
    /// The seed of every game.
    pub seed: u64,
    /// Games against each opponent of the skill-versus-luck measure
    /// ([`engine::sim::skill`]) after the run; `None`: not measured (off by
    /// default: its search-bot games take minutes where the run takes seconds).
    pub skill: Option<u32>,
}

/// Games against each opponent when the skill measure is ticked.
pub const SKILL_GAMES: u32 = 100;

impl Default for Setup {
    fn default() -> Self {
        Setup {
            players: BTreeSet::new(),
            games: 1000,
            bots: default_bots(formats::Family::default()),
            seed: 1,
            skill: None,
        }
    }
}

/// The bots ticked for a design of `kind` when nothing else is chosen: the
/// family's heuristic play styles, as `tracklayer simulate` seats them.
pub fn default_bots(kind: formats::Family) -> BTreeSet<String> {
    crate::app::families::default_bots(kind)
        .into_iter()
        .map(str::to_owned)
        .collect()
}

/// Keeps the ticked bots if any is of `kind`'s family, else ticks the
/// family's defaults (a design of another family was opened since).
pub fn follow_family(setup: &mut Setup, kind: formats::Family) {
    let names = crate::app::families::bot_names(kind);
    if !setup.bots.iter().any(|b| names.contains(&b.as_str())) {
        setup.bots = default_bots(kind);
    }
}

/// The player counts the design's rules allow, within 2 to 5 (all of them
/// when the rules ask for others; 2 to 5 when the rules do not resolve).
pub fn allowed_players(design: &GameFile) -> RangeInclusive<usize> {
    let Some(players) = formats::rules::player_range(design) else {
        return 2..=5;
    };
    within_two_to_five(usize::from(players.min), usize::from(players.max))
}

/// The counts of `min..=max` within 2 to 5 (all of them when none is).
fn within_two_to_five(min: usize, max: usize) -> RangeInclusive<usize> {
    let (lo, hi) = (min.max(2), max.min(5));
    if lo <= hi { lo..=hi } else { min..=max }
}

/// The count chosen when none is: 4 if allowed, else the nearest allowed.
pub fn default_players(allowed: &RangeInclusive<usize>) -> usize {
    4.clamp(*allowed.start(), *allowed.end())
}

/// Why a simulation cannot start with the setup chosen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The design has errors (the first of them, in a sentence).
    #[error("The design has errors and cannot be played: {0}")]
    DesignErrors(String),
    /// A player count the design's rules do not allow.
    #[error("The design's rules allow {min}–{max} players, not {asked}.")]
    Players {
        /// The fewest players the rules allow (within 2 to 5).
        min: usize,
        /// The most.
        max: usize,
        /// The count asked for.
        asked: usize,
    },
    /// No bot ticked.
    #[error("Choose at least one bot.")]
    NoBots,
    /// Zero games asked for.
    #[error("Simulate at least one game.")]
    NoGames,
}

/// The engine's configuration for `setup` on the design as it is now, with
/// family `F`, or a sentence saying why it cannot be simulated.
pub fn config<F: Family>(design: &GameFile, setup: &Setup) -> Result<SimConfig<F>, SetupError> {
    let built =
        F::build(design).map_err(|diags| SetupError::DesignErrors(errors_text(&diags, 3)))?;
    config_for(Arc::new(built), setup)
}

/// The engine's configuration for `setup` on a design already built, or a
/// sentence saying why it cannot be simulated.
pub fn config_for<F: Family>(
    design: Arc<F::Design>,
    setup: &Setup,
) -> Result<SimConfig<F>, SetupError> {
    let (min, max) = F::players(&design);
    let allowed = within_two_to_five(min, max);
    let players: Vec<usize> = if setup.players.is_empty() {
        vec![default_players(&allowed)]
    } else {
        setup.players.iter().copied().collect()
    };
    if let Some(p) = players.iter().find(|p| !allowed.contains(p)) {
        return Err(SetupError::Players {
            min: *allowed.start(),
            max: *allowed.end(),
            asked: *p,
        });
    }
    let bots: Vec<String> = F::BOT_NAMES
        .iter()
        .filter(|b| setup.bots.contains(**b))
        .map(|b| (*b).to_owned())
        .collect();
    if bots.is_empty() {
        return Err(SetupError::NoBots);
    }
    if setup.games == 0 {
        return Err(SetupError::NoGames);
    }
    Ok(SimConfig::<F> {
        design,
        players,
        games: setup.games,
        bots,
        seed: setup.seed,
        threads: 0,
        turn_cap: DEFAULT_TURN_CAP,
    })
}

/// Draws the setup form (disabled while a run is under way); `bots` are the
/// family's bots, strongest first once rated on the design.
pub fn ui(ui: &mut Ui, setup: &mut Setup, allowed: RangeInclusive<usize>, bots: &[Listed<'_>]) {
    if setup.players.is_empty() || !setup.players.iter().all(|p| allowed.contains(p)) {
        setup.players.retain(|p| allowed.contains(p));
        if setup.players.is_empty() {
            setup.players.insert(default_players(&allowed));
        }
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Players:");
        for p in allowed {
            let mut on = setup.players.contains(&p);
            if ui
                .checkbox(&mut on, engine::words::count(p, "player"))
                .changed()
            {
                if on {
                    setup.players.insert(p);
                } else if setup.players.len() > 1 {
                    setup.players.remove(&p);
                }
            }
        }
    });
    ui.horizontal(|ui| {
        labelled(ui, "Games", |ui| {
            ui.add(
                DragValue::new(&mut setup.games)
                    .range(1..=1_000_000)
                    .speed(10),
            )
        });
        labelled(ui, "Seed", |ui| ui.add(DragValue::new(&mut setup.seed)));
    });
    let mut tick = |ui: &mut Ui, b: &str| {
        let mut on = setup.bots.contains(b);
        let r = ui
            .checkbox(&mut on, b)
            .on_hover_text("Seats are filled from the chosen bots by a seeded shuffle.");
        if r.changed() {
            if on {
                setup.bots.insert(b.to_owned());
            } else {
                setup.bots.remove(b);
            }
        }
    };
    ui.horizontal(|ui| {
        let mut on = setup.skill.is_some();
        let r = ui.checkbox(&mut on, "Measure skill versus luck").on_hover_text(
            "After the run, the family's strongest bot plays a mid-ladder bot and random at the \
             smallest table: how often the better player wins on this design (docs/simulation.md)",
        );
        if r.changed() {
            setup.skill = on.then_some(SKILL_GAMES);
        }
        if let Some(games) = &mut setup.skill {
            labelled(ui, "Skill games", |ui| {
                ui.add(DragValue::new(games).range(1..=100_000).speed(5))
            });
        }
    });
    if bots.iter().any(|l| l.rating.is_some()) {
        ui.label("Bots, strongest first (rating on this design):");
        for l in bots {
            ui.horizontal(|ui| {
                tick(ui, l.bot);
                if let Some(r) = &l.rating {
                    ui.weak(r);
                }
            });
        }
    } else {
        ui.horizontal_wrapped(|ui| {
            ui.label("Bots:");
            for l in bots {
                tick(ui, l.bot);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use engine::board_game::BoardFamily;
    use engine::card_game::CardFamily;
    use engine::dice::DiceFamily;

    use super::*;

    fn usa() -> GameFile {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        formats::load(&path).unwrap().design
    }

    #[test]
    fn the_configuration_follows_the_form_and_the_rules() {
        let design = usa();
        assert_eq!(allowed_players(&design), 2..=5);
        let mut setup = Setup {
            games: 40,
            seed: 9,
            ..Setup::default()
        };
        let c = config::<BoardFamily>(&design, &setup).unwrap();
        assert_eq!((c.players, c.games, c.seed), (vec![4], 40, 9));
        assert_eq!(
            c.bots,
            [
                "route-focus",
                "destination-hungry",
                "long-route",
                "one-step"
            ]
            .map(str::to_owned)
        );
        setup.players = [5, 2].into();
        assert_eq!(
            config::<BoardFamily>(&design, &setup).unwrap().players,
            vec![2, 5]
        );
        setup.players = [6].into();
        assert_eq!(
            config::<BoardFamily>(&design, &setup)
                .unwrap_err()
                .to_string(),
            "The design's rules allow 2–5 players, not 6."
        );
        setup.players.clear();
        setup.bots.clear();
        assert_eq!(
            config::<BoardFamily>(&design, &setup).unwrap_err(),
            SetupError::NoBots
        );
    }

    #[test]
    fn a_design_of_another_family_ticks_its_own_heuristic_bots() {
        let mut setup = Setup::default();
        follow_family(&mut setup, CardFamily::KIND);
        assert_eq!(
            setup.bots,
            ["robber", "ticket-matcher"].map(str::to_owned).into()
        );
        follow_family(&mut setup, DiceFamily::KIND);
        assert_eq!(setup.bots, default_bots(DiceFamily::KIND));
        assert!(!setup.bots.is_empty() && !setup.bots.contains("random"));
        setup.bots.insert("random".into());
        follow_family(&mut setup, CardFamily::KIND);
        assert_eq!(setup.bots.len(), 3, "random is a card-game bot too: kept");
    }

    #[test]
    fn a_broken_design_says_why_instead_of_panicking() {
        let mut design = usa();
        design.routes[0].from = "Atlantis".into();
        let e = config::<BoardFamily>(&design, &Setup::default()).unwrap_err();
        assert!(matches!(e, SetupError::DesignErrors(_)), "{e}");
        assert!(config::<BoardFamily>(&GameFile::default(), &Setup::default()).is_err());
    }
}
