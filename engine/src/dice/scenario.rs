//! Scenario files for the dice game: a `setup: dice:` section fixes the
//! position (dice on tracks, buildings, decks, belongings, the dice to be
//! rolled) and `expect: dice:` checks it after a step; the shared runner
//! plays the steps and checks turns, legal and illegal actions and the end.

use std::sync::Arc;

use formats::GameFile;
use formats::dice::{DiceExpect, DiceSetup, Face};
use formats::scenario::{Expect, FinalExpect, PlayerExpect, Scenario};

use super::design::{Building, DiceDesign};
use super::family::DiceFamily;
use super::state::{DeckPlace, Faces, Occupant, Phase, State, fi};
use super::{Events, faces_text};
use crate::game::{Game, GameState};
use crate::scenario::{DesignErrors, FieldError, Findings, ScenarioError, ScenarioFamily};

/// A dice scenario naming what its design lacks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DiceScenarioError(pub String);

fn faces(list: &[Face]) -> Faces {
    let mut f = [0; 6];
    for &x in list {
        f[fi(x)] += 1;
    }
    f
}

fn good(d: &DiceDesign, name: &str) -> Result<u8, DiceScenarioError> {
    d.good(name)
        .ok_or_else(|| DiceScenarioError(format!("there is no good `{name}`")))
}

fn building(name: &str) -> Result<Building, DiceScenarioError> {
    Building::from_name(name)
        .ok_or_else(|| DiceScenarioError(format!("`{name}` is not hotel, mine or ranch")))
}

fn occupants(
    d: &DiceDesign,
    track: &str,
    cells: &[String],
) -> Result<Vec<(u16, Occupant)>, DiceScenarioError> {
    let t = d
        .tracks
        .iter()
        .find(|t| t.name == track)
        .ok_or_else(|| DiceScenarioError(format!("there is no track `{track}`")))?;
    if cells.len() != usize::from(t.len) {
        return Err(DiceScenarioError(format!(
            "track {track} has {}, the list gives {}",
            crate::words::count(t.len, "space"),
            cells.len()
        )));
    }
    cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let o = match c.as_str() {
                "-" => Occupant::Empty,
                "white" => Occupant::Bonus,
                n => Occupant::Player(
                    n.parse::<u8>()
                        .ok()
                        .and_then(|n| n.checked_sub(1))
                        .ok_or_else(|| {
                            DiceScenarioError(format!(
                                "`{n}` is not a player number, `white` or `-`"
                            ))
                        })?,
                ),
            };
            Ok((t.first + i as u16, o))
        })
        .collect()
}

