//! The runner's own behaviour: how failures and errors read.

use std::path::Path;

use formats::scenario::Scenario;

use super::{ScenarioError, run};

fn try_run(yaml: &str) -> Result<Vec<String>, ScenarioError> {
    let s: Scenario = serde_yaml::from_str(yaml).expect("the scenario parses");
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    run(&s, &maps).map(|r| r.failures)
}

fn failures(yaml: &str) -> Vec<String> {
    try_run(yaml).expect("the scenario runs")
}

fn error(yaml: &str) -> String {
    try_run(yaml)
        .expect_err("the scenario cannot run")
        .to_string()
}

const HEAD: &str = "format: tracklayer-scenario/1
name: runner test
game: usa.yaml
players: 2
setup:
  players:
    - {hand: {red: 2}, tickets: []}
    - {tickets: []}
  ticket_deck_top: [Denver - El Paso]
";

#[test]
fn a_refused_legal_step_and_an_accepted_illegal_step_are_reported() {
    let f = failures(&format!(
        "{HEAD}steps:
  - legal: claim Chicago - Duluth (red) with 3 red
  - illegal: claim Boston - New York (red) with 2 red
"
    ));
    assert_eq!(f.len(), 2, "{f:?}");
    assert!(
        f[0].starts_with(
            "step 1: `claim Chicago - Duluth (red) with 3 red` should be accepted but was refused"
        ),
        "{f:?}"
    );
    assert!(f[1].contains("should be refused but was accepted"), "{f:?}");
}

#[test]
fn a_legal_step_is_not_played() {
    let f = failures(&format!(
        "{HEAD}steps:
  - legal: claim Boston - New York (red) with 2 red
    expect:
      current: 1
      players:
        - {{hand: {{red: 2}}, routes: []}}
"
    ));
    assert!(f.is_empty(), "{f:?}");
}

#[test]
fn ticket_checks_report_their_differences() {
    let f = failures(&format!(
        "{HEAD}steps:
  - do: draw tickets
    expect:
      offer: [Boston - Miami]
      ticket_deck_size: 3
      tickets_out: [Boston - Miami]
      last_round: true
"
    ));
    assert_eq!(f.len(), 4, "{f:?}");
    assert!(f.iter().any(|l| l.contains("tickets on offer")), "{f:?}");
    assert!(
        f.iter()
            .any(|l| l.contains("ticket deck size: expected 3, found 27")),
        "{f:?}"
    );
    assert!(
        f.iter().any(|l| l.contains("tickets out of the game")),
        "{f:?}"
    );
    assert!(
        f.iter()
            .any(|l| l.contains("last round: expected true, found false")),
        "{f:?}"
    );
}

#[test]
fn several_legal_and_illegal_actions_are_each_checked() {
    let f = failures(&format!(
        "{HEAD}steps:
  - legal: [claim Boston - New York (red) with 2 red, draw blind, claim Chicago - Duluth (red) with 3 red]
    illegal: [claim Boston - New York (red) with 2 blue, draw blind]
    reason: you have
"
    ));
    assert_eq!(f.len(), 3, "{f:?}");
    assert!(f[0].contains("`claim Boston - New York (red) with 2 blue` was refused, but the reason does not say \"you have\""), "{f:?}");
    assert!(f[1].contains("`draw blind` should be refused"), "{f:?}");
    assert!(
        f[2].contains("`claim Chicago - Duluth (red) with 3 red` should be accepted"),
        "{f:?}"
    );
}

#[test]
fn a_refusal_matches_its_kind_or_words_of_its_reason() {
    let f = failures(&format!(
        "{HEAD}steps:
  - illegal: claim Chicago - Duluth (red) with 3 red
    reason: cannot-afford
  - illegal: claim Chicago - Duluth (red) with 3 red
    reason: hold only 2
  - illegal: claim Chicago - Duluth (red) with 3 red
    reason: not-offered
"
    ));
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(f[0].starts_with("step 3:"), "{f:?}");
    assert!(f[0].contains("does not say \"not-offered\""), "{f:?}");
}

#[test]
fn no_legal_action_fails_when_one_is_legal() {
    let f = failures(&format!(
        "{HEAD}steps:
  - no_legal_action: claim
  - no_legal_action: station
  - no_legal_action: true
"
    ));
    assert_eq!(f.len(), 2, "{f:?}");
    assert!(
        f[0].starts_with(
            "step 1: expected no legal action starting with `claim`, found 36 (e.g. `claim"
        ),
        "{f:?}"
    );
    assert!(
        f[1].starts_with("step 3: expected no legal action, found"),
        "{f:?}"
    );
}

