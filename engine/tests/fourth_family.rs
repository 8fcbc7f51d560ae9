//! The proof that a rule family is one folder: a fourth family, "Race", that
//! lives only in this test and was added the way docs/architecture.md's "How
//! to add a family" says. It implements `Family` (with its measures, balance
//! and bots), `ScenarioFamily` and the game traits, and nothing else: random
//! play, the conformance checks, the generic `mcts` bot, simulation with its
//! report and findings, scenarios, replays and validation with `allow:` then
//! work for it as written, without a line of the engine changed.
//!
//! The race is played on a board game's map: every pawn starts in the file's
//! first city and races to its last. On a turn a player moves along a route
//! from their city, paying its length in fuel (the design's `rules.trains`),
//! or waits. The game ends when a pawn reaches the finish or when a whole
//! round passes with nobody moving. A pawn at the finish scores 10 plus its
//! fuel left; any other scores minus its distance to the finish.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use engine::balance::target::{Measure, TargetError};
use engine::balance::{Balance, Help};
use engine::bots::mcts::{self, SearchBot, SearchPolicy};
use engine::bots::{Bot, BotNameError, BotSpec, RandomBot};
use engine::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};
use engine::game::conformance::{bot_play, random_play};
use engine::game::{
    Accounts, ActionParseError, EndReason, Family, Game, GameState, IllegalAction, Observation,
    Outcome, PlayerCountError, RefusalKind, Seat, checked,
};
use engine::replay::{Recorder, play_back};
use engine::rng::GameRng;
use engine::scenario::{
    DesignErrors, FieldError, Findings, ScenarioError, ScenarioFamily, run_family,
};
use engine::sim::findings::Topic;
use engine::sim::skill::SkillProbe;
use engine::sim::{
    Finding, GameRecord, Measures, PlayerCountReport, SimConfig, SimReport, simulate,
};
use formats::GameFile;
use formats::scenario::{Expect, FinalExpect, Scenario};
use serde::{Deserialize, Serialize};
use smallvec::smallvec;

// ---------------------------------------------------------------- design

/// A race map: places, the routes between them, each place's distance to
/// the finish, and the fuel each player starts with.
#[derive(Debug)]
struct RaceDesign {
    name: String,
    cities: Vec<String>,
    /// (from, to, length), in file order.
    routes: Vec<(usize, usize, u16)>,
    /// Each city's distance to the finish, in route lengths.
    distance: Vec<u32>,
    fuel: u16,
    players: (usize, usize),
}

impl RaceDesign {
    fn finish(&self) -> usize {
        self.cities.len() - 1
    }
}

/// Checks a race map: unknown cities and an unreachable finish are errors,
/// a city no route touches is a warning (TL102, which `allow:` silences).
fn check(file: &GameFile) -> (Option<RaceDesign>, Diagnostics) {
    let mut d = Diagnostics::default();
    let rules = match formats::board_game::rules::resolve(&file.rules, &file.cards) {
        Ok((rules, _)) => rules,
        Err(e) => {
            d.push(Diagnostic::unresolved_rules(&e));
            return (None, d);
        }
    };
    let cities: Vec<String> = file.cities.iter().map(|c| c.name.clone()).collect();
    let index = |name: &str| cities.iter().position(|c| c == name);
    let mut routes = Vec::new();
    for (i, r) in file.routes.iter().enumerate() {
        match (index(&r.from), index(&r.to)) {
            (Some(a), Some(b)) => routes.push((a, b, u16::try_from(r.length).unwrap_or(u16::MAX))),
            _ => d.push(
                Diagnostic::new(
                    Code::UnknownName,
                    format!(
                        "route {} names a place that is not a city",
                        r.display_name()
                    ),
                )
                .at(format!("routes[{i}]"))
                .object(ObjectRef::Route(i)),
            ),
        }
    }
    for (i, c) in cities.iter().enumerate() {
        if !routes.iter().any(|&(a, b, _)| a == i || b == i) {
            d.push(
                Diagnostic::new(Code::IsolatedCity, format!("no route reaches `{c}`"))
                    .at(format!("cities[{i}]"))
                    .object(ObjectRef::City(i)),
            );
        }
    }
    if cities.len() < 2 {
        d.push(
            Diagnostic::new(Code::UnknownName, "a race needs a start and a finish").at("cities"),
        );
        return (None, d);
    }
    // Distances to the finish (Bellman–Ford: maps are small).
    let mut distance = vec![u32::MAX; cities.len()];
    distance[cities.len() - 1] = 0;
    for _ in 0..cities.len() {
        for &(a, b, len) in &routes {
            for (x, y) in [(a, b), (b, a)] {
                let via = distance[y].saturating_add(u32::from(len));
                if via < distance[x] {
                    distance[x] = via;
                }
            }
        }
    }
    if distance[0] == u32::MAX {
        d.push(
            Diagnostic::new(
                Code::TicketUnreachable,
                "the finish cannot be reached from the start",
            )
            .at("routes"),
        );
    }
    let design = RaceDesign {
        name: file.name.clone(),
        cities,
        routes,
        distance,
        fuel: rules.trains,
        players: (
            usize::from(rules.players.min),
            usize::from(rules.players.max),
        ),
    };
    (Some(design), d)
}

