//! Writing: a game's log as a record, one move as a record writes it ([`describe_move`]),
//! and the names a record gives figures and wagon targets.

use serde::Serialize;

use super::format::{
    ABBEY_MAYOR, FORMAT, Record, RecordFigure, RecordPlayer, RecordTarget, RecordTurn, RecordWagon,
};
use crate::board::Board;
use crate::game::{Game, TurnEntry};
use crate::geometry::Pos;
use crate::moves::{Decision, FigureKind, Move};
use crate::tile::{TileInfo, tables};
use crate::view::PublicView;

impl RecordFigure {
    /// A figure of `kind` on `spot` of the tile at `pos`, named as a record writes it.
    pub fn named(board: &Board, pos: Pos, kind: FigureKind, spot: u8) -> RecordFigure {
        let name = Some(board.spot_name(pos, kind, spot).to_string());
        let (on, corner) = match kind {
            FigureKind::Barn => (None, name),
            _ => (name, None),
        };
        RecordFigure {
            kind: kind.name().into(),
            on,
            corner,
        }
    }
}

impl RecordTarget {
    /// Local segment `seg` of the tile at `pos`, named as a record writes it.
    pub fn named(board: &Board, pos: Pos, seg: u8) -> RecordTarget {
        RecordTarget {
            at: [pos.x.into(), pos.y.into()],
            on: board.segment_name(pos, seg).into(),
        }
    }
}

impl Record {
    /// Serialises the record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Builds the record of a game: its log, with the given players.
    pub fn from_game(game: &Game, players: Vec<RecordPlayer>) -> Record {
        let board = game.board();
        let figure = |pos: Pos, f: &Option<(FigureKind, u8)>| {
            f.map(|(kind, spot)| RecordFigure::named(board, pos, kind, spot))
        };
        let wagons = |w: &Vec<(u8, Option<(Pos, u8)>)>| {
            w.iter()
                .map(|&(player, to)| RecordWagon {
                    player: player as usize,
                    to: to.map(|(p, seg)| RecordTarget::named(board, p, seg)),
                })
                .collect()
        };
        let turns = game
            .log()
            .iter()
            .map(|e| match e {
                TurnEntry::Tile {
                    tile,
                    pos,
                    rot,
                    figure: f,
                    wagons: w,
                } => RecordTurn {
                    tile: Some(tables().types[*tile as usize].id.into()),
                    at: Some([pos.x as i64, pos.y as i64]),
                    rotation: Some(90 * *rot as i64),
                    figure: figure(*pos, f),
                    wagons: wagons(w),
                    ..RecordTurn::default()
                },
                TurnEntry::Abbey {
                    pos,
                    figure: f,
                    wagons: w,
                } => RecordTurn {
                    abbey: Some([pos.x as i64, pos.y as i64]),
                    figure: figure(*pos, f),
                    wagons: wagons(w),
                    ..RecordTurn::default()
                },
                TurnEntry::Discarded { tile } => RecordTurn {
                    discarded: Some(tables().types[*tile as usize].id.into()),
                    ..RecordTurn::default()
                },
                TurnEntry::Pass => RecordTurn {
                    pass: Some(true),
                    ..RecordTurn::default()
                },
            })
            .collect();
        Record {
            format: FORMAT.into(),
            players,
            expansions: if game.abbey_mayor() {
                vec![ABBEY_MAYOR.into()]
            } else {
                vec![]
            },
            seed: Some(game.seed()),
            turns,
            end: game.is_over(),
        }
    }
}

/// A move as a record writes it, with the decision it answers. Only the fields of that
/// decision are present: `draw`; `tile`, `at`, `rotation`; `abbey`; `figure` (`null` for no
/// figure); `wagon`; `pass`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveNotation {
    /// The player who decides (0-based seat).
    pub player: u8,
    /// The decision answered: `draw_or_abbey`, `place_tile`, `place_figure`, `move_wagon`
    /// or `final_abbey`.
    pub decision: &'static str,
    /// Draw a tile instead of placing the abbey.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw: Option<bool>,
    /// The tile to place.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    /// Where the tile goes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<[i64; 2]>,
    /// Degrees clockwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotation: Option<u16>,
    /// The hole for the abbey.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub abbey: Option<[i64; 2]>,
    /// The figure on the tile just placed; `Some(None)` (JSON `null`) places none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub figure: Option<Option<RecordFigure>>,
    /// Where the returning wagon goes (`to: null` sends it home).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wagon: Option<RecordWagon>,
    /// Decline the final abbey round's offer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pass: Option<bool>,
}

fn at(p: Pos) -> [i64; 2] {
    [i64::from(p.x), i64::from(p.y)]
}

/// Writes `mv`, a legal move for the pending decision of `view`, in record notation.
pub fn describe_move(view: &PublicView, mv: Move) -> MoveNotation {
    let decision = view.decision();
    let mut out = MoveNotation {
        player: decision.player().unwrap_or(0),
        decision: decision.name(),
        draw: None,
        tile: None,
        at: None,
        rotation: None,
        abbey: None,
        figure: None,
        wagon: None,
        pass: None,
    };
    match mv {
        Move::Draw => out.draw = Some(true),
        Move::Place { pos, rot } => {
            if let Decision::PlaceTile { tile, .. } = decision {
                out.tile = Some(TileInfo::of(tile).id().to_string());
            }
            out.at = Some(at(pos));
            out.rotation = Some(90 * u16::from(rot));
        }
        Move::Abbey { pos } => out.abbey = Some(at(pos)),
        Move::Figure { kind, spot } => {
            if let Decision::PlaceFigure { pos, .. } = decision {
                out.figure = Some(Some(RecordFigure::named(view.board(), pos, kind, spot)));
            }
        }
        Move::NoFigure => out.figure = Some(None),
        Move::WagonTo { pos, seg } => {
            out.wagon = Some(RecordWagon {
                player: usize::from(out.player),
                to: Some(RecordTarget::named(view.board(), pos, seg)),
            });
        }
        Move::WagonHome => {
            out.wagon = Some(RecordWagon {
                player: usize::from(out.player),
                to: None,
            });
        }
        Move::Pass => out.pass = Some(true),
    }
    out
}
