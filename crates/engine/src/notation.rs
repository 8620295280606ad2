//! Moves by name (RULES.md §1), both ways: [`MoveName`] is a move as people, the UI, the
//! autosave and records name it (positions, degrees, figure kinds, segment and corner names),
//! so it means the same on any tile whatever the engine's internal segment numbering.
//!
//! The names themselves live here too, for every caller: [`Board::segment_name`] and
//! [`Board::segment_named`] (`monastery` on the abbey), [`Board::spot_name`] (a segment, or a
//! corner for a barn), [`corner_name`], and the one coordinate limit ([`check_pos`]) and
//! rotation check ([`check_rotation`]) of every named move, the record's included.
//!
//! A move in record notation (a record entry's fields, the hint's form) is
//! [`describe_move`](crate::describe_move), in `record`: it is written with the record's
//! figure and wagon types, and the record reads its moves through this module.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::Board;
use crate::error::{Message, Params, pos_params};
use crate::game::Game;
use crate::geometry::{CORNER_NAMES, Pos, parse_corner};
use crate::moves::{Decision, FigureKind, Move};
use crate::tile::tables;

/// How far from the start tile a named position may lie, in either coordinate.
pub const MAX_COORD: i64 = 200;

/// Why a name names no move. The message is one line; `is_illegal` tells a well-formed name
/// the board refuses from a malformed one.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum NameError {
    /// A coordinate beyond [`MAX_COORD`].
    #[error("position ({x}, {y}) is far off the board")]
    FarOff {
        /// Column.
        x: i64,
        /// Row.
        y: i64,
    },
    /// Not 0, 90, 180 or 270 degrees.
    #[error("rotation {0} is not 0, 90, 180 or 270")]
    BadRotation(i64),
    /// Not `follower`, `mayor`, `wagon` or `barn`.
    #[error("unknown figure kind \"{0}\"")]
    UnknownFigure(String),
    /// A barn named by something else than a corner.
    #[error("a barn stands on a corner (NW, NE, SE, SW), not \"{0}\"")]
    NotCorner(String),
    /// No tile at the position (illegal).
    #[error("there is no tile at {0}")]
    NoTile(Pos),
    /// The tile has no segment of that name.
    #[error("the tile at {pos} has no feature \"{name}\"")]
    NoFeature {
        /// The tile.
        pos: Pos,
        /// The name asked for.
        name: String,
    },
    /// A figure named when no figure is to be placed (illegal).
    #[error("no figure can be placed now")]
    NoFigureNow,
}

impl Message for NameError {
    fn key(&self) -> &'static str {
        match self {
            NameError::FarOff { .. } => "name.far_off",
            NameError::BadRotation(_) => "name.bad_rotation",
            NameError::UnknownFigure(_) => "name.unknown_figure",
            NameError::NotCorner(_) => "name.not_corner",
            NameError::NoTile(_) => "name.no_tile",
            NameError::NoFeature { .. } => "name.no_feature",
            NameError::NoFigureNow => "name.no_figure_now",
        }
    }

    /// `x` and `y` of a position; `rotation` (degrees); `figure` and `on` (the names given);
    /// `x`, `y` and `on` of a missing feature.
    fn params(&self) -> Params {
        match self {
            NameError::FarOff { x, y } => vec![("x", (*x).into()), ("y", (*y).into())],
            NameError::BadRotation(r) => vec![("rotation", (*r).into())],
            NameError::UnknownFigure(name) => vec![("figure", name.as_str().into())],
            NameError::NotCorner(name) => vec![("on", name.as_str().into())],
            NameError::NoTile(pos) => pos_params(*pos),
            NameError::NoFeature { pos, name } => {
                let mut p = pos_params(*pos);
                p.push(("on", name.as_str().into()));
                p
            }
            NameError::NoFigureNow => Vec::new(),
        }
    }
}

impl NameError {
    /// One error of every kind.
    pub fn examples() -> Vec<NameError> {
        let pos = Pos::new(1, 0);
        vec![
            NameError::FarOff { x: 500, y: 0 },
            NameError::BadRotation(45),
            NameError::UnknownFigure("dragon".into()),
            NameError::NotCorner("N".into()),
            NameError::NoTile(pos),
            NameError::NoFeature {
                pos,
                name: "Wn".into(),
            },
            NameError::NoFigureNow,
        ]
    }

