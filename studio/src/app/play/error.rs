//! Why a game could not start or a move was refused at the table.

/// Why a game could not start, or why a human's move or a command at the
/// table was refused (the game is unchanged then).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The design has errors (the first of them, in a sentence).
    #[error("This design cannot be played until its errors are fixed: {0}")]
    DesignErrors(String),
    /// The engine refused the table: a player count the design does not
    /// allow, an unknown bot.
    #[error("{0}")]
    Table(String),
    /// A human's move while a bot is to move or the game is over.
    #[error("It is not a human's turn.")]
    NotHumansTurn,
    /// A move before the player named has taken the screen.
    #[error("{0} has not taken the screen yet.")]
    ScreenNotTaken(String),
    /// A move the rules do not allow now (its text).
    #[error("The rules do not allow `{0}` now.")]
    NotAllowed(String),
    /// A bot chose an action the rules refuse, or failed while thinking.
    #[error("{0}")]
    Bot(String),
    /// A change of seats while a bot is thinking.
    #[error("Wait for the bot that is thinking.")]
    BotThinking,
    /// A click on a route that cannot be claimed now.
    #[error("{0} cannot be claimed now.")]
    CannotClaim(String),
    /// A click on a city where no station can be built now.
    #[error("No station can be built in {0} now.")]
    NoStationHere(String),
    /// A click on the map in a family played beside it (the card game).
    #[error("the card game is played with the controls beside the table, not on a map")]
    NoMapPlay,
    /// A seed that is no whole number.
    #[error("The seed `{0}` is not a whole number.")]
    BadSeed(String),
}

/// Why a replay could not be shown.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The file could not be read as a replay (the reader's message names
    /// the file and where).
    #[error("{0}")]
    Read(String),
    /// The replay's design does not build.
    #[error("{path}: the replay's design has errors: {errors}")]
    DesignErrors {
        /// The replay file.
        path: String,
        /// The first errors, in a sentence.
        errors: String,
    },
    /// Its actions do not play back on its design.
    #[error("{path}: {reason}")]
    PlayBack {
        /// The replay file.
        path: String,
        /// Which action failed and why.
        reason: engine::replay::ReplayError,
    },
}
