//! The hint: the best move for the player to move, as the app's hint button and
//! `carcassonne suggest` show it, with the move in record notation (the engine's
//! [`describe_move`]).

use std::sync::atomic::AtomicBool;

use carcassonne_engine::{Message, Move, MoveNotation, PublicView, describe_move};
use serde::Serialize;
use thiserror::Error;

use crate::{Budget, Level, choose_move};

/// Why no hint can be given.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SuggestError {
    /// The game has ended: there is nothing to decide.
    #[error("the game is over: there is no move to suggest")]
    GameOver,
}

impl Message for SuggestError {
    fn key(&self) -> &'static str {
        match self {
            SuggestError::GameOver => "hint.game_over",
        }
    }
}

/// A hint: the move the AI of `level` would play, and the same move in record notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    /// The level that chose it.
    #[serde(serialize_with = "ser_level")]
    pub level: Level,
    /// The move, ready for [`carcassonne_engine::Game::play`].
    #[serde(skip)]
    pub mv: Move,
    /// The move in record notation.
    #[serde(rename = "move")]
    pub notation: MoveNotation,
}

fn ser_level<S: serde::Serializer>(level: &Level, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(level.name())
}

/// The best move for the player to move in `view`, by the AI of `level` (see
/// [`choose_move`] for `seed`, `budget` and `stop`).
///
/// # Errors
/// [`SuggestError::GameOver`] when the game has ended.
pub fn suggest(
    view: &PublicView,
    level: Level,
    seed: u64,
    budget: Budget,
    stop: &AtomicBool,
) -> Result<Suggestion, SuggestError> {
    if view.is_over() {
        return Err(SuggestError::GameOver);
    }
    let mv = choose_move(level, view, seed, budget, stop);
    Ok(Suggestion {
        level,
        mv,
        notation: describe_move(view, mv),
    })
}
