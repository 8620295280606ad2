//! The post-game review's shapes: its status and the `review-progress` event.

use serde::Serialize;

use crate::api::error::ApiError;

/// The event name of review progress reports ([`ReviewProgress`]).
pub const REVIEW_PROGRESS: &str = "review-progress";

/// `review_start` and `review_status`: a review of a finished match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewStatus {
    /// The match.
    pub id: String,
    /// `running` (on the worker) or `done` (stored with the match).
    pub state: String,
    /// Decisions reviewed so far (`total` when done).
    pub done: usize,
    /// Decisions to review: the reviewed player's decisions with a choice.
    pub total: usize,
}

/// The `review-progress` event: after each decision reviewed (`running`), then once at the
/// end (`done`, `cancelled` or `failed`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewProgress {
    /// The match.
    pub id: String,
    /// Decisions reviewed so far.
    pub done: usize,
    /// Decisions to review.
    pub total: usize,
    /// `running`, `done` (the review is stored), `cancelled` (nothing stored) or `failed`.
    pub state: String,
    /// Why it failed (only with `failed`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ApiError>,
}
