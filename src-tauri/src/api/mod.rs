//! The JSON shapes the UI sees: every command's arguments and results and every event (see
//! `API.md`), by screen: `app` (the start screen, profiles, `game_new`'s set-up), `game` (the
//! game view, events, aids, odds, hints, `ai-progress`), `history`, `tiles`, `review`,
//! `lessons`, `training` (retrying one's mistakes), `puzzles`, and `error` ([`ApiError`], the shape of every failure; `failure.rs` makes them
//! all).
//!
//! Stored shapes that the UI also sees (profiles, match summaries, settings, moves by name)
//! come from the storage crate and are re-exported here, so this module lists them all.

mod app;
mod error;
mod game;
mod history;
mod lessons;
mod puzzles;
mod review;
mod tiles;
mod training;

pub use carcassonne_engine::Breakdown;
pub use carcassonne_storage::{
    LastSetup, MatchMeta as MatchSummary, MoveName as MoveInput, Problem, Profile, RatedOpponent,
    RatingChange, Replayed, Settings, SetupOpponent,
};

pub use app::{
    AppInfo, DebugInfo, MatchLevel, NewGame, ProfileList, RecentError, ResumeInfo, StrengthInfo,
};
pub use error::ApiError;
pub use game::{
    AI_PROGRESS, AiProgress, Aids, ByKind, Cell, CellOption, DeadSquareView, DealView,
    DecisionView, DoomedFeature, FigureView, GameResult, GameView, Hint, Odds, OwnerView, PlaceRef,
    PlayerView, Remaining, ScoreEvent, Scored, SpotOption, Supply, TableResult, TargetOption,
    TileChanceView, TileFeature, TileView, TypeCount,
};
pub use history::{Exported, MatchDetail, MatchList};
pub use lessons::{LessonList, LessonOutcome, LessonSolution, LessonState, LessonSummary};
pub use puzzles::{
    Explained, PuzzleList, PuzzleOutcome, PuzzleRatingChange, PuzzleState, RatingPoint, ThemeCount,
};
pub use review::{REVIEW_PROGRESS, ReviewProgress, ReviewStatus};
pub use tiles::{SegmentDesc, TileDesc, TileSet};
pub use training::{DrillView, RetryOutcome, RetryState, TrainingList};
