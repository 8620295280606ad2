//! The post-game review's worker: [`start`] judges the human's decisions of a finished match
//! with the AI crate's review ([`carcassonne_ai::review`]) on a worker thread, reports each
//! decision through the `review-progress` event and stores the review in the match file
//! ([`Storage::save_review`](carcassonne_storage::Storage::save_review)), unless it was
//! cancelled or replaced meanwhile; the review's mistakes then join the profile's training
//! (`retry::add_reviewed`). One review runs at a time (the slot is
//! [`AppState`]'s).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use carcassonne_ai::review::{
    self, Position, Review, ReviewConfig, ReviewError, default_player, reviewed_positions,
};
use carcassonne_storage::{MatchMeta, StorageError};
use tauri::{AppHandle, Emitter, Manager, Runtime};

use crate::api::{ApiError, REVIEW_PROGRESS, ReviewProgress, ReviewStatus};
use crate::failure::{Failure, review_error};
use crate::limits::MAX_REVIEW_ITERATIONS;
use crate::state::{AppState, Running};

/// What a worker reviews.
struct Job {
    id: String,
    token: u64,
    stop: Arc<AtomicBool>,
    positions: Vec<Position>,
    player: usize,
    players: Vec<carcassonne_engine::RecordPlayer>,
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

/// Starts reviewing the finished match `id` (the human's seat, else seat 0) with
/// `iterations` (1 to [`MAX_REVIEW_ITERATIONS`], default the hard level's budget) per
/// decision on a worker thread, cancelling any other running review, and returns at once
/// (`review_start`). A match already reviewed returns `done` and starts nothing; so does the
/// match being reviewed (its `running` status).
///
/// # Errors
/// `review/bad_iterations`, `review/not_found`, `review/not_finished` (a resigned match),
/// the storage's errors for an unusable match file, `review/failed` if the worker cannot
/// start.
pub fn start<R: Runtime>(
    app: &AppHandle<R>,
    state: &AppState,
    id: String,
    iterations: Option<u64>,
) -> Result<ReviewStatus, ApiError> {
    let iterations = match iterations {
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
    // A person's match of a table (pass and play) is reviewed from its own seat.
    let player = m.meta.seat.unwrap_or_else(|| default_player(&m.record));
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
        players: m.record.players.clone(),
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
                match state.storage.save_review(
                    &job.id,
                    &review,
                    review.accuracy,
                    review.accuracy_formula,
                ) {
                    Ok(meta) => {
                        // Its mistakes join the profile's training (best effort: the queue is
                        // gathered again from the reviews if this write is lost).
                        let _ = crate::retry::add_reviewed(
                            &state.storage,
                            &meta,
                            &job.players,
                            &review,
                        );
                        ("done", None)
                    }
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

/// Brings the stored reviews of `matches` (the history's list) up to the current accuracy
/// formula ([`Review::rescore`]): a match whose accuracy was computed with an older formula
/// is read, its review rescored from the decisions' severities and saved, and its entry in
/// `matches` updated. A folder that cannot be written still lists the rescored figure; a
/// match that cannot be read keeps its entry (the storage reports the problem).
pub fn rescore_listed(storage: &carcassonne_storage::Storage, matches: &mut [MatchMeta]) {
    for meta in matches.iter_mut().filter(|m| stale(m)) {
        let Ok((mut m, _, _)) = storage.load_match(&meta.id) else {
            continue;
        };
        let Some(mut r) = storage.review_of::<Review>(&meta.id, &mut m) else {
            continue;
        };
        r.rescore();
        match storage.save_review(&meta.id, &r, r.accuracy, r.accuracy_formula) {
            Ok(saved) => *meta = saved,
            Err(_) => {
                meta.accuracy = Some(r.accuracy);
                meta.accuracy_formula = Some(r.accuracy_formula);
            }
        }
    }
}

/// Whether a listed match's accuracy comes from an older formula than the review's own.
fn stale(m: &MatchMeta) -> bool {
    m.accuracy.is_some() && m.accuracy_formula.unwrap_or(1) < review::ACCURACY_FORMULA
}

/// The review of an opened match, rescored to the current formula ([`rescore_listed`]) and
/// saved when it was older; `meta` follows it.
pub fn rescore_opened(
    storage: &carcassonne_storage::Storage,
    id: &str,
    review: &mut Option<Review>,
    meta: &mut MatchMeta,
) {
    let Some(r) = review.as_mut() else { return };
    if r.rescore() || stale(meta) {
        if let Ok(saved) = storage.save_review(id, r, r.accuracy, r.accuracy_formula) {
            *meta = saved;
        } else {
            meta.accuracy = Some(r.accuracy);
            meta.accuracy_formula = Some(r.accuracy_formula);
        }
    }
}
