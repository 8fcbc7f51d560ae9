//! `tracklayer balance` as a designer uses it: a short run on the bundled
//! unbalanced USA writes a variant that extends it, changes only tickets
//! (never a locked one) and loads; bad targets and knobs are named; the
//! search says why it ended; evaluated through `simulate --shard` processes
//! of a launcher command it writes the same variant, byte for byte.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn maps(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(name)
}

fn balance(extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tracklayer"))
        .arg("balance")
        .arg(maps("usa-unbalanced.yaml"))
        .args(extra)
        .output()
        .expect("the tracklayer binary runs")
}

#[test]
fn a_short_run_writes_a_variant_of_ticket_changes_and_reports_every_target() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("balanced.yaml");
    let run = balance(&[
        "--target",
        "ticket-value=0.05",
        "--target",
        "first-player-advantage",
        "--knob",
        "ticket-points",
        "--lock",
        "Denver - El Paso",
        "--players",
        "3",
        "--games",
        "30",
        "--generations",
        "2",
        "--children",
        "3",
        "--check-games",
        "40",
        "--seed",
        "4",
        "--quiet",
        "-o",
        &out.display().to_string(),
    ]);
    assert!(run.status.success(), "{run:?}");
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(
        text.contains("TARGETS, before → after, on fresh seeds"),
        "{text}"
    );
    assert!(
        text.contains("first-player advantage within ±0.03"),
        "{text}"
    );
    assert!(text.contains("3 players:"), "{text}");
    assert!(text.contains("Ended: all 2 generations ran."), "{text}");
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("extends: "), "{written}");
    assert!(
        !written.contains("routes:") && !written.contains("cities:"),
        "{written}"
    );
    let variant = formats::load(&out).unwrap().design;
    let original = formats::load(&maps("usa-unbalanced.yaml")).unwrap().design;
    assert_eq!(variant.routes, original.routes);
    assert_eq!(variant.tickets.len(), original.tickets.len());
    let points = |f: &formats::GameFile, n: &str| {
        f.tickets
            .iter()
            .find(|t| t.display_name() == n)
            .unwrap()
            .points
    };
    assert_eq!(points(&variant, "Denver - El Paso"), 16);
    assert_ne!(variant.tickets, original.tickets);
}