    /// Whether the name is well-formed but refers to what the board does not have now
    /// (`NoTile`, `NoFigureNow`); the others are malformed.
    pub fn is_illegal(&self) -> bool {
        matches!(self, NameError::NoTile(_) | NameError::NoFigureNow)
    }
}

/// The position `(x, y)`, if within [`MAX_COORD`] of the start tile.
///
/// # Errors
/// [`NameError::FarOff`].
pub fn check_pos(x: i64, y: i64) -> Result<Pos, NameError> {
    let range = -MAX_COORD..=MAX_COORD;
    if !range.contains(&x) || !range.contains(&y) {
        return Err(NameError::FarOff { x, y });
    }
    Ok(Pos::new(x as i16, y as i16))
}

/// The quarter turns of a rotation of `degrees` clockwise.
///
/// # Errors
/// [`NameError::BadRotation`] unless 0, 90, 180 or 270.
pub fn check_rotation(degrees: i64) -> Result<u8, NameError> {
    match degrees {
        0 | 90 | 180 | 270 => Ok((degrees / 90) as u8),
        _ => Err(NameError::BadRotation(degrees)),
    }
}

/// The name of corner `corner` (0 = `NW`, 1 = `NE`, 2 = `SE`, 3 = `SW`).
pub fn corner_name(corner: u8) -> &'static str {
    CORNER_NAMES[corner as usize & 3]
}

impl Board {
    /// The canonical name (RULES.md §1) of local segment `seg` of the tile at `pos`:
    /// `monastery` on the abbey (and where no tile lies).
    pub fn segment_name(&self, pos: Pos, seg: u8) -> &'static str {
        self.at(pos)
            .map_or("monastery", |t| Board::oriented(t).segment_name(seg))
    }

    /// What a figure of `kind` on `spot` of the tile at `pos` stands on: the corner name for
    /// a barn, else the segment name.
    pub fn spot_name(&self, pos: Pos, kind: FigureKind, spot: u8) -> &'static str {
        match kind {
            FigureKind::Barn => corner_name(spot),
            _ => self.segment_name(pos, spot),
        }
    }

    /// The local segment of the tile at `pos` named `name` (by any side or half-edge it
    /// touches, `inner`, `inner2` or `monastery`).
    ///
    /// # Errors
    /// [`NameError::NoTile`], [`NameError::NoFeature`].
    pub fn segment_named(&self, pos: Pos, name: &str) -> Result<u8, NameError> {
        let t = self.at(pos).ok_or(NameError::NoTile(pos))?;
        Board::oriented(t)
            .segment_named(name)
            .ok_or_else(|| NameError::NoFeature {
                pos,
                name: name.to_string(),
            })
    }
}

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

/// A move by name (see `src-tauri/API.md`, "MoveInput"): the form in which the UI sends a
/// move and the autosave stores the moves of an unfinished turn. Its JSON is tagged by
/// `type`. [`fmt::Display`] writes it short: `draw`, `abbey 3,-1`, `place 12,-3 r90`,
/// `follower on N`, `barn on SE`, `no figure`, `wagon to 1,0 Nw`, `wagon home`, `pass`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum MoveName {
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

