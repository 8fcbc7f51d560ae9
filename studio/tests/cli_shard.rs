//! The scale-out recipe of docs/scale-out.md run locally: the shards of a
//! simulation as separate `tracklayer simulate --shard K/N` processes at
//! once, then `tracklayer merge`, whose report must equal the one-process
//! run's byte for byte; and shards that do not belong together are refused.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tracklayer() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tracklayer"))
}

fn run(command: &mut Command) -> Output {
    command.output().expect("the tracklayer binary runs")
}

fn usa() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml")
}

/// `simulate` of the test's run (with `extra` options).
fn simulate(seed: &str, extra: &[&str]) -> Command {
    let mut c = tracklayer();
    c.arg("simulate")
        .arg(usa())
        .args([
            "--players",
            "2..3",
            "--games",
            "40",
            "--quiet",
            "--threads",
            "1",
        ])
        .args(["--seed", seed])
        .args(extra);
    c
}

fn shard_path(dir: &Path, k: u32) -> String {
    dir.join(format!("shard-{k}.json")).display().to_string()
}

#[test]
fn shards_run_as_separate_processes_merge_into_the_whole_runs_report() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.json");
    let out = run(&mut simulate(
        "11",
        &["--json", &whole.display().to_string()],
    ));
    assert!(out.status.success(), "{out:?}");

    // Like a job array: every shard at once, each its own process.
    let children: Vec<_> = (0..3)
        .map(|k| {
            simulate(
                "11",
                &[
                    "--shard",
                    &format!("{k}/3"),
                    "-o",
                    &shard_path(dir.path(), k),
                ],
            )
            .spawn()
            .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        // --quiet: no "shard K/N … written to …" line.
        assert!(
            out.stdout.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
    }

    let merged = dir.path().join("merged.json");
    let out = run(tracklayer()
        .arg("merge")
        .args([2, 0, 1].map(|k| shard_path(dir.path(), k)))
        .args(["-o", &merged.display().to_string()]));
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        std::fs::read(&merged).unwrap(),
        std::fs::read(&whole).unwrap(),
        "the merged report differs from the whole run's"
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("2 PLAYERS — 40 games"), "{text}");
}

#[test]
fn merge_names_the_missing_shard_and_the_setting_that_differs() {
    let dir = tempfile::tempdir().unwrap();
    for (k, seed) in [(0, "3"), (1, "3"), (2, "4")] {
        let mut shard = simulate(seed, &["--shard", &format!("{k}/3")]);
        // Without --quiet, the shard says what it wrote.
        if k == 0 {
            let args: Vec<_> = shard.get_args().map(ToOwned::to_owned).collect();
            shard = tracklayer();
            shard.args(args.iter().filter(|a| *a != "--quiet"));
        }
        let out = run(shard.args(["-o", &shard_path(dir.path(), k)]));
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.contains("shard 0/3: games 0..13"), k == 0, "{text}");
    }
    let merge = |shards: &[u32]| {
        let out = run(tracklayer()
            .arg("merge")
            .args(shards.iter().map(|&k| shard_path(dir.path(), k))));
        assert_eq!(out.status.code(), Some(2));
        String::from_utf8(out.stderr).unwrap()
    };
    assert!(merge(&[0, 1]).contains("shard 2 of 3 missing"));
    assert!(merge(&[0, 1, 2]).contains("are shards of different runs: their seed differs"));
    assert!(merge(&[0, 0, 1]).contains("are both shard 0/3"));
}