#[test]
fn bad_targets_and_knobs_are_named() {
    let run = balance(&["--target", "fun", "--knob", "ticket-points"]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(
        err.contains("`fun`: board designs have no such target"),
        "{err}"
    );
    let run = balance(&["--target", "bot-split", "--knob", "rule:trains"]);
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(err.contains("give bounds"), "{err}");
    // Read, but naming nothing in the design: refused before any game.
    for (args, named) in [
        (
            ["--knob", "rule:nonexistent.path=1..2", "--lock", "deck:red"],
            "--knob rule:nonexistent.path: the design has no numeric rule parameter",
        ),
        (
            ["--knob", "ticket-points", "--lock", "Nowhere - X"],
            "--lock `Nowhere - X`: the design has no ticket, route or deck count",
        ),
        (
            ["--knob", "ticket-points=50..60", "--lock", "deck:red"],
            "--knob ticket-points=50..60: no unlocked ticket is worth 50 to 60 points",
        ),
    ] {
        let mut all = vec!["--target", "bot-split", "--quiet"];
        all.extend(args);
        let run = balance(&all);
        assert_eq!(run.status.code(), Some(2), "{run:?}");
        let err = String::from_utf8(run.stderr).unwrap();
        assert!(err.contains(named), "{err}");
    }
}

#[test]
fn help_names_the_default_work_folder() {
    let run = balance(&["--help"]);
    let help = String::from_utf8(run.stdout).unwrap();
    assert!(
        help.contains("default: OUT-jobs beside the variant"),
        "{help}"
    );
    assert!(!help.contains("FILE-balance-jobs"), "{help}");
}

#[test]
fn board_knobs_write_route_and_deck_changes_and_keep_locks() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("balanced.yaml");
    let run = balance(&[
        "--target",
        "first-player-advantage=0",
        "--knob",
        "route-colour",
        "--knob",
        "double-routes",
        "--knob",
        "deck-counts=10..14",
        "--lock",
        "atlanta-charleston",
        "--lock",
        "deck:red",
        "--players",
        "3",
        "--games",
        "30",
        "--generations",
        "3",
        "--children",
        "4",
        "--check-games",
        "40",
        "--seed",
        "6",
        "--quiet",
        "-o",
        &out.display().to_string(),
    ]);
    assert!(run.status.success(), "{run:?}");
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(text.contains("CHANGES"), "{text}");
    let variant = formats::load(&out).unwrap().design;
    let original = formats::load(&maps("usa-unbalanced.yaml")).unwrap().design;
    assert_eq!(variant.tickets, original.tickets);
    assert_ne!(
        (&variant.routes, &variant.cards),
        (&original.routes, &original.cards)
    );
    let route = |f: &formats::GameFile| {
        f.routes
            .iter()
            .filter(|r| {
                (r.from.as_str(), r.to.as_str()) == ("Atlanta", "Charleston")
                    || (r.from.as_str(), r.to.as_str()) == ("Charleston", "Atlanta")
            })
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(route(&variant), route(&original));
    let red = |f: &formats::GameFile| {
        formats::board_game::rules::resolve(&f.rules, &f.cards)
            .unwrap()
            .1
            .colors["red"]
    };
    assert_eq!(red(&variant), red(&original));
}

/// A small search on 3 players, written to `out`, with `extra` arguments.
fn small_search(out: &Path, extra: &[&str]) -> Output {
    let out = out.display().to_string();
    let mut args = vec![
        "--target",
        "ticket-value=0.05",
        "--knob",
        "ticket-points",
        "--players",
        "3",
        "--games",
        "10",
        "--generations",
        "2",
        "--children",
        "3",
        "--check-games",
        "20",
        "--seed",
        "4",
        "--quiet",
        "-o",
        &out,
    ];
    args.extend_from_slice(extra);
    balance(&args)
}

/// Runs each line of the jobs file as its own process, two at a time.
const LOCAL: &str = r#"xargs -d '\n' -n 1 -P 2 sh -c < "$TRACKLAYER_JOBS""#;

#[test]
fn evaluating_through_shard_processes_finds_the_same_variant_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.yaml");
    let run = small_search(&whole, &[]);
    assert!(run.status.success(), "{run:?}");
    let expected = std::fs::read(&whole).unwrap();
    for shards in ["2", "3"] {
        let out = dir.path().join(format!("sharded-{shards}.yaml"));
        let jobs = dir.path().join(format!("jobs-{shards}"));
        let run = small_search(
            &out,
            &[
                "--evaluate-with",
                LOCAL,
                "--shards",
                shards,
                "--work-dir",
                &jobs.display().to_string(),
            ],
        );
        assert!(run.status.success(), "{run:?}");
        // The shard jobs were --quiet too.
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(!err.contains("written to"), "{err}");
        assert_eq!(
            std::fs::read(&out).unwrap(),
            expected,
            "{shards} shards found another design"
        );
        // Every batch was merged and cleared.
        assert!(!jobs.exists(), "{} is left", jobs.display());
    }
}

#[test]
fn a_launcher_that_fails_or_skips_jobs_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.yaml");
    let run = small_search(&out, &["--evaluate-with", "exit 3"]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(err.contains("the launcher `exit 3` failed"), "{err}");
    // Only the first job of each batch runs: a shard is missing.
    let run = small_search(
        &out,
        &[
            "--evaluate-with",
            r#"sh -c "$(head -n 1 "$TRACKLAYER_JOBS")""#,
        ],
    );
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(
        err.contains("returned but no shard file from task 1 (line 2 of jobs.txt"),
        "{err}"
    );
    assert!(!out.exists());
}

