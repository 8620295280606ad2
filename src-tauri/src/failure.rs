//! Why a command failed, as the UI receives it: every [`ApiError`] is made here, from the
//! app's own reasons ([`Failure`]) or from the typed errors of the engine, the AI and the
//! storage, so each carries a message id (`key`) and plain parameters (`params`) that the UI
//! words in its own language, besides the English `message` (API.md, "Errors").
//!
//! [`every_error`] gives one error of every kind the app can send, made by the same functions
//! the commands use; a test writes their keys to `tests/fixtures/error-keys.json`, which the
//! UI's catalogue test reads.

use carcassonne_ai::Level;
use carcassonne_ai::notation::SuggestError;
use carcassonne_ai::review::ReviewError;
use carcassonne_engine::{Message, NameError, Params, PlayError, RecordError, SetupError};
use carcassonne_storage::StorageError;
use thiserror::Error;

use crate::api::ApiError;
use crate::limits::{CHANCE_RANGE, IMPORT_LIMIT, MAX_REVIEW_ITERATIONS, MAX_SEED};
use crate::opponents::OpponentError;

/// The app's own reasons for refusing a command (the engine's, the AI's and the storage's
/// come as their typed errors). The `Display` text is the English message.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Failure {
    /// `game/none`: no session.
    #[error("no game is in progress")]
    NoGame,
    /// `game/none`: the AI worker's game was replaced meanwhile.
    #[error("the game was replaced by a new one")]
    GameReplaced,
    /// `game/none`: `game_resume` without an autosave.
    #[error("there is no unfinished game to resume")]
    NothingToResume,
    /// `game/over`.
    #[error("the game is over")]
    GameOver,
    /// `game/busy`.
    #[error("the AI is thinking")]
    Busy,
    /// `game/not_your_turn`.
    #[error("the pending decision is not yours")]
    NotYourTurn,
    /// `game/undo_unavailable`.
    #[error("there is nothing to undo: a tile was drawn since, or you have not moved")]
    UndoUnavailable,
    /// `game/bad_setup`: the configuration does not read (serde's words).
    #[error("the game settings: {0}")]
    SetupMalformed(String),
    /// `game/bad_setup`: `game_new`'s opponents are refused (not 1 to 5, one not exactly one
    /// of `{ level }` and `{ rating }`, an unknown AI level).
    #[error("{}", opponents_text(.0, "a game", ""))]
    Setup(OpponentError),
    /// `settings/invalid`: a remembered set-up's opponents are refused, as `game_new` would.
    #[error("{}", opponents_text(.0, "a set-up", " of the set-up"))]
    Settings(OpponentError),
    /// `rating/bad_chance`: a `match_level` chance outside 0.05 to 0.95 (as written).
    #[error("a win chance is 0.05 to 0.95, not {0}")]
    BadChance(String),
    /// `game/bad_setup`: a seed above [`MAX_SEED`].
    #[error("a deal number is at most {MAX_SEED}, not {0}")]
    SeedTooLarge(u64),
    /// `game/bad_setup`: the human's seat is not one of the game's (seat, players).
    #[error("seat {0} is not in a game of {1} players (seats 0 to {last})", last = .1 - 1)]
    SeatOutside(usize, usize),
    /// `history/no_deal`: the match's deal is not known (an imported record without a seed).
    #[error("match {0} has no deal number to play again")]
    NoDeal(String),
    /// `history/at_end`: "Play from here" at or after the match's last turn.
    #[error("nothing is left to play after turn {0}")]
    PlayFromEnd(usize),
    /// `game/bad_setup`: "Play from here" with chosen opponents, not one for each AI seat
    /// (the seats to fill, the opponents given).
    #[error("this game has {0} other seats to fill, not {1}")]
    PlayFromSeats(usize, usize),
    /// `game/bad_setup`: a profile given two seats, or the host's own as an opponent (its
    /// name).
    #[error("{0} can take only one seat")]
    SamePerson(String),
    /// `profile/none_active`.
    #[error("choose or create a profile first")]
    NoActiveProfile,
    /// `move/invalid`: the move does not read (serde's words).
    #[error("the move: {0}")]
    MoveMalformed(String),
    /// `args/invalid`: a command's argument does not read (serde's words in `detail`).
    #[error("{command}: the argument \"{argument}\" is missing or not valid: {detail}")]
    Args {
        /// The command.
        command: String,
        /// The argument's name.
        argument: String,
        /// What serde said.
        detail: String,
    },
    /// `ai/failed`: the worker thread stopped.
    #[error("the AI worker stopped: {0}")]
    AiWorker(String),
    /// `ai/failed`: the AI chose a move the rules refuse.
    #[error("{0}")]
    AiIllegal(PlayError),
    /// `storage/corrupt`: the autosave's players do not fit its game.
    #[error("current.json: the players do not match the game")]
    CurrentPlayers,
    /// `storage/corrupt`: the autosave names an AI level this app does not have.
    #[error("current.json: unknown AI level \"{0}\"")]
    CurrentLevel(String),
    /// `storage/corrupt`: a stored match does not replay.
    #[error("{0}")]
    MatchReplay(RecordError),
    /// `record/too_large`: an import above [`IMPORT_LIMIT`] bytes.
    #[error(
        "the record has {0} bytes; a record has at most {IMPORT_LIMIT} bytes ({mib} MiB)",
        mib = IMPORT_LIMIT / (1024 * 1024)
    )]
    ImportTooLarge(usize),
    /// `review/bad_iterations`.
    #[error("a review uses 1 to {MAX_REVIEW_ITERATIONS} iterations, not {0}")]
    BadIterations(u64),
    /// `review/not_found`: no match has the id.
    #[error("there is no match \"{0}\"")]
    ReviewNotFound(String),
    /// `review/not_finished`: a resigned match.
    #[error("only a finished match can be reviewed, not a resigned one")]
    ReviewNotFinished,
    /// `review/failed`: the worker thread could not start.
    #[error("the review could not start: {0}")]
    ReviewStart(String),
    /// `lesson/invalid`: a lesson file built into the app does not read or replay.
    #[error("{0}")]
    LessonInvalid(String),
    /// `lesson/not_found`: no lesson has the id.
    #[error("no lesson \"{0}\"")]
    LessonNotFound(String),
    /// `lesson/none`: no lesson is being played.
    #[error("no lesson is being played")]
    NoLesson,
    /// `lesson/over`: a move after the lesson's outcome.
    #[error("the lesson is over: retry it or see the solution")]
    LessonOver,
    /// `lesson/undo_unavailable`: nothing to undo in this try.
    #[error("there is nothing to undo: you have not moved in this try")]
    LessonUndoUnavailable,
    /// `storage/io`: the log folder cannot be made or opened.
    #[error("the log folder could not be opened: {0}")]
    LogFolder(String),
    /// `retry/none`: no mistake is being retried.
    #[error("no mistake is being retried")]
    NoRetry,
    /// `retry/not_reviewed`: the match has no review, so no mistakes to retry.
    #[error("match \"{0}\" has not been reviewed: review it first")]
    RetryNotReviewed(String),
    /// `retry/no_decision`: the match's review has no decision with the index.
    #[error("the review of this match has no decision number {0}")]
    RetryNoDecision(u64),
    /// `retry/over`: a try after the retry's last verdict, or a second try before the first
    /// was judged.
    #[error("this retry is over: start it again or take the next one")]
    RetryOver,
    /// `retry/busy`: a try is being judged.
    #[error("the last try is still being judged")]
    RetryBusy,
    /// `puzzle/invalid`: a built-in puzzle set does not read (the puzzle tests prevent it).
    #[error("the built-in puzzles do not read: {0}")]
    PuzzlesInvalid(String),
    /// `puzzle/not_found`: no puzzle with the id, or none with the theme.
    #[error("there is no puzzle \"{0}\"")]
    PuzzleNotFound(String),
    /// `puzzle/unknown_theme`: not a theme's name.
    #[error("\"{0}\" is not a puzzle theme")]
    PuzzleUnknownTheme(String),
    /// `puzzle/none`: no puzzle is being solved.
    #[error("no puzzle is being solved")]
    NoPuzzle,
    /// `puzzle/over`: a try while a verdict is shown or after the last.
    #[error("this puzzle is over: take the next one")]
    PuzzleOver,
    /// `puzzle/busy`: a try is being judged.
    #[error("the last try of the puzzle is still being judged")]
    PuzzleBusy,
}

