//! Typed errors. The engine never panics on user input; every refusal is one of these.
//!
//! A refused move ([`PlayError`]) carries its reason as data (the pending decision, the
//! kind of move, the tile, cell and rotation, why the rules forbid it), so a front end can
//! word it in its own language; the English `Display` text is what records and the CLI show.

use thiserror::Error;

use crate::geometry::Pos;
use crate::moves::FigureKind;
use crate::tile::{TileType, tables};

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
        expected: DecisionKind,
        /// What the move does.
        got: MoveKind,
    },
    /// A tile placement that breaks the rules.
    #[error(
        "illegal placement: tile {} at {pos} rotation {}: {reason}",
        tile_id(*.tile),
        90 * u16::from(*.rot)
    )]
    Placement {
        /// The drawn tile.
        tile: TileType,
        /// Where the move put it.
        pos: Pos,
        /// The move's rotation in quarter turns clockwise (as in [`crate::Move::Place`]);
        /// the text shows it in degrees.
        rot: u8,
        /// Why the rules forbid it.
        reason: PlacementReason,
    },
    /// An abbey placement that breaks the rules.
    #[error("illegal abbey: {0}")]
    Abbey(AbbeyReason),
    /// A figure placement that breaks the rules.
    #[error("illegal figure: {0}")]
    Figure(FigureReason),
    /// A wagon move that breaks the rules.
    #[error("illegal wagon move: {0}")]
    Wagon(WagonReason),
}

/// The text of a figure the supply lacks.
fn supply_text(kind: FigureKind) -> String {
    match kind {
        FigureKind::Follower => "no follower left".into(),
        _ => format!("the {} is not in the supply", kind.name()),
    }
}

/// The id of a tile type (`U`, `AM3`, …), or `?` for a number that names none.
fn tile_id(tile: TileType) -> &'static str {
    tables().types.get(tile as usize).map_or("?", |t| t.id)
}

/// The kind of decision a game waits for (a [`crate::Decision`] without its details), in
/// [`PlayError::WrongDecision`].
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq, Hash)]
pub enum DecisionKind {
    /// Draw a tile or place the abbey ([`crate::Decision::DrawOrAbbey`]).
    #[error("a draw or an abbey")]
    DrawOrAbbey,
    /// Place the drawn tile ([`crate::Decision::PlaceTile`]).
    #[error("a tile placement")]
    PlaceTile,
    /// Place a figure or none ([`crate::Decision::PlaceFigure`]).
    #[error("a figure or no figure")]
    PlaceFigure,
    /// Move a returning wagon or send it home ([`crate::Decision::MoveWagon`]).
    #[error("a wagon decision")]
    MoveWagon,
    /// Place the abbey or pass in the final round ([`crate::Decision::FinalAbbey`]).
    #[error("an abbey or a pass")]
    FinalAbbey,
}

/// The kind of a refused [`crate::Move`], in [`PlayError::WrongDecision`].
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// [`crate::Move::Draw`].
    #[error("drawing")]
    Draw,
    /// [`crate::Move::Place`].
    #[error("a tile placement")]
    Place,
    /// [`crate::Move::Abbey`].
    #[error("an abbey")]
    Abbey,
    /// [`crate::Move::Figure`] or [`crate::Move::NoFigure`].
    #[error("a figure")]
    Figure,
    /// [`crate::Move::WagonTo`] or [`crate::Move::WagonHome`].
    #[error("a wagon move")]
    Wagon,
    /// [`crate::Move::Pass`].
    #[error("a pass")]
    Pass,
}

/// Why a tile may not go where a [`crate::Move::Place`] puts it, in
/// [`PlayError::Placement`]. Checked in this order: the first that applies is given.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq, Hash)]
pub enum PlacementReason {
    /// A tile already lies on the cell.
    #[error("the cell is taken")]
    CellTaken,
    /// The cell is empty but next to no tile.
    #[error("the cell touches no tile")]
    NotAdjacent,
    /// The rotation is not 0 to 3 quarter turns.
    #[error("the rotation must be 0, 90, 180 or 270")]
    BadRotation,
    /// An edge does not match the neighbour's edge across it.
    #[error("its edges do not match the neighbours")]
    EdgesMismatch,
    /// The rotation gives the same tile as a smaller one (rotations that give the same tile
    /// are one placement, played with the smallest).
    #[error("this rotation gives the same tile as a smaller one")]
    RedundantRotation,
}

/// Why an abbey may not be placed, in [`PlayError::Abbey`].
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq, Hash)]
pub enum AbbeyReason {
    /// The player has already placed the abbey.
    #[error("the player has no abbey left")]
    NoneLeft,
    /// The cell is not a hole: an empty cell with a tile on all four sides.
    #[error("{0} is not a hole (an empty cell with four neighbours)")]
    NotAHole(Pos),
}

/// Why a figure may not be placed, in [`PlayError::Figure`]. Checked in this order: the
/// first that applies is given.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq, Hash)]
pub enum FigureReason {
    /// The player's supply holds no figure of this kind (no follower left; the mayor,
    /// wagon or barn is on the board, or Abbey & Mayor is not in play).
    #[error("{}", supply_text(*.0))]
    NotInSupply(FigureKind),
    /// The barn's corner is not one where four tiles meet with field, or its field already
    /// holds a barn.
    #[error("a barn needs a corner where four tiles meet with field, in a field without a barn")]
    NoBarnCorner,
    /// The follower, mayor or wagon may not stand on that segment: its feature is occupied,
    /// it is the wrong kind of feature for the figure, or it is a field with a barn.
    #[error("a {} cannot stand there (occupied feature, wrong kind of feature, or a field with a barn)", .0.name())]
    CannotStand(FigureKind),
}

/// Why a returning wagon may not move where a [`crate::Move::WagonTo`] sends it, in
/// [`PlayError::Wagon`].
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq, Hash)]
pub enum WagonReason {
    /// The segment on the tile at this cell is no road, city or monastery that is
    /// unfinished and unoccupied, on the wagon's tile or one of the eight around it (or
    /// there is no such tile or segment).
    #[error(
        "the target at {0} must be a road, city or monastery, not completed, unoccupied, on the wagon's tile or one of the eight around it"
    )]
    BadTarget(Pos),
}