#[test]
fn total_counts_every_terrain_card() {
    let yaml = "format: tracklayer-scenario/1
name: terrain totals
game: heart-of-africa-rules.yaml
players: 2
setup:
  players:
    - {tickets: [], terrain: {desert: 2, mountain: 1}}
    - {tickets: [], terrain: {}}
  terrain_discards: {jungle: 1}
steps:
  - expect:
      terrain_discards: {total: 1}
      players:
        - terrain: {desert: 2, total: 3}
        - terrain: {total: 1}
";
    let f = failures(yaml);
    assert_eq!(
        f,
        ["step 1: player 2's terrain cards: expected {\"total\": 1}, found {\"total\": 0}"]
    );
}

#[test]
fn contains_needs_only_a_part() {
    let f = failures(&format!(
        "{HEAD}steps:
  - expect:
      players:
        - hand: {{contains: {{red: 1}}}}
          tickets: {{contains: []}}
        - hand: {{contains: {{red: 9}}}}
"
    ));
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(
        f[0].starts_with("step 1: player 2's hand: expected at least {\"red\": 9}"),
        "{f:?}"
    );
}

#[test]
fn unknown_names_in_expectations_are_errors_that_say_where() {
    let e = error(&format!(
        "{HEAD}steps:
  - do: draw blind
  - expect:
      players:
        - {{}}
        - hand: {{rde: 1}}
"
    ));
    assert!(
        e.starts_with("step 2: `players[1].hand.rde`: `rde` is not a card (the deck has "),
        "{e}"
    );
    let e = error(&format!("{HEAD}steps:\n  - expect: {{phase: tunel}}\n"));
    assert!(
        e.starts_with(
            "step 1: `phase`: `tunel` is not a phase (the phases are setup-tickets, turn"
        ),
        "{e}"
    );
    let e = error(&format!(
        "{HEAD}steps:\n  - expect: {{terrain_discards: {{desert: 1}}}}\n"
    ));
    assert_eq!(
        e,
        "step 1: `terrain_discards.desert`: `desert` is not a terrain type of this design (it has none)"
    );
    let e = error(&format!(
        "{HEAD}outcome:\n  players:\n    - completed: [Denver - Paris]\n"
    ));
    assert_eq!(
        e,
        "final: `players[0].completed[0]`: there is no ticket `Denver - Paris`"
    );
}

#[test]
fn an_expected_normal_end_fails_when_the_scenario_ends_the_game() {
    let f = failures(&format!("{HEAD}outcome:\n  reason: normal\n"));
    assert_eq!(
        f,
        ["final: end reason: expected \"normal\", found \"stopped (the scenario ended the game)\""]
    );
    assert!(failures(&format!("{HEAD}outcome:\n  reason: stopped\n")).is_empty());
}

#[test]
fn setup_errors_name_the_pile_and_the_card() {
    let e = error(
        "format: tracklayer-scenario/1
name: too many
game: usa.yaml
players: 2
setup:
  players:
    - {hand: {red: 13}, tickets: []}
",
    );
    assert!(
        e.starts_with(
            "player 1's hand: 13 red asked for, but only 11 are free (the rest are in hands"
        ),
        "{e}"
    );
}

#[test]
fn deck_top_terrain_deck_and_display_checks_report_their_differences() {
    let f = failures(&format!(
        "{HEAD}  deck_top: [red, blue]
  display: [green, green, black]
steps:
  - expect:
      deck_top: [blue, red]
      display: {{contains: [green, black, black]}}
      terrain_deck_size: 1
"
    ));
    assert_eq!(
        f,
        [
            "step 1: display: expected to include [\"black\", \"black\", \"green\"], found [\"green\", \"green\", \"black\", \"empty\", \"empty\"]",
            "step 1: top of the deck: expected [\"blue\", \"red\"], found [\"red\", \"blue\"]",
            "step 1: terrain deck size: expected 1, found 0",
        ]
    );
}

#[test]
fn a_dice_outcome_refuses_fields_of_other_families() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/scenarios/dice-last-round-and-scoring.yaml");
    let text = std::fs::read_to_string(&path).expect("the scenario exists");
    let mut s: Scenario = serde_yaml::from_str(&text).expect("the scenario parses");
    let dir = path.parent().expect("a folder");
    assert!(run(&s, dir).expect("it runs").failures.is_empty());
    let outcome = s.outcome.as_mut().expect("it has an outcome");
    outcome.players[0].tickets_completed = Some(99);
    let err = run(&s, dir)
        .expect_err("a board-game field is refused")
        .to_string();
    assert!(err.contains("players[0].tickets_completed"), "{err}");
    assert!(
        err.contains("not a field of a Trains & Stations outcome"),
        "{err}"
    );
}
