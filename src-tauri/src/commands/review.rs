//! The post-game review's commands: short adapters over [`crate::review`]'s worker.

use tauri::{AppHandle, Runtime, State};

use crate::api::{ApiError, ReviewStatus};
use crate::arg::Arg;
use crate::review;
use crate::state::{AppState, Running};

/// `review_start`: reviews the finished match `id` (the human's seat, else seat 0) with
/// `iterations` (1 to [`MAX_REVIEW_ITERATIONS`](crate::limits::MAX_REVIEW_ITERATIONS), default the hard level's budget) per
/// decision on a worker thread, cancelling any other running review, and returns at once.
/// A match already reviewed returns `done` and starts nothing; so does the match being
/// reviewed (its `running` status).
///
/// # Errors
/// `review/bad_iterations`, `review/not_found`, `review/not_finished` (a resigned match),
/// the storage's errors for an unusable match file, `review/failed` if the worker cannot
/// start.
#[tauri::command]
pub async fn review_start<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: Arg<String>,
    iterations: Arg<Option<u64>>,
) -> Result<ReviewStatus, ApiError> {
    review::start(&app, &state, id.0, iterations.0)
}

/// `review_cancel`: stops the running review (nothing of it is stored); nothing happens if
/// none runs.
#[tauri::command]
pub async fn review_cancel(state: State<'_, AppState>) -> Result<(), ApiError> {
    state.reviews.cancel();
    Ok(())
}

/// `review_status`: the running review, or `None` (JSON `null`).
#[tauri::command]
pub async fn review_status(state: State<'_, AppState>) -> Result<Option<ReviewStatus>, ApiError> {
    Ok(state.reviews.lock().as_ref().map(Running::status))
}
