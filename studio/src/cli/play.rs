//! `tracklayer play FILE`: plays one game between bots through the one game
//! loop and writes its replay.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use engine::families::FamilyVisitor;
use engine::game::table::{DEFAULT_TURN_CAP, Step, bot_seed, step};
use engine::game::{Family, Game, GameState};
use engine::replay::Recorder;
use formats::LoadedDesign;

use super::common::{Output, check_outputs, design_inputs, load_design, seat_bots};

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
    /// (the board game: random, route-focus, destination-hungry, long-route,
    /// one-step, blocker, hoarder, mcts[:N or :Nms]; the card game: random,
    /// ticket-matcher, robber, hoarder, ticket-hungry, mcts[:N or :Nms]).
    #[arg(long, default_value = "random")]
    pub bots: String,
    /// Where to write the replay (default: replay-SEED.yaml).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Stop a game after this many turns.
    #[arg(long, default_value_t = DEFAULT_TURN_CAP)]
    pub max_turns: u32,
    /// Print every action.
    #[arg(long)]
    pub verbose: bool,
}

/// Runs `play`.
pub fn run(mut args: Args) -> ExitCode {
    let (loaded, design) = match load_design(&args.file) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let out = args
        .out
        .take()
        .unwrap_or_else(|| PathBuf::from(format!("replay-{}.yaml", args.seed)));
    if let Err(code) = check_outputs([Output::File(&out)], &design_inputs(&loaded)) {
        return code;
    }
    args.out = Some(out);
    design.visit(Play { args, loaded })
}

struct Play {
    args: Args,
    loaded: LoadedDesign,
}

impl FamilyVisitor for Play {
    type Output = ExitCode;

    fn visit<F: Family>(self, design: Arc<F::Design>) -> ExitCode {
        let Play { args, loaded } = self;
        let seats = seat_bots(&args.bots, args.players);
        let mut bots = Vec::new();
        for (i, name) in seats.iter().enumerate() {
            match F::bot(name, bot_seed(args.seed, i)) {
                Ok(b) => bots.push(b),
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        let game = match F::new_game(&design, args.players) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        let mut state = game.new_initial_state(args.seed);
        let mut rec = Recorder::new(
            &loaded.design,
            Some(args.file.display().to_string()),
            args.players,
            args.seed,
            seats,
        );
        loop {
            let before = state.clone();
            match step(&mut state, bots.as_mut_slice(), args.max_turns) {
                Ok(Step::Moved { seat, action, .. }) => {
                    rec.record(&before, action);
                    if args.verbose {
                        println!("{seat}: {}", before.action_text(action));
                    }
                }
                Ok(Step::Capped | Step::Over | Step::Waiting(_)) => break,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(1);
                }
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
        super::replay::print_result::<F>(&state);
        println!("replay written to {}", out.display());
        ExitCode::SUCCESS
    }
}
