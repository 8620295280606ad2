//! "Retry your mistakes": the mistakes a profile practises and a retry being played.

use carcassonne_ai::review::DecisionReview;
use carcassonne_engine::MoveName;
use serde::Serialize;

use crate::api::error::ApiError;
use crate::api::game::GameView;

/// One mistake to practise, as `training_list` lists it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DrillView {
    /// The match it comes from.
    pub match_id: String,
    /// When that match was played (RFC 3339).
    pub match_date: String,
    /// The decision's index in the game (`retry_start`'s `index`).
    pub index: u64,
    /// The record's turn entry (1-based).
    pub turn: usize,
    /// `place_tile`, `place_figure`, `draw_or_abbey`, `move_wagon` or `final_abbey`.
    pub decision: String,
    /// The class the review gave the move played: `mistake` or `blunder`.
    pub class: String,
    /// When it is due (RFC 3339).
    pub due: String,
    /// Whether it is due now.
    pub due_now: bool,
    /// Its spaced-repetition step: 0 never retried, 1 to 4 failed and solved `step - 1`
    /// times since.
    pub step: u8,
    /// Retries judged so far.
    pub retries: u32,
    /// Retries solved.
    pub solved: u32,
}

/// `training_list`: the active profile's mistakes to practise.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrainingList {
    /// Due now, soonest first.
    pub due: Vec<DrillView>,
    /// Practised and due later, soonest first.
    pub later: Vec<DrillView>,
    /// How many were learnt (solved at once, or at the last step).
    pub learnt: usize,
    /// The last failure to store the queue (the list is still what the reviews hold).
    pub save_error: Option<ApiError>,
}

/// How a try was judged.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RetryOutcome {
    /// Whether the try is best or good.
    pub solved: bool,
    /// The try, judged as the review judges a move: its class, losses, the better move and
    /// why (`best` is the try itself when it is best).
    pub tried: DecisionReview,
    /// Whether the retry is over (solved, or the last try failed): no more tries.
    pub over: bool,
    /// Once the last try failed: the better move, which `view` shows played.
    pub answer: Option<MoveName>,
    /// The mistake as the queue now has it, once the retry is over (`None` with no active
    /// profile, or if storing failed: see `saveError`).
    pub drill: Option<DrillView>,
}

/// A retry being played.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RetryState {
    /// The match.
    pub match_id: String,
    /// The decision's index in the game.
    pub index: u64,
    /// The record's turn entry (1-based).
    pub turn: usize,
    /// The decision.
    pub decision: String,
    /// The review's verdict on the move played in the game (class, losses, better move, why).
    pub original: DecisionReview,
    /// Tries judged so far (0, 1 or 2).
    pub tries: u32,
    /// Tries a retry has ([`crate::limits::RETRY_TRIES`]).
    pub max_tries: u32,
    /// The position before the decision; after a judged try, the board after it (after the
    /// answer once the last try failed).
    pub view: GameView,
    /// The last try's verdict (cleared by `retry_again`).
    pub outcome: Option<RetryOutcome>,
    /// The last failure to store the result in the profile.
    pub save_error: Option<ApiError>,
}
