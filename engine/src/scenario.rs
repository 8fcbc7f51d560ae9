//! The scenario runner: set up an exact position, play the steps, and report
//! every expectation that does not hold, as a readable difference.

use std::path::Path;
use std::sync::Arc;

use formats::scenario::{CardCounts, Expect, FinalExpect, Scenario};

use crate::board::{Board, TicketId};
use crate::board_game::{BoardGame, Event, Phase, State};
use crate::game::{EndReason, GameState, Seat};

/// Why a scenario could not run at all (as opposed to failing its checks).
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    /// The design did not load.
    #[error(transparent)]
    Load(#[from] formats::LoadError),
    /// The design has errors.
    #[error("the design has errors: {0}")]
    Design(String),
    /// Neither `game:` nor `design:` is given.
    #[error(
        "the scenario names no design: give `game: path/to/design.yaml` or an inline `design:`"
    )]
    NoDesign,
    /// The player count or setup is impossible.
    #[error("{0}")]
    Setup(String),
}

/// What a scenario run found.
#[derive(Debug, Clone, Default)]
pub struct ScenarioReport {
    /// One line per expectation that failed: where, expected, found.
    pub failures: Vec<String>,
    /// Steps played.
    pub steps: usize,
}

impl ScenarioReport {
    /// Did every expectation hold?
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

fn diff<T: PartialEq + std::fmt::Debug>(
    out: &mut Vec<String>,
    at: &str,
    what: &str,
    expected: &T,
    found: &T,
) {
    if expected != found {
        out.push(format!(
            "{at}: {what}: expected {expected:?}, found {found:?}"
        ));
    }
}

/// Loads a scenario's design (relative to `base_dir`) and builds its board.
pub fn scenario_board(s: &Scenario, base_dir: &Path) -> Result<Arc<Board>, ScenarioError> {
    let design = match (&s.design, &s.game) {
        (Some(d), _) => (**d).clone(),
        (None, Some(g)) => formats::load(&base_dir.join(g))?.design,
        (None, None) => return Err(ScenarioError::NoDesign),
    };
    let board = Board::build(&design).map_err(|d| {
        ScenarioError::Design(
            d.iter()
                .filter(|d| d.severity == crate::Severity::Error)
                .map(|d| format!("{}: {}", d.code, d.message))
                .collect::<Vec<_>>()
                .join("; "),
        )
    })?;
    Ok(Arc::new(board))
}

/// Runs a scenario whose `game:` path is relative to `base_dir`.
pub fn run(s: &Scenario, base_dir: &Path) -> Result<ScenarioReport, ScenarioError> {
    let board = scenario_board(s, base_dir)?;
    let game = BoardGame::new(board, s.players).map_err(|e| ScenarioError::Setup(e.to_string()))?;
    let mut state = game.new_game(s.seed);
    state.apply_setup(&s.setup).map_err(ScenarioError::Setup)?;
    let mut report = ScenarioReport::default();
    for (i, step) in s.steps.iter().enumerate() {
        let at = format!("step {}", i + 1);
        report.steps += 1;
        if let Some(p) = step.player {
            let found = state.current_player().map(|s| s.0 + 1);
            if found != Some(p) {
                report.failures.push(format!(
                    "{at}: expected player {p} to be on turn, found {found:?}"
                ));
            }
        }
        let mut resets = 0;
        if let Some(text) = &step.action {
            match state.parse_action(text) {
                Err(e) => report.failures.push(format!("{at}: {e}")),
                Ok(a) => match state.apply(a) {
                    Ok(events) => {
                        resets = events
                            .iter()
                            .filter(|e| matches!(e, Event::DisplayReset))
                            .count() as u32;
                    }
                    Err(e) => report
                        .failures
                        .push(format!("{at}: `{text}` was refused: {e}")),
                },
            }
        }
        if let Some(text) = &step.illegal {
            let refusal = match state.parse_action(text) {
                Err(e) => Some(e.to_string()),
                Ok(a) => state.clone().apply(a).err().map(|e| e.to_string()),
            };
            match refusal {
                None => report
                    .failures
                    .push(format!("{at}: `{text}` should be refused but was accepted")),
                Some(reason) => {
                    if let Some(fragment) = &step.reason
                        && !reason.contains(fragment.as_str())
                    {
                        report.failures.push(format!(
                            "{at}: `{text}` was refused, but the reason does not say \"{fragment}\": {reason}"
                        ));
                    }
                }
            }
        }
        if let Some(text) = &step.legal {
            let refusal = match state.parse_action(text) {
                Err(e) => Some(e.to_string()),
                Ok(a) => state.clone().apply(a).err().map(|e| e.to_string()),
            };
            if let Some(reason) = refusal {
                report.failures.push(format!(
                    "{at}: `{text}` should be accepted but was refused: {reason}"
                ));
            }
        }
        if let Some(e) = &step.expect {
            check(&state, e, resets, &at, &mut report.failures);
        }
    }
    if let Some(f) = &s.outcome {
        if !state.is_terminal() {
            state.stop(EndReason::Normal);
        }
        check_final(&state, f, &mut report.failures);
    }
    Ok(report)
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::SetupTickets => "setup-tickets",
        Phase::Turn => "turn",
        Phase::SecondDraw => "second-draw",
        Phase::KeepTickets => "keep-tickets",
        Phase::Tunnel(_) => "tunnel",
        Phase::Double(_) => "double",
        Phase::Over => "over",
    }
}

