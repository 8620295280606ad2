//! The Learn section's commands (API.md, "Lessons"): each lesson is played in a slot of its
//! own ([`AppState`]'s), never touching the game in progress or its autosave; passing one
//! stores its id in the active profile (`lessonsDone`).

use carcassonne_engine::{LessonPlayError, LessonRun};
use tauri::State;

use crate::api::{ApiError, LessonList, LessonSolution, LessonState, LessonSummary};
use crate::arg::{Arg, MoveArg};
use crate::failure::{Failure, illegal_move, move_name_error};
use crate::lessons::{all, find, state_of};
use crate::state::{AppState, Playing};

fn no_lesson() -> ApiError {
    Failure::NoLesson.into()
}

/// Runs `f` on the lesson being played and returns its state.
fn with_lesson(
    state: &AppState,
    f: impl FnOnce(&mut Playing) -> Result<(), ApiError>,
) -> Result<LessonState, ApiError> {
    let mut guard = state.lessons.lock();
    let p = guard.as_mut().ok_or_else(no_lesson)?;
    f(p)?;
    Ok(state_of(&p.run, p.save_error.clone()))
}

/// `lesson_list`: every lesson, `done` for the active profile.
#[tauri::command]
pub async fn lesson_list(state: State<'_, AppState>) -> Result<LessonList, ApiError> {
    let profiles = state.storage.profiles()?;
    let done: Vec<String> = profiles
        .active
        .and_then(|id| profiles.profiles.into_iter().find(|p| p.id == id))
        .map(|p| p.lessons_done)
        .unwrap_or_default();
    let lessons = all()?
        .iter()
        .map(|l| LessonSummary {
            id: l.id.clone(),
            order: l.order,
            expansions: l.expansions.clone(),
            minutes: l.minutes,
            title: l.title.clone(),
            intro: l.intro.clone(),
            done: done.contains(&l.id),
        })
        .collect();
    Ok(LessonList { lessons })
}

/// `lesson_start`: the lesson from its start (replacing any lesson being played).
#[tauri::command]
pub async fn lesson_start(
    state: State<'_, AppState>,
    id: Arg<String>,
) -> Result<LessonState, ApiError> {
    let lesson = find(&id.0)?;
    let run = LessonRun::new(lesson.clone())
        .map_err(|e| ApiError::from(Failure::LessonInvalid(e.to_string())))?;
    let p = Playing {
        run,
        save_error: None,
    };
    let out = state_of(&p.run, None);
    *state.lessons.lock() = Some(p);
    Ok(out)
}

/// `lesson_play`: the learner's move; a passed lesson is stored in the active profile.
#[tauri::command]
pub async fn lesson_play(state: State<'_, AppState>, mv: MoveArg) -> Result<LessonState, ApiError> {
    let MoveArg(input) = mv;
    with_lesson(&state, |p| {
        p.run.play(&input).map_err(|e| match e {
            LessonPlayError::Finished => Failure::LessonOver.into(),
            LessonPlayError::Name(n) => move_name_error(&n),
            LessonPlayError::Illegal(p) => illegal_move(&p),
        })?;
        if p.run.outcome().is_some_and(|o| o.passed) {
            p.save_error = store_progress(&state, &p.run.lesson().id).err();
        }
        Ok(())
    })
}

/// Stores a passed lesson in the active profile (none active: nothing to store).
fn store_progress(state: &AppState, lesson: &str) -> Result<(), ApiError> {
    if let Some(active) = state.storage.profiles()?.active {
        state.storage.mark_lesson_done(&active, lesson)?;
    }
    Ok(())
}

/// `lesson_undo`: back before the learner's last move of this try.
#[tauri::command]
pub async fn lesson_undo(state: State<'_, AppState>) -> Result<LessonState, ApiError> {
    with_lesson(&state, |p| {
        if p.run.undo() {
            Ok(())
        } else {
            Err(Failure::LessonUndoUnavailable.into())
        }
    })
}

/// `lesson_retry`: the lesson from its start.
#[tauri::command]
pub async fn lesson_retry(state: State<'_, AppState>) -> Result<LessonState, ApiError> {
    with_lesson(&state, |p| {
        p.run.restart();
        Ok(())
    })
}

/// `lesson_solution`: the learner's moves that meet the goal (nothing changes).
#[tauri::command]
pub async fn lesson_solution(state: State<'_, AppState>) -> Result<LessonSolution, ApiError> {
    let guard = state.lessons.lock();
    let p = guard.as_ref().ok_or_else(no_lesson)?;
    Ok(LessonSolution {
        moves: p.run.solution(),
    })
}