fn apply_setup(state: &mut State, setup: &DiceSetup) -> Result<(), DiceScenarioError> {
    let d = state.design.clone();
    state.phase = Phase::Start;
    state.forced = setup.rolls.iter().rev().copied().collect();
    for (track, cells) in &setup.board {
        for (space, o) in occupants(&d, track, cells)? {
            state.board[usize::from(space)] = o;
            match o {
                Occupant::Player(p) => {
                    let pl = state.players.get_mut(usize::from(p)).ok_or_else(|| {
                        DiceScenarioError(format!("there is no player {}", p + 1))
                    })?;
                    pl.on_board += 1;
                }
                Occupant::Bonus => {
                    state.bonus_supply = state.bonus_supply.saturating_sub(1);
                    state.bonus_on_board += 1;
                }
                Occupant::Empty => {}
            }
        }
    }
    for (station, list) in &setup.buildings {
        let st = d
            .station(station)
            .ok_or_else(|| DiceScenarioError(format!("there is no station `{station}`")))?;
        for entry in list {
            let (b, owner) = entry.split_once(' ').ok_or_else(|| {
                DiceScenarioError(format!("write a building as `mine 1`, not `{entry}`"))
            })?;
            let b = building(b)?;
            let owner: u8 = owner
                .trim()
                .parse::<u8>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .filter(|&n| usize::from(n) < state.players.len())
                .ok_or_else(|| DiceScenarioError(format!("`{owner}` is not a player number")))?;
            let left = &mut state.players[usize::from(owner)].buildings_left[b.index()];
            *left = left.saturating_sub(1);
            state.buildings[usize::from(st)].push((b, owner));
        }
    }
    for (name, &n) in &setup.decks {
        state.decks[usize::from(good(&d, name)?)].left = n;
    }
    for name in &setup.used {
        state.decks[usize::from(good(&d, name)?)].place = DeckPlace::Used;
    }
    for (b, g) in &setup.producing {
        let b = building(b)?;
        let g = good(&d, g)?;
        if let Some(old) = state.producing[b.index()] {
            state.decks[usize::from(old)].place = DeckPlace::Used;
        }
        state.producing[b.index()] = Some(g);
        state.decks[usize::from(g)].place = DeckPlace::On(b);
        if let Some(s) = d.chains[b.index()].iter().position(|s| s.contains(&g)) {
            state.stage[b.index()] = s as u8;
        }
    }
    if let Some(s) = setup.supply {
        state.supply = s;
    }
    if let Some(b) = setup.bonus_supply {
        state.bonus_supply = b;
    }
    if setup.players.len() > state.players.len() {
        return Err(DiceScenarioError(format!(
            "the setup describes {}; the game has {}",
            crate::words::count(setup.players.len(), "player"),
            state.players.len()
        )));
    }
    for (i, ps) in setup.players.iter().enumerate() {
        if let Some(hand) = &ps.hand {
            let old = std::mem::take(&mut state.players[i].hand);
            state.specials_deck.extend(old);
            for name in hand {
                let named = |c: &u16| d.special_name(d.specials[usize::from(*c)]) == *name;
                if !state.specials_deck.iter().any(named) {
                    // A later player whose hand the setup also describes gives
                    // the card back (their own hand is dealt next).
                    let later = (i + 1..setup.players.len())
                        .filter(|&j| setup.players[j].hand.is_some())
                        .find_map(|j| {
                            let at = state.players[j].hand.iter().position(named)?;
                            Some(state.players[j].hand.remove(at))
                        });
                    state.specials_deck.extend(later);
                }
                let pos = state.specials_deck.iter().position(named).ok_or_else(|| {
                    DiceScenarioError(format!("no special card `{name}` is left to deal"))
                })?;
                let c = state.specials_deck.remove(pos);
                state.players[i].hand.push(c);
            }
        }
        let p = &mut state.players[i];
        if let Some(c) = ps.coins {
            p.coins = c;
        }
        if let Some(v) = ps.points {
            p.points = v;
        }
        if let Some(s) = &ps.saved {
            p.saved = faces(s);
        }
        if let Some(b) = ps.bonus_held {
            p.bonus_held = b;
        }
        if let Some(goods) = &ps.goods {
            for (name, &n) in goods {
                p.goods[usize::from(good(&d, name)?)] = n;
            }
        }
    }
    Ok(())
}

/// The phase names scenario files use.
pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Keep { .. } => "keep",
        Phase::Start => "start",
        Phase::Reroll => "reroll",
        Phase::Place => "place",
        Phase::Build => "build",
        Phase::Order => "order",
        Phase::Majority { .. } => "majority",
        Phase::Supply { .. } => "supply",
        Phase::Upgrade => "upgrade",
        Phase::Speculate { .. } => "speculate",
        Phase::Award { .. } => "award",
        Phase::Over => "over",
    }
}

const PHASES: [&str; 12] = [
    "keep",
    "start",
    "reroll",
    "place",
    "build",
    "order",
    "majority",
    "supply",
    "upgrade",
    "speculate",
    "award",
    "over",
];

/// What a step's `expect:` checks of a dice game.
#[derive(Clone, Debug, Default)]
pub struct DiceChecks {
    phase: Option<String>,
    scores: Vec<Option<i32>>,
    dice: Option<DiceExpect>,
}

impl ScenarioFamily for DiceFamily {
    type Error = DiceScenarioError;
    type Checks = DiceChecks;
    type FinalChecks = ();