fn card_counts(
    state: &State,
    counts: &CardCounts,
    found: &crate::board_game::Cards,
) -> (CardCounts, CardCounts) {
    let mut got = CardCounts::new();
    let mut want = CardCounts::new();
    for (name, &n) in counts {
        if name == "total" {
            want.insert(name.clone(), n);
            got.insert(name.clone(), found.total() as u16);
        } else if let Ok(c) = state.card_by_name(name) {
            want.insert(name.clone(), n);
            got.insert(name.clone(), found[c]);
        } else {
            want.insert(name.clone(), n);
        }
    }
    (want, got)
}

fn route_names(state: &State, names: &[String]) -> Vec<String> {
    let b = state.board();
    let mut v: Vec<String> = names
        .iter()
        .map(|n| {
            b.route_by_name(n)
                .map_or_else(|| format!("unknown route {n}"), |r| b.route(r).key.clone())
        })
        .collect();
    v.sort();
    v
}

fn ticket_names(state: &State, names: &[String]) -> Vec<String> {
    let b = state.board();
    let mut v: Vec<String> = names
        .iter()
        .map(|n| {
            b.ticket_by_name(n).map_or_else(
                || format!("unknown ticket {n}"),
                |t| b.ticket(t).name.clone(),
            )
        })
        .collect();
    v.sort();
    v
}

