//! The history screen's shapes: the list of matches, a match with its replay, an export.

use carcassonne_engine::Breakdown;
use carcassonne_storage::{MatchMeta as MatchSummary, Problem};
use serde::Serialize;

use crate::api::game::{DealView, ScoreEvent};

/// `history_list`.
#[derive(Clone, Debug, Serialize)]
pub struct MatchList {
    /// Newest first.
    pub matches: Vec<MatchSummary>,
    /// Files that could not be used since launch.
    pub problems: Vec<Problem>,
}

/// `history_get`.
#[derive(Clone, Debug, Serialize)]
pub struct MatchDetail {
    /// The summary.
    pub summary: MatchSummary,
    /// The record (RULES.md §6).
    pub record: carcassonne_engine::Record,
    /// Scores after each entry (and after final scoring).
    pub timeline: Vec<Vec<u32>>,
    /// Final points per category per player.
    pub breakdown: Vec<Breakdown>,
    /// Every event.
    pub events: Vec<ScoreEvent>,
    /// The stored review (`review_start`), or `None` (JSON `null`).
    pub review: Option<carcassonne_ai::review::Review>,
    /// The luck of the draw (API.md, "Luck"): weighed when the match was filed, or when it
    /// is first opened; null for a resigned game.
    pub luck: Option<carcassonne_ai::review::Luck>,
    /// The deal's fingerprint and salt, for a game the app dealt since it kept them; null
    /// for imported records and older matches.
    pub deal: Option<DealView>,
}

/// `history_export`.
#[derive(Clone, Debug, Serialize)]
pub struct Exported {
    /// Where it was written.
    pub path: String,
    /// The record.
    pub json: String,
}