    fn set_up(design: &GameFile, s: &Scenario) -> Result<State, ScenarioError<DiceScenarioError>> {
        let d = DiceDesign::build(design)
            .map_err(|d| ScenarioError::Design(DesignErrors(d.iter().cloned().collect())))?;
        let game = super::DiceGame::new(Arc::new(d), s.players)
            .map_err(|e| ScenarioError::Setup(DiceScenarioError(e.to_string())))?;
        let mut state = game.new_initial_state(s.seed);
        let rest = formats::scenario::Setup {
            current: None,
            dice: None,
            ..s.setup.clone()
        };
        if rest != formats::scenario::Setup::default() {
            return Err(ScenarioError::Setup(DiceScenarioError(
                "a dice scenario's setup takes `current` and `dice:`; the other fields are the board game's".into(),
            )));
        }
        if let Some(setup) = &s.setup.dice {
            apply_setup(&mut state, setup).map_err(ScenarioError::Setup)?;
        }
        if let Some(c) = s.setup.current {
            let seat = c
                .checked_sub(1)
                .filter(|&c| usize::from(c) < state.num_players())
                .ok_or_else(|| {
                    ScenarioError::Setup(DiceScenarioError(format!("there is no player {c}")))
                })?;
            state.current = seat;
            if matches!(state.phase, Phase::Keep { .. }) {
                state.phase = Phase::Start;
            }
        }
        Ok(state)
    }

    fn checks(state: &State, e: &Expect) -> Result<DiceChecks, FieldError<DiceScenarioError>> {
        let d = state.design();
        let mut rest = e.clone();
        rest.phase = None;
        rest.current = None;
        rest.dice = None;
        rest.players.iter_mut().for_each(|p| p.score = None);
        rest.players.retain(|p| *p != PlayerExpect::default());
        if rest != Expect::default() {
            return Err(FieldError::new(
                "expect",
                DiceScenarioError(
                    "a dice scenario checks `phase`, `current`, players' `score` and `dice:`; the other fields are the board game's"
                        .into(),
                ),
            ));
        }
        if let Some(p) = &e.phase
            && !PHASES.contains(&p.as_str())
        {
            return Err(FieldError::new(
                "phase",
                DiceScenarioError(format!("`{p}` is not a phase: {}", PHASES.join(", "))),
            ));
        }
        if let Some(x) = &e.dice {
            for name in x.decks.keys() {
                good(d, name).map_err(|err| FieldError::new("dice.decks", err))?;
            }
            for (b, g) in &x.producing {
                building(b).map_err(|err| FieldError::new("dice.producing", err))?;
                if g != "nothing" {
                    good(d, g).map_err(|err| FieldError::new("dice.producing", err))?;
                }
            }
            for (t, cells) in &x.board {
                occupants(d, t, cells).map_err(|err| FieldError::new("dice.board", err))?;
            }
            for p in &x.players {
                for name in p.goods.iter().flat_map(|g| g.keys()) {
                    good(d, name).map_err(|err| FieldError::new("dice.players.goods", err))?;
                }
            }
        }
        Ok(DiceChecks {
            phase: e.phase.clone(),
            scores: e.players.iter().map(|p| p.score).collect(),
            dice: e.dice.clone(),
        })
    }

