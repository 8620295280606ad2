//! Puzzles (API.md, "Puzzles"): the built-in puzzles by theme with the active profile's
//! puzzle rating, and the puzzle being solved, in a slot of its own ([`AppState`]'s), never
//! touching the game in progress or its autosave.

use std::sync::atomic::Ordering;

use carcassonne_ai::puzzle;
use carcassonne_ai::seed::splitmix;
use tauri::State;

use crate::api::{ApiError, PuzzleList, PuzzleState};
use crate::arg::{Arg, MoveArg};
use crate::failure::{Failure, illegal_move, move_name_error, review_error};
use crate::puzzles::{self, Solving, state_of};
use crate::state::AppState;

fn no_puzzle() -> ApiError {
    Failure::NoPuzzle.into()
}

/// The active profile's id, if any.
fn active(state: &AppState) -> Result<Option<String>, ApiError> {
    Ok(state.storage.profiles()?.active)
}

/// The active profile's puzzle rating now (1500 without a profile or a file).
fn rating(state: &AppState) -> f64 {
    let profile = active(state).ok().flatten();
    puzzles::progress_of(&state.storage, profile.as_deref())
        .map(|p| p.rating)
        .unwrap_or(carcassonne_storage::PuzzleProgress::default().rating)
}

/// `puzzle_list`: the puzzles by theme, and the active profile's puzzle rating with its
/// history.
#[tauri::command]
pub async fn puzzle_list(state: State<'_, AppState>) -> Result<PuzzleList, ApiError> {
    puzzles::list(&state.storage, active(&state)?.as_deref())
}

/// `puzzle_start`: the puzzle `id`, or else the next one for the player of `theme` (all
/// themes without one), replacing any puzzle being solved.
///
/// # Errors
/// `puzzle/unknown_theme`, `puzzle/not_found`, the storage's errors for the puzzle file.
#[tauri::command]
pub async fn puzzle_start(
    state: State<'_, AppState>,
    theme: Arg<Option<String>>,
    id: Arg<Option<String>>,
) -> Result<PuzzleState, ApiError> {
    let (Arg(theme), Arg(id)) = (theme, id);
    let theme = theme.as_deref().map(puzzles::theme_of).transpose()?;
    let token = state.puzzles.next.fetch_add(1, Ordering::Relaxed);
    let (set, puzzle) = match id {
        Some(id) => puzzles::find(&id)?,
        None => {
            let profile = active(&state)?;
            let progress = puzzles::progress_of(&state.storage, profile.as_deref())?;
            // The choice varies with the player's attempts and the puzzles started since
            // the app started, and replays exactly (the UI tests' transcripts rely on it).
            let seed = splitmix(progress.attempts.len() as u64 ^ token.rotate_left(32));
            puzzles::next(&progress, theme, seed)?
        }
    };
    let s = Solving::new(set, puzzle, theme, token)?;
    let out = state_of(&s, rating(&state));
    if let Some(old) = state.puzzles.lock().replace(s) {
        old.stop.store(true, Ordering::Relaxed);
    }
    Ok(out)
}

/// `puzzle_play`: a try: the answer solves it at once; another move is judged against the
/// answer by the search (about a second) on a blocking worker. The first try's result goes
/// to the active profile's puzzle rating.
///
/// # Errors
/// `puzzle/none`, `puzzle/busy` (a try is being judged), `puzzle/over` (a verdict is shown:
/// `puzzle_again` first), `move/invalid` or `move/illegal` (nothing changes).
#[tauri::command]
pub async fn puzzle_play(state: State<'_, AppState>, mv: MoveArg) -> Result<PuzzleState, ApiError> {
    let MoveArg(input) = mv;
    let (position, answer, played, cfg, token, stop) = {
        let mut guard = state.puzzles.lock();
        let s = guard.as_mut().ok_or_else(no_puzzle)?;
        if s.judging {
            return Err(Failure::PuzzleBusy.into());
        }
        if s.outcome.is_some() {
            return Err(Failure::PuzzleOver.into());
        }
        let mv = input
            .to_move(&s.position.game)
            .map_err(|e| move_name_error(&e))?;
        s.position
            .game
            .clone()
            .play(mv)
            .map_err(|e| illegal_move(&e))?;
        s.judging = true;
        (
            s.position.clone(),
            s.answer,
            mv,
            s.cfg,
            s.token,
            s.stop.clone(),
        )
    };
    let verdict = tauri::async_runtime::spawn_blocking(move || {
        puzzle::judge_try(&position, answer, played, &cfg, &stop)
    })
    .await;
    let profile = active(&state).ok().flatten();
    let out = {
        let mut guard = state.puzzles.lock();
        let s = guard
            .as_mut()
            .filter(|s| s.token == token)
            .ok_or_else(no_puzzle)?;
        s.judging = false;
        let tried = match verdict {
            Ok(Ok(tried)) => tried,
            Ok(Err(e)) => return Err(review_error(&e)),
            Err(e) => return Err(Failure::AiWorker(e.to_string()).into()),
        };
        puzzles::judged(s, tried, &state.storage, profile.as_deref());
        s.rated.as_ref().map(|r| r.after)
    };
    let now = out.unwrap_or_else(|| rating(&state));
    let guard = state.puzzles.lock();
    let s = guard.as_ref().ok_or_else(no_puzzle)?;
    Ok(state_of(s, now))
}

/// `puzzle_again`: back to the position for the second try after a first that missed.
///
/// # Errors
/// `puzzle/none`; `puzzle/over` when no try was judged yet or the puzzle is over.
#[tauri::command]
pub async fn puzzle_again(state: State<'_, AppState>) -> Result<PuzzleState, ApiError> {
    let now = rating(&state);
    let mut guard = state.puzzles.lock();
    let s = guard.as_mut().ok_or_else(no_puzzle)?;
    if s.judging || s.outcome.as_ref().is_none_or(|o| o.over) {
        return Err(Failure::PuzzleOver.into());
    }
    puzzles::again(s);
    Ok(state_of(s, now))
}