/// The AI levels' names, as the English messages list them.
fn level_names() -> String {
    Level::ALL.map(Level::name).join(", ")
}

/// The English message of refused opponents of `what` (`a game`, `a set-up`), naming an
/// opponent as `opponent N` and `of`.
fn opponents_text(e: &OpponentError, what: &str, of: &str) -> String {
    match e {
        OpponentError::Count(n) => format!("{what} has 1 to 5 AI opponents, not {n}"),
        OpponentError::Shape(n) => format!(
            "opponent {n}{of} must be exactly one of {{ \"level\": name }}, {{ \"rating\": number }} or {{ \"profile\": id }}"
        ),
        OpponentError::Unknown(name) => {
            format!(
                "unknown AI level \"{name}\"; the levels are {}",
                level_names()
            )
        }
    }
}

/// A number as a parameter (every count here is far below `i64::MAX`).
fn num(n: impl TryInto<i64>) -> carcassonne_engine::Param {
    n.try_into().unwrap_or(i64::MAX).into()
}

impl Failure {
    /// The stable code (API.md lists them).
    pub fn code(&self) -> &'static str {
        match self {
            Failure::NoGame | Failure::GameReplaced | Failure::NothingToResume => "game/none",
            Failure::GameOver => "game/over",
            Failure::Busy => "game/busy",
            Failure::NotYourTurn => "game/not_your_turn",
            Failure::UndoUnavailable => "game/undo_unavailable",
            Failure::SetupMalformed(_)
            | Failure::Setup(_)
            | Failure::SeedTooLarge(_)
            | Failure::SeatOutside(..)
            | Failure::PlayFromSeats(..)
            | Failure::SamePerson(_) => "game/bad_setup",
            Failure::NoDeal(_) => "history/no_deal",
            Failure::PlayFromEnd(_) => "history/at_end",
            Failure::Settings(_) => "settings/invalid",
            Failure::BadChance(_) => "rating/bad_chance",
            Failure::NoActiveProfile => "profile/none_active",
            Failure::MoveMalformed(_) => "move/invalid",
            Failure::Args { .. } => "args/invalid",
            Failure::AiWorker(_) | Failure::AiIllegal(_) => "ai/failed",
            Failure::CurrentPlayers | Failure::CurrentLevel(_) | Failure::MatchReplay(_) => {
                "storage/corrupt"
            }
            Failure::ImportTooLarge(_) => "record/too_large",
            Failure::BadIterations(_) => "review/bad_iterations",
            Failure::ReviewNotFound(_) => "review/not_found",
            Failure::ReviewNotFinished => "review/not_finished",
            Failure::ReviewStart(_) => "review/failed",
            Failure::LessonInvalid(_) => "lesson/invalid",
            Failure::LessonNotFound(_) => "lesson/not_found",
            Failure::NoLesson => "lesson/none",
            Failure::LessonOver => "lesson/over",
            Failure::LessonUndoUnavailable => "lesson/undo_unavailable",
            Failure::LogFolder(_) => "storage/io",
            Failure::NoRetry => "retry/none",
            Failure::RetryNotReviewed(_) => "retry/not_reviewed",
            Failure::RetryNoDecision(_) => "retry/no_decision",
            Failure::RetryOver => "retry/over",
            Failure::RetryBusy => "retry/busy",
            Failure::PuzzlesInvalid(_) => "puzzle/invalid",
            Failure::PuzzleNotFound(_) => "puzzle/not_found",
            Failure::PuzzleUnknownTheme(_) => "puzzle/unknown_theme",
            Failure::NoPuzzle => "puzzle/none",
            Failure::PuzzleOver => "puzzle/over",
            Failure::PuzzleBusy => "puzzle/busy",
        }
    }

    /// One failure of every kind.
    pub fn examples() -> Vec<Failure> {
        vec![
            Failure::NoGame,
            Failure::GameReplaced,
            Failure::NothingToResume,
            Failure::GameOver,
            Failure::Busy,
            Failure::NotYourTurn,
            Failure::UndoUnavailable,
            Failure::SetupMalformed("missing field `opponents`".into()),
            Failure::Setup(OpponentError::Count(0)),
            Failure::Setup(OpponentError::Unknown("godlike".into())),
            Failure::SeedTooLarge(MAX_SEED + 1),
            Failure::SeatOutside(3, 3),
            Failure::NoDeal("g-imported".into()),
            Failure::PlayFromEnd(71),
            Failure::PlayFromSeats(1, 2),
            Failure::SamePerson("Ada".into()),
            Failure::Settings(OpponentError::Count(6)),
            Failure::Settings(OpponentError::Unknown("godlike".into())),
            Failure::Setup(OpponentError::Shape(2)),
            Failure::Settings(OpponentError::Shape(1)),
            Failure::BadChance("0.99".into()),
            Failure::NoActiveProfile,
            Failure::MoveMalformed("unknown variant `jump`".into()),
            Failure::Args {
                command: "history_position".into(),
                argument: "turn".into(),
                detail: "invalid value: integer `-1`".into(),
            },
            Failure::AiWorker("task panicked".into()),
            Failure::AiIllegal(PlayError::GameOver),
            Failure::CurrentPlayers,
            Failure::CurrentLevel("grandmaster".into()),
            Failure::MatchReplay(RecordError {
                turn: 7,
                reason: "illegal placement".into(),
            }),
            Failure::ImportTooLarge(2 << 20),
            Failure::BadIterations(0),
            Failure::ReviewNotFound("g-1".into()),
            Failure::ReviewNotFinished,
            Failure::ReviewStart("out of memory".into()),
            Failure::LessonInvalid("lesson barn: record: turn 3: illegal placement".into()),
            Failure::LessonNotFound("flying".into()),
            Failure::NoLesson,
            Failure::LessonOver,
            Failure::LessonUndoUnavailable,
            Failure::LogFolder("no such file or directory".into()),
            Failure::NoRetry,
            Failure::RetryNotReviewed("g-1".into()),
            Failure::RetryNoDecision(140),
            Failure::RetryOver,
            Failure::RetryBusy,
            Failure::PuzzlesInvalid("base-2p.json: expected value at line 1 column 1".into()),
            Failure::PuzzleNotFound("am2-999".into()),
            Failure::PuzzleUnknownTheme("castle".into()),
            Failure::NoPuzzle,
            Failure::PuzzleOver,
            Failure::PuzzleBusy,
        ]
    }
}

