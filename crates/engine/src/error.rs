//! Typed errors. The engine never panics on user input; every refusal is one of these.
//!
//! A refused move ([`PlayError`]) carries its reason as data (the pending decision, the
//! kind of move, the tile, cell and rotation, why the rules forbid it), so a front end can
//! word it in its own language; the English `Display` text is what records and the CLI show.
//! Every error of the engine is also a [`Message`]: a stable message id and plain parameters
//! (numbers, tile ids, segment names), the words left to the front end's catalogues.

use serde::Serialize;
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

/// A parameter of an error's message: a number or a short plain string (a tile id, a figure
/// kind, a file name), never a sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Param {
    /// A number.
    Number(i64),
    /// A plain string.
    Text(String),
}

impl From<i64> for Param {
    fn from(n: i64) -> Param {
        Param::Number(n)
    }
}

impl From<i16> for Param {
    fn from(n: i16) -> Param {
        Param::Number(n.into())
    }
}

impl From<u8> for Param {
    fn from(n: u8) -> Param {
        Param::Number(n.into())
    }
}

impl From<u16> for Param {
    fn from(n: u16) -> Param {
        Param::Number(n.into())
    }
}

impl From<usize> for Param {
    fn from(n: usize) -> Param {
        // No count the game deals with comes near i64's range.
        Param::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<&str> for Param {
    fn from(s: &str) -> Param {
        Param::Text(s.into())
    }
}

impl From<String> for Param {
    fn from(s: String) -> Param {
        Param::Text(s)
    }
}

/// A message's parameters by name.
pub type Params = Vec<(&'static str, Param)>;

/// An error a front end can put in its own words: a stable message id (`key`) naming the
/// precise reason, and the plain values that go into the sentence (`params`). The `Display`
/// text stays the English wording (records, the CLI, logs).
pub trait Message: std::fmt::Display {
    /// The message id, e.g. `play.placement.edges_mismatch`.
    fn key(&self) -> &'static str;
    /// The message's parameters, e.g. `x` and `y` of a cell.
    fn params(&self) -> Params {
        Vec::new()
    }
}

/// The parameters `x` and `y` of a position.
pub(crate) fn pos_params(pos: Pos) -> Params {
    vec![("x", pos.x.into()), ("y", pos.y.into())]
}

impl DecisionKind {
    /// Every kind.
    pub const ALL: [DecisionKind; 5] = [
        DecisionKind::DrawOrAbbey,
        DecisionKind::PlaceTile,
        DecisionKind::PlaceFigure,
        DecisionKind::MoveWagon,
        DecisionKind::FinalAbbey,
    ];

    /// Its name in messages' parameters (as [`crate::Decision::name`]).
    pub fn name(self) -> &'static str {
        match self {
            DecisionKind::DrawOrAbbey => "draw_or_abbey",
            DecisionKind::PlaceTile => "place_tile",
            DecisionKind::PlaceFigure => "place_figure",
            DecisionKind::MoveWagon => "move_wagon",
            DecisionKind::FinalAbbey => "final_abbey",
        }
    }
}

impl MoveKind {
    /// Every kind.
    pub const ALL: [MoveKind; 6] = [
        MoveKind::Draw,
        MoveKind::Place,
        MoveKind::Abbey,
        MoveKind::Figure,
        MoveKind::Wagon,
        MoveKind::Pass,
    ];

    /// Its name in messages' parameters.
    pub fn name(self) -> &'static str {
        match self {
            MoveKind::Draw => "draw",
            MoveKind::Place => "place",
            MoveKind::Abbey => "abbey",
            MoveKind::Figure => "figure",
            MoveKind::Wagon => "wagon",
            MoveKind::Pass => "pass",
        }
    }
}

impl PlacementReason {
    /// Every reason.
    pub const ALL: [PlacementReason; 5] = [
        PlacementReason::CellTaken,
        PlacementReason::NotAdjacent,
        PlacementReason::BadRotation,
        PlacementReason::EdgesMismatch,
        PlacementReason::RedundantRotation,
    ];
}

impl Message for PlayError {
    fn key(&self) -> &'static str {
        match self {
            PlayError::GameOver => "play.game_over",
            PlayError::WrongDecision { .. } => "play.wrong_decision",
            PlayError::Placement { reason, .. } => match reason {
                PlacementReason::CellTaken => "play.placement.cell_taken",
                PlacementReason::NotAdjacent => "play.placement.not_adjacent",
                PlacementReason::BadRotation => "play.placement.bad_rotation",
                PlacementReason::EdgesMismatch => "play.placement.edges_mismatch",
                PlacementReason::RedundantRotation => "play.placement.redundant_rotation",
            },
            PlayError::Abbey(AbbeyReason::NoneLeft) => "play.abbey.none_left",
            PlayError::Abbey(AbbeyReason::NotAHole(_)) => "play.abbey.not_a_hole",
            PlayError::Figure(FigureReason::NotInSupply(_)) => "play.figure.not_in_supply",
            PlayError::Figure(FigureReason::NoBarnCorner) => "play.figure.no_barn_corner",
            PlayError::Figure(FigureReason::CannotStand(_)) => "play.figure.cannot_stand",
            PlayError::Wagon(WagonReason::BadTarget(_)) => "play.wagon.bad_target",
        }
    }

