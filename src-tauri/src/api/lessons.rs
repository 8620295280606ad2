//! The Learn section's shapes: the list of lessons, a lesson being played, its outcome and
//! its solution.

use carcassonne_engine::{MoveName, Reason, Text};
use serde::Serialize;

use crate::api::game::{GameView, ScoreEvent};

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