// ---------------------------------------------------------------- rules

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Action {
    /// Move along a route (its index).
    Move(u16),
    Wait,
}

#[derive(Clone, Debug)]
enum Event {
    Moved { seat: Seat, to: usize },
    Waited { seat: Seat },
}

#[derive(Clone, Debug)]
struct RaceGame {
    design: Arc<RaceDesign>,
    players: usize,
}

impl Game for RaceGame {
    type State = RaceState;
    fn num_players(&self) -> usize {
        self.players
    }
    fn new_initial_state(&self, seed: u64) -> RaceState {
        let n = self.players;
        RaceState {
            design: self.design.clone(),
            at: vec![0; n],
            fuel: vec![self.design.fuel; n],
            // The seed picks who starts: the only chance in the race.
            current: GameRng::seeded(seed).index(n),
            waits: 0,
            turn: 0,
            ended: None,
        }
    }
}

#[derive(Clone, Debug)]
struct RaceState {
    design: Arc<RaceDesign>,
    at: Vec<usize>,
    fuel: Vec<u16>,
    current: usize,
    /// Turns in a row on which nobody moved.
    waits: usize,
    turn: u32,
    ended: Option<EndReason>,
}

impl RaceState {
    fn score(&self, seat: usize) -> i32 {
        let d = &self.design;
        if self.at[seat] == d.finish() {
            10 + i32::from(self.fuel[seat])
        } else {
            -i32::try_from(d.distance[self.at[seat]]).unwrap_or(i32::MAX)
        }
    }

    /// Where a route leads from `city`, when it touches it.
    fn other_end(&self, route: usize, city: usize) -> Option<usize> {
        let (a, b, _) = *self.design.routes.get(route)?;
        (a == city).then_some(b).or((b == city).then_some(a))
    }
}

struct RaceObservation<'a> {
    state: &'a RaceState,
    seat: Seat,
}

impl Observation for RaceObservation<'_> {
    type State = RaceState;
    fn seat(&self) -> Seat {
        self.seat
    }
    fn sample_state(&self, _rng: &mut GameRng) -> RaceState {
        // Nothing is hidden.
        self.state.clone()
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        if self.state.current_player() == Some(self.seat) {
            self.state.legal_actions(out);
        }
    }
}

impl GameState for RaceState {
    type Action = Action;
    type Events = Vec<Event>;
    type Observation<'a> = RaceObservation<'a>;

