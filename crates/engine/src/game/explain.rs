//! Explanations of illegal moves: the reason [`Game::play`] gives in its [`PlayError`].

use super::{Game, Phase};
use crate::error::PlayError;
use crate::moves::{FigureKind, Move};
use crate::tile::tables;

impl Game {
    pub(super) fn explain_illegal(&self, mv: Move) -> PlayError {
        let expected = match self.phase {
            Phase::Start => "a draw or an abbey",
            Phase::Place(_) => "a tile placement",
            Phase::Figure => "a figure or no figure",
            Phase::Wagon => "a wagon decision",
            Phase::FinalAbbey => "an abbey or a pass",
            Phase::Over => return PlayError::GameOver,
        };
        let wrong = |got| PlayError::WrongDecision { expected, got };
        match (mv, self.phase) {
            (Move::Place { pos, rot }, Phase::Place(tile)) => {
                let id = tables().types[tile as usize].id;
                let reason = if self.board.at(pos).is_some() {
                    "the cell is taken".to_string()
                } else if let Some(f) = self.board.frontier_at(pos) {
                    let pattern =
                        tables().types[tile as usize].orientations[rot as usize & 3].pattern;
                    if rot > 3 {
                        "the rotation must be 0, 90, 180 or 270".to_string()
                    } else if !f.fits(pattern) {
                        "its edges do not match the neighbours".to_string()
                    } else {
                        "this rotation gives the same tile as a smaller one".to_string()
                    }
                } else {
                    "the cell touches no tile".to_string()
                };
                PlayError::Placement(format!(
                    "tile {id} at {pos} rotation {}: {reason}",
                    90 * rot as u16
                ))
            }
            (Move::Abbey { pos }, Phase::Start | Phase::FinalAbbey) => {
                if !self.players[self.current as usize].abbey {
                    PlayError::Abbey("the player has no abbey left".into())
                } else {
                    PlayError::Abbey(format!(
                        "{pos} is not a hole (an empty cell with four neighbours)"
                    ))
                }
            }
            (Move::Figure { kind, .. }, Phase::Figure) => {
                let p = self.players[self.current as usize];
                let reason = match kind {
                    FigureKind::Follower if p.followers == 0 => "no follower left".to_string(),
                    FigureKind::Mayor if !p.mayor => "the mayor is not in the supply".to_string(),
                    FigureKind::Wagon if !p.wagon => "the wagon is not in the supply".to_string(),
                    FigureKind::Barn if !p.barn => "the barn is not in the supply".to_string(),
                    FigureKind::Barn => {
                        "a barn needs a corner where four tiles meet with field, in a field without a barn"
                            .to_string()
                    }
                    _ => format!(
                        "a {} cannot stand there (occupied feature, wrong kind of feature, or a field with a barn)",
                        kind.name()
                    ),
                };
                PlayError::Figure(reason)
            }
            (Move::WagonTo { pos, .. }, Phase::Wagon) => PlayError::Wagon(format!(
                "the target at {pos} must be a road, city or monastery, not completed, unoccupied, on the wagon's tile or one of the eight around it"
            )),
            (Move::Draw, _) => wrong("drawing"),
            (Move::Place { .. }, _) => wrong("a tile placement"),
            (Move::Abbey { .. }, _) => wrong("an abbey"),
            (Move::Figure { .. } | Move::NoFigure, _) => wrong("a figure"),
            (Move::WagonTo { .. } | Move::WagonHome, _) => wrong("a wagon move"),
            (Move::Pass, _) => wrong("a pass"),
        }
    }
}