impl Message for Failure {
    fn key(&self) -> &'static str {
        match self {
            Failure::NoGame => "game.none",
            Failure::GameReplaced => "game.replaced",
            Failure::NothingToResume => "game.nothing_to_resume",
            Failure::GameOver => "game.over",
            Failure::Busy => "game.busy",
            Failure::NotYourTurn => "game.not_your_turn",
            Failure::UndoUnavailable => "game.undo_unavailable",
            Failure::SetupMalformed(_) => "setup.malformed",
            Failure::Setup(OpponentError::Count(_)) => "setup.opponents",
            Failure::Setup(OpponentError::Unknown(_)) => "setup.unknown_level",
            Failure::SeedTooLarge(_) => "setup.seed_too_large",
            Failure::SeatOutside(..) => "setup.seat",
            Failure::NoDeal(_) => "history.no_deal",
            Failure::PlayFromEnd(_) => "history.at_end",
            Failure::PlayFromSeats(..) => "setup.seats",
            Failure::SamePerson(_) => "setup.same_person",
            Failure::Setup(OpponentError::Shape(_)) => "setup.opponent_shape",
            Failure::Settings(OpponentError::Shape(_)) => "settings.opponent_shape",
            Failure::BadChance(_) => "rating.bad_chance",
            Failure::Settings(OpponentError::Count(_)) => "settings.opponents",
            Failure::Settings(OpponentError::Unknown(_)) => "settings.unknown_level",
            Failure::NoActiveProfile => "profile.none_active",
            Failure::MoveMalformed(_) => "move.malformed",
            Failure::Args { .. } => "args.invalid",
            Failure::AiWorker(_) => "ai.worker_stopped",
            Failure::AiIllegal(_) => "ai.illegal_move",
            Failure::CurrentPlayers => "storage.current.players",
            Failure::CurrentLevel(_) => "storage.current.level",
            Failure::MatchReplay(_) => "storage.match_replay",
            Failure::ImportTooLarge(_) => "record.too_large",
            Failure::BadIterations(_) => "review.bad_iterations",
            Failure::ReviewNotFound(_) => "review.not_found",
            Failure::ReviewNotFinished => "review.not_finished",
            Failure::ReviewStart(_) => "review.could_not_start",
            Failure::LessonInvalid(_) => "lesson.invalid",
            Failure::LessonNotFound(_) => "lesson.not_found",
            Failure::NoLesson => "lesson.none",
            Failure::LessonOver => "lesson.over",
            Failure::LessonUndoUnavailable => "lesson.undo_unavailable",
            Failure::LogFolder(_) => "app.log_folder",
            Failure::NoRetry => "retry.none",
            Failure::RetryNotReviewed(_) => "retry.not_reviewed",
            Failure::RetryNoDecision(_) => "retry.no_decision",
            Failure::RetryOver => "retry.over",
            Failure::RetryBusy => "retry.busy",
            Failure::PuzzlesInvalid(_) => "puzzle.invalid",
            Failure::PuzzleNotFound(_) => "puzzle.not_found",
            Failure::PuzzleUnknownTheme(_) => "puzzle.unknown_theme",
            Failure::NoPuzzle => "puzzle.none",
            Failure::PuzzleOver => "puzzle.over",
            Failure::PuzzleBusy => "puzzle.busy",
        }
    }

    /// `count` of opponents; `opponent` (1-based) of an opponent of the wrong shape; `chance`
    /// (as written), `min` and `max` (strings) of a refused win chance; `level` and `levels` (comma-separated names) of an unknown
    /// level; `seed` (a string: it may exceed what a JavaScript number holds exactly) and
    /// `max` of a seed; `command` and `argument`; `file` of the autosave (and
    /// `level`); `turn` of a stored match that does not replay; `bytes` and `max` of a record; `iterations` and `max`; `id` of a match.
    fn params(&self) -> Params {
        match self {
            Failure::NoGame
            | Failure::GameReplaced
            | Failure::NothingToResume
            | Failure::GameOver
            | Failure::Busy
            | Failure::NotYourTurn
            | Failure::UndoUnavailable
            | Failure::SetupMalformed(_)
            | Failure::NoActiveProfile
            | Failure::MoveMalformed(_)
            | Failure::AiWorker(_)
            | Failure::AiIllegal(_)
            | Failure::ReviewNotFinished
            | Failure::ReviewStart(_)
            | Failure::LessonInvalid(_)
            | Failure::NoLesson
            | Failure::LessonOver
            | Failure::LessonUndoUnavailable
            | Failure::LogFolder(_)
            | Failure::NoRetry
            | Failure::RetryOver
            | Failure::RetryBusy
            | Failure::PuzzlesInvalid(_)
            | Failure::NoPuzzle
            | Failure::PuzzleOver
            | Failure::PuzzleBusy => Vec::new(),
            Failure::RetryNotReviewed(id) => vec![("id", id.as_str().into())],
            Failure::PuzzleNotFound(id) => vec![("id", id.as_str().into())],
            Failure::PuzzleUnknownTheme(theme) => vec![("theme", theme.as_str().into())],
            Failure::RetryNoDecision(index) => vec![("index", num(*index))],
            Failure::Setup(e) | Failure::Settings(e) => match e {
                OpponentError::Count(n) => vec![("count", num(*n))],
                OpponentError::Unknown(name) => vec![
                    ("level", name.as_str().into()),
                    ("levels", level_names().into()),
                ],
                OpponentError::Shape(n) => vec![("opponent", num(*n))],
            },
            Failure::BadChance(c) => vec![
                ("chance", c.as_str().into()),
                ("min", CHANCE_RANGE.0.to_string().into()),
                ("max", CHANCE_RANGE.1.to_string().into()),
            ],
            Failure::SeedTooLarge(s) => {
                vec![("seed", s.to_string().into()), ("max", num(MAX_SEED))]
            }
            Failure::SeatOutside(seat, players) => {
                vec![("seat", num(*seat)), ("last", num(players - 1))]
            }
            Failure::NoDeal(id) => vec![("id", id.as_str().into())],
            Failure::PlayFromEnd(turn) => vec![("turn", num(*turn))],
            Failure::PlayFromSeats(seats, given) => {
                vec![("seats", num(*seats)), ("given", num(*given))]
            }
            Failure::SamePerson(name) => vec![("name", name.as_str().into())],
            Failure::Args {
                command, argument, ..
            } => vec![
                ("command", command.as_str().into()),
                ("argument", argument.as_str().into()),
            ],
            Failure::CurrentPlayers => vec![("file", "current.json".into())],
            Failure::CurrentLevel(level) => vec![
                ("file", "current.json".into()),
                ("level", level.as_str().into()),
            ],
            Failure::MatchReplay(e) => e.params(),
            Failure::ImportTooLarge(n) => vec![("bytes", num(*n)), ("max", num(IMPORT_LIMIT))],
            Failure::BadIterations(n) => {
                vec![("iterations", num(*n)), ("max", num(MAX_REVIEW_ITERATIONS))]
            }
            Failure::ReviewNotFound(id) | Failure::LessonNotFound(id) => {
                vec![("id", id.as_str().into())]
            }
        }
    }
}

