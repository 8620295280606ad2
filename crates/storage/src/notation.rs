//! Moves by name: the form in which the UI sends a move and the autosave stores the moves of
//! an unfinished turn. Names are those of RULES.md §1, so a move means the same on any tile
//! whatever its internal segment numbering.

use carcassonne_engine::board::Board;
use carcassonne_engine::geometry::{CORNER_NAMES, parse_corner};
use carcassonne_engine::tile::ABBEY;
use carcassonne_engine::{Decision, FigureKind, Game, Move, Pos, tables};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A target of a returning wagon.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WagonTarget {
    /// Column of the tile.
    pub x: i32,
    /// Row of the tile.
    pub y: i32,
    /// Segment name on that tile.
    pub on: String,
}

/// A move by name (see `src-tauri/API.md`, "MoveInput").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum MoveSpec {
    /// Draw a tile instead of placing the abbey.
    Draw,
    /// Place the abbey into the hole at (x, y).
    Abbey {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// Place the drawn tile.
    Place {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// Degrees clockwise: 0, 90, 180 or 270.
        rotation: i32,
    },
    /// Put a figure on the tile just placed.
    Figure {
        /// `follower`, `mayor`, `wagon` or `barn`.
        kind: String,
        /// Segment name, or the corner for a barn.
        on: String,
    },
    /// Place no figure.
    NoFigure,
    /// Move the returning wagon on, or home with `to: null`.
    Wagon {
        /// Where it goes.
        to: Option<WagonTarget>,
    },
    /// Keep the abbey in the final abbey round.
    Pass,
}

/// Why a [`MoveSpec`] names no move of the pending decision.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MoveSpecError {
    /// Malformed: an unknown name, a bad rotation, a position far off the board.
    #[error("{0}")]
    Invalid(String),
    /// Well-formed, but the rules refuse it now.
    #[error("{0}")]
    Illegal(String),
}

fn pos(x: i32, y: i32) -> Result<Pos, MoveSpecError> {
    match (i16::try_from(x), i16::try_from(y)) {
        (Ok(x), Ok(y)) if x.abs() <= 200 && y.abs() <= 200 => Ok(Pos::new(x, y)),
        _ => Err(MoveSpecError::Invalid(format!(
            "position ({x}, {y}) is far off the board"
        ))),
    }
}

/// The local segment named `on` of the tile at `p`.
fn segment(game: &Game, p: Pos, on: &str) -> Result<u8, MoveSpecError> {
    let Some(t) = game.board().at(p) else {
        return Err(MoveSpecError::Illegal(format!("there is no tile at {p}")));
    };
    let seg = if t.tile == ABBEY {
        (on == "monastery").then_some(0)
    } else {
        Board::oriented(t).segment_named(on)
    };
    seg.ok_or_else(|| MoveSpecError::Invalid(format!("the tile at {p} has no feature \"{on}\"")))
}

/// The segment name of local segment `seg` of the tile at `p`.
pub fn segment_name(game: &Game, p: Pos, seg: u8) -> &'static str {
    match game.board().at(p) {
        Some(t) if t.tile != ABBEY => Board::oriented(t).segment_name(seg),
        _ => "monastery",
    }
}

impl MoveSpec {
    /// The engine move this names for `game`'s pending decision. Only the names are checked
    /// here; legality is [`Game::play`]'s.
    ///
    /// # Errors
    /// [`MoveSpecError::Invalid`] for a malformed move; [`MoveSpecError::Illegal`] when it
    /// refers to something the board does not have (no tile to stand on).
    pub fn to_move(&self, game: &Game) -> Result<Move, MoveSpecError> {
        Ok(match self {
            MoveSpec::Draw => Move::Draw,
            MoveSpec::Pass => Move::Pass,
            MoveSpec::NoFigure => Move::NoFigure,
            MoveSpec::Abbey { x, y } => Move::Abbey { pos: pos(*x, *y)? },
            MoveSpec::Place { x, y, rotation } => {
                if !matches!(rotation, 0 | 90 | 180 | 270) {
                    return Err(MoveSpecError::Invalid(format!(
                        "rotation {rotation} is not 0, 90, 180 or 270"
                    )));
                }
                let mut rot = (rotation / 90) as u8;
                // Equal rotations of a symmetric tile are one placement: use the engine's.
                if let Decision::PlaceTile { tile, .. } = game.decision() {
                    rot = tables().types[tile as usize].canonical_rotation[rot as usize];
                }
                Move::Place {
                    pos: pos(*x, *y)?,
                    rot,
                }
            }
            MoveSpec::Figure { kind, on } => {
                let Some(kind) = FigureKind::parse(kind) else {
                    return Err(MoveSpecError::Invalid(format!(
                        "unknown figure kind \"{kind}\""
                    )));
                };
                let Decision::PlaceFigure { pos: at, .. } = game.decision() else {
                    return Err(MoveSpecError::Illegal(
                        "no figure can be placed now".to_string(),
                    ));
                };
                let spot = if kind == FigureKind::Barn {
                    parse_corner(on).ok_or_else(|| {
                        MoveSpecError::Invalid(format!(
                            "a barn stands on a corner (NW, NE, SE, SW), not \"{on}\""
                        ))
                    })?
                } else {
                    segment(game, at, on)?
                };
                Move::Figure { kind, spot }
            }
            MoveSpec::Wagon { to: None } => Move::WagonHome,
            MoveSpec::Wagon { to: Some(t) } => {
                let p = pos(t.x, t.y)?;
                Move::WagonTo {
                    pos: p,
                    seg: segment(game, p, &t.on)?,
                }
            }
        })
    }

    /// The named form of `mv`, a move for `game`'s pending decision (names are taken from the
    /// board as it is before the move, which is where they refer to).
    pub fn from_move(game: &Game, mv: Move) -> MoveSpec {
        match mv {
            Move::Draw => MoveSpec::Draw,
            Move::Pass => MoveSpec::Pass,
            Move::NoFigure => MoveSpec::NoFigure,
            Move::WagonHome => MoveSpec::Wagon { to: None },
            Move::Abbey { pos } => MoveSpec::Abbey {
                x: pos.x.into(),
                y: pos.y.into(),
            },
            Move::Place { pos, rot } => MoveSpec::Place {
                x: pos.x.into(),
                y: pos.y.into(),
                rotation: 90 * i32::from(rot),
            },
            Move::Figure { kind, spot } => {
                let on = if kind == FigureKind::Barn {
                    CORNER_NAMES[spot as usize & 3]
                } else {
                    match game.decision() {
                        Decision::PlaceFigure { pos, .. } => segment_name(game, pos, spot),
                        _ => "monastery",
                    }
                };
                MoveSpec::Figure {
                    kind: kind.name().to_string(),
                    on: on.to_string(),
                }
            }
            Move::WagonTo { pos, seg } => MoveSpec::Wagon {
                to: Some(WagonTarget {
                    x: pos.x.into(),
                    y: pos.y.into(),
                    on: segment_name(game, pos, seg).to_string(),
                }),
            },
        }
    }
}