    fn check(state: &State, c: &DiceChecks, _: Option<&Events>, out: &mut Findings<'_>) {
        let d = state.design();
        if let Some(p) = &c.phase {
            let found = phase_name(state.phase());
            if found != p {
                out.fail(format_args!("phase: expected {p}, found {found}"));
            }
        }
        let scores = state.scores();
        for (i, s) in c.scores.iter().enumerate() {
            if let Some(s) = s
                && scores.get(i) != Some(s)
            {
                out.fail(format_args!(
                    "player {} score: expected {s}, found {:?}",
                    i + 1,
                    scores.get(i)
                ));
            }
        }
        let Some(x) = &c.dice else {
            return;
        };
        let roll = state.roll();
        if let Some(r) = &x.roll
            && faces(r) != roll.own
        {
            out.fail(format_args!(
                "roll: expected {}, found {}",
                faces_text(&faces(r)),
                faces_text(&roll.own)
            ));
        }
        if let Some(r) = &x.white
            && faces(r) != roll.bonus
        {
            out.fail(format_args!(
                "white dice: expected {}, found {}",
                faces_text(&faces(r)),
                faces_text(&roll.bonus)
            ));
        }
        if let Some(s) = x.supply
            && s != state.supply()
        {
            out.fail(format_args!(
                "supply: expected {s}, found {}",
                state.supply()
            ));
        }
        for (name, &n) in &x.decks {
            let g = d.good(name).map_or(0, usize::from);
            let found = state.decks()[g].left;
            if found != n {
                out.fail(format_args!(
                    "{name} deck: expected {}, found {found}",
                    crate::words::count(n, "card")
                ));
            }
        }
        for (b, g) in &x.producing {
            let Some(b) = Building::from_name(b) else {
                continue;
            };
            let found = state
                .producing(b)
                .map_or("nothing", |g| d.goods[usize::from(g)].name.as_str());
            if found != g {
                out.fail(format_args!(
                    "the {} produces {found}, expected {g}",
                    b.name()
                ));
            }
        }
        for (t, cells) in &x.board {
            let Ok(want) = occupants(d, t, cells) else {
                continue;
            };
            for (space, o) in want {
                let found = state.board()[usize::from(space)];
                if found != o {
                    out.fail(format_args!(
                        "{}: expected {o:?}, found {found:?}",
                        d.space_name(space)
                    ));
                }
            }
        }
        for (i, pe) in x.players.iter().enumerate() {
            let Some(p) = state.players().get(i) else {
                out.fail(format_args!("there is no player {}", i + 1));
                continue;
            };
            let who = i + 1;
            let mut eq = |what: &str, want: Option<i64>, found: i64| {
                if let Some(w) = want
                    && w != found
                {
                    out.fail(format_args!(
                        "player {who} {what}: expected {w}, found {found}"
                    ));
                }
            };
            eq("coins", pe.coins.map(i64::from), i64::from(p.coins));
            eq("points", pe.points.map(i64::from), i64::from(p.points));
            eq(
                "dice on the board",
                pe.on_board.map(i64::from),
                i64::from(p.on_board),
            );
            eq(
                "bonus dice",
                pe.bonus_held.map(i64::from),
                i64::from(p.bonus_held),
            );
            eq("strikes", pe.strikes.map(i64::from), i64::from(p.strikes));
            if let Some(g) = &pe.goods {
                for (name, &n) in g {
                    let k = d.good(name).map_or(0, usize::from);
                    eq(name, Some(i64::from(n)), i64::from(p.goods[k]));
                }
            }
            if let Some(s) = &pe.saved
                && faces(s) != p.saved
            {
                out.fail(format_args!(
                    "player {who} saved dice: expected {}, found {}",
                    faces_text(&faces(s)),
                    faces_text(&p.saved)
                ));
            }
            if let Some(r) = &pe.revealed {
                let found: Vec<String> = p
                    .revealed
                    .iter()
                    .map(|&c| d.special_name(d.specials[usize::from(c)]))
                    .collect();
                if &found != r {
                    out.fail(format_args!(
                        "player {who} revealed: expected {r:?}, found {found:?}"
                    ));
                }
            }
        }
    }

    /// A dice game's outcome has its winners and each player's total (the
    /// shared checks); any board- or card-game field is refused, not
    /// ignored.
    fn final_checks(_: &State, f: &FinalExpect) -> Result<(), FieldError<DiceScenarioError>> {
        for (i, p) in f.players.iter().enumerate() {
            let set = [
                ("routes", p.routes.is_some()),
                ("tickets_completed", p.tickets_completed.is_some()),
                ("tickets_failed", p.tickets_failed.is_some()),
                ("completed", p.completed.is_some()),
                ("longest_path", p.longest_path.is_some()),
                ("longest_path_bonus", p.longest_path_bonus.is_some()),
                ("globetrotter_bonus", p.globetrotter_bonus.is_some()),
                ("stations_bonus", p.stations_bonus.is_some()),
                ("borrowed", p.borrowed.is_some()),
                ("big_cities", p.big_cities.is_some()),
            ];
            if let Some((field, _)) = set.iter().find(|(_, s)| *s) {
                return Err(FieldError::new(
                    format!("players[{i}].{field}"),
                    DiceScenarioError(format!(
                        "`{field}` is not a field of a Trains & Stations outcome: give `total` (and `winners`), or check goods and points under `expect: dice:`"
                    )),
                ));
            }
        }
        Ok(())
    }

    fn check_final(_: &State, _: &(), _: &mut Findings<'_>) {}
}
