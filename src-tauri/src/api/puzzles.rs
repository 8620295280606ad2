//! Puzzles: positions of real games with one clearly best move, and the player's puzzle
//! rating.

use carcassonne_ai::review::DecisionReview;
use carcassonne_engine::MoveName;
use serde::Serialize;

use crate::api::error::ApiError;
use crate::api::game::GameView;

/// One theme of the puzzles, as `puzzle_list` counts them.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ThemeCount {
    /// The theme (`close-city`, …).
    pub theme: String,
    /// Puzzles with it.
    pub puzzles: usize,
    /// Of those, solved by the player at a first try at least once.
    pub solved: usize,
}

/// A point of the puzzle rating's history: after an attempt.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RatingPoint {
    /// When (RFC 3339).
    pub at: String,
    /// The rating after it.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Whether the puzzle was solved at the first try.
    pub solved: bool,
}

/// `puzzle_list`: the puzzles by theme and the active profile's puzzle rating.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleList {
    /// Puzzles built in.
    pub total: usize,
    /// Puzzles solved at a first try at least once.
    pub solved: usize,
    /// Puzzles tried.
    pub tried: usize,
    /// Attempts rated (first tries).
    pub attempts: usize,
    /// The player's puzzle rating (Glicko-2, 1500 to start).
    pub rating: f64,
    /// Its deviation (350 to start: the less it is, the surer the rating).
    pub deviation: f64,
    /// Every theme with its counts, in the themes' order.
    pub themes: Vec<ThemeCount>,
    /// The rating after each of the latest attempts, oldest first.
    pub history: Vec<RatingPoint>,
    /// The least win chance (0–1) the next best move of every puzzle loses.
    pub min_win_margin: f64,
    /// The least points it loses by the end.
    pub min_point_margin: f64,
}

/// The first try's effect on the player's puzzle rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleRatingChange {
    /// The rating before.
    pub before: f64,
    /// After.
    pub after: f64,
    /// Its deviation after.
    pub deviation: f64,
}

/// How a try was judged.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleOutcome {
    /// Whether the try is the answer (or the same move: a symmetric tile turned).
    pub solved: bool,
    /// Whether it was the first try (the one rated).
    pub first: bool,
    /// The try judged against the answer: its class, losses and why (`best` is the answer).
    pub tried: DecisionReview,
    /// Whether the puzzle is over (solved, or the last try missed).
    pub over: bool,
    /// Once the last try missed: the answer, which `view` shows played.
    pub answer: Option<MoveName>,
    /// The first try's rating change (`None` without an active profile or if storing failed).
    pub rating: Option<PuzzleRatingChange>,
    /// Once the puzzle is over: why the answer beats the next best move (the puzzle's own
    /// reason, as the review words one), and by how much.
    pub explained: Option<Explained>,
}

/// Why a puzzle's answer is the one: what it does that the next best move does not.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Explained {
    /// The next best move.
    pub runner_up: MoveName,
    /// Why the answer is better than it (`None` when the puzzle has no reason).
    pub why: Option<carcassonne_ai::review::Why>,
    /// Win chance (0–1) the next best move loses against the answer.
    pub win_margin: f64,
    /// Points it loses by the end.
    pub point_margin: f64,
}

/// A puzzle being solved.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleState {
    /// The puzzle.
    pub id: String,
    /// The theme the puzzles are picked from (`None`: mixed).
    pub theme: Option<String>,
    /// The puzzle's themes (what its answer does; the UI shows them once it is over).
    pub themes: Vec<String>,
    /// The puzzle's rating.
    pub rating: f64,
    /// The decision (`place_tile`, `place_figure`, …).
    pub decision: String,
    /// Its record turn entry (1-based).
    pub turn: usize,
    /// The tile to place, for `place_tile`.
    pub tile: Option<String>,
    /// The game's players.
    pub players: usize,
    /// Tries judged so far (0, 1 or 2).
    pub tries: u32,
    /// Tries a puzzle has ([`crate::limits::PUZZLE_TRIES`]).
    pub max_tries: u32,
    /// The player's puzzle rating now.
    pub player_rating: f64,
    /// The position; after a judged try, the board after it (after the answer once the
    /// last try missed).
    pub view: GameView,
    /// The last try's verdict (cleared by `puzzle_again`).
    pub outcome: Option<PuzzleOutcome>,
    /// The last failure to store the result in the profile.
    pub save_error: Option<ApiError>,
}
