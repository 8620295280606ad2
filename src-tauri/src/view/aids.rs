//! The board-reading aids of a position (dead squares, the features they doom, the unseen
//! tiles' chances) and `game_odds`, all from the public view (the engine's `aids`).

use carcassonne_engine::notation::check_pos;
use carcassonne_engine::{Completion, Game, NameError};

use crate::api::{Aids, ApiError, DeadSquareView, DoomedFeature, Odds};
use crate::failure::odds_error;
use crate::view::parts::{cell, chances};

/// The board-reading aids of `game`: its dead squares with the features they doom, and the
/// unseen tiles' chances to come next (all from the public view: the engine's `aids`).
pub fn aids(game: &Game) -> Aids {
    let unseen = game.unseen();
    let dead = game
        .dead_squares()
        .into_iter()
        .map(|d| DeadSquareView {
            x: d.pos.x.into(),
            y: d.pos.y.into(),
            hole: d.hole,
            abbey_may_fill: d.abbey_may_fill,
            features: d
                .features
                .iter()
                .map(|f| DoomedFeature {
                    x: f.pos.x.into(),
                    y: f.pos.y.into(),
                    on: game.board().segment_name(f.pos, f.seg).into(),
                    kind: f.kind.name().into(),
                })
                .collect(),
        })
        .collect();
    Aids {
        dead,
        unseen_total: unseen.total(),
        unseen: chances(&unseen.chances()),
    }
}

/// `game_odds`: the odds that one placement completes the feature on segment `on` of the
/// tile at (`x`, `y`).
///
/// # Errors
/// `odds/no_tile` if no tile lies there (or the position is far off the board),
/// `odds/no_feature` if that tile has no segment named `on`.
pub fn odds(game: &Game, x: i64, y: i64, on: &str) -> Result<Odds, ApiError> {
    let pos = check_pos(x, y).map_err(|e| odds_error(&e))?;
    let seg = game
        .board()
        .segment_named(pos, on)
        .map_err(|e| odds_error(&e))?;
    let o = game.completion_odds(pos, seg).ok_or_else(|| {
        odds_error(&NameError::NoFeature {
            pos,
            name: on.into(),
        })
    })?;
    Ok(Odds {
        kind: o.kind.name().into(),
        completion: match o.completion {
            Completion::Complete => "complete",
            Completion::OneTile => "one_tile",
            Completion::SeveralTiles => "several_tiles",
            Completion::Never => "never",
        }
        .into(),
        cell: o.cell.map(cell),
        tiles: chances(&o.tiles),
        count: o.count,
        unseen: o.unseen,
        chance: o.chance,
        in_hand: o.in_hand,
        doomed: o.doomed.is_some(),
        dead: o
            .doomed
            .as_ref()
            .map_or_else(Vec::new, |d| d.cells.iter().copied().map(cell).collect()),
        abbey_may_fill: o.doomed.as_ref().is_some_and(|d| d.abbey_may_fill),
    })
}
