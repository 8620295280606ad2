//! Explanations of illegal moves: the reason [`Game::play`] gives in its [`PlayError`].

use super::{Game, Phase};
use crate::error::{
    AbbeyReason, DecisionKind, FigureReason, MoveKind, PlacementReason, PlayError, WagonReason,
};
use crate::moves::{FigureKind, Move};
use crate::tile::tables;

impl Game {
    pub(super) fn explain_illegal(&self, mv: Move) -> PlayError {
        let expected = match self.phase {
            Phase::Start => DecisionKind::DrawOrAbbey,
            Phase::Place(_) => DecisionKind::PlaceTile,
            Phase::Figure => DecisionKind::PlaceFigure,
            Phase::Wagon => DecisionKind::MoveWagon,
            Phase::FinalAbbey => DecisionKind::FinalAbbey,
            Phase::Over => return PlayError::GameOver,
        };
        let wrong = |got| PlayError::WrongDecision { expected, got };
        match (mv, self.phase) {
            (Move::Place { pos, rot }, Phase::Place(tile)) => {
                let reason = if self.board.at(pos).is_some() {
                    PlacementReason::CellTaken
                } else if let Some(f) = self.board.frontier_at(pos) {
                    let pattern =
                        tables().types[tile as usize].orientations[rot as usize & 3].pattern;
                    if rot > 3 {
                        PlacementReason::BadRotation
                    } else if !f.fits(pattern) {
                        PlacementReason::EdgesMismatch
                    } else {
                        PlacementReason::RedundantRotation
                    }
                } else {
                    PlacementReason::NotAdjacent
                };
                PlayError::Placement {
                    tile,
                    pos,
                    rot,
                    reason,
                }
            }
            (Move::Abbey { pos }, Phase::Start | Phase::FinalAbbey) => {
                PlayError::Abbey(if self.players[self.current as usize].abbey {
                    AbbeyReason::NotAHole(pos)
                } else {
                    AbbeyReason::NoneLeft
                })
            }
            (Move::Figure { kind, .. }, Phase::Figure) => {
                let p = self.players[self.current as usize];
                let in_supply = match kind {
                    FigureKind::Follower => p.followers > 0,
                    FigureKind::Mayor => p.mayor,
                    FigureKind::Wagon => p.wagon,
                    FigureKind::Barn => p.barn,
                };
                PlayError::Figure(if !in_supply {
                    FigureReason::NotInSupply(kind)
                } else if kind == FigureKind::Barn {
                    FigureReason::NoBarnCorner
                } else {
                    FigureReason::CannotStand(kind)
                })
            }
            (Move::WagonTo { pos, .. }, Phase::Wagon) => {
                PlayError::Wagon(WagonReason::BadTarget(pos))
            }
            (Move::Draw, _) => wrong(MoveKind::Draw),
            (Move::Place { .. }, _) => wrong(MoveKind::Place),
            (Move::Abbey { .. }, _) => wrong(MoveKind::Abbey),
            (Move::Figure { .. } | Move::NoFigure, _) => wrong(MoveKind::Figure),
            (Move::WagonTo { .. } | Move::WagonHome, _) => wrong(MoveKind::Wagon),
            (Move::Pass, _) => wrong(MoveKind::Pass),
        }
    }
}