    /// `expected` and `got` (a [`DecisionKind`] and a [`MoveKind`] name) of a wrong decision;
    /// `tile` (its id), `x`, `y` and `rotation` (degrees) of a placement; `x`, `y` of a
    /// hole or wagon target; `figure` (a [`FigureKind`] name) of a figure.
    fn params(&self) -> Params {
        match self {
            PlayError::GameOver
            | PlayError::Abbey(AbbeyReason::NoneLeft)
            | PlayError::Figure(FigureReason::NoBarnCorner) => Vec::new(),
            PlayError::WrongDecision { expected, got } => vec![
                ("expected", expected.name().into()),
                ("got", got.name().into()),
            ],
            PlayError::Placement { tile, pos, rot, .. } => {
                let mut p = vec![("tile", tile_id(*tile).into())];
                p.extend(pos_params(*pos));
                p.push(("rotation", (90 * u16::from(*rot)).into()));
                p
            }
            PlayError::Abbey(AbbeyReason::NotAHole(pos))
            | PlayError::Wagon(WagonReason::BadTarget(pos)) => pos_params(*pos),
            PlayError::Figure(
                FigureReason::NotInSupply(kind) | FigureReason::CannotStand(kind),
            ) => {
                vec![("figure", kind.name().into())]
            }
        }
    }
}

impl PlayError {
    /// One error of every kind and reason (each placement reason, each figure kind), for
    /// checking that a front end words them all.
    pub fn examples() -> Vec<PlayError> {
        let pos = Pos::new(2, -1);
        let mut all = vec![PlayError::GameOver];
        for expected in DecisionKind::ALL {
            for got in MoveKind::ALL {
                all.push(PlayError::WrongDecision { expected, got });
            }
        }
        for reason in PlacementReason::ALL {
            all.push(PlayError::Placement {
                tile: 0,
                pos,
                rot: 1,
                reason,
            });
        }
        all.push(PlayError::Abbey(AbbeyReason::NoneLeft));
        all.push(PlayError::Abbey(AbbeyReason::NotAHole(pos)));
        for kind in FigureKind::ALL {
            all.push(PlayError::Figure(FigureReason::NotInSupply(kind)));
            all.push(PlayError::Figure(FigureReason::CannotStand(kind)));
        }
        all.push(PlayError::Figure(FigureReason::NoBarnCorner));
        all.push(PlayError::Wagon(WagonReason::BadTarget(pos)));
        all
    }
}