    fn num_players(&self) -> usize {
        self.at.len()
    }
    fn current_player(&self) -> Option<Seat> {
        self.ended.is_none().then_some(Seat(self.current as u8))
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.ended.is_some() {
            return;
        }
        let (city, fuel) = (self.at[self.current], self.fuel[self.current]);
        for (i, &(_, _, len)) in self.design.routes.iter().enumerate() {
            if self.other_end(i, city).is_some() && len <= fuel {
                out.push(Action::Move(i as u16));
            }
        }
        out.push(Action::Wait);
    }
    fn apply(&mut self, action: Action) -> Result<Vec<Event>, IllegalAction> {
        if self.ended.is_some() {
            return Err(IllegalAction::new(
                RefusalKind::GameOver,
                "the race is over",
            ));
        }
        let seat = Seat(self.current as u8);
        let event = match action {
            Action::Wait => {
                self.waits += 1;
                Event::Waited { seat }
            }
            Action::Move(r) => {
                let r = usize::from(r);
                let Some(to) = self.other_end(r, self.at[self.current]) else {
                    return Err(IllegalAction::new(
                        RefusalKind::NotOffered,
                        "that route does not leave your city",
                    ));
                };
                let len = self.design.routes[r].2;
                if len > self.fuel[self.current] {
                    return Err(IllegalAction::new(
                        RefusalKind::CannotAfford,
                        format!(
                            "the route takes {len} fuel; you have {}",
                            self.fuel[self.current]
                        ),
                    ));
                }
                self.fuel[self.current] -= len;
                self.at[self.current] = to;
                self.waits = 0;
                Event::Moved { seat, to }
            }
        };
        self.turn += 1;
        if self.at[self.current] == self.design.finish() || self.waits >= self.at.len() {
            self.ended = Some(EndReason::Normal);
        } else {
            self.current = (self.current + 1) % self.at.len();
        }
        Ok(vec![event])
    }
    fn is_terminal(&self) -> bool {
        self.ended.is_some()
    }
    fn scores(&self) -> Vec<i32> {
        (0..self.at.len()).map(|s| self.score(s)).collect()
    }
    fn outcome(&self) -> Option<Outcome> {
        let reason = self.ended?;
        let scores = self.scores();
        let ranks: Vec<u8> = scores
            .iter()
            .map(|s| scores.iter().filter(|o| *o > s).count() as u8)
            .collect();
        let winners = (0..scores.len())
            .filter(|&i| ranks[i] == 0)
            .map(|i| Seat(i as u8))
            .collect();
        Some(Outcome {
            scores,
            ranks,
            winners,
            reason,
        })
    }
    fn observation(&self, seat: Seat) -> RaceObservation<'_> {
        RaceObservation { state: self, seat }
    }
    fn turn(&self) -> u32 {
        self.turn
    }
    fn stop(&mut self, reason: EndReason) {
        self.ended.get_or_insert(reason);
    }
    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Wait => "wait".into(),
            Action::Move(r) => {
                let (a, b, _) = self.design.routes[usize::from(r)];
                let to = if a == self.at[self.current] { b } else { a };
                format!("move to {} (route {})", self.design.cities[to], r + 1)
            }
        }
    }
    fn parse_action(&self, text: &str) -> Result<Action, ActionParseError> {
        let fail = |reason: &str| ActionParseError {
            text: text.into(),
            reason: reason.into(),
        };
        if text == "wait" {
            return Ok(Action::Wait);
        }
        let rest = text
            .strip_prefix("move to ")
            .ok_or_else(|| fail("write `wait` or `move to CITY`"))?;
        let (city, route) = match rest.split_once(" (route ") {
            Some((c, r)) => (c, r.strip_suffix(')').and_then(|r| r.parse::<u16>().ok())),
            None => (rest, None),
        };
        let to = self
            .design
            .cities
            .iter()
            .position(|c| c == city)
            .ok_or_else(|| fail("no such city"))?;
        let here = self.at[self.current];
        (0..self.design.routes.len())
            .find(|&i| {
                self.other_end(i, here) == Some(to) && route.is_none_or(|r| usize::from(r) == i + 1)
            })
            .map(|i| Action::Move(i as u16))
            .ok_or_else(|| fail("no route from your city reaches that city"))
    }
}

// ---------------------------------------------------------------- bots

/// Moves along the route that brings it nearest the finish; waits when
/// nothing brings it nearer.
struct Runner;

