//! "Retry your mistakes" (API.md, "Training"): the active profile's mistakes to practise and
//! the retry being played, in a slot of its own ([`AppState`]'s), never touching the game in
//! progress or its autosave.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use carcassonne_ai::review::{self, Review, ReviewConfig, position_at};
use tauri::State;

use crate::api::{ApiError, RetryState, TrainingList};
use crate::arg::{Arg, MoveArg};
use crate::failure::{Failure, illegal_move, move_name_error, review_error};
use crate::retry::{self, Retrying, state_of};
use crate::state::AppState;

fn no_retry() -> ApiError {
    Failure::NoRetry.into()
}

/// The active profile's id, if any.
fn active(state: &AppState) -> Result<Option<String>, ApiError> {
    Ok(state.storage.profiles()?.active)
}

/// `training_list`: the active profile's mistakes to practise (gathered from its reviewed
/// matches the first time).
#[tauri::command]
pub async fn training_list(state: State<'_, AppState>) -> Result<TrainingList, ApiError> {
    retry::list(&state.storage, active(&state)?.as_deref())
}

/// `retry_start`: decision `index` of the reviewed match `matchId`, from the position before
/// it (replacing any retry being played).
///
/// # Errors
/// `match/not_found` and the storage's errors for the match file, `retry/not_reviewed`,
/// `retry/no_decision` (the review has no such decision: it had no choice, or is another
/// seat's), `review/failed` if the record does not step to it.
#[tauri::command]
pub async fn retry_start(
    state: State<'_, AppState>,
    match_id: Arg<String>,
    index: Arg<u64>,
) -> Result<RetryState, ApiError> {
    let (Arg(match_id), Arg(index)) = (match_id, index);
    let (mut m, _, _) = state.storage.load_match(&match_id)?;
    let review: Review = state
        .storage
        .review_of(&match_id, &mut m)
        .ok_or_else(|| ApiError::from(Failure::RetryNotReviewed(match_id.clone())))?;
    let original = review
        .decisions
        .iter()
        .find(|d| d.index == index)
        .cloned()
        .ok_or_else(|| ApiError::from(Failure::RetryNoDecision(index)))?;
    let position = position_at(&m.record, index).map_err(|e| review_error(&e))?;
    let token = state.retries.next.fetch_add(1, Ordering::Relaxed);
    let r = Retrying {
        token,
        stop: Arc::new(AtomicBool::new(false)),
        match_id,
        match_date: m.meta.date.clone(),
        players: m.record.players.clone(),
        shown: position.game.clone(),
        position,
        cfg: ReviewConfig {
            iterations: review.iterations,
            seed: review.seed,
        },
        original,
        tries: 0,
        judging: false,
        outcome: None,
        save_error: None,
    };
    let out = state_of(&r);
    if let Some(old) = state.retries.lock().replace(r) {
        old.stop.store(true, Ordering::Relaxed);
    }
    Ok(out)
}

/// `retry_play`: a try, judged by the search (about a second) on a blocking worker; once the
/// retry is over, the result goes to the active profile's training.
///
/// # Errors
/// `retry/none`, `retry/busy` (a try is being judged), `retry/over` (a verdict is shown:
/// `retry_again` first), `move/invalid` or `move/illegal` (nothing changes).
#[tauri::command]
pub async fn retry_play(state: State<'_, AppState>, mv: MoveArg) -> Result<RetryState, ApiError> {
    let MoveArg(input) = mv;
    let (position, played, cfg, token, stop) = {
        let mut guard = state.retries.lock();
        let r = guard.as_mut().ok_or_else(no_retry)?;
        if r.judging {
            return Err(Failure::RetryBusy.into());
        }
        if r.outcome.is_some() {
            return Err(Failure::RetryOver.into());
        }
        let mv = input
            .to_move(&r.position.game)
            .map_err(|e| move_name_error(&e))?;
        r.position
            .game
            .clone()
            .play(mv)
            .map_err(|e| illegal_move(&e))?;
        r.judging = true;
        (r.position.clone(), mv, r.cfg, r.token, r.stop.clone())
    };
    let verdict = tauri::async_runtime::spawn_blocking(move || {
        review::judge_try(&position, played, &cfg, &stop)
    })
    .await;
    let profile = active(&state).ok().flatten();
    let mut guard = state.retries.lock();
    let r = guard
        .as_mut()
        .filter(|r| r.token == token)
        .ok_or_else(no_retry)?;
    r.judging = false;
    let tried = match verdict {
        Ok(Ok(tried)) => tried,
        Ok(Err(e)) => return Err(review_error(&e)),
        Err(e) => return Err(Failure::AiWorker(e.to_string()).into()),
    };
    retry::judged(r, tried, &state.storage, profile.as_deref());
    Ok(state_of(r))
}

/// `retry_again`: back to the position for the next try after a verdict that did not solve
/// it.
///
/// # Errors
/// `retry/none`; `retry/over` when no try was judged yet or the retry is over.
#[tauri::command]
pub async fn retry_again(state: State<'_, AppState>) -> Result<RetryState, ApiError> {
    let mut guard = state.retries.lock();
    let r = guard.as_mut().ok_or_else(no_retry)?;
    if r.judging || r.outcome.as_ref().is_none_or(|o| o.over) {
        return Err(Failure::RetryOver.into());
    }
    retry::again(r);
    Ok(state_of(r))
}