fn check(state: &State, e: &Expect, resets: u32, at: &str, out: &mut Vec<String>) {
    let b = state.board();
    if let Some(p) = &e.phase {
        diff(out, at, "phase", &p.as_str(), &phase_name(state.phase()));
    }
    if let Some(c) = e.current {
        diff(out, at, "player on turn", &c, &(state.current().0 + 1));
    }
    if let Some(l) = e.last_round {
        diff(out, at, "last round", &l, &state.last_round());
    }
    if let Some(x) = e.tunnel_extra {
        let found = match state.phase() {
            Phase::Tunnel(t) => Some(t.extra),
            _ => None,
        };
        diff(out, at, "tunnel extra cards", &Some(x), &found);
    }
    if let Some(d) = &e.display {
        let found: Vec<String> = state
            .display()
            .iter()
            .map(|c| c.map_or_else(|| "empty".to_owned(), |c| state.card_name(c).to_owned()))
            .collect();
        diff(out, at, "display", d, &found);
    }
    if let Some(n) = e.deck_size {
        diff(out, at, "deck size", &n, &state.deck().len());
    }
    if let Some(d) = &e.discards {
        let (want, got) = card_counts(state, d, state.discards());
        diff(out, at, "discards", &want, &got);
    }
    if let Some(r) = e.display_resets {
        diff(out, at, "display resets", &r, &resets);
    }
    check_tickets(state, e, at, out);
    check_terrain(state, e, at, out);
    for (i, pe) in e.players.iter().enumerate() {
        let Some(p) = state.players().get(i) else {
            out.push(format!("{at}: there is no player {}", i + 1));
            continue;
        };
        let who = format!("player {}", i + 1);
        if let Some(h) = &pe.hand {
            let (want, got) = card_counts(state, h, &p.hand);
            diff(out, at, &format!("{who}'s hand"), &want, &got);
        }
        if let Some(t) = pe.trains {
            diff(out, at, &format!("{who}'s trains"), &t, &p.trains);
        }
        if let Some(s) = pe.score {
            diff(out, at, &format!("{who}'s score"), &s, &p.route_points);
        }
        if let Some(s) = pe.stations_left {
            diff(
                out,
                at,
                &format!("{who}'s stations left"),
                &s,
                &p.stations_left,
            );
        }
        if let Some(r) = &pe.routes {
            let mut found: Vec<String> = p.routes.iter().map(|&r| b.route(r).key.clone()).collect();
            found.sort();
            diff(
                out,
                at,
                &format!("{who}'s routes"),
                &route_names(state, r),
                &found,
            );
        }
        if let Some(t) = &pe.tickets {
            let mut found: Vec<String> = p
                .tickets
                .iter()
                .map(|&t| b.ticket(t).name.clone())
                .collect();
            found.sort();
            diff(
                out,
                at,
                &format!("{who}'s tickets"),
                &ticket_names(state, t),
                &found,
            );
        }
        if let Some(t) = &pe.terrain {
            let mut got = CardCounts::new();
            for name in t.keys() {
                if let Ok(k) = state.terrain_by_name(name) {
                    got.insert(name.clone(), p.terrain.0[usize::from(k)]);
                }
            }
            diff(out, at, &format!("{who}'s terrain cards"), t, &got);
        }
    }
}

fn sorted_ticket_names(state: &State, ids: &[TicketId]) -> Vec<String> {
    let mut v: Vec<String> = ids
        .iter()
        .map(|&t| state.board().ticket(t).name.clone())
        .collect();
    v.sort();
    v
}

fn check_tickets(state: &State, e: &Expect, at: &str, out: &mut Vec<String>) {
    if let Some(o) = &e.offer {
        diff(
            out,
            at,
            "tickets on offer",
            &ticket_names(state, o),
            &sorted_ticket_names(state, state.offer()),
        );
    }
    if let Some(n) = e.ticket_deck_size {
        diff(out, at, "ticket deck size", &n, &state.ticket_deck().len());
    }
    if let Some(bottom) = &e.ticket_deck_bottom {
        let deck = state.ticket_deck();
        let found: Vec<String> = deck
            .iter()
            .skip(deck.len().saturating_sub(bottom.len()))
            .map(|&t| state.board().ticket(t).name.clone())
            .collect();
        let want: Vec<String> = bottom
            .iter()
            .map(|n| {
                state.board().ticket_by_name(n).map_or_else(
                    || format!("unknown ticket {n}"),
                    |t| state.board().ticket(t).name.clone(),
                )
            })
            .collect();
        diff(out, at, "bottom of the ticket deck", &want, &found);
    }
    if let Some(o) = &e.tickets_out {
        diff(
            out,
            at,
            "tickets out of the game",
            &ticket_names(state, o),
            &sorted_ticket_names(state, state.tickets_out()),
        );
    }
}

