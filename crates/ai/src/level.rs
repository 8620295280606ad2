//! The AI levels, weakest first, with their names and default budgets.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::{Budget, mcts};

/// How strong an AI plays. Names are lowercase in both directions (`"hard"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Uniformly random legal moves: the floor of the ladder.
    Random,
    /// One ply: the move with the best score difference if the game ended right after it.
    Greedy,
    /// Greedy with noise: beatable by a beginner, but never throws points away wildly.
    Easy,
    /// A small tree search, well under 50 ms per decision.
    Medium,
    /// A full tree search, about a second per decision at most.
    Hard,
    /// A longer tree search for players who wait for it.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 6] = [
        Level::Random,
        Level::Greedy,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ];

    /// The lowercase name used in records, the CLI and the app.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The budget the app uses for this level. Searching levels are bounded by iterations,
    /// so that a game replays identically, with a time limit as a safety net on slow devices.
    /// The one-ply levels make a single pass over the moves (one "iteration"), a few
    /// milliseconds, with no time limit, so they are reproducible too.
    pub fn default_budget(self) -> Budget {
        match self {
            Level::Random | Level::Greedy | Level::Easy => Budget {
                ms: None,
                iterations: Some(1),
            },
            Level::Medium => Budget {
                ms: Some(45),
                iterations: Some(mcts::MEDIUM_ITERATIONS),
            },
            Level::Hard => Budget {
                ms: Some(1000),
                iterations: Some(mcts::HARD_ITERATIONS),
            },
            Level::Expert => Budget {
                ms: Some(3000),
                iterations: Some(mcts::EXPERT_ITERATIONS),
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of [`Level::ALL`].
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("unknown AI level \"{0}\" (expected random, greedy, easy, medium, hard or expert)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}