/// A launcher that runs the jobs as [`LOCAL`] does, logs each batch's name
/// and jobs in `dir/launches.txt`, and once — at the second generation's
/// first batch, when `dir/fail-once` exists — skips line 2 and fails.
fn flaky_launcher(dir: &Path) -> String {
    let script = dir.join("flaky.sh");
    let text = format!(
        r#"#!/bin/sh
log={log}
echo "batch $(basename "$TRACKLAYER_BATCH")" >> "$log"
cat "$TRACKLAYER_JOBS" >> "$log"
if [ -e {marker} ] && [ "$(basename "$TRACKLAYER_BATCH")" = generation-2-rung-1 ]; then
    rm {marker}
    sed -i '2d' "$TRACKLAYER_JOBS"
    {local}
    exit 1
fi
{local}
"#,
        log = dir.join("launches.txt").display(),
        marker = dir.join("fail-once").display(),
        local = LOCAL,
    );
    std::fs::write(&script, text).unwrap();
    format!("sh {}", script.display())
}

#[test]
fn a_search_stopped_by_a_failed_task_names_it_and_resumes_to_the_same_variant() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.yaml");
    assert!(small_search(&whole, &[]).status.success());
    let out = dir.path().join("resumed.yaml");
    let jobs = dir.path().join("jobs");
    let launcher = flaky_launcher(dir.path());
    std::fs::write(dir.path().join("fail-once"), "").unwrap();
    let args = [
        "--evaluate-with",
        &launcher,
        "--shards",
        "2",
        "--work-dir",
        &jobs.display().to_string(),
    ];
    let run = small_search(&out, &args);
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(
        err.contains("batch generation-2-rung-1: the launcher")
            && err
                .contains("no shard file from task 1 (line 2 of jobs.txt: candidate 0, shard 1/2)"),
        "{err}"
    );
    assert!(err.contains("run the same command with --resume"), "{err}");
    assert!(!out.exists());
    let log = dir.path().join("launches.txt");
    let first = std::fs::read_to_string(&log).unwrap();
    // The jobs play on the launcher's threads, not on balance's.
    assert!(
        first.contains(r#"--threads "${TRACKLAYER_THREADS:-1}""#),
        "{first}"
    );
    std::fs::remove_file(&log).unwrap();

    let mut resume = args.to_vec();
    resume.push("--resume");
    let run = small_search(&out, &resume);
    assert!(run.status.success(), "{run:?}");
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&whole).unwrap());
    // Only what had not run is run again: the failed batch's missing shard
    // first, and nothing of the batches before it.
    let again = std::fs::read_to_string(&log).unwrap();
    let batches: Vec<&str> = again.lines().filter(|l| l.starts_with("batch ")).collect();
    assert_eq!(
        batches.first(),
        Some(&"batch generation-2-rung-1"),
        "{again}"
    );
    let lines_of_first = again
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("batch "))
        .count();
    assert_eq!(lines_of_first, 1, "{again}");
    assert!(!jobs.exists(), "{} is left", jobs.display());
}

#[test]
fn ctrl_c_tells_the_launcher_to_cancel_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    let started = dir.path().join("started");
    let cancelled = dir.path().join("cancelled");
    // A launcher whose jobs never end until it is told to cancel them.
    let launcher = format!(
        "trap 'touch {c}; kill $!; exit 130' INT; touch {s}; sleep 60 & wait",
        c = cancelled.display(),
        s = started.display()
    );
    let out = dir.path().join("b.yaml");
    let child = Command::new(env!("CARGO_BIN_EXE_tracklayer"))
        .arg("balance")
        .arg(maps("usa-unbalanced.yaml"))
        .args([
            "--target",
            "ticket-value",
            "--knob",
            "ticket-points",
            "--quiet",
        ])
        .args(["--evaluate-with", &launcher, "-o"])
        .arg(&out)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    while !started.exists() {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let run = child.wait_with_output().unwrap();
    assert_eq!(run.status.code(), Some(130), "{run:?}");
    assert!(cancelled.exists(), "the launcher was not told");
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(text.contains("Stopped before any change helped"), "{text}");
    assert!(!text.contains("TARGETS"), "{text}");
}

