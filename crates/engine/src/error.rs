//! Typed errors. The engine never panics on user input; every refusal is one of these.

use thiserror::Error;

/// Why a game could not be set up.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SetupError {
    /// Players must number 1 to 6.
    #[error("setup: {0} players; a game has 1 to 6")]
    PlayerCount(usize),
    /// A scripted pile named a tile the set in play does not hold, or too many copies.
    #[error("tile {tile}: {reason}")]
    Tile {
        /// The tile id.
        tile: String,
        /// What is wrong.
        reason: String,
    },
}

/// Why a move was refused. The game is unchanged.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PlayError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The move answers a different decision than the pending one.
    #[error("{got} is not possible now: the game waits for {expected}")]
    WrongDecision {
        /// What the game waits for.
        expected: &'static str,
        /// What the move does.
        got: &'static str,
    },
    /// A tile placement that breaks the rules.
    #[error("illegal placement: {0}")]
    Placement(String),
    /// An abbey placement that breaks the rules.
    #[error("illegal abbey: {0}")]
    Abbey(String),
    /// A figure placement that breaks the rules.
    #[error("illegal figure: {0}")]
    Figure(String),
    /// A wagon move that breaks the rules.
    #[error("illegal wagon move: {0}")]
    Wagon(String),
}
