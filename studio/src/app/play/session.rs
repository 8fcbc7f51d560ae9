//! A game at the table of any family, free of any widget: the engine's
//! state, who sits where, the recording, the log, whose secrets are shown,
//! and the bots' moves (computed on a worker thread so the window never
//! waits on them).

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use engine::bots::Bot;
use engine::game::table::{DEFAULT_TURN_CAP, Step, bot_seed, step};
use engine::game::{EndReason, Game, GameState, Seat};
use engine::replay::Recorder;
use formats::GameFile;
use formats::replay::Replay;

use super::error::PlayError;
use super::family::{ActionOf, PlayView};
use crate::app::job::{Job, JobFailed};

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the screen.
    Human,
    /// An engine bot, by its spec (a name from the family's
    /// [`engine::game::Family::BOT_NAMES`], maybe with a parameter).
    Bot(String),
}

impl Player {
    /// Reads a seat choice: `human` or a bot spec.
    pub fn from_spec(spec: &str) -> Player {
        if spec == "human" {
            Player::Human
        } else {
            Player::Bot(spec.to_owned())
        }
    }

    /// The seat choice as written in setups and replays.
    pub fn spec(&self) -> &str {
        match self {
            Player::Human => "human",
            Player::Bot(name) => name,
        }
    }

    /// Is it a person?
    pub fn is_human(&self) -> bool {
        matches!(self, Player::Human)
    }
}

/// One line of the game log, in two versions: everything, and what the
/// other players may see (no blind cards, no ticket names).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// Whose action it followed.
    pub seat: Seat,
    /// The turn it happened in (1-based).
    pub turn: u32,
    /// The full truth.
    pub full: String,
    /// What everyone may see.
    pub public: String,
}

/// The name of a seat, as the engine's log writes it.
pub fn seat_name(seat: Seat) -> String {
    format!("Player {}", seat.0 + 1)
}

/// The bots of a table, by seat (`None`: a human's seat).
type Bots<S> = Vec<Option<Box<dyn Bot<S>>>>;

/// What a bot worker gives back: the bots, the actions they chose in turn,
/// and an error if one chose an action the rules refused.
struct BotRun<S: GameState> {
    bots: Bots<S>,
    actions: Vec<S::Action>,
    error: Option<String>,
}

/// Plays bot decisions on a copy of the state through the one game loop, at
/// most `max` of them, stopping at a human's decision, the turn cap or the end.
fn run_bots<S: GameState>(mut state: S, mut bots: Bots<S>, max: usize) -> BotRun<S> {
    let mut actions = Vec::new();
    let mut error = None;
    while actions.len() < max {
        match step(&mut state, bots.as_mut_slice(), DEFAULT_TURN_CAP) {
            Ok(Step::Moved { action, .. }) => actions.push(action),
            Ok(Step::Capped | Step::Over | Step::Waiting(_)) => break,
            Err(e) => {
                error = Some(format!("A bot chose an action the rules refuse: {e}"));
                break;
            }
        }
    }
    BotRun {
        bots,
        actions,
        error,
    }
}

/// A hot-seat game: humans and bots at one table on one design of family `F`.
pub struct Session<F: PlayView> {
    state: F::State,
    players: Vec<Player>,
    /// A bot per bot seat; empty while lent to the worker.
    bots: Bots<F::State>,
    worker: Option<Job<BotRun<F::State>>>,
    recorder: Recorder,
    log: Vec<LogLine>,
    /// The human whose hand is shown (several humans: after "pass to").
    shown: Option<Seat>,
    seed: u64,
    /// Bots wait (except for "step").
    pub paused: bool,
    /// How long a bot's move stays on screen before the next one.
    pub delay: Duration,
    /// Bots play on without delay until the end.
    finishing: bool,
    next_bot_at: Option<Instant>,
    error: Option<String>,
}