impl MoveName {
    /// The engine move this names for `game`'s pending decision. Only the names are checked
    /// here; legality is [`Game::play`]'s. A rotation that gives the same tile as a smaller
    /// one names the smaller.
    ///
    /// # Errors
    /// A [`NameError`] saying which name is wrong.
    pub fn to_move(&self, game: &Game) -> Result<Move, NameError> {
        let board = game.board();
        Ok(match self {
            MoveName::Draw => Move::Draw,
            MoveName::Pass => Move::Pass,
            MoveName::NoFigure => Move::NoFigure,
            MoveName::Abbey { x, y } => Move::Abbey {
                pos: check_pos((*x).into(), (*y).into())?,
            },
            MoveName::Place { x, y, rotation } => {
                let mut rot = check_rotation((*rotation).into())?;
                if let Decision::PlaceTile { tile, .. } = game.decision() {
                    rot = tables().types[tile as usize].canonical_rotation[rot as usize];
                }
                Move::Place {
                    pos: check_pos((*x).into(), (*y).into())?,
                    rot,
                }
            }
            MoveName::Figure { kind, on } => {
                let kind = FigureKind::parse(kind)
                    .ok_or_else(|| NameError::UnknownFigure(kind.clone()))?;
                let Decision::PlaceFigure { pos, .. } = game.decision() else {
                    return Err(NameError::NoFigureNow);
                };
                let spot = match kind {
                    FigureKind::Barn => {
                        parse_corner(on).ok_or_else(|| NameError::NotCorner(on.clone()))?
                    }
                    _ => board.segment_named(pos, on)?,
                };
                Move::Figure { kind, spot }
            }
            MoveName::Wagon { to: None } => Move::WagonHome,
            MoveName::Wagon { to: Some(t) } => {
                let pos = check_pos(t.x.into(), t.y.into())?;
                Move::WagonTo {
                    pos,
                    seg: board.segment_named(pos, &t.on)?,
                }
            }
        })
    }

    /// The name of `mv`, a move for `game`'s pending decision (names are taken from the
    /// board as it is before the move, which is where they refer to).
    pub fn from_move(game: &Game, mv: Move) -> MoveName {
        match mv {
            Move::Draw => MoveName::Draw,
            Move::Pass => MoveName::Pass,
            Move::NoFigure => MoveName::NoFigure,
            Move::WagonHome => MoveName::Wagon { to: None },
            Move::Abbey { pos } => MoveName::Abbey {
                x: pos.x.into(),
                y: pos.y.into(),
            },
            Move::Place { pos, rot } => MoveName::Place {
                x: pos.x.into(),
                y: pos.y.into(),
                rotation: 90 * i32::from(rot),
            },
            Move::Figure { kind, spot } => {
                let on = match game.decision() {
                    Decision::PlaceFigure { pos, .. } => game.board().spot_name(pos, kind, spot),
                    _ if kind == FigureKind::Barn => corner_name(spot),
                    _ => "monastery",
                };
                MoveName::Figure {
                    kind: kind.name().to_string(),
                    on: on.to_string(),
                }
            }
            Move::WagonTo { pos, seg } => MoveName::Wagon {
                to: Some(WagonTarget {
                    x: pos.x.into(),
                    y: pos.y.into(),
                    on: game.board().segment_name(pos, seg).to_string(),
                }),
            },
        }
    }
}