impl From<Failure> for ApiError {
    fn from(f: Failure) -> ApiError {
        ApiError::of(f.code(), &f)
    }
}

impl From<StorageError> for ApiError {
    fn from(e: StorageError) -> ApiError {
        ApiError::of(e.code(), &e)
    }
}

/// A move of the human's that the rules refuse: `move/illegal`.
pub fn illegal_move(e: &PlayError) -> ApiError {
    ApiError::of("move/illegal", e)
}

/// A move of the human's that names nothing on the board (`move/illegal`: no tile there, no
/// figure to place now) or is malformed (`move/invalid`).
pub fn move_name_error(e: &NameError) -> ApiError {
    let code = if e.is_illegal() {
        "move/illegal"
    } else {
        "move/invalid"
    };
    ApiError::of(code, e)
}

/// `game_odds` asked about a position or segment there is not: `odds/no_tile` (no tile
/// there, or far off the board) or `odds/no_feature`.
pub fn odds_error(e: &NameError) -> ApiError {
    let code = match e {
        NameError::NoTile(_) | NameError::FarOff { .. } => "odds/no_tile",
        _ => "odds/no_feature",
    };
    ApiError::of(code, e)
}

/// A game that could not be set up: `game/bad_setup`.
pub fn setup_error(e: &SetupError) -> ApiError {
    ApiError::of("game/bad_setup", e)
}