/// `balance` on a bundled design other than USA.
fn balance_of(design: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tracklayer"))
        .arg("balance")
        .arg(maps(design))
        .args(extra)
        .output()
        .expect("the tracklayer binary runs")
}

/// A small fixed-seed search (3 children a generation, seed 3), written
/// to `out`.
fn small_family_search(design: &str, out: &Path, args: &[&str], extra: &[&str]) -> Output {
    let out = out.display().to_string();
    let mut all: Vec<&str> = args.to_vec();
    all.extend([
        "--children",
        "3",
        "--patience",
        "0",
        "--seed",
        "3",
        "--quiet",
        "-o",
        &out,
    ]);
    all.extend_from_slice(extra);
    balance_of(design, &all)
}

#[test]
fn a_card_game_design_balances_big_cities_within_bounds_and_names_its_targets() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("card-balanced.yaml");
    let run = small_family_search(
        "card-game-usa-unbalanced.yaml",
        &out,
        &[
            "--target",
            "score-spread=0..1",
            "--target",
            "ticket-completion=0.99..1",
            "--knob",
            "big-cities=10..30",
            "--lock",
            "city:Seattle",
            "--players",
            "2",
            "--games",
            "10",
            "--generations",
            "2",
            "--check-games",
            "20",
        ],
        &[],
    );
    assert!(run.status.success(), "{run:?}");
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(text.contains("mean winning margin 0..1"), "{text}");
    assert!(text.contains("every ticket completed 0.99..1"), "{text}");
    assert!(text.contains("2 players:"), "{text}");
    // No margin is below a point: the only Big City within 10..30 (Dallas)
    // must move, and only within its bounds.
    let big = |f: &formats::GameFile| {
        formats::card_game::resolve(&f.rules, &f.cards)
            .unwrap()
            .0
            .big_cities
    };
    let before = big(&formats::load(&maps("card-game-usa-unbalanced.yaml"))
        .unwrap()
        .design);
    let after = big(&formats::load(&out).unwrap().design);
    let dallas =
        |b: &[formats::card_game::BigCity]| b.iter().find(|c| c.city == "Dallas").unwrap().points;
    assert_eq!(dallas(&before), 30);
    assert!((10..30).contains(&dallas(&after)), "{after:?}");
    for (a, b) in before.iter().zip(&after) {
        if a.city != "Dallas" {
            assert_eq!(a, b, "only Dallas lies within the bounds");
        }
    }
}

