//! The Learn section's commands (API.md, "Lessons"): the lessons of `lessons/` (built into the
//! app), each played in a session of its own through the engine's [`LessonRun`]. A lesson
//! never touches the game in progress or its autosave; passing one stores its id in the
//! active profile (`lessonsDone`).

use std::sync::{Mutex, MutexGuard, OnceLock};

use carcassonne_engine::{Lesson, LessonPlayError, LessonRun, MoveName, Reason, Text};
use serde::Serialize;
use tauri::State;

use crate::api::{ApiError, Arg, GameView, ScoreEvent};
use crate::commands::AppState;
use crate::failure::{Failure, illegal_move, move_name_error};
use crate::view::{ViewContext, game_view, score_event};

/// The lesson files, in order (a unit test checks this list against `lessons/`).
const FILES: &[(&str, &str)] = &[
    (
        "01-placing-tiles.json",
        include_str!("../../lessons/01-placing-tiles.json"),
    ),
    (
        "02-roads-cities-pennants.json",
        include_str!("../../lessons/02-roads-cities-pennants.json"),
    ),
    (
        "03-monasteries.json",
        include_str!("../../lessons/03-monasteries.json"),
    ),
    (
        "04-followers-majorities.json",
        include_str!("../../lessons/04-followers-majorities.json"),
    ),
    ("05-farms.json", include_str!("../../lessons/05-farms.json")),
    (
        "06-unfinished-features.json",
        include_str!("../../lessons/06-unfinished-features.json"),
    ),
    ("07-abbey.json", include_str!("../../lessons/07-abbey.json")),
    (
        "08-abbey-final-round.json",
        include_str!("../../lessons/08-abbey-final-round.json"),
    ),
    ("09-mayor.json", include_str!("../../lessons/09-mayor.json")),
    (
        "10-mayor-no-pennants.json",
        include_str!("../../lessons/10-mayor-no-pennants.json"),
    ),
    ("11-wagon.json", include_str!("../../lessons/11-wagon.json")),
    (
        "12-wagons-order.json",
        include_str!("../../lessons/12-wagons-order.json"),
    ),
    ("13-barn.json", include_str!("../../lessons/13-barn.json")),
    (
        "14-barn-end.json",
        include_str!("../../lessons/14-barn-end.json"),
    ),
];

/// Every lesson, read once.
///
/// # Errors
/// `lesson/invalid` if a built-in lesson does not read (the lesson tests prevent it).
pub fn all() -> Result<&'static [Lesson], ApiError> {
    static ALL: OnceLock<Result<Vec<Lesson>, String>> = OnceLock::new();
    ALL.get_or_init(|| {
        FILES
            .iter()
            .map(|(name, text)| Lesson::parse(text).map_err(|e| format!("{name}: {e}")))
            .collect()
    })
    .as_deref()
    .map_err(|e| ApiError::from(Failure::LessonInvalid(e.clone())))
}

fn find(id: &str) -> Result<&'static Lesson, ApiError> {
    all()?
        .iter()
        .find(|l| l.id == id)
        .ok_or_else(|| Failure::LessonNotFound(id.to_string()).into())
}

/// The app's lesson slot: the lesson being played, if any.
#[derive(Default)]
pub struct Lessons {
    run: Mutex<Option<Playing>>,
}

/// The lesson being played and the last failure to store the progress.
struct Playing {
    run: LessonRun,
    save_error: Option<ApiError>,
}

impl Lessons {
    fn lock(&self) -> MutexGuard<'_, Option<Playing>> {
        self.run.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// One lesson in `lesson_list`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LessonSummary {
    /// Stable id.
    pub id: String,
    /// Position in the list, from 1.
    pub order: u32,
    /// `[]` or `["abbey-mayor"]`.
    pub expansions: Vec<String>,
    /// About how long it takes.
    pub minutes: u32,
    /// Title.
    pub title: Text,
    /// What it teaches.
    pub intro: Text,
    /// Whether the active profile has passed it.
    pub done: bool,
}

/// `lesson_list`.
#[derive(Clone, Debug, Serialize)]
pub struct LessonList {
    /// Every lesson, in order.
    pub lessons: Vec<LessonSummary>,
}

/// How the lesson went, once its moves are made.
#[derive(Clone, Debug, Serialize)]
pub struct LessonOutcome {
    /// Whether the goal is met.
    pub passed: bool,
    /// Why: an id and parameters (API.md lists them).
    pub reason: Reason,
    /// Every event of the lesson's moves (the learner's, the replies', final scoring).
    pub events: Vec<ScoreEvent>,
    /// Points each seat gained in the lesson.
    pub points: Vec<u32>,
}

/// A lesson being played.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LessonState {
    /// The lesson's id.
    pub id: String,
    /// Title.
    pub title: Text,
    /// What it teaches.
    pub intro: Text,
    /// What to do.
    pub goal_text: Text,
    /// Hints.
    pub hints: Vec<Text>,
    /// Said when passed.
    pub success: Text,
    /// The position, as `game_view` shows a game.
    pub view: GameView,
    /// Set once the lesson's moves are all made.
    pub outcome: Option<LessonOutcome>,
}

/// `lesson_solution`.
#[derive(Clone, Debug, Serialize)]
pub struct LessonSolution {
    /// The learner's moves, to play one by one with `lesson_play` after `lesson_retry`.
    pub moves: Vec<MoveName>,
}

fn state_of(p: &Playing) -> LessonState {
    let run = &p.run;
    let l = run.lesson();
    let game = run.game();
    let players = l.record().map(|r| r.players).unwrap_or_default();
    let view = game_view(
        game,
        ViewContext {
            id: &format!("lesson-{}", l.id),
            human: 0,
            players: &players,
            ai_thinking: false,
            can_undo: !run.moves().is_empty(),
            save_error: p.save_error.clone(),
            result: None,
            aids: false,
        },
    );
    LessonState {
        id: l.id.clone(),
        title: l.title.clone(),
        intro: l.intro.clone(),
        goal_text: l.goal_text.clone(),
        hints: l.hints.clone(),
        success: l.success.clone(),
        view,
        outcome: run.outcome().map(|o| LessonOutcome {
            passed: o.passed,
            reason: o.reason.clone(),
            events: run.events().iter().map(|e| score_event(game, e)).collect(),
            points: o.points.clone(),
        }),
    }
}

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
    Ok(state_of(p))
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
    let out = state_of(&p);
    *state.lessons.lock() = Some(p);
    Ok(out)
}

/// `lesson_play`: the learner's move; a passed lesson is stored in the active profile.
#[tauri::command]
pub async fn lesson_play(
    state: State<'_, AppState>,
    request: tauri::ipc::Request<'_>,
) -> Result<LessonState, ApiError> {
    // The argument is named `move`, a Rust keyword, so it is read from the request itself.
    let arg = match request.body() {
        tauri::ipc::InvokeBody::Json(v) => v.get("move").cloned(),
        tauri::ipc::InvokeBody::Raw(_) => None,
    };
    let input: MoveName = serde_json::from_value(arg.unwrap_or_default())
        .map_err(|e| ApiError::from(Failure::MoveMalformed(e.to_string())))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_file_is_built_in_in_order() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../lessons");
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".json"))
            .collect();
        names.sort();
        let built_in: Vec<&str> = FILES.iter().map(|f| f.0).collect();
        assert_eq!(names, built_in);
        assert_eq!(all().unwrap().len(), FILES.len());
    }
}
