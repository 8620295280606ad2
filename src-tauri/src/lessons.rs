//! The Learn section's lessons: the lessons of `lessons/` (built into the app), read once,
//! and the state of one being played through the engine's [`LessonRun`] (API.md, "Lessons").
//! A lesson never touches the game in progress or its autosave.

use std::sync::OnceLock;

use carcassonne_engine::{Lesson, LessonRun};

use crate::api::{ApiError, LessonOutcome, LessonState};
use crate::failure::Failure;
use crate::view::{self, ViewContext, score_event};

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

/// The lesson `id`.
///
/// # Errors
/// `lesson/not_found`, or `lesson/invalid` as [`all`].
pub fn find(id: &str) -> Result<&'static Lesson, ApiError> {
    all()?
        .iter()
        .find(|l| l.id == id)
        .ok_or_else(|| Failure::LessonNotFound(id.to_string()).into())
}

/// The state of the lesson being played: `run`, and the last failure to store it as passed.
pub fn state_of(run: &LessonRun, save_error: Option<ApiError>) -> LessonState {
    let l = run.lesson();
    let game = run.game();
    let players = l.record().map(|r| r.players).unwrap_or_default();
    let view = view::build(
        game,
        ViewContext {
            id: &format!("lesson-{}", l.id),
            human: 0,
            players: &players,
            ai_thinking: false,
            can_undo: !run.moves().is_empty(),
            save_error,
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