/// No hint: `game/over`.
pub fn hint_error(e: &SuggestError) -> ApiError {
    ApiError::of("game/over", e)
}

/// A review that could not be made: `review/not_finished` for a resigned match, else
/// `review/failed`.
pub fn review_error(e: &ReviewError) -> ApiError {
    match e {
        ReviewError::NotFinished => Failure::ReviewNotFinished.into(),
        e => ApiError::of("review/failed", e),
    }
}

/// One error of every kind the app can send, made as the commands make them: the app's own
/// failures, and the engine's, the AI's and the storage's typed errors through the same
/// mappings (every refusal reason of a move, every name error both as a move and as an odds
/// question, every storage error).
pub fn every_error() -> Vec<ApiError> {
    let mut all: Vec<ApiError> = Failure::examples().into_iter().map(Into::into).collect();
    all.extend(PlayError::examples().iter().map(illegal_move));
    all.extend(NameError::examples().iter().map(move_name_error));
    all.extend(
        NameError::examples()
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    NameError::NoTile(_) | NameError::FarOff { .. } | NameError::NoFeature { .. }
                )
            })
            .map(odds_error),
    );
    all.extend(SetupError::examples().iter().map(setup_error));
    all.push(hint_error(&SuggestError::GameOver));
    all.extend(ReviewError::examples().iter().map(review_error));
    all.extend(StorageError::examples().into_iter().map(ApiError::from));
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of failure is among the examples (the match is exhaustive: a new kind needs
    /// a number here and an example), each with its own key.
    #[test]
    fn every_failure_has_an_example_and_a_key() {
        let kind = |f: &Failure| match f {
            Failure::NoGame => 0,
            Failure::GameReplaced => 1,
            Failure::NothingToResume => 2,
            Failure::GameOver => 3,
            Failure::Busy => 4,
            Failure::NotYourTurn => 5,
            Failure::UndoUnavailable => 6,
            Failure::SetupMalformed(_) => 7,
            Failure::Setup(OpponentError::Count(_)) => 8,
            Failure::Setup(OpponentError::Unknown(_)) => 9,
            Failure::SeedTooLarge(_) => 10,
            Failure::Settings(OpponentError::Count(_)) => 11,
            Failure::Settings(OpponentError::Unknown(_)) => 12,
            Failure::NoActiveProfile => 13,
            Failure::MoveMalformed(_) => 14,
            Failure::Args { .. } => 15,
            Failure::AiWorker(_) => 16,
            Failure::AiIllegal(_) => 17,
            Failure::CurrentPlayers => 18,
            Failure::CurrentLevel(_) => 19,
            Failure::MatchReplay(_) => 20,
            Failure::ImportTooLarge(_) => 21,
            Failure::BadIterations(_) => 22,
            Failure::ReviewNotFound(_) => 23,
            Failure::ReviewNotFinished => 24,
            Failure::ReviewStart(_) => 25,
            Failure::LessonInvalid(_) => 26,
            Failure::LessonNotFound(_) => 27,
            Failure::NoLesson => 28,
            Failure::LessonOver => 29,
            Failure::LessonUndoUnavailable => 30,
            Failure::Setup(OpponentError::Shape(_)) => 31,
            Failure::Settings(OpponentError::Shape(_)) => 32,
            Failure::BadChance(_) => 33,
            Failure::SeatOutside(..) => 34,
            Failure::NoDeal(_) => 35,
            Failure::NoRetry => 36,
            Failure::RetryNotReviewed(_) => 37,
            Failure::RetryNoDecision(_) => 38,
            Failure::RetryOver => 39,
            Failure::RetryBusy => 40,
            Failure::PlayFromEnd(_) => 41,
            Failure::LogFolder(_) => 42,
            Failure::PuzzlesInvalid(_) => 43,
            Failure::PuzzleNotFound(_) => 44,
            Failure::PuzzleUnknownTheme(_) => 45,
            Failure::NoPuzzle => 46,
            Failure::PuzzleOver => 47,
            Failure::PuzzleBusy => 48,
            Failure::PlayFromSeats(..) => 49,
            Failure::SamePerson(_) => 50,
        };
        let examples = Failure::examples();
        let kinds: std::collections::BTreeSet<usize> = examples.iter().map(kind).collect();
        assert_eq!(kinds, (0..51).collect());
        let keys: std::collections::BTreeSet<&str> = examples.iter().map(Message::key).collect();
        assert_eq!(keys.len(), 51);
    }

    /// Every error the app sends has a code, a key, an English message, and parameters that
    /// are plain numbers or short strings (no sentences).
    #[test]
    fn every_error_is_keyed_with_plain_parameters() {
        for e in every_error() {
            assert!(e.code.contains('/'), "{e:?}");
            assert!(!e.key.is_empty() && !e.key.contains(' '), "{e:?}");
            assert!(!e.message.is_empty(), "{e:?}");
            for (name, v) in &e.params {
                match v {
                    serde_json::Value::Number(_) => {}
                    serde_json::Value::String(s) => {
                        assert!(s.len() <= 60, "{name} of {}: {s}", e.key);
                    }
                    v => panic!("{name} of {}: {v}", e.key),
                }
            }
        }
        let e = illegal_move(&PlayError::Figure(
            carcassonne_engine::FigureReason::CannotStand(carcassonne_engine::FigureKind::Wagon),
        ));
        assert_eq!(e.code, "move/illegal");
        assert_eq!(e.key, "play.figure.cannot_stand");
        assert_eq!(
            serde_json::Value::Object(e.params),
            serde_json::json!({"figure": "wagon"})
        );
    }
}
