//! `tracklayer play FILE`: plays one game between bots and writes its replay.

use std::path::PathBuf;
use std::process::ExitCode;

use engine::board_game::BoardGame;
use engine::game::{EndReason, GameState};
use engine::replay::Recorder;

use super::common::load_board;

/// Arguments of `play`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The design to play.
    pub file: PathBuf,
    /// Players at the table.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// The seed of the deal (and of the bots).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A bot per seat, comma-separated; the last is repeated for the other seats
    /// (random, route-focus, destination-hungry, long-route, one-step, mcts[:N or :Nms]).
    #[arg(long, default_value = "random")]
    pub bots: String,
    /// Where to write the replay (default: replay-SEED.yaml).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Stop a game after this many turns.
    #[arg(long, default_value_t = 1000)]
    pub max_turns: u32,
    /// Print every action.
    #[arg(long)]
    pub verbose: bool,
}

/// Runs `play`.
pub fn run(args: Args) -> ExitCode {
    let (loaded, board) = match load_board(&args.file) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let names: Vec<String> = args.bots.split(',').map(|s| s.trim().to_owned()).collect();
    let seats: Vec<String> = (0..args.players)
        .map(|i| names.get(i).or(names.last()).cloned().unwrap_or_default())
        .collect();
    let mut bots = Vec::new();
    for (i, name) in seats.iter().enumerate() {
        match engine::bots::by_name(name, args.seed.wrapping_add(i as u64)) {
            Ok(b) => bots.push(b),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let game = match BoardGame::new(board, args.players) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut state = game.new_game(args.seed);
    let mut rec = Recorder::new(
        &loaded.design,
        Some(args.file.display().to_string()),
        args.players,
        args.seed,
        seats.clone(),
    );
    while let Some(seat) = state.current_player() {
        if state.turn() >= args.max_turns {
            state.stop(EndReason::TurnCap);
            break;
        }
        let action = bots[seat.index()].act(&state.observation(seat));
        rec.record(&state, action);
        if args.verbose {
            println!("{seat}: {}", state.describe(action));
        }
        if let Err(e) = state.apply(action) {
            eprintln!(
                "error: the bot `{}` chose an illegal action: {e}",
                seats[seat.index()]
            );
            return ExitCode::from(1);
        }
    }
    let replay = rec.finish(&state);
    let out = args
        .out
        .unwrap_or_else(|| PathBuf::from(format!("replay-{}.yaml", args.seed)));
    if let Err(e) = formats::replay::save_replay(&replay, &out) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    super::replay::print_result(&state);
    println!("replay written to {}", out.display());
    ExitCode::SUCCESS
}
