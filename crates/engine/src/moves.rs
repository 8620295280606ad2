//! Moves (a player's choices) and the decisions that ask for them.

use serde::{Deserialize, Serialize};

use crate::geometry::Pos;
use crate::tile::TileType;

/// A figure a player can place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FigureKind {
    /// An ordinary follower: thief, knight, monk or farmer depending on the segment.
    Follower,
    /// The mayor (cities only; strength = pennants of the city).
    Mayor,
    /// The wagon (roads, cities, monasteries; moves on when its feature scores).
    Wagon,
    /// The barn (on a corner where four field corners meet).
    Barn,
}

impl FigureKind {
    /// Every kind.
    pub const ALL: [FigureKind; 4] = [
        FigureKind::Follower,
        FigureKind::Mayor,
        FigureKind::Wagon,
        FigureKind::Barn,
    ];

    /// The name used in records.
    pub fn name(self) -> &'static str {
        match self {
            FigureKind::Follower => "follower",
            FigureKind::Mayor => "mayor",
            FigureKind::Wagon => "wagon",
            FigureKind::Barn => "barn",
        }
    }

    /// Parses a record name.
    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "follower" => FigureKind::Follower,
            "mayor" => FigureKind::Mayor,
            "wagon" => FigureKind::Wagon,
            "barn" => FigureKind::Barn,
            _ => return None,
        })
    }
}

/// One choice for the pending [`Decision`]. Small and `Copy`; the move generator is the only
/// source of legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Start of turn: draw a tile (offered only when the abbey is an alternative).
    Draw,
    /// Place the drawn tile at `pos`, turned `rot` quarter turns clockwise.
    Place {
        /// Where.
        pos: Pos,
        /// Quarter turns clockwise (0–3).
        rot: u8,
    },
    /// Place the player's abbey in the hole at `pos`.
    Abbey {
        /// The hole.
        pos: Pos,
    },
    /// Put a figure on the tile just placed: on local segment `spot`, or for a barn on
    /// corner `spot` (0 = NW, 1 = NE, 2 = SE, 3 = SW).
    Figure {
        /// Which figure.
        kind: FigureKind,
        /// Local segment index, or corner for a barn.
        spot: u8,
    },
    /// Place no figure this turn.
    NoFigure,
    /// Move the returning wagon onto local segment `seg` of the tile at `pos`.
    WagonTo {
        /// The tile.
        pos: Pos,
        /// Local segment index on that tile.
        seg: u8,
    },
    /// Send the returning wagon home.
    WagonHome,
    /// Decline the final abbey round's offer.
    Pass,
}

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// Start of a turn in which the player may place the abbey instead of drawing.
    DrawOrAbbey {
        /// Who decides.
        player: u8,
    },
    /// Place the drawn tile.
    PlaceTile {
        /// Who decides.
        player: u8,
        /// The drawn tile.
        #[serde(serialize_with = "crate::tile::ser_tile")]
        tile: TileType,
    },
    /// Optionally place a figure on the tile just placed at `pos`.
    PlaceFigure {
        /// Who decides.
        player: u8,
        /// The tile just placed.
        pos: Pos,
    },
    /// Move the returning wagon that stood on the tile at `from`, or send it home.
    MoveWagon {
        /// The wagon's owner.
        player: u8,
        /// Where the wagon stood.
        from: Pos,
    },
    /// The final abbey round: place the abbey or pass.
    FinalAbbey {
        /// Who decides.
        player: u8,
    },
    /// The game is over.
    GameOver,
}

impl Decision {
    /// The player who must decide, unless the game is over.
    pub fn player(&self) -> Option<u8> {
        match *self {
            Decision::DrawOrAbbey { player }
            | Decision::PlaceTile { player, .. }
            | Decision::PlaceFigure { player, .. }
            | Decision::MoveWagon { player, .. }
            | Decision::FinalAbbey { player } => Some(player),
            Decision::GameOver => None,
        }
    }

    /// Its name in snake case: `draw_or_abbey`, `place_tile`, `place_figure`, `move_wagon`,
    /// `final_abbey` or `game_over`.
    pub fn name(&self) -> &'static str {
        match self {
            Decision::DrawOrAbbey { .. } => "draw_or_abbey",
            Decision::PlaceTile { .. } => "place_tile",
            Decision::PlaceFigure { .. } => "place_figure",
            Decision::MoveWagon { .. } => "move_wagon",
            Decision::FinalAbbey { .. } => "final_abbey",
            Decision::GameOver => "game_over",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_stay_small() {
        assert!(
            std::mem::size_of::<Move>() <= 8,
            "{}",
            std::mem::size_of::<Move>()
        );
    }
}