impl Message for SetupError {
    fn key(&self) -> &'static str {
        match self {
            SetupError::PlayerCount(_) => "setup.player_count",
            SetupError::Tile { .. } => "setup.tile",
        }
    }

    /// `count` of players; `tile` (its id) of a pile's tile.
    fn params(&self) -> Params {
        match self {
            SetupError::PlayerCount(n) => vec![("count", (*n).into())],
            SetupError::Tile { tile, .. } => vec![("tile", tile.as_str().into())],
        }
    }
}

impl SetupError {
    /// One error of every kind.
    pub fn examples() -> Vec<SetupError> {
        vec![
            SetupError::PlayerCount(7),
            SetupError::Tile {
                tile: "AM9".into(),
                reason: "no such tile in the set".into(),
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kind of an error, numbered: adding a kind or reason here (the match is exhaustive)
    /// makes the count below grow, and `examples` must then show it.
    fn kind(e: &PlayError) -> usize {
        match e {
            PlayError::GameOver => 0,
            PlayError::WrongDecision { .. } => 1,
            PlayError::Placement { reason, .. } => match reason {
                PlacementReason::CellTaken => 2,
                PlacementReason::NotAdjacent => 3,
                PlacementReason::BadRotation => 4,
                PlacementReason::EdgesMismatch => 5,
                PlacementReason::RedundantRotation => 6,
            },
            PlayError::Abbey(AbbeyReason::NoneLeft) => 7,
            PlayError::Abbey(AbbeyReason::NotAHole(_)) => 8,
            PlayError::Figure(FigureReason::NotInSupply(_)) => 9,
            PlayError::Figure(FigureReason::NoBarnCorner) => 10,
            PlayError::Figure(FigureReason::CannotStand(_)) => 11,
            PlayError::Wagon(WagonReason::BadTarget(_)) => 12,
        }
    }
    const KINDS: usize = 13;

    #[test]
    fn the_examples_show_every_refusal_with_its_own_key() {
        let examples = PlayError::examples();
        let kinds: std::collections::BTreeSet<usize> = examples.iter().map(kind).collect();
        assert_eq!(kinds, (0..KINDS).collect());
        let mut keys = std::collections::BTreeMap::new();
        for e in &examples {
            // One key per kind: two kinds never share one.
            assert_eq!(*keys.entry(e.key()).or_insert(kind(e)), kind(e), "{e}");
            assert!(e.key().starts_with("play."), "{}", e.key());
        }
        assert_eq!(keys.len(), KINDS);
    }

    #[test]
    fn parameters_are_plain_values_of_the_refusal() {
        let e = PlayError::Placement {
            tile: 0,
            pos: Pos::new(2, -1),
            rot: 3,
            reason: PlacementReason::EdgesMismatch,
        };
        assert_eq!(e.key(), "play.placement.edges_mismatch");
        assert_eq!(
            e.params(),
            vec![
                ("tile", Param::Text(tile_id(0).into())),
                ("x", Param::Number(2)),
                ("y", Param::Number(-1)),
                ("rotation", Param::Number(270)),
            ]
        );
        let e = PlayError::WrongDecision {
            expected: DecisionKind::PlaceFigure,
            got: MoveKind::Draw,
        };
        assert_eq!(
            e.params(),
            vec![
                ("expected", Param::Text("place_figure".into())),
                ("got", Param::Text("draw".into())),
            ]
        );
        let e = PlayError::Figure(FigureReason::NotInSupply(FigureKind::Mayor));
        assert_eq!(e.params(), vec![("figure", Param::Text("mayor".into()))]);
        assert_eq!(serde_json::to_string(&Param::Number(-3)).unwrap(), "-3");
        assert_eq!(serde_json::to_string(&Param::from("U")).unwrap(), "\"U\"");
    }

    #[test]
    fn every_setup_error_has_a_key() {
        let keys: Vec<&str> = SetupError::examples().iter().map(Message::key).collect();
        assert_eq!(keys, ["setup.player_count", "setup.tile"]);
    }
}