impl<F: PlayView> Session<F> {
    /// A new game of `design` (built from `file`, the document as it is now)
    /// dealt from `seed`, or why it cannot be played: a player count the
    /// design does not allow, an unknown bot.
    pub fn new(
        design: &Arc<F::Design>,
        file: &GameFile,
        game_path: Option<&Path>,
        players: Vec<Player>,
        seed: u64,
    ) -> Result<Session<F>, PlayError> {
        let game =
            F::new_game(design, players.len()).map_err(|e| PlayError::Table(e.to_string()))?;
        let mut bots = Vec::with_capacity(players.len());
        for (i, p) in players.iter().enumerate() {
            bots.push(match p {
                Player::Human => None,
                Player::Bot(name) => Some(
                    F::bot(name, bot_seed(seed, i)).map_err(|e| PlayError::Table(e.to_string()))?,
                ),
            });
        }
        let state = game.new_initial_state(seed);
        let recorder = Recorder::new(
            file,
            game_path.map(|p| p.display().to_string()),
            players.len(),
            seed,
            players.iter().map(|p| p.spec().to_owned()).collect(),
        );
        let mut session = Session {
            state,
            players,
            bots,
            worker: None,
            recorder,
            log: Vec::new(),
            shown: None,
            seed,
            paused: false,
            delay: Duration::from_millis(600),
            finishing: false,
            next_bot_at: None,
            error: None,
        };
        session.update_shown();
        Ok(session)
    }

    /// The game as it stands.
    pub fn state(&self) -> &F::State {
        &self.state
    }

    /// Who plays each seat.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// A seat's name with who plays it: `Player 2 (route-focus)`.
    pub fn title(&self, seat: Seat) -> String {
        match self.players.get(seat.index()) {
            Some(Player::Human) | None => format!("{} (human)", seat_name(seat)),
            Some(Player::Bot(b)) => format!("{} ({b})", seat_name(seat)),
        }
    }

    /// The seed the game was dealt from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Everything that happened, in order.
    pub fn log(&self) -> &[LogLine] {
        &self.log
    }

