//! Why a review could not be made ([`ReviewError`]), with its message key and parameters.

use carcassonne_engine::{Message, Params, RecordError};
use thiserror::Error;

/// Why a review could not be made.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ReviewError {
    /// The record does not replay.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// Only finished games are reviewed.
    #[error("the game is not finished: only a finished game can be reviewed")]
    NotFinished,
    /// The player is not a seat of the game.
    #[error("player {player} is not in the game (seats 0 to {last})")]
    Player {
        /// The seat asked for.
        player: usize,
        /// The last seat.
        last: usize,
    },
    /// Stepping through the record's log went astray: a bug, not a bad record.
    #[error("turn {turn}: the game's log does not replay: {reason}")]
    Log {
        /// The 1-based turn entry.
        turn: usize,
        /// What went wrong.
        reason: String,
    },
    /// The stop flag was set.
    #[error("the review was stopped")]
    Stopped,
    /// A retry asked for a decision the game does not have.
    #[error("the game has no decision number {0}")]
    NoDecision(u64),
    /// A retry's move is not a legal move of its decision.
    #[error("that move is not one of the moves of this decision")]
    IllegalTry,
}

impl Message for ReviewError {
    fn key(&self) -> &'static str {
        match self {
            ReviewError::Record(_) => "review.record",
            ReviewError::NotFinished => "review.not_finished",
            ReviewError::Player { .. } => "review.player",
            ReviewError::Log { .. } => "review.log",
            ReviewError::Stopped => "review.stopped",
            ReviewError::NoDecision(_) => "review.no_decision",
            ReviewError::IllegalTry => "review.illegal_try",
        }
    }

    /// `turn` of a record or log that does not replay; `player` and `last` of a seat not in
    /// the game; `index` of a decision the game does not have.
    fn params(&self) -> Params {
        match self {
            ReviewError::Record(e) => e.params(),
            ReviewError::NotFinished | ReviewError::Stopped | ReviewError::IllegalTry => Vec::new(),
            ReviewError::NoDecision(index) => {
                vec![("index", i64::try_from(*index).unwrap_or(i64::MAX).into())]
            }
            ReviewError::Player { player, last } => {
                vec![("player", (*player).into()), ("last", (*last).into())]
            }
            ReviewError::Log { turn, .. } => vec![("turn", (*turn).into())],
        }
    }
}

impl ReviewError {
    /// One error of every kind, for checking that a front end words them all.
    pub fn examples() -> Vec<ReviewError> {
        vec![
            ReviewError::Record(RecordError {
                turn: 4,
                reason: "illegal placement".into(),
            }),
            ReviewError::NotFinished,
            ReviewError::Player { player: 6, last: 2 },
            ReviewError::Log {
                turn: 9,
                reason: "no tile to place".into(),
            },
            ReviewError::Stopped,
            ReviewError::NoDecision(140),
            ReviewError::IllegalTry,
        ]
    }
}