impl Runner {
    fn decide(state: &RaceState) -> Action {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let here = state.at[state.current];
        let d = &state.design.distance;
        legal
            .into_iter()
            .filter_map(|a| match a {
                Action::Move(r) => state
                    .other_end(usize::from(r), here)
                    .filter(|&to| d[to] < d[here])
                    .map(|to| (d[to], a)),
                Action::Wait => None,
            })
            .min_by_key(|&(dist, _)| dist)
            .map_or(Action::Wait, |(_, a)| a)
    }
}

impl Bot<RaceState> for Runner {
    fn name(&self) -> &str {
        "runner"
    }
    fn act(&mut self, obs: &RaceObservation<'_>) -> Action {
        Runner::decide(obs.state)
    }
}

/// The search's game-specific part: every legal action, rollouts by runners.
struct RacePolicy;

impl SearchPolicy<RaceState> for RacePolicy {
    fn reset(&mut self) {}
    fn candidates(&mut self, state: &RaceState, out: &mut Vec<Action>) {
        state.legal_actions(out);
    }
    fn rollout(&mut self, state: &mut RaceState, _rng: &mut GameRng) {
        mcts::play_out(state, 200, |s, _| Runner::decide(s));
    }
    fn rewards(&self, state: &RaceState, out: &mut Vec<f64>) {
        mcts::win_and_margin_rewards(state.outcome().as_ref(), state.num_players(), 10.0, out);
    }
}

// ---------------------------------------------------------------- family

struct Race;

impl Family for Race {
    // The race reads board-game files (its `family:` is the board game's):
    // `formats::Family` is the file layer's registry, and a test cannot add
    // a variant to it.
    const KIND: formats::Family = formats::Family::Board;
    const BOT_NAMES: &'static [&'static str] = &["random", "runner", "mcts"];
    const ACTION_KINDS: &'static [&'static str] = &["move", "wait"];
    const SCORE_COMPONENTS: &'static [&'static str] = &["finish", "distance"];
    const PENALTIES: &'static [&'static str] = &["distance"];
    const SKILL_PROBE: SkillProbe = SkillProbe {
        strong: "mcts",
        mid: "runner",
    };

    type Design = RaceDesign;
    type Game = RaceGame;
    type State = RaceState;
    type Measures = RaceMeasures;
    type Balance = RaceBalance;

    fn check(file: &GameFile) -> (Option<RaceDesign>, Diagnostics) {
        check(file)
    }
    fn design_name(design: &RaceDesign) -> &str {
        &design.name
    }
    fn players(design: &RaceDesign) -> (usize, usize) {
        design.players
    }
    fn new_game(design: &Arc<RaceDesign>, players: usize) -> Result<RaceGame, PlayerCountError> {
        let (min, max) = design.players;
        let range = formats::rules::PlayerRange {
            min: min as u8,
            max: max as u8,
        };
        PlayerCountError::check(&design.name, range, players)?;
        Ok(RaceGame {
            design: design.clone(),
            players,
        })
    }
    fn bot(spec: &str, seed: u64) -> Result<Box<dyn Bot<RaceState>>, BotNameError> {
        let spec = BotSpec::parse(spec);
        Ok(match spec.name {
            "random" => spec.no_param(Box::new(RandomBot::<RaceState>::uniform(
                seed,
                Action::Wait,
            )))?,
            "runner" => spec.no_param(Box::new(Runner))?,
            "mcts" => Box::new(SearchBot::new(
                spec.spec.to_owned(),
                spec.budget()?,
                seed,
                RacePolicy,
                Runner,
            )),
            _ => return Err(spec.unknown(Self::BOT_NAMES)),
        })
    }
    fn action_kind(action: Action) -> usize {
        match action {
            Action::Move(_) => 0,
            Action::Wait => 1,
        }
    }
    fn describe_events(state: &RaceState, events: &Vec<Event>) -> Vec<String> {
        events
            .iter()
            .map(|e| match *e {
                Event::Moved { seat, to } => format!("{seat} moved to {}", state.design.cities[to]),
                Event::Waited { seat } => format!("{seat} waited"),
            })
            .collect()
    }
    fn passes(events: &Vec<Event>) -> u32 {
        events
            .iter()
            .filter(|e| matches!(e, Event::Waited { .. }))
            .count() as u32
    }
    fn score_track(state: &RaceState, out: &mut Vec<i32>) {
        out.extend(state.scores());
    }
    fn accounts(state: &RaceState) -> Option<Vec<Accounts>> {
        state.ended?;
        Some(
            (0..state.at.len())
                .map(|s| {
                    let total = state.score(s);
                    let parts = if total > 0 {
                        smallvec![total, 0]
                    } else {
                        smallvec![0, -total]
                    };
                    Accounts {
                        total,
                        components: parts,
                        goals: None,
                    }
                })
                .collect(),
        )
    }
    fn component_totals(state: &RaceState) -> Vec<(String, u64)> {
        let pawns = state
            .at
            .iter()
            .filter(|&&c| c < state.design.cities.len())
            .count();
        vec![("pawns".into(), pawns as u64)]
    }
    fn recompute_scores(state: &RaceState) -> Vec<i32> {
        let d = &state.design;
        (0..state.at.len())
            .map(|s| {
                if state.at[s] == d.finish() {
                    10 + i32::from(state.fuel[s])
                } else {
                    -(d.distance[state.at[s]] as i32)
                }
            })
            .collect()
    }
}

