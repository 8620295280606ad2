//! What a puzzle's answer does, as themes ([`Theme`], [`themes`]).

use carcassonne_engine::{Game, Move};
use serde::{Deserialize, Serialize};

/// A theme of a puzzle: what its answer does on the board. Serialised in kebab-case
/// (`"close-city"`), the names the puzzle files and the UI use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// The answer completes a city holding the player's follower or mayor.
    CloseCity,
    /// The answer completes a road or a monastery of the player's.
    CloseFeature,
    /// The answer joins the player's city to another city where the player gains a share or
    /// the majority (joining or stealing a city).
    JoinCity,
    /// The answer joins or steals a field (farmer or barn majority).
    JoinField,
    /// The answer leaves an opponent's feature with a hole no remaining tile can fill, or
    /// takes the last place that could have finished it.
    Block,
    /// The answer places the mayor.
    Mayor,
    /// The answer places or moves a wagon.
    Wagon,
    /// The answer places a barn.
    Barn,
    /// The answer places an abbey into a hole.
    AbbeyHole,
    /// The answer is a move of the final abbey round.
    FinalAbbey,
    /// The answer places a follower (knight, thief, monk or farmer) where it scores best.
    Follower,
    /// The answer keeps the figures in the supply (no figure).
    KeepFigure,
}

/// The themes of `answer`, a legal move of `game`'s pending decision, most telling first.
pub fn themes(game: &Game, answer: Move) -> Vec<Theme> {
    let _ = (game, answer);
    Vec::new()
}