impl fmt::Display for MoveName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveName::Draw => write!(f, "draw"),
            MoveName::Abbey { x, y } => write!(f, "abbey {x},{y}"),
            MoveName::Place { x, y, rotation } => write!(f, "place {x},{y} r{rotation}"),
            MoveName::Figure { kind, on } => write!(f, "{kind} on {on}"),
            MoveName::NoFigure => write!(f, "no figure"),
            MoveName::Wagon { to: None } => write!(f, "wagon home"),
            MoveName::Wagon { to: Some(t) } => write!(f, "wagon to {},{} {}", t.x, t.y, t.on),
            MoveName::Pass => write!(f, "pass"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of name error is among the examples, each with its own key (the match is
    /// exhaustive: a new kind needs a number here and an example).
    #[test]
    fn every_name_error_has_an_example_and_a_key() {
        let kind = |e: &NameError| match e {
            NameError::FarOff { .. } => 0,
            NameError::BadRotation(_) => 1,
            NameError::UnknownFigure(_) => 2,
            NameError::NotCorner(_) => 3,
            NameError::NoTile(_) => 4,
            NameError::NoFeature { .. } => 5,
            NameError::NoFigureNow => 6,
        };
        let examples = NameError::examples();
        let kinds: std::collections::BTreeSet<usize> = examples.iter().map(kind).collect();
        assert_eq!(kinds, (0..7).collect());
        let keys: std::collections::BTreeSet<&str> = examples.iter().map(Message::key).collect();
        assert_eq!(keys.len(), 7);
        let e = NameError::NoFeature {
            pos: Pos::new(-3, 4),
            name: "Wn".into(),
        };
        let params = serde_json::to_string(&e.params()).unwrap();
        assert_eq!(params, r#"[["x",-3],["y",4],["on","Wn"]]"#);
    }
    use crate::game::Setup;

    /// Every legal move of a few games (first choices and last choices) goes to its name
    /// and back, through JSON too.
    #[test]
    fn every_legal_move_round_trips_through_its_name() {
        for seed in 0..4 {
            let mut game = Game::new(&Setup {
                players: 3,
                abbey_mayor: true,
                seed,
            })
            .unwrap();
            while !game.is_over() {
                let moves = game.legal_moves();
                for &mv in &moves {
                    let name = MoveName::from_move(&game, mv);
                    let json = serde_json::to_string(&name).unwrap();
                    let back: MoveName = serde_json::from_str(&json).unwrap();
                    assert_eq!(back.to_move(&game), Ok(mv), "{name} ({json})");
                }
                let pick = if seed % 2 == 0 { 0 } else { moves.len() - 1 };
                game.play(moves[pick]).unwrap();
            }
        }
    }

    #[test]
    fn names_read_as_the_ui_sends_them_and_write_short() {
        let cases = [
            (r#"{"type":"draw"}"#, "draw"),
            (r#"{"type":"abbey","x":3,"y":-1}"#, "abbey 3,-1"),
            (
                r#"{"type":"place","x":12,"y":-3,"rotation":90}"#,
                "place 12,-3 r90",
            ),
            (r#"{"type":"figure","kind":"barn","on":"SE"}"#, "barn on SE"),
            (r#"{"type":"no_figure"}"#, "no figure"),
            (
                r#"{"type":"wagon","to":{"x":1,"y":0,"on":"Nw"}}"#,
                "wagon to 1,0 Nw",
            ),
            (r#"{"type":"wagon","to":null}"#, "wagon home"),
            (r#"{"type":"pass"}"#, "pass"),
        ];
        for (json, text) in cases {
            let name: MoveName = serde_json::from_str(json).unwrap();
            assert_eq!(name.to_string(), text);
            assert_eq!(serde_json::to_string(&name).unwrap(), json);
        }
        let extra = r#"{"type":"abbey","x":1,"y":2,"z":3}"#;
        assert!(serde_json::from_str::<MoveName>(extra).is_err());
    }

    #[test]
    fn bad_names_say_what_is_wrong() {
        let game = Game::new(&Setup {
            players: 2,
            abbey_mayor: true,
            seed: 1,
        })
        .unwrap();
        let place = |x, y, rotation| MoveName::Place { x, y, rotation }.to_move(&game);
        let figure = |kind: &str, on: &str| {
            MoveName::Figure {
                kind: kind.into(),
                on: on.into(),
            }
            .to_move(&game)
        };
        let wagon = |x, y, on: &str| {
            MoveName::Wagon {
                to: Some(WagonTarget {
                    x,
                    y,
                    on: on.into(),
                }),
            }
            .to_move(&game)
        };
        let cases = [
            (
                place(201, 0, 0),
                "position (201, 0) is far off the board",
                false,
            ),
            (
                place(0, 0, 45),
                "rotation 45 is not 0, 90, 180 or 270",
                false,
            ),
            (
                figure("knight", "N"),
                "unknown figure kind \"knight\"",
                false,
            ),
            (figure("barn", "N"), "no figure can be placed now", true),
            (wagon(1, 1, "N"), "there is no tile at (1, 1)", true),
            (
                wagon(0, 0, "Q"),
                "the tile at (0, 0) has no feature \"Q\"",
                false,
            ),
        ];
        for (result, text, illegal) in cases {
            let e = result.unwrap_err();
            assert_eq!((e.to_string().as_str(), e.is_illegal()), (text, illegal));
        }
        assert_eq!(
            NameError::NotCorner("N".into()).to_string(),
            "a barn stands on a corner (NW, NE, SE, SW), not \"N\""
        );
    }
}