// ---------------------------------------------------------------- measures

/// One race: how far the moves went.
#[derive(Default, Serialize, Deserialize)]
struct RaceRecord {
    fuel_burnt: u32,
}

/// The race's section of a report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct RaceReport {
    /// Fuel burnt per game, on average.
    mean_fuel_burnt: f64,
}

struct RaceMeasures {
    fuel: u64,
    games: u64,
}

impl Measures<Race> for RaceMeasures {
    type Game = RaceRecord;
    type Report = RaceReport;

    fn start(_design: &RaceDesign) -> RaceRecord {
        RaceRecord::default()
    }
    fn moved(game: &mut RaceRecord, state: &RaceState, action: Action, _events: &Vec<Event>) {
        if let Action::Move(r) = action {
            game.fuel_burnt += u32::from(state.design.routes[usize::from(r)].2);
        }
    }
    fn end(_game: &mut RaceRecord, _state: &RaceState) {}
    fn check(_design: &RaceDesign, _players: usize, _game: &RaceRecord) -> Result<(), String> {
        Ok(())
    }
    fn new(_design: &RaceDesign, _players: usize, _bots: &[String]) -> Self {
        RaceMeasures { fuel: 0, games: 0 }
    }
    fn add(&mut self, _design: &RaceDesign, record: &GameRecord<RaceRecord>) {
        self.fuel += u64::from(record.family.fuel_burnt);
        self.games += 1;
    }
    fn finish(self, _design: &RaceDesign, _games: u64) -> RaceReport {
        RaceReport {
            mean_fuel_burnt: self.fuel as f64 / self.games.max(1) as f64,
        }
    }
    fn findings(
        _design: &RaceDesign,
        _report: &PlayerCountReport<RaceReport>,
    ) -> Vec<(Topic, Finding)> {
        Vec::new()
    }
    fn write_text(report: &PlayerCountReport<RaceReport>, out: &mut String) {
        out.push_str(&format!(
            "  fuel burnt per game: {:.1}\n",
            report.family.mean_fuel_burnt
        ));
    }
    fn csv_tables(_report: &SimReport<RaceReport>) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

// ---------------------------------------------------------------- balance

/// The race offers the balance search nothing to change and no target of
/// its own (the shared targets still apply).
struct RaceBalance;

#[derive(Clone, Debug, PartialEq)]
enum NoKnob {}

#[derive(Clone, Debug, PartialEq)]
enum NoTarget {}

impl std::fmt::Display for NoTarget {
    fn fmt(&self, _f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {}
    }
}

impl Balance<Race> for RaceBalance {
    type Knob = NoKnob;
    type Target = NoTarget;
    type Hints = ();
    const KNOBS: &'static [Help] = &[];
    const TARGETS: &'static [Help] = &[];
    const LOCKS: &'static str = "nothing";
    const DEFAULTS: (&'static str, &'static str) = ("", "");

