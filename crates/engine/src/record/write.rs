//! Writing: a game's log as a record, and the names a record gives figures and wagon
//! targets.

use super::format::{
    ABBEY_MAYOR, FORMAT, Record, RecordFigure, RecordPlayer, RecordTarget, RecordTurn, RecordWagon,
};
use crate::board::Board;
use crate::game::{Game, TurnEntry};
use crate::geometry::Pos;
use crate::moves::FigureKind;
use crate::tile::tables;

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