    /// A log line's text as `viewer` may read it (`None`: a viewer with no
    /// secrets); once the game is over, everything.
    pub fn line_text<'a>(&self, line: &'a LogLine, viewer: Option<Seat>) -> &'a str {
        if self.is_over() || viewer == Some(line.seat) {
            &line.full
        } else {
            &line.public
        }
    }

    /// The last error (a bot's illegal action, an action refused), if any.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Is the game over?
    pub fn is_over(&self) -> bool {
        self.state.is_terminal()
    }

    /// Whose decision it is, while the game runs.
    pub fn current(&self) -> Option<Seat> {
        self.state.current_player()
    }

    fn is_human(&self, seat: Seat) -> bool {
        self.players.get(seat.index()).is_some_and(Player::is_human)
    }

    /// Humans at the table.
    pub fn humans(&self) -> usize {
        self.players.iter().filter(|p| p.is_human()).count()
    }

    /// The human whose decision it is, if a human's.
    pub fn human_to_move(&self) -> Option<Seat> {
        self.current().filter(|&s| self.is_human(s))
    }

    /// Is it a bot's decision?
    pub fn bot_to_move(&self) -> bool {
        self.current().is_some_and(|s| !self.is_human(s))
    }

    /// Is a bot thinking right now?
    pub fn thinking(&self) -> bool {
        self.worker.is_some()
    }

    /// Whose secrets (hand, tickets) the screen shows: the only human, or
    /// with several humans the one who took the screen, until their
    /// decisions end.
    pub fn viewer(&self) -> Option<Seat> {
        self.shown
    }

    /// With several humans, the screen waits for this player to take it
    /// before their hand is shown.
    pub fn pass_to(&self) -> Option<Seat> {
        self.human_to_move().filter(|&s| self.shown != Some(s))
    }

    /// The player the screen was passed to takes it: their hand is shown.
    pub fn reveal(&mut self) {
        if let Some(s) = self.pass_to() {
            self.shown = Some(s);
        }
    }

    fn update_shown(&mut self) {
        if self.humans() == 1 {
            self.shown = self
                .players
                .iter()
                .position(Player::is_human)
                .map(|i| Seat(i as u8));
        } else if self.current() != self.shown || self.is_over() {
            self.shown = None;
        }
    }

    /// The current player's legal actions (none while a bot thinks).
    pub fn legal(&self) -> Vec<ActionOf<F>> {
        let mut out = Vec::new();
        if self.worker.is_none() {
            self.state.legal_actions(&mut out);
        }
        out
    }

    /// Plays a human's decision. Only the engine's legal actions are taken;
    /// anything else is refused with the reason.
    pub fn play(&mut self, action: ActionOf<F>) -> Result<(), PlayError> {
        let Some(seat) = self.human_to_move() else {
            return Err(PlayError::NotHumansTurn);
        };
        if self.pass_to().is_some() {
            return Err(PlayError::ScreenNotTaken(seat_name(seat)));
        }
        if !self.legal().contains(&action) {
            return Err(PlayError::NotAllowed(self.state.action_text(action)));
        }
        self.commit(action);
        self.next_bot_at = Some(Instant::now() + self.delay);
        match self.error.clone() {
            Some(e) => Err(PlayError::Bot(e)),
            None => Ok(()),
        }
    }

    /// Records, applies and logs an action of the current player.
    fn commit(&mut self, action: ActionOf<F>) {
        let Some(seat) = self.current() else {
            return;
        };
        let before = self.state.clone();
        match self.state.apply(action) {
            Ok(events) => {
                self.recorder.record(&before, action);
                let turn = before.turn() + 1;
                for text in F::log_lines(&self.state, &events) {
                    self.log.push(LogLine {
                        seat,
                        turn,
                        full: text.full,
                        public: text.public,
                    });
                }
                if !self.state.is_terminal() && self.state.turn() >= DEFAULT_TURN_CAP {
                    self.state.stop(EndReason::TurnCap);
                    self.log.push(LogLine {
                        seat,
                        turn,
                        full: "The turn limit is reached: the game is stopped.".into(),
                        public: "The turn limit is reached: the game is stopped.".into(),
                    });
                }
            }
            Err(e) => {
                self.error = Some(format!(
                    "The engine refused `{}`: {e}",
                    before.action_text(action)
                ));
            }
        }
        self.update_shown();
    }

    /// Advances the bots: collects a finished bot move, and starts the next
    /// one when it is due (after the delay, unless paused; at once when
    /// finishing). Returns whether the game changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let changed = self.collect();
        if changed {
            self.next_bot_at = Some(now + self.delay);
        }
        if self.worker.is_none() && self.bot_to_move() && self.error.is_none() {
            let due = self.finishing || (!self.paused && self.next_bot_at.is_none_or(|t| now >= t));
            if due {
                let fast = self.finishing || self.delay.is_zero();
                self.spawn(if fast { usize::MAX } else { 1 });
            }
        }
        changed
    }

    /// Takes the worker's moves if it has finished.
    fn collect(&mut self) -> bool {
        let Some(out) = self.worker.as_mut().and_then(Job::poll) else {
            return false;
        };
        self.take(out);
        true
    }

    /// Takes what the worker gave back: the bots, their moves, or why none.
    fn take(&mut self, out: Result<BotRun<F::State>, JobFailed>) {
        self.worker = None;
        match out {
            Ok(run) => {
                self.bots = run.bots;
                for a in run.actions {
                    self.commit(a);
                }
                if run.error.is_some() {
                    self.error = run.error;
                }
            }
            Err(JobFailed::NoThread { reason, .. }) => {
                self.error = Some(format!("No thread for the bots: {reason}"));
            }
            Err(JobFailed::Crashed { .. }) => {
                self.error = Some("A bot failed while thinking; its seat cannot move.".into());
            }
        }
    }

    fn spawn(&mut self, max: usize) {
        let bots = std::mem::take(&mut self.bots);
        let state = self.state.clone();
        self.worker = Some(Job::start(
            "play-bot",
            0,
            || {},
            move |_| run_bots(state, bots, max),
        ));
    }

    /// Plays one bot move now, paused or not.
    pub fn step(&mut self) {
        if self.worker.is_none() && self.bot_to_move() {
            self.spawn(1);
        }
    }

    /// May the bots finish the game alone (no human seat left)?
    pub fn can_finish(&self) -> bool {
        !self.is_over() && self.humans() == 0
    }

    /// Bots play to the end without delay (only when no human is seated).
    pub fn finish(&mut self) {
        if self.can_finish() {
            self.finishing = true;
        }
    }

    /// Bots (`bot`, a spec of the family's bots) take every human seat
    /// and play on at the bot delay ([`Session::finish`] then runs the game
    /// to its end at once).
    pub fn bots_take_over(&mut self, bot: &str) -> Result<(), PlayError> {
        if self.worker.is_some() {
            return Err(PlayError::BotThinking);
        }
        for i in 0..self.players.len() {
            if self.players[i].is_human() {
                let b = F::bot(bot, bot_seed(self.seed, i))
                    .map_err(|e| PlayError::Table(e.to_string()))?;
                self.players[i] = Player::Bot(bot.to_owned());
                self.bots[i] = Some(b);
            }
        }
        self.shown = None;
        Ok(())
    }

    /// Runs bot moves until a human must decide or the game is over,
    /// waiting for each (for tests and scripts; the window uses
    /// [`Session::tick`]).
    pub fn run_bots_now(&mut self) {
        while self.error.is_none() {
            if self.worker.is_none() {
                if !self.bot_to_move() {
                    break;
                }
                self.spawn(usize::MAX);
            }
            if let Some(out) = self
                .worker
                .as_mut()
                .and_then(|w| w.wait(Duration::from_secs(1)))
            {
                self.take(out);
            }
        }
    }

    /// The replay of the game so far (with its result once it is over), in
    /// the format `tracklayer play` writes.
    pub fn replay(&self) -> Replay {
        self.recorder.finish(&self.state)
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use std::any::Any;

    use engine::board_game::{Action, BoardFamily, Phase};

    use super::*;
    use crate::app::play::table::{self, PlayGame};

    /// A board game opened as the window opens one: the family chosen by
    /// the design, through the studio's registry.
    fn new(
        file: &GameFile,
        players: Vec<Player>,
        seed: u64,
    ) -> Result<Session<BoardFamily>, PlayError> {
        let game: Box<dyn Any> = table::open(file, None, players, seed)?;
        Ok(game
            .downcast::<PlayGame<BoardFamily>>()
            .expect("a board design plays the board game")
            .session)
    }

    fn design(name: &str) -> GameFile {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../maps")
            .join(name);
        formats::load(&path).unwrap().design
    }

    fn bots(names: &[&str]) -> Vec<Player> {
        names.iter().map(|n| Player::from_spec(n)).collect()
    }

    /// A simple human: keeps what is offered, claims the first route it can
    /// (a tunnel first when `tunnels`), else the first draw.
    fn simple_move(s: &Session<BoardFamily>, tunnels: bool) -> Action {
        let legal = s.legal();
        let board = s.state().board();
        let claim = |tunnel_only: bool| {
            legal.iter().copied().find(|a| match a {
                Action::Claim { route, .. } => !tunnel_only || board.route(*route).tunnel,
                _ => false,
            })
        };
        let keep_all = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::KeepTickets(_)))
            .max_by_key(|a| match a {
                Action::KeepTickets(k) => k.count(),
                _ => 0,
            });
        keep_all
            .or_else(|| if tunnels { claim(true) } else { None })
            .or_else(|| claim(false))
            .or_else(|| legal.iter().copied().find(|a| *a == Action::DrawBlind))
            .unwrap_or(legal[0])
    }

    #[test]
    fn refuses_what_cannot_be_played() {
        let mut broken = design("usa.yaml");
        broken.routes[0].to = "Atlantis".into();
        let e = new(&broken, bots(&["human", "random"]), 1).err();
        assert!(matches!(e, Some(PlayError::DesignErrors(_))), "{e:?}");
        let usa = design("usa.yaml");
        let e = new(&usa, bots(&["human"]), 1).err();
        assert!(
            matches!(&e, Some(PlayError::Table(t)) if t.contains("players")),
            "one player is too few: {e:?}"
        );
        let e = new(&usa, bots(&["human", "nobody"]), 1).err();
        assert!(
            matches!(&e, Some(PlayError::Table(t)) if t.contains("nobody")),
            "{e:?}"
        );
    }

    #[test]
    fn bots_play_to_the_end_and_the_replay_agrees() {
        let mut s = new(
            &design("usa.yaml"),
            bots(&["route-focus", "random", "one-step"]),
            9,
        )
        .unwrap();
        assert!(s.can_finish());
        assert_eq!(s.viewer(), None, "no human, no secrets shown");
        s.run_bots_now();
        assert!(s.is_over());
        assert!(s.error().is_none());
        let replay = s.replay();
        assert_eq!(replay.seats, ["route-focus", "random", "one-step"]);
        let back = engine::replay::play_back::<engine::board_game::BoardFamily>(&replay).unwrap();
        assert_eq!(back.last().outcome(), s.state().outcome());
        assert!(s.log().iter().any(|l| l.full == "The game is over."));
    }

    #[test]
    fn a_human_plays_only_legal_actions_and_bots_answer() {
        let mut s = new(&design("usa.yaml"), bots(&["human", "route-focus"]), 4).unwrap();
        assert_eq!(s.human_to_move(), Some(Seat(0)));
        assert_eq!(s.viewer(), Some(Seat(0)), "the only human sees their hand");
        assert_eq!(s.pass_to(), None, "nobody to hide it from");
        let err = s.play(Action::DrawBlind).unwrap_err();
        assert!(matches!(err, PlayError::NotAllowed(_)), "{err}");
        assert!(s.log().is_empty());
        let keep = simple_move(&s, false);
        s.play(keep).unwrap();
        s.run_bots_now();
        assert_eq!(s.human_to_move(), Some(Seat(0)));
        assert_eq!(s.replay().actions.len(), 2, "both setup choices recorded");
        // The bot's ticket choice is private; the human's is not hidden from them.
        let bot_line = s.log().iter().find(|l| l.seat == Seat(1)).unwrap();
        assert_ne!(bot_line.full, bot_line.public);
        assert_eq!(s.line_text(bot_line, s.viewer()), bot_line.public);
        let mine = &s.log()[0];
        assert_eq!(s.line_text(mine, s.viewer()), mine.full);
        // Paused bots wait; a step plays exactly one move.
        s.play(Action::DrawBlind).unwrap();
        s.play(Action::DrawBlind).unwrap();
        s.paused = true;
        s.delay = Duration::ZERO;
        let n = s.replay().actions.len();
        s.tick(Instant::now());
        assert!(!s.thinking());
        s.step();
        while s.thinking() {
            std::thread::sleep(Duration::from_millis(1));
            s.tick(Instant::now());
        }
        assert_eq!(s.replay().actions.len(), n + 1);
    }

    #[test]
    fn several_humans_take_the_screen_in_turn() {
        let mut s = new(&design("usa.yaml"), bots(&["human", "human", "random"]), 2).unwrap();
        assert_eq!(s.viewer(), None);
        assert_eq!(s.pass_to(), Some(Seat(0)));
        let keep = simple_move(&s, false);
        assert!(s.play(keep).is_err(), "not before the screen is taken");
        s.reveal();
        assert_eq!(s.viewer(), Some(Seat(0)));
        s.play(keep).unwrap();
        assert_eq!(s.viewer(), None, "the hand is hidden at once");
        assert_eq!(s.pass_to(), Some(Seat(1)));
        let line = &s.log()[0];
        assert_eq!(s.line_text(line, Some(Seat(1))), line.public);
        s.reveal();
        let keep = simple_move(&s, false);
        s.play(keep).unwrap();
        assert!(s.bot_to_move());
        assert_eq!(s.viewer(), None, "no hand during a bot's turn");
        s.bots_take_over("random").unwrap();
        s.run_bots_now();
        assert!(s.is_over());
        assert_eq!(s.humans(), 0);
    }

    #[test]
    fn heart_of_africa_terrain_draws_and_doubling_are_offered() {
        let africa = design("heart-of-africa-rules.yaml");
        for seed in 0..40 {
            let mut s = new(&africa, bots(&["human", "route-focus"]), seed).unwrap();
            assert!(
                s.state().player(Seat(0)).terrain.total() > 0,
                "a terrain card is dealt"
            );
            while !s.is_over() && s.state().turns() < 80 {
                s.run_bots_now();
                if s.is_over() {
                    break;
                }
                let legal = s.legal();
                if let Phase::Double(route) = s.state().phase() {
                    assert!(legal.contains(&Action::NoDouble));
                    let double = legal
                        .iter()
                        .copied()
                        .find(|a| matches!(a, Action::Double { .. }))
                        .expect("doubling is offered");
                    s.play(double).unwrap();
                    let name = &s.state().board().route(route).name;
                    assert!(
                        s.log()
                            .iter()
                            .any(|l| l.full.starts_with(&format!("Player 1 doubles {name} with"))),
                        "the log tells the doubling"
                    );
                    return;
                }
                // Hoard terrain cards, then claim.
                let terrain = legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::DrawTerrainBlind | Action::DrawTerrainFaceUp(_)));
                let a = match s.state().phase() {
                    Phase::Turn | Phase::SecondDraw
                        if s.state().player(Seat(0)).terrain.total() < 6 && terrain.is_some() =>
                    {
                        terrain.unwrap_or(legal[0])
                    }
                    _ => simple_move(&s, false),
                };
                s.play(a).unwrap();
            }
        }
        panic!("no doubling came up in 40 games");
    }

    #[test]
    fn europe_tunnels_offer_pay_or_withdraw() {
        let europe = design("europe.yaml");
        for seed in 0..40 {
            let mut s = new(&europe, bots(&["human", "route-focus"]), seed).unwrap();
            while !s.is_over() && s.state().turns() < 60 {
                s.run_bots_now();
                if s.is_over() {
                    break;
                }
                if let Phase::Tunnel(t) = s.state().phase() {
                    let legal = s.legal();
                    assert!(legal.contains(&Action::Withdraw));
                    assert!(
                        legal
                            .iter()
                            .all(|a| matches!(a, Action::Withdraw | Action::PayTunnel { .. }))
                    );
                    for &a in &legal {
                        let text = s.state().describe(a);
                        assert!(!text.contains(" 0 "), "{text}");
                        assert_eq!(s.state().parse(&text), Ok(a), "{text}");
                    }
                    s.play(Action::Withdraw).unwrap();
                    let name = &s.state().board().route(t.route).name;
                    let line = format!("Player 1 withdraws from {name} and takes the cards back.");
                    assert!(s.log().iter().any(|l| l.full == line), "{line}");
                    return;
                }
                let a = simple_move(&s, true);
                s.play(a).unwrap();
            }
        }
        panic!("no tunnel came up in 40 games");
    }
}