    fn played(_file: &GameFile) -> Option<(serde_yaml::Value, serde_yaml::Value)> {
        None
    }
    fn knob(text: &str) -> Result<NoKnob, String> {
        Err(format!("`{text}`: race designs have no knobs"))
    }
    fn target(
        _text: &str,
        _name: &str,
        _value: Option<&str>,
    ) -> Option<Result<NoTarget, TargetError>> {
        None
    }
    fn check(_original: &GameFile, _knobs: &[NoKnob], _locked: &[String]) -> Result<(), String> {
        Ok(())
    }
    fn mutate(
        _original: &GameFile,
        knobs: &[NoKnob],
        _locked: &[String],
        _file: &mut GameFile,
        _rng: &mut GameRng,
        _hints: &(),
    ) -> Option<String> {
        knobs.first().map(|k| match *k {})
    }
    fn measure(target: &NoTarget, _section: &engine::balance::family::Section<Race>) -> Measure {
        match *target {}
    }
}

// ---------------------------------------------------------------- scenarios

/// The race's scenario errors: its setup takes only `current`.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct RaceScenarioError(String);

impl ScenarioFamily for Race {
    type Error = RaceScenarioError;
    /// Each player's expected score (`expect: players: [{score: …}]`).
    type Checks = Vec<Option<i32>>;
    type FinalChecks = ();

    fn set_up(
        design: &GameFile,
        s: &Scenario,
    ) -> Result<RaceState, ScenarioError<RaceScenarioError>> {
        let d = Race::build(design)
            .map_err(|d| ScenarioError::Design(DesignErrors(d.iter().cloned().collect())))?;
        let game = Race::new_game(&Arc::new(d), s.players)
            .map_err(|e| ScenarioError::Setup(RaceScenarioError(e.to_string())))?;
        let mut state = game.new_initial_state(s.seed);
        if let Some(c) = s.setup.current {
            state.current = usize::from(c.saturating_sub(1));
        }
        Ok(state)
    }
    fn checks(
        _state: &RaceState,
        e: &Expect,
    ) -> Result<Vec<Option<i32>>, FieldError<RaceScenarioError>> {
        Ok(e.players.iter().map(|p| p.score).collect())
    }
    fn check(
        state: &RaceState,
        checks: &Vec<Option<i32>>,
        _events: Option<&Vec<Event>>,
        out: &mut Findings<'_>,
    ) {
        for (i, want) in checks.iter().enumerate() {
            if let Some(want) = want {
                out.diff(&format!("player {}'s score", i + 1), want, &state.score(i));
            }
        }
    }
    fn final_checks(
        _state: &RaceState,
        _f: &FinalExpect,
    ) -> Result<(), FieldError<RaceScenarioError>> {
        Ok(())
    }
    fn check_final(_state: &RaceState, _checks: &(), _out: &mut Findings<'_>) {}
}

// ---------------------------------------------------------------- tests

/// A handful of routes: the short way (A - B - D, 4 fuel) and the long one
/// (A - C - D, 6), with 5 fuel each; Lonely is on no route.
const MAP: &str = "format: tracklayer/1
name: Race
rules: {preset: usa, trains: 5, players: {min: 2, max: 3}}
cities:
  - {name: A, x: 0, y: 0}
  - {name: B, x: 50, y: 0}
  - {name: C, x: 0, y: 50}
  - {name: Lonely, x: 90, y: 90}
  - {name: D, x: 50, y: 50}
routes:
  - {from: A, to: B, length: 2, color: gray}
  - {from: B, to: D, length: 2, color: gray}
  - {from: A, to: C, length: 3, color: gray}
  - {from: C, to: D, length: 3, color: gray}
";

fn design_file(text: &str) -> GameFile {
    formats::load_str(text, std::path::Path::new("race.yaml"))
        .unwrap_or_else(|e| panic!("{e}"))
        .design
}

fn design() -> Arc<RaceDesign> {
    Arc::new(Race::build(&design_file(MAP)).unwrap_or_else(|d| panic!("{d:?}")))
}

#[test]
fn the_race_validates_and_its_allow_list_silences_a_warning() {
    let (design, diagnostics) = checked::<Race>(&design_file(MAP));
    assert!(design.is_some());
    let codes: Vec<Code> = diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::IsolatedCity], "Lonely is on no route");
    let allowed = format!("{MAP}allow:\n  - {{code: TL102, object: Lonely, reason: scenery}}\n");
    let (design, diagnostics) = checked::<Race>(&design_file(&allowed));
    assert!(design.is_some());
    assert!(diagnostics.iter().next().is_none(), "{diagnostics:?}");
    let broken = MAP.replace("{from: C, to: D", "{from: C, to: E");
    let (design, diagnostics) = checked::<Race>(&design_file(&broken));
    assert!(design.is_none());
    assert!(diagnostics.iter().any(|d| d.code == Code::UnknownName));
}

