//! The post-game review in the app: `review_start` judges the human's decisions of a finished
//! match with the AI crate's review ([`carcassonne_ai::review`]) on a worker thread, reports
//! each decision through the `review-progress` event and stores the review in the match file
//! ([`Storage::save_review`](carcassonne_storage::Storage::save_review)); `review_cancel`
//! stops it, `review_status` tells what runs. One review runs at a time.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use carcassonne_ai::review::{
    self, Position, Review, ReviewConfig, ReviewError, default_player, reviewed_positions,
};
use carcassonne_storage::StorageError;
use tauri::{AppHandle, Emitter, Manager, Runtime, State};

use crate::api::{ApiError, Arg, ReviewProgress, ReviewStatus};
use crate::commands::AppState;
use crate::failure::{Failure, review_error};

/// The event name of review progress reports.
pub const REVIEW_PROGRESS: &str = "review-progress";
/// The most first-pass iterations per decision `review_start` accepts.
pub const MAX_REVIEW_ITERATIONS: u64 = 100_000;

/// The review that runs.
struct Running {
    id: String,
    /// Tells this run from a later one of the same match.
    token: u64,
    stop: Arc<AtomicBool>,
    done: usize,
    total: usize,
}

impl Running {
    fn status(&self) -> ReviewStatus {
        ReviewStatus {
            id: self.id.clone(),
            state: "running".into(),
            done: self.done,
            total: self.total,
        }
    }
}

/// The app's review slot: the running review, if any.
#[derive(Default)]
pub struct Reviews {
    running: Mutex<Option<Running>>,
    next: AtomicU64,
}

impl Reviews {
    fn lock(&self) -> MutexGuard<'_, Option<Running>> {
        self.running.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Stops the running review, if any (nothing of it is stored).
    pub fn cancel(&self) {
        if let Some(r) = self.lock().take() {
            r.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// What a worker reviews.
struct Job {
    id: String,
    token: u64,
    stop: Arc<AtomicBool>,
    positions: Vec<Position>,
    player: usize,
    cfg: ReviewConfig,
}

fn done_status(id: String, review: &Review) -> ReviewStatus {
    ReviewStatus {
        id,
        state: "done".into(),
        done: review.decisions.len(),
        total: review.decisions.len(),
    }
}

/// `review_start`: reviews the finished match `id` (the human's seat, else seat 0) with
/// `iterations` (1 to [`MAX_REVIEW_ITERATIONS`], default the hard level's budget) per
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
    let Arg(id) = id;
    let iterations = match iterations.0 {
        None => review::DEFAULT_ITERATIONS,
        Some(n) if (1..=MAX_REVIEW_ITERATIONS).contains(&n) => n,
        Some(n) => {
            return Err(Failure::BadIterations(n).into());
        }
    };
    let (mut m, _, _) = state.storage.load_match(&id).map_err(|e| match e {
        StorageError::MatchNotFound(id) => ApiError::from(Failure::ReviewNotFound(id)),
        e => ApiError::from(e),
    })?;
    if let Some(r) = state.storage.review_of::<Review>(&id, &mut m) {
        return Ok(done_status(id, &r));
    }
    if let Some(r) = state.reviews.lock().as_ref().filter(|r| r.id == id) {
        return Ok(r.status());
    }
    let player = default_player(&m.record);
    let positions = reviewed_positions(&m.record, player).map_err(|e| review_error(&e))?;
    let total = positions.len();
    let stop = Arc::new(AtomicBool::new(false));
    let token = state.reviews.next.fetch_add(1, Ordering::Relaxed);
    {
        let mut slot = state.reviews.lock();
        if let Some(old) = slot.take() {
            old.stop.store(true, Ordering::Relaxed);
        }
        *slot = Some(Running {
            id: id.clone(),
            token,
            stop: stop.clone(),
            done: 0,
            total,
        });
    }
    let job = Job {
        id: id.clone(),
        token,
        stop,
        positions,
        player,
        cfg: ReviewConfig {
            iterations,
            seed: 0,
        },
    };
    let worker = app.clone();
    std::thread::Builder::new()
        .name("review".into())
        .spawn(move || run(&worker, job))
        .map_err(|e| {
            let mut slot = state.reviews.lock();
            if slot.as_ref().is_some_and(|r| r.token == token) {
                *slot = None;
            }
            ApiError::from(Failure::ReviewStart(e.to_string()))
        })?;
    Ok(ReviewStatus {
        id,
        state: "running".into(),
        done: 0,
        total,
    })
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

/// The worker: reviews, then stores the review unless it was cancelled or replaced meanwhile
/// (checked and stored under the slot's lock, so a `review_cancel` that returned has either
/// seen the review stored or stopped it for good), then reports the end.
fn run<R: Runtime>(app: &AppHandle<R>, job: Job) {
    let state = app.state::<AppState>();
    // Events are best effort: a window that is gone needs none.
    let emit = |done: usize, total: usize, what: &str, error: Option<ApiError>| {
        let _ = app.emit(
            REVIEW_PROGRESS,
            ReviewProgress {
                id: job.id.clone(),
                done,
                total,
                state: what.into(),
                error,
            },
        );
    };
    let mut last = 0;
    let result = review::review_positions(
        &job.positions,
        job.player,
        &job.cfg,
        &job.stop,
        |done, total| {
            if done == 0 {
                return;
            }
            last = done;
            let current = {
                let mut slot = state.reviews.lock();
                match slot.as_mut().filter(|r| r.token == job.token) {
                    Some(r) => {
                        r.done = done;
                        true
                    }
                    None => false,
                }
            };
            if current {
                emit(done, total, "running", None);
            }
        },
    );
    let total = job.positions.len();
    let (what, error) = {
        let mut slot = state.reviews.lock();
        let current = slot.as_ref().is_some_and(|r| r.token == job.token);
        let end = match result {
            Ok(review) if current && !job.stop.load(Ordering::Relaxed) => {
                match state.storage.save_review(&job.id, &review, review.accuracy) {
                    Ok(_) => ("done", None),
                    Err(e) => ("failed", Some(ApiError::from(e))),
                }
            }
            Ok(_) | Err(ReviewError::Stopped) => ("cancelled", None),
            Err(e) => ("failed", Some(review_error(&e))),
        };
        if current {
            *slot = None;
        }
        end
    };
    let done = if what == "done" { total } else { last };
    emit(done, total, what, error);
}
