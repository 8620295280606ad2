//! The decisions of a finished game, each with the position before it, stepped from the
//! record's log; the seat a review looks at by default.

use carcassonne_engine::{Decision, Game, Move, PlayerKind, Record, TurnEntry};

use super::error::ReviewError;

/// The seat a review looks at by default: the first human seat of the record, else 0.
pub fn default_player(record: &Record) -> usize {
    record
        .players
        .iter()
        .position(|p| p.kind == PlayerKind::Human)
        .unwrap_or(0)
}

/// A decision of the game: the position before it, the move played, where it was.
#[derive(Clone, Debug)]
pub struct Position {
    /// The game before the move (its hidden pile is never looked at: reviews use
    /// [`PublicView::new`](carcassonne_engine::PublicView::new) of it).
    pub game: Game,
    /// The move played.
    pub played: Move,
    /// The 1-based record turn entry.
    pub turn: usize,
    /// The index among every decision of the game (0-based).
    pub index: u64,
}

/// Every decision of a finished record, in order, with the position before it.
///
/// # Errors
/// [`ReviewError::Record`] if the record does not replay, [`ReviewError::NotFinished`] if
/// it is not a finished game.
pub fn positions(record: &Record) -> Result<Vec<Position>, ReviewError> {
    let last = record.replay()?;
    if !record.end || !last.is_over() {
        return Err(ReviewError::NotFinished);
    }
    let setup = record.setup()?;
    // Every tile of a finished game was drawn: the log holds the whole pile in order.
    let pile: Vec<_> = last
        .log()
        .iter()
        .filter_map(|e| match e {
            TurnEntry::Tile { tile, .. } | TurnEntry::Discarded { tile } => Some(*tile),
            _ => None,
        })
        .collect();
    let mut game = Game::with_pile(&setup, &pile).map_err(|e| ReviewError::Log {
        turn: 0,
        reason: e.to_string(),
    })?;
    let mut out = Vec::new();
    let mut index = 0u64;
    let mut step = |game: &mut Game, turn: usize, mv: Move| -> Result<(), ReviewError> {
        out.push(Position {
            game: game.clone(),
            played: mv,
            turn,
            index,
        });
        index += 1;
        game.play(mv).map_err(|e| ReviewError::Log {
            turn,
            reason: e.to_string(),
        })
    };
    for (i, entry) in last.log().iter().enumerate() {
        let turn = i + 1;
        let (figure, wagons) = match entry {
            TurnEntry::Tile {
                pos,
                rot,
                figure,
                wagons,
                ..
            } => {
                if matches!(game.decision(), Decision::DrawOrAbbey { .. }) {
                    step(&mut game, turn, Move::Draw)?;
                }
                step(
                    &mut game,
                    turn,
                    Move::Place {
                        pos: *pos,
                        rot: *rot,
                    },
                )?;
                (figure, wagons)
            }
            TurnEntry::Abbey {
                pos,
                figure,
                wagons,
            } => {
                step(&mut game, turn, Move::Abbey { pos: *pos })?;
                (figure, wagons)
            }
            TurnEntry::Discarded { .. } => {
                // The engine discards by itself once the tile is drawn.
                if matches!(game.decision(), Decision::DrawOrAbbey { .. }) {
                    step(&mut game, turn, Move::Draw)?;
                }
                continue;
            }
            TurnEntry::Pass => {
                step(&mut game, turn, Move::Pass)?;
                continue;
            }
        };
        if matches!(game.decision(), Decision::PlaceFigure { .. }) {
            let mv = figure.map_or(Move::NoFigure, |(kind, spot)| Move::Figure { kind, spot });
            step(&mut game, turn, mv)?;
        }
        // Wagons without a target go home by themselves, logged in the same list: an entry
        // the stepped game has logged already needs no move.
        for (k, &(_, to)) in wagons.iter().enumerate() {
            let logged = match game.log().get(i) {
                Some(TurnEntry::Tile { wagons, .. } | TurnEntry::Abbey { wagons, .. }) => {
                    wagons.len()
                }
                _ => 0,
            };
            if k < logged {
                continue;
            }
            let mv = to.map_or(Move::WagonHome, |(pos, seg)| Move::WagonTo { pos, seg });
            step(&mut game, turn, mv)?;
        }
    }
    if !game.is_over() || game.log() != last.log() || game.scores() != last.scores() {
        return Err(ReviewError::Log {
            turn: record.turns.len(),
            reason: "the steps do not lead to the recorded end".into(),
        });
    }
    Ok(out)
}

/// The decisions of seat `player` in the finished game `record` that a review judges: those
/// with a choice (two legal moves or more), in order. Their number is the review's total.
///
/// # Errors
/// As [`positions`], and [`ReviewError::Player`] if `player` is not a seat.
pub fn reviewed_positions(record: &Record, player: usize) -> Result<Vec<Position>, ReviewError> {
    if player >= record.players.len() {
        return Err(ReviewError::Player {
            player,
            last: record.players.len().saturating_sub(1),
        });
    }
    Ok(positions(record)?
        .into_iter()
        .filter(|p| {
            p.game.decision().player().map(usize::from) == Some(player)
                && p.game.legal_moves().len() > 1
        })
        .collect())
}