#[test]
fn a_trains_and_stations_design_shortens_its_long_track_and_names_its_targets() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("dice-balanced.yaml");
    let args = [
        "--target",
        "delivery-share=0.3..3",
        "--target",
        "monopoly-share=0..0.5",
        "--knob",
        "track-length=3..5",
        "--knob",
        "monopoly=10..30",
        "--lock",
        "good:silver",
        "--players",
        "4",
        "--games",
        "40",
        "--generations",
        "3",
        "--check-games",
        "40",
    ];
    let run = small_family_search("trains-and-stations-unbalanced.yaml", &out, &args, &[]);
    assert!(run.status.success(), "{run:?}");
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(
        text.contains("every track delivered 0.3..3 times the mean track"),
        "{text}"
    );
    assert!(
        text.contains("every good's monopoly held by the winner in 0..0.5 of games"),
        "{text}"
    );
    assert!(text.contains("4 players:"), "{text}");
    let original = formats::load(&maps("trains-and-stations-unbalanced.yaml"))
        .unwrap()
        .design;
    let variant = formats::load(&out).unwrap().design;
    // Only Vienna - Budapest (5 spaces) lies within 3..5 and the gold
    // monopoly (24) within 10..30: they move, within the bounds.
    for (a, b) in original.tracks.iter().zip(&variant.tracks) {
        if a.display_name() == "Vienna - Budapest" {
            assert!((3..=5).contains(&b.spaces), "{b:?}");
        } else {
            assert_eq!(a, b);
        }
    }
    let goods = |f: &formats::GameFile| formats::dice::resolve(&f.rules).unwrap().goods;
    let (before, after) = (goods(&original), goods(&variant));
    assert!((10..=30).contains(&after["gold"].monopoly), "{after:?}");
    assert_ne!(
        (&original.tracks, before["gold"].monopoly),
        (&variant.tracks, after["gold"].monopoly),
        "nothing changed"
    );
    for g in ["workers", "coal", "cattle", "food", "silver"] {
        assert_eq!(before[g], after[g], "{g} moved");
    }
    // Through shard processes, the same variant byte for byte.
    let sharded = dir.path().join("dice-sharded.yaml");
    let jobs = dir.path().join("dice-jobs");
    let run = small_family_search(
        "trains-and-stations-unbalanced.yaml",
        &sharded,
        &args,
        &[
            "--evaluate-with",
            LOCAL,
            "--shards",
            "2",
            "--work-dir",
            &jobs.display().to_string(),
        ],
    );
    assert!(run.status.success(), "{run:?}");
    assert_eq!(
        std::fs::read(&sharded).unwrap(),
        std::fs::read(&out).unwrap()
    );
}

#[test]
fn a_knob_or_target_the_family_lacks_is_refused_naming_the_family_s_own() {
    for (design, args, named, listed) in [
        (
            "card-game-usa.yaml",
            ["--target", "bot-split", "--knob", "route-length"],
            "`route-length`: card-game designs have no such knob",
            "ticket-cards",
        ),
        (
            "card-game-usa.yaml",
            ["--target", "no-dead-routes", "--knob", "ticket-points"],
            "`no-dead-routes`: card-game designs have no such target",
            "ticket-completion",
        ),
        (
            "trains-and-stations-demo.yaml",
            ["--target", "ticket-value", "--knob", "monopoly"],
            "`ticket-value`: dice designs have no such target",
            "delivery-share",
        ),
        (
            "trains-and-stations-demo.yaml",
            ["--target", "bot-split", "--knob", "ticket-points"],
            "`ticket-points`: dice designs have no such knob",
            "track-length",
        ),
        (
            "trains-and-stations-demo.yaml",
            ["--target", "bot-split", "--knob", "rule:trains=1..2"],
            "--knob rule:trains: the design has no numeric rule parameter",
            "coins.start",
        ),
    ] {
        let run = balance_of(design, &args);
        assert_eq!(run.status.code(), Some(2), "{run:?}");
        let err = String::from_utf8(run.stderr).unwrap();
        assert!(err.contains(named), "{err}");
        assert!(err.contains(listed), "{err}");
    }
}

#[test]
fn help_lists_every_family_s_knobs_and_targets() {
    let run = balance(&["--help"]);
    let help = String::from_utf8(run.stdout).unwrap();
    for family in ["board designs", "card-game designs", "dice designs"] {
        assert!(help.contains(family), "{help}");
    }
    for item in [
        "route-colour",
        "ticket-cards[=1..8]",
        "big-cities[=1..15]",
        "track-length[=LO..HI]",
        "vp-supply[=30..150]",
        "monopoly-share[=0..0.6]",
        "delivery-share[=0.5..2]",
        "ticket-completion[=0.5..0.95]",
        "first-player-advantage[=0.03]",
    ] {
        assert!(help.contains(item), "{item}: {help}");
    }
}