fn terrain_name(state: &State, t: u8) -> String {
    state
        .board()
        .terrain_types()
        .get(usize::from(t))
        .map_or_else(|| "unknown".to_owned(), |k| k.name.clone())
}

fn check_terrain(state: &State, e: &Expect, at: &str, out: &mut Vec<String>) {
    if let Some(d) = &e.terrain_display {
        let found: Vec<String> = state
            .terrain_display()
            .iter()
            .map(|t| t.map_or_else(|| "empty".to_owned(), |t| terrain_name(state, t)))
            .collect();
        diff(out, at, "terrain display", d, &found);
    }
    if let Some(d) = &e.terrain_discards {
        let mut got = CardCounts::new();
        for name in d.keys() {
            if let Ok(k) = state.terrain_by_name(name) {
                got.insert(name.clone(), state.terrain_discards().0[usize::from(k)]);
            }
        }
        diff(out, at, "terrain discards", d, &got);
    }
}

fn check_final(state: &State, f: &FinalExpect, out: &mut Vec<String>) {
    let at = "final";
    let Some(end) = state.ending() else {
        out.push("final: the game did not end".into());
        return;
    };
    let b = state.board();
    if let Some(r) = &f.reason {
        let found = match end.reason {
            EndReason::Normal => "normal",
            EndReason::Stalemate => "stalemate",
            EndReason::TurnCap => "turn-cap",
        };
        diff(out, at, "end reason", &r.as_str(), &found);
    }
    if let Some(w) = &f.winners {
        let found: Vec<u8> = end.outcome.winners.iter().map(|s: &Seat| s.0 + 1).collect();
        diff(out, at, "winners", w, &found);
    }
    for (i, fp) in f.players.iter().enumerate() {
        let Some(s) = end.breakdowns.get(i) else {
            out.push(format!("final: there is no player {}", i + 1));
            continue;
        };
        let who = format!("player {}", i + 1);
        let mut num = |what: &str, want: Option<i32>, got: i32| {
            if let Some(w) = want {
                diff(out, at, &format!("{who}'s {what}"), &w, &got);
            }
        };
        num("total", fp.total, s.total);
        num("route points", fp.routes, s.routes);
        num(
            "completed-ticket points",
            fp.tickets_completed,
            s.tickets_completed,
        );
        num("failed-ticket points", fp.tickets_failed, s.tickets_failed);
        num(
            "longest-path bonus",
            fp.longest_path_bonus,
            s.longest_path_bonus,
        );
        num(
            "globetrotter bonus",
            fp.globetrotter_bonus,
            s.globetrotter_bonus,
        );
        num("station points", fp.stations_bonus, s.stations_bonus);
        if let Some(l) = fp.longest_path {
            diff(
                out,
                at,
                &format!("{who}'s longest path"),
                &l,
                &s.longest_path,
            );
        }
        if let Some(c) = &fp.completed {
            let mut found: Vec<String> = s
                .completed
                .iter()
                .map(|&t| b.ticket(t).name.clone())
                .collect();
            found.sort();
            diff(
                out,
                at,
                &format!("{who}'s completed tickets"),
                &ticket_names(state, c),
                &found,
            );
        }
        if let Some(r) = &fp.borrowed {
            let mut found: Vec<String> = s
                .borrowed
                .iter()
                .map(|&(_, r)| b.route(r).key.clone())
                .collect();
            found.sort();
            diff(
                out,
                at,
                &format!("{who}'s borrowed routes"),
                &route_names(state, r),
                &found,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use formats::scenario::Scenario;

    use super::run;

    fn failures(yaml: &str) -> Vec<String> {
        let s: Scenario = serde_yaml::from_str(yaml).expect("the scenario parses");
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        run(&s, &maps).expect("the scenario runs").failures
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
        assert!(f[0].starts_with("step 1: `claim Chicago - Duluth (red) with 3 red` should be accepted but was refused"), "{f:?}");
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
}