#[test]
fn the_race_conforms_with_random_runner_and_mcts_bots() {
    let design = design();
    for players in 2..=3 {
        let game = Race::new_game(&design, players).expect("the design seats them");
        for seed in 0..3 {
            random_play::<Race>(&design, &game, seed).unwrap_or_else(|e| panic!("{e}"));
            bot_play::<Race>(&design, &game, seed, &["random", "runner", "mcts:8"], 1)
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

#[test]
fn the_race_simulates_with_its_own_section() {
    let config = SimConfig::<Race> {
        design: design(),
        players: vec![2, 3],
        games: 20,
        bots: vec!["runner".into(), "random".into()],
        seed: 7,
        threads: 1,
        turn_cap: engine::sim::DEFAULT_TURN_CAP,
    };
    let report = simulate(&config, &|_| {}, &AtomicBool::new(false)).expect("it simulates");
    assert_eq!(report.by_players.len(), 2);
    for section in &report.by_players {
        assert_eq!(section.games, 20);
        assert!(section.errors.is_empty(), "{:?}", section.errors);
        assert!(section.family.mean_fuel_burnt > 0.0);
    }
    let again = simulate(&config, &|_| {}, &AtomicBool::new(false)).expect("it simulates");
    assert_eq!(report, again, "same seed, same report");
    let json = serde_json::to_value(&report).expect("the report is JSON");
    assert!(json.to_string().contains("mean_fuel_burnt"), "{json}");
}

#[test]
fn a_race_scenario_runs_and_a_replay_plays_back() {
    let text = format!(
        "format: tracklayer-scenario/1
name: the short way
players: 2
seed: 1
setup: {{current: 1}}
design:
{}
steps:
  - player: 1
    do: move to C
  - do: move to B
  - player: 1
    illegal: [move to D]
    reason: cannot-afford
  - illegal: [move to Lonely]
    reason: no route from your city
    legal: [wait]
  - do: wait
    expect: {{players: [{{score: -3}}, {{score: -2}}]}}
  - player: 2
    do: move to D
outcome: {{winners: [2], reason: normal, players: [{{total: -3}}, {{total: 11}}]}}
",
        MAP.lines().map(|l| format!("  {l}\n")).collect::<String>()
    );
    let scenario: Scenario = serde_yaml::from_str(&text).expect("the scenario reads");
    let design = scenario.design.as_deref().expect("inline design").clone();
    let report = run_family::<Race>(&scenario, &design).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.passed(), "{:#?}", report.failures);

    let game = Race::new_game(&self::design(), 2).expect("2 players");
    let mut state = game.new_initial_state(3);
    let mut recorder = Recorder::new(&design, None, 2, 3, vec!["runner".into(); 2]);
    while !state.is_terminal() {
        let a = Runner::decide(&state);
        recorder.record(&state, a);
        state.apply(a).expect("the runner plays legal moves");
    }
    let replay = recorder.finish(&state);
    let played = play_back::<Race>(&replay).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(played.last().scores(), state.scores());
}
